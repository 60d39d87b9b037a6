import * as fs from 'fs';
import * as path from 'path';
import { monitorEventLoopDelay } from 'perf_hooks';
import * as ts from 'typescript';
import { Worker, isMainThread, parentPort, workerData } from 'worker_threads';
import { CodeGraph } from '../src/core/CodeGraph';
import { formatText } from '../src/core/format/formatText';
import { createFileSourceReader } from '../src/core/format/FileSourceReader';
import { GraphNode } from '../src/core/graph/GraphTypes';
import { discoverProjects } from '../src/core/indexer/discoverProjects';
import { mulberry32 } from '../test/support/mulberry32';

/**
 * One measurement in a fresh process (so JIT warm-up and caches of one never help another):
 *   reference <root> [tsconfig]  — what `tsc --noEmit` costs: programs + full semantic diagnostics
 *   index <root> [tsconfig] <leafFile> <hubFile> — full index, graph memory, incremental, queries
 *   lag <root> [tsconfig]        — main-thread event-loop delay while a worker thread indexes
 * Prints one JSON line.
 */
async function main(): Promise<void> {
  const [mode, root, tsconfigArg, leaf, hub] = process.argv.slice(2);
  const tsconfig = tsconfigArg && tsconfigArg !== '-' ? tsconfigArg : undefined;
  if (mode === 'reference') return print(reference(root, tsconfig));
  if (mode === 'index') return print(await indexAndQuery(root, tsconfig, leaf, hub));
  if (mode === 'lag') return print(await lagWhileIndexing(root, tsconfig));
  if (mode === 'cache') return print(await secondStart(root, tsconfig));
  if (mode === 'scale') return print(await indexInWorker(root, Number(leaf)));
  throw new Error(`unknown mode ${mode}`);
}

function reference(root: string, tsconfig?: string) {
  const started = performance.now();
  let diagnostics = 0;
  for (const p of discoverProjects(ts, root, tsconfig)) {
    const program = ts.createProgram({ rootNames: p.fileNames, options: p.options });
    diagnostics += ts.getPreEmitDiagnostics(program).length;
  }
  return { millis: performance.now() - started, diagnostics, peakRssMb: peakRssMb() };
}

async function indexAndQuery(root: string, tsconfig: string | undefined, leaf: string, hub: string) {
  const started = performance.now();
  const graph = await CodeGraph.open({ root, tsconfig });
  const indexMillis = performance.now() - started;
  const stats = graph.graph.stats();
  const incremental = {
    leaf: await editLatency(graph, path.join(root, leaf), 50),
    hub: await editLatency(graph, path.join(root, hub), 50),
  };
  // The 100 updates above each replaced the TypeScript program; let V8 collect them first, as it has
  // long done between a person's saves, so the tail measures queries, not that garbage (without
  // this, 10k-file p95s were 8-10 ms against 1-3 ms in a settled heap).
  (globalThis as { gc?: () => void }).gc?.();
  const queries = queryLatency(graph, root);
  const graphBytes = graphHeapBytes(graph);
  return {
    indexMillis,
    files: graph.report.files,
    nodes: stats.nodes,
    edges: stats.edges,
    edgesByType: stats.edgesByType,
    incremental,
    queries,
    graphBytes,
    bytesPerEdge: graphBytes / Math.max(1, stats.edges),
    peakRssMb: peakRssMb(),
  };
}

/** Body edits that a save typically brings: the file's public shape stays the same. */
async function editLatency(graph: CodeGraph, file: string, count: number) {
  const original = fs.readFileSync(file, 'utf8');
  const times: number[] = [];
  let touched = 0;
  try {
    for (let i = 0; i < count; i++) {
      fs.writeFileSync(file, i % 2 === 0 ? original.replace(/\}\s*$/, `  // edit ${i}\n}\n`) + `\n// save ${i}\n` : original);
      const t = performance.now();
      const r = await graph.update([file], []);
      times.push(performance.now() - t);
      touched = Math.max(touched, r.reindexed.length);
    }
  } finally {
    fs.writeFileSync(file, original);
    await graph.update([file], []);
  }
  return { ...percentiles(times), filesTouched: touched };
}

function queryLatency(graph: CodeGraph, root: string) {
  const rand = mulberry32(42);
  const functions = [...graph.graph.allNodes()].filter((n) => n.kind === 'function' && !n.external);
  const pick = (): GraphNode => functions[Math.floor(rand() * functions.length)];
  const source = createFileSourceReader(root);
  const out: Record<string, { p50: number; p95: number }> = {};
  const run = (label: string, q: () => ReturnType<CodeGraph['dependentsOf']>) => {
    const bare: number[] = [];
    const withSnippets: number[] = [];
    for (let i = 0; i < 200; i++) {
      let t = performance.now();
      const result = q();
      formatText(result, source, { snippets: 'none' });
      bare.push(performance.now() - t);
      t = performance.now();
      formatText(q(), source);
      withSnippets.push(performance.now() - t);
    }
    out[label] = percentiles(bare);
    out[`${label}+snippets`] = percentiles(withSnippets);
  };
  run('dependenciesOf', () => {
    const n = pick();
    return graph.dependenciesOf(n.file, n.name);
  });
  run('dependentsOf', () => {
    const n = pick();
    return graph.dependentsOf(n.file, n.name);
  });
  run('pathsBetween', () => {
    const a = pick();
    const b = pick();
    return graph.pathsBetween({ file_path: a.file, symbol: a.name }, { file_path: b.file, symbol: b.name });
  });
  return out;
}

/** Heap the graph holds: live heap with it, minus live heap after emptying it. */
function graphHeapBytes(graph: CodeGraph): number {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) return NaN;
  gc();
  const withGraph = process.memoryUsage().heapUsed;
  const contributions = graph.graph.files().map((f) => graph.graph.getContribution(f)!);
  for (const f of graph.graph.files()) graph.graph.removeFile(f);
  gc();
  const without = process.memoryUsage().heapUsed;
  for (const c of contributions) graph.graph.replaceFile(c);
  return withGraph - without;
}

/** First start writes the persisted cache; the second start (a new CodeGraph) should load it. */
async function secondStart(root: string, tsconfig?: string) {
  const cacheDir = fs.mkdtempSync(path.join(require('os').tmpdir(), 'tcg-bench-cache-'));
  try {
    let t = performance.now();
    await CodeGraph.open({ root, tsconfig, cacheDir });
    const firstMillis = performance.now() - t;
    t = performance.now();
    const second = await CodeGraph.open({ root, tsconfig, cacheDir });
    return { firstMillis, secondMillis: performance.now() - t, cache: second.report.cache };
  } finally {
    fs.rmSync(cacheDir, { recursive: true, force: true });
  }
}

/**
 * The extension's setup at scale: a worker thread with default resource limits indexes the
 * workspace (progress events counted); with `cancelAtFile` > 0 the token is cancelled when progress
 * passes that file, and we measure how long the cancellation takes to land.
 */
async function indexInWorker(root: string, cancelAtFile: number) {
  const started = performance.now();
  let progressEvents = 0;
  const outcome = await new Promise<Record<string, unknown>>((resolve, reject) => {
    const w = new Worker(__filename, { workerData: { root, cancelAtFile } });
    w.on('message', (m: { kind: string }) => (m.kind === 'progress' ? progressEvents++ : resolve(m)));
    w.once('error', reject);
  });
  return { ...outcome, progressEvents, wallMillis: performance.now() - started, peakRssMb: peakRssMb() };
}

async function lagWhileIndexing(root: string, tsconfig?: string) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  let maxGap = 0;
  let last = performance.now();
  const ticker = setInterval(() => {
    const now = performance.now();
    maxGap = Math.max(maxGap, now - last - 10);
    last = now;
  }, 10);
  const started = performance.now();
  await new Promise<void>((resolve, reject) => {
    const w = new Worker(__filename, { workerData: { root, tsconfig } });
    w.once('message', () => resolve());
    w.once('error', reject);
  });
  clearInterval(ticker);
  histogram.disable();
  return { indexMillis: performance.now() - started, maxLagMs: maxGap, p99LagMs: histogram.percentile(99) / 1e6 };
}

function percentiles(xs: number[]) {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))];
  return { p50: at(0.5), p95: at(0.95) };
}

function peakRssMb(): number {
  return process.resourceUsage().maxRSS / 1024;
}

function print(x: unknown): void {
  process.stdout.write(JSON.stringify(x) + '\n');
}

if (isMainThread) {
  main().catch((e) => {
    process.stderr.write(String(e && e.stack ? e.stack : e) + '\n');
    process.exit(1);
  });
} else {
  const { root, tsconfig, cancelAtFile } = workerData as { root: string; tsconfig?: string; cancelAtFile?: number };
  const token = { isCancellationRequested: false };
  let cancelledAt = 0;
  const onProgress = (done: number) => {
    parentPort!.postMessage({ kind: 'progress', done });
    if (cancelAtFile && done >= cancelAtFile && !token.isCancellationRequested) {
      token.isCancellationRequested = true;
      cancelledAt = performance.now();
    }
  };
  CodeGraph.open({ root, tsconfig, token, onProgress }).then(
    (g) => parentPort!.postMessage({ kind: 'done', files: g.report.files, nodes: g.report.nodes, edges: g.report.edges, heapMb: process.memoryUsage().heapUsed / 1e6 }),
    (e: Error) => parentPort!.postMessage({ kind: 'cancelled', message: e.message, millisAfterCancel: cancelledAt ? performance.now() - cancelledAt : -1 }),
  );
}
