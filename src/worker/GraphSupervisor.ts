import type { Logger } from '../core/Logger';
import { ChangeBatch, ChangeQueue } from './ChangeQueue';
import { FolderSpec, HostWords, OpenResult, QueryAnswer, QueryArgs, UpdateResult, UpdatingReport, WorkerEvent } from './protocol';
import { PendingRestart, RestartPolicy, scheduleRestart } from './RestartPolicy';
import { deepestContaining } from './routeFilePath';
import { SharedCancellation, createSharedCancellation } from './sharedCancellation';
import { WorkerClient, WorkerDiedError, WorkerOptions } from './WorkerClient';
import { outOfMemoryText } from './failureTexts';
import { defaultHeapMb } from './heapLimit';

/** What a host does when the supervised worker's life changes. Everything else (status, UI, protocol) stays in the host. */
export interface SupervisorHost {
  /** A worker started (first start, restart after a death, rebuild): `open` every folder it should index. */
  openFolders(cache: 'use' | 'refresh'): void;
  /** Indexing progress of a folder (files done of total; total is 0 until the worker knows it; projects during a full index). */
  onProgress?(key: string, done: number, total: number, projects?: { done: number; total: number }): void;
  /** A folder's update has run longer than a second (every second while it runs), or its updates are done (`update` undefined). */
  onUpdating?(key: string, update: UpdatingReport | undefined): void;
  /** A batch of changes reached a folder's graph. */
  onUpdated?(key: string, result: UpdateResult): void;
  /** The worker died and starts again after RestartPolicy's back-off; requests wait for it. */
  onRestarting?(reason: string): void;
  /** The worker died too often and is not restarted (until `rebuild`); `failure` says why (`outOfMemory`: its heap limit ended it). */
  onStopped?(failure: string, outOfMemory: boolean): void;
}

export interface GraphSupervisorOptions {
  /** dist/worker.js. */
  workerPath: string;
  log: Logger;
  /** The host's words for its remedies: they go into every folder it opens (see HostWords). */
  words: HostWords;
  worker?: WorkerOptions;
}

/** What a host hears about one `open`; neither is called when the open is superseded or the worker died under it. */
export interface OpenCallbacks {
  opened?(result: OpenResult): void;
  failed?(error: Error): void;
}

/** The caller cancelled while its request waited for a restarting worker. */
export class RequestCancelledError extends Error {
  override readonly name = 'RequestCancelledError';
}

interface OpenFolder {
  spec: FolderSpec;
  ready: boolean;
  /** Cancels this open's indexing and updates in the worker, mid-request included (see FolderSpec.cancel). */
  cancellation: SharedCancellation;
}

/**
 * The one supervisor of the graph worker, for every host that runs it (VS Code, the MCP server):
 * starts it, restarts it after a death with RestartPolicy's back-off (and stops after repeated
 * deaths), asks a request again when the worker died under it, batches file changes (ChangeQueue)
 * and routes them to their folders, relays the worker's logs and progress, and passes a caller's
 * cancellation to the running query (sharedCancellation). A host supplies its folders, its words
 * and what it shows; it never holds a WorkerClient itself.
 */
export class GraphSupervisor {
  private client: WorkerClient | undefined;
  private readonly folders = new Map<string, OpenFolder>();
  private readonly restarts = new RestartPolicy();
  /** Set while a dead worker waits for its restart: requests wait for it instead of failing. */
  private restarting: PendingRestart | undefined;
  private stopped: string | undefined;
  private closed = false;
  /** File changes, coalesced; `flush()` before a request so that it sees every change reported before it. */
  readonly changes = new ChangeQueue((batch) => this.sendChanges(batch));

  constructor(
    private readonly options: GraphSupervisorOptions,
    private readonly host: SupervisorHost,
  ) {}

  /** Why there is no worker after repeated deaths (undefined while one runs or restarts). */
  get failure(): string | undefined {
    return this.stopped;
  }

  /** A worker is running now (not restarting, stopped or closed). */
  get running(): boolean {
    return !!this.client;
  }

  /** A worker is running or about to restart: requests will be answered. */
  get alive(): boolean {
    return !!this.client || !!this.restarting;
  }

  /** The heap limit of the next worker started (undefined: the default); the running one keeps its own. */
  setHeapMb(heapMb: number | undefined): void {
    this.options.worker = { ...this.options.worker, heapMb };
  }

  /** Start the worker and ask the host to open its folders. */
  start(cache: 'use' | 'refresh' = 'use'): void {
    this.stopped = undefined;
    this.client = new WorkerClient(this.options.workerPath, (e) => this.onWorkerEvent(e), (reason, outOfMemory) => this.onWorkerExit(reason, outOfMemory), this.options.worker);
    this.folders.clear();
    this.host.openFolders(cache);
  }

  /** Index every folder from scratch (a person asked): forget earlier deaths, and start the worker again if it stopped. */
  rebuild(): void {
    this.restarts.reset();
    if (!this.client) {
      if (this.restarting) return; // a restart is already on its way, and it re-opens every folder
      this.start('refresh');
      return;
    }
    // An explicit rebuild is a request not to trust anything remembered: re-index and rewrite the cache.
    for (const entry of this.folders.values()) entry.cancellation.cancel();
    this.folders.clear();
    this.host.openFolders('refresh');
  }

  /** Index a folder (again) in the running worker; false when there is none. Replaces an earlier open of the same key. */
  open(spec: Omit<FolderSpec, 'words' | 'cancel'>, callbacks: OpenCallbacks = {}): boolean {
    const client = this.client;
    if (!client) return false;
    // A re-open supersedes the open before it: its indexing stops, the native compiler's process with it.
    this.folders.get(spec.key)?.cancellation.cancel();
    const cancellation = createSharedCancellation();
    const entry: OpenFolder = { spec: { ...spec, words: this.options.words, cancel: cancellation.buffer }, ready: false, cancellation };
    this.folders.set(spec.key, entry);
    const current = (): boolean => this.folders.get(spec.key) === entry;
    client.request('open', { folder: entry.spec }).then(
      (result) => {
        if (!current()) return;
        entry.ready = true;
        if ([...this.folders.values()].every((f) => f.ready)) this.restarts.onRecovered();
        callbacks.opened?.(result);
      },
      (err: Error) => {
        // A worker that died under the open is the exit handler's to report (restarting or stopped).
        if (!current() || err instanceof WorkerDiedError) return;
        callbacks.failed?.(err);
      },
    );
    return true;
  }

  /** Drop a folder's graph; false when it was not open. */
  closeFolder(key: string): boolean {
    const entry = this.folders.get(key);
    if (!entry) return false;
    entry.cancellation.cancel();
    this.folders.delete(key);
    void this.client?.request('close', { key }).catch(() => undefined);
    return true;
  }

  /**
   * `ask` on the running worker, undefined when there is none (stopped or closed). A worker that is
   * restarting is waited for; one that dies under the request is waited for and asked again while
   * RestartPolicy restarts it, so a crash costs the caller time, not an answer. `signal` abandons
   * the waits (RequestCancelledError); the request itself hears it through its own means.
   */
  async withWorker<T>(ask: (client: WorkerClient) => Promise<T>, signal?: AbortSignal): Promise<T | undefined> {
    for (let deaths = 0; ; ) {
      if (!this.client && this.restarting) await untilAborted(this.restarting.done, signal);
      const client = this.client;
      if (!client) return undefined;
      try {
        return await ask(client);
      } catch (err) {
        if (!(err instanceof WorkerDiedError) || ++deaths > RestartPolicy.MAX_CRASHES) throw err;
        // After an 'error' event the exit is not handled yet: wait until the restart is scheduled (or not).
        await untilAborted(client.exited, signal);
      }
    }
  }

  /** A query on the running worker (see `withWorker`); undefined when there is none. */
  query(args: QueryArgs, options: { signal?: AbortSignal; tokenBudget?: number } = {}): Promise<QueryAnswer | undefined> {
    return this.withWorker((client) => askQuery(client, args, options), options.signal);
  }

  /** The extension's test mode only (the worker refuses otherwise): kill the worker as a real crash would. */
  crashForTests(how: 'exit' | 'throw' | 'oom'): void {
    void this.client?.request('crash', { how }).catch(() => undefined);
  }

  /**
   * Stop for good. With `flushWithinMs`, first let the worker write its pending graph caches (edits
   * of the last seconds), waiting at most that long: stopping must not hang on a busy worker.
   */
  async stop(flushWithinMs?: number): Promise<void> {
    this.closed = true;
    if (this.restarting) {
      this.restarting.cancel();
      this.restarting = undefined;
    }
    this.changes.dispose();
    const client = this.client;
    this.client = undefined;
    // A worker's thread blocked in the native compiler cannot be terminated: cancelled, the compiler's
    // process is stopped, which frees the thread. A folder still indexing has no cache to write: at once.
    for (const entry of this.folders.values()) if (!entry.ready) entry.cancellation.cancel();
    if (client && flushWithinMs !== undefined) await Promise.race([client.request('flushCaches', {}).catch(() => undefined), delay(flushWithinMs)]);
    for (const entry of this.folders.values()) entry.cancellation.cancel();
    await client?.dispose();
  }

  private sendChanges(batch: ChangeBatch): void {
    const client = this.client;
    if (!client) return; // a restarting worker re-opens from disk (and the cache, checked by content hash)
    const open = [...this.folders.values()];
    const specs = open.map((f) => f.spec);
    const perFolder = new Map<string, { changed: string[]; deleted: string[] }>();
    for (const kind of ['changed', 'deleted'] as const) {
      for (const file of batch[kind]) {
        const spec = deepestContaining(file, specs);
        if (!spec) continue;
        let changes = perFolder.get(spec.key);
        if (!changes) perFolder.set(spec.key, (changes = { changed: [], deleted: [] }));
        changes[kind].push(file);
      }
    }
    for (const [key, changes] of perFolder) {
      const entry = this.folders.get(key)!;
      client.request('update', { key, ...changes }).then(
        (result) => {
          if (this.folders.get(key) === entry) this.host.onUpdated?.(key, result);
        },
        (err: Error) => this.options.log.warn(`[${entry.spec.name}] update not applied: ${err.message}`),
      );
    }
  }

  private onWorkerEvent(event: WorkerEvent): void {
    if (event.kind === 'log') {
      this.options.log[event.level](event.message);
      return;
    }
    if (!this.folders.has(event.key)) return;
    if (event.kind === 'updating') this.host.onUpdating?.(event.key, event.update);
    else this.host.onProgress?.(event.key, event.done, event.total, event.projects);
  }

  /**
   * The worker died (crash, out of memory): restart it after a back-off and have the host re-open
   * its folders (from the graph cache where valid); after repeated deaths (RestartPolicy), stop.
   */
  private onWorkerExit(reason: string, outOfMemory: boolean): void {
    this.client = undefined;
    if (this.closed) return;
    const decision = this.restarts.onCrash(Date.now(), outOfMemory);
    if (decision.action === 'restart') {
      this.options.log.error(`${reason}. Restarting it in ${decision.delayMs} ms (restart ${decision.attempt}); folders re-open from the graph cache where it is valid, and queries wait for them.`);
      this.host.onRestarting?.(reason);
      this.restarting = scheduleRestart(decision.delayMs, () => {
        this.restarting = undefined;
        this.start();
      });
      return;
    }
    // Out of memory: what happened and the setting that raises the limit, in the host's words.
    this.stopped = decision.outOfMemory
      ? outOfMemoryText(this.options.worker?.heapMb ?? defaultHeapMb(), decision.why, this.options.words)
      : `${reason}; ${decision.why}, so it is not restarted again`;
    this.host.onStopped?.(this.stopped, !!decision.outOfMemory);
  }
}

/**
 * One `query` request whose caller can cancel it mid-run: a message would queue behind the work,
 * so the worker looks at a shared flag (see sharedCancellation) while the query waits and runs.
 */
export function askQuery(client: WorkerClient, args: QueryArgs, options: { signal?: AbortSignal; tokenBudget?: number } = {}): Promise<QueryAnswer> {
  const { signal, tokenBudget } = options;
  const cancellation = createSharedCancellation();
  const onAbort = (): void => cancellation.cancel();
  if (signal?.aborted) cancellation.cancel();
  else signal?.addEventListener('abort', onAbort, { once: true });
  return client.request('query', { args, tokenBudget, cancel: cancellation.buffer }).finally(() => signal?.removeEventListener('abort', onAbort));
}

/** The promise's value, or RequestCancelledError as soon as `signal` aborts. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(new RequestCancelledError('cancelled'));
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(new RequestCancelledError('cancelled'));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e) => {
        signal.removeEventListener('abort', onAbort);
        reject(e);
      },
    );
  });
}

/** `unref`: a timer that must not keep the process alive (the bound on the shutdown flush: once the
 * flush won the race, a pending 10 s timer kept `ts-code-graph mcp` running 10 s after stdin closed). */
function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
