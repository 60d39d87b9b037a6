import { CodeGraph } from '../src/core/CodeGraph';
import { awaitsIndexing } from '../src/core/query/shared/indexingNotes';

/**
 * Issue 39: a workspace of many projects (BENCH_PROJECTS packages of test/support/monorepoWorkspace),
 * indexed as the hosts do (the graph worker's limits, measure.ts runs this in one), with a query
 * asked at the start about a file of the last package: how long until its answer is complete
 * (its project and what it imports are indexed first), next to the whole index.
 */
export async function manyProjectsIndex(root: string, askedFile: string, symbol: string) {
  const cpuStart = process.cpuUsage();
  const started = performance.now();
  const { graph, indexed } = CodeGraph.opening({ root, first: [askedFile] });
  const answer = graph.prioritize([askedFile]).then(() => {
    const result = graph.dependenciesOf(askedFile, symbol);
    return { millis: performance.now() - started, complete: !awaitsIndexing(result) && result.kind === 'graph', projectsIndexed: graph.indexing?.projectsDone };
  });
  await indexed;
  const indexMillis = performance.now() - started;
  const cpu = process.cpuUsage(cpuStart);
  const first = await answer;
  // What stays alive once the index is done (the graph, and the programs the budget holds): the peak is V8's to decide.
  (globalThis as { gc?: () => void }).gc?.();
  const liveHeapMb = process.memoryUsage().heapUsed / 2 ** 20;
  return {
    liveHeapMb,
    files: graph.report.files,
    projects: graph.report.projects.length,
    indexMillis,
    indexCpuMillis: (cpu.user + cpu.system) / 1000,
    programMillis: graph.report.programMillis,
    firstAnswer: first,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    compiler: graph.report.compiler,
    compilerPeakRssMb: (graph.report.memory?.compilerPeakRssBytes ?? 0) / 2 ** 20,
  };
}

/** Package i's dependencies: ten base packages everyone builds on, and one of the packages of the row before. Shallow, as in payload. */
export function manyProjectsDependencies(i: number): number[] {
  if (i < 10) return [];
  return i < 20 ? [i % 10] : [i % 10, 10 + ((i * 7) % 10)];
}
