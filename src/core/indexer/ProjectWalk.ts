import * as path from 'path';
import { CancellationToken } from '../Logger';
import { CancelledError } from '../Logger';
import type { Project } from './program/WorkspacePrograms';

/** How far a walk is: projects indexed of all, files extracted of those known so far. */
export interface WalkProgress {
  projectsDone: number;
  projectsTotal: number;
  filesDone: number;
  filesTotal: number;
}

/** What the walk asks of the index, one project at a time (WorkspaceIndex supplies them). */
export interface WalkSteps {
  /** Build the project's program, and give it the files its program pulls in that nobody owns yet. */
  build(project: Project): void;
  /** The files the project owns now that are not extracted yet (absolute). */
  filesOf(project: Project): string[];
  /** Index `file`; `next` is the file that follows it in this project (its walk may start early). */
  extract(file: string, next?: string): void;
  /** Every file known to be indexed in the end (for the files total). */
  fileCount(): number;
  /** The files a program of `project` holds (absolute): what it imports, to index next when it was asked for. */
  filesIn(project: Project): readonly string[];
  /** The project that owns `file` (absolute), if any does yet. */
  ownerOf(file: string): Project | undefined;
  onProgress?(progress: WalkProgress): void;
}

interface Waiter {
  projects: Set<Project>;
  resolve(): void;
}

/** Files extracted between two yields of the thread (queries, progress, cancellation). */
const SLICE = 100;
/** At most this long between two yields while a project's files are extracted. */
const SLICE_MS = 200;

/**
 * The order in which an index builds projects and extracts their files: a list of projects, walked
 * one at a time, so that an answer can start before the whole workspace is indexed. Asked for files
 * (`prioritize`: the CLI query's file, the active editor's, a query that arrives meanwhile), it moves
 * their projects to the front, and once each is built, the projects owning the files its program
 * holds (what it imports) right after it; the promise settles when all of those are indexed.
 * Whatever builds the programs (one compiler or another) walks this list: it owns no program.
 */
export class ProjectWalk {
  private readonly queue: Project[];
  private readonly done = new Set<Project>();
  /** Asked-for projects not built yet: once built, what they import is asked for too. */
  private readonly wanted = new Set<Project>();
  /** Each built project → the projects owning files its program holds. */
  private readonly imports = new Map<Project, Set<Project>>();
  private readonly waiters: Waiter[] = [];
  private filesDone = 0;
  private finished = false;
  /** The project being built and extracted now (first in the queue until it is done). */
  private current: Project | undefined;

  constructor(
    projects: readonly Project[],
    private readonly steps: WalkSteps,
  ) {
    this.queue = [...projects];
  }

  /** A file extracted ahead of its project's turn (a first answer's, WorkspaceIndex.extractFirst): counted as done. */
  extractedAhead(): void {
    this.filesDone++;
  }

  /** Projects indexed, of all. */
  get projectsDone(): number {
    return this.done.size;
  }

  get projectsTotal(): number {
    return this.done.size + this.queue.length;
  }

  /** The projects not indexed yet, in the order they will be. */
  pending(): readonly Project[] {
    return this.queue;
  }

  isIndexed(project: Project): boolean {
    return this.done.has(project);
  }

  /** Whether `project` was asked for (prioritize) and is not built yet: a query waits on its program. */
  isAsked(project: Project): boolean {
    return this.wanted.has(project);
  }

  /**
   * Index the projects of these files (absolute) next, then what they import; settles once they
   * are indexed, or the walk ended. A file in no project asks for nothing.
   */
  prioritize(files: readonly string[]): Promise<void> {
    const asked = new Set<Project>();
    for (const file of files) {
      const project = this.steps.ownerOf(file) ?? this.deepestContaining(file);
      if (!project) continue;
      // Built already (the one being indexed now, or done): what it imports is known.
      for (const p of [project, ...(this.imports.get(project) ?? [])]) if (!this.done.has(p)) asked.add(p);
      if (!this.imports.has(project)) this.wanted.add(project);
    }
    if (asked.size === 0 || this.finished) return Promise.resolve();
    this.toFront([...asked]);
    return new Promise((resolve) => this.waiters.push({ projects: asked, resolve }));
  }

  /** Builds and extracts every project, in order; yields to the thread every SLICE files (or SLICE_MS), building a project a query waits on then. */
  async run(token: CancellationToken): Promise<void> {
    try {
      for (let project = this.queue[0]; project; project = this.queue[0]) {
        if (token.isCancellationRequested) throw new CancelledError();
        this.current = project;
        this.steps.build(project);
        this.followImports(project, this.wanted.delete(project));
        const files = this.steps.filesOf(project);
        let sliceStart = 0;
        for (let i = 0; i < files.length; i++) {
          // Every SLICE files, or sooner when they take long (a project's first files pay the
          // checker's warm-up): a query that came meanwhile is served within about SLICE_MS.
          if (i % SLICE === 0 || performance.now() - sliceStart > SLICE_MS) {
            this.buildAsked(project);
            await this.yieldSlice(token);
            sliceStart = performance.now();
          }
          this.steps.extract(files[i], files[i + 1]);
          this.filesDone++;
        }
        this.queue.splice(this.queue.indexOf(project), 1);
        this.done.add(project);
        this.current = undefined;
        this.report();
        this.settleWaiters();
        // A query waiting on this project runs before the next one starts.
        await this.yieldSlice(token);
      }
    } finally {
      this.finished = true;
      for (const w of this.waiters.splice(0)) w.resolve();
    }
  }

  /**
   * A query waits on a project not built yet while `current`'s files are extracted: its program is
   * built now (alone), as at its turn, so that its first answer does not wait for the rest of this
   * project (typeorm: the asked 3,245-file project waited 2.8 s behind two small ones). Its files are
   * still extracted at its turn, right after this project.
   */
  private buildAsked(current: Project): void {
    const asked = this.queue.find((p) => p !== current && this.wanted.has(p));
    if (!asked) return;
    this.steps.build(asked);
    this.followImports(asked, this.wanted.delete(asked));
  }

  /**
   * What the built `project`'s program imports (the projects owning its files); when it was asked
   * for, those go next and are waited for with it.
   */
  private followImports(project: Project, asked: boolean): void {
    const imported = new Set<Project>();
    for (const file of this.steps.filesIn(project)) {
      const owner = this.steps.ownerOf(file);
      if (owner && owner !== project) imported.add(owner);
    }
    this.imports.set(project, imported);
    if (!asked) return;
    const next = [...imported].filter((p) => !this.done.has(p));
    this.toFront(next);
    for (const w of this.waiters) if (w.projects.has(project)) for (const p of next) w.projects.add(p);
  }

  /** `projects` next, in their order in the queue; the project being indexed now stays first (its program is built). */
  private toFront(projects: Project[]): void {
    const set = new Set(projects);
    const current = this.current && this.queue[0] === this.current ? [this.current] : [];
    const front = this.queue.filter((p) => set.has(p) && !current.includes(p));
    const rest = this.queue.filter((p) => !set.has(p) && !current.includes(p));
    this.queue.splice(0, this.queue.length, ...current, ...front, ...rest);
  }

  private settleWaiters(): void {
    for (let i = this.waiters.length - 1; i >= 0; i--) {
      const w = this.waiters[i];
      if ([...w.projects].every((p) => this.done.has(p))) {
        this.waiters.splice(i, 1);
        w.resolve();
      }
    }
  }

  private report(): void {
    this.steps.onProgress?.({ projectsDone: this.done.size, projectsTotal: this.projectsTotal, filesDone: this.filesDone, filesTotal: Math.max(this.filesDone, this.steps.fileCount()) });
  }

  private async yieldSlice(token: CancellationToken): Promise<void> {
    this.report();
    await new Promise((r) => setImmediate(r));
    if (token.isCancellationRequested) throw new CancelledError();
  }

  /** For a file no project owns yet (a new one, or pulled in by a program not built yet): the project whose config folder holds it, deepest first. */
  private deepestContaining(file: string): Project | undefined {
    let best: Project | undefined;
    let depth = -1;
    for (const p of [...this.queue, ...this.done]) {
      const dir = p.config.configPath ? path.posix.dirname(p.config.configPath) : undefined;
      if (!dir || !(file === dir || file.startsWith(dir + '/'))) continue;
      if (dir.length > depth) {
        best = p;
        depth = dir.length;
      }
    }
    return best;
  }
}
