/** Absolute paths that changed on disk since the last flush. */
export interface ChangeBatch {
  /** Saved, created or modified (the last event for a path wins). */
  changed: string[];
  deleted: string[];
}

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/**
 * Coalesces bursts of file events (a git checkout, a codegen run, "save all") into one batch,
 * sent `delayMs` after the last event. `flush()` sends at once: a query calls it first, so it
 * never waits for the timer and never misses a change that was already reported.
 */
export class ChangeQueue {
  private readonly pending = new Map<string, 'changed' | 'deleted'>();
  private timer: unknown;

  constructor(
    private readonly send: (batch: ChangeBatch) => void,
    private readonly delayMs = 150,
    private readonly timers: Timers = { setTimeout: (cb, ms) => setTimeout(cb, ms), clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout) },
  ) {}

  changed(path: string): void {
    this.add(path, 'changed');
  }

  deleted(path: string): void {
    this.add(path, 'deleted');
  }

  get size(): number {
    return this.pending.size;
  }

  /** Send what is pending now (synchronously hands it to `send`). */
  flush(): void {
    this.cancelTimer();
    if (this.pending.size === 0) return;
    const batch: ChangeBatch = { changed: [], deleted: [] };
    for (const [path, kind] of this.pending) batch[kind].push(path);
    this.pending.clear();
    this.send(batch);
  }

  dispose(): void {
    this.cancelTimer();
    this.pending.clear();
  }

  private add(path: string, kind: 'changed' | 'deleted'): void {
    this.pending.set(path, kind);
    this.cancelTimer();
    this.timer = this.timers.setTimeout(() => {
      this.timer = undefined;
      this.flush();
    }, this.delayMs);
  }

  private cancelTimer(): void {
    if (this.timer === undefined) return;
    this.timers.clearTimeout(this.timer);
    this.timer = undefined;
  }
}
