import { GraphEdge } from '../../graph/GraphTypes';
import { SymbolGraph } from '../../graph/SymbolGraph';
import { StepFunction, StepMode, TraversalState } from './stepPolicy';

/** Nodes a traversal result shows in detail besides its input: enough to act on, small enough to read (toGraphResult cuts to them). */
export const MAX_RESULT_NODES = 50;

/**
 * Internal safeguard (spec 000: "depth limits are not the caller's concern"): stop after this many
 * nodes. 50 are shown in detail and the rest named compactly; walking further only refines the
 * count, and "of at least 1,000" tells an agent the blast radius as well as an exact 19,999 would.
 * Walking 20,000 nodes cost up to 80 ms on a 10k-file workspace; 1,000 keeps every query within a
 * few milliseconds.
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
   * `via[i]`: the edge that first reached `order[i]` (true direction), from a node one step nearer;
   * undefined for the starts. Following them leads back to a start along a shortest path.
   */
  via: Array<GraphEdge | undefined>;
  /** Every state the walk queued, in BFS order: toGraphResult steps again from the ones it keeps for their edges. */
  states: TraversalState[];
  /** The step function walked (toGraphResult asks it again for the kept states' edges). */
  step: StepFunction;
  /** The safeguard stopped the walk while new nodes were still being found. */
  stoppedEarly: boolean;
}

/**
 * Breadth-first walk from `start` (one node id, or several walked as one: a module and its used
 * declarations) under a step policy (forwardSteps / backwardSteps).
 *
 * BFS, not DFS, because results are cut to the nearest nodes: BFS order *is* nearest-first, and
 * every node's discovering edge (`via`) comes from a node one step nearer, so a cut that keeps a
 * node's chain of discovering edges with it never leaves an orphan (toGraphResult's rule,
 * TRAVERSAL.md). States are (node, mode) pairs, so a member reached both plainly and through a call
 * is expanded both ways; a node still appears once in `order`. Cycles end because states are
 * visited once.
 *
 * The walk keeps no edges but the discovering ones: which nodes an answer shows is known only at
 * the end (code of every depth before tests), and stepping again from those few states gives their
 * edges (toGraphResult). Keeping every stepped edge of a 1,000-node walk made most of a query's
 * garbage.
 */
export function traverse(graph: SymbolGraph, start: string | readonly string[], step: StepFunction, maxVisited = MAX_VISITED_NODES): Traversal {
  // Several starts (a module and its declarations; impact's changed symbols) are one BFS from all of them at once.
  const starts = typeof start === 'string' ? [start] : [...new Set(start)];
  const order: string[] = [...starts];
  const depth: number[] = starts.map(() => 0);
  const via: Array<GraphEdge | undefined> = starts.map(() => undefined);
  // Node id → its place in `order` (seen nodes).
  const place = new Map<string, number>(starts.map((id, i) => [id, i]));
  // One set per mode instead of concatenated state keys: no string building on the hot path.
  const seenStates: Record<StepMode, Set<string>> = { plain: new Set(starts), dispatch: new Set() };
  const states: TraversalState[] = starts.map((id) => ({ id, mode: 'plain' as const }));
  const stateDepth: number[] = starts.map(() => 0);
  const done = (stoppedEarly: boolean): Traversal => ({ order, starts: starts.length, depth, via, states, step, stoppedEarly });

  for (let head = 0; head < states.length; head++) {
    const state = states[head];
    const next = stateDepth[head] + 1;
    for (const s of step(graph, state)) {
      if (!place.has(s.to)) {
        if (order.length >= maxVisited) return done(true);
        place.set(s.to, order.length);
        order.push(s.to);
        depth.push(next);
        via.push(s.edge);
      }
      const seen = seenStates[s.mode];
      if (!seen.has(s.to)) {
        seen.add(s.to);
        states.push({ id: s.to, mode: s.mode });
        stateDepth.push(next);
      }
    }
  }
  return done(false);
}

export function stateKey(id: string, mode: StepMode): string {
  return `${id}\u0000${mode}`;
}
