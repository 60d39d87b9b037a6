import * as fs from 'fs';
import * as path from 'path';
import type * as TS from 'typescript';
import { FileContribution, GraphNode, fileFailureMessage } from '../graph/GraphTypes';
import { SymbolGraph } from '../graph/SymbolGraph';
import { isFixtureFile } from '../graph/testFiles';
import { CancellationToken, Logger, neverCancelled, silentLogger } from '../Logger';
import { normalize } from './program/discoverProjects';
import { discoveryFileFor } from './program/discoveryCache';
import type { CompilerDefaults } from './program/compilerDefaults';
import { FileAnalysis } from './file/FileAnalysis';
import { NodeLocator } from './file/NodeLocator';
import { SharedCompilerHost } from './program/SharedCompilerHost';
import { WorkspacePackages } from './program/workspacePackages';
import { WorkspaceSpecifiers, affectedSpecifiers, assignSourcePaths, sourcePathsFor, workspaceImportsIn } from './program/sourcePaths';
import { UnresolvedUse, resolvedFileOf, unresolvedPackageWarnings } from './program/packageAdvice';
import { reachable } from './incremental/reachable';
import { newFileEffects, withFilesUnder } from './incremental/fileSetChanges';
import { ShapeTracker } from './incremental/ShapeTracker';
import { fileShape, shapeDelta, type ShapeDelta } from './incremental/fileShape';
import { declarationSkeleton } from './incremental/declarationSkeleton';
import { mentionDelta, ModuleMentions, moduleMentions } from './incremental/exportMentions';
import { UpdatePlanner, updateState } from './incremental/UpdatePlanner';
import { Project, WorkspacePrograms, sameSourceFiles } from './program/WorkspacePrograms';
import { CancelledError } from '../Logger';
import { isCompilerProcessError, type CompilerPort, type CompilerProgram } from '../compiler/CompilerPort';
import { declareFile } from './file/declareFile';
import { CompilerChoice } from './program/CompilerChoice';
import { InProcessCompiler } from '../compiler/inprocess/InProcessCompiler';
import { REBUILD_FILE, SOURCE_FILE, inIgnoredDir, isWatchedFile } from './workspaceFiles';
import { CacheSnapshot, cacheFileFor, checkedCache, contentHash, hashFile, indexSet, indexesOf, libraryStamps, readCacheLogged, workspaceFingerprint, writeCache } from './cache/IndexCache';
import { indexerIdentity } from './cache/indexerIdentity';
import { fileStamp } from '../compiler/fileStamp';
import type { IndexOptions, IndexReport, UpdateProgress, UpdateReport } from './indexTypes';
import { WorkspaceRoot } from './workspaceRoot';
import { ProjectSelection } from './program/projectSelection';
import { ExcludedPaths } from './excludedPaths';
import { ProjectWalk } from './ProjectWalk';
import { outstandingProjects } from './outstandingProjects';
import { ProjectReach } from './program/projectReach';
import type { Outstanding } from './outstandingProjects';
import { MemoryBudget, memoryBudget } from './program/memoryBudget';
import { JAVASCRIPT, mayDeclareGlobals, scopedRoots } from './program/scopedRoots';
import { GeneratedConfigs } from './program/generatedConfigs';

/** How many programs a first answer's find-references asks (each is one request to the compiler). */
const MAX_REFERENCE_PROGRAMS = 8;
/** A find-references that may stop early (directFiles' `enough`) asks in at most this many files first, at least this many at a time. */
const MAX_CANDIDATE_FILES = 200;
const MIN_REFERENCE_BATCH = 10;
/**
 * Library files read for their globals flag while the native compiler answers one file's names
 * (learnLibraryGlobals): ~0.1 ms each, well inside the ~2 ms the compiler takes per file.
 */
const LIBRARIES_PER_FILE = 3;

/**
 * Owns the workspace's TypeScript programs and keeps the graph in step with them: a full index,
 * then incremental updates that re-extract the changed files and every file whose edges could
 * have changed with them (their importers, transitively), so the graph always equals what a
 * full rebuild would give.
 */
export class WorkspaceIndex {
  readonly graph = new SymbolGraph();
  /** The real root (symlinks resolved, see WorkspaceRoot): every path of the index is under it. */
  readonly root: string;
  /** The root as given and as real; absolute paths handed in go through `toReal`. */
  readonly rootPaths: WorkspaceRoot;
  private readonly ts: typeof TS;

  /** The TypeScript module this index parses with (impact parses the base versions with it too). */
  get typescript(): typeof TS {
    return this.ts;
  }
  private readonly log: Logger;
  private readonly host: SharedCompilerHost;
  /** What programs and parses may hold (memoryBudget). */
  private readonly budget: MemoryBudget;
  private readonly choice: CompilerChoice;
  /** The compiler in use now (its kind, name, the native one's process). */
  get compiler(): CompilerPort {
    return this.choice.port;
  }
  /** The projects, their programs and which project indexes each file. */
  private readonly programs: WorkspacePrograms;
  private get projects(): Project[] {
    return this.programs.projects;
  }
  /** Absolute file → the project that indexes it (each file is indexed once). */
  private get owner(): Map<string, Project> {
    return this.programs.owner;
  }
  /** 'refresh' after an explicit rebuild: the next indexAll ignores what the cache remembers. */
  private cacheMode: 'use' | 'refresh';
  /** Set while a full index walks the projects (see walkProjects). */
  private walk: ProjectWalk | undefined;
  /** While a full index walks: file → the project it was extracted for (extractFirst takes files ahead of the walk). */
  private extracted: Map<string, Project> | undefined;
  /** What each project could import (for answers' notes), read once per full index when first needed. */
  private reach: ProjectReach | undefined;
  /** While an update re-extracts files: how far it is (see updateProgress). */
  private updateCounts: (() => UpdateProgress) | undefined;
  /** Shapes computed by earlier updates, and the files' words during one (what dependents can see). */
  private shapes!: ShapeTracker;
  private analysis!: FileAnalysis;
  /** Root-relative file → hash of the text its graph contribution was extracted from (what the cache stores). */
  private readonly extractedFrom = new Map<string, string>();
  /**
   * Printed shapes of the files most others import (`CacheSnapshot.shapes`), root-relative file →
   * [hash of the text printed from, shape]: read with the cache, printed again where a start from it
   * re-indexes one, written with the cache.
   */
  private knownShapes = new Map<string, [string, string]>();
  /** Library (root-relative) → [its stamp, the hash of its text under it] (`CacheSnapshot.libraryHashes`): read with the cache, each computed once per stamp. */
  private libraryHashes = new Map<string, [string, string]>();
  /** Library files the cache this start read found written again with the same text (checkedCache). */
  private restampedLibraries = 0;
  /**
   * During a start from the cache: which re-indexed files get their shape printed as they are
   * extracted, and those shapes; the files re-indexed because they name what changed in another, and
   * what syntax tells of theirs (those without a printed shape: see exportMentions).
   */
  private shapesSinceCache:
    | { wanted: (rel: string, contribution: FileContribution) => boolean; printed: Map<string, string>; lookers: Set<string>; modules: Map<string, ModuleMentions | undefined> }
    | undefined;
  /** Per contribution, where its unresolved package imports led when it was extracted (resolutionsAtExtraction). */
  private readonly importResolutions = new WeakMap<FileContribution, Record<string, string>>();
  private locator!: NodeLocator;
  /** The monorepo's packages (workspaces, pnpm-workspace.yaml, node_modules symlinks into the root). */
  private workspace: WorkspacePackages | undefined;
  /** With the native compiler: the imports of workspace packages its configs' `sourcePaths` answer. */
  private sourceSpecifiers: WorkspaceSpecifiers | undefined;
  /** The index's own problems (a config's, the warnings of its last full index); a file's live in its contribution (`problems()`). */
  private workspaceProblems: string[] = [];
  /** Workspace-wide loud errors (e.g. a program built without its default library); per-file failures live in the graph. */
  globalErrors: string[] = [];
  /** What the cache a start loaded recorded of the files outside it (`libraryStamps` before programs exist). */
  private cachedLibraries: Record<string, string> = {};
  /** What each project's whole program read besides its own files, as the usable cache recorded it (`CacheSnapshot.programReads`). */
  private cachedProgramReads: NonNullable<CacheSnapshot['programReads']> = { files: [], byProject: {} };
  /** The changed files' `references` as the cache recorded them (a start from it: see extractScoped). */
  private referencesBefore = new Map<string, string[] | undefined>();
  /** readBesidesOwn's answers, by the program file list they came from. */
  private readonly besidesOwn = new WeakMap<readonly string[], string[]>();
  /** Root-relative files a scoped program of a project held besides its own since the cache was read: its whole program holds them too. */
  private readSinceCache = new Map<string, Set<string>>();
  /** Libraries known to declare globals or not, by stamp (CacheSnapshot.libraryGlobals): read and written with the cache. */
  private libraryGlobals: Record<string, [string, boolean]> = {};
  /** Whose defaults fill what the configs leave unset; read again at every full index (an `npm install` may change it). */
  private defaults: CompilerDefaults;

  constructor(private readonly options: IndexOptions) {
    this.ts = options.ts ?? (require('typescript') as typeof TS);
    this.rootPaths = new WorkspaceRoot(options.root);
    this.root = this.rootPaths.real;
    this.log = options.logger ?? silentLogger;
    this.budget = memoryBudget(options.memoryMb);
    this.host = new SharedCompilerHost(this.ts, this.budget.parseCacheBytes);
    this.cacheMode = options.cacheMode ?? 'use';
    this.choice = new CompilerChoice(this.ts, this.root, this.host, this.log, options);
    this.programs = new WorkspacePrograms(this.ts, this.root, this.compiler, this.log, options.tsconfig === undefined ? undefined : this.rootPaths.toReal(path.resolve(this.rootPaths.given, options.tsconfig)), (error) => {
      if (this.globalErrors.includes(error)) return;
      this.globalErrors.push(error);
      this.log.error(error);
    }, new ProjectSelection(this.root, ExcludedPaths.of(this.root, options.exclude)), this.budget, options.groupMs);
    this.programs.beforeBuild = () => this.ensureSourcePaths();
    this.log.info(`memory budget: ${this.budget.mb} MB (${this.budget.source}); programs beyond ${Math.round(this.budget.programsMb)} MB of it are released and built again when needed`);
    this.wirePasses();
    this.defaults = this.choice.defaults();
  }

  /** The per-file passes read the trees of the compiler in use, in its syntax vocabulary. */
  private wirePasses(): void {
    const syntax = this.compiler.syntax;
    this.locator = new NodeLocator(syntax, this.root, (abs) => this.owner.has(abs));
    this.programs.useCompiler(this.compiler, this.locator);
    this.shapes = new ShapeTracker(syntax, this.root, this.graph, (abs) => this.owner.get(abs)?.program);
    this.analysis = new FileAnalysis(this.ts, syntax, this.compiler, this.host, this.locator, this.programs);
  }

  /** Stops the native compiler's process, if one runs; the index must not be used afterwards. */
  dispose(): void {
    this.compiler.dispose();
  }

  /** Runs one indexing operation, redone on another compiler when the native one's process fails (CompilerChoice.run). */
  private withCompiler<T>(operation: () => Promise<T>, token: CancellationToken): Promise<T> {
    return this.choice.run(operation, () => this.rewire(), token);
  }

  /** Another compiler (or a new process of it) from now on: no program of the old one is read again. */
  private rewire(): void {
    this.programs.forgetPrograms();
    this.wirePasses();
  }

  /** Index from scratch, ignoring (and then rewriting) the persisted cache: the "rebuild graph" command. */
  async rebuildFromScratch(token?: CancellationToken): Promise<IndexReport> {
    this.cacheMode = 'refresh';
    try {
      return await this.indexAll(token);
    } finally {
      this.cacheMode = 'use';
    }
  }

  async indexAll(token: CancellationToken = this.options.token ?? neverCancelled): Promise<IndexReport> {
    return this.withCompiler(() => this.indexAllOnce(token), token);
  }

  private async indexAllOnce(token: CancellationToken): Promise<IndexReport> {
    const started = Date.now();
    this.workspaceProblems = [];
    this.globalErrors = [];
    this.defaults = this.choice.defaults();
    // The configs as the last start found them, when nothing that search read has changed (a CLI
    // query's warm start on vercel/ai spent 330-430 ms finding its 106 configs again).
    this.programs.discover(this.defaults, this.options.cacheDir && this.cacheMode === 'use' ? { file: discoveryFileFor(this.cacheFile(this.options.cacheDir)), indexer: indexerIdentity() } : undefined);
    this.reach = undefined;
    this.shapes.clear();
    // A rebuild follows a config or dependency change (or the rebuild command): typings nobody
    // reported, a library's rewritten by `npm install`, must not be reused from an earlier parse.
    const stale = this.compiler.dropChangedOnDisk();
    if (stale.length) this.log.info(`${stale.length} parsed files changed on disk since they were read (libraries included): parsing them again`);
    // A monorepo's packages, found again with the configs: their outputs resolve to their sources.
    this.discoverPackages();
    // The cache, read before the compiler is chosen: the choice its graph was built with stands while
    // nothing is indexed (checked against the configs and libraries below, once they are read).
    let reading = Date.now();
    const snapshot = this.readCacheFile();
    const readMillis = Date.now() - reading;
    // Which compiler these configs want (native, or 6 where 7 reads them worse): read again by the other one's defaults.
    if (this.choice.settle(this.projects.map((p) => p.config), this.workspace, () => this.rewire(), snapshot?.compiler)) {
      this.programs.discover(this.choice.defaults());
      this.discoverPackages();
    }
    this.defaults = this.choice.defaults();
    this.log.info(`compiler: ${this.defaults.description}`);
    // A config's own errors (a base it extends not found, an unknown option): its project is indexed
    // with what could be read, so they are warnings, which every host shows (the CLI's stderr too).
    const configProblems: string[] = [];
    const generated = new GeneratedConfigs(this.root);
    for (const p of this.projects) {
      for (const found of p.config.problems) {
        // The config, and any file its message names, by root-relative path, as answers name files.
        const problem = found.split(`${this.root}/`).join('');
        if (generated.take(problem)) continue;
        this.log.warn(problem);
        this.workspaceProblems.push(problem);
        configProblems.push(problem);
      }
      this.log.info(`project ${p.config.configPath ? this.relative(p.config.configPath) : '(inferred: no tsconfig/jsconfig found)'}: ${p.config.fileNames.length} files`);
    }
    for (const problem of generated.warnings()) {
      this.log.warn(problem);
      this.workspaceProblems.push(problem);
      configProblems.push(problem);
    }
    reading = Date.now();
    const cached = this.checkCache(snapshot);
    this.knownShapes = cached ? cachedShapes(cached) : new Map();
    if (cached) for (const [rel, hash] of Object.entries(cached.libraryHashes ?? {})) if (cached.libraries[rel]) this.libraryHashes.set(rel, [cached.libraries[rel], hash]);
    if (cached) this.log.info(`cache read in ${readMillis} ms and checked against the configs and libraries in ${Date.now() - reading} ms`);
    let cache: IndexReport['cache'];
    // Root-relative file → the hash of its text on disk now: each file is read and hashed once per start.
    const onDisk = new Map<string, string | undefined>();
    // No usable cache, a full index: the compiler's choice is checked now if it was the cache's (and,
    // changed, the configs are read again by the other one's defaults). A start from the cache
    // re-indexes its changed files with the compiler that built the rest, as an update does.
    if (!cached && this.choice.confirm(() => this.rewire())) return this.indexAllOnce(token);
    // Files importing a package that resolves elsewhere now than when they were indexed (installed or built since): changed.
    const elsewhere = cached ? this.resolvedElsewhere(cached) : new Set<string>();
    if (cached) this.keepResolutions(cached);
    if (elsewhere.size) this.log.info(`cache: ${elsewhere.size} files import a package that resolves elsewhere now (installed or built since): they are indexed again`);
    if (cached && elsewhere.size === 0 && this.loadWholeCache(cached, onDisk)) {
      cache = 'full';
      this.log.info(`loaded ${this.graph.files().length} files from the cache; no TypeScript program needed until the first change`);
      // Nothing re-indexed, so no cache of this start's own; the libraries' new stamps are written
      // with the one it read, or every later start would hash them again (TanStack/query: 3,447
      // typings, 0.37 s a command until the first edit).
      if (this.restampedLibraries) this.rewriteCache(cached);
    } else if (cached) {
      // Ownership as the cache recorded it: only the programs of the files re-indexed are built (in a
      // monorepo, one edit no longer builds every project's program). A cache without it: all of them.
      const fromCache = this.ownersFromCache(cached);
      if (!fromCache) {
        this.programs.buildAll();
        this.programs.assignOwners();
      }
      for (const stale of this.graph.files()) if (!this.owner.has(path.posix.join(this.root, stale))) this.graph.removeFile(stale);
      let files = await this.indexSinceCache(cached, onDisk, elsewhere, token);
      if (fromCache) {
        // What the programs built for it pull in now that no project owns (an import the edit added).
        const before = new Set(this.owner.keys());
        for (const p of this.projects) if (p.files) this.programs.claimPulledIn(p);
        const fresh = [...this.owner.keys()].filter((f) => !before.has(f));
        await this.extractAll(fresh, token);
        files += fresh.length;
      }
      cache = 'partial';
      this.log.info(`cache: ${this.owner.size - files} files loaded, ${files} re-indexed (changed, or depending on a change other files can see)`);
      this.saveCache();
    } else {
      await this.walkProjects(token);
      this.saveCache();
    }
    const skipped = [this.programs.selection.overBudgetWarning(), this.programs.selection.uninstalledWarning(), this.programs.components.warning()].filter((w): w is string => !!w);
    const warnings = [...this.unresolvedPackageWarnings(), ...skipped];
    if (this.choice.warning) warnings.unshift(`compiler: ${this.choice.warning}`);
    for (const w of warnings) {
      this.log.warn(w);
      this.workspaceProblems.push(w);
    }
    warnings.unshift(...configProblems);
    this.graph.settle();
    const memory = this.memory();
    if (memory.compilerPeakRssBytes) this.log.info(`native compiler process: peak resident memory ${Math.round(memory.compilerPeakRssBytes / 2 ** 20)} MB`);
    const requests = this.compiler.requestSummary?.();
    if (requests) this.log.info(`native compiler: ${requests}`);
    const stats = this.graph.stats();
    return {
      projects: this.projects.map((p) => this.projectKey(p)),
      files: this.graph.files().length,
      nodes: stats.nodes,
      edges: stats.edges,
      edgesByType: stats.edgesByType,
      millis: Date.now() - started,
      programMillis: this.programs.millis,
      compiler: this.defaults.description,
      memory,
      skipped: this.programs.selection.skipped,
      excluded: this.programs.selection.excluded.globs,
      problems: this.problems(),
      errors: this.errors(),
      warnings,
      cache,
    };
  }

  private discoverPackages(): void {
    this.workspace = WorkspacePackages.discover(this.ts, this.root, this.projects.map((p) => p.config));
    this.host.setWorkspacePackages(this.workspace);
    // Found again for these configs before the next program is built (ensureSourcePaths).
    this.sourceSpecifiers = undefined;
  }

  /**
   * TypeScript 7 takes no resolution of ours: it reads what ours answers as its configs' paths
   * (sourcePaths), found before the first program is built (tRPC's 49 projects: 1.4 s, 5-8 s with a
   * cold disk on a loaded machine; nothing on a start from the cache that builds none).
   */
  private ensureSourcePaths(): void {
    if (this.sourceSpecifiers || this.compiler.kind !== 'native') return;
    this.sourceSpecifiers = assignSourcePaths(this.ts, this.root, this.projects.map((p) => p.config), this.workspace);
  }

  /**
   * Whether an update changes the paths through which TypeScript 7 reads our resolution of the
   * workspace's packages (sourcePaths): a source created or deleted where an import resolves, or an
   * edit importing a package's subpath that no file imported and its `exports` does not list. Then
   * the update is a rebuild, as for a config change: the native process keeps an open project's options.
   */
  private sourcePathsChange(changed: readonly string[], deleted: readonly string[]): boolean {
    const known = this.sourceSpecifiers;
    const workspace = this.workspace;
    if (!known || !workspace?.isMonorepo) return false;
    const created = changed.filter((f) => !this.owner.has(f));
    const added = [...workspaceImportsIn(changed.filter((f) => SOURCE_FILE.test(f)), workspace)].filter(([s]) => !known.has(s));
    if (created.length === 0 && deleted.length === 0 && added.length === 0) return false;
    // Kept, resolving or not: the source it waits for may come later.
    for (const [s, file] of added) known.set(s, [file]);
    const configs = this.projects.map((p) => p.config);
    // Only the entries the change can move are resolved again (affectedSpecifiers).
    const affected = affectedSpecifiers(known, added.map(([s]) => s), created, deleted, configs, workspace);
    if (affected.size === 0) return false;
    const now = sourcePathsFor(this.ts, configs, workspace, affected);
    const specifiers = [...affected.keys()];
    return configs.some((c, i) => specifiers.some((s) => c.sourcePaths?.[s] !== now[i]?.[s]));
  }

  /**
   * Packages imported but resolving to no types (a clone before `npm install`, a package without
   * typings, a config whose moduleResolution cannot find them, an unbuilt workspace package): calls
   * into them and everything TypeScript infers through them are missing, which nothing else would
   * say. One warning per cause, with what would fix it (`packageAdvice`), the most imported first.
   * A fixture (a codemod's input and output) is data whose imports nothing resolves or runs: none.
   */
  private unresolvedPackageWarnings(): string[] {
    const uses = this.unresolvedUses(this.graph.files().filter((rel) => !isFixtureFile(rel)).map((rel) => [rel, this.graph.getContribution(rel)]));
    return uses.length ? unresolvedPackageWarnings(this.ts, this.root, this.workspace, uses) : [];
  }

  /** The package imports of these contributions that resolved to no module, each with its file's project. */
  private unresolvedUses(contributions: Iterable<[string, FileContribution | undefined]>): UnresolvedUse[] {
    const uses: UnresolvedUse[] = [];
    for (const [rel, contribution] of contributions) {
      const specifiers = contribution?.unresolvedPackageImports;
      if (!specifiers?.length) continue;
      const file = path.posix.join(this.root, rel);
      const project = this.owner.get(file) ?? this.projects.find((p) => p.config.fileNames.includes(file)) ?? this.projects[0];
      if (project) for (const specifier of specifiers) uses.push({ specifier, file, project: project.config });
    }
    return uses;
  }

  /**
   * Where each of `uses` resolves now (IndexCache `unresolved`), by `rel\u0000specifier\u0000project`
   * (the project's config, root-relative, whose settings resolve it): one resolution per folder,
   * specifier and project (a folder's files resolve a package alike).
   */
  private resolutions(uses: readonly UnresolvedUse[]): Record<string, string> {
    const out: Record<string, string> = {};
    const memo = new Map<string, string>();
    for (const use of uses) {
      const project = use.project.configPath ? this.relative(use.project.configPath) : '(inferred)';
      const key = `${path.posix.dirname(use.file)}\u0000${use.specifier}\u0000${project}`;
      let to = memo.get(key);
      if (to === undefined) {
        const file = resolvedFileOf(this.ts, this.workspace, use);
        memo.set(key, (to = file ? this.relative(file) : ''));
      }
      out[`${this.relative(use.file)}\u0000${use.specifier}\u0000${project}`] = to;
    }
    return out;
  }

  /**
   * Where each contribution's unresolved package imports led when it was extracted (IndexCache
   * `unresolved`), not when the cache is written: a package installed while a host runs must still
   * re-index, at the next start, the files extracted before it. Resolved once per contribution, at the
   * first write after its extraction (a host writes after every update); a contribution loaded from
   * the cache keeps the record it came with (`keepResolutions`).
   */
  private resolutionsAtExtraction(files: CacheSnapshot['files']): Record<string, string> {
    const fresh = Object.entries(files).filter(([, [, c]]) => !this.importResolutions.has(c));
    // A fixture's imports are data nothing resolves (a codemod's input), as its warnings say: none recorded.
    const now = this.resolutions(this.unresolvedUses(fresh.filter(([rel]) => !isFixtureFile(rel)).map(([rel, [, c]]) => [rel, c])));
    for (const [, [, c]] of fresh) this.importResolutions.set(c, {});
    for (const [key, to] of Object.entries(now)) this.importResolutions.get(files[key.slice(0, key.indexOf('\u0000'))][1])![key] = to;
    return Object.assign({}, ...Object.values(files).map(([, c]) => this.importResolutions.get(c)));
  }

  /** The cached record of where these loaded contributions' unresolved imports led (resolutionsAtExtraction). */
  private keepResolutions(cached: CacheSnapshot): void {
    if (!cached.unresolved) return;
    const byFile = new Map<string, Record<string, string>>();
    for (const [key, to] of Object.entries(cached.unresolved)) {
      const rel = key.slice(0, key.indexOf('\u0000'));
      const entries = byFile.get(rel) ?? {};
      entries[key] = to;
      byFile.set(rel, entries);
    }
    for (const [rel, [, c]] of Object.entries(cached.files)) this.importResolutions.set(c, byFile.get(rel) ?? {});
  }

  /**
   * The cached files with a package import that resolves elsewhere now than when they were indexed
   * (each under the project that resolved it then): a package installed since (`npm ci` keeps the
   * lock file, so the fingerprint), a workspace package built since. Their contributions miss what
   * the import brings. A cache without the record: none.
   */
  private resolvedElsewhere(cached: CacheSnapshot): Set<string> {
    const changed = new Set<string>();
    if (!cached.unresolved) return changed;
    const byKey = new Map(this.projects.map((p) => [this.projectKey(p), p.config]));
    const uses: UnresolvedUse[] = [];
    for (const key of Object.keys(cached.unresolved)) {
      const [rel, specifier, projectKey] = key.split('\u0000');
      const project = byKey.get(projectKey);
      if (project) uses.push({ specifier, file: path.posix.join(this.root, rel), project });
      else changed.add(rel);
    }
    const now = this.resolutions(uses);
    for (const [key, to] of Object.entries(now)) if (cached.unresolved[key] !== to) changed.add(key.slice(0, key.indexOf('\u0000')));
    return changed;
  }

  /** Peak resident memory of this process and of the native compiler's, so far (what the system tells). */
  memory(): NonNullable<IndexReport['memory']> {
    const compiler = this.compiler.peakMemory?.();
    return { peakRssBytes: process.resourceUsage().maxRSS * 1024, ...(compiler ? { compilerPeakRssBytes: compiler } : {}) };
  }

  /** Write the current graph to the cache (no-op without a cacheDir). Hosts call it after updates settle. */
  saveCache(): void {
    if (!this.options.cacheDir) return;
    if (this.globalErrors.length > 0) {
      // A graph built without its standard library (or with another workspace-wide error) must not
      // outlive the fault: a repaired installation would load it whole and answer silently wrong.
      this.log.warn('graph cache not written: the graph is incomplete (see the errors above)');
      return;
    }
    try {
      const files: CacheSnapshot['files'] = {};
      // The hash of the text each contribution was extracted from, never a fresh read of the disk: a
      // file saved since its last update must not be cached with the old edges under the new hash.
      for (const rel of this.graph.files()) {
        const hash = this.extractedFrom.get(rel);
        if (hash) files[rel] = [hash, this.graph.getContribution(rel)!];
      }
      const writing = Date.now();
      const libraries = this.libraryStamps();
      const libraryGlobals = Object.fromEntries(Object.entries(this.libraryGlobals).filter(([rel]) => rel in libraries));
      const compiler = this.choice.remembered();
      const programReads = this.programReads();
      const unresolved = this.resolutionsAtExtraction(files);
      const shapes = this.hubShapes(files);
      const libraryHashes = this.libraryHashesOf(libraries);
      const snapshot = {
        indexer: indexerIdentity(),
        root: this.root,
        fingerprint: this.fingerprint(),
        libraries,
        libraryHashes,
        files,
        pulledIn: this.pulledInOwners(),
        libraryGlobals,
        ...(programReads ? { programReads } : {}),
        ...(compiler ? { compiler } : {}),
        unresolved,
        ...(Object.keys(shapes).length ? { shapes } : {}),
      };
      writeCache(this.cacheFile(this.options.cacheDir), snapshot);
      this.log.info(`graph cache written in ${Date.now() - writing} ms`);
    } catch (err) {
      this.log.warn(`could not write the graph cache: ${(err as Error).message}`);
    }
  }

  /** The cache as this start read it, with what checkedCache updated in it (a fresh install's library stamps). */
  private rewriteCache(cached: CacheSnapshot): void {
    if (!this.options.cacheDir) return;
    try {
      const writing = Date.now();
      writeCache(this.cacheFile(this.options.cacheDir), cached);
      this.log.info(`graph cache written again in ${Date.now() - writing} ms, with the ${this.restampedLibraries} library files' new stamps`);
    } catch (err) {
      this.log.warn(`could not write the graph cache: ${(err as Error).message}`);
    }
  }

  /**
   * For the cache (`CacheSnapshot.libraryHashes`): each library's text hash under its stamp, known from
   * the cache read or hashed now while the file is as its stamp says (one rewritten since the programs
   * read it gets none: its new stamp refuses the cache, as without hashes).
   */
  private libraryHashesOf(libraries: Record<string, string>): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [rel, stamp] of Object.entries(libraries)) {
      if (stamp === 'unknown' || stamp === '-') continue;
      const known = this.libraryHashes.get(rel);
      if (known?.[0] === stamp) {
        out[rel] = known[1];
        continue;
      }
      const abs = path.posix.join(this.root, rel);
      if (fileStamp(abs) !== stamp) continue;
      const hash = hashFile(abs);
      if (!hash || fileStamp(abs) !== stamp) continue;
      this.libraryHashes.set(rel, [stamp, hash]);
      out[rel] = hash;
    }
    return out;
  }

  /**
   * For the cache (`CacheSnapshot.shapes`): the shapes of the files most others import (at least
   * HUB_DEPENDENTS direct dependents, the HUB_SHAPES with most, in a graph of HUB_MIN_FILES files),
   * printed once per text: a shape known for the text cached is kept, any other printed by a program
   * that holds that text now, else none (a start after that file changed then re-indexes every file
   * that can see it, as without shapes).
   */
  private hubShapes(files: CacheSnapshot['files']): NonNullable<CacheSnapshot['shapes']> {
    const out: NonNullable<CacheSnapshot['shapes']> = {};
    // Below this size every dependent of a hub costs little to re-index, less than printing shapes at every cold index.
    if (Object.keys(files).length < HUB_MIN_FILES) return out;
    const hubs = Object.keys(files)
      .filter((rel) => files[rel][1].skeleton && !files[rel][1].failure)
      .map((rel) => [rel, this.graph.filesDependingOn(rel).length] as const)
      .filter(([, n]) => n >= HUB_DEPENDENTS)
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, HUB_SHAPES);
    for (const [rel] of hubs) {
      const hash = files[rel][0];
      const known = this.knownShapes.get(rel);
      if (known?.[0] === hash) {
        out[rel] = known;
        continue;
      }
      const abs = path.posix.join(this.root, rel);
      const program = this.owner.get(abs)?.program;
      const sf = program?.hasSourceFile(abs) ? program.getSourceFile(abs) : undefined;
      if (!program || !sf || this.textHash(sf) !== hash) continue;
      const shape = printedShape(this.compiler.syntax, program, sf, this.graph.nodesInFile(rel).map((n) => n.id));
      if (shape === undefined) continue;
      out[rel] = [hash, shape];
      this.knownShapes.set(rel, out[rel]);
    }
    return out;
  }

  private fingerprint(): string {
    const configs = this.projects.map((p) => p.config.configPath).filter((c): c is string => !!c);
    // The defaults' major too: the same configs mean other options once the workspace's TypeScript changes major.
    const compiler = this.compiler.kind === 'native' ? `${this.compiler.version} native` : this.ts.version;
    // And what was left out: a cache written with other exclude globs holds other files.
    const excluded = JSON.stringify(this.programs.selection.excluded.globs);
    return workspaceFingerprint(this.root, configs, `${compiler} defaults ${this.defaults.major} exclude ${excluded}`, this.options.toolVersion ?? '');
  }

  /**
   * For the cache (`CacheSnapshot.programReads`): what each project's whole program read besides its
   * own files, from its last whole program (`files`), else as the cache recorded it; undefined when
   * no project's is known.
   */
  private programReads(): CacheSnapshot['programReads'] {
    const cached = this.cachedProgramReads;
    // Every recorded project's program built (a full index): a table of what they read now. Else the
    // cache's table, appended to: a project's set is kept as it was, its scoped programs' files added.
    const fresh = this.projects.every((p) => p.files || !cached.byProject[this.projectKey(p)]);
    const files = fresh ? [] : [...cached.files];
    const index = new Map<string, number>(files.map((f, i) => [f, i]));
    const indexOf = (rel: string) => {
      let i = index.get(rel);
      if (i === undefined) {
        index.set(rel, (i = files.length));
        files.push(rel);
      }
      return i;
    };
    const byProject: Record<string, string> = {};
    for (const p of this.projects) {
      const key = this.projectKey(p);
      const added = this.readSinceCache.get(key);
      if (p.files) byProject[key] = indexSet(this.readBesidesOwn(p, p.files).map(indexOf));
      else if (cached.byProject[key] && !added?.size) byProject[key] = cached.byProject[key];
      else if (cached.byProject[key]) byProject[key] = indexSet([...indexesOf(cached.byProject[key]), ...[...added!].map(indexOf)]);
    }
    return Object.keys(byProject).length ? { files, byProject } : undefined;
  }

  /**
   * `files` (a project's last whole program) less the project's own, root-relative: kept per list, as
   * a host writes the cache after every update and most projects' programs have not changed since.
   */
  private readBesidesOwn(project: Project, files: readonly string[]): string[] {
    let rels = this.besidesOwn.get(files);
    if (!rels) this.besidesOwn.set(files, (rels = files.filter((f) => this.owner.get(f) !== project).map((f) => this.relative(f))));
    return rels;
  }

  /** What `project`'s whole program read besides its own files, as the cache recorded it (absolute); undefined when it records none. */
  private programReadsOf(project: Project): string[] | undefined {
    const key = this.projectKey(project);
    const set = this.cachedProgramReads.byProject[key];
    if (!set) return undefined;
    const rels = new Set(indexesOf(set).map((i) => this.cachedProgramReads.files[i]));
    for (const rel of this.readSinceCache.get(key) ?? []) rels.add(rel);
    return [...rels].map((rel) => path.posix.join(this.root, rel));
  }

  /** Files outside the cache's hashes, as the programs read them (`libraryStamps`); before any program exists (a start from the cache), what that cache recorded. */
  private libraryStamps(): Record<string, string> {
    if (!this.programs.built) return this.cachedLibraries;
    const stamps = libraryStamps(this.projects, (f) => this.owner.has(f), (f) => this.compiler.stampOf(f), (f) => this.relative(f));
    // A start from the cache that built some programs only: the others' files are as the cache
    // checked them at this start (a library changed since would have refused it).
    return this.projects.some((p) => !p.files) ? { ...this.cachedLibraries, ...stamps } : stamps;
  }

  /** This graph's cache file in `cacheDir`: one per root and set of exclude globs. */
  private cacheFile(cacheDir: string): string {
    return cacheFileFor(cacheDir, this.root, this.programs.selection.excluded.globs);
  }

  /** The cache file's snapshot, unchecked (none: no cache folder, a refresh, or no usable file). */
  private readCacheFile(): CacheSnapshot | undefined {
    if (!this.options.cacheDir || this.cacheMode === 'refresh') return undefined;
    return readCacheLogged(this.cacheFile(this.options.cacheDir), this.log);
  }

  /** `snapshot` if this start may use it (checkedCache: these configs and versions, its libraries unchanged). */
  private checkCache(snapshot: CacheSnapshot | undefined): CacheSnapshot | undefined {
    const restamped = { count: 0 };
    const usable = checkedCache(snapshot, this.root, this.fingerprint(), this.log, restamped);
    this.restampedLibraries = restamped.count;
    this.cachedLibraries = usable?.libraries ?? {};
    this.cachedProgramReads = usable?.programReads ?? { files: [], byProject: {} };
    this.readSinceCache.clear();
    this.libraryGlobals = usable?.libraryGlobals ?? {};
    return usable;
  }

  /**
   * Ownership without building a program: each config's files (assignRootOwners), then the files a
   * program pulled in as the cache recorded them. False when the cache has no record of them.
   */
  private ownersFromCache(cached: CacheSnapshot): boolean {
    if (!cached.pulledIn) return false;
    this.programs.assignRootOwners();
    const byKey = new Map(this.projects.map((p) => [this.projectKey(p), p]));
    for (const [rel, key] of Object.entries(cached.pulledIn)) {
      const project = byKey.get(key);
      const abs = path.posix.join(this.root, rel);
      if (project && !this.owner.has(abs) && fs.existsSync(abs)) this.programs.claim(abs, project);
    }
    return true;
  }

  /** How reports and the cache name a project: its config, root-relative, or `(inferred)`. */
  private projectKey(p: Project): string {
    return p.config.configPath ? this.relative(p.config.configPath) : '(inferred)';
  }

  /** The files owned because a program pulled them in (no config lists them), for the cache (`pulledIn`). */
  private pulledInOwners(): Record<string, string> {
    const listed = new Map<Project, Set<string>>();
    const pulled: Record<string, string> = {};
    for (const [abs, p] of this.owner) {
      let names = listed.get(p);
      if (!names) listed.set(p, (names = new Set(p.config.fileNames)));
      if (!names.has(abs)) pulled[this.relative(abs)] = this.projectKey(p);
    }
    return pulled;
  }

  /** All of the cache, if every cached file is unchanged and every project file is cached. The hashes it took are left in `onDisk`. */
  private loadWholeCache(cached: CacheSnapshot, onDisk: Map<string, string | undefined>): boolean {
    for (const p of this.projects) {
      for (const f of p.config.fileNames) {
        if (this.programs.isInsideRoot(f) && !f.endsWith('.json') && !cached.files[this.relative(f)]) return false;
      }
    }
    for (const [rel, [hash]] of Object.entries(cached.files)) {
      const now = hashFile(path.posix.join(this.root, rel));
      onDisk.set(rel, now);
      if (now !== hash) return false;
    }
    for (const f of this.graph.files()) this.graph.removeFile(f);
    this.extractedFrom.clear();
    for (const [rel, [hash, contribution]] of Object.entries(cached.files)) {
      this.graph.replaceFile(contribution);
      this.extractedFrom.set(rel, hash);
    }
    return true;
  }

  /**
   * Loads the cached files that did not change and re-indexes the rest: the changed files first, then
   * what depends (transitively) on those of them whose declaration skeleton or node ids changed. A
   * changed file that keeps both (an edit of bodies whose types are written out, comments, layout)
   * shows its dependents nothing new, as an update decides it (ShapeTracker); a file without a
   * skeleton (JavaScript, a script, one of an older cache), created or deleted counts as changed.
   * Unchanged means its text on disk is the one its contribution came from (no tree is fetched for it):
   * `onDisk` holds the hashes loadWholeCache took in this start, the other files are read now.
   * `elsewhere`: files whose text is unchanged but a package they import resolves elsewhere now
   * (resolvedElsewhere): changed, and their dependents with them (their exports' types may follow).
   * Returns how many files were re-indexed.
   */
  private async indexSinceCache(cached: CacheSnapshot, onDisk: ReadonlyMap<string, string | undefined>, elsewhere: ReadonlySet<string>, token: CancellationToken): Promise<number> {
    const checking = Date.now();
    const changed = new Set<string>();
    for (const abs of this.owner.keys()) {
      const rel = this.relative(abs);
      const entry = cached.files[rel];
      if (entry && !elsewhere.has(rel) && (onDisk.has(rel) ? onDisk.get(rel) : hashFile(abs)) === entry[0]) {
        this.graph.replaceFile(entry[1]);
        this.extractedFrom.set(rel, entry[0]);
      } else {
        changed.add(rel);
      }
    }
    for (const rel of Object.keys(cached.files)) if (!this.owner.has(path.posix.join(this.root, rel))) changed.add(rel);
    const { waiting, shadowed } = newFileEffects(this.graph, this.root, this.workspace, [...changed].filter((rel) => !cached.files[rel]));
    for (const rel of [...waiting, ...shadowed]) changed.add(rel);
    this.log.info(`cache: ${changed.size} files changed since it was written (every file checked in ${Date.now() - checking} ms)`);
    this.referencesBefore = new Map([...changed].map((rel) => [rel, cached.files[rel]?.[1].references]));
    const owned = (rels: Iterable<string>) => [...rels].map((rel) => path.posix.join(this.root, rel)).filter((abs) => this.owner.has(abs));
    const first = owned(changed);
    // Created or deleted files change what the whole program holds: only it sees what that changes.
    const fileSetChanged = [...changed].some((rel) => !cached.files[rel] || !this.owner.has(path.posix.join(this.root, rel)));
    // A shadowed file's importers now find the new file instead: they change whatever its skeleton says.
    const shadowedBy = new Set(shadowed);
    const seen = (rel: string) => !shadowedBy.has(rel) && !elsewhere.has(rel) && sameSkeleton(cached.files[rel]?.[1], this.graph.getContribution(rel));
    // A file whose shape was printed before (one most others import) gets it printed again as it is
    // re-indexed, where it may have changed: a changed file whose skeleton changed, or a file
    // re-indexed because it names what changed in another (its text the same, its types maybe not).
    this.shapesSinceCache = {
      wanted: (rel, contribution) => this.knownShapes.has(rel) && !(changed.has(rel) && sameSkeleton(cached.files[rel]?.[1], contribution)),
      printed: new Map(),
      lookers: new Set(),
      modules: new Map(),
    };
    try {
      let claimed = await this.reindexSinceCache(first, first.length, fileSetChanged ? 'files were created or deleted' : undefined, token);
      let reindexed = first.length;
      // In waves, as an update goes: the dependents of a file whose shape is known before and after look
      // again only where they name what changed (ShapeTracker), then their own shapes decide in turn;
      // those of any other file whose change others can see, all of them, however indirectly.
      const taken = new Set(changed);
      // Files another's change reached (they named what changed, or depend on a file whose change is not known by name).
      const reached = new Set<string>();
      const looked = new Set<string>();
      // A file re-indexed because it names what changed in another: those names.
      const reasons = new Map<string, Set<string>>();
      // Of those names, whether each reached the file only as a class changed in what its value holds
      // (ShapeDelta.valueSide): a type written by that name there saw nothing change (exportMentions).
      const valueSide = new Map<string, Map<string, boolean>>();
      let wave = [...changed].filter((rel) => !seen(rel));
      while (wave.length > 0) {
        for (const rel of wave) looked.add(rel);
        const everyDependent = new Set<string>();
        const looking = new Set<string>();
        for (const rel of wave) {
          let delta = fileSetChanged || shadowedBy.has(rel) || elsewhere.has(rel) ? undefined : this.shapeChangeSinceCache(rel, cached);
          // A file whose text is the same, re-indexed for names it uses, and whose shape was not kept:
          // what of it can have changed, by the names its exports' skeletons mention (exportMentions);
          // none of them, and its dependents need no look.
          const mentioned = delta || changed.has(rel) ? undefined : this.shapesSinceCache.modules.get(rel);
          const why = reasons.get(rel);
          if (mentioned && why) delta = mentionDelta(this.compiler.syntax, mentioned, why, (n) => valueSide.get(rel)?.get(n) === true);
          if (!delta) {
            everyDependent.add(rel);
            continue;
          }
          const names = [...delta.exports, ...delta.changedExports, ...delta.members];
          const ofValue = new Set(delta.valueSide);
          for (const d of this.dependentsSeeing(rel, delta)) {
            looking.add(d);
            const its = reasons.get(d) ?? new Set<string>();
            const how = valueSide.get(d) ?? new Map<string, boolean>();
            for (const n of names) {
              its.add(n);
              how.set(n, (how.get(n) ?? true) && ofValue.has(n));
            }
            reasons.set(d, its);
            valueSide.set(d, how);
          }
        }
        const all = this.withTransitiveDependents(everyDependent);
        for (const rel of [...all, ...looking]) if (!everyDependent.has(rel)) reached.add(rel);
        const next = [...new Set([...all, ...looking])].filter((rel) => !taken.has(rel));
        for (const rel of next) taken.add(rel);
        for (const rel of looking) this.shapesSinceCache.lookers.add(rel);
        const files = owned(next);
        reindexed += files.length;
        claimed += await this.reindexSinceCache(files, reindexed, undefined, token);
        // A file that names what changed may change what its own dependents see: its shape decides
        // (printed as it was re-indexed; a changed file's was not, so all of its dependents look again).
        wave = [...looking].filter((rel) => !all.has(rel) && !looked.has(rel));
      }
      // For the next start: the shapes printed now; a changed file's, under its new text, where the
      // edit kept its skeleton and no other change reached it; no other re-indexed file's.
      const printed = this.shapesSinceCache.printed;
      for (const rel of taken) {
        const known = this.knownShapes.get(rel);
        const hash = this.extractedFrom.get(rel);
        if (!known && !printed.has(rel)) continue;
        if (hash && printed.has(rel)) this.knownShapes.set(rel, [hash, printed.get(rel)!]);
        else if (hash && known && changed.has(rel) && seen(rel) && !reached.has(rel)) this.knownShapes.set(rel, [hash, known[1]]);
        else this.knownShapes.delete(rel);
      }
      return reindexed + claimed;
    } finally {
      this.shapesSinceCache = undefined;
      this.shapes.forgetWords();
    }
  }

  /**
   * What other files can see change in `rel` since the cache was written, by name (ShapeDelta), when
   * its shape was printed then and again now; undefined when not known (every dependent looks again).
   */
  private shapeChangeSinceCache(rel: string, cached: CacheSnapshot): ShapeDelta | undefined {
    const before = this.knownShapes.get(rel);
    const now = this.shapesSinceCache?.printed.get(rel);
    if (!before || now === undefined || before[0] !== cached.files[rel]?.[0]) return undefined;
    return shapeDelta(before[1], now);
  }

  /**
   * The files that can see `delta` of `rel` (as an update's planner decides it): for exports added,
   * removed or retyped, the dependents that name one, have an edge into one, or re-export everything;
   * for members, every file depending on it however indirectly that names one.
   */
  private dependentsSeeing(rel: string, delta: ShapeDelta): Set<string> {
    const out = new Set<string>();
    const dependents = this.graph.filesDependingOn(rel);
    if (delta.exports.length > 0 || delta.changedExports.length > 0) {
      const names = [...delta.exports, ...delta.changedExports];
      const into = this.shapes.filesWithEdgesInto(rel, delta.changedExports, dependents);
      for (const d of dependents) if (into.has(d) || this.shapes.maySeeAddedExports(d, names)) out.add(d);
    }
    if (delta.members.length > 0) for (const d of this.withTransitiveDependents(new Set([rel]))) if (d !== rel && this.shapes.mayReachMembers(d, delta.members)) out.add(d);
    return out;
  }

  /**
   * Re-extracts `files` in a start from a partly stale cache: through a program scoped to them when
   * few files are re-indexed in all (`total`, at most SCOPED_FILES) and the native compiler builds the
   * programs (scopedRoots: building the project's whole program is most of such a start), else through
   * the whole program of their project, as an update does. `refused`: why not to scope, known already.
   * Says which in the log. Returns how many files a scoped program pulled in that no project owned
   * (an import the edit added), claimed and extracted too.
   */
  private async reindexSinceCache(files: string[], total: number, refused: string | undefined, token: CancellationToken): Promise<number> {
    if (files.length === 0) return 0;
    const project = this.owner.get(files[0])!;
    const why = refused ?? this.scopeRefusal(project, files, total);
    if (!why) {
      const claimed = await this.extractScoped(project, files, token);
      if (claimed !== undefined) return claimed;
    } else {
      this.log.info(`cache: re-indexing ${files.length} files through the whole program (not a scoped one: ${why})`);
    }
    await this.extractAll(files, token);
    return 0;
  }

  /** Why `files` (of `total` to re-index) are not re-indexed through a scoped program; undefined when they can be. */
  private scopeRefusal(project: Project, files: string[], total: number): string | undefined {
    if (this.compiler.kind !== 'native') return 'the compiler in process reuses what it parsed';
    if (this.projects.length !== 1 && !this.cachedProgramReads.byProject[this.projectKey(project)]) return 'more than one project, and the cache records no list of what its program read';
    if (total > SCOPED_FILES) return `${total} files to re-index, more than ${SCOPED_FILES}`;
    if (project.program) return 'its project\'s program is built';
    if (files.some((f) => this.owner.get(f) !== project)) return 'the files belong to more than one project';
    return undefined;
  }

  /**
   * Extracts `files` (all `project`'s) through a program of theirs (WorkspacePrograms.buildScoped) whose
   * roots are them and whatever may declare globals (scopedRoots): their edges are those of the whole
   * program, which holds every file this one holds. The files it read that no contribution covers are
   * stamped into the cache's libraries, as the whole program's would be. Undefined when no scoped
   * program was built (said in the log): nothing was extracted.
   */
  private async extractScoped(project: Project, files: string[], token: CancellationToken): Promise<number | undefined> {
    const reindex = new Set(files);
    const choosing = Date.now();
    // What the project's whole program read besides its own files, as the cache recorded it: other
    // projects' files (their contributions say whether they declare globals) and libraries. Without
    // the record (one project, a cache that has none): every library the cache knows.
    const read = this.programReadsOf(project);
    const othersFiles = read?.filter((f) => this.owner.has(f) && this.owner.get(f) !== project) ?? [];
    // A library's stamp taken before its text is read: a file rewritten meanwhile is read again next time.
    const readStamps = new Map<string, string>();
    // The libraries' stamps this start checked against the disk (checkedCache): a flag of the same stamp holds.
    const knownLibrary = (abs: string) => {
      const rel = this.relative(abs);
      const known = this.libraryGlobals[rel];
      return known && known[0] === this.cachedLibraries[rel] ? known[1] : undefined;
    };
    const plan = (libraries: string[]) =>
      scopedRoots({
        reindex: files,
        configRoots: project.config.fileNames,
        owned: [...[...this.owner].filter(([, p]) => p === project).map(([f]) => f), ...othersFiles],
        libraries,
        readText: (abs) => {
          readStamps.set(abs, fileStamp(abs));
          try {
            return fs.readFileSync(abs, 'utf8');
          } catch {
            return undefined;
          }
        },
        knownGlobal: (abs) => {
          const contribution = reindex.has(abs) ? undefined : this.graph.getContribution(this.relative(abs));
          return contribution && !contribution.failure ? !!(contribution.global || contribution.augments) : undefined;
        },
        knownLibrary,
        learnedLibrary: (abs, mayDeclare) => {
          const stamp = readStamps.get(abs);
          if (stamp && stamp !== '-') this.libraryGlobals[this.relative(abs)] = [stamp, mayDeclare];
        },
      });
    const whole = (why: string) => {
      this.log.info(`cache: re-indexing ${files.length} files through the whole program (not a scoped one: ${why})`);
      return undefined;
    };
    // Our files, the libraries the cache knows to declare globals, and the typings it knows nothing of
    // (the first start after a full index: read now, their flags cached) first. A typing that may
    // declare globals (a package's `declare global` that another file imports) is then a root of the
    // first build, not the reason for a second one in a new process (@loopback/repository's first
    // after-edit run built twice: 72 such typings, 160 ms). A JavaScript library the program lacks
    // is read after the build, as one it holds needs no look.
    const libraries = read ? read.filter((f) => !this.owner.has(f)) : Object.keys(this.cachedLibraries).map((rel) => path.posix.join(this.root, rel));
    const declaringNow = () => libraries.filter((f) => knownLibrary(f) === true);
    const unread = libraries.filter((f) => knownLibrary(f) === undefined && !JAVASCRIPT.test(f));
    let roots = plan([...declaringNow(), ...unread]);
    if ('reason' in roots) return whole(roots.reason);
    // Now with what the plan just learned.
    const declaring = new Set(declaringNow());
    let chosen = Date.now() - choosing;
    let built = this.programs.buildScoped(project, roots.roots);
    if (!built) return whole('the compiler built no scoped program');
    const held = new Set(built.files);
    const lacking = libraries.filter((f) => !held.has(f) && !declaring.has(f));
    const checking = Date.now();
    const more = plan([...declaring, ...lacking]);
    chosen += Date.now() - checking;
    if ('reason' in more || more.roots.length > roots.roots.length) {
      this.programs.endScoped(project);
      if ('reason' in more) return whole(more.reason);
      roots = more;
      built = this.programs.buildScoped(project, roots.roots);
      if (!built) return whole('the compiler built no scoped program');
    }
    this.log.info(`cache: re-indexing ${files.length} files through a program scoped to them: ${roots.roots.length} root files (${roots.globals} may declare globals; chosen in ${chosen} ms, ${readStamps.size} files read), ${built.files.length} files`);
    try {
      await this.extractAll(files, token);
      // An import or reference the edit removed can take a file that declares globals out of the
      // whole program, which this one, built from what that program read before, still holds.
      const removed = files.map((f) => this.relative(f)).find((rel) => this.removesReference(rel));
      if (removed) return whole(`${removed} no longer imports or references all it did`);
      const claimed = this.programs.claimFiles(project, built.files);
      await this.extractAll(claimed, token);
      const libraries = { ...this.cachedLibraries };
      for (const f of built.files) if (!this.owner.has(f)) libraries[this.relative(f)] = this.compiler.stampOf(f) ?? 'unknown';
      this.cachedLibraries = libraries;
      // The whole program holds what this one held (an import the edit added included).
      const key = this.projectKey(project);
      const added = this.readSinceCache.get(key) ?? new Set<string>();
      for (const f of built.files) if (this.owner.get(f) !== project) added.add(this.relative(f));
      this.readSinceCache.set(key, added);
      return claimed.length;
    } finally {
      this.programs.endScoped(project);
    }
  }

  /** Whether `rel`, re-extracted since the cache was read, names fewer modules or files than it did (unknown either side: yes). */
  private removesReference(rel: string): boolean {
    if (!this.referencesBefore.has(rel)) return false;
    const before = this.referencesBefore.get(rel);
    const now = this.graph.getContribution(rel)?.references;
    if (!before || !now) return true;
    const kept = new Set(now);
    return before.some((r) => !kept.has(r));
  }

  /**
   * While an update re-extracts files (its long part: an export renamed in a hub reaches thousands):
   * the files done, of those it has taken so far (the total grows as it finds dependents that see the
   * change). Undefined otherwise (no update, or one still building its programs).
   */
  updateProgress(): UpdateProgress | undefined {
    return this.updateCounts?.();
  }

  /** Re-index after files were saved/created (`changed`) or deleted. Paths absolute or root-relative. */
  async update(changed: string[], deleted: string[], token: CancellationToken = neverCancelled): Promise<UpdateReport> {
    return this.withCompiler(() => this.updateOnce(changed, deleted, token), token);
  }

  private async updateOnce(changed: string[], deleted: string[], token: CancellationToken): Promise<UpdateReport> {
    const started = Date.now();
    this.shapes.forgetWords();
    const abs = (p: string) => (path.isAbsolute(p) ? this.rootPaths.toReal(p) : normalize(path.join(this.root, p)));
    // Paths no project could contain (build output, node_modules, non-sources) change nothing.
    const relevant = (f: string) =>
      this.owner.has(f) || (isWatchedFile(f) && this.programs.isInsideRoot(f) && !inIgnoredDir(this.relative(f)) && !this.programs.selection.excludes(f));
    const changedAbs = [...new Set(changed.map(abs))].filter(relevant);
    const deletedAbs = [...withFilesUnder(deleted.map(abs), () => this.indexedFiles(), this.root)].filter(relevant);
    if (changedAbs.length === 0 && deletedAbs.length === 0) return { reindexed: [], removed: [], millis: Date.now() - started };
    if ([...changedAbs, ...deletedAbs].some((f) => REBUILD_FILE.test(f)) || this.sourcePathsChange(changedAbs, deletedAbs)) {
      // A config change can move every file between projects, a dependency change any library's
      // typings: rebuild from the configs (indexAll re-reads the typings that changed on disk).
      this.compiler.filesChanged(changedAbs, deletedAbs);
      const before = new Set(this.graph.files());
      await this.indexAllOnce(token);
      const removed = [...before].filter((f) => !this.graph.hasFile(f));
      return { reindexed: this.graph.files(), removed, millis: Date.now() - started };
    }
    this.compiler.filesChanged(changedAbs, deletedAbs);
    if (!this.programs.built) return this.updateFromCacheStart(changedAbs, deletedAbs, started, token);
    const sources = [...changedAbs, ...deletedAbs].filter((f) => SOURCE_FILE.test(f));
    const created = changedAbs.filter((f) => !this.owner.has(f));
    const fileSetChanged = created.length > 0 || deletedAbs.length > 0;
    if (fileSetChanged) this.programs.refreshFileLists(this.defaults);
    // Programs held are rebuilt when they hold a changed file (all of them when files came or went);
    // a released one only when it owns one (it is being edited): the others are built again, from the
    // files as they are now, when an extraction needs them.
    const affected = this.projects.filter((p) =>
      p.program
        ? fileSetChanged || sources.some((f) => p.program!.hasSourceFile(f) || p.config.fileNames.includes(f))
        : sources.some((f) => this.owner.get(f) === p || (!this.owner.has(f) && p.config.fileNames.includes(f))),
    );
    // The projects being edited keep their programs through this update (and the next one compares shapes with them).
    this.programs.pin(changedAbs.map((f) => this.owner.get(f)).filter((p): p is Project => p !== undefined));
    const previousOwner = this.owner; // assignOwners makes a new map
    const previousProgram = new Map(this.projects.map((p) => [p, p.program]));
    this.programs.build(affected);
    // Ownership follows the file lists and the programs' files: a save that adds no file to any
    // program (the everyday case) keeps it, and the 10,000-entry map need not be made again.
    if (fileSetChanged || affected.some((p) => !sameSourceFiles(previousProgram.get(p), p.program))) this.programs.assignOwners();

    const removed: string[] = [];
    // Files a program holds now and did not: created ones, and ones an edit's import pulled in from
    // outside every config's list.
    const gained: string[] = [];
    if (this.owner !== previousOwner) {
      for (const f of previousOwner.keys()) {
        if (!this.owner.has(f)) {
          const rel = this.relative(f);
          this.graph.removeFile(rel);
          removed.push(rel);
        }
      }
      for (const f of this.owner.keys()) if (!previousOwner.has(f)) gained.push(f);
    }
    // Re-extract the changed files; go on to a file's dependents only when what they can see of it changed.
    const queue = [...new Set([...changedAbs, ...deletedAbs, ...gained].map((f) => this.relative(f)))];
    if (created.length) {
      const { waiting, shadowed } = newFileEffects(this.graph, this.root, this.workspace, created.map((f) => this.relative(f)));
      queue.push(...waiting);
      for (const f of shadowed) queue.push(...this.graph.filesDependingOn(f));
    }
    // A file whose analysis failed is retried on every update: the edit may have healed it from elsewhere.
    queue.push(...this.failedFiles());
    // The everyday save: one file's text changed and nothing else. Then the file's own skeleton
    // decides before any shape is printed (see declarationSkeleton).
    const onlyChanged = changedAbs.length === 1 && deletedAbs.length === 0 && created.length === 0 ? this.relative(changedAbs[0]) : undefined;
    const state = updateState(queue, onlyChanged);
    // Programs built on demand meanwhile must not make the ones before the update unreadable (the native compiler's snapshots).
    this.compiler.holdSnapshots?.(true);
    this.updateCounts = () => ({ done: state.done.size, total: state.queued.size });
    try {
      await new UpdatePlanner(
        {
          root: this.root,
          graph: this.graph,
          log: this.log,
          shapes: this.shapes,
          ownedCount: () => this.owner.size,
          owns: (abs) => this.owner.has(abs),
          extractFile: (abs) => this.extractFile(abs),
          programBefore: (abs) => {
            const before = previousOwner.get(abs);
            return before && previousProgram.get(before);
          },
          withTransitiveDependents: (seeds) => this.withTransitiveDependents(seeds),
          projectOrder: (rel) => {
            const project = this.owner.get(path.posix.join(this.root, rel));
            return project ? this.projects.indexOf(project) : -1;
          },
          // The programs before the update are read no more: the snapshots held for them go (each
          // program built meanwhile held one more: payload's native compiler grew to 13 GB).
          shapesDone: () => this.compiler.holdSnapshots?.(false),
        },
        state,
      ).run(token);
    } finally {
      this.compiler.holdSnapshots?.(false);
      this.updateCounts = undefined;
    }
    const reindexed = state.reindexed;
    this.shapes.forgetWords();
    this.graph.settle();
    return { reindexed: reindexed.sort(), removed, millis: Date.now() - started };
  }

  /**
   * Build the programs a start from the cache left unbuilt, so the first change is an ordinary update
   * (the old text in a program to compare shapes with) instead of re-extracting every transitive
   * dependent of the changed files. Long-running hosts call it right after a start from the cache;
   * a one-shot query need not. A no-op once programs exist.
   */
  async prepareForUpdates(token: CancellationToken = neverCancelled): Promise<UpdateReport> {
    return this.withCompiler(async () => {
      if (this.programs.built) return { reindexed: [], removed: [], millis: 0 };
      const started = Date.now();
      // The bulk of building the programs (parsing and binding the workspace's files) in slices, so a
      // host's thread answers queries from the loaded graph meanwhile; what is left is one program build.
      // (The native compiler builds in its own process: nothing to slice here.)
      const compiler = this.compiler;
      if (compiler instanceof InProcessCompiler) {
        for (const p of this.projects) {
          await compiler.warm(p.config, () => {
            if (token.isCancellationRequested) throw new CancelledError();
          });
          if (this.programs.built) return { reindexed: [], removed: [], millis: Date.now() - started };
        }
      } else {
        // The native compiler builds them in requests that hold this thread (one per group of projects
        // the memory budget holds: updateFromCacheStart answers queries between them): the queries
        // already waiting are answered from the loaded graph first.
        await new Promise((resolve) => setImmediate(resolve));
      }
      return this.updateFromCacheStart([], [], started, token);
    }, token);
  }

  /**
   * The first change after a start from the cache (or `prepareForUpdates`, with none): no program
   * saw the old text, so no shape comparison is possible, and every dependent of a changed file is
   * re-extracted (correct, just less lazy). A file whose text on disk is no longer the one its cached
   * contribution came from counts as changed, reported or not: the programs built now hold its new
   * text, and a later report of it would compare the new text with itself.
   */
  private async updateFromCacheStart(changedAbs: string[], deletedAbs: string[], started: number, token: CancellationToken): Promise<UpdateReport> {
    const createdNow = changedAbs.some((f) => !this.owner.has(f));
    if (createdNow || deletedAbs.length) this.programs.refreshFileLists(this.defaults);
    // Between builds a host answers queries from the graph as loaded (nothing is re-extracted before
    // every program is built); an update waits for this whole step.
    await this.programs.buildAllSliced(async () => {
      await new Promise((resolve) => setImmediate(resolve));
      if (token.isCancellationRequested) throw new CancelledError();
    });
    this.programs.assignOwners();
    const seeds = new Set([...changedAbs, ...deletedAbs].map((f) => this.relative(f)));
    for (const abs of this.owner.keys()) {
      const rel = this.relative(abs);
      if (!seeds.has(rel) && this.graph.hasFile(rel) && this.extractedFrom.get(rel) !== this.programTextHash(abs)) seeds.add(rel);
    }
    const { waiting, shadowed } = newFileEffects(this.graph, this.root, this.workspace, [...this.owner.keys()].map((abs) => this.relative(abs)).filter((rel) => !this.graph.hasFile(rel)));
    for (const f of [...waiting, ...shadowed]) seeds.add(f);
    for (const f of this.failedFiles()) seeds.add(f);
    for (const rel of this.withTransitiveDependents(seeds)) seeds.add(rel);
    const removed = [...seeds].filter((rel) => !this.owner.has(path.posix.join(this.root, rel)));
    for (const rel of removed) this.graph.removeFile(rel);
    const files = [...seeds].map((rel) => path.posix.join(this.root, rel)).filter((abs) => this.owner.has(abs));
    for (const abs of this.owner.keys()) if (!this.graph.hasFile(this.relative(abs))) files.push(abs);
    const counts: UpdateProgress = { done: 0, total: 0 };
    this.updateCounts = () => counts;
    try {
      await this.extractAll([...new Set(files)], token, counts);
    } finally {
      this.updateCounts = undefined;
    }
    this.graph.settle();
    return { reindexed: files.map((f) => this.relative(f)).sort(), removed, millis: Date.now() - started };
  }

  /** Hash of the text extraction would read for `abs` now (as `extractedFrom` records it), if a program holds it. */
  private programTextHash(abs: string): string | undefined {
    const project = this.owner.get(abs);
    // A released program is built again from the files as they are now: what it will read.
    if (project && !project.program) return hashFile(abs);
    const sf = project?.program?.getSourceFile(abs);
    return sf && this.textHash(sf);
  }

  /** Hash of the text `sf` stands for: its file's real text when the parser threw on it (the program holds it empty). */
  private textHash(sf: TS.SourceFile): string {
    return contentHash(this.compiler.parseFailure(sf.fileName)?.text ?? sf.text);
  }

  private failedFiles(): string[] {
    return this.graph.failedFiles().map(([file]) => file);
  }

  /** Every loud error as it stands now: workspace-wide ones first, then each file whose analysis failed. */
  errors(): string[] {
    return [...this.globalErrors, ...this.graph.failedFiles().map(([file, reason]) => fileFailureMessage(file, reason))];
  }

  /**
   * The problems as the graph stands: the index's own, then each file's as its last extraction found
   * them (a syntax error fixed since is gone, one re-indexed twice is listed once).
   */
  problems(): string[] {
    const out = [...this.workspaceProblems];
    for (const rel of this.graph.files()) out.push(...(this.graph.getContribution(rel)?.problems ?? []));
    return out;
  }

  /** Why an existing root-relative file is not in the graph, when the index left it out on purpose. */
  whyNotIndexed(rel: string): string | undefined {
    const owner = this.walk && this.owner.get(path.posix.join(this.root, rel));
    if (owner && this.walk && !this.walk.isIndexed(owner)) return `its project ${this.projectKey(owner)} is not indexed yet (indexing is still running: ${this.walk.projectsDone} of ${this.walk.projectsTotal} projects done); ask again when it is done`;
    return this.programs.selection.whyLeftOut(rel) ?? this.programs.components.whyNotIndexed(rel);
  }

  /** The workspace's component files (`.vue`, `.svelte`, `.astro`, root-relative), which no program holds. */
  componentFiles(): readonly string[] {
    return this.programs.components.files;
  }

  /** The workspace package whose folder holds a root-relative file: its name and root-relative folder. */
  packageOf(rel: string): { name: string; dir: string } | undefined {
    const p = this.workspace?.packageContaining(path.posix.join(this.root, rel));
    return p && { name: p.name, dir: path.posix.relative(this.root, p.dir) };
  }

  /** What the graph does not hold (yet) for answers to scope their notes by (outstandingProjects). */
  outstanding(): Outstanding | undefined {
    const { uninstalled, overBudget } = this.programs.selection;
    return outstandingProjects(this.root, this.walk, (abs) => this.owner.get(abs), uninstalled, overBudget, () => (this.reach ??= new ProjectReach(this.root)));
  }

  /**
   * While a full index walks: extract these files (absolute) now, ahead of their project's turn, where
   * their project's program is built and the file is not extracted yet (the walk then skips them).
   * What a first answer reads (CodeGraph.firstAnswer). Returns whether every file is extracted now.
   */
  extractFirst(files: readonly string[]): boolean {
    const extracted = this.extracted;
    if (!extracted) return false;
    let all = true;
    const claimed = new Set<Project>();
    for (const f of files) {
      const project = this.owner.get(f);
      if (!project?.program) {
        all = false;
        continue;
      }
      if (extracted.get(f) === project) continue;
      // As the walk does before extracting a project's files: what its program pulls in is owned first
      // (the walk's end re-decides ownership for all, and extracts again any file given to another).
      if (!claimed.has(project)) this.programs.claimPulledIn(project);
      claimed.add(project);
      extracted.set(f, project);
      this.extractFile(f);
      this.walk?.extractedAhead();
    }
    return all;
  }

  /**
   * The files (absolute) holding what the compiler sees next to `node` at once, before any other file
   * is extracted: its references by find-references (`dependents`), or the files of the targets of
   * its own edges and its members' (`dependencies`; its file must be extracted). Undefined when the
   * compiler cannot tell (no program yet, a TypeScript without find-references in process).
   * With `enough`, find-references may stop once it found more than `enough` files (`complete`
   * false then): it asks first in the files whose text names the declaration (candidateFiles).
   */
  directFiles(node: GraphNode, direction: 'dependents' | 'dependencies', enough?: number): { files: string[]; complete: boolean } | undefined {
    const abs = path.posix.join(this.root, node.file);
    const project = this.owner.get(abs);
    if (!project?.program) return undefined;
    if (direction === 'dependencies') {
      const own = (id: string) => id === node.id || this.graph.getNode(id)?.name.startsWith(`${node.name}.`);
      const files = new Set<string>();
      for (const e of this.graph.getContribution(node.file)?.edges ?? []) {
        if (!own(e.from)) continue;
        const file = e.to.slice(0, e.to.indexOf('#'));
        if (file && !file.startsWith('node_modules/')) files.add(path.posix.join(this.root, file));
      }
      return { files: [...files], complete: true };
    }
    if (!project.program.getTypeChecker().referencingFiles) return undefined;
    // Find-references sees one program: its owner's, then the other built programs holding the file
    // (other projects of a monorepo that import it), up to a few.
    const holders = [project, ...this.projects.filter((p) => p !== project && p.program?.hasSourceFile(abs))].slice(0, MAX_REFERENCE_PROGRAMS);
    const files = new Set<string>();
    for (const p of holders) {
      const found = this.referencesIn(p.program!, abs, node, enough === undefined ? undefined : enough - files.size);
      for (const f of found.files) if (f !== abs && this.programs.isInsideRoot(f)) files.add(f);
      if (!found.complete) return { files: [...files], complete: false };
    }
    return { files: [...files], complete: true };
  }

  /**
   * Find-references on `node`'s declaration in one program: the files of its references (absolute).
   * With `enough`: first only in the likeliest files (candidateFiles), a batch at a time, stopping
   * once more than `enough` hold one; the whole program when those do not reach it.
   */
  private referencesIn(program: CompilerProgram, abs: string, node: GraphNode, enough?: number): { files: string[]; complete: boolean } {
    const checker = program.getTypeChecker();
    const sf = program.getSourceFile(abs);
    if (!checker.referencingFiles || !sf) return { files: [], complete: true };
    for (const [decl, id] of declareFile(this.compiler.syntax, sf, node.file, false).declToId) {
      if (id !== node.id) continue;
      const name = (decl as TS.NamedDeclaration).name ?? decl;
      if (enough !== undefined && this.compiler.syntax.isIdentifier(name)) {
        const found = new Set<string>();
        const candidates = this.candidateFiles(program, abs, name.text);
        // As many files as would be enough if each held one (at least a few): mostly one batch.
        for (let i = 0, batch = 0; i < candidates.length; i += batch) {
          batch = Math.max(MIN_REFERENCE_BATCH, enough + 1 - found.size);
          for (const f of checker.referencingFiles(name, candidates.slice(i, i + batch))) found.add(normalize(f));
          if (found.size > enough) return { files: [...found], complete: false };
        }
      }
      return { files: checker.referencingFiles(name).map(normalize), complete: true };
    }
    return { files: [], complete: true };
  }

  /**
   * Where a find-references that may stop early asks first: the program's files inside the root
   * (not the declaring one) whose text names `name` as a word, those that also name the declaring
   * file's module (an import of it, likely) first; at most MAX_CANDIDATE_FILES. A file that uses the
   * declaration under another name only (a default import, a renaming re-export) is not one: when
   * these do not hold enough, the whole program is searched.
   */
  private candidateFiles(program: CompilerProgram, abs: string, name: string): string[] {
    const word = new RegExp(`(^|[^\\w$])${name.replace(/\$/g, '\\$')}($|[^\\w$])`);
    const base = path.posix.basename(abs).replace(/(\.d)?\.[cm]?[jt]sx?$/, '');
    const importing: string[] = [];
    const naming: string[] = [];
    for (const f of program.getSourceFileNames()) {
      const file = normalize(f);
      if (file === abs || !this.programs.isInsideRoot(file) || program.isDefaultLibraryFile(f) || file.includes('/node_modules/')) continue;
      let text: string;
      try {
        text = fs.readFileSync(file, 'utf8');
      } catch {
        continue;
      }
      if (!word.test(text)) continue;
      (base !== 'index' && text.includes(base) ? importing : naming).push(f);
      if (importing.length >= MAX_CANDIDATE_FILES) break;
    }
    return [...importing, ...naming].slice(0, MAX_CANDIDATE_FILES);
  }

  /** The walk of a full index while it runs (projects indexed, pending, `prioritize`); undefined otherwise. */
  get indexing(): ProjectWalk | undefined {
    return this.walk;
  }

  /**
   * A full index, one project after another in the walk's order (`IndexOptions.first`'s projects and
   * what they import first), so that queries can be answered meanwhile (ProjectWalk). Then ownership
   * as one pass over every program decides it: a file pulled in by two programs goes to the first in
   * config order, whichever was built first, and is extracted again if the walk gave it to the other.
   */
  private async walkProjects(token: CancellationToken): Promise<void> {
    this.programs.assignRootOwners();
    const extracted = new Map<string, Project>();
    this.extracted = extracted;
    const walk = new ProjectWalk(this.projects, {
      build: (p) => {
        // The native compiler opens the next projects that fit the budget with it, in one request;
        // a project a query waits on alone, so that its first answer does not wait for the others' programs.
        if (!p.program) this.programs.build(this.compiler.kind === 'native' ? this.programs.group(p, walk.isAsked(p) ? [] : walk.pending()) : [p]);
        else this.programs.programOf(p);
        this.programs.claimPulledIn(p);
        this.queueLibraryGlobals(p);
      },
      filesOf: (p) => [...this.owner].filter(([f, o]) => o === p && !extracted.has(f)).map(([f]) => f),
      extract: (f, next) => {
        // Extracted ahead of its turn for a first answer (extractFirst): once is enough.
        if (extracted.get(f) === this.owner.get(f)) return;
        extracted.set(f, this.owner.get(f)!);
        this.extractFile(f, next);
      },
      fileCount: () => this.owner.size,
      filesIn: (p) => p.files?.map(normalize) ?? [],
      ownerOf: (f) => this.owner.get(f),
      onProgress: (w) => this.options.onProgress?.(w.filesDone, w.filesTotal, { done: w.projectsDone, total: w.projectsTotal }),
    });
    this.walk = walk;
    void walk.prioritize((this.options.first ?? []).map((f) => this.rootPaths.toReal(path.resolve(this.root, f))));
    try {
      await walk.run(token);
    } finally {
      this.walk = undefined;
      this.extracted = undefined;
      this.forgetLibraryQueue();
    }
    this.programs.assignOwners();
    for (const stale of this.graph.files()) if (!this.owner.has(path.posix.join(this.root, stale))) this.graph.removeFile(stale);
    const again = [...this.owner].filter(([f, p]) => extracted.get(f) !== p).map(([f]) => f);
    for (const f of this.byProject(again)) this.extractFile(f);
  }

  /** `files` grouped by the project that owns them, in the projects' order: each released program is built again once. */
  private byProject(files: string[]): string[] {
    const order = new Map(this.projects.map((p, i) => [p, i]));
    const rank = (f: string) => order.get(this.owner.get(f)!) ?? -1;
    return files.map((f) => [rank(f), f] as const).sort((a, b) => a[0] - b[0]).map(([, f]) => f);
  }

  /** The projects whose programs are held now (root-relative config paths; `(inferred)`): the budget's observable state. */
  heldPrograms(): string[] {
    return this.programs.liveProjects().map((p) => this.projectKey(p));
  }

  /** Programs built from nothing since the last full index began (first builds and rebuilds after a release). */
  get programBuilds(): number {
    return this.programs.builds;
  }

  /** Root-relative posix path of an absolute one. */
  relative(abs: string): string {
    return path.posix.relative(this.root, normalize(abs));
  }

  private async extractAll(unordered: string[], token: CancellationToken, counts?: UpdateProgress): Promise<void> {
    const files = this.byProject(unordered);
    const total = files.length;
    if (counts) counts.total = total;
    for (let i = 0; i < total; i++) {
      if (token.isCancellationRequested) throw new CancelledError();
      if (counts) counts.done = i;
      if (i % 100 === 0) {
        this.options.onProgress?.(i, total);
        await new Promise((r) => setImmediate(r));
      }
      this.extractFile(files[i], files[i + 1]);
    }
    this.options.onProgress?.(total, total);
  }

  /**
   * Library files of the programs a full index built whose `libraryGlobals` flag is not known: read and
   * tested (mayDeclareGlobals) a few at a time while the native compiler answers a file's names
   * (extractFile), so that the first start that builds a scoped program after this index (a query
   * after an edit, without the daemon) need not read them first: @loopback/repository's 136 typings
   * were 15-22 ms of that query. Only where a cache will be written, and only with TypeScript 7 (the
   * only compiler that builds scoped programs).
   */
  private librariesToLearn: string[] = [];
  private readonly librariesQueued = new Set<string>();

  /**
   * Queues `p`'s library files (its program's files that are not ours), each once, and no more than the
   * files left to extract can learn (a monorepo's programs hold the same typings many times over).
   */
  private queueLibraryGlobals(p: Project): void {
    if (!this.options.cacheDir || this.compiler.kind !== 'native') return;
    const room = LIBRARIES_PER_FILE * this.owner.size;
    for (const f of p.files ?? []) {
      if (this.librariesToLearn.length >= room) return;
      // Typings only: a JavaScript library is looked at after a scoped build, if the program lacks it (extractScoped).
      if (this.owner.has(f) || this.librariesQueued.has(f) || f.endsWith('.json') || JAVASCRIPT.test(f)) continue;
      this.librariesQueued.add(f);
      this.librariesToLearn.push(f);
    }
  }

  /** The queue's end, with its full index: what was not learned is read by the first start that needs it, as before. */
  private forgetLibraryQueue(): void {
    this.librariesToLearn = [];
    this.librariesQueued.clear();
  }

  /** Learns `count` of the queued libraries' flags (queueLibraryGlobals), under the stamp the compiler read each at. */
  private learnLibraryGlobals(count: number): void {
    for (let i = 0; i < count && this.librariesToLearn.length > 0; i++) {
      const abs = this.librariesToLearn.pop()!;
      const rel = this.relative(abs);
      const stamp = this.compiler.stampOf(abs);
      // Learned already (another program holds it), or changed since the compiler read it: the next start reads it.
      if (!stamp || this.libraryGlobals[rel]?.[0] === stamp || fileStamp(abs) !== stamp) continue;
      let text: string;
      try {
        text = fs.readFileSync(abs, 'utf8');
      } catch {
        continue;
      }
      this.libraryGlobals[rel] = [stamp, mayDeclareGlobals(text)];
    }
  }

  /** The declaration skeleton of the next file, worked out while the native compiler answered for the one before (extractFile). */
  private skeletonAhead: { sf: TS.SourceFile; skeleton: string | undefined } | undefined;

  /** Indexes one file; `next`, the file indexed after it, is walked while the native compiler answers for this one. */
  private extractFile(abs: string, next?: string): void {
    const project = this.owner.get(abs)!;
    const program = this.programs.programOf(project);
    const sf = program.getSourceFile(abs);
    const rel = this.relative(abs);
    if (!sf) {
      this.graph.removeFile(rel);
      this.extractedFrom.delete(rel);
      return;
    }
    this.extractedFrom.set(rel, this.textHash(sf));
    // The next file's tree is asked now: once this file's names are asked, the pipe is busy until they are answered.
    const nextSf = next !== undefined && this.compiler.kind === 'native' && this.owner.get(next) === project ? program.getSourceFile(next) : undefined;
    // Its skeleton, if the file before it worked it out ahead: taken before this file's own turn works out the next one's.
    const ahead = this.skeletonAhead?.sf === sf ? this.skeletonAhead : undefined;
    this.skeletonAhead = undefined;
    const also = () => {
      this.skeletonAhead = { sf: nextSf!, skeleton: declarationSkeleton(this.compiler.syntax, nextSf!) };
      this.learnLibraryGlobals(LIBRARIES_PER_FILE);
    };
    const contribution = this.analysis.contributionOf(project, sf, rel, nextSf && { sf: nextSf, rel: this.relative(next!), also });
    // What its dependents can see of it, for a start from the cache after it changed (indexSinceCache).
    const skeleton = contribution.failure ? undefined : ahead ? ahead.skeleton : declarationSkeleton(this.compiler.syntax, sf);
    if (skeleton !== undefined) contribution.skeleton = skeleton;
    const syntax = contribution.failure ? undefined : program.firstSyntaxError(sf);
    if (syntax) {
      const line = sf.getLineAndCharacterOfPosition(syntax.start).line + 1;
      contribution.problems!.push(`${rel}:${line}: syntax error: ${syntax.message} (indexed as far as it parses)`);
      contribution.syntaxError = { line, message: syntax.message };
    }
    for (const p of contribution.problems ?? []) this.log.warn(p);
    if (contribution.failure) this.log.error(fileFailureMessage(rel, contribution.failure));
    this.graph.replaceFile(contribution);
    const shapes = this.shapesSinceCache;
    if (!shapes) {
      // Its text, or what it imports, may have changed its shape: printed again when the cache is written.
      this.knownShapes.delete(rel);
    } else if (!contribution.failure && shapes.wanted(rel, contribution)) {
      const shape = printedShape(this.compiler.syntax, program, sf, this.graph.nodesInFile(rel).map((n) => n.id));
      if (shape !== undefined) shapes.printed.set(rel, shape);
    } else if (!contribution.failure && shapes.lookers.has(rel)) {
      shapes.modules.set(rel, moduleMentions(this.compiler.syntax, sf));
    }
  }

  /** Every file a project indexes or the graph holds, absolute. */
  private indexedFiles(): Set<string> {
    return new Set([...this.owner.keys(), ...this.graph.files().map((rel) => path.posix.join(this.root, rel))]);
  }

  /** `seeds` plus every file that depends on one of them, transitively (used when no shape comparison is possible). */
  private withTransitiveDependents(seeds: Set<string>): Set<string> {
    return reachable(seeds, (file) => this.graph.filesDependingOn(file));
  }
}

/** In a workspace of at least this many files (a smaller one's whole index takes about a second)... */
const HUB_MIN_FILES = 200;
/** ...a file with at least this many direct dependents has its shape kept in the cache (hubShapes)... */
const HUB_DEPENDENTS = 20;
/** ...at most this many of them, those with most dependents: each is printed once per text (tens to hundreds of milliseconds for a large types module). */
const HUB_SHAPES = 20;

/** The cache's shapes that belong to the texts its contributions came from. */
function cachedShapes(cached: CacheSnapshot): Map<string, [string, string]> {
  const out = new Map<string, [string, string]>();
  for (const [rel, entry] of Object.entries(cached.shapes ?? {})) if (Array.isArray(entry) && cached.files[rel]?.[0] === entry[0] && typeof entry[1] === 'string') out.set(rel, entry);
  return out;
}

/** `fileShape`, or undefined where printing it failed (the compiler threw; a shape that says `unknown` is no shape to compare). */
function printedShape(ts: typeof TS, program: CompilerProgram, sf: TS.SourceFile, nodeIds: string[]): string | undefined {
  try {
    const shape = fileShape(ts, program, sf, nodeIds);
    return shape.startsWith('unknown ') || shape.startsWith('script\n') ? undefined : shape;
  } catch (err) {
    if (isCompilerProcessError(err) || err instanceof CancelledError) throw err;
    return undefined;
  }
}

/**
 * At most this many files re-indexed in a start from a partly stale cache go through a program
 * scoped to them (WorkspaceIndex.extractScoped); more, and the project's whole program is built.
 */
const SCOPED_FILES = 20;

/** Whether a file's new contribution shows its dependents what its cached one did: the same skeleton and node ids. */
function sameSkeleton(cached: FileContribution | undefined, now: FileContribution | undefined): boolean {
  if (!cached?.skeleton || !now?.skeleton || cached.skeleton !== now.skeleton || now.failure) return false;
  return cached.nodes.length === now.nodes.length && cached.nodes.every((n, i) => n.id === now.nodes[i].id);
}
