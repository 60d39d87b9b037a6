import type { SymbolRef } from '../QueryContext';
import type { QueryDescriptor } from '../QueryDescriptor';
import { sameOutputText, symbolLabel, symbolRefSchema, toSymbolRef } from '../shared/symbolInput';
import { pathsBetween } from './pathsBetween';

declare module '../QueryResult' {
  interface QueryInputs {
    pathsBetween: { from: SymbolRef; to: SymbolRef };
  }
}

/** How are two symbols connected? Shortest paths, both ways (spec 000). */
export const pathsQuery: QueryDescriptor<'pathsBetween'> = {
  name: 'pathsBetween',
  walk: 'paths',
  picture: { of: 'Paths between', join: ' and ', alone: 'Paths between two symbols' },
  run: (ctx, input) => pathsBetween(ctx, input.from, input.to),
  files: (input) => [input.from.file_path, input.to.file_path],
  withFiles: (input, files) => ({ from: { ...input.from, file_path: files[0] }, to: { ...input.to, file_path: files[1] } }),
  tool: {
    title: 'Paths Between',
    question: 'how two symbols connect',
    icon: '$(git-compare)',
    userDescription: 'How two TypeScript/JavaScript symbols are connected: the shortest call/reference paths between them, in either direction.',
    modelDescription: (n) =>
      `How are two TypeScript/JavaScript symbols connected? Returns up to 3 shortest paths between them through calls, references, inheritance and type use, searched in both directions (the order of from and to does not matter). Use it when you know both ends, e.g. how an API handler reaches the database, or why changing X breaks Y. Input: from and to, each {file_path, symbol} as for the other tools. 'No path found.' means they are not connected. ${sameOutputText(n.dependenciesOf)}`,
    tags: ['typescript', 'javascript', 'code-graph', 'paths', 'call-graph'],
    inputSchema: {
      type: 'object',
      properties: { from: symbolRefSchema('One end of the path.'), to: symbolRefSchema('The other end of the path.') },
      required: ['from', 'to'],
    },
    parse: (input) => {
      if (typeof input !== 'object' || input === null) {
        return 'Invalid input: pass {"from": {"file_path": ..., "symbol": ...}, "to": {"file_path": ..., "symbol": ...}}.';
      }
      const { from, to } = input as { from?: unknown; to?: unknown };
      const a = toSymbolRef(from, 'from.');
      if (typeof a === 'string') return a;
      const b = toSymbolRef(to, 'to.');
      if (typeof b === 'string') return b;
      return { from: a, to: b };
    },
    action: (input) => `Finding paths between ${symbolLabel((input as { from?: unknown } | undefined)?.from)} and ${symbolLabel((input as { to?: unknown } | undefined)?.to)}`,
  },
  cli: {
    params: ['fromFile', 'fromSymbol', 'toFile', 'toSymbol'],
    summary: 'How are two symbols connected (either direction)?',
    input: (args) => ({ from: { file_path: args[0], symbol: args[1] }, to: { file_path: args[2], symbol: args[3] } }),
  },
};
