/** What to do after the graph worker died. */
export type RestartDecision = { action: 'restart'; delayMs: number; attempt: number } | { action: 'stop'; crashes: number; withinMs: number };

/**
 * When the graph worker dies (a crash, running out of memory), restart it after a growing delay,
 * and stop after MAX_CRASHES within WINDOW_MS: a worker that keeps dying on the same workspace
 * would otherwise burn a core forever, and the person needs to see why (the log) and decide
 * (Rebuild). Three in two minutes: one crash is bad luck, two can be a bad file met again on the
 * re-index from the cache, a third in that window is a loop. Pure: the clock is passed in.
 */
export class RestartPolicy {
  static readonly MAX_CRASHES = 3;
  static readonly WINDOW_MS = 2 * 60_000;
  /** Delay before restart attempt 1, 2, ... (the last one repeats). */
  static readonly DELAYS_MS = [500, 2_000, 8_000];

  private crashes: number[] = [];

  /** Record a crash at `now` and decide. */
  onCrash(now: number): RestartDecision {
    this.crashes = [...this.crashes.filter((t) => now - t < RestartPolicy.WINDOW_MS), now];
    if (this.crashes.length >= RestartPolicy.MAX_CRASHES) return { action: 'stop', crashes: this.crashes.length, withinMs: RestartPolicy.WINDOW_MS };
    const attempt = this.crashes.length;
    return { action: 'restart', delayMs: RestartPolicy.DELAYS_MS[Math.min(attempt, RestartPolicy.DELAYS_MS.length) - 1], attempt };
  }

  /** A person asked for a fresh start (Rebuild): forget the crashes. */
  reset(): void {
    this.crashes = [];
  }
}
