import * as fs from 'fs';
import * as path from 'path';
import { SymbolGraph } from './graph/SymbolGraph';
import { IndexOptions, IndexReport, UpdateProgress, UpdateReport, indexWorkspace } from './indexer/indexWorkspace';
import { WorkspaceIndex } from './indexer/WorkspaceIndex';
import { FileChange } from './query/impact/changedSymbols';
import { impactOf } from './query/impact/impactOf';
import { CancellationToken } from './Logger';
import { fileSystemCaseSensitive, relativeWithin } from './paths';
import { realModule } from './compiler/lazyModule';
import { QueryContext, SymbolRef } from './query/QueryContext';
import { QueryResult } from './query/QueryResult';
import { QueryRequest, QueryTarget, answerIn } from './query/QueryRequest';
import { queryNamed } from './query/queries';
import { resolveSymbol } from './query/resolve/resolveSymbol';
import { isCompilerProcessError } from './compiler/CompilerPort';
import { CancelledError } from './Logger';
import { dependenciesOf } from './query/dependencies-of/dependenciesOf';
import { dependentsOf } from './query/dependents-of/dependentsOf';
import { pathsBetween, TYPES_ONLY } from './query/paths-between/pathsBetween';
import { withAnalysisWarnings } from './query/shared/analysisWarnings';
import { asPartial, asPartialPaths, withIndexingNotes } from './query/shared/indexingNotes';
import { withUnresolvedImportNotes } from './query/shared/unresolvedImportNotes';
import { withComponentFileNotes } from './query/shared/componentFileNotes';
import { ReachedNames, reachedNames } from './query/shared/reachedNames';
import { GraphNode } from './graph/GraphTypes';
import { readTextFile } from './readTextFile';

/**
 * The core's front door: index a workspace once, answer queries, take file changes.
 * The only way a host indexes, updates or queries; hosts also import the result types and the
 * formatters (ARCHITECTURE.md, "What the hosts import from the core", lists every module).
 */
export class CodeGraph implements QueryTarget {
  private constructor(
    private readonly index: WorkspaceIndex,
    public report: IndexReport,
  ) {}

  static async open(options: IndexOptions): Promise<CodeGraph> {
    const { report, index } = await indexWorkspace({ ...options, root: path.resolve(options.root) });
    return new CodeGraph(index, report);
  }

  /**
   * Start indexing and hand out the graph at once: its queries answer from what is indexed so far,
   * their first line saying when a project not indexed yet could change them (`indexing`,
   * `prioritize` steer and follow the walk). `indexed` settles with the same graph, complete, or
   * rejects as `open` would. `report` is an empty one until then.
   */
  static opening(options: IndexOptions): { graph: CodeGraph; indexed: Promise<CodeGraph> } {
    const index = new WorkspaceIndex({ ...options, root: path.resolve(options.root) });
    const graph = new CodeGraph(index, emptyReport());
    const indexed = index.indexAll().then((report) => {
      graph.report = report;
      return graph;
    });
    return { graph, indexed };
  }

  /** While a full index runs: projects indexed of all (undefined once it is done, or when none runs). */
  get indexing(): { projectsDone: number; projectsTotal: number } | undefined {
    const walk = this.index.indexing;
    return walk && { projectsDone: walk.projectsDone, projectsTotal: walk.projectsTotal };
  }

  /**
   * While a full index runs: index these files' projects next, then what they import; settles when
   * they are (at once when no index runs). Paths absolute or root-relative.
   */
  prioritize(files: readonly string[]): Promise<void> {
    const walk = this.index.indexing;
    return walk ? walk.prioritize(files.map((f) => this.index.rootPaths.toReal(path.resolve(this.root, f)))) : Promise.resolve();
  }

  /**
   * While a full index runs, before the asked file's project is indexed: the query's direct dependents
   * (find-references on its declaration, in every built program holding its file, up to 8) or direct
   * dependencies (its own edges), from only the files that hold them, extracted now ahead of the walk (they are not
   * extracted again). Its first line says it is partial (`Partial:`, asPartial; `then`: what completes
   * it). Undefined when no such answer is possible: no index runs, the project is indexed already
   * (the ordinary answer is as quick), its program not built yet, bad input, a file's dependents; and
   * when the compiler's process fails or the index is cancelled meanwhile (the index deals with those).
   */
  firstAnswer(request: QueryRequest, then = 'the full graph follows'): QueryResult | undefined {
    const walk = this.index.indexing;
    const direction = queryNamed(request.query).walk;
    if (!walk) return undefined;
    if (direction === 'paths') return 'from' in request && 'to' in request ? this.firstPaths(request, request.from, request.to, walk, then) : undefined;
    if (!('file_path' in request) || !('symbol' in request)) return undefined;
    try {
      const abs = this.index.rootPaths.toReal(path.resolve(this.root, request.file_path));
      if (!waitsFor(walk, abs) || !this.index.extractFirst([abs])) return undefined;
      const resolved = resolveSymbol(this.context(), request.file_path, request.symbol);
      if (!resolved.ok || resolved.node.kind === 'module') return undefined;
      const dependents = direction === 'backward';
      const found = this.index.directFiles(resolved.node, dependents ? 'dependents' : 'dependencies', MAX_FIRST_FILES);
      if (!found) return undefined;
      // A declaration used everywhere: the answer shows a budget's worth of it anyway (fitToBudget).
      const read = found.files.slice(0, MAX_FIRST_FILES);
      this.index.extractFirst(read);
      const cut = found.files.length > read.length ? { read: read.length, of: found.complete ? found.files.length : undefined } : undefined;
      const result = this.answer(request);
      const inputs = new Set(result.inputs ?? []);
      const direct = (id: string) => (dependents ? this.graph.outEdges(id) : this.graph.inEdges(id)).some((e) => inputs.has(dependents ? e.to : e.from));
      return asPartial(result, direction, { done: walk.projectsDone, total: walk.projectsTotal }, then, cut, direct);
    } catch (err) {
      if (isCompilerProcessError(err) || err instanceof CancelledError) return undefined;
      throw err;
    }
  }

  /**
   * A paths query's first answer: both ends' files, then the files next to either end (what each
   * calls and uses, and find-references on each, up to MAX_FIRST_FILES per end and direction) are
   * extracted ahead of the walk, and the paths among them are the answer, `Partial:` in its first
   * line (the full graph may find shorter ones). Undefined when neither end's project is waiting, or
   * no chain of calls or references runs through those files yet (a path through types only could
   * hide one): the ordinary answer follows.
   */
  private firstPaths(request: QueryRequest, from: SymbolRef, to: SymbolRef, walk: NonNullable<WorkspaceIndex['indexing']>, then: string): QueryResult | undefined {
    try {
      const ends = [from.file_path, to.file_path].map((f) => this.index.rootPaths.toReal(path.resolve(this.root, f)));
      if (!ends.some((abs) => waitsFor(walk, abs)) || !this.index.extractFirst(ends)) return undefined;
      const ctx = this.context();
      const nodes: GraphNode[] = [];
      for (const ref of [from, to]) {
        const resolved = resolveSymbol(ctx, ref.file_path, ref.symbol);
        if (!resolved.ok) return undefined;
        nodes.push(resolved.node);
      }
      const near = new Set<string>();
      for (const node of nodes) {
        for (const direction of ['dependencies', 'dependents'] as const) {
          for (const f of (this.index.directFiles(node, direction, MAX_FIRST_FILES)?.files ?? []).slice(0, MAX_FIRST_FILES)) near.add(f);
        }
      }
      this.index.extractFirst([...near]);
      const result = this.answer(request);
      // Only a chain of calls or references: one through types only may hide a call path the walk finds.
      if (result.kind !== 'graph' || result.notes?.some((n) => n.startsWith(TYPES_ONLY))) return undefined;
      return asPartialPaths(result, { done: walk.projectsDone, total: walk.projectsTotal }, then, near.size);
    } catch (err) {
      if (isCompilerProcessError(err) || err instanceof CancelledError) return undefined;
      throw err;
    }
  }

  /**
   * Absolute, normalised workspace root, as the host gave it (what people see, and how hosts name
   * files). The index itself uses the real path (see indexer/workspaceRoot.ts); absolute paths in
   * either spelling are accepted everywhere.
   */
  get root(): string {
    return this.index.rootPaths.given;
  }

  /** The root-relative path of an absolute one in either spelling of the root; undefined outside it. */
  relativePath(absolute: string): string | undefined {
    return relativeWithin(this.index.root, this.index.rootPaths.toReal(absolute));
  }

  get graph(): SymbolGraph {
    return this.index.graph;
  }

  /**
   * Any query's answer (hosts ask through `runQuery`). Every answer says which failed files it may
   * be missing calls from (withAnalysisWarnings). A cancelled `token` stops the work that grows
   * with the workspace (QueryCancelledError).
   */
  answer(request: QueryRequest, token?: CancellationToken): QueryResult {
    return this.withNotes(answerIn(this.context(token), request));
  }

  // The queries by name, for scripts and tests: the same answers as `answer`.
  dependenciesOf(filePath: string, symbol: string, token?: CancellationToken): QueryResult {
    return this.withNotes(dependenciesOf(this.context(token), filePath, symbol));
  }

  dependentsOf(filePath: string, symbol: string, token?: CancellationToken): QueryResult {
    return this.withNotes(dependentsOf(this.context(token), filePath, symbol));
  }

  pathsBetween(from: SymbolRef, to: SymbolRef, token?: CancellationToken): QueryResult {
    return this.withNotes(pathsBetween(this.context(token), from, to));
  }

  /**
   * A failed file's missing calls (withAnalysisWarnings), projects not indexed yet or skipped
   * (withIndexingNotes), imports that resolve to no types (withUnresolvedImportNotes), and component
   * files using the answer's code (withComponentFileNotes), where they can change the answer.
   */
  private withNotes(result: QueryResult): QueryResult {
    const walk = queryNamed(result.query).walk;
    const noted = withIndexingNotes(this.graph, withAnalysisWarnings(this.graph, result, walk, this.index.globalErrors), walk, this.index.outstanding());
    const packageOf = (rel: string) => this.index.packageOf(rel);
    const readText = (rel: string) => readTextFile(path.join(this.root, rel));
    // One walk for both notes, taken only when one of them needs it.
    let names: ReachedNames | undefined;
    const reached = () => (names ??= reachedNames(this.graph, result.inputs ?? [], walk));
    const imported = withUnresolvedImportNotes(this.graph, noted, walk, reached, packageOf, readText);
    return withComponentFileNotes(this.graph, imported, walk, this.index.componentFiles(), reached, packageOf, readText);
  }

  /**
   * What the changes affect (`ts-code-graph impact`): the changed symbols, their dependents in this
   * graph and the test files reaching them. `changes` lists the changed files with both texts
   * (`impact/gitChanges.ts` reads them from git); `base` says what was compared, for people.
   */
  impact(changes: readonly FileChange[], base: string): QueryResult {
    return this.withNotes(impactOf({ graph: this.graph, root: this.root, ts: realModule(this.index.typescript) }, changes, base));
  }

  /** Incremental update after files were saved/created (`changed`) or deleted; paths absolute or root-relative. */
  update(changed: string[], deleted: string[], token?: CancellationToken): Promise<UpdateReport> {
    return this.index.update(changed, deleted, token);
  }

  /** While an update re-extracts files: how many are done, of those it has taken so far (see WorkspaceIndex.updateProgress). */
  updateProgress(): UpdateProgress | undefined {
    return this.index.updateProgress();
  }

  /**
   * After a start from the cache, build the TypeScript programs now rather than on the first change,
   * so that change costs what any later one does. Long-running hosts (the extension's and the MCP
   * server's worker) call it once the graph is open; a one-shot CLI query need not. Files changed
   * on disk since the cache was read are re-indexed here. A no-op once programs exist.
   */
  prepareForUpdates(token?: CancellationToken): Promise<UpdateReport> {
    return this.index.prepareForUpdates(token);
  }

  /**
   * Loud errors as they stand now (after updates too): the graph is known to be incomplete. Each names
   * the file and the reason. Hosts show them as errors (stderr, status item, log); empty when healthy.
   */
  errors(): string[] {
    return this.index.errors();
  }

  /** The problems as the graph stands now (the report's are its index's: updates change them). */
  problems(): string[] {
    return this.index.problems();
  }

  /** Persist the graph (only when opened with a cacheDir); hosts call it once edits settle. */
  saveCache(): void {
    this.index.saveCache();
  }

  /** Stops the native compiler's process, if one indexes this graph; queries still answer, updates do not. */
  dispose(): void {
    this.index.dispose();
  }

  /** Full re-index (the "rebuild graph" command). */
  async rebuild(token?: CancellationToken): Promise<IndexReport> {
    this.report = await this.index.rebuildFromScratch(token);
    return this.report;
  }

  private context(token?: CancellationToken): QueryContext {
    const root = this.root;
    const rootPaths = this.index.rootPaths;
    return {
      graph: this.graph,
      root,
      real: { root: rootPaths.real, path: (absolute) => rootPaths.toReal(absolute) },
      token,
      fileExists: (rel) => fs.existsSync(path.join(root, rel)),
      caseSensitiveFileNames: fileSystemCaseSensitive(),
      whyNotIndexed: (rel) => this.index.whyNotIndexed(rel),
      ts: this.index.typescript,
    };
  }
}

/** At most this many files are extracted for a first answer (the first ones the compiler names). */
const MAX_FIRST_FILES = 50;

/** Whether a project the walk has not indexed yet holds `abs` (a first answer is worth giving then). */
function waitsFor(walk: NonNullable<WorkspaceIndex['indexing']>, abs: string): boolean {
  return walk.pending().some((p) => p.config.fileNames.includes(abs) || p.program?.hasSourceFile(abs));
}

/** A graph's report before its index is done (CodeGraph.opening): nothing counted yet. */
function emptyReport(): IndexReport {
  return { projects: [], files: 0, nodes: 0, edges: 0, edgesByType: {}, millis: 0, programMillis: 0, compiler: '', skipped: [], excluded: [], problems: [], errors: [], warnings: [] };
}
