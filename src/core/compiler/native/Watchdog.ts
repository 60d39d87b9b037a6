import { Worker } from 'worker_threads';

/**
 * Stops a native compiler process that does not answer, or whose work was cancelled. A request to it
 * blocks this thread (the API reads its pipe synchronously), so no timer or message here can act
 * meanwhile: another thread watches a deadline set before each request, and the operation's
 * cancellation flag (shared memory another thread sets), and kills the process once the deadline
 * passes or the flag is set (`checkWatched`, every 50 ms). The blocked read then ends (the pipe
 * closes) and the request fails: as a crash would (`fired`), or as a cancellation (`cancelled`).
 *
 * The watching thread is the parent's of this one when it offers to watch (`watchFromParent`: a
 * graph worker's host, whose thread waits on the worker anyway), else a small thread of its own. A
 * thread of its own is a Node environment started for nothing but a timer: on a 2-core machine its
 * start cost a one-file CLI query after an edit ~40 ms of 620 (@loopback/repository), while the
 * native compiler parsed on the other core.
 */
export class Watchdog {
  /** [deadline (ms since epoch, 0: no request running), process id, what stopped it (1 timeout, 2 cancellation)]. */
  private readonly shared = new Float64Array(new SharedArrayBuffer(3 * 8));
  private watcher: Watcher | undefined;
  private flag: Int32Array | undefined;
  timeoutMs = 0;

  watch(pid: number): void {
    this.shared[1] = pid;
    this.shared[2] = 0;
    if (this.watcher) return;
    this.watcher = (parentWatch ?? ownThread)(this.shared);
    if (this.flag) this.watcher.cancelWith(this.flag);
  }

  /**
   * The flag that cancels the running operation (an Int32Array over shared memory: non-zero once
   * cancelled), or undefined for none. The watching thread gets it at once: it never blocks.
   */
  cancelWith(flag: Int32Array | undefined): void {
    if (flag === this.flag) return;
    this.flag = flag;
    this.watcher?.cancelWith(flag);
  }

  arm(timeoutMs: number): void {
    this.timeoutMs = timeoutMs;
    this.shared[0] = Date.now() + timeoutMs;
  }

  disarm(): void {
    this.shared[0] = 0;
  }

  /** Whether the watchdog stopped the process because it did not answer in time. */
  get fired(): boolean {
    return this.shared[2] === 1;
  }

  /** Whether the watchdog stopped the process because the operation was cancelled. */
  get cancelled(): boolean {
    return this.shared[2] === 2;
  }

  stop(): void {
    this.watcher?.stop();
    this.watcher = undefined;
  }
}

/** Another thread watching one process's shared state (`Watchdog.shared`) with `checkWatched`. */
export interface Watcher {
  cancelWith(flag: Int32Array | undefined): void;
  stop(): void;
}

/** Starts watching a process's shared state from another thread. */
export type StartWatching = (shared: Float64Array) => Watcher;

let parentWatch: StartWatching | undefined;

/**
 * From now on, this thread's watchdogs are run by its parent (`start` posts the shared state there; the
 * parent calls `checkWatched` on a timer): the graph worker's hosts do, through WorkerClient.
 */
export function watchFromParent(start: StartWatching | undefined): void {
  parentWatch = start;
}

/**
 * One look at a watched process: a request still running past its deadline, or while the operation's
 * cancellation flag is set, kills it (and records why). Self-contained: the own thread runs its source.
 */
export function checkWatched(shared: Float64Array, cancel: Int32Array | null | undefined): void {
  const deadline = shared[0];
  if (deadline === 0 || shared[2] !== 0) return;
  const why = cancel && Atomics.load(cancel, 0) !== 0 ? 2 : Date.now() > deadline ? 1 : 0;
  if (why === 0) return;
  shared[2] = why;
  try {
    process.kill(shared[1], 'SIGKILL');
  } catch {
    // Gone already.
  }
}

/** How often the watching thread looks (`checkWatched`). */
export const WATCH_EVERY_MS = 50;

/** A small thread of this watchdog's own, for a thread whose parent does not watch (tests, the bench, a library user). */
function ownThread(shared: Float64Array): Watcher {
  const worker = new Worker(WATCHDOG_SOURCE, { eval: true, workerData: shared });
  // Never keeps a host alive by itself.
  worker.unref();
  return {
    cancelWith: (flag) => worker.postMessage(flag ?? null),
    stop: () => void worker.terminate(),
  };
}

const WATCHDOG_SOURCE = `
const { parentPort, workerData } = require('worker_threads');
const check = ${checkWatched.toString()};
let cancel = null;
parentPort.on('message', (flag) => { cancel = flag; });
setInterval(() => check(workerData, cancel), ${WATCH_EVERY_MS});
`;
