import { SymbolGraph } from '../../graph/SymbolGraph';
import { Predecessor, Step, StepFunction, TraversalState } from '../traversal/stepPolicy';
import { stateKey } from '../traversal/traverse';
import { edgeKey } from '../../graph/GraphTypes';
import { StatePath } from './shortestPaths';

export type PredecessorFunction = (graph: SymbolGraph, state: TraversalState) => Predecessor[];

export interface PathSearchLimits {
  /** Node ids the path may not enter (Yen's root path). */
  blockedNodes?: ReadonlySet<string>;
  /** Moves the path may not take, keyed by `moveKey` (branches earlier paths took from the same prefix). */
  blockedMoves?: ReadonlySet<string>;
  /** Longest path (in edges) worth finding. */
  maxLength?: number;
  /** States this search may still expand, shared by a series of searches (Yen's spurs); none left: no path. */
  work?: { remaining: number };
}

type Parents = Map<string, { state: TraversalState; depth: number; link?: { other: TraversalState; step: Step } }>;

/**
 * One shortest path from `start` to any state of `targetId`, searching from both ends at once.
 *
 * Yen's algorithm runs one of these per spur; a one-sided BFS would sweep most of a dense graph
 * each time, while two frontiers meet after about half the depth (on a 10k/50k random graph:
 * hundreds of states instead of ten thousand). Each round grows the smaller frontier by a full
 * level; the best meeting found in that level is a shortest path (standard for unweighted BFS).
 * Returns undefined when there is none within `limits.maxLength`, or when the best meeting would
 * repeat a node in two modes (the caller then has nothing to add from this spur).
 */
export function bidirectionalShortestPath(
  graph: SymbolGraph,
  steps: StepFunction,
  predecessors: PredecessorFunction,
  start: TraversalState,
  targetId: string,
  limits: PathSearchLimits = {},
): StatePath | undefined {
  const maxLength = limits.maxLength ?? Number.POSITIVE_INFINITY;
  const allowed = (id: string) => id !== start.id && !limits.blockedNodes?.has(id);
  const forward: Parents = new Map([[stateKey(start.id, start.mode), { state: start, depth: 0 }]]);
  const backward: Parents = new Map();
  let forwardFrontier: TraversalState[] = [start];
  let backwardFrontier: TraversalState[] = [];
  for (const mode of ['plain', 'dispatch'] as const) {
    const target = { id: targetId, mode };
    backward.set(stateKey(targetId, mode), { state: target, depth: 0 });
    backwardFrontier.push(target);
  }

  for (let length = 0; length < maxLength && forwardFrontier.length > 0 && backwardFrontier.length > 0; length++) {
    // Several meetings can appear in one level, at different distances from the other end: keep the best.
    let meeting: string | undefined;
    let best = Number.POSITIVE_INFINITY;
    const meet = (key: string) => {
      const total = forward.get(key)!.depth + backward.get(key)!.depth;
      if (total < best) [best, meeting] = [total, key];
    };
    if (forwardFrontier.length <= backwardFrontier.length) {
      const next: TraversalState[] = [];
      for (const state of forwardFrontier) {
        if (limits.work && --limits.work.remaining < 0) return undefined;
        const fromKey = stateKey(state.id, state.mode);
        for (const step of steps(graph, state)) {
          const toKey = stateKey(step.to, step.mode);
          if (forward.has(toKey) || (step.to !== targetId && !allowed(step.to))) continue;
          if (limits.blockedMoves?.has(moveKey(fromKey, step, toKey))) continue;
          const reached = { id: step.to, mode: step.mode };
          forward.set(toKey, { state: reached, depth: forward.get(fromKey)!.depth + 1, link: { other: state, step } });
          if (backward.has(toKey)) meet(toKey);
          else next.push(reached);
        }
      }
      forwardFrontier = next;
    } else {
      const next: TraversalState[] = [];
      for (const state of backwardFrontier) {
        if (limits.work && --limits.work.remaining < 0) return undefined;
        const toKey = stateKey(state.id, state.mode);
        for (const { from, step } of predecessors(graph, state)) {
          const fromKey = stateKey(from.id, from.mode);
          if (backward.has(fromKey) || from.id === targetId) continue;
          if (fromKey !== stateKey(start.id, start.mode) && !allowed(from.id)) continue;
          if (limits.blockedMoves?.has(moveKey(fromKey, step, toKey))) continue;
          backward.set(fromKey, { state: from, depth: backward.get(toKey)!.depth + 1, link: { other: state, step } });
          if (forward.has(fromKey)) meet(fromKey);
          else next.push(from);
        }
      }
      backwardFrontier = next;
    }
    if (meeting !== undefined) return join(forward, backward, meeting);
  }
  return undefined;
}

/** Stitches start → meeting (forward parents) and meeting → target (backward parents). */
function join(forward: Parents, backward: Parents, meeting: string): StatePath | undefined {
  const states: TraversalState[] = [];
  const steps: Step[] = [];
  // Collected backwards, then reversed (unshift would make long paths quadratic).
  for (let entry = forward.get(meeting); entry; entry = entry.link && forward.get(stateKey(entry.link.other.id, entry.link.other.mode))) {
    states.push(entry.state);
    if (entry.link) steps.push(entry.link.step);
  }
  states.reverse();
  steps.reverse();
  for (let entry = backward.get(meeting); entry?.link; entry = backward.get(stateKey(entry.link.other.id, entry.link.other.mode))) {
    states.push(entry.link.other);
    steps.push(entry.link.step);
  }
  const ids = new Set(states.map((s) => s.id));
  return ids.size === states.length ? { states, steps } : undefined;
}

/** Identifies one move between two states (the same edge may be walked in different modes). */
export function moveKey(fromKey: string, step: Step, toKey: string): string {
  return `${fromKey}\u0001${edgeKey(step.edge)}\u0001${toKey}`;
}
