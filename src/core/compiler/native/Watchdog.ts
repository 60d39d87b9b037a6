import { Worker } from 'worker_threads';

/**
 * Stops a native compiler process that does not answer, or whose work was cancelled. A request to it
 * blocks this thread (the API reads its pipe synchronously), so no timer or message here can act
 * meanwhile: a small thread of its own watches a deadline set before each request, and the operation's
 * cancellation flag (shared memory another thread sets), and kills the process once the deadline
 * passes or the flag is set. The blocked read then ends (the pipe closes) and the request fails: as a
 * crash would (`fired`), or as a cancellation (`cancelled`).
 */
export class Watchdog {
  /** [deadline (ms since epoch, 0: no request running), process id, what stopped it (1 timeout, 2 cancellation)]. */
  private readonly shared = new Float64Array(new SharedArrayBuffer(3 * 8));
  private worker: Worker | undefined;
  private flag: Int32Array | undefined;
  timeoutMs = 0;

  watch(pid: number): void {
    this.shared[1] = pid;
    this.shared[2] = 0;
    if (this.worker) return;
    this.worker = new Worker(WATCHDOG_SOURCE, { eval: true, workerData: this.shared });
    // Never keeps a host alive by itself.
    this.worker.unref();
    if (this.flag) this.worker.postMessage(this.flag);
  }

  /**
   * The flag that cancels the running operation (an Int32Array over shared memory: non-zero once
   * cancelled), or undefined for none. The watching thread gets it at once: it never blocks.
   */
  cancelWith(flag: Int32Array | undefined): void {
    if (flag === this.flag) return;
    this.flag = flag;
    this.worker?.postMessage(flag ?? null);
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
    void this.worker?.terminate();
    this.worker = undefined;
  }
}

/**
 * The watching thread: every 50 ms, a request still running past its deadline, or while the
 * operation's cancellation flag is set, kills the process.
 */
const WATCHDOG_SOURCE = `
const { parentPort, workerData } = require('worker_threads');
const shared = workerData;
let cancel = null;
parentPort.on('message', (flag) => { cancel = flag; });
setInterval(() => {
  const deadline = shared[0];
  if (deadline === 0 || shared[2] !== 0) return;
  const why = cancel && Atomics.load(cancel, 0) !== 0 ? 2 : Date.now() > deadline ? 1 : 0;
  if (why === 0) return;
  shared[2] = why;
  try { process.kill(shared[1], 'SIGKILL'); } catch {}
}, 50);
`;
