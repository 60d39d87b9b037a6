import { execFileSync } from 'child_process';
import { createHash } from 'crypto';
import * as fs from 'fs';
import * as path from 'path';
import { monitorEventLoopDelay } from 'perf_hooks';
import * as ts from 'typescript';
import { Worker, isMainThread, parentPort, workerData } from 'worker_threads';
import { CodeGraph } from '../src/core/CodeGraph';
import { formatText } from '../src/core/format/formatText';
import { createFileSourceReader } from '../src/core/format/FileSourceReader';
import { GraphNode } from '../src/core/graph/GraphTypes';
import { FileChange } from '../src/core/query/impact/changedSymbols';
import { gitChanges } from '../src/core/query/impact/gitChanges';
import { discoverProjects } from '../src/core/indexer/program/discoverProjects';
import { mulberry32 } from '../test/support/mulberry32';
import { typescriptParsingAllJsDoc } from '../test/support/typescriptParsingAllJsDoc';
import { WorkerClient, graphWorkerResourceLimits } from '../src/worker/WorkerClient';
import { ParentWatches, watchThroughParent } from '../src/worker/parentWatch';
import { FolderGraphs } from '../src/worker/FolderGraphs';
import { manyProjectsIndex } from './manyProjects';
import { firstAnswerBeforeIndex } from './firstAnswer';
import { pinnedNative } from '../src/core/compiler/native/nativeModules';

/**
 * One measurement in a fresh process (so JIT warm-up and caches of one never help another):
 *   reference <root> [tsconfig]  — what `tsc --noEmit` costs: programs + full semantic diagnostics
 *   index <root> [tsconfig] <leafFile> <hubFile> — full index, graph memory, incremental, queries
 *   lag <root> [tsconfig]        — main-thread event-loop delay while the graph worker indexes (WorkerClient)
 *   cache <root> [tsconfig] <leafFile> <hubFile> — starts from the persisted cache, the first save after one,
 *                                 and `impact` of a 10-file change after one
 *   impact <root> [tsconfig]     — `impact` of a 10-file change on a warm graph (the extension's worker),
 *                                 next to the incremental update of the same files
 *   first <root> [tsconfig] <leafFile> <hubFile> — a cold start's first answer (before the index) vs its full index
 * Prints one JSON line.
 */
async function main(): Promise<void> {
  const [mode, root, tsconfigArg, leaf, hub] = process.argv.slice(2);
  const tsconfig = tsconfigArg && tsconfigArg !== '-' ? tsconfigArg : undefined;
  if (mode === 'reference') return print(reference(root, tsconfig));
  if (mode === 'index') return print(await inGraphWorker({ job: 'index', root, tsconfig, leaf, hub }));
  if (mode === 'lag') return print(await lagWhileIndexing(root, tsconfig));
  if (mode === 'cache') return print(await inGraphWorker({ job: 'cache', root, tsconfig, leaf, hub }));
  if (mode === 'jsdoc') return print(await inGraphWorker({ job: 'jsdoc', root, tsconfig, leaf, hub }));
  if (mode === 'impact') return print(await inGraphWorker({ job: 'impact', root, tsconfig, leaf, hub }));
  if (mode === 'scale') return print(await indexInWorker(root, Number(leaf)));
  if (mode === 'first') return print(await firstAnswerBeforeIndex(root, tsconfig, hub, mostImportedFile));
  if (mode === 'projects') return print(await inGraphWorker({ job: 'projects', root, tsconfig, leaf, hub }));
  throw new Error(`unknown mode ${mode}`);
}

/** CPU milliseconds this process has used (user + system): unlike wall time, not stretched by other processes on a busy machine. */
function cpuMillis(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

function reference(root: string, tsconfig?: string) {
  const cpuStart = cpuMillis();
  const started = performance.now();
  let diagnostics = 0;
  for (const p of discoverProjects(ts, root, tsconfig)) {
    // As `tsc` builds it: its compiler host parses JSDoc in TypeScript files only for @see/@link.
    const host = ts.createCompilerHost(p.options);
    host.jsDocParsingMode = ts.JSDocParsingMode.ParseForTypeErrors;
    const program = ts.createProgram({ rootNames: p.fileNames, options: p.options, host });
    diagnostics += ts.getPreEmitDiagnostics(program).length;
  }
  return { millis: performance.now() - started, cpuMillis: cpuMillis() - cpuStart, diagnostics, peakRssMb: peakRssMb() };
}

/**
 * The compiler's JavaScript is loaded before a full index's clock starts, as the reference's is (this
 * module imports `typescript` at its top, which the in-process compiler uses too): for TypeScript 7,
 * its API client, which the index would otherwise load inside the clock (45-50 ms from this unbundled
 * build, ES modules without a code cache; the shipped bundles carry it in their code-cached core).
 */
function loadCompilerLibraries(): void {
  if (process.env.TS_CODE_GRAPH_COMPILER !== 'native') return;
  const found = pinnedNative();
  if ('problem' in found) throw new Error(`the native compiler cannot run here: ${found.problem}`);
}

async function indexAndQuery(root: string, tsconfig: string | undefined, leaf: string, hub: string) {
  loadCompilerLibraries();
  const cpuStart = cpuMillis();
  const started = performance.now();
  const graph = await CodeGraph.open({ root, tsconfig });
  const indexMillis = performance.now() - started;
  const indexCpuMillis = cpuMillis() - cpuStart;
  const indexPeakRssMb = peakRssMb();
  const digest = graphDigest(graph);
  const stats = graph.graph.stats();
  const hubFile = hub === 'auto' ? mostImportedFile(graph) : hub;
  const importers = importersOf(graph, hubFile);
  const incremental = {
    leaf: await editLatency(graph, path.join(root, leaf), 50),
    hub: await editLatency(graph, path.join(root, hubFile), 50),
  };
  const shapeEdits = await shapeEditLatency(graph, root, hubFile, Number(process.env.BENCH_SHAPE_REPEATS ?? 3));
  // The 100 updates above each replaced the TypeScript program; let V8 collect them first, as it has
  // long done between a person's saves, so the tail measures queries, not that garbage (without
  // this, 10k-file p95s were 8-10 ms against 1-3 ms in a settled heap). Then a second of idle, as
  // between an agent's questions: the collection's concurrent sweeping of a 1.3 GB heap goes on
  // after gc() returns and, on 2 cores, slowed the queries that start at once (10k files:
  // dependenciesOf p95 6.0-6.4 ms at once, 2.4-2.6 ms a second later).
  (globalThis as { gc?: () => void }).gc?.();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const queries = queryLatency(graph, root);
  const graphBytes = graphHeapBytes(graph);
  return {
    indexMillis,
    indexCpuMillis,
    indexPeakRssMb,
    programMillis: graph.report.programMillis,
    compiler: graph.report.compiler,
    compilerPeakRssMb: (graph.report.memory?.compilerPeakRssBytes ?? 0) / 2 ** 20,
    graphDigest: digest,
    files: graph.report.files,
    nodes: stats.nodes,
    edges: stats.edges,
    edgesByType: stats.edgesByType,
    incremental,
    hub: { file: hubFile, importers, share: importers / Math.max(1, graph.report.files) },
    shapeEdits,
    queries,
    graphBytes,
    bytesPerEdge: graphBytes / Math.max(1, stats.edges),
    peakRssMb: peakRssMb(),
  };
}

/**
 * Body edits that a save typically brings: the file's public shape stays the same. `fresh` is save →
 * fresh answer: the update, then `dependentsOf` on a symbol of the saved file, formatted.
 */
async function editLatency(graph: CodeGraph, file: string, count: number) {
  const original = fs.readFileSync(file, 'utf8');
  const times: number[] = [];
  const fresh: number[] = [];
  let touched = 0;
  try {
    for (let i = 0; i < count; i++) {
      await betweenSaves();
      fs.writeFileSync(file, i % 2 === 0 ? bodyEdit(original, i) : original);
      const t = performance.now();
      const r = await graph.update([file], []);
      times.push(performance.now() - t);
      askAbout(graph, file);
      fresh.push(performance.now() - t);
      touched = Math.max(touched, r.reindexed.length);
    }
  } finally {
    fs.writeFileSync(file, original);
    await graph.update([file], []);
  }
  return { ...percentiles(times), fresh: percentiles(fresh), filesTouched: touched };
}

/**
 * The pause before each timed save or edit (body edits, shape edits, the first save after a cache
 * start). Saves come seconds apart, from a person or an agent; back to back, each one also paid for
 * the garbage collection and optimising compilation the previous ones left running on the machine's
 * other core: ra-core's body-edit save -> fresh p95 was 56-78 ms back to back and 25-40 ms with this
 * pause, p50 about the same (two runs each, 2026-11-25).
 */
function betweenSaves(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 100));
}

/** A save that keeps the file's shape: a comment in its last block and one at its end. */
function bodyEdit(text: string, i: number): string {
  return text.replace(/\}\s*$/, `  // edit ${i}\n}\n`) + `\n// save ${i}\n`;
}

/** `dependentsOf` on the file's most-used symbol (or its module), formatted as an agent gets it. */
function askAbout(graph: CodeGraph, file: string, symbol?: string): void {
  const rel = path.relative(graph.root, file).split(path.sep).join('/');
  const nodes = graph.graph.nodesInFile(rel);
  const name = symbol ?? nodes.reduce((best, n) => (graph.graph.inEdges(n.id).length > graph.graph.inEdges(best.id).length ? n : best), nodes[0])?.name ?? rel;
  formatText(graph.dependentsOf(file, name), createFileSourceReader(graph.root), { snippets: 'none' });
}

/** Files whose contributions depend on `file` (imports, re-exports, edge targets). */
function importersOf(graph: CodeGraph, file: string): number {
  let n = 0;
  for (const f of graph.graph.files()) if (f !== file && graph.graph.getContribution(f)!.dependsOnFiles?.includes(file)) n++;
  return n;
}

/** The file the most other files depend on: where a shape edit costs the most. */
function mostImportedFile(graph: CodeGraph): string {
  const counts = new Map<string, number>();
  for (const f of graph.graph.files()) for (const d of graph.graph.getContribution(f)!.dependsOnFiles ?? []) counts.set(d, (counts.get(d) ?? 0) + 1);
  // Prefer a file with an exported function or class (a signature to change); ties by name for stability.
  // Parsed in that order until one qualifies: parsing every candidate left the timed saves that
  // follow hundreds of syntax trees' garbage to collect, which no real save has.
  const candidates = [...counts].filter(([f]) => /\.tsx?$/.test(f) && !f.endsWith('.d.ts'));
  candidates.sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return candidates.find(([f]) => exportedDeclarations(fs.readFileSync(path.join(graph.root, f), 'utf8'), f).length > 0)![0];
}

interface Exported {
  name: string;
  /** [start, end) of the whole statement, and of its name. */
  stmt: [number, number];
  nameAt: [number, number];
  /** Where `, extra?: number` goes (a function's parameter list, a class/interface body), or undefined. */
  signatureAt?: { pos: number; text: string };
}

function exportedDeclarations(text: string, fileName: string): Exported[] {
  const sf = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const out: Exported[] = [];
  for (const st of sf.statements) {
    const exported = ts.canHaveModifiers(st) && ts.getModifiers(st)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    if (!exported || ts.getModifiers(st)!.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword)) continue;
    let name: ts.Identifier | undefined;
    let signatureAt: Exported['signatureAt'];
    const params = (ps: ts.NodeArray<ts.ParameterDeclaration>) => ({ pos: ps.end, text: ps.length ? ', benchExtra?: number' : 'benchExtra?: number' });
    if (ts.isFunctionDeclaration(st) && st.name && st.body) {
      name = st.name;
      signatureAt = params(st.parameters);
    } else if ((ts.isClassDeclaration(st) || ts.isInterfaceDeclaration(st)) && st.name) {
      name = st.name;
      signatureAt = { pos: st.members.end, text: ts.isClassDeclaration(st) ? '\n  benchExtra(): number { return 1; }\n' : '\n  benchExtra(): number;\n' };
    } else if (ts.isVariableStatement(st) && st.declarationList.declarations.length === 1) {
      const d = st.declarationList.declarations[0];
      const init = d.initializer && (ts.isArrowFunction(d.initializer) || ts.isFunctionExpression(d.initializer)) ? d.initializer : undefined;
      if (ts.isIdentifier(d.name) && init && !d.type) {
        name = d.name;
        signatureAt = params(init.parameters);
      }
    }
    if (name && signatureAt) out.push({ name: name.text, stmt: [st.getStart(sf), st.end], nameAt: [name.getStart(sf), name.end], signatureAt });
  }
  return out;
}

/**
 * The edits agents make to a widely imported file, each followed at once by `dependentsOf` (save →
 * fresh answer): add an export, remove one, rename one, change a signature, delete the file, rename
 * the file. The declaration edited is the hub's exported function/class most used by other files.
 * Each edit is applied (timed) and undone (untimed) `repeats` times; a deleted or moved file is restored timed
 * (creating a file others import is an agent edit too).
 */
async function shapeEditLatency(graph: CodeGraph, root: string, hub: string, repeats: number) {
  const file = path.join(root, hub);
  const original = fs.readFileSync(file, 'utf8');
  const decls = exportedDeclarations(original, file);
  const uses = (d: Exported) => graph.graph.nodesInFile(hub).filter((n) => n.name === d.name || n.name.startsWith(`${d.name}.`)).reduce((k, n) => k + graph.graph.inEdges(n.id).filter((e) => !e.from.startsWith(`${hub}#`)).length, 0);
  const target = decls.reduce((best, d) => (uses(d) > uses(best) ? d : best), decls[0]);
  const splice = (at: number, end: number, text: string) => original.slice(0, at) + text + original.slice(end);
  const textEdits: Record<string, string> = {
    'add export': `${original}\nexport function benchAdded(): number {\n  return 1;\n}\n`,
    'remove export': splice(target.stmt[0], target.stmt[1], ''),
    'rename export': splice(target.nameAt[0], target.nameAt[1], `${target.name}Renamed`),
    'change signature': splice(target.signatureAt!.pos, target.signatureAt!.pos, target.signatureAt!.text),
  };
  const out: Record<string, { p50: number; p95: number; fresh: { p50: number; p95: number }; filesTouched: number; rebuilt?: boolean }> = {};
  const record = (kind: string, times: number[], fresh: number[], touched: number) => (out[kind] = { ...percentiles(times), fresh: percentiles(fresh), filesTouched: touched });
  const moved = file.replace(/(\.tsx?)$/, 'Moved$1');
  const timed = async (changed: string[], deleted: string[], ask: string, symbol?: string) => {
    const t = performance.now();
    const r = await graph.update(changed, deleted);
    const updateMs = performance.now() - t;
    askAbout(graph, ask, symbol);
    return { updateMs, freshMs: performance.now() - t, touched: r.reindexed.length };
  };
  try {
    for (const [kind, edited] of Object.entries(textEdits)) {
      const times: number[] = [];
      const fresh: number[] = [];
      let touched = 0;
      for (let i = 0; i < repeats; i++) {
        await betweenSaves();
        fs.writeFileSync(file, edited);
        const r = await timed([file], [], file, kind === 'rename export' ? `${target.name}Renamed` : target.name);
        times.push(r.updateMs);
        fresh.push(r.freshMs);
        touched = Math.max(touched, r.touched);
        // Undone untimed: undoing an added export is a removal, measured as its own kind.
        fs.writeFileSync(file, original);
        await graph.update([file], []);
      }
      record(kind, times, fresh, touched);
    }
    // Delete the file, then restore it; rename (move) it, then move it back. The query after a delete
    // asks about an importer (the hub is gone).
    const importer = graph.graph.files().find((f) => f !== hub && graph.graph.getContribution(f)!.dependsOnFiles?.includes(hub))!;
    for (const kind of ['delete file', 'rename file']) {
      const times: number[] = [];
      const fresh: number[] = [];
      let touched = 0;
      for (let i = 0; i < repeats; i++) {
        const steps: Array<[() => void, string[], string[], string]> =
          kind === 'delete file'
            ? [
                [() => fs.rmSync(file), [], [file], path.join(root, importer)],
                [() => fs.writeFileSync(file, original), [file], [], file],
              ]
            : [
                [() => fs.renameSync(file, moved), [moved], [file], moved],
                [() => fs.renameSync(moved, file), [file], [moved], file],
              ];
        for (const [act, changed, deleted, ask] of steps) {
          await betweenSaves();
          act();
          const r = await timed(changed, deleted, ask);
          times.push(r.updateMs);
          fresh.push(r.freshMs);
          touched = Math.max(touched, r.touched);
        }
      }
      record(kind, times, fresh, touched);
    }
  } finally {
    if (fs.existsSync(moved)) fs.renameSync(moved, file);
    fs.writeFileSync(file, original);
    await graph.update([file], [moved]);
  }
  return { declaration: target.name, kinds: out };
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

/**
 * Heap the live graph holds beyond the programs (which the worker keeps anyway): its contributions
 * and indexes, every incoming list made, after the edits above. Measured by emptying it, so this is
 * the last thing done with the graph. Nothing else keeps the contributions, so what that frees is what
 * the graph held, including any source text only its names still pointed into. (Earlier rows
 * measured a copy loaded from cloned contributions, which missed such texts: a clone's strings are
 * fresh.)
 */
function graphHeapBytes(graph: CodeGraph): number {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) return NaN;
  // Settled: one collection after the edits above left replaced programs behind did not free them
  // all, and a later one freed the rest while the graph was measured (rxjs: 90 B/edge, alone 495).
  const settledHeap = () => {
    let used = Infinity;
    for (let i = 0; i < 10 && used - process.memoryUsage().heapUsed > 64 * 1024; i++) {
      used = process.memoryUsage().heapUsed;
      gc();
    }
    return process.memoryUsage().heapUsed;
  };
  for (const n of [...graph.graph.allNodes()]) graph.graph.inEdges(n.id);
  const before = settledHeap();
  for (const f of graph.graph.files()) graph.graph.removeFile(f);
  graph.graph.settle();
  if (graph.graph.nodeCount !== 0) throw new Error(`the emptied graph still has ${graph.graph.nodeCount} nodes`);
  return before - settledHeap();
}

/**
 * First start writes the persisted cache; the second start (a new CodeGraph) should load it. Then
 * the first save after a start from the cache, a body edit of the hub, save -> fresh answer: as a
 * one-shot CLI start meets it (no programs yet), and as the long-running hosts do, having prepared
 * for updates at once (that preparation timed on its own).
 */
async function secondStart(root: string, tsconfig: string | undefined, hub: string) {
  const cacheDir = fs.mkdtempSync(path.join(require('os').tmpdir(), 'tcg-bench-cache-'));
  try {
    let t = performance.now();
    const first = await CodeGraph.open({ root, tsconfig, cacheDir });
    const firstMillis = performance.now() - t;
    const hubFile = path.join(root, hub === 'auto' ? mostImportedFile(first) : hub);
    t = performance.now();
    const second = await CodeGraph.open({ root, tsconfig, cacheDir });
    const secondMillis = performance.now() - t;
    const unprepared = await firstSave(second, hubFile);
    const third = await CodeGraph.open({ root, tsconfig, cacheDir });
    t = performance.now();
    await third.prepareForUpdates();
    const prepareMillis = performance.now() - t;
    const prepared = await firstSave(third, hubFile);
    // Before the impact run: it starts from the cache with 10 files edited, and the cache it leaves
    // behind no longer matches the restored files (a start from it is partial and prepares nothing).
    const firstAnswer = await firstAnswerFromCache(root, tsconfig, cacheDir, hubFile);
    const impact = await tenFileImpact(first, root, tsconfig, cacheDir);
    return { firstMillis, secondMillis, cache: second.report.cache, prepareMillis, unprepared, prepared, impact, firstAnswer };
  } finally {
    fs.rmSync(cacheDir, { recursive: true, force: true });
  }
}

/**
 * `ts-code-graph impact` after a 10-file change, as the CLI meets it: a start from the persisted
 * cache with 10 files edited on disk (those re-indexed with what depends on them), then the answer
 * (both versions of the 10 files parsed, the walk from every changed symbol, the text formatted).
 * Git is left out (the workspace need not be a repository): the changes are handed in with their
 * base texts. The edits: a statement added to the body of each file's most-used multi-line function
 * or method, in the 10 files whose such functions are the most used.
 */
async function tenFileImpact(first: CodeGraph, root: string, tsconfig: string | undefined, cacheDir: string) {
  const edits = tenBodyEdits(first.graph, root);
  const originals = new Map<string, string>();
  const changes: FileChange[] = [];
  try {
    for (const e of edits) {
      originals.set(e.file, e.text);
      fs.writeFileSync(e.file, e.edited);
      changes.push({ file: e.rel, status: 'modified', baseText: e.text, text: e.edited });
    }
    await betweenSaves();
    let t = performance.now();
    const graph = await CodeGraph.open({ root, tsconfig, cacheDir });
    const openMillis = performance.now() - t;
    t = performance.now();
    const result = graph.impact(changes, 'bench');
    formatText(result, createFileSourceReader(root));
    const impactMillis = performance.now() - t;
    const summary = result.kind === 'graph' ? result.impact : undefined;
    return { files: changes.length, openMillis, impactMillis, cache: graph.report.cache, changed: summary?.changed.length ?? 0, dependents: summary?.dependents ?? 0, tests: summary?.tests.length ?? 0 };
  } finally {
    for (const [file, text] of originals) fs.writeFileSync(file, text);
  }
}

/**
 * The 10-file body change of the impact rows: a statement added to the body of each file's most-used
 * multi-line function or method, in the 10 files whose such functions are the most used.
 */
function tenBodyEdits(g: CodeGraph['graph'], root: string): Array<{ file: string; rel: string; text: string; edited: string }> {
  const best = new Map<string, { node: GraphNode; uses: number }>();
  for (const n of g.allNodes()) {
    if (n.external || (n.kind !== 'function' && n.kind !== 'method') || n.limit < 3) continue;
    const uses = g.inEdges(n.id).length;
    const seen = best.get(n.file);
    if (!seen || uses > seen.uses) best.set(n.file, { node: n, uses });
  }
  const edits: Array<{ file: string; rel: string; text: string; edited: string }> = [];
  for (const { node } of [...best.values()].sort((a, b) => b.uses - a.uses || (a.node.id < b.node.id ? -1 : 1))) {
    if (edits.length === 10) break;
    const file = path.join(root, node.file);
    const text = fs.readFileSync(file, 'utf8');
    const lines = text.split('\n');
    const last = node.offset + node.limit - 2;
    if (lines[last]?.trim() !== '}') continue;
    lines[last] = `void 0; ${lines[last]}`;
    edits.push({ file, rel: node.file, text, edited: lines.join('\n') });
  }
  return edits;
}

/**
 * "Impact of My Changes" on a warm graph, as the extension's worker answers it (FolderGraphs): the
 * folder indexed once, the 10-file body change saved (the incremental update of those files, timed:
 * what the worker does on Save All anyway), then the impact request (git lists the changes and gives
 * the base versions, both versions compared, the walk, the text and the drawing; timed), `repeats`
 * times. The workspace is made a git repository whose .git lives outside it (GIT_DIR, this thread
 * only), its files committed as they are; node_modules is excluded.
 */
async function warmImpact(workspace: string, tsconfig: string | undefined, repeats: number) {
  const root = path.resolve(workspace);
  const gitDir = fs.mkdtempSync(path.join(require('os').tmpdir(), 'tcg-bench-git-'));
  process.env.GIT_DIR = gitDir;
  process.env.GIT_WORK_TREE = root;
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.email=bench@example.com', '-c', 'user.name=bench', '-c', 'core.autocrlf=false', ...args], { cwd: root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  const graphs = new FolderGraphs({ info() {}, warn() {}, error() {} }, () => undefined);
  const key = 'bench';
  const originals = new Map<string, string>();
  try {
    git('init', '-q');
    fs.writeFileSync(path.join(gitDir, 'info', 'exclude'), 'node_modules/\n');
    git('add', '-A');
    git('commit', '-q', '-m', 'bench base');
    // The edits are chosen on a graph of their own, dropped before anything is timed.
    const edits = tenBodyEdits((await CodeGraph.open({ root, tsconfig })).graph, root);
    (globalThis as { gc?: () => void }).gc?.();
    await graphs.open({ key, name: key, root, tsconfig });
    const files = edits.map((e) => e.file);
    for (const e of edits) originals.set(e.file, e.text);
    // Wall and CPU time (this process: the worker thread's work; git's own processes are not in it).
    const update: number[] = [];
    const updateCpu: number[] = [];
    const answer: number[] = [];
    const answerCpu: number[] = [];
    const textOnly: number[] = [];
    const gitOnly: number[] = [];
    let summary = { changed: 0, dependents: 0, tests: 0 };
    for (let i = 0; i < repeats; i++) {
      await betweenSaves();
      for (const e of edits) fs.writeFileSync(e.file, e.edited);
      let t = performance.now();
      let c = cpuMillis();
      await graphs.update(key, files, []);
      update.push(performance.now() - t);
      updateCpu.push(cpuMillis() - c);
      await betweenSaves();
      t = performance.now();
      c = cpuMillis();
      const impact = await graphs.impact({ folder: root }, []);
      answer.push(performance.now() - t);
      answerCpu.push(cpuMillis() - c);
      if (impact.isMessage) throw new Error(`warm impact: ${impact.text}`);
      t = performance.now();
      await graphs.impact({ folder: root });
      textOnly.push(performance.now() - t);
      t = performance.now();
      const listed = gitChanges(root, { kind: 'working-tree' });
      gitOnly.push(performance.now() - t);
      if ('error' in listed || listed.changes.length !== edits.length) throw new Error(`warm impact: git listed ${JSON.stringify('error' in listed ? listed : listed.changes.map((c) => c.file))}`);
      const first = /^Impact \(.*?\): (\d+) changed files?, (\d+) changed symbols?, ([\d,]+) dependents?, (no|\d+) test files?/.exec(impact.text);
      if (first) summary = { changed: Number(first[2]), dependents: Number(first[3].replace(/,/g, '')), tests: first[4] === 'no' ? 0 : Number(first[4]) };
      for (const e of edits) fs.writeFileSync(e.file, e.text);
      await graphs.update(key, files, []);
    }
    return {
      files: edits.length,
      repeats,
      update: percentiles(update),
      updateCpu: percentiles(updateCpu),
      answer: percentiles(answer),
      answerCpu: percentiles(answerCpu),
      textOnly: percentiles(textOnly),
      git: percentiles(gitOnly),
      ...summary,
    };
  } finally {
    for (const [file, text] of originals) fs.writeFileSync(file, text);
    delete process.env.GIT_DIR;
    delete process.env.GIT_WORK_TREE;
    fs.rmSync(gitDir, { recursive: true, force: true });
  }
}

/**
 * A start from the cache as the extension's and the MCP server's worker makes it (FolderGraphs): the
 * time from the start to the first answer (a dependentsOf asked as soon as the folder is open; it must
 * not wait for the programs, which are built behind it), and the longest the thread was busy at a
 * stretch while they were built: what a query asked then waits at most.
 */
async function firstAnswerFromCache(root: string, tsconfig: string | undefined, cacheDir: string, hubFile: string) {
  const ready: string[] = [];
  const log = { info: (m: string) => void (/ready for updates/.test(m) && ready.push(m)), warn() {}, error() {} };
  const graphs = new FolderGraphs(log, () => undefined);
  const started = performance.now();
  await graphs.open({ key: 'bench', name: 'bench', root, tsconfig, cacheDir });
  const hub = path.relative(root, hubFile).split(path.sep).join('/');
  const answer = await graphs.query({ query: 'dependentsOf', file_path: hub, symbol: '<module>' });
  const firstAnswerMillis = performance.now() - started;
  if (answer.isError) throw new Error(`first answer from the cache: ${answer.text}`);
  const answeredBeforePrograms = ready.length === 0;
  let longestBusyMillis = 0;
  let last = performance.now();
  const deadline = performance.now() + 600_000;
  while (ready.length === 0) {
    // Only a start from a cache that matches every file prepares behind the answer; never wait forever.
    if (performance.now() > deadline) throw new Error('first answer from the cache: the worker never said it was ready for updates (was the cache whole?)');
    await new Promise((resolve) => setTimeout(resolve, 1));
    const now = performance.now();
    longestBusyMillis = Math.max(longestBusyMillis, now - last);
    last = now;
  }
  return { firstAnswerMillis, answeredBeforePrograms, programsMillis: performance.now() - started, longestBusyMillis };
}

/** One body edit of `file` (as `editLatency` makes them), save -> fresh `dependentsOf`; the text restored untimed. */
async function firstSave(graph: CodeGraph, file: string) {
  const original = fs.readFileSync(file, 'utf8');
  try {
    await betweenSaves();
    fs.writeFileSync(file, bodyEdit(original, 0));
    const t = performance.now();
    const r = await graph.update([file], []);
    askAbout(graph, file);
    return { freshMillis: performance.now() - t, filesTouched: r.reindexed.length };
  } finally {
    fs.writeFileSync(file, original);
  }
}

/**
 * Runs the index-and-edit and cache-start measurements where the extension and the MCP server keep
 * the graph: in a worker thread with the graph worker's resource limits (its young generation changes
 * what every update and query pays for garbage collection).
 */
interface GraphWorkerJob {
  job: 'index' | 'cache' | 'jsdoc' | 'impact' | 'projects';
  root: string;
  tsconfig?: string;
  leaf: string;
  hub: string;
}

function inGraphWorker(data: GraphWorkerJob): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const w = new Worker(__filename, { workerData: data, resourceLimits: graphWorkerResourceLimits() });
    // As the hosts' WorkerClient does: this thread runs the worker's native compiler watchdogs.
    const watches = new ParentWatches();
    w.once('exit', () => watches.stopAll());
    w.on('message', (m: { kind: 'result' | 'failed'; value?: unknown; error?: string }) => {
      if (watches.handle(m)) return;
      if (m.kind === 'result') resolve(m.value);
      else reject(new Error(m.error));
      void w.terminate();
    });
    w.once('error', reject);
    w.once('exit', (code) => reject(new Error(`the measuring worker exited (code ${code}) before answering`)));
  });
}

/**
 * The extension's setup at scale: a worker thread with the graph worker's resource limits indexes the
 * workspace (progress events counted); with `cancelAtFile` > 0 the token is cancelled when progress
 * passes that file, and we measure how long the cancellation takes to land.
 */
async function indexInWorker(root: string, cancelAtFile: number) {
  const started = performance.now();
  let progressEvents = 0;
  const outcome = await new Promise<Record<string, unknown>>((resolve, reject) => {
    const w = new Worker(__filename, { workerData: { root, cancelAtFile }, resourceLimits: graphWorkerResourceLimits() });
    w.on('message', (m: { kind: string }) => (m.kind === 'progress' ? progressEvents++ : resolve(m)));
    w.once('error', reject);
  });
  return { ...outcome, progressEvents, wallMillis: performance.now() - started, peakRssMb: peakRssMb() };
}

/**
 * What the extension host and the MCP server feel while their graph worker indexes: the gaps in this
 * thread's timers and its event-loop delay while the graph worker (tsc's output of graphWorker.ts,
 * with the hosts' resource limits) indexes through the real WorkerClient, its progress and log
 * events handled here as the hosts handle theirs. (A timed assertion in a unit test measured this
 * before; it belongs here, with the machine's noise visible next to it.)
 */
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
  let events = 0;
  const client = new WorkerClient(path.join(__dirname, '../src/worker/graphWorker.js'), () => events++, (reason) => {
    throw new Error(reason);
  });
  const started = performance.now();
  try {
    await client.request('open', { folder: { key: `file://${root}`, name: path.basename(root), root, tsconfig: tsconfig && path.resolve(root, tsconfig) } });
  } finally {
    clearInterval(ticker);
    histogram.disable();
  }
  const indexMillis = performance.now() - started;
  await client.dispose();
  return { indexMillis, maxLagMs: maxGap, p99LagMs: histogram.percentile(99) / 1e6, events };
}

/**
 * The full index as before TypeScript's JSDoc parsing modes (every comment parsed, in TypeScript files
 * too), in a process of its own like the `index` run: its cost, and a digest of its graph to compare
 * with that run's.
 */
async function everyJsDocParsed(root: string, tsconfig?: string) {
  const started = performance.now();
  const graph = await CodeGraph.open({ root, tsconfig, ts: typescriptParsingAllJsDoc });
  return { indexMillis: performance.now() - started, programMillis: graph.report.programMillis, graphDigest: graphDigest(graph) };
}

/** A digest of every node and edge (edge lines included), to tell two graphs apart. */
function graphDigest(graph: CodeGraph): string {
  const { nodes, edges } = graph.graph.snapshot();
  const hash = createHash('sha256');
  for (const line of [...nodes, ...edges]) hash.update(line).update('\n');
  return hash.digest('hex');
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
} else if ((workerData as { job?: string }).job) {
  const { job, root, tsconfig, leaf, hub } = workerData as GraphWorkerJob;
  watchThroughParent((m) => parentPort!.postMessage(m));
  (job === 'projects' ? manyProjectsIndex(root, leaf, hub) : job === 'index' ? indexAndQuery(root, tsconfig, leaf, hub) : job === 'jsdoc' ? everyJsDocParsed(root, tsconfig) : job === 'impact' ? warmImpact(root, tsconfig, Number(process.env.BENCH_IMPACT_REPEATS ?? 5)) : secondStart(root, tsconfig, hub)).then(
    (value) => parentPort!.postMessage({ kind: 'result', value }),
    (e: Error) => parentPort!.postMessage({ kind: 'failed', error: String(e.stack ?? e) }),
  );
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
