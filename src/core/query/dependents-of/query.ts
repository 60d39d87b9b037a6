import type { SymbolRef } from '../QueryContext';
import type { QueryDescriptor } from '../QueryDescriptor';
import { SYMBOL_INPUT_TEXT, oneSymbol, symbolLabel, symbolRefSchema, sameOutputText } from '../shared/symbolInput';
import { dependentsOf } from './dependentsOf';

declare module '../QueryResult' {
  interface QueryInputs {
    dependentsOf: SymbolRef;
  }
}

/** Who depends on this symbol? Backward, transitive (spec 000). */
export const dependentsQuery: QueryDescriptor<'dependentsOf'> = {
  name: 'dependentsOf',
  walk: 'backward',
  picture: { of: 'Dependents of', join: ', ', alone: 'Dependents' },
  run: (ctx, input) => dependentsOf(ctx, input.file_path, input.symbol),
  files: oneSymbol.files,
  withFiles: oneSymbol.withFiles,
  tool: {
    title: 'Dependents Of',
    question: 'who uses it: the impact of a change',
    icon: '$(type-hierarchy-super)',
    userDescription: 'Who depends on a TypeScript/JavaScript symbol: every caller and user, transitively, with code snippets (the impact of a change).',
    modelDescription: (n) =>
      `Who depends on this TypeScript/JavaScript symbol? Returns, transitively, the code that calls, references, renders, extends, implements or uses it, following imports, aliases, re-exports and interface dispatch (more complete than a text search). Use it before changing a signature or behaviour, renaming or deleting, to find everything that must change or be re-tested (for a whole diff at once, with the tests to run, run 'ts-code-graph impact' in a terminal). For what a symbol itself uses use ${n.dependenciesOf}; for how two known symbols connect use ${n.pathsBetween}. ${SYMBOL_INPUT_TEXT} ${sameOutputText(n.dependenciesOf)}`,
    tags: ['typescript', 'javascript', 'code-graph', 'dependents', 'references', 'impact'],
    inputSchema: symbolRefSchema(),
    parse: oneSymbol.parse,
    action: (input) => `Finding dependents of ${symbolLabel(input)}`,
  },
  cli: { params: oneSymbol.cliParams, summary: 'Who depends on the symbol?', input: oneSymbol.cliInput },
};
