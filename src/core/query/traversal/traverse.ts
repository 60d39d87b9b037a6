import { edgeKey, GraphEdge } from '../../graph/GraphTypes';
import { SymbolGraph } from '../../graph/SymbolGraph';
import { StepFunction, StepMode } from './stepPolicy';

/** Internal safeguard (spec 000: "depth limits are not the caller's concern"): stop after this many nodes. */
export const MAX_VISITED_NODES = 20_000;

export interface Traversal {
  /** Node ids in BFS order, the start first; each once, whatever modes it was visited in. */
  order: string[];
  /** Every edge stepped along (also into already visited nodes: cycles show), each once, true direction. */
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
 */
export function traverse(graph: SymbolGraph, startId: string, step: StepFunction, maxVisited = MAX_VISITED_NODES): Traversal {
  const order: string[] = [startId];
  const seenNodes = new Set<string>(order);
  const seenStates = new Set<string>([stateKey(startId, 'plain')]);
  const edges: GraphEdge[] = [];
  const seenEdges = new Set<string>();
  const queue: Array<{ id: string; mode: StepMode }> = [{ id: startId, mode: 'plain' }];

  for (let head = 0; head < queue.length; head++) {
    for (const s of step(graph, queue[head])) {
      if (!seenNodes.has(s.to)) {
        if (order.length >= maxVisited) return { order, edges, stoppedEarly: true };
        seenNodes.add(s.to);
        order.push(s.to);
      }
      const key = edgeKey(s.edge);
      if (!seenEdges.has(key)) {
        seenEdges.add(key);
        edges.push(s.edge);
      }
      const next = stateKey(s.to, s.mode);
      if (!seenStates.has(next)) {
        seenStates.add(next);
        queue.push({ id: s.to, mode: s.mode });
      }
    }
  }
  return { order, edges, stoppedEarly: false };
}

export function stateKey(id: string, mode: StepMode): string {
  return `${id}\u0000${mode}`;
}
