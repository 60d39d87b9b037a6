import { Worker } from 'worker_threads';

/**
 * Stops a native compiler process that does not answer. A request to it blocks this thread (the API
 * reads its pipe synchronously), so no timer here can fire meanwhile: a small thread of its own
 * watches a deadline set before each request and kills the process once it passes. The blocked read
 * then ends (the pipe closes) and the request fails as a crash would.
 */
export class Watchdog {
  /** [deadline (ms since epoch, 0: no request running), process id, fired (1)]. */
  private readonly shared = new Float64Array(new SharedArrayBuffer(3 * 8));
  private worker: Worker | undefined;
  timeoutMs = 0;

  watch(pid: number): void {
    this.shared[1] = pid;
    this.shared[2] = 0;
    if (this.worker) return;
    this.worker = new Worker(WATCHDOG_SOURCE, { eval: true, workerData: this.shared });
    // Never keeps a host alive by itself.
    this.worker.unref();
  }

  arm(timeoutMs: number): void {
    this.timeoutMs = timeoutMs;
    this.shared[0] = Date.now() + timeoutMs;
  }

  disarm(): void {
    this.shared[0] = 0;
  }

  /** Whether the watchdog stopped the process. */
  get fired(): boolean {
    return this.shared[2] === 1;
  }

  stop(): void {
    void this.worker?.terminate();
    this.worker = undefined;
  }
}

/** The watching thread: every 100 ms, a deadline passed with a request still running kills the process. */
const WATCHDOG_SOURCE = `
const { workerData } = require('worker_threads');
const shared = workerData;
setInterval(() => {
  const deadline = shared[0];
  if (deadline > 0 && Date.now() > deadline && shared[2] === 0) {
    shared[2] = 1;
    try { process.kill(shared[1], 'SIGKILL'); } catch {}
  }
}, 100);
`;
