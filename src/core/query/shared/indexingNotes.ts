import { SymbolGraph } from '../../graph/SymbolGraph';
import type { Outstanding } from '../../indexer/outstandingProjects';
import type { QueryDescriptor } from '../QueryDescriptor';
import { QueryResult } from '../QueryResult';
import { backwardSteps, forwardSteps, forwardStepsWithTypes, StepFunction } from '../traversal/stepPolicy';
import { MAX_VISITED_NODES, traverse } from '../traversal/traverse';

/** The setting that raises the memory budget (memoryBudget's MEMORY_ENV; query code does not import the indexer). */
const MEMORY_ENV = 'TS_CODE_GRAPH_MEMORY_MB';

/** How an answer given while the index still runs, and that a project not indexed yet could change, starts. */
export const INDEXING_RUNNING = 'Incomplete: indexing is still running';

/** How a first answer, given before its project is indexed (CodeGraph.firstAnswer), starts. */
export const PARTIAL = 'Partial:';

/** Whether the answer is a first answer the full graph completes (its first line). */
export function isPartial(result: QueryResult): boolean {
  return !!result.notes?.[0]?.startsWith(PARTIAL);
}

/**
 * A first answer: only the query's direct neighbours (edges between an input and another node, in
 * the query's direction, `walk`), its first line saying so in place of the indexing note. `then` says what
 * completes it (the CLI prints the full graph next; a tool is asked again); `cut`: how many of the
 * files the compiler named were read (`of` undefined: it stopped looking once it found more).
 */
export function asPartial(result: QueryResult, walk: QueryDescriptor['walk'], progress: { done: number; total: number }, then: string, cut?: { read: number; of?: number }, direct?: (id: string) => boolean): QueryResult {
  const dependents = walk === 'backward';
  const where = !cut ? '' : cut.of === undefined ? ` (in the first ${cut.read} files found that use it)` : ` (in ${cut.read} of the ${cut.of} files that use it)`;
  const line = `${PARTIAL} indexing ${Math.min(progress.done + 1, progress.total)} of ${progress.total} projects; direct ${dependents ? 'dependents' : 'dependencies'} found by the compiler${where}, ${then}.`;
  const notes = [line, ...(result.notes ?? []).filter((n) => !n.startsWith(INDEXING_RUNNING))];
  if (result.kind === 'message') return { ...result, notes };
  const inputs = new Set(result.inputs);
  const edges = result.edges.filter((e) => (dependents ? inputs.has(e.to) && !inputs.has(e.from) : inputs.has(e.from) && !inputs.has(e.to)));
  if (edges.length === 0) return { kind: 'message', query: result.query, message: `No direct ${dependents ? 'dependents' : 'dependencies'} found yet.`, isError: false, inputs: result.inputs, notes };
  const kept = new Set([...inputs, ...edges.flatMap((e) => [e.from, e.to])]);
  const { truncation, ...rest } = result;
  const nodes = result.nodes.filter((n) => kept.has(n.id));
  // The nodes the walk's cut left out that are direct neighbours too (`direct`: the graph tells) stay
  // named after the Nodes; the rest of the cut was farther.
  const more = truncation?.more?.filter((n) => direct?.(n.id));
  if (!truncation || !more?.length) return { ...rest, nodes, edges, notes };
  const askAs = truncation.askAs && Object.fromEntries(Object.entries(truncation.askAs).filter(([id]) => kept.has(id)));
  const shownNodes = nodes.length - inputs.size;
  return { ...rest, nodes, edges, notes, truncation: { shownNodes, totalNodes: shownNodes + more.length, more, ...(truncation.stoppedEarly ? { stoppedEarly: true } : {}), ...(askAs ? { askAs } : {}) } };
}

/**
 * A paths query's first answer: the paths found among the files next to either end (`files` of them,
 * CodeGraph.firstPaths), its first line saying so in place of the indexing note.
 */
export function asPartialPaths(result: QueryResult, progress: { done: number; total: number }, then: string, files: number): QueryResult {
  const line = `${PARTIAL} indexing ${Math.min(progress.done + 1, progress.total)} of ${progress.total} projects; paths found by the compiler among the ${files} files next to either end (the full graph may find shorter ones), ${then}.`;
  return { ...result, notes: [line, ...(result.notes ?? []).filter((n) => !n.startsWith(INDEXING_RUNNING))] };
}

/** Whether the answer says a project not indexed yet could change it (its first line). */
export function awaitsIndexing(result: QueryResult): boolean {
  return !!result.notes?.[0]?.startsWith(INDEXING_RUNNING);
}

/** Projects named in a note; more are counted. */
const MAX_NAMED = 3;

/**
 * The answer, with its first line saying when the index is still running and the answer can reach
 * a project not indexed yet, and next a line when projects skipped as uninstalled could use what a
 * dependents walk reached. Scoped like a failed file's `Incomplete:` line (analysisWarnings): the
 * files the query's walk reaches are walked again, and
 * - dependentsOf, impact: a project not indexed (or skipped) that could import one of them
 *   (ProjectReach: its own folder, references, `paths`, the workspace packages it depends on);
 * - dependenciesOf, pathsBetween (from both ends): a reached file, or a file one of them depends on,
 *   that belongs to a project not indexed yet. The projects a query's file imports are indexed
 *   first, so once they are, such an answer is complete and says nothing.
 * Bad input gets nothing: it is not an answer.
 */
export function withIndexingNotes(graph: SymbolGraph, result: QueryResult, walk: QueryDescriptor['walk'], outstanding: Outstanding | undefined): QueryResult {
  if (!outstanding || (result.kind === 'message' && result.isError)) return result;
  const inputs = result.inputs ?? [];
  if (inputs.length === 0) return result;
  const backward = walk === 'backward';
  const step: StepFunction = backward ? backwardSteps : walk === 'paths' ? forwardStepsWithTypes : forwardSteps;
  const limit = walk === 'paths' ? Number.POSITIVE_INFINITY : MAX_VISITED_NODES;
  const reached = new Set<string>();
  /** Files of the members the walk dispatched from (a call to `Base.m` runs any override of it). */
  const dispatched = new Set<string>();
  for (const start of inputs) {
    const t = traverse(graph, start, step, limit);
    for (const id of t.order) reached.add(graph.getNode(id)?.file ?? '');
    if (!backward) for (const s of t.states) if (s.mode === 'dispatch') dispatched.add(graph.getNode(s.id)?.file ?? '');
  }
  reached.delete('');
  dispatched.delete('');
  const lines: string[] = [];
  const notes: string[] = [];
  if (outstanding.progress) {
    const { done, total } = outstanding.progress;
    const running = `${INDEXING_RUNNING} (${done} of ${total} projects done)`;
    if (backward) {
      const seeing = outstanding.pendingSeeing(reached);
      if (seeing.length) lines.push(`${running}; projects not indexed yet may use this code: ${named(seeing)}. Ask again when it is done.`);
    } else {
      const depends = [...reached].flatMap((f) => [f, ...(graph.getContribution(f)?.dependsOnFiles ?? [])]);
      if (depends.some((f) => outstanding.pendingHolds(f))) lines.push(`${running}, and this answer reaches code in projects not indexed yet: its calls there are missing. Ask again when it is done.`);
      // Their subclasses could override a method the answer calls (TanStack/query: vue-query's
      // QueryClient overrides getQueryDefaults). Said, not waited for: any project importing the
      // class could, and on a large monorepo that is every one.
      const overriding = lines.length || dispatched.size === 0 ? [] : outstanding.pendingSeeing(dispatched);
      if (overriding.length) notes.push(`Not indexed yet: ${overriding.length === 1 ? 'a project' : `${overriding.length} projects`} that may override or implement methods this answer calls (${named(overriding)}); their overrides are not in it.`);
    }
  }
  if (backward) {
    const skipped = outstanding.skippedSeeing(reached);
    if (skipped.length) notes.push(`Not indexed: ${skipped.length === 1 ? 'a project' : `${skipped.length} projects`} whose dependencies are not installed may use this code (${named(skipped)}); install a folder's dependencies to index it.`);
    const big = outstanding.overBudgetSeeing?.(reached) ?? [];
    if (big.length) notes.push(`Incomplete: ${big.length === 1 ? 'a project' : `${big.length} projects`} too large for the memory budget ${big.length === 1 ? 'was' : 'were'} not indexed and may use this code (${named(big)}); ${MEMORY_ENV} raises the budget.`);
  }
  if (lines.length === 0 && notes.length === 0) return result;
  return { ...result, notes: [...lines, ...notes, ...(result.notes ?? [])] };
}

function named(items: readonly string[]): string {
  const more = items.length - MAX_NAMED;
  return items.slice(0, MAX_NAMED).join(', ') + (more > 0 ? `, and ${more} more` : '');
}
