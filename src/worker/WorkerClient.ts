import { Worker } from 'worker_threads';
import { defaultHeapMb } from './heapLimit';
import { ParentWatches } from './parentWatch';
import { RequestMessage, RequestType, Requests, WorkerEvent, WorkerMessage } from './protocol';

export interface WorkerOptions {
  /**
   * The worker's own heap limit (worker_threads resourceLimits): running out of memory then ends the
   * worker (ERR_WORKER_OUT_OF_MEMORY), never the extension host. Default: half of this machine's memory (heapLimit).
   */
  heapMb?: number;
  /** Only the extension's test mode sets this: the worker then accepts the `crash` request. */
  testHooks?: boolean;
  /**
   * Send whatever the worker writes to its stdout to this process's stderr instead: the MCP
   * server's stdout carries protocol messages only. (By default a worker shares the process's stdout.)
   */
  stdoutToStderr?: boolean;
  /** Where the thread keeps V8's compiled code of the core it loads (dist/worker.js loads dist/workerCore.js); none: compiled from source. */
  codeCacheDir?: string;
  /**
   * When that code is kept: when the host stops the worker (default: a CLI command or an MCP session
   * has compiled the functions of its queries by then too), or once the first folder is open (the
   * extension: a window may close without waiting for the worker).
   */
  keepCodeCache?: 'at stop' | 'once open';
}

/**
 * The worker's young generation: 192 MB, so each semi-space may grow to 64 MB (Node's default is
 * 16). A scavenge costs ~3.5 ms per GB of old heap however little survives it (V8 visits every old
 * page), and a program over 10,000 files is a GB: with the default, every save's program rebuild
 * (~16 MB of garbage) paid one, and 200 queries paid seven. Measured (same machine, same runs):
 * body-edit save → fresh p50 at 10k files 28–37 → 22–23 ms, on ra-core 29–35 → 22–25 ms; a full
 * index 0–10 % faster; the worker's resident memory ~90 MB more.
 */
export const YOUNG_GENERATION_MB = 192;

/** The graph worker's resource limits: the hosts and the benchmark start it with exactly these. */
export function graphWorkerResourceLimits(heapMb = defaultHeapMb()): { maxOldGenerationSizeMb: number; maxYoungGenerationSizeMb: number } {
  return { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: YOUNG_GENERATION_MB };
}

/** The worker died (or was stopped) before answering: the request itself was fine; ask again once it is back. */
export class WorkerDiedError extends Error {
  override readonly name = 'WorkerDiedError';
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
  /** A `print` request's first answer, before its response. */
  first?(text: string): void;
}

/**
 * The host's end of the graph worker: typed request/response over postMessage, plus the
 * worker's progress and log events. No `vscode` import, so plain unit tests run it against
 * the built dist/worker.js.
 *
 * `request` posts synchronously: whatever is requested first reaches the worker first, which is
 * what lets "flush pending saves, then query" see the saved code.
 */
export class WorkerClient {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  /** The worker's native compiler watchdogs, run on this thread's timers (parentWatch). */
  private readonly watches = new ParentWatches();
  private stopped = false;
  /** Why the worker is gone, once it is: later requests fail at once instead of waiting forever. */
  private gone: string | undefined;
  private markExited: () => void = () => undefined;
  /** Settles once the worker's exit is fully handled (`onExit` has run): a restart is then scheduled. */
  readonly exited = new Promise<void>((resolve) => (this.markExited = resolve));

  constructor(
    workerPath: string,
    private readonly onEvent: (event: WorkerEvent) => void,
    /** `outOfMemory`: the worker's heap limit ended it (RestartPolicy treats that apart). */
    onExit: (reason: string, outOfMemory: boolean) => void,
    options: WorkerOptions = {},
  ) {
    const heapMb = options.heapMb ?? defaultHeapMb();
    this.worker = new Worker(workerPath, { resourceLimits: graphWorkerResourceLimits(heapMb), workerData: { testHooks: !!options.testHooks, codeCacheDir: options.codeCacheDir, keepCodeCache: options.keepCodeCache }, stdout: !!options.stdoutToStderr });
    if (options.stdoutToStderr) this.worker.stdout.pipe(process.stderr, { end: false });
    let failure: string | undefined;
    let outOfMemory = false;
    this.worker.on('message', (message: WorkerMessage) => this.receive(message));
    this.worker.on('error', (err: Error & { code?: string }) => {
      outOfMemory = err.code === 'ERR_WORKER_OUT_OF_MEMORY';
      failure =
        err.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? `the graph worker ran out of memory (its heap limit is ${heapMb} MB)`
          : `the graph worker crashed: ${(err.stack ?? err.message).split('\n', 1)[0]}`;
      this.gone = failure;
      this.failAll(failure);
    });
    this.worker.on('exit', (code) => {
      this.watches.stopAll();
      const reason = this.stopped ? 'the graph worker was stopped' : (failure ?? `the graph worker exited unexpectedly (exit code ${code})`);
      this.gone = reason;
      this.failAll(reason);
      if (!this.stopped) onExit(reason, outOfMemory);
      this.markExited();
    });
  }

  /** `first`: hears the compiler's first answer of a `print` request asked with `first`, before its response. */
  request<K extends RequestType>(type: K, params: Requests[K]['params'], first?: (text: string) => void): Promise<Requests[K]['result']> {
    if (this.stopped) return Promise.reject(new WorkerDiedError('the graph worker was stopped'));
    if (this.gone) return Promise.reject(new WorkerDiedError(this.gone));
    const id = this.nextId++;
    const message: RequestMessage<K> = { kind: 'request', id, type, params };
    return new Promise<Requests[K]['result']>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject, first });
      this.worker.postMessage(message);
    });
  }

  async dispose(): Promise<void> {
    this.stopped = true;
    await this.worker.terminate();
  }

  private receive(message: WorkerMessage): void {
    if (this.watches.handle(message)) return;
    if (message.kind === 'first') {
      this.pending.get(message.id)?.first?.(message.text);
      return;
    }
    if (message.kind !== 'response') {
      this.onEvent(message);
      return;
    }
    const pending = this.pending.get(message.id);
    if (!pending) return;
    this.pending.delete(message.id);
    if (message.ok) pending.resolve(message.value);
    else pending.reject(new Error(message.error));
  }

  private failAll(reason: string): void {
    for (const p of this.pending.values()) p.reject(new WorkerDiedError(reason));
    this.pending.clear();
  }
}
