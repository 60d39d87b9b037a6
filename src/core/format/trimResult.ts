import { GraphResult, Truncation } from '../query/QueryResult';

/**
 * The same result cut down to its `keep` nearest discovered nodes: the rebuild that both the
 * token-budget fitter and a query's node cap need, kept in one place so they count alike.
 *
 * - Nodes: all inputs, plus the first `keep` non-input nodes of `result.nodes` (BFS order, so the
 *   farthest go first). Duplicated ids count once.
 * - Edges: those whose endpoints were both kept, in their original order.
 * - A kept non-input node left without any edge is dropped as well: the result promises that
 *   `nodes` are the nodes the edges mention, and a Nodes block nobody points at helps no one.
 *   An input left without edges is dropped from `nodes` for the same reason (`inputs` is kept).
 * - Truncation: `shownNodes` is what remains; `totalNodes` is the traversal's total when the
 *   result was already truncated, otherwise the discovered count before the cut; `stoppedEarly`
 *   carries over. Absent when nothing is missing.
 *
 * The edge list can come out empty when `keep` is too small; callers that render must check
 * (a Graph section is never empty).
 */
export function trimResult(result: GraphResult, keep: number): GraphResult {
  const inputs = new Set(result.inputs);
  const kept = new Set<string>();
  const discovered = new Set<string>();
  for (const node of result.nodes) {
    if (inputs.has(node.id)) {
      kept.add(node.id);
    } else if (!discovered.has(node.id)) {
      discovered.add(node.id);
      if (discovered.size <= keep) kept.add(node.id);
    }
  }

  const edges = result.edges.filter((e) => kept.has(e.from) && kept.has(e.to));
  const linked = new Set<string>();
  for (const edge of edges) linked.add(edge.from).add(edge.to);
  const listed = new Set<string>();
  const nodes = result.nodes.filter((n) => {
    if (!linked.has(n.id) || listed.has(n.id)) return false;
    listed.add(n.id);
    return true;
  });

  const shownNodes = nodes.filter((n) => !inputs.has(n.id)).length;
  const truncation = updateTruncation(result.truncation, shownNodes, discovered.size);
  const trimmed: GraphResult = {
    kind: 'graph',
    query: result.query,
    inputs: result.inputs,
    nodes,
    edges,
    ...(result.warnings ? { warnings: result.warnings } : {}),
    ...(result.notes ? { notes: result.notes } : {}),
    ...(result.impact ? { impact: result.impact } : {}),
  };
  return truncation ? { ...trimmed, truncation } : trimmed;
}

/**
 * How many non-input nodes `result` lists (each id once): the largest useful `keep`.
 * Shared so callers binary-search over the same count trimResult uses.
 */
export function discoveredCount(result: GraphResult): number {
  const inputs = new Set(result.inputs);
  return new Set(result.nodes.filter((n) => !inputs.has(n.id)).map((n) => n.id)).size;
}

function updateTruncation(before: Truncation | undefined, shownNodes: number, discovered: number): Truncation | undefined {
  const totalNodes = Math.max(before?.totalNodes ?? discovered, shownNodes);
  if (!before && shownNodes >= totalNodes) return undefined;
  return before?.stoppedEarly ? { shownNodes, totalNodes, stoppedEarly: true } : { shownNodes, totalNodes };
}
