import * as path from 'path';
import type * as TS from 'typescript';
import { Logger } from '../../Logger';
import type { CompilerPort, CompilerProgram } from '../../compiler/CompilerPort';
import type { ProgramLocator, SymbolTargets } from '../symbolTargets';
import { CompilerDefaults } from './compilerDefaults';
import { FoundProjects, ProjectConfig, discoverProjects, findProjects, normalize, withDefaults } from './discoverProjects';
import { DiscoveryReads, readDiscovery, writeDiscovery } from './discoveryCache';
import { ProjectSelection } from './projectSelection';
import { ExcludedPaths } from '../excludedPaths';
import { MEMORY_ENV, MemoryBudget, memoryBudget, programCostMb } from './memoryBudget';
import { ProgramCosts } from './programCosts';
import { ComponentFiles } from './componentFiles';

export interface Project {
  config: ProjectConfig;
  /** Its program while the budget holds it (see WorkspacePrograms.programOf); released otherwise. */
  program?: CompilerProgram;
  targets?: SymbolTargets;
  /** The files its last program held (names, the standard library left out): kept when the program is released. */
  files?: readonly string[];
}

/**
 * The workspace's projects, their programs, and which project indexes each file (ownership). The
 * workspace index asks it to discover, build and re-own; it never indexes a file itself.
 */
export class WorkspacePrograms {
  projects: Project[] = [];
  /** Absolute file → the project that indexes it (each file is indexed once). */
  owner = new Map<string, Project>();
  /** False after a start from the cache: programs are built on the first change. */
  built = false;
  /** Of the last full index, the time TypeScript spent building programs (reading, parsing, binding, resolving modules). */
  millis = 0;

  /** Run before the compiler builds any program: what the configs need only then (the native compiler's sourcePaths). */
  beforeBuild: (() => void) | undefined;

  constructor(
    private readonly ts: typeof TS,
    private readonly root: string,
    /** The compiler that builds the programs (in process or native); replaced when the native one fails. */
    public compiler: CompilerPort,
    private readonly log: Logger,
    private readonly tsconfig: string | undefined,
    /** A workspace-wide error (a program without its standard library), said once each. */
    private readonly onGlobalError: (error: string) => void,
    /** Which projects and files are indexed (exclude globs, uninstalled subtrees); what it skipped. */
    readonly selection = new ProjectSelection(root, ExcludedPaths.none),
    /** What programs may hold at once (memoryBudget): beyond it, the least recently used are released. */
    readonly budget: MemoryBudget = memoryBudget(),
    /** About how long one native build may block the thread (IndexOptions.groupMs); unset: memory alone bounds a group. */
    private readonly groupMs?: number,
  ) {}

  /** Projects whose program is held, least recently used first. */
  private readonly live: Project[] = [];
  /** The projects being edited (see pin): their programs are released last. */
  private pinned: ReadonlySet<Project> = new Set();
  /** Programs built from nothing since discovery: first builds, and rebuilds after a release. */
  builds = 0;
  /** Programs' costs, calibrated by the native compiler's measured memory. */
  readonly costs = new ProgramCosts();
  /** The native compiler's memory cannot be measured here. */
  private blind = false;
  /** How many projects the last group opened. */
  private lastGroup = 0;
  /** What the last group took per project it built, in ms (0: no group built yet). */
  private msPerProject = 0;

  private locator!: ProgramLocator;

  /** The workspace's component files (`.vue`, `.svelte`, `.astro`), which no program holds, as the last discovery found them. */
  components = new ComponentFiles([]);

  /** The compiler to build with from now on, and the locator that maps its symbols to nodes. */
  useCompiler(compiler: CompilerPort, locator: ProgramLocator): void {
    this.compiler = compiler;
    this.locator = locator;
    compiler.limitMemory?.(this.budget.programsMb);
  }

  /**
   * The projects of the configs found now, none of them built. With `record` (a start's first
   * discovery: its file, and a key naming the build of the indexer), what an earlier discovery
   * recorded there under that key is taken when nothing it read has changed, and a new discovery
   * is recorded there (discoveryCache).
   */
  discover(defaults: CompilerDefaults, record?: { file: string; indexer: string }): void {
    // Projects no longer discovered release what the compiler holds for them.
    for (const p of this.projects) if (p.program) this.compiler.close(p.config);
    this.live.length = 0;
    this.builds = 0;
    const found = record ? this.recordedProjects(record) : findProjects(this.ts, this.root, this.tsconfig);
    const components = found.components.filter((abs) => !this.selection.excludes(abs)).map((abs) => path.posix.relative(this.root, abs));
    const selected = this.selection.select(
      found.projects.map((raw) => withDefaults(raw, defaults)),
      { skipUninstalled: !this.tsconfig },
    );
    this.components = new ComponentFiles(components.sort());
    const budget = `${this.budget.mb} MB, ${this.budget.source}; ${MEMORY_ENV} sets it`;
    this.projects = this.selection.dropOverBudget(selected, (c) => programCostMb(c.fileNames.length), this.budget.mb, budget).map((config) => ({ config }));
    this.compiler.limitMemory?.(this.budget.programsMb, this.projects.reduce((sum, p) => sum + this.costs.estimate(p), 0));
    this.built = false;
    this.millis = 0;
  }

  /**
   * Builds (or rebuilds) the programs of `projects`, within the budget: the least recently used
   * programs of other projects are released to make room. The native compiler builds every program
   * it keeps in one request (one snapshot holds them all; a program of an older snapshot does not
   * outlive the next build), closing the released ones in the same request.
   */
  build(projects: Project[]): void {
    if (projects.length === 0) return;
    if (this.compiler.kind === 'native') {
      const started = Date.now();
      this.measure(true);
      const release = this.makeRoom(projects);
      this.createPrograms([...this.live.filter((p) => !projects.includes(p)), ...projects], release);
      for (const p of projects) this.checkStandardLibrary(p);
      this.built = true;
      const millis = Date.now() - started;
      this.millis += millis;
      // A spike (payload's test folders: programs of thousands of files after packages of tens) counts
      // at once; the estimate comes down only by halves.
      this.msPerProject = Math.max(millis / projects.length, this.msPerProject / 2);
      this.log.info(`programs for ${projects.length} projects built in ${millis} ms (${this.live.length} held)`);
      return;
    }
    for (const p of projects) {
      const started = Date.now();
      this.makeRoom([p]);
      this.createProgram(p);
      this.checkStandardLibrary(p);
      this.built = true;
      const millis = Date.now() - started;
      this.millis += millis;
      this.log.info(`program for ${p.config.configPath ? this.relative(p.config.configPath) : '(inferred)'} built in ${millis} ms`);
    }
  }

  /**
   * Every project's program, one after another (the native compiler's in groups that fit the
   * budget), so that each project's files are known (ownership); only what the budget holds stays.
   */
  buildAll(): void {
    for (const p of this.projects) {
      if (p.program) continue;
      this.build(this.nextBuild(p));
    }
  }

  /**
   * `buildAll`, awaiting `between` after each build (a group of the native compiler's, or one program
   * in process): each build holds the thread, so a host answers the queries that came meanwhile there
   * (payload's 151 programs in 17 builds of 1-4 s took 42 s, and a query waited all of it).
   */
  async buildAllSliced(between: () => Promise<void>): Promise<void> {
    for (const p of this.projects) {
      if (p.program) continue;
      this.build(this.nextBuild(p));
      await between();
    }
  }

  private nextBuild(p: Project): Project[] {
    return this.compiler.kind === 'native' ? this.group(p, this.projects.filter((q) => !q.files)) : [p];
  }

  /** `project`'s program: the one held, else built again (releasing others beyond the budget). */
  programOf(project: Project): CompilerProgram {
    if (project.program) this.touch(project);
    else this.build([project]);
    return project.program!;
  }

  /**
   * The projects being edited now (those that own the files an update changed): their programs are
   * released only when releasing every other one leaves no room. An update that re-extracts many
   * other projects (an export renamed in a hub) would otherwise release the edited project's program
   * on the way, and the next edit in it (an undo, a fix) could not compare shapes with the text
   * before it: every file depending on it, however indirectly, was re-extracted again.
   */
  pin(projects: Iterable<Project>): void {
    this.pinned = new Set(projects);
  }

  /** The projects whose programs are held now, least recently used first. */
  liveProjects(): readonly Project[] {
    return this.live;
  }

  /**
   * The projects that fit the budget with `first`, in `candidates`' order (the native compiler opens
   * them in one request): `first`, then the next ones while the estimated cost of all stays within it.
   */
  group(first: Project, candidates: readonly Project[]): Project[] {
    this.measure();
    // Groups grow step by step, from a small one, each measured before the next: a config's root files
    // say little of what its program pulls in (payload's test folders: a few files, programs of
    // thousands), and the first programs built may be unlike the next.
    const most = groupSizeLimit(this.msPerProject, this.lastGroup, this.blind, this.groupMs);
    const group = [first];
    let cost = this.estimate(first);
    for (const p of candidates) {
      if (group.length >= most) break;
      if (p === first || p.program) continue;
      const c = this.estimate(p);
      if (cost + c > this.programsRoom()) break;
      group.push(p);
      cost += c;
    }
    this.lastGroup = group.length;
    return group;
  }

  /** Releases `project`'s program (the compiler's memory for it too); what it held is remembered by name. */
  release(project: Project): void {
    if (!project.program) return;
    this.compiler.close(project.config);
    this.forget(project);
  }

  private forget(project: Project): void {
    project.program = undefined;
    project.targets = undefined;
    const i = this.live.indexOf(project);
    if (i >= 0) this.live.splice(i, 1);
  }

  private touch(project: Project): void {
    const i = this.live.indexOf(project);
    if (i >= 0) this.live.splice(i, 1);
    this.live.push(project);
  }

  /** A project's estimated cost: its last program's files, or before one, what programs typically hold; calibrated (ProgramCosts). */
  private estimate(project: Project): number {
    return this.costs.estimate(project);
  }

  /** What programs may hold, in MB: the budget's share, less what the native compiler's process holds with none open. */
  private programsRoom(): number {
    return Math.max(this.budget.programsMb - this.costs.overheadMb, this.budget.programsMb / 2);
  }

  /**
   * The native compiler's memory now, with the live programs' files extracted: the calibration's
   * measurement (a file read on Linux; nothing in process, whose programs share this heap).
   */
  private measure(log = false): void {
    const bytes = this.compiler.memoryNow?.();
    if (bytes === undefined) {
      // Programs open and no figure: this system does not tell (the estimate alone decides).
      if (this.live.length > 0 && this.compiler.kind === 'native') this.blind = true;
      return;
    }
    this.costs.observe(bytes / 2 ** 20, this.live);
    if (log) this.log.info(`native compiler's memory: ${Math.round(bytes / 2 ** 20)} MB with ${this.live.length} programs open; a program's cost estimated ×${this.costs.scale.toFixed(2)}`);
  }

  /**
   * Releases the least recently used programs until `coming` fits beside the rest (never one of
   * `coming`); returns the configs released. The native compiler closes them in its next request.
   */
  private makeRoom(coming: Project[]): ProjectConfig[] {
    let cost = coming.reduce((sum, p) => sum + this.estimate(p), 0);
    const kept = this.live.filter((p) => !coming.includes(p));
    // Least recently used first, the projects being edited last of all.
    kept.sort((a, b) => Number(this.pinned.has(a)) - Number(this.pinned.has(b)));
    for (const p of kept) cost += this.estimate(p);
    const released: ProjectConfig[] = [];
    for (const p of kept) {
      if (cost <= this.programsRoom()) break;
      cost -= this.estimate(p);
      released.push(p.config);
      if (this.compiler.kind !== 'native') this.compiler.close(p.config);
      this.forget(p);
    }
    if (released.length) this.log.info(`released the programs of ${released.length} projects (memory budget ${Math.round(this.budget.programsMb)} MB for programs)`);
    return released;
  }

  /** The configs as an earlier discovery recorded in `file` found them, when nothing it read has changed; else found again, and recorded. */
  private recordedProjects({ file, indexer }: { file: string; indexer: string }): FoundProjects {
    const key = JSON.stringify([indexer, this.ts.version, this.root, this.tsconfig ?? '']);
    const started = Date.now();
    const kept = readDiscovery<FoundProjects>(file, key);
    if ('found' in kept) {
      this.log.info(`configs as found before: the ${kept.checked} folders and files that search read are unchanged (checked in ${Date.now() - started} ms)`);
      return kept.found;
    }
    const reads = new DiscoveryReads();
    const found = findProjects(this.ts, this.root, this.tsconfig, reads);
    writeDiscovery(file, key, reads, found);
    this.log.info(`configs searched in ${Date.now() - started} ms (${kept.stale})`);
    return found;
  }

  refreshFileLists(defaults: CompilerDefaults): void {
    const fresh = discoverProjects(this.ts, this.root, this.tsconfig, defaults);
    for (const p of this.projects) {
      const match = fresh.find((f) => f.configPath === p.config.configPath);
      if (match) p.config = { ...p.config, fileNames: this.selection.withoutExcluded(match).fileNames };
    }
  }

  /** Each file is indexed by exactly one project: its own root files first (deepest config first), then sources it pulls in. */
  assignOwners(): void {
    this.assignRootOwners();
    for (const p of this.projects) this.claimPulledIn(p);
  }

  /** Ownership from the configs' file lists alone (no program needed): what an index walking projects one by one starts from. */
  assignRootOwners(): void {
    this.owner = new Map();
    this.locator.ownershipChanged();
    for (const p of this.projects) {
      for (const f of p.config.fileNames) if (!this.owner.has(f) && this.isInsideRoot(f) && !f.endsWith('.json')) this.owner.set(f, p);
    }
  }

  /** `f` (absolute) is `p`'s: a file its program pulled in, as a cache recorded it. */
  claim(f: string, p: Project): void {
    this.owner.set(f, p);
    this.locator.ownershipChanged();
  }

  /** The sources `p`'s program pulls in that no project owns yet become `p`'s. */
  claimPulledIn(p: Project): void {
    this.claimFiles(p, p.files ?? []);
  }

  /** Of `fileNames` (a program of `p`'s), the sources no project owns yet become `p`'s; returns them. */
  claimFiles(p: Project, fileNames: readonly string[]): string[] {
    const claimed: string[] = [];
    for (const fileName of fileNames) {
      const f = normalize(fileName);
      if (this.owner.has(f) || !this.isInsideRoot(f) || f.includes('/node_modules/') || f.endsWith('.json') || this.selection.excludes(f)) continue;
      this.owner.set(f, p);
      claimed.push(f);
    }
    if (claimed.length) this.locator.ownershipChanged();
    return claimed;
  }

  /**
   * A program of `project`'s with `roots` alone as its root files (CompilerPort.buildScoped), read as
   * the project's program until `endScoped`: never kept, never its `files`, and `built` stays as it
   * was. Undefined when the compiler builds none (in process, or the project's program is open).
   */
  buildScoped(project: Project, roots: readonly string[]): { program: CompilerProgram; files: string[] } | undefined {
    if (project.program || !this.compiler.buildScoped) return undefined;
    const started = Date.now();
    this.beforeBuild?.();
    const program = this.compiler.buildScoped(project.config, roots);
    if (!program) return undefined;
    project.program = program;
    project.targets = this.locator.targetsFor(program);
    this.checkStandardLibrary(project);
    const files = program.getSourceFileNames().filter((f) => !(LIBRARY_NAME.test(f) && program.isDefaultLibraryFile(f)));
    const millis = Date.now() - started;
    this.millis += millis;
    this.log.info(`program of ${roots.length} root files (scoped) for ${this.describe(project)} built in ${millis} ms: ${files.length} files, the standard library left out`);
    return { program, files };
  }

  /** The scoped program is read no more: the project has no program again. */
  endScoped(project: Project): void {
    this.forget(project);
    this.compiler.endScoped?.();
  }

  private describe(project: Project): string {
    return project.config.configPath ? this.relative(project.config.configPath) : '(inferred)';
  }

  /** A program without its standard library is silently wrong: say so, once per missing file, as an error. */
  private checkStandardLibrary(project: Project): void {
    for (const file of project.program!.missingLibraryFiles()) {
      const error =
        `TypeScript's standard library file ${path.basename(file)} was not found (looked in ${path.dirname(file)}): ` +
        'calls through inferred types (Array callbacks, Promise results, Map.get...) are missing from the graph. ' +
        'The TS Code Graph installation is incomplete: reinstall it, or point typescript.tsdk at a complete TypeScript.';
      this.onGlobalError(error);
    }
  }

  /**
   * A new program for `project` from its config, reusing what the old one parsed. With no file
   * changed, the structure is reused whole and only the type checker is fresh.
   */
  createProgram(project: Project): void {
    this.createPrograms([project]);
  }

  private createPrograms(projects: Project[], release: ProjectConfig[] = []): void {
    this.beforeBuild?.();
    const programs = this.compiler.build(projects.map((p) => ({ config: p.config, old: p.program })), release);
    projects.forEach((p, i) => {
      const program = programs[i];
      const fresh = !p.program;
      if (fresh) this.builds++;
      p.program = program;
      p.targets = this.locator.targetsFor(program);
      p.files = program.getSourceFileNames().filter((f) => !(LIBRARY_NAME.test(f) && program.isDefaultLibraryFile(f)));
      if (fresh) this.costs.builtProgram(p.files.length);
      this.touch(p);
    });
  }

  /** Every program is gone (the compiler was replaced): the next update builds them again. */
  forgetPrograms(): void {
    for (const p of this.projects) {
      p.program = undefined;
      p.targets = undefined;
    }
    this.live.length = 0;
    this.built = false;
  }

  /** The text the current program holds for `abs`, if a program holds the file. */
  sourceFile(abs: string): TS.SourceFile | undefined {
    return this.owner.get(abs)?.program?.getSourceFile(abs);
  }

  isInsideRoot(abs: string): boolean {
    return abs === this.root || abs.startsWith(this.root + '/');
  }

  /** Root-relative posix path of an absolute one. */
  relative(abs: string): string {
    return path.posix.relative(this.root, normalize(abs));
  }
}

/** How many projects the native compiler's first group opens (each next one at most twice the last). */
const FIRST_GROUP = 2;

/**
 * How many projects the native compiler's next group may open: twice the last (from FIRST_GROUP; no
 * bound when its memory cannot be measured), and, given `groupMs`, no more than build in about that
 * at the last group's time per project. A group is one blocking request: a query that comes
 * meanwhile waits for all of it (payload's groups of 13 test folders took 18 s under load).
 */
export function groupSizeLimit(msPerProject: number, lastGroup: number, blind: boolean, groupMs?: number): number {
  const byTime = groupMs && msPerProject > 0 ? Math.max(1, Math.floor(groupMs / msPerProject)) : Infinity;
  return Math.min(byTime, blind ? Infinity : Math.max(FIRST_GROUP, 2 * lastGroup));
}

/** A name the standard library's files have (lib.es2020.d.ts): only those are asked whether they are. */
const LIBRARY_NAME = /(^|[\\/])lib\.[^\\/]*\.d\.ts$/;

/** Whether two programs hold the same files, in the same order (the texts may differ). */
export function sameSourceFiles(a: CompilerProgram | undefined, b: CompilerProgram | undefined): boolean {
  if (!a || !b) return a === b;
  const before = a.getSourceFileNames();
  const after = b.getSourceFileNames();
  return before.length === after.length && before.every((name, i) => name === after[i]);
}
