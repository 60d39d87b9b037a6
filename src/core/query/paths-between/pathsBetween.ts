import { edgeKey, GraphEdge, GraphNode, isRuntimeEdge } from '../../graph/GraphTypes';
import { QueryContext, SymbolRef } from '../QueryContext';
import { GraphResult, QueryResult, messageResult, withNotes } from '../QueryResult';
import { resolveSymbol, SymbolResolution } from '../resolve/resolveSymbol';
import { callPredecessors, callSteps, forwardPredecessorsWithTypes, forwardStepsWithTypes, StepFunction } from '../traversal/stepPolicy';
import { PredecessorFunction } from './bidirectionalShortestPath';
import { kShortestPaths, pathKey } from './kShortestPaths';
import { StatePath } from './shortestPaths';

/** Spec 000: "Return sensible number (e.g., 3 shortest)". */
export const MAX_PATHS = 3;

/**
 * How are two symbols connected? Directed paths are searched both ways (from → to and to → from),
 * because callers rarely know which way a dependency flows; arrows in the result keep their true
 * direction. Call chains first (`callSteps`: code running code, dispatch included, so a call
 * through an interface method reaches its implementations as in dependenciesOf); only when there
 * is none, paths through types too (`forwardStepsWithTypes`), and the answer's first line says so:
 * two functions that take the same type do not call each other, and an agent must not read such a
 * chain as one. Library nodes are leaves.
 */
export function pathsBetween(ctx: QueryContext, from: SymbolRef, to: SymbolRef): QueryResult {
  const source = resolveEndpoint(ctx, from, 'from');
  if (!source.ok) return messageResult('pathsBetween', source.message, true);
  const target = resolveEndpoint(ctx, to, 'to');
  if (!target.ok) return messageResult('pathsBetween', target.message, true);
  return withNotes(connect(ctx, source.node, target.node), [source.note, target.note]);
}

function connect(ctx: QueryContext, source: GraphNode, target: GraphNode): QueryResult {
  if (source.id === target.id) {
    return messageResult('pathsBetween', 'Invalid query: source and target are the same symbol.', true);
  }

  const calls = shortestBothWays(ctx, callSteps, callPredecessors, source, target);
  const paths = calls.length > 0 ? calls : shortestBothWays(ctx, forwardStepsWithTypes, forwardPredecessorsWithTypes, source, target);
  if (paths.length === 0) return messageResult('pathsBetween', 'No path found.', false, [source.id, target.id]);
  const result = resultOf(ctx, source, target, paths);
  return calls.length > 0 ? result : withNotes(result, [typesOnlyNote(result.edges)]);
}

/** The MAX_PATHS shortest paths under one step policy, from → to and to → from. */
function shortestBothWays(ctx: QueryContext, step: StepFunction, predecessors: PredecessorFunction, source: GraphNode, target: GraphNode): StatePath[] {
  const forward = kShortestPaths(ctx.graph, step, predecessors, source.id, target.id, MAX_PATHS);
  const backward = kShortestPaths(ctx.graph, step, predecessors, target.id, source.id, MAX_PATHS);
  // Shortest first across both directions; on equal length from → to comes first (sort is stable).
  return dedupe([...forward, ...backward])
    .sort((a, b) => a.steps.length - b.steps.length)
    .slice(0, MAX_PATHS);
}

/** How the note of an answer found only through types starts. */
export const TYPES_ONLY = 'Through types only:';

/**
 * The first line of an answer found only through types: what its edges mean, so that nobody reads
 * `f --TAKES--> Order <--TAKES-- g` as f calling g. Names the type edges the answer holds.
 */
export function typesOnlyNote(edges: readonly GraphEdge[]): string {
  const kinds = [...new Set(edges.map((e) => e.type).filter((t) => !isRuntimeEdge(t)))];
  return `${TYPES_ONLY} no chain of calls or references connects these symbols; the ${kinds.join(', ')} edges below are types they take, return, hold, extend or implement, not code that runs.`;
}

function resultOf(ctx: QueryContext, source: GraphNode, target: GraphNode, paths: StatePath[]): GraphResult {

  const nodes: GraphNode[] = [];
  const edges: GraphEdge[] = [];
  const seenNodes = new Set<string>();
  const seenEdges = new Set<string>();
  for (const path of paths) {
    for (const state of path.states) {
      const node = ctx.graph.getNode(state.id);
      if (node && !seenNodes.has(node.id)) {
        seenNodes.add(node.id);
        nodes.push(node);
      }
    }
    for (const step of path.steps) {
      const key = edgeKey(step.edge);
      if (!seenEdges.has(key)) {
        seenEdges.add(key);
        edges.push(step.edge);
      }
    }
  }
  return { kind: 'graph', query: 'pathsBetween', inputs: [source.id, target.id], nodes, edges };
}

/** Resolves one endpoint; a failure says which one, since both carry a file_path and a symbol. */
function resolveEndpoint(ctx: QueryContext, ref: SymbolRef | undefined, which: 'from' | 'to'): SymbolResolution {
  if (!ref || typeof ref !== 'object') {
    return { ok: false, message: `Missing \`${which}\`: give it as { file_path, symbol }, like { file_path: "src/utils.ts", symbol: "formatDate" }.` };
  }
  const resolved = resolveSymbol(ctx, ref.file_path, ref.symbol);
  return resolved.ok ? resolved : { ok: false, message: `\`${which}\` endpoint: ${resolved.message}` };
}

function dedupe(paths: StatePath[]): StatePath[] {
  const seen = new Set<string>();
  return paths.filter((p) => {
    const key = pathKey(p);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
