import type { GraphNode } from './GraphTypes';
import type { SymbolGraph } from './SymbolGraph';

/**
 * The graph symbol a cursor means: among the nodes of `file` whose lines contain `line`, the
 * innermost one named `word` (or `Outer.word`), else the innermost one of any name (the
 * cursor is inside a body: "this function"). Module nodes never match: a file is not a symbol
 * the queries take. Undefined when the line is outside every declaration.
 */
export function symbolAt(graph: SymbolGraph, file: string, line: number, word?: string): GraphNode | undefined {
  const around = graph
    .nodesInFile(file)
    .filter((n) => n.kind !== 'module' && n.offset <= line && line < n.offset + n.limit)
    .sort((a, b) => a.limit - b.limit);
  if (word) {
    const named = around.find((n) => n.name === word || n.name.endsWith(`.${word}`));
    if (named) return named;
  }
  return around[0];
}
