import * as path from 'path';
import type * as TS from 'typescript';
import type { CompilerProgram } from '../../compiler/CompilerPort';
import type { SymbolGraph } from '../../graph/SymbolGraph';
import { CancellationToken, Logger } from '../../Logger';
import { CancelledError } from '../../Logger';
import type { ShapeDelta } from './fileShape';
import type { ShapeTracker } from './ShapeTracker';

/** From this share of the workspace's files re-extracted, an update stops printing shapes (see `update`). */
const WHOLE_CLOSURE_SHARE = 0.4;
/** Below this many files a shape costs little either way: keep re-extracting only what can see a change. */
const WHOLE_CLOSURE_MIN_FILES = 200;
/** How long the planner holds the thread before it lets a host answer a query (see run). */
const SLICE_MS = 50;

/** One update's work, in one place: what is queued, what is done, and the decisions taken so far. */
export interface UpdateState {
  /** Root-relative files still to look at, in order (the changed ones first). */
  queue: string[];
  /** Every file ever put in the queue: none goes in twice. */
  queued: Set<string>;
  /** Files already looked at. */
  done: Set<string>;
  /** Files re-extracted (those still owned by a project). */
  reindexed: string[];
  /** The everyday save, one file's text changed and nothing else: that file, whose own skeleton decides first. */
  onlyChanged: string | undefined;
  /** Set once a large share of the workspace is queued: every transitive dependent is taken, no shape printed. */
  wholeClosure: boolean;
  /**
   * Queued files that name a type whose name their shapes print as it is while what it stands for
   * changed (ShapeTracker.namedTypesChanged): those names, for their skeletons to say what they pass on.
   */
  namedTypes: Map<string, Set<string>>;
}

/** What the planner needs of the workspace index. */
export interface UpdateContext {
  readonly root: string;
  readonly graph: SymbolGraph;
  readonly log: Logger;
  readonly shapes: ShapeTracker;
  /** How many files projects index now. */
  ownedCount(): number;
  owns(abs: string): boolean;
  /** Re-extract one owned file into the graph. */
  extractFile(abs: string): void;
  /** The program that held `abs` before this update, if one did. */
  programBefore(abs: string): CompilerProgram | undefined;
  withTransitiveDependents(seeds: Set<string>): Set<string>;
  /** Where a file's project comes in the workspace's order (files of one project are re-extracted together). */
  projectOrder(rel: string): number;
  /** The whole closure is taken: no shape is compared from now on, so no program before the update is read again. */
  shapesDone(): void;
}

/** A fresh state for an update whose first files to look at are `queue`. */
export function updateState(queue: string[], onlyChanged: string | undefined): UpdateState {
  return { queue, queued: new Set(queue), done: new Set(), reindexed: [], onlyChanged, wholeClosure: false, namedTypes: new Map() };
}

/**
 * Re-extracts the queued files, and goes on to a file's dependents only when what they can see of
 * it changed: its shape (exports, their types, members), compared by name, so only the dependents
 * that name a changed export or member look again.
 */
export class UpdatePlanner {
  constructor(
    private readonly ctx: UpdateContext,
    private readonly state: UpdateState,
  ) {}

  /**
   * Works through the queue, the thread coming free every SLICE_MS: a host answers the queries that
   * come meanwhile from the graph as it is (an update can take minutes: an export renamed in a hub).
   */
  async run(token: CancellationToken): Promise<void> {
    const { queue, done } = this.state;
    let slice = performance.now();
    while (queue.length) {
      if (token.isCancellationRequested) throw new CancelledError();
      const rel = queue.shift()!;
      if (done.has(rel)) continue;
      done.add(rel);
      this.look(rel);
      if (performance.now() - slice > SLICE_MS) {
        await new Promise((resolve) => setImmediate(resolve));
        slice = performance.now();
      }
    }
  }

  private look(rel: string): void {
    const { ctx, state } = this;
    const abs = path.posix.join(ctx.root, rel);
    const beforeProgram = ctx.programBefore(abs);
    const oldNodeIds = ctx.graph.nodesInFile(rel).map((n) => n.id);
    if (ctx.owns(abs)) {
      ctx.extractFile(abs);
      state.reindexed.push(rel);
    }
    this.takeWholeClosureIfLarge();
    if (state.wholeClosure || !this.decidesSomething(rel)) {
      // Not computed now, so not stored: the next update computes the old shape from this program.
      ctx.shapes.forget(rel);
      return;
    }
    let delta = ctx.shapes.changeOf(rel, beforeProgram, oldNodeIds, rel === state.onlyChanged);
    // `invoke: Invoker` prints the same after Invoker's call signature changed: what the file's
    // skeleton says it passes on of such names goes on too (its members typed by them, its exports).
    const named = state.namedTypes.get(rel);
    if (delta && named) {
      const more = ctx.shapes.mentionChange(rel, named);
      delta = more && {
        exports: [...new Set([...delta.exports, ...more.exports])],
        changedExports: [...new Set([...delta.changedExports, ...more.changedExports])],
        members: [...new Set([...delta.members, ...more.members])],
        types: delta.types,
        ...(delta.valueSide ? { valueSide: delta.valueSide } : {}),
      };
    }
    if (!delta) {
      for (const d of ctx.graph.filesDependingOn(rel)) this.enqueue(d);
      return;
    }
    this.enqueueThoseWhoSee(rel, delta);
    this.passOnLate();
  }

  /**
   * A shape is only worth its cost (printing every export's type) when it decides something: when
   * some dependent of the file is neither re-extracted already nor waiting in the queue. After a
   * widely imported file changes shape, most of its dependents have no dependent outside the queue.
   */
  private decidesSomething(rel: string): boolean {
    const { done, queued } = this.state;
    return this.ctx.graph.filesDependingOn(rel).some((d) => !done.has(d) && !queued.has(d));
  }

  /**
   * Once a large share of the workspace must be re-extracted anyway, printing shapes to spare the
   * rest costs more than it saves (on a hub every file imports it cost more than a full index):
   * take every file that depends on one already in, however indirectly, and print no more shapes.
   */
  private takeWholeClosureIfLarge(): void {
    const { ctx, state } = this;
    const owned = ctx.ownedCount();
    if (state.wholeClosure || owned < WHOLE_CLOSURE_MIN_FILES || state.queued.size < WHOLE_CLOSURE_SHARE * owned) return;
    state.wholeClosure = true;
    const reached = state.queued.size;
    for (const d of ctx.withTransitiveDependents(state.queued)) {
      if (state.queued.has(d)) continue;
      state.queued.add(d);
      state.queue.push(d);
    }
    // Project by project, as a full index goes: in the order they were found, the files of 151
    // projects (payload) needed their programs built again and again within the memory budget (an
    // export renamed in a hub: 3,969 files, 12 minutes, the native compiler at 13 GB).
    const order = new Map(state.queue.map((rel) => [rel, ctx.projectOrder(rel)]));
    state.queue.sort((a, b) => order.get(a)! - order.get(b)!);
    ctx.shapesDone();
    ctx.log.info(`update reaches ${reached} of ${owned} files: re-extracting them and all ${state.queued.size - reached} files that depend on them, project by project, without comparing shapes`);
  }

  private enqueueThoseWhoSee(rel: string, delta: ShapeDelta): void {
    const { ctx } = this;
    // Exports added, removed or retyped: the dependents that name one, call one under another
    // name (an edge into it), or re-export everything; no other dependent's edges can change.
    if (delta.exports.length > 0 || delta.changedExports.length > 0) {
      const names = [...delta.exports, ...delta.changedExports];
      const intoChanged = ctx.shapes.filesWithEdgesInto(rel, delta.changedExports, ctx.graph.filesDependingOn(rel));
      const named = ctx.shapes.namedTypesChanged(rel, delta);
      for (const d of ctx.graph.filesDependingOn(rel)) {
        if (!intoChanged.has(d) && !ctx.shapes.maySeeAddedExports(d, names)) continue;
        if (named.length > 0) {
          const its = this.state.namedTypes.get(d) ?? new Set<string>();
          const added = named.filter((n) => !its.has(n));
          for (const n of added) its.add(n);
          this.state.namedTypes.set(d, its);
          // Looked at already, before these names reached it: what its skeleton passes on of them, now
          // (once per name: files that import each other pass them round).
          if (added.length > 0 && this.state.done.has(d)) this.late.push([d, added]);
        }
        this.enqueue(d);
      }
    }
    // Members added, removed or retyped: only code naming one can reach it, directly or through a
    // type derived in another file (`interface J extends I`), so every file that depends on this
    // one, however indirectly, and names such a member looks again.
    if (delta.members.length > 0) for (const d of ctx.withTransitiveDependents(new Set([rel]))) if (ctx.shapes.mayReachMembers(d, delta.members)) this.enqueue(d);
  }

  /** Files looked at before names of namedTypes reached them, and those names: see enqueueThoseWhoSee. */
  private readonly late: Array<[string, string[]]> = [];

  /** What files looked at already pass on of the names that reached them since (a loop, not a recursion: import cycles). */
  private passOnLate(): void {
    for (let next = this.late.shift(); next; next = this.late.shift()) {
      const [d, names] = next;
      const more = this.ctx.shapes.mentionChange(d, new Set(names));
      if (more) this.enqueueThoseWhoSee(d, more);
      else for (const dd of this.ctx.graph.filesDependingOn(d)) this.enqueue(dd);
    }
  }

  private enqueue(d: string): void {
    const { done, queued, queue } = this.state;
    if (done.has(d) || queued.has(d)) return;
    queued.add(d);
    queue.push(d);
  }
}
