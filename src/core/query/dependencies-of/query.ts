import type { SymbolRef } from '../QueryContext';
import type { QueryDescriptor } from '../QueryDescriptor';
import { SYMBOL_INPUT_TEXT, oneSymbol, symbolLabel, symbolRefSchema } from '../shared/symbolInput';
import { dependenciesOf } from './dependenciesOf';

declare module '../QueryResult' {
  interface QueryInputs {
    dependenciesOf: SymbolRef;
  }
}

/** What does this symbol depend on? Forward, transitive (spec 000). */
export const dependenciesQuery: QueryDescriptor<'dependenciesOf'> = {
  name: 'dependenciesOf',
  walk: 'forward',
  picture: { of: 'Dependencies of', join: ', ', alone: 'Dependencies' },
  run: (ctx, input) => dependenciesOf(ctx, input.file_path, input.symbol),
  files: oneSymbol.files,
  withFiles: oneSymbol.withFiles,
  tool: {
    title: 'Dependencies Of',
    question: 'what a symbol uses',
    icon: '$(type-hierarchy-sub)',
    userDescription: 'What a TypeScript/JavaScript symbol depends on: everything it calls, references, extends or uses, transitively, with code snippets.',
    modelDescription: (n) =>
      `What does this TypeScript/JavaScript symbol depend on? Returns, transitively, the functions, methods and classes it calls, references or renders, including the implementations a call through an interface or base class can reach; for a class or type also what it extends, implements and holds. Use it to understand how a symbol works before changing, moving or testing it, instead of opening files one by one. For who uses a symbol use ${n.dependentsOf}; for how two known symbols connect use ${n.pathsBetween}. ${SYMBOL_INPUT_TEXT} Output (same for all three TS Code Graph tools): '## Graph' lists edges as chains like 'handleRequest --CALLS--> processOrder --CALLS--> formatDate' (arrows show the real direction; edge types CALLS, REFERENCES = function passed or stored, INCLUDES = JSX, EXTENDS, IMPLEMENTS, OVERRIDES, and type edges TAKES, RETURNS, HAS_TYPE, HAS_PROPERTY, DERIVES_FROM, ALIAS_FOR; 'name#2' tells same-named symbols apart). '## Nodes' gives each found symbol's file and offset/limit, exactly what a file-reading tool takes, and for up to 15 nodes a snippet where '>' marks the connecting lines. A first line saying nodes were cut means the answer was truncated. A plain sentence instead of these sections is an empty answer or an error (unknown file or symbol, with suggestions): follow it.`,
    tags: ['typescript', 'javascript', 'code-graph', 'dependencies', 'call-graph'],
    inputSchema: symbolRefSchema(),
    parse: oneSymbol.parse,
    action: (input) => `Finding dependencies of ${symbolLabel(input)}`,
  },
  cli: { params: oneSymbol.cliParams, summary: 'What does the symbol depend on?', input: oneSymbol.cliInput },
};
