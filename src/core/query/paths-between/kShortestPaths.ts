import { edgeKey } from '../../graph/GraphTypes';
import { SymbolGraph } from '../../graph/SymbolGraph';
import { StepFunction } from '../traversal/stepPolicy';
import { stateKey } from '../traversal/traverse';
import { bidirectionalShortestPath, moveKey, PredecessorFunction } from './bidirectionalShortestPath';
import { shortestPaths, StatePath } from './shortestPaths';

/**
 * How much longer than the shortest path an alternative may be. Alternatives exist to show a
 * second route, not to wander: a bound keeps them relevant and keeps each spur search small.
 */
export const MAX_EXTRA_LENGTH = 2;

/**
 * States all spur searches of one query may expand together. Alternatives are a bonus: on a path
 * as long as the graph (a 100,000-function chain) one spur per position would be quadratic, so
 * the search for them stops here and the paths found so far are the answer.
 */
export const SPUR_WORK_BUDGET = 200_000;

/**
 * Up to `k` shortest simple paths from `sourceId` to `targetId`, shortest first.
 *
 * All paths of the minimum length come from the BFS shortest-path DAG. Only when there are fewer
 * than `k` of those does a bounded Yen's algorithm add next-shortest ones: for each found path and
 * each prefix of it, one BFS (the "spur") from the prefix's end that may not reuse the prefix's
 * nodes nor a branch an earlier path took there. That is O(k × length) bidirectional BFS runs, each
 * cut at MAX_EXTRA_LENGTH beyond the shortest length: polynomial, unlike enumerating simple paths.
 */
export function kShortestPaths(
  graph: SymbolGraph,
  step: StepFunction,
  predecessors: PredecessorFunction,
  sourceId: string,
  targetId: string,
  k: number,
): StatePath[] {
  // Most asked pairs are connected in one direction only (or not at all). A one-sided BFS toward an
  // unreachable target explores everything the source reaches; the bidirectional probe stops as soon
  // as either side runs dry, which is what keeps pathsBetween in milliseconds on large graphs.
  if (!bidirectionalShortestPath(graph, step, predecessors, { id: sourceId, mode: 'plain' }, targetId)) return [];
  const found = shortestPaths(graph, step, { id: sourceId, mode: 'plain' }, targetId, k);
  if (found.length === 0 || found.length >= k) return found;

  const maxLength = found[0].steps.length + MAX_EXTRA_LENGTH;
  const known = new Set(found.map(pathKey));
  const candidates: StatePath[] = [];
  const work = { remaining: SPUR_WORK_BUDGET };
  let spurred = 0;
  while (found.length < k) {
    while (spurred < found.length) {
      for (const candidate of spurPaths(graph, step, predecessors, found[spurred++], found, targetId, maxLength, work)) {
        const key = pathKey(candidate);
        if (!known.has(key)) {
          known.add(key);
          candidates.push(candidate);
        }
      }
    }
    if (candidates.length === 0) break;
    candidates.sort((a, b) => a.steps.length - b.steps.length); // stable: earlier discoveries win ties
    found.push(candidates.shift()!);
  }
  return found;
}

/** Yen's deviations of `path`: leave it at each of its nodes by a move no found path with the same prefix took. */
function spurPaths(
  graph: SymbolGraph,
  step: StepFunction,
  predecessors: PredecessorFunction,
  path: StatePath,
  found: StatePath[],
  targetId: string,
  maxLength: number,
  work: { remaining: number },
): StatePath[] {
  const result: StatePath[] = [];
  // Both grow with `i` instead of being rebuilt per position (that would be quadratic in the length):
  // the root path's nodes, and which found paths still share the root path with `path`.
  const blockedNodes = new Set<string>();
  const sharing = found.map((other) => other.steps.length > 0);
  for (let i = 0; i < path.steps.length; i++) {
    const remaining = maxLength - i;
    if (remaining <= 0 || work.remaining <= 0) break;
    if (i > 0) blockedNodes.add(path.states[i - 1].id);
    const blockedMoves = new Set<string>();
    found.forEach((other, o) => {
      sharing[o] = sharing[o] && other.steps.length > i && sameState(other, path, i) && (i === 0 || edgeKey(other.steps[i - 1].edge) === edgeKey(path.steps[i - 1].edge));
      if (!sharing[o]) return;
      const from = other.states[i];
      const to = other.states[i + 1];
      blockedMoves.add(moveKey(stateKey(from.id, from.mode), other.steps[i], stateKey(to.id, to.mode)));
    });
    const spur = bidirectionalShortestPath(graph, step, predecessors, path.states[i], targetId, { blockedNodes, blockedMoves, maxLength: remaining, work });
    if (!spur) continue;
    result.push({
      states: [...path.states.slice(0, i), ...spur.states],
      steps: [...path.steps.slice(0, i), ...spur.steps],
    });
  }
  return result;
}

function sameState(a: StatePath, b: StatePath, i: number): boolean {
  return a.states[i].id === b.states[i].id && a.states[i].mode === b.states[i].mode;
}

/** What a reader sees of a path: its nodes and edges (modes are internal). */
export function pathKey(path: StatePath): string {
  return path.states.map((s) => s.id).join('\u0001') + '\u0002' + path.steps.map((s) => edgeKey(s.edge)).join('\u0001');
}
