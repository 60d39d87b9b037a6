import { FSWatcher, watch } from 'chokidar';
import * as path from 'path';
import type { Stats } from 'fs';
import { Logger } from '../core/Logger';
import { inIgnoredDir, isWatchedFile } from '../core/indexer/workspaceFiles';
import { ChangeBatch, ChangeQueue } from '../host/graph/ChangeQueue';
import { PendingRestart, RestartPolicy, scheduleRestart } from '../host/graph/RestartPolicy';
import { FolderSpec, HostWords, QueryAnswer, QueryArgs, WorkerEvent } from '../host/worker/protocol';

import { createSharedCancellation } from '../host/worker/sharedCancellation';
import { notAvailableText, unexpectedFailureText, workerStoppedText } from '../host/worker/failureTexts';
import { WorkerClient, WorkerDiedError } from '../host/worker/WorkerClient';

/** An MCP client has no commands of ours: the remedies are the server's log and a restart. */
export const MCP_WORDS: HostWords = { log: "the server's log (stderr of `ts-code-graph mcp`)", rebuild: 'restart the MCP server (it indexes the workspace again)' };

export interface McpSessionOptions {
  /** Absolute workspace root. */
  root: string;
  /** Absolute tsconfig path (--tsconfig), else projects are discovered under the root. */
  tsconfig?: string;
  /** dist/worker.js. */
  workerPath: string;
  /** Persisted graph location; undefined: no cache. */
  cacheDir?: string;
  toolVersion: string;
  /** stderr: stdout is the protocol's. */
  log: Logger;
  /** The graph worker's heap limit in MB (default: WorkerClient's). */
  heapMb?: number;
  /** Milliseconds a call waits for file-system events of writes that happened before it (see `query`). */
  settleMs?: number;
}

export type IndexState = 'indexing' | 'ready' | 'failed' | 'restarting' | 'stopped';

const KEY = 'root';
/** How long stopping waits for the worker to write a pending cache: `mcp` must end within a second of its client leaving. */
const FLUSH_TIMEOUT_MS = 600;

/**
 * The MCP server's graph: one graph worker (dist/worker.js, so indexing never blocks the protocol
 * and a crash never takes the server down) indexing one root, kept fresh by a file watcher, with
 * the extension's restart policy when the worker dies. Knows nothing of MCP: `serveMcp` maps
 * protocol requests onto `query`.
 */
export class McpSession {
  private client: WorkerClient | undefined;
  private watcher: FSWatcher | undefined;
  private watcherReady: Promise<void> = Promise.resolve();
  private readonly queue = new ChangeQueue((batch) => this.sendChanges(batch));
  private readonly restarts = new RestartPolicy();
  private readonly progressListeners = new Set<(done: number, total: number) => void>();
  private restarting: PendingRestart | undefined;
  private failure: string | undefined;
  private closed = false;
  state: IndexState = 'indexing';
  /** Settles when the current (re-)open of the root ends, whatever its outcome. */
  opened: Promise<void> = Promise.resolve();

  constructor(private readonly options: McpSessionOptions) {}

  start(): void {
    this.startWorker();
    this.startWatcher();
  }

  /** Indexing progress of the current open, for calls that wait for it. Returns the unsubscribe. */
  onProgress(listener: (done: number, total: number) => void): () => void {
    this.progressListeners.add(listener);
    return () => this.progressListeners.delete(listener);
  }

  /**
   * The shared formatter's answer. Waits for the index, and for every change written to disk
   * before the call: the watcher's events for such a write arrive within `settleMs`, are flushed,
   * and the worker applies them before it answers (it handles one folder's messages in order).
   */
  async query(args: QueryArgs, signal?: AbortSignal): Promise<QueryAnswer> {
    try {
      await this.watcherReady;
      await delay(this.options.settleMs ?? 50);
      this.queue.flush();
    } catch {
      // the watcher failing to start is logged by its error handler; the query still runs
    }
    if (signal?.aborted) return this.cancelled(args);
    // A worker that dies under the call is restarted (RestartPolicy): the call waits for the new
    // one and asks again, so the agent gets an answer or the final reason, not "try again".
    for (let attempt = 0; ; attempt++) {
      if (!this.client && this.restarting) await this.restarting.done;
      const client = this.client;
      if (!client) {
        return { query: args.query, text: notAvailableText(this.failure ?? 'the server is shutting down', MCP_WORDS), isError: true };
      }
      // The worker looks at this flag while the query waits and while it runs (see sharedCancellation).
      const cancellation = createSharedCancellation();
      const onAbort = (): void => cancellation.cancel();
      signal?.addEventListener('abort', onAbort, { once: true });
      try {
        return await client.request('query', { args, cancel: cancellation.buffer });
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        if (err instanceof WorkerDiedError && attempt < RestartPolicy.MAX_CRASHES) {
          // After an 'error' event the exit is not handled yet: wait until the restart is scheduled (or not).
          await client.exited;
          continue;
        }
        this.options.log.error(`${args.query} failed: ${err instanceof Error ? (err.stack ?? message) : message}`);
        return { query: args.query, text: unexpectedFailureText(args.query, message, MCP_WORDS), isError: true };
      } finally {
        signal?.removeEventListener('abort', onAbort);
      }
    }
  }

  private cancelled(args: QueryArgs): QueryAnswer {
    this.options.log.info(`${args.query} cancelled by its caller before it reached the graph worker; not answered`);
    return { query: args.query, text: 'Cancelled.', isError: true };
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.restarting) {
      this.restarting.cancel();
      this.restarting = undefined;
    }
    this.queue.dispose();
    await this.watcher?.close();
    const client = this.client;
    this.client = undefined;
    // Edits applied in the last seconds are not in the cache yet (it is written once edits settle):
    // write it now, so the next start loads it whole. Bounded: exiting must not hang on a busy worker.
    if (client) await Promise.race([client.request('flushCaches', {}).catch(() => undefined), delay(FLUSH_TIMEOUT_MS, true)]);
    await client?.dispose();
  }

  private spec(): FolderSpec {
    const { root, tsconfig, cacheDir, toolVersion } = this.options;
    return { key: KEY, name: path.basename(root) || root, root, tsconfig, cacheDir, toolVersion, words: MCP_WORDS };
  }

  private startWorker(): void {
    const log = this.options.log;
    const client = new WorkerClient(this.options.workerPath, (e) => this.onWorkerEvent(e), (reason) => this.onWorkerExit(reason), { stdoutToStderr: true, heapMb: this.options.heapMb });
    this.client = client;
    this.state = 'indexing';
    this.failure = undefined;
    this.opened = client.request('open', { folder: this.spec() }).then(
      (r) => {
        if (this.client !== client) return;
        this.state = 'ready';
        this.restarts.onRecovered();
        log.info(`ready: ${r.files} files, ${r.symbols} symbols, ${r.projects} projects in ${Math.round(r.millis)} ms (${r.typescript})`);
        for (const error of r.errors) log.error(`the graph is incomplete: ${error}`);
      },
      (err: Error) => {
        if (this.client !== client) return;
        this.state = 'failed';
        log.error(`indexing failed: ${err.message}`);
      },
    );
  }

  private startWatcher(): void {
    const { root, log } = this.options;
    const ignored = (file: string, stats?: Stats): boolean => {
      const rel = path.relative(root, file);
      if (rel && inIgnoredDir(rel)) return true;
      return !!stats?.isFile() && !isWatchedFile(file);
    };
    // Symlinks are not followed: a link back up the tree (a loop) must not make the watcher walk forever.
    const watcher = watch(root, { ignored, ignoreInitial: true, atomic: false, followSymlinks: false, persistent: true });
    this.watcher = watcher;
    this.watcherReady = new Promise((resolve) => watcher.once('ready', () => resolve()));
    watcher.on('add', (f) => this.queue.changed(f));
    watcher.on('change', (f) => this.queue.changed(f));
    watcher.on('unlink', (f) => this.queue.deleted(f));
    // A deleted folder is passed as is: the core drops every file no project includes any more.
    watcher.on('unlinkDir', (d) => this.queue.deleted(d));
    watcher.on('error', (err) => log.warn(`file watcher: ${err instanceof Error ? err.message : String(err)} (changes may be missed until the server restarts)`));
  }

  private sendChanges(batch: ChangeBatch): void {
    const client = this.client;
    if (!client) return; // a restarting worker re-opens from disk (and the cache, checked by content hash)
    client.request('update', { key: KEY, changed: batch.changed, deleted: batch.deleted }).then(
      (r) => {
        for (const error of r.errors) this.options.log.error(`the graph is incomplete: ${error}`);
      },
      (err: Error) => this.options.log.warn(`update not applied: ${err.message}`),
    );
  }

  private onWorkerEvent(event: WorkerEvent): void {
    if (event.kind === 'log') {
      this.options.log[event.level](event.message);
      return;
    }
    for (const listener of this.progressListeners) listener(event.done, event.total);
  }

  /** The worker died: restart it after RestartPolicy's back-off (queries wait), or stop after repeated deaths. */
  private onWorkerExit(reason: string): void {
    this.client = undefined;
    if (this.closed) return;
    const decision = this.restarts.onCrash(Date.now());
    if (decision.action === 'restart') {
      this.options.log.error(`${reason}. Restarting it in ${decision.delayMs} ms (restart ${decision.attempt}); queries wait for it.`);
      this.state = 'restarting';
      this.restarting = scheduleRestart(decision.delayMs, () => {
        this.restarting = undefined;
        this.startWorker();
      });
      return;
    }
    this.state = 'stopped';
    this.failure = `${reason}; ${decision.why}, so it is not restarted again`;
    this.options.log.error(workerStoppedText(this.failure, MCP_WORDS));
  }
}

/** `unref`: a timer that must not keep the process alive (the bound on the shutdown flush: once the
 * flush won the race, a pending 10 s timer kept `ts-code-graph mcp` running 10 s after stdin closed). */
function delay(ms: number, unref = false): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    if (unref) timer.unref();
  });
}
