import { SymbolGraph } from '../../graph/SymbolGraph';
import { Step, StepFunction, TraversalState } from '../traversal/stepPolicy';
import { stateKey } from '../traversal/traverse';

/** A path in the traversal's state space; `steps[i]` leads from `states[i]` to `states[i + 1]`. */
export interface StatePath {
  states: TraversalState[];
  steps: Step[];
}

/**
 * Guards the path enumeration against pathological DAGs where most branches repeat a node: steps
 * beyond the ones the paths themselves need (so a path as long as the graph is still read whole).
 */
const ENUMERATION_BUDGET = 10_000;

/**
 * Up to `maxPaths` shortest paths from `start` to any state of `targetId`, all of the minimum length.
 *
 * One BFS level by level, keeping for each state *every* parent one level closer (the shortest-path
 * DAG), stopping at the level where the target appears. Paths are then read backwards off the DAG,
 * and only `maxPaths` of them: every DAG branch leads back to the start, so this costs O(paths ×
 * length), never the exponential "all simple paths" walk. Cost is one BFS: O(states + edges).
 */
export function shortestPaths(
  graph: SymbolGraph,
  step: StepFunction,
  start: TraversalState,
  targetId: string,
  maxPaths: number,
): StatePath[] {
  const startKey = stateKey(start.id, start.mode);
  const depthOf = new Map<string, number>([[startKey, 0]]);
  const parents = new Map<string, Array<{ prev: TraversalState; step: Step }>>();
  const targets: TraversalState[] = [];
  let frontier: TraversalState[] = [start];

  for (let depth = 0; frontier.length > 0 && targets.length === 0; depth++) {
    const next: TraversalState[] = [];
    for (const state of frontier) {
      for (const s of step(graph, state)) {
        if (s.to === start.id) continue;
        const toKey = stateKey(s.to, s.mode);
        const known = depthOf.get(toKey);
        if (known === undefined) {
          depthOf.set(toKey, depth + 1);
          parents.set(toKey, [{ prev: state, step: s }]);
          const reached = { id: s.to, mode: s.mode };
          if (s.to === targetId) {
            targets.push(reached);
          } else {
            next.push(reached);
          }
        } else if (known === depth + 1) {
          parents.get(toKey)!.push({ prev: state, step: s });
        }
      }
    }
    frontier = next;
  }
  return readPaths(parents, startKey, targets, maxPaths, depthOf.get(stateKey(targets[0]?.id ?? '', targets[0]?.mode ?? 'plain')) ?? 0);
}

function readPaths(
  parents: Map<string, Array<{ prev: TraversalState; step: Step }>>,
  startKey: string,
  targets: TraversalState[],
  maxPaths: number,
  length: number,
): StatePath[] {
  const paths: StatePath[] = [];
  let budget = ENUMERATION_BUDGET + maxPaths * length;
  // Depth-first over parent links, from a target back to the start, with an explicit stack (paths
  // can be as long as the graph: a 100,000-function call chain). `tried[d]` counts the parents of
  // `states[d]` already followed, so paths come out in the order a recursive walk would give.
  for (const target of targets) {
    if (paths.length >= maxPaths || budget < 0) break;
    const states: TraversalState[] = [target];
    const steps: Step[] = [];
    const tried: number[] = [0];
    // Shown paths are simple in nodes, even where two modes of one node would allow a repeat.
    const onPath = new Set<string>([target.id]);
    while (states.length > 0) {
      const depth = states.length - 1;
      const key = stateKey(states[depth].id, states[depth].mode);
      if (key === startKey) {
        paths.push({ states: [...states].reverse(), steps: [...steps].reverse() });
      } else {
        const options = parents.get(key) ?? [];
        let advanced = false;
        while (tried[depth] < options.length) {
          if (paths.length >= maxPaths || --budget < 0) return paths;
          const { prev, step } = options[tried[depth]++];
          if (onPath.has(prev.id)) continue;
          onPath.add(prev.id);
          states.push(prev);
          steps.push(step);
          tried.push(0);
          advanced = true;
          break;
        }
        if (advanced) continue;
      }
      // Done with states[depth]: back up one level.
      const left = states.pop()!;
      tried.pop();
      if (states.length > 0) {
        steps.pop();
        onPath.delete(left.id);
      }
    }
  }
  return paths;
}
