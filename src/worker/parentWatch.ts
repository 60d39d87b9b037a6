import { checkWatched, watchFromParent, WATCH_EVERY_MS } from '../core/compiler/native/Watchdog';
import type { WatchMessage } from './protocol';

/**
 * In a graph worker's thread: its native compilers' watchdogs are run by the parent thread (a host's,
 * which waits on this one anyway), through `post`, instead of each by a thread of its own.
 */
export function watchThroughParent(post: (message: WatchMessage) => void): void {
  let watched = 0;
  watchFromParent((shared) => {
    const id = ++watched;
    post({ kind: 'watch', id, shared });
    return {
      cancelWith: (flag) => post({ kind: 'cancelWith', id, flag: flag ?? null }),
      stop: () => post({ kind: 'unwatch', id }),
    };
  });
}

/**
 * In the parent's thread: the worker's watchdogs (core/compiler/native/Watchdog), each on a timer of
 * this thread that never keeps the process alive. `stopAll` once the worker has exited.
 */
export class ParentWatches {
  private readonly watches = new Map<number, { shared: Float64Array; cancel: Int32Array | null; timer: NodeJS.Timeout }>();

  /** Whether `message` was one of the watchdogs' (and is handled). */
  handle(message: { kind: string }): message is WatchMessage {
    const m = message as WatchMessage;
    if (m.kind === 'unwatch') this.unwatch(m.id);
    else if (m.kind === 'cancelWith') {
      const watch = this.watches.get(m.id);
      if (watch) watch.cancel = m.flag;
    } else if (m.kind === 'watch') {
      const watch = { shared: m.shared, cancel: null as Int32Array | null, timer: setInterval(() => checkWatched(watch.shared, watch.cancel), WATCH_EVERY_MS) };
      watch.timer.unref();
      this.watches.set(m.id, watch);
    } else return false;
    return true;
  }

  stopAll(): void {
    for (const id of [...this.watches.keys()]) this.unwatch(id);
  }

  private unwatch(id: number): void {
    const watch = this.watches.get(id);
    if (!watch) return;
    clearInterval(watch.timer);
    this.watches.delete(id);
  }
}
