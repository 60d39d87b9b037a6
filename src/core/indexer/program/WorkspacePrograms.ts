import * as path from 'path';
import type * as TS from 'typescript';
import { Logger } from '../../Logger';
import type { NodeLocator, SymbolTargets } from '../file/NodeLocator';
import { CompilerDefaults } from './compilerDefaults';
import { ProjectConfig, discoverProjects, normalize } from './discoverProjects';
import { missingLibraryFiles } from './missingLibraryFiles';
import { SharedCompilerHost } from './SharedCompilerHost';
import { ProjectSelection } from './projectSelection';
import { ExcludedPaths } from '../excludedPaths';

export interface Project {
  config: ProjectConfig;
  program?: TS.Program;
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
    private readonly host: SharedCompilerHost,
    private readonly locator: NodeLocator,
    private readonly log: Logger,
    private readonly tsconfig: string | undefined,
    /** A workspace-wide error (a program without its standard library), said once each. */
    private readonly onGlobalError: (error: string) => void,
    /** Which projects and files are indexed (exclude globs, uninstalled subtrees); what it skipped. */
    readonly selection = new ProjectSelection(root, ExcludedPaths.none),
  ) {}

  /** The projects of the configs found now, none of them built. */
  discover(defaults: CompilerDefaults): void {
    this.projects = this.selection.select(discoverProjects(this.ts, this.root, this.tsconfig, defaults), { skipUninstalled: !this.tsconfig }).map((config) => ({ config }));
    this.built = false;
    this.millis = 0;
  }

  build(projects: Project[]): void {
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
    for (const sf of p.program?.getSourceFiles() ?? []) {
      const f = normalize(sf.fileName);
      if (this.owner.has(f) || !this.isInsideRoot(f) || f.includes('/node_modules/') || f.endsWith('.json') || this.selection.excludes(f)) continue;
      if (p.program!.isSourceFileDefaultLibrary(sf)) continue;
      this.owner.set(f, p);
      claimed = true;
    }
    if (claimed) this.locator.ownershipChanged();
  }

  /** A program without its standard library is silently wrong: say so, once per missing file, as an error. */
  private checkStandardLibrary(project: Project): void {
    for (const file of missingLibraryFiles(this.ts, project.program!)) {
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
export function sameSourceFiles(a: TS.Program | undefined, b: TS.Program | undefined): boolean {
  if (!a || !b) return a === b;
  const before = a.getSourceFiles();
  const after = b.getSourceFiles();
  return before.length === after.length && before.every((sf, i) => sf.fileName === after[i].fileName);
}
