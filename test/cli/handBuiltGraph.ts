import { CliDeps } from '../../src/cli/runCli';
import { QueryableGraph } from '../../src/cli/runCommand';
import { GraphNode } from '../../src/core/graph/GraphTypes';
import { SymbolGraph } from '../../src/core/graph/SymbolGraph';
import { IndexOptions } from '../../src/core/indexer/indexWorkspace';
import { QueryResult } from '../../src/core/query/QueryResult';

/**
 * A small real SymbolGraph (two files, one external leaf, one pending edge) behind the CLI's
 * `openGraph`, so the CLI's own behaviour is testable before the indexer exists. Queries answer
 * `result` and record what they were asked; indexing itself is covered by the e2e and golden tests.
 */
export function handBuiltGraph(root: string, result: QueryResult): { deps: CliDeps; calls: unknown[][]; opened: IndexOptions[] } {
  const calls: unknown[][] = [];
  const opened: IndexOptions[] = [];
  const graph: QueryableGraph = {
    root,
    graph: buildSymbolGraph(),
    report: { projects: ['tsconfig.json'], files: 2, nodes: 5, edges: 3, edgesByType: {}, millis: 1234, programMillis: 800, compiler: 'the bundled TypeScript 6.0.3, with TypeScript 6 defaults (its own)', skipped: [], excluded: [], problems: ['src/b.ts: syntax error'], errors: [], warnings: [] },
    // The query's own arguments; the CLI passes no cancellation token (the optional last one).
    answer: (request) => (calls.push('from' in request ? [request.query, request.from, request.to] : 'file_path' in request ? [request.query, request.file_path, request.symbol] : [request.query]), result),
  };
  const deps: CliDeps = {
    openGraph: async (options) => {
      opened.push(options);
      options.logger?.info('indexing the hand-built graph');
      return graph;
    },
  };
  return { deps, calls, opened };
}

export const nodes = {
  moduleB: node('src/b.ts', 'src/b.ts', 'module', 1, 9),
  formatDate: node('src/b.ts', 'formatDate', 'function', 2, 3),
  handle: node('src/a.ts', 'handle', 'function', 3, 4),
  moduleA: node('src/a.ts', 'src/a.ts', 'module', 1, 10),
  toISOString: { ...node('node_modules/typescript/lib/lib.es5.d.ts', 'Date.toISOString', 'method', 900, 1), external: true },
} satisfies Record<string, GraphNode>;

function buildSymbolGraph(): SymbolGraph {
  const graph = new SymbolGraph();
  graph.replaceFile({
    file: 'src/b.ts',
    nodes: [nodes.moduleB, nodes.formatDate],
    edges: [{ from: nodes.formatDate.id, to: nodes.toISOString.id, type: 'CALLS', lines: [3] }],
    externalNodes: [nodes.toISOString],
  });
  graph.replaceFile({
    file: 'src/a.ts',
    nodes: [nodes.moduleA, nodes.handle],
    edges: [
      { from: nodes.handle.id, to: nodes.formatDate.id, type: 'CALLS', lines: [5] },
      { from: nodes.moduleA.id, to: nodes.handle.id, type: 'REFERENCES' },
      // Pending: its target is in no file, so no public view (and no export) shows it.
      { from: nodes.handle.id, to: 'src/gone.ts#gone@function', type: 'CALLS' },
    ],
    externalNodes: [],
  });
  return graph;
}

function node(file: string, name: string, kind: GraphNode['kind'], offset: number, limit: number): GraphNode {
  return { id: `${file}#${name}@${kind}`, name, kind, file, offset, limit };
}
