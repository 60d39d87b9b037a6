import { GraphEdge } from '../../graph/GraphTypes';
import { SymbolGraph } from '../../graph/SymbolGraph';
import { StepFunction, StepMode } from './stepPolicy';
import { MAX_RESULT_NODES } from './toGraphResult';

/**
 * Internal safeguard (spec 000: "depth limits are not the caller's concern"): stop after this many
 * nodes. Only the 50 nearest are shown; walking further only refines the count, and "of at least
 * 1,000" tells an agent the blast radius as well as an exact 19,999 would. Walking 20,000 nodes cost
 * up to 80 ms on a 10k-file workspace; 1,000 keeps every query within a few milliseconds.
 */
export const MAX_VISITED_NODES = 1_000;

export interface Traversal {
  /** Node ids in BFS order, the start first; each once, whatever modes it was visited in. */
  order: string[];
  /**
   * Every edge stepped along (also into already visited nodes: cycles show) that touches one of
   * the first `keptNodes` nodes of `order`, each once, true direction. The rest are never shown.
   */
  edges: GraphEdge[];
  /** The safeguard stopped the walk while new nodes were still being found. */
  stoppedEarly: boolean;
}

/**
 * Breadth-first walk from `startId` under a step policy (forwardSteps / backwardSteps).
 *
 * BFS, not DFS, because results are cut to the nearest nodes: BFS order *is* nearest-first, and
 * every prefix of it is connected to the start through edges inside that prefix (each node's
 * discovering edge comes from an earlier node), so truncating never leaves an orphan.
 * States are (node, mode) pairs, so a member reached both plainly and through a call is expanded
 * both ways; a node still appears once in `order`. Cycles end because states are visited once.
 *
 * Only edges touching the first `keptNodes` nodes are kept (the result shows those nodes, the edges
 * between them, and how many neighbours the cut left out): past them the walk only counts nodes,
 * and keeping its thousands of edges made most of a query's garbage. A node's place in `order` is
 * fixed when an edge first reaches it, so whether an edge touches the kept prefix is known at once.
 * `reachedBy`, when given, gets each reached node's discovering edge (a shortest path back to a start).
 */
export function traverse(
  graph: SymbolGraph,
  start: string | readonly string[],
  step: StepFunction,
  maxVisited = MAX_VISITED_NODES,
  keptNodes = 1 + MAX_RESULT_NODES,
  reachedBy?: Map<string, GraphEdge>,
): Traversal {
  // Several starts (impact: every changed symbol) are one BFS from all of them at once: nearest to any first.
  const starts = typeof start === 'string' ? [start] : [...new Set(start)];
  const order: string[] = [...starts];
  // Node id → its place in `order` (seen nodes).
  const place = new Map<string, number>(starts.map((id, i) => [id, i]));
  // One set per mode instead of concatenated state keys, and edges by identity (the graph stores
  // each edge once): no string building on the hot path.
  const seenStates: Record<StepMode, Set<string>> = { plain: new Set(starts), dispatch: new Set() };
  const edges: GraphEdge[] = [];
  const seenEdges = new Set<GraphEdge>();
  const queue: Array<{ id: string; mode: StepMode }> = starts.map((id) => ({ id, mode: 'plain' as StepMode }));

  for (let head = 0; head < queue.length; head++) {
    const fromKept = place.get(queue[head].id)! < keptNodes;
    for (const s of step(graph, queue[head])) {
      let at = place.get(s.to);
      if (at === undefined) {
        if (order.length >= maxVisited) return { order, edges, stoppedEarly: true };
        at = order.length;
        place.set(s.to, at);
        order.push(s.to);
        reachedBy?.set(s.to, s.edge);
      }
      if ((fromKept || at < keptNodes) && !seenEdges.has(s.edge)) {
        seenEdges.add(s.edge);
        edges.push(s.edge);
      }
      const seen = seenStates[s.mode];
      if (!seen.has(s.to)) {
        seen.add(s.to);
        queue.push({ id: s.to, mode: s.mode });
      }
    }
  }
  return { order, edges, stoppedEarly: false };
}

export function stateKey(id: string, mode: StepMode): string {
  return `${id}\u0000${mode}`;
}
