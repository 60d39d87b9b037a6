import * as path from 'path';
import type * as TS from 'typescript';
import { FileContribution, fileFailureMessage } from '../graph/GraphTypes';
import { DeclaredFile, moduleOnly } from './file/declareFile';
import { describeFailure } from './file/describeFailure';
import { missingLibraryFiles } from './program/missingLibraryFiles';
import { SymbolGraph } from '../graph/SymbolGraph';
import { implementationFilesOf } from '../graph/implementationTwin';
import { CancellationToken, Logger, neverCancelled, silentLogger } from '../Logger';
import { ProjectConfig, SKIPPED_DIRS, discoverProjects, normalize } from './program/discoverProjects';
import { CompilerDefaults, compilerDefaults } from './program/compilerDefaults';
import { extractEdges } from './file/extractEdges';
import type { SymbolTargets } from './file/targets';
import { NodeLocator } from './file/NodeLocator';
import { SharedCompilerHost } from './program/SharedCompilerHost';
import { WorkspacePackages, packageName } from './program/workspacePackages';
import { UnresolvedUse, unresolvedPackageWarnings } from './program/packageAdvice';
import { ShapeDelta, fileShape, shapeChange, shapeDelta } from './incremental/fileShape';
import { declarationSkeleton } from './incremental/declarationSkeleton';
import { reachable } from './incremental/reachable';
import { REBUILD_FILE, SOURCE_FILE, isWatchedFile } from './workspaceFiles';
import { CACHE_FORMAT, CacheSnapshot, cacheFileFor, contentHash, hashFile, readCache, workspaceFingerprint, writeCache } from './cache/IndexCache';
import type { IndexOptions, IndexReport, UpdateReport } from './indexWorkspace';
import { isCommonJsModule } from './tsInternals';

interface Project {
  config: ProjectConfig;
  program?: TS.Program;
  targets?: SymbolTargets;
}

function inSkippedDir(rel: string): boolean {
  return rel.split('/').slice(0, -1).some((segment) => SKIPPED_DIRS.has(segment));
}

/**
 * Owns the workspace's TypeScript programs and keeps the graph in step with them: a full index,
 * then incremental updates that re-extract the changed files and every file whose edges could
 * have changed with them (their importers, transitively), so the graph always equals what a
 * full rebuild would give.
 */
export class WorkspaceIndex {
  readonly graph = new SymbolGraph();
  readonly root: string;
  private readonly ts: typeof TS;

  /** The TypeScript module this index parses with (impact parses the base versions with it too). */
  get typescript(): typeof TS {
    return this.ts;
  }
  private readonly log: Logger;
  private readonly host: SharedCompilerHost;
  private projects: Project[] = [];
  /** 'refresh' after an explicit rebuild: the next indexAll ignores what the cache remembers. */
  private cacheMode: 'use' | 'refresh';
  /**
   * Shapes computed by earlier updates. A file's shape changes only through its own text or a
   * dependency whose shape changed, and both put it back in the update queue, where its shape is
   * recomputed; so a stored shape is current, and saving the same file again skips the old checker.
   */
  private readonly shapes = new Map<string, string>();
  /** Root-relative file → hash of the text its graph contribution was extracted from (what the cache stores). */
  private readonly extractedFrom = new Map<string, string>();
  /** False after a start from the cache: programs are built on the first change. */
  private programsBuilt = false;
  /** Absolute file → the project that indexes it (each file is indexed once). */
  private owner = new Map<string, Project>();
  private readonly locator: NodeLocator;
  /** The monorepo's packages (workspaces, pnpm-workspace.yaml, node_modules symlinks into the root). */
  private workspace: WorkspacePackages | undefined;
  /** A file's words (see `mentionsAny`; null: no text), made once per update for each file asked about. */
  private readonly words = new Map<string, Set<string> | null>();
  problems: string[] = [];
  /** Of the last full index, the time TypeScript spent building programs (reading, parsing, binding, resolving modules). */
  private programMillis = 0;
  /** Workspace-wide loud errors (e.g. a program built without its default library); per-file failures live in the graph. */
  globalErrors: string[] = [];
  /** Whose defaults fill what the configs leave unset; read again at every full index (an `npm install` may change it). */
  private defaults: CompilerDefaults;

  constructor(private readonly options: IndexOptions) {
    this.ts = options.ts ?? (require('typescript') as typeof TS);
    this.root = normalize(options.root);
    this.log = options.logger ?? silentLogger;
    this.host = new SharedCompilerHost(this.ts);
    this.cacheMode = options.cacheMode ?? 'use';
    this.locator = new NodeLocator(this.ts, this.root, (abs) => this.owner.has(abs));
    this.defaults = compilerDefaults(this.ts, this.root, options.typescriptPath);
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
    const started = Date.now();
    this.problems = [];
    this.globalErrors = [];
    this.defaults = compilerDefaults(this.ts, this.root, this.options.typescriptPath);
    this.log.info(`compiler: ${this.defaults.description}`);
    this.projects = discoverProjects(this.ts, this.root, this.options.tsconfig, this.defaults).map((config) => ({ config }));
    this.programsBuilt = false;
    this.programMillis = 0;
    this.shapes.clear();
    // A rebuild follows a config or dependency change (or the rebuild command): typings nobody
    // reported, a library's rewritten by `npm install`, must not be reused from an earlier parse.
    const stale = this.host.dropChangedOnDisk();
    if (stale.length) this.log.info(`${stale.length} parsed files changed on disk since they were read (libraries included): parsing them again`);
    // A monorepo's packages, found again with the configs: their outputs resolve to their sources.
    this.workspace = WorkspacePackages.discover(this.ts, this.root, this.projects.map((p) => p.config));
    this.host.setWorkspacePackages(this.workspace);
    for (const p of this.projects) {
      this.problems.push(...p.config.problems);
      this.log.info(`project ${p.config.configPath ? this.relative(p.config.configPath) : '(inferred: no tsconfig/jsconfig found)'}: ${p.config.fileNames.length} files`);
    }
    const cached = this.readValidCache();
    let cache: IndexReport['cache'];
    if (cached && this.loadWholeCache(cached)) {
      cache = 'full';
      this.log.info(`loaded ${this.graph.files().length} files from the cache; no TypeScript program needed until the first change`);
    } else {
      this.buildPrograms(this.projects);
      this.assignOwners();
      for (const stale of this.graph.files()) if (!this.owner.has(path.posix.join(this.root, stale))) this.graph.removeFile(stale);
      let files = [...this.owner.keys()];
      if (cached) {
        files = this.loadUnchangedFromCache(cached);
        cache = 'partial';
        this.log.info(`cache: ${this.owner.size - files.length} files loaded, ${files.length} re-indexed (changed or depending on a change)`);
      }
      await this.extractAll(files, token);
      this.saveCache();
    }
    const warnings = this.unresolvedPackageWarnings();
    for (const w of warnings) {
      this.log.warn(w);
      this.problems.push(w);
    }
    this.graph.settle();
    const stats = this.graph.stats();
    return {
      projects: this.projects.map((p) => (p.config.configPath ? this.relative(p.config.configPath) : '(inferred)')),
      files: this.graph.files().length,
      nodes: stats.nodes,
      edges: stats.edges,
      edgesByType: stats.edgesByType,
      millis: Date.now() - started,
      programMillis: this.programMillis,
      compiler: this.defaults.description,
      problems: this.problems,
      errors: this.errors(),
      warnings,
      cache,
    };
  }

  /**
   * Packages imported but resolving to no types (a clone before `npm install`, a package without
   * typings, a config whose moduleResolution cannot find them, an unbuilt workspace package): calls
   * into them and everything TypeScript infers through them are missing, which nothing else would
   * say. One warning per cause, with what would fix it (`packageAdvice`), the most imported first.
   */
  private unresolvedPackageWarnings(): string[] {
    const uses: UnresolvedUse[] = [];
    for (const rel of this.graph.files()) {
      const specifiers = this.graph.getContribution(rel)?.unresolvedPackageImports;
      if (!specifiers?.length) continue;
      const file = path.posix.join(this.root, rel);
      const project = this.owner.get(file) ?? this.projects.find((p) => p.config.fileNames.includes(file)) ?? this.projects[0];
      if (project) for (const specifier of specifiers) uses.push({ specifier, file, project: project.config });
    }
    return uses.length ? unresolvedPackageWarnings(this.ts, this.root, this.workspace, uses) : [];
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
      writeCache(cacheFileFor(this.options.cacheDir, this.root), { format: CACHE_FORMAT, fingerprint: this.fingerprint(), files });
    } catch (err) {
      this.log.warn(`could not write the graph cache: ${(err as Error).message}`);
    }
  }

  private fingerprint(): string {
    const configs = this.projects.map((p) => p.config.configPath).filter((c): c is string => !!c);
    // The defaults' major too: the same configs mean other options once the workspace's TypeScript changes major.
    return workspaceFingerprint(this.root, configs, `${this.ts.version} defaults ${this.defaults.major}`, this.options.toolVersion ?? '');
  }

  private readValidCache(): CacheSnapshot | undefined {
    if (!this.options.cacheDir || this.cacheMode === 'refresh') return undefined;
    const { snapshot, problem } = readCache(cacheFileFor(this.options.cacheDir, this.root));
    if (problem) this.log.warn(`${problem}; indexing from scratch`);
    if (snapshot && snapshot.fingerprint !== this.fingerprint()) {
      this.log.info('cache is from other configs, lock files or versions; indexing from scratch');
      return undefined;
    }
    return snapshot;
  }

  /** All of the cache, if every cached file is unchanged and every project file is cached. */
  private loadWholeCache(cached: CacheSnapshot): boolean {
    for (const p of this.projects) {
      for (const f of p.config.fileNames) {
        if (this.isInsideRoot(f) && !f.endsWith('.json') && !cached.files[this.relative(f)]) return false;
      }
    }
    for (const [rel, [hash]] of Object.entries(cached.files)) {
      if (hashFile(path.posix.join(this.root, rel)) !== hash) return false;
    }
    for (const f of this.graph.files()) this.graph.removeFile(f);
    this.extractedFrom.clear();
    for (const [rel, [hash, contribution]] of Object.entries(cached.files)) {
      this.graph.replaceFile(contribution);
      this.extractedFrom.set(rel, hash);
    }
    return true;
  }

  /** Loads cached files that did not change; returns the owned files to extract (changed ones and their dependents). */
  private loadUnchangedFromCache(cached: CacheSnapshot): string[] {
    const changed = new Set<string>();
    for (const abs of this.owner.keys()) {
      const rel = this.relative(abs);
      const entry = cached.files[rel];
      if (entry && this.programTextHash(abs) === entry[0]) {
        this.graph.replaceFile(entry[1]);
        this.extractedFrom.set(rel, entry[0]);
      } else {
        changed.add(rel);
      }
    }
    for (const rel of Object.keys(cached.files)) if (!this.owner.has(path.posix.join(this.root, rel))) changed.add(rel);
    const { waiting, shadowed } = this.newFileEffects([...changed].filter((rel) => !cached.files[rel]));
    for (const rel of [...waiting, ...shadowed]) changed.add(rel);
    return [...this.withTransitiveDependents(changed)].map((rel) => path.posix.join(this.root, rel)).filter((abs) => this.owner.has(abs));
  }

  /** Re-index after files were saved/created (`changed`) or deleted. Paths absolute or root-relative. */
  async update(changed: string[], deleted: string[], token: CancellationToken = neverCancelled): Promise<UpdateReport> {
    const started = Date.now();
    this.words.clear();
    const abs = (p: string) => normalize(path.isAbsolute(p) ? p : path.join(this.root, p));
    // Paths no project could contain (build output, node_modules, non-sources) change nothing.
    const relevant = (f: string) =>
      this.owner.has(f) || (isWatchedFile(f) && this.isInsideRoot(f) && !inSkippedDir(this.relative(f)));
    const changedAbs = [...new Set(changed.map(abs))].filter(relevant);
    const deletedAbs = [...this.withFilesUnder(deleted.map(abs))].filter(relevant);
    if (changedAbs.length === 0 && deletedAbs.length === 0) return { reindexed: [], removed: [], millis: Date.now() - started };
    if ([...changedAbs, ...deletedAbs].some((f) => REBUILD_FILE.test(f))) {
      // A config change can move every file between projects, a dependency change any library's
      // typings: rebuild from the configs (indexAll re-reads the typings that changed on disk).
      for (const f of [...changedAbs, ...deletedAbs]) this.host.invalidate(f);
      const before = new Set(this.graph.files());
      await this.indexAll(token);
      const removed = [...before].filter((f) => !this.graph.hasFile(f));
      return { reindexed: this.graph.files(), removed, millis: Date.now() - started };
    }
    for (const f of [...changedAbs, ...deletedAbs]) this.host.invalidate(f);
    if (!this.programsBuilt) return this.updateFromCacheStart(changedAbs, deletedAbs, started, token);
    const sources = [...changedAbs, ...deletedAbs].filter((f) => SOURCE_FILE.test(f));
    const created = changedAbs.filter((f) => !this.owner.has(f));
    const fileSetChanged = created.length > 0 || deletedAbs.length > 0;
    if (fileSetChanged) this.refreshFileLists();
    const affected = this.projects.filter(
      (p) => fileSetChanged || sources.some((f) => p.program?.getSourceFile(f) !== undefined || p.config.fileNames.includes(f)),
    );
    const previousOwner = this.owner; // assignOwners makes a new map
    const previousProgram = new Map(this.projects.map((p) => [p, p.program]));
    this.buildPrograms(affected);
    // Ownership follows the file lists and the programs' files: a save that adds no file to any
    // program (the everyday case) keeps it, and the 10,000-entry map need not be made again.
    if (fileSetChanged || affected.some((p) => !sameSourceFiles(previousProgram.get(p), p.program))) this.assignOwners();

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
    const reindexed: string[] = [];
    const queue = [...new Set([...changedAbs, ...deletedAbs, ...gained].map((f) => this.relative(f)))];
    if (created.length) {
      const { waiting, shadowed } = this.newFileEffects(created.map((f) => this.relative(f)));
      queue.push(...waiting);
      for (const f of shadowed) queue.push(...this.graph.filesDependingOn(f));
    }
    // A file whose analysis failed is retried on every update: the edit may have healed it from elsewhere.
    queue.push(...this.failedFiles());
    const done = new Set<string>();
    const queued = new Set(queue);
    // A shape is only worth its cost (printing every export's type) when it decides something: when
    // some dependent of the file is neither re-extracted already nor waiting in the queue. After a
    // widely imported file changes shape, most of its dependents have no dependent outside the queue.
    const decidesSomething = (rel: string) => this.graph.filesDependingOn(rel).some((d) => !done.has(d) && !queued.has(d));
    // The everyday save: one file's text changed and nothing else. Then the file's own skeleton
    // decides before any shape is printed (see declarationSkeleton).
    const onlyChanged = changedAbs.length === 1 && deletedAbs.length === 0 && created.length === 0 ? this.relative(changedAbs[0]) : undefined;
    let wholeClosure = false;
    while (queue.length) {
      if (token.isCancellationRequested) throw new CancelledError();
      const rel = queue.shift()!;
      if (done.has(rel)) continue;
      done.add(rel);
      const abs = path.posix.join(this.root, rel);
      const before = previousOwner.get(abs);
      const beforeProgram = before && previousProgram.get(before);
      const oldNodeIds = this.graph.nodesInFile(rel).map((n) => n.id);
      if (this.owner.has(abs)) {
        this.extractFile(abs);
        reindexed.push(rel);
      }
      // Once a large share of the workspace must be re-extracted anyway, printing shapes to spare the
      // rest costs more than it saves (on a hub every file imports it cost more than a full index):
      // take every file that depends on one already in, however indirectly, and print no more shapes.
      if (!wholeClosure && this.owner.size >= WHOLE_CLOSURE_MIN_FILES && queued.size >= WHOLE_CLOSURE_SHARE * this.owner.size) {
        wholeClosure = true;
        const reached = queued.size;
        for (const d of this.withTransitiveDependents(queued)) {
          if (queued.has(d)) continue;
          queued.add(d);
          queue.push(d);
        }
        this.log.info(`update reaches ${reached} of ${this.owner.size} files: re-extracting them and all ${queued.size - reached} files that depend on them, without comparing shapes`);
      }
      if (wholeClosure || !decidesSomething(rel)) {
        // Not computed now, so not stored: the next update computes the old shape from this program.
        this.shapes.delete(rel);
        continue;
      }
      const delta = this.shapeChangeOf(rel, beforeProgram, oldNodeIds, rel === onlyChanged);
      const enqueue = (d: string) => {
        if (done.has(d) || queued.has(d)) return;
        queued.add(d);
        queue.push(d);
      };
      if (!delta) {
        for (const d of this.graph.filesDependingOn(rel)) enqueue(d);
        continue;
      }
      // Exports added, removed or retyped: the dependents that name one, call one under another
      // name (an edge into it), or re-export everything; no other dependent's edges can change.
      if (delta.exports.length > 0 || delta.changedExports.length > 0) {
        const names = [...delta.exports, ...delta.changedExports];
        const intoChanged = this.filesWithEdgesInto(rel, delta.changedExports, this.graph.filesDependingOn(rel));
        for (const d of this.graph.filesDependingOn(rel)) if (intoChanged.has(d) || this.maySeeAddedExports(d, names)) enqueue(d);
      }
      // Members added, removed or retyped: only code naming one can reach it, directly or through a
      // type derived in another file (`interface J extends I`), so every file that depends on this
      // one, however indirectly, and names such a member looks again.
      if (delta.members.length > 0) for (const d of this.withTransitiveDependents(new Set([rel]))) if (this.mayReachMembers(d, delta.members)) enqueue(d);
    }
    this.words.clear();
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
    if (this.programsBuilt) return { reindexed: [], removed: [], millis: 0 };
    const started = Date.now();
    // The bulk of building the programs (parsing and binding the workspace's files) in slices, so a
    // host's thread answers queries from the loaded graph meanwhile; what is left is one program build.
    for (const p of this.projects) {
      await this.host.warm(p.config.fileNames, p.config.options, () => {
        if (token.isCancellationRequested) throw new CancelledError();
      });
      if (this.programsBuilt) return { reindexed: [], removed: [], millis: Date.now() - started };
    }
    return this.updateFromCacheStart([], [], started, token);
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
    if (createdNow || deletedAbs.length) this.refreshFileLists();
    this.buildPrograms(this.projects);
    this.assignOwners();
    const seeds = new Set([...changedAbs, ...deletedAbs].map((f) => this.relative(f)));
    for (const abs of this.owner.keys()) {
      const rel = this.relative(abs);
      if (!seeds.has(rel) && this.graph.hasFile(rel) && this.extractedFrom.get(rel) !== this.programTextHash(abs)) seeds.add(rel);
    }
    const { waiting, shadowed } = this.newFileEffects([...this.owner.keys()].map((abs) => this.relative(abs)).filter((rel) => !this.graph.hasFile(rel)));
    for (const f of [...waiting, ...shadowed]) seeds.add(f);
    for (const f of this.failedFiles()) seeds.add(f);
    for (const rel of this.withTransitiveDependents(seeds)) seeds.add(rel);
    const removed = [...seeds].filter((rel) => !this.owner.has(path.posix.join(this.root, rel)));
    for (const rel of removed) this.graph.removeFile(rel);
    const files = [...seeds].map((rel) => path.posix.join(this.root, rel)).filter((abs) => this.owner.has(abs));
    for (const abs of this.owner.keys()) if (!this.graph.hasFile(this.relative(abs))) files.push(abs);
    await this.extractAll([...new Set(files)], token);
    this.graph.settle();
    return { reindexed: files.map((f) => this.relative(f)).sort(), removed, millis: Date.now() - started };
  }

  /**
   * What new files change besides themselves. An import that did not resolve may find one (those
   * files are `waiting`); an import that did may find one instead of the file it found (`shadowed`:
   * `./dates` found dates.js and now finds dates.d.ts; `./foo` prefers foo.ts to foo/index.js, and
   * foo/index.ts to foo.js), and nothing recorded says which importers those are but their
   * dependence on the shadowed file.
   */
  private newFileEffects(newFiles: string[]): { waiting: string[]; shadowed: string[] } {
    if (newFiles.length === 0) return { waiting: [], shadowed: [] };
    const fresh = new Set(newFiles);
    const stems = new Set<string>();
    for (const f of newFiles) {
      const stem = moduleStem(f);
      stems.add(stem);
      stems.add(stem.endsWith('/index') ? stem.slice(0, -'/index'.length) : `${stem}/index`);
    }
    // An import of a workspace package by name may find a source created in it (`@acme/core/feature`).
    const packages = new Set(newFiles.map((f) => this.workspace?.packageContaining(path.posix.join(this.root, f))?.name).filter((n): n is string => !!n));
    const waiting: string[] = [];
    const shadowed: string[] = [];
    for (const f of this.graph.files()) {
      if (fresh.has(f)) continue;
      const c = this.graph.getContribution(f);
      if (c?.hasUnresolvedImports || (packages.size && c?.unresolvedPackageImports?.some((s) => packages.has(packageName(s))))) waiting.push(f);
      if (stems.has(moduleStem(f))) shadowed.push(f);
    }
    return { waiting, shadowed };
  }

  /** Hash of the text extraction would read for `abs` now (as `extractedFrom` records it), if a program holds it. */
  private programTextHash(abs: string): string | undefined {
    const sf = this.owner.get(abs)?.program?.getSourceFile(abs);
    return sf && this.textHash(sf);
  }

  /** Hash of the text `sf` stands for: its file's real text when the parser threw on it (the program holds it empty). */
  private textHash(sf: TS.SourceFile): string {
    return contentHash(this.host.parseFailure(sf.fileName)?.text ?? sf.text);
  }

  /** Those of `candidates` with an edge into a node of `file` named by one of `exports` (or a member of one). */
  private filesWithEdgesInto(file: string, exports: string[], candidates: readonly string[]): Set<string> {
    const out = new Set<string>();
    if (exports.length === 0) return out;
    // A declaration file's values take their edges at their JavaScript twins (implementationTwin).
    const files = [file, ...implementationFilesOf(file)];
    const prefixes = exports.flatMap((name) => files.map((f) => `${f}#${name}`));
    const into = (to: string) => prefixes.some((p) => to.startsWith(p) && /^[.@~]/.test(to.slice(p.length)));
    for (const d of candidates) if (this.graph.getContribution(d)?.edges.some((e) => into(e.to))) out.add(d);
    return out;
  }

  /**
   * Whether `rel`'s text names one of `members` (conservative: unknown text, or a member name that
   * is no identifier, says yes). A class that extends or implements a changed type needs no look of
   * its own: its member-level IMPLEMENTS/OVERRIDES edges come from the members it declares, by name.
   */
  private mayReachMembers(rel: string, members: string[]): boolean {
    return members.some((name) => !IDENTIFIER.test(name)) || this.mentionsAny(rel, members);
  }

  /** Whether `rel`'s text mentions one of `names` or has an `export *` (conservative: unknown text says yes). */
  private maySeeAddedExports(rel: string, names: string[]): boolean {
    const text = this.textOf(rel);
    if (text === undefined || /\bexport\s*\*/.test(text)) return true;
    // `default` and `export =` are imported under any local name: every dependent may see them.
    if (names.some((name) => name === 'default' || !IDENTIFIER.test(name))) return true;
    return this.mentionsAny(rel, names);
  }

  /**
   * Whether `rel`'s text has one of `names` as a whole word (names are identifiers; unknown text
   * says yes). The file's words (maximal runs of `[\w$]`) are collected once per update: every file
   * whose shape changed a member asks again of the same dependents (thousands of asks on a
   * 500-file app, each a text lookup and a regular expression over the whole text before).
   */
  private mentionsAny(rel: string, names: string[]): boolean {
    let words = this.words.get(rel);
    if (words === undefined) {
      const text = this.textOf(rel);
      words = text === undefined ? null : new Set(text.match(WORD) ?? []);
      this.words.set(rel, words);
    }
    return words === null || names.some((name) => words.has(name));
  }

  /** The text the current program holds for `rel`, if it holds the file. */
  private textOf(rel: string): string | undefined {
    const abs = path.posix.join(this.root, rel);
    return this.owner.get(abs)?.program?.getSourceFile(abs)?.text;
  }

  private failedFiles(): string[] {
    return this.graph.failedFiles().map(([file]) => file);
  }

  /** Every loud error as it stands now: workspace-wide ones first, then each file whose analysis failed. */
  errors(): string[] {
    return [...this.globalErrors, ...this.graph.failedFiles().map(([file, reason]) => fileFailureMessage(file, reason))];
  }

  /** Root-relative posix path of an absolute one. */
  relative(abs: string): string {
    return path.posix.relative(this.root, normalize(abs));
  }

  private buildPrograms(projects: Project[]): void {
    for (const p of projects) {
      const started = Date.now();
      this.createProgram(p);
      this.checkStandardLibrary(p);
      this.programsBuilt = true;
      const millis = Date.now() - started;
      this.programMillis += millis;
      this.log.info(`program for ${p.config.configPath ? this.relative(p.config.configPath) : '(inferred)'} built in ${millis} ms`);
    }
  }

  private refreshFileLists(): void {
    const fresh = discoverProjects(this.ts, this.root, this.options.tsconfig, this.defaults);
    for (const p of this.projects) {
      const match = fresh.find((f) => f.configPath === p.config.configPath);
      if (match) p.config = { ...p.config, fileNames: match.fileNames };
    }
  }

  /** Each file is indexed by exactly one project: its own root files first (deepest config first), then sources it pulls in. */
  private assignOwners(): void {
    this.owner = new Map();
    this.locator.ownershipChanged();
    for (const p of this.projects) {
      for (const f of p.config.fileNames) if (!this.owner.has(f) && this.isInsideRoot(f) && !f.endsWith('.json')) this.owner.set(f, p);
    }
    for (const p of this.projects) {
      for (const sf of p.program?.getSourceFiles() ?? []) {
        const f = normalize(sf.fileName);
        if (this.owner.has(f) || !this.isInsideRoot(f) || f.includes('/node_modules/') || f.endsWith('.json')) continue;
        if (p.program!.isSourceFileDefaultLibrary(sf)) continue;
        this.owner.set(f, p);
      }
    }
  }

  private async extractAll(files: string[], token: CancellationToken): Promise<void> {
    const total = files.length;
    for (let i = 0; i < total; i++) {
      if (token.isCancellationRequested) throw new CancelledError();
      if (i % 100 === 0) {
        this.options.onProgress?.(i, total);
        await new Promise((r) => setImmediate(r));
      }
      this.extractFile(files[i]);
    }
    this.options.onProgress?.(total, total);
  }

  private extractFile(abs: string): void {
    const project = this.owner.get(abs)!;
    const program = project.program!;
    const sf = program.getSourceFile(abs);
    const rel = this.relative(abs);
    if (!sf) {
      this.graph.removeFile(rel);
      this.extractedFrom.delete(rel);
      return;
    }
    const contribution = this.contributionOf(project, sf, rel);
    const syntax = contribution.failure ? [] : program.getSyntacticDiagnostics(sf);
    if (syntax.length) {
      const d = syntax[0];
      const line = sf.getLineAndCharacterOfPosition(d.start ?? 0).line + 1;
      contribution.problems!.push(`${rel}:${line}: syntax error: ${this.ts.flattenDiagnosticMessageText(d.messageText, ' ')} (indexed as far as it parses)`);
    }
    for (const p of contribution.problems ?? []) {
      this.log.warn(p);
      this.problems.push(p);
    }
    if (contribution.failure) this.log.error(fileFailureMessage(rel, contribution.failure));
    this.graph.replaceFile(contribution);
  }

  /**
   * One file's share of the graph, isolated: when the parser, the checker or our own code throws on
   * this file, the file keeps its declarations (or only its module node) and says why
   * (`failure`); every other file is indexed exactly as it would be without this one.
   */
  private contributionOf(project: Project, sf: TS.SourceFile, rel: string): FileContribution {
    const contribution = this.analyse(project, sf, rel);
    if (isGlobalScope(this.ts, sf)) contribution.global = true;
    return contribution;
  }

  private analyse(project: Project, sf: TS.SourceFile, rel: string): FileContribution {
    const parseFailure = this.host.parseFailure(sf.fileName);
    this.extractedFrom.set(rel, this.textHash(sf));
    if (parseFailure) return this.failed(project, sf, moduleOnly(sf, rel, false, parseFailure.reason, parseFailure.text), parseFailure.text);
    const declared = this.locator.declaredFor(sf, rel, false);
    if (declared.failure) return this.failed(project, sf, declared, sf.text);
    try {
      return extractEdges({ ts: this.ts, checker: project.program!.getTypeChecker(), sf, declared, targets: project.targets! });
    } catch (err) {
      // The checker may be left half-way through a resolution: later files get a fresh one.
      this.createProgram(project);
      return this.failed(project, sf, { ...declared, failure: describeFailure(err) }, sf.text);
    }
  }

  /**
   * A failed file keeps its declarations, and the workspace files it imports as its dependencies:
   * they say which answers its missing calls can reach (`analysisWarnings`), and an edit of one of
   * them revisits it. Read with the scanner (`preProcessFile`), which needs no parse and no checker:
   * the file is one the parser or the checker could not handle.
   */
  private failed(project: Project, sf: TS.SourceFile, declared: DeclaredFile, text: string): FileContribution {
    const contribution = failedContribution(declared);
    const imports = new Set<string>();
    const host = this.host.hostFor(project.config.options);
    for (const { fileName } of [...this.ts.preProcessFile(text, true, true).importedFiles]) {
      const resolved = this.ts.resolveModuleName(fileName, sf.fileName, project.config.options, host).resolvedModule;
      if (!resolved || resolved.isExternalLibraryImport) continue;
      const target = this.relative(resolved.resolvedFileName);
      if (!target.startsWith('../') && target !== declared.file) imports.add(target);
    }
    contribution.dependsOnFiles = [...imports].sort();
    return contribution;
  }

  /** A program without its standard library is silently wrong: say so, once per missing file, as an error. */
  private checkStandardLibrary(project: Project): void {
    for (const file of missingLibraryFiles(this.ts, project.program!)) {
      const error =
        `TypeScript's standard library file ${path.basename(file)} was not found (looked in ${path.dirname(file)}): ` +
        'calls through inferred types (Array callbacks, Promise results, Map.get...) are missing from the graph. ' +
        'The TS Code Graph installation is incomplete: reinstall it, or point typescript.tsdk at a complete TypeScript.';
      if (this.globalErrors.includes(error)) continue;
      this.globalErrors.push(error);
      this.log.error(error);
    }
  }

  /**
   * A new program for `project` from its config, reusing what the old one parsed. With no file
   * changed, the structure is reused whole and only the type checker is fresh.
   */
  private createProgram(project: Project): void {
    project.program = this.ts.createProgram({
      rootNames: project.config.fileNames,
      options: project.config.options,
      // With the host's useSourceOfProjectReferenceRedirect, an import of a referenced project
      // (by path or by its package name through a workspace symlink) reaches its sources, built or not.
      projectReferences: project.config.projectReferences,
      host: this.host.hostFor(project.config.options),
      oldProgram: project.program,
    });
    project.targets = this.locator.targetsFor(project.program);
  }

  /** `seeds` plus every file that depends on one of them, transitively (used when no shape comparison is possible). */
  private withTransitiveDependents(seeds: Set<string>): Set<string> {
    return reachable(seeds, (file) => this.graph.filesDependingOn(file));
  }

  /**
   * What other files can see change in `rel` since `oldProgram`, by name (`ShapeDelta`; all lists
   * empty: nothing), or undefined when every dependent must look again (created, deleted, or a
   * change that cannot be put in names). For the update's only changed file, syntax decides first:
   * an unchanged declaration skeleton and node ids mean no change, and otherwise only the exports
   * the edit can reach are printed (`shapeChange`). Whole shapes are printed only when syntax cannot
   * tell, or when another file changed too.
   */
  private shapeChangeOf(rel: string, oldProgram: TS.Program | undefined, oldNodeIds: string[], onlyChange: boolean): ShapeDelta | undefined {
    const abs = path.posix.join(this.root, rel);
    const program = this.owner.get(abs)?.program;
    // Created or deleted: every dependent looks again, whatever either shape would say.
    if (!oldProgram || !program) {
      this.shapes.delete(rel);
      return undefined;
    }
    const nodeIds = this.graph.nodesInFile(rel).map((n) => n.id);
    const oldSf = oldProgram.getSourceFile(abs);
    const sf = program.getSourceFile(abs);
    if (onlyChange && oldSf && sf && !this.graph.getContribution(rel)?.failure) {
      const sameIds = nodeIds.length === oldNodeIds.length && nodeIds.every((id, i) => id === oldNodeIds[i]);
      const skeleton = sameIds ? declarationSkeleton(this.ts, sf) : undefined;
      if (skeleton !== undefined && skeleton === declarationSkeleton(this.ts, oldSf)) return NOTHING_CHANGED; // a stored shape stays valid
      const change = shapeChange(this.ts, { program: oldProgram, sf: oldSf, nodeIds: oldNodeIds }, { program, sf, nodeIds });
      if (change !== 'unknown') {
        this.shapes.delete(rel); // not printed whole: the next update prints the old one if it needs it
        return change === 'changed' ? undefined : change;
      }
    }
    const oldShape = this.shapes.get(rel) ?? this.shapeOf(oldProgram, abs, oldNodeIds);
    const newShape = this.shapeOf(program, abs, nodeIds);
    if (newShape === undefined) this.shapes.delete(rel);
    else this.shapes.set(rel, newShape);
    return oldShape === undefined || newShape === undefined ? undefined : shapeDelta(oldShape, newShape);
  }

  private shapeOf(program: TS.Program, abs: string, nodeIds: string[]): string | undefined {
    const sf = program.getSourceFile(abs);
    return sf ? fileShape(this.ts, program, sf, nodeIds) : undefined;
  }

  /**
   * Deleted paths as the files they stood for: watchers report `rm -rf dir` as the folder alone, so a
   * path that is no source or config file also stands for every indexed file under it. One pass over
   * the indexed files, however many such paths (a checkout deletes hundreds of other files at once).
   */
  private withFilesUnder(paths: string[]): Set<string> {
    const result = new Set(paths);
    const folders = new Set(paths.filter((f) => !isWatchedFile(f)).map((f) => f.replace(/\/+$/, '')));
    if (folders.size === 0) return result;
    const known = new Set([...this.owner.keys(), ...this.graph.files().map((rel) => path.posix.join(this.root, rel))]);
    for (const file of known) {
      for (let dir = path.posix.dirname(file); dir.length >= this.root.length; dir = path.posix.dirname(dir)) {
        if (folders.has(dir)) {
          result.add(file);
          break;
        }
        if (dir === '/') break;
      }
    }
    return result;
  }

  private isInsideRoot(abs: string): boolean {
    return abs === this.root || abs.startsWith(this.root + '/');
  }
}

/** From this share of the workspace's files re-extracted, an update stops printing shapes (see `update`). */
const WHOLE_CLOSURE_SHARE = 0.4;
/** Below this many files a shape costs little either way: keep re-extracting only what can see a change. */
const WHOLE_CLOSURE_MIN_FILES = 200;

const NOTHING_CHANGED: ShapeDelta = { exports: [], changedExports: [], members: [], types: [] };

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
/** A word of a text, as `mentionsAny` compares names: an identifier is one whole word. */
const WORD = /[\w$]+/g;

/** Whether two programs hold the same files, in the same order (the texts may differ). */
function sameSourceFiles(a: TS.Program | undefined, b: TS.Program | undefined): boolean {
  if (!a || !b) return a === b;
  const before = a.getSourceFiles();
  const after = b.getSourceFiles();
  return before.length === after.length && before.every((sf, i) => sf.fileName === after[i].fileName);
}

/** What a file whose analysis failed contributes: its declarations (no edges) and the reason. */
/**
 * A file whose declarations any file can use without importing it: a script (no import or export,
 * CommonJS included as a module), or a module with `declare global`.
 */
function isGlobalScope(ts: typeof TS, sf: TS.SourceFile): boolean {
  const commonJs = isCommonJsModule(sf); // set once the checker bound the file
  if (!ts.isExternalModule(sf) && !commonJs) return true;
  return sf.statements.some((s) => ts.isModuleDeclaration(s) && (s.flags & ts.NodeFlags.GlobalAugmentation) !== 0);
}

function failedContribution(declared: DeclaredFile): FileContribution {
  return { file: declared.file, nodes: declared.nodes, edges: [], externalNodes: [], dependsOnFiles: [], problems: [], failure: declared.failure };
}

export class CancelledError extends Error {
  constructor() {
    super('Indexing was cancelled.');
  }
}

/** A source file's path as a module specifier names it: without `.ts`, `.d.ts`, `.js`, `.mjs`… */
function moduleStem(file: string): string {
  return file.replace(/(\.d)?\.[mc]?[jt]sx?$/, '');
}
