import { GraphEdge, GraphNode } from '../graph/GraphTypes';

/** Where an answer points a Read for one node: the `offset`/`limit` every surface prints. */
export interface Span {
  offset: number;
  limit: number;
}

/**
 * The node's span in this answer. A declaration's span is the graph's (an overloaded function's
 * runs from its first signature to the end of its implementation, see declareFile). A module node
 * stands for a file's top-level code: its span is the smallest range holding its call lines in
 * this answer (`lines`, from callLines), never the whole file unless they really span it; the whole
 * file only when the answer has none (a module that is only called, or only an input).
 */
export function nodeSpan(node: GraphNode, lines: readonly number[] | undefined): Span {
  const declared = { offset: node.offset, limit: node.limit };
  if (node.kind !== 'module') return declared;
  const inside = linesWithin(lines, declared);
  if (inside.length === 0) return declared;
  return { offset: inside[0], limit: inside[inside.length - 1] - inside[0] + 1 };
}

/**
 * Node id → the lines its outgoing edges in this answer come from (calls, references, JSX uses:
 * the `>` marks and `calls at:` lines), ascending, each once. Computed from the answer's edges, so
 * a cut answer (trimResult) marks only what it still shows.
 */
export function callLines(edges: readonly GraphEdge[]): Map<string, number[]> {
  const sets = new Map<string, Set<number>>();
  for (const edge of edges) {
    if (!edge.lines?.length) continue;
    let set = sets.get(edge.from);
    if (!set) sets.set(edge.from, (set = new Set()));
    for (const line of edge.lines) set.add(line);
  }
  const sorted = new Map<string, number[]>();
  for (const [id, set] of sets) sorted.set(id, [...set].sort((a, b) => a - b));
  return sorted;
}

/** The lines of `lines` (ascending) inside `span` (a `>` mark or `calls at:` entry outside it would point nowhere a Read shows). */
export function linesWithin(lines: readonly number[] | undefined, span: Span): number[] {
  return (lines ?? []).filter((line) => line >= span.offset && line < span.offset + span.limit);
}
