import * as path from 'path';
import type * as TS from 'typescript';
import { Logger } from '../../Logger';
import type { CompilerPort, CompilerProgram } from '../../compiler/CompilerPort';
import type { NodeLocator, SymbolTargets } from '../file/NodeLocator';
import { CompilerDefaults } from './compilerDefaults';
import { ProjectConfig, discoverProjects, normalize } from './discoverProjects';
import { ProjectSelection } from './projectSelection';
import { ExcludedPaths } from '../excludedPaths';

export interface Project {
  config: ProjectConfig;
  program?: CompilerProgram;
  targets?: SymbolTargets;
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
  ) {}

  private locator!: NodeLocator;

  /** The compiler to build with from now on, and the locator that maps its symbols to nodes. */
  useCompiler(compiler: CompilerPort, locator: NodeLocator): void {
    this.compiler = compiler;
    this.locator = locator;
  }

  /** The projects of the configs found now, none of them built. */
  discover(defaults: CompilerDefaults): void {
    // Projects no longer discovered release what the compiler holds for them.
    for (const p of this.projects) if (p.program) this.compiler.close(p.config);
    this.projects = this.selection.select(discoverProjects(this.ts, this.root, this.tsconfig, defaults), { skipUninstalled: !this.tsconfig }).map((config) => ({ config }));
    this.built = false;
    this.millis = 0;
  }

  build(projects: Project[]): void {
    if (this.compiler.kind === 'native') {
      // One snapshot holds every program: all are built together, in one request (a program of an
      // older snapshot does not outlive the next build).
      const started = Date.now();
      this.createPrograms(this.projects);
      for (const p of projects) this.checkStandardLibrary(p);
      if (this.projects.length) this.built = true;
      const millis = Date.now() - started;
      this.millis += millis;
      this.log.info(`programs for ${projects.length} projects built in ${millis} ms`);
      return;
    }
    for (const p of projects) {
      const started = Date.now();
      this.createProgram(p);
      this.checkStandardLibrary(p);
      this.built = true;
      const millis = Date.now() - started;
      this.millis += millis;
      this.log.info(`program for ${p.config.configPath ? this.relative(p.config.configPath) : '(inferred)'} built in ${millis} ms`);
    }
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

  /** The sources `p`'s program pulls in that no project owns yet become `p`'s. */
  claimPulledIn(p: Project): void {
    let claimed = false;
    for (const fileName of p.program?.getSourceFileNames() ?? []) {
      const f = normalize(fileName);
      if (this.owner.has(f) || !this.isInsideRoot(f) || f.includes('/node_modules/') || f.endsWith('.json') || this.selection.excludes(f)) continue;
      if (p.program!.isDefaultLibraryFile(fileName)) continue;
      this.owner.set(f, p);
      claimed = true;
    }
    if (claimed) this.locator.ownershipChanged();
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

  private createPrograms(projects: Project[]): void {
    const programs = this.compiler.build(projects.map((p) => ({ config: p.config, old: p.program })));
    projects.forEach((p, i) => {
      p.program = programs[i];
      p.targets = this.locator.targetsFor(p.program);
    });
  }

  /** Every program is gone (the compiler was replaced): the next update builds them again. */
  forgetPrograms(): void {
    for (const p of this.projects) {
      p.program = undefined;
      p.targets = undefined;
    }
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

/** Whether two programs hold the same files, in the same order (the texts may differ). */
export function sameSourceFiles(a: CompilerProgram | undefined, b: CompilerProgram | undefined): boolean {
  if (!a || !b) return a === b;
  const before = a.getSourceFileNames();
  const after = b.getSourceFileNames();
  return before.length === after.length && before.every((name, i) => name === after[i]);
}
