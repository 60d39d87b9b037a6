import { GraphEdge, GraphNode } from '../graph/GraphTypes';
import { SymbolGraph } from '../graph/SymbolGraph';
import { backwardSteps, forwardSteps, StepFunction, StepMode } from '../query/traversal/stepPolicy';

/** Which way from a node: what it uses (dependenciesOf's steps) or who uses it (dependentsOf's). */
export type Direction = 'dependencies' | 'dependents';

/**
 * A node the person expanded in place: its neighbours in one direction, `depth` levels deep (1: the
 * nodes one step away, exactly those its `+N` badge counts), kept until collapsed.
 * The graph view asks for it and the worker answers it with `neighbourhood`.
 */
export interface Expansion {
  id: string;
  direction: Direction;
  depth: number;
}

const STEPS: Record<Direction, StepFunction> = { dependencies: forwardSteps, dependents: backwardSteps };

export interface Neighbourhood {
  /** Nodes reached, nearest first, the start excluded. */
  nodes: GraphNode[];
  /** Each edge stepped along between the start and reached nodes (true direction), once. */
  edges: GraphEdge[];
  /** Distinct nodes one step away that `maxNodes` left out (0: the level is complete). */
  left: number;
}

/**
 * The graph view's "expand": the nodes within `depth` steps of `startId` in one direction, under
 * the very step policy the queries use (a node's first level here is the first level of
 * dependenciesOf / dependentsOf from it), leaving out ids in `skip` (already drawn: their edges
 * still count) and stopping after `maxNodes` new nodes (the next page). Iterative BFS.
 */
export function neighbourhood(
  graph: SymbolGraph,
  startId: string,
  direction: Direction,
  depth: number,
  maxNodes: number,
  skip: ReadonlySet<string> = new Set(),
): Neighbourhood {
  const step = STEPS[direction];
  const nodes: GraphNode[] = [];
  const edges: GraphEdge[] = [];
  const seenEdges = new Set<GraphEdge>();
  const reached = new Set<string>([startId]);
  const seenStates = new Set<string>([`plain\u0000${startId}`]);
  let level: Array<{ id: string; mode: StepMode }> = [{ id: startId, mode: 'plain' }];
  const left = new Set<string>();
  for (let d = 1; d <= depth && level.length > 0; d++) {
    const next: Array<{ id: string; mode: StepMode }> = [];
    for (const state of level) {
      for (const s of step(graph, state)) {
        const drawn = skip.has(s.to) || reached.has(s.to);
        if (!drawn) {
          if (nodes.length >= maxNodes) {
            if (d === 1) left.add(s.to);
            continue;
          }
          const node = graph.getNode(s.to);
          if (!node) continue;
          reached.add(s.to);
          nodes.push(node);
        }
        if (!seenEdges.has(s.edge)) {
          seenEdges.add(s.edge);
          edges.push(s.edge);
        }
        const key = `${s.mode}\u0000${s.to}`;
        if (!seenStates.has(key)) {
          seenStates.add(key);
          next.push({ id: s.to, mode: s.mode });
        }
      }
    }
    level = next;
  }
  return { nodes, edges, left: left.size };
}

/** One step from `id` in `direction` (plain mode: the first level of a new query from it): each distinct neighbour with the edges reaching it. */
export function firstLevel(graph: SymbolGraph, id: string, direction: Direction): Map<string, GraphEdge[]> {
  const out = new Map<string, GraphEdge[]>();
  for (const s of STEPS[direction](graph, { id, mode: 'plain' })) {
    if (s.to === id) continue;
    const list = out.get(s.to);
    if (list) list.push(s.edge);
    else out.set(s.to, [s.edge]);
  }
  return out;
}
