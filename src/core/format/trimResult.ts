import { GraphNode } from '../graph/GraphTypes';
import { GraphResult, ListedNode, Truncation } from '../query/QueryResult';
import { listed, queryNext } from '../query/traversal/toGraphResult';
import { callLines } from './nodeLocation';
import { queryNamed } from '../query/queries';

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
 * - The left-out nodes as the query's cut lists them (`more`, `cutAt`, `queryNext`), with the
 *   nodes this trim leaves out put first: the nodes of `result` are in the cut's order (code before
 *   tests, nearer first, each after the chain that reaches it), so keeping a prefix keeps that rule,
 *   and what it drops comes before everything the query's cut left out. Only when the list is
 *   exact: the query's cut listed every node it left out (or cut nothing), and the result is not a
 *   pathsBetween answer (whose nodes are paths, not a walk's order).
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
  if (truncation && shownNodes < truncation.totalNodes) recountCut(result, nodes, truncation);
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

/**
 * Adds to `truncation` the nodes left out now: the ones `nodes` no longer has (first), then those
 * the query's cut left out (`result.truncation.more`); and each shown node's left-out neighbours.
 */
function recountCut(result: GraphResult, nodes: readonly GraphNode[], truncation: Truncation): void {
  const before = result.truncation;
  if (queryNamed(result.query).walk === 'paths' || (before && before.totalNodes - before.shownNodes !== (before.more?.length ?? 0))) return;

  const shown = new Set(nodes.map((n) => n.id));
  const inputs = new Set(result.inputs);
  const leftOut = new Map<string, GraphNode>();
  for (const n of result.nodes) if (!inputs.has(n.id) && !shown.has(n.id)) leftOut.set(n.id, n);
  const lines = callLines(result.edges);
  const more: ListedNode[] = [...leftOut.values()].flatMap((n) => listed(n, lines.get(n.id)?.[0]));
  more.push(...(before?.more ?? []));
  if (more.length === 0) return;

  // Each shown node's left-out neighbours: the query's cut's, plus those this trim leaves out.
  const near = new Map<string, Set<string>>();
  for (const e of result.edges) {
    for (const [end, other] of [[e.from, e.to], [e.to, e.from]]) {
      if (!(shown.has(end) || inputs.has(end)) || !leftOut.has(other)) continue;
      let set = near.get(end);
      if (!set) near.set(end, (set = new Set()));
      set.add(other);
    }
  }
  const cutAt: Record<string, number> = Object.create(null) as Record<string, number>;
  for (const id of new Set([...inputs, ...shown])) {
    const cutBefore = before?.cutAt && Object.prototype.hasOwnProperty.call(before.cutAt, id) ? before.cutAt[id] : 0;
    const count = cutBefore + (near.get(id)?.size ?? 0);
    if (count > 0) cutAt[id] = count;
  }

  truncation.more = more;
  if (Object.keys(cutAt).length > 0) truncation.cutAt = cutAt;
  const askAs: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [id, name] of Object.entries(before?.askAs ?? {})) if (shown.has(id)) askAs[id] = name;
  if (Object.keys(askAs).length > 0) truncation.askAs = askAs;
  const next = queryNext(nodes, inputs, cutAt, askAs);
  if (next.length > 0) truncation.queryNext = next;
}

function updateTruncation(before: Truncation | undefined, shownNodes: number, discovered: number): Truncation | undefined {
  const totalNodes = Math.max(before?.totalNodes ?? discovered, shownNodes);
  if (!before && shownNodes >= totalNodes) return undefined;
  return before?.stoppedEarly ? { shownNodes, totalNodes, stoppedEarly: true } : { shownNodes, totalNodes };
}
