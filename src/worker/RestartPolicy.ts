/** What to do after the graph worker died. */
export type RestartDecision =
  | { action: 'restart'; delayMs: number; attempt: number }
  | { action: 'stop'; crashes: number; why: string; outOfMemory?: boolean };

/**
 * When the graph worker dies (a crash, running out of memory), restart it after a growing delay,
 * and stop when it is plainly looping: a worker that keeps dying on the same workspace would
 * otherwise burn a core forever, and the person needs to see why (the log) and decide (Rebuild).
 *
 * Two ways to loop, both stopped at MAX_CRASHES: crashes close together (within WINDOW_MS), and
 * crashes with no recovery between them, however slow (a worker that runs out of memory three
 * minutes into indexing a big workspace, every time). A worker has recovered once it re-opened
 * every folder (`onRecovered`). One crash is bad luck, two can be a bad file met again on the
 * re-index from the cache, a third is a loop. Pure: the clock is passed in.
 *
 * Running out of memory is no bad luck: indexing the same workspace with the same heap limit needs
 * the same memory. A worker that ran out before it finished opening its folders is not restarted
 * at all (on payload each attempt cost minutes and 4 GB before it died again), and a second death
 * by memory, however far apart, stops it too: the host then answers every query with what happened
 * and the setting that raises the limit.
 */
export class RestartPolicy {
  static readonly MAX_CRASHES = 3;
  static readonly WINDOW_MS = 2 * 60_000;
  /** Delay before restart attempt 1, 2, ... (the last one repeats). */
  static readonly DELAYS_MS = [500, 2_000, 8_000];

  private crashes: number[] = [];
  private sinceRecovery = 0;
  /** The running worker opened every folder (since its start). */
  private up = false;
  private outOfMemory = 0;

  /** Record a crash at `now` (`outOfMemory`: its heap limit ended it) and decide. */
  onCrash(now: number, outOfMemory = false): RestartDecision {
    const wasUp = this.up;
    this.up = false;
    this.crashes = [...this.crashes.filter((t) => now - t < RestartPolicy.WINDOW_MS), now];
    this.sinceRecovery++;
    if (outOfMemory && ++this.outOfMemory >= 2) return { action: 'stop', crashes: this.crashes.length, why: 'it ran out of memory twice', outOfMemory: true };
    if (outOfMemory && !wasUp) return { action: 'stop', crashes: this.crashes.length, why: 'it ran out of memory before it finished indexing, and indexing again with the same limit would too', outOfMemory: true };
    const max = RestartPolicy.MAX_CRASHES;
    if (this.crashes.length >= max) return { action: 'stop', crashes: this.crashes.length, why: `it died ${this.crashes.length} times within ${RestartPolicy.WINDOW_MS / 60_000} minutes` };
    if (this.sinceRecovery >= max) return { action: 'stop', crashes: this.sinceRecovery, why: `it died ${this.sinceRecovery} times in a row before it could re-open the workspace` };
    const attempt = Math.max(this.crashes.length, this.sinceRecovery);
    return { action: 'restart', delayMs: RestartPolicy.DELAYS_MS[Math.min(attempt, RestartPolicy.DELAYS_MS.length) - 1], attempt };
  }

  /** The restarted worker re-opened every folder: slow crashes from now on are a new story. */
  onRecovered(): void {
    this.sinceRecovery = 0;
    this.up = true;
  }

  /** A person asked for a fresh start (Rebuild): forget the crashes. */
  reset(): void {
    this.crashes = [];
    this.sinceRecovery = 0;
    this.outOfMemory = 0;
  }
}

/** A restart on its way: `done` settles once the new worker is started (or the restart is cancelled). */
export interface PendingRestart {
  readonly done: Promise<void>;
  /** Drop the restart (the host is shutting down); `done` settles so nobody waits forever. */
  cancel(): void;
}

/** Runs `start` after `delayMs` (RestartPolicy's back-off); queries meanwhile await `done`. */
export function scheduleRestart(delayMs: number, start: () => void): PendingRestart {
  let finish = (): void => undefined;
  const done = new Promise<void>((resolve) => (finish = resolve));
  const timer = setTimeout(() => {
    start();
    finish();
  }, delayMs);
  return {
    done,
    cancel: () => {
      clearTimeout(timer);
      finish();
    },
  };
}
