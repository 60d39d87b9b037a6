import * as path from 'path';
import { Logger } from '../core/Logger';
import { WorkspaceWatch, watchWorkspace } from '../nodehost/watchWorkspace';
import { ManifestStamps } from '../nodehost/manifestStamps';
import { realPathOf } from '../core/indexer/workspaceRoot';
import { ask } from '../worker/ask';
import { askQuery, GraphSupervisor, RequestCancelledError } from '../worker/GraphSupervisor';
import type { AnswerFormat, FolderSpec, HostWords, PrintQuestion, PrintedAnswer, QueryAnswer, QueryArgs } from '../worker/protocol';
import { workerStoppedText } from '../worker/failureTexts';
import { FolderStatus, failedStatus, indexingStatus, readyStatus, restartingStatus } from '../worker/folderStatus';

export interface WatchedWorkspaceOptions {
  /** Absolute workspace root. */
  root: string;
  /** Absolute tsconfig path (--tsconfig), else projects are discovered under the root. */
  tsconfig?: string;
  /** --exclude globs (ExcludedPaths): left out of the index, and of the watcher. */
  exclude?: string[];
  /** dist/worker.js (see mcp/main.ts). */
  workerPath: string;
  /** Where the worker keeps V8's compiled code of its core (dist/workerCore.js); undefined: none. */
  codeCacheDir?: string;
  /** Persisted graph location; undefined: no cache. */
  cacheDir?: string;
  toolVersion: string;
  /** stderr: stdout is the protocol's. */
  log: Logger;
  /** The graph worker's heap limit in MB (default: WorkerClient's). */
  heapMb?: number;
  /** Milliseconds a call waits for file-system events of writes that happened before it (see `query`). */
  settleMs?: number;
  /** The host's words for its remedies, in the failure texts (the MCP server's, the CLI daemon's). */
  words: HostWords;
  /** How long `close` waits for the worker to write a pending cache (default 600 ms: `mcp` must end within a second of its client leaving). */
  closeWaitMs?: number;
}

const KEY = 'root';
/** How long stopping waits for the worker to write a pending cache, by default. */
const FLUSH_TIMEOUT_MS = 600;

/**
 * A long-lived Node host's graph (the MCP server's, the CLI daemon's): one graph worker
 * (dist/worker.js, so indexing never blocks the host's protocol and a crash never takes it down)
 * indexing one root, kept fresh by a file watcher, and supervised by the GraphSupervisor the
 * extension uses too. Knows no protocol: `serveMcp` maps MCP requests onto `query`, the daemon its
 * clients' commands onto `print`.
 */
export class WatchedWorkspace {
  private readonly supervisor: GraphSupervisor;
  private watcher: WorkspaceWatch | undefined;
  private manifests: ManifestStamps | undefined;
  private readonly progressListeners = new Set<(done: number, total: number) => void>();
  /** The root's graph, as VS Code's status item shows a folder's (the log says the same). */
  status: FolderStatus;
  /** close() was called: an index it stops did not fail. */
  private closing = false;

  constructor(private readonly options: WatchedWorkspaceOptions) {
    const log = options.log;
    this.status = indexingStatus(this.spec().name);
    this.supervisor = new GraphSupervisor(
      { workerPath: options.workerPath, log, words: options.words, worker: { stdoutToStderr: true, heapMb: options.heapMb, codeCacheDir: options.codeCacheDir } },
      {
        openFolders: () => this.openRoot(),
        onProgress: (_key, done, total) => {
          for (const listener of this.progressListeners) listener(done, total);
        },
        onUpdated: (_key, r) => {
          for (const error of r.errors) log.error(`the graph is incomplete: ${error}`);
        },
        onRestarting: (reason) => (this.status = restartingStatus(this.status, reason)),
        onStopped: (failure) => {
          this.status = failedStatus(this.status, failure);
          log.error(workerStoppedText(failure, options.words));
        },
      },
    );
  }

  start(): void {
    this.supervisor.start();
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
    await this.settled();
    if (signal?.aborted) return this.cancelled(args);
    try {
      // A worker that dies under the call is restarted (GraphSupervisor): the call waits for the new
      // one and asks again, so the agent gets an answer or the final reason, not "try again".
      return await ask(this.supervisor, this.options.words, this.options.log, {
        what: args.query,
        request: (client) => askQuery(client, args, { signal }),
        failed: (text) => ({ query: args.query, text, isError: true }),
        signal,
        notRunning: 'the server is shutting down',
      });
    } catch (err) {
      if (err instanceof RequestCancelledError) return this.cancelled(args);
      throw err;
    }
  }

  /**
   * A CLI command's printed answer (the worker's `print`), as fresh as `query`'s: `whole` never a
   * partial answer; `first`, the answer before the index, when the worker has one.
   */
  async print(question: PrintQuestion, format: AnswerFormat, options: { what: string; whole: boolean; first?: (text: string) => void }): Promise<PrintedAnswer> {
    await this.settled();
    return ask<PrintedAnswer>(this.supervisor, this.options.words, this.options.log, {
      what: options.what,
      request: (client) => client.request('print', { key: KEY, question, format, whole: options.whole, first: !!options.first }, options.first),
      failed: (text) => ({ kind: 'failed', text }),
      notRunning: 'it is shutting down',
    });
  }

  /** Waits for the watcher's events of writes before the call (see `query`), and checks the lock files. */
  private async settled(): Promise<void> {
    try {
      // While the first index runs it reads each file as it is now: the watcher's first scan (6 s on
      // payload's 3,000 folders) is not waited for then, or every early answer waits for it too.
      if (this.status.state !== 'indexing') await this.watcher?.ready;
      await delay(this.options.settleMs ?? 50);
    } catch {
      // the watcher failing to start is logged by its error handler; the call still runs
    }
    // An install written just before the call, whose lock file's event has not come yet.
    this.manifests?.check();
  }

  private cancelled(args: QueryArgs): QueryAnswer {
    this.options.log.info(`${args.query} cancelled by its caller before it reached the graph worker; not answered`);
    return { query: args.query, text: 'Cancelled.', isError: true };
  }

  async close(): Promise<void> {
    this.closing = true;
    await this.watcher?.close();
    // Edits applied in the last seconds are not in the cache yet (it is written once edits settle):
    // write it now, so the next start loads it whole. Bounded: exiting must not hang on a busy worker.
    await this.supervisor.stop(this.options.closeWaitMs ?? FLUSH_TIMEOUT_MS);
  }

  private spec(): Omit<FolderSpec, 'words'> {
    const { root, tsconfig, exclude, cacheDir, toolVersion } = this.options;
    return { key: KEY, name: path.basename(root) || root, root, tsconfig, exclude, cacheDir, toolVersion };
  }

  /** The supervisor started a worker: index the root in it. */
  private openRoot(): void {
    const log = this.options.log;
    this.status = indexingStatus(this.spec().name);
    this.supervisor.open(this.spec(), {
      opened: (r) => {
        this.status = readyStatus(this.status, r);
        log.info(`ready: ${r.files} files, ${r.symbols} symbols, ${r.projects} projects in ${Math.round(r.millis)} ms (${r.typescript})`);
        for (const error of r.errors) log.error(`the graph is incomplete: ${error}`);
      },
      failed: (err) => {
        // Stopped by close() before its index was done: nothing failed.
        if (this.closing) return log.info('indexing stopped: the server is shutting down');
        this.status = failedStatus(this.status, err.message);
        log.error(`indexing failed: ${err.message}`);
      },
    });
  }

  private startWatcher(): void {
    this.manifests = new ManifestStamps(realPathOf(this.options.root), this.supervisor.changes);
    this.watcher = watchWorkspace(this.options.root, this.options.exclude, this.manifests.watched, this.options.log);
  }
}

/** The calls' settle wait. */
function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
