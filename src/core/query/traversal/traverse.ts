import { GraphEdge } from '../../graph/GraphTypes';
import { SymbolGraph } from '../../graph/SymbolGraph';
import { StepFunction, StepMode, TraversalState } from './stepPolicy';

/** Nodes a traversal result shows besides its input: enough to act on, small enough to read (toGraphResult cuts to them). */
export const MAX_RESULT_NODES = 50;

/**
 * Internal safeguard (spec 000: "depth limits are not the caller's concern"): stop after this many
 * nodes. Only the 50 nearest are shown; walking further only refines the count, and "of at least
 * 1,000" tells an agent the blast radius as well as an exact 19,999 would. Walking 20,000 nodes cost
 * up to 80 ms on a 10k-file workspace; 1,000 keeps every query within a few milliseconds.
 */
export const MAX_VISITED_NODES = 1_000;

export interface Traversal {
  /** Node ids in BFS order, the starts first; each once, whatever modes it was visited in. */
  order: string[];
  /** How many of `order`'s first ids are the starts (the query's inputs). */
  starts: number;
  /** `depth[i]`: the BFS depth at which `order[i]` was first reached (0 for the starts; never decreasing). */
  depth: number[];
  /**
   * Every edge stepped along (also into already visited nodes: cycles show) that touches a node no
   * deeper than the cut can reach (see `traverse`), each once, true direction. The rest are never shown.
   */
  edges: GraphEdge[];
  /** The safeguard stopped the walk while new nodes were still being found. */
  stoppedEarly: boolean;
}

/**
 * Breadth-first walk from `start` (one node id, or several walked as one: a module and its used
 * declarations) under a step policy (forwardSteps / backwardSteps).
 *
 * BFS, not DFS, because results are cut to the nearest nodes: BFS order *is* nearest-first, and
 * every node's discovering edge comes from a node one step nearer, so a cut that keeps every node
 * nearer than the ones it keeps never leaves an orphan (toGraphResult's rule, TRAVERSAL.md).
 * States are (node, mode) pairs, so a member reached both plainly and through a call is expanded
 * both ways; a node still appears once in `order`. Cycles end because states are visited once.
 *
 * The cut keeps `keptNodes` nodes, all of them no deeper than the node at that place in `order`
 * (the *cut depth*). So only edges touching a node at most that deep are kept: past them the walk
 * only counts nodes, and keeping its thousands of edges made most of a query's garbage. A node's
 * depth is fixed when an edge first reaches it, and the cut depth once `order` reaches `keptNodes`.
 * `reachedBy`, when given, gets each reached node's discovering edge (a shortest path back to a start).
 */
export function traverse(
  graph: SymbolGraph,
  start: string | readonly string[],
  step: StepFunction,
  maxVisited = MAX_VISITED_NODES,
  keptNodes = (typeof start === 'string' ? 1 : start.length) + MAX_RESULT_NODES,
  reachedBy?: Map<string, GraphEdge>,
): Traversal {
  // Several starts (a module and its declarations; impact's changed symbols) are one BFS from all of them at once.
  const starts = typeof start === 'string' ? [start] : [...new Set(start)];
  const order: string[] = [...starts];
  const depth: number[] = starts.map(() => 0);
  // Node id → its place in `order` (seen nodes).
  const place = new Map<string, number>(starts.map((id, i) => [id, i]));
  // One set per mode instead of concatenated state keys, and edges by identity (the graph stores
  // each edge once): no string building on the hot path.
  const seenStates: Record<StepMode, Set<string>> = { plain: new Set(starts), dispatch: new Set() };
  const edges: GraphEdge[] = [];
  const seenEdges = new Set<GraphEdge>();
  const queue: Array<TraversalState & { depth: number }> = starts.map((id) => ({ id, mode: 'plain' as const, depth: 0 }));
  let cutDepth = order.length >= keptNodes ? depth[keptNodes - 1] : Infinity;
  const stop = (): Traversal => ({ order, starts: starts.length, depth, edges, stoppedEarly: true });

  for (let head = 0; head < queue.length; head++) {
    const state = queue[head];
    const fromKept = depth[place.get(state.id)!] <= cutDepth;
    for (const s of step(graph, state)) {
      let at = place.get(s.to);
      if (at === undefined) {
        if (order.length >= maxVisited) return stop();
        at = order.length;
        place.set(s.to, at);
        order.push(s.to);
        depth.push(state.depth + 1);
        if (order.length === keptNodes) cutDepth = state.depth + 1;
        reachedBy?.set(s.to, s.edge);
      }
      if ((fromKept || depth[at] <= cutDepth) && !seenEdges.has(s.edge)) {
        seenEdges.add(s.edge);
        edges.push(s.edge);
      }
      const seen = seenStates[s.mode];
      if (!seen.has(s.to)) {
        seen.add(s.to);
        queue.push({ id: s.to, mode: s.mode, depth: state.depth + 1 });
      }
    }
  }
  return { order, starts: starts.length, depth, edges, stoppedEarly: false };
}

export function stateKey(id: string, mode: StepMode): string {
  return `${id}\u0000${mode}`;
}
