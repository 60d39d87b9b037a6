import { CodeGraph } from '../core/CodeGraph';
import type { IndexOptions } from '../core/indexer/indexWorkspace';
import { Logger } from '../core/Logger';
import { awaitsIndexing } from '../core/query/shared/indexingNotes';
import { QueryResult } from '../core/query/QueryResult';
import { firstAnswerGraceMs, withinGrace } from '../core/query/shared/firstAnswerGrace';

/** A query's first answer before the index (CodeGraph.firstAnswer), if the host wants one, and how it shows it. */
export interface FirstAnswer {
  answer(graph: CodeGraph): QueryResult | undefined;
  show(result: QueryResult, graph: CodeGraph): Promise<void>;
}

/** How long at least between two tries of the answer while the index goes on (each try runs the query). */
const RETRY_MS = 500;

/**
 * A query's graph as soon as its answer is complete: the index walks the query's files' projects
 * and what they import first (ProjectWalk), the answer is tried once those are indexed and then
 * after later projects, and once no project not indexed yet can change it (its first line would say
 * so: withIndexingNotes) the rest of the index is cancelled. On payload, a query in packages/payload
 * answers before the other 170 projects are built. Nothing is cached then (the cache holds whole
 * graphs only); a complete index (the answer needed everything, `stats`, `export`) writes it.
 */
export async function openForAnswer(options: IndexOptions, files: readonly string[], ask: (graph: CodeGraph) => QueryResult, logger: Logger, first?: FirstAnswer): Promise<CodeGraph> {
  const started = Date.now();
  const token = { isCancellationRequested: false };
  let progressed: () => void = () => undefined;
  const { graph, indexed } = CodeGraph.opening({
    ...options,
    first: files,
    token,
    onProgress: (done, total, projects) => {
      options.onProgress?.(done, total, projects);
      progressed();
    },
  });
  const index: { outcome: 'running' | 'done' | 'failed' } = { outcome: 'running' };
  const settled = indexed.then(
    () => void (index.outcome = 'done'),
    () => void (index.outcome = 'failed'),
  );
  // The walk built the first programs and yields: a first answer from the compiler, if one is wanted,
  // shown when the query's projects are not indexed within the grace.
  const deadline = Date.now() + firstAnswerGraceMs();
  const early = first?.answer(graph);
  const wanted = Promise.race([graph.prioritize(files), settled]);
  if (early && !(await withinGrace(wanted, deadline - Date.now()))) {
    await first!.show(early, graph);
    logger.info(`First answer (partial, from the compiler) after ${Date.now() - started} ms; indexing on for the full one`);
  }
  await wanted;
  for (let tried = 0; index.outcome === 'running'; ) {
    // Every project is indexed: what is left (ownership, warnings, the cache) is the index's to finish.
    if (!graph.indexing) break;
    if (Date.now() - tried >= RETRY_MS) {
      tried = Date.now();
      const result = ask(graph);
      // Its file's project not indexed yet (a file no config lists, pulled in by another): wait on.
      const notYet = result.kind === 'message' && result.message.includes('is not indexed yet');
      if (!awaitsIndexing(result) && !notYet) break;
    }
    await Promise.race([new Promise<void>((resolve) => (progressed = resolve)), settled]);
  }
  const walking = graph.indexing;
  // Every project is indexed (the last one's answer was complete): finishing costs the ownership pass
  // and the cache write only, which the next run reads.
  if (index.outcome !== 'running' || !walking || walking.projectsDone >= walking.projectsTotal) return indexed;
  token.isCancellationRequested = true;
  await settled;
  // Done before the cancellation landed: the whole graph, report, warnings and cache included.
  if (finishedWhole(index)) return indexed;
  logger.info(`Answered after indexing ${walking.projectsDone} of ${walking.projectsTotal} projects: no other project can change this answer. The rest was not indexed, and the cache not written.`);
  const { nodes, edges, edgesByType } = graph.graph.stats();
  graph.report = { ...graph.report, files: graph.graph.files().length, nodes, edges, edgesByType, millis: Date.now() - started, errors: graph.errors() };
  return graph;
}

/** Read through a call: the compiler would otherwise keep the value it narrowed before the await. */
function finishedWhole(index: { outcome: string }): boolean {
  return index.outcome === 'done';
}
