import * as vscode from 'vscode';
import { HostLog } from '../log';
import { deepestContaining } from '../worker/routeFilePath';
import { DiagramAnswer, FolderSpec, HostWords, QueryAnswer, QueryArgs, Requests, SymbolInfo, WorkerEvent } from '../worker/protocol';

import { createSharedCancellation } from '../worker/sharedCancellation';
import { notAvailableText, unexpectedFailureText, workerDiedText, workerStoppedText } from '../worker/failureTexts';
import { WorkerClient, WorkerDiedError, WorkerOptions } from '../worker/WorkerClient';
import type { Expansion } from '../../webview/messages';
import { PendingRestart, RestartPolicy, scheduleRestart } from './RestartPolicy';
import { ChangeBatch, ChangeQueue } from './ChangeQueue';
import { ChangeWatcher } from './ChangeWatcher';
import { fitAnswer } from './fitAnswer';
import { resolveTypeScript } from './resolveTypeScript';

/** This host's remedies, named in the worker's failure texts. */
const VSCODE_WORDS: HostWords = { log: 'the log (command "TS Code Graph: Show Log")', rebuild: 'run the command "TS Code Graph: Rebuild Graph"' };

export interface FolderStatus {
  name: string;
  /** 'restarting': the graph worker died and is being restarted (see RestartPolicy). */
  state: 'indexing' | 'ready' | 'failed' | 'restarting';
  /** Indexing progress (files); total is 0 until the worker knows it. */
  done: number;
  total: number;
  files: number;
  symbols: number;
  typescript?: string;
  /** Why the folder has no graph (state 'failed'), or why the worker is restarting. */
  error?: string;
  /** Loud errors of a ready graph (it is known to be incomplete): a warning state, never plain "ready". */
  errors?: string[];
}

interface FolderEntry {
  folder: vscode.WorkspaceFolder;
  spec: FolderSpec;
  status: FolderStatus;
  /** Bumped on every (re-)open: answers to a superseded open are ignored. */
  generation: number;
}

/**
 * The host's view of the graph: starts the worker, opens one graph per workspace folder, feeds
 * it file changes, and turns tool/command calls into worker queries. The worker does all the
 * work; this class only routes messages and keeps the status the UI shows.
 */
export class GraphService implements vscode.Disposable {
  private client: WorkerClient | undefined;
  private watcher: ChangeWatcher | undefined;
  private readonly folders = new Map<string, FolderEntry>();
  private readonly queue = new ChangeQueue((batch) => this.sendChanges(batch));
  private readonly changed = new vscode.EventEmitter<void>();
  private readonly disposables: vscode.Disposable[] = [this.changed];
  private workerFailure: string | undefined;
  private readonly restarts = new RestartPolicy();
  /** Set while a dead worker waits for its restart: queries wait for it instead of failing. */
  private restarting: PendingRestart | undefined;

  /** Fires when any folder's status changes (progress included). */
  readonly onDidChange = this.changed.event;

  constructor(
    private readonly workerPath: string,
    private readonly log: HostLog,
    /** Persisted-graph location and version (see core IndexCache); no cache when cacheDir is undefined. */
    private readonly cache: { cacheDir?: string; toolVersion?: string } = {},
    private readonly workerOptions: WorkerOptions = {},
  ) {}

  /** Start indexing in the background. Called once, after tools, commands and status are registered. */
  start(): void {
    this.watcher = new ChangeWatcher(this.queue);
    const ws = vscode.workspace;
    this.disposables.push(
      this.watcher,
      ws.onDidChangeWorkspaceFolders((e) => {
        e.removed.forEach((f) => this.closeFolder(f));
        e.added.forEach((f) => this.openFolder(f));
      }),
      ws.onDidGrantWorkspaceTrust(() => {
        this.log.info("The workspace is now trusted: re-indexing with the workspace's own TypeScript where it has one.");
        this.rebuild();
      }),
      ws.onDidChangeConfiguration((e) => {
        for (const entry of this.folders.values()) {
          if (e.affectsConfiguration('typescript.tsdk', entry.folder.uri)) this.openFolder(entry.folder);
        }
      }),
    );
    this.startWorker();
  }

  /** Re-index every folder from scratch (restarts the worker if it stopped). */
  rebuild(): void {
    this.restarts.reset();
    if (!this.client) {
      if (this.restarting) return; // a restart is already on its way, and it re-opens every folder
      this.startWorker('refresh');
      return;
    }
    // An explicit rebuild is a request not to trust anything remembered: re-index and rewrite the cache.
    for (const entry of [...this.folders.values()]) this.openFolder(entry.folder, 'refresh');
  }

  status(): FolderStatus[] {
    return [...this.folders.values()].map((e) => ({ ...e.status }));
  }

  /** "indexing 120/900 files" while any folder indexes, else undefined. */
  indexingText(): string | undefined {
    const indexing = this.status().filter((s) => s.state === 'indexing');
    if (indexing.length === 0) return undefined;
    const done = indexing.reduce((n, s) => n + s.done, 0);
    const total = indexing.reduce((n, s) => n + s.total, 0);
    return total > 0 ? `indexing ${done}/${total} files` : 'indexing';
  }

  /**
   * Answer a query as the shared formatter's text. Waits (in the worker) for the folder's index
   * and for every change reported before the call; throws only vscode.CancellationError.
   */
  async query(args: QueryArgs, token?: vscode.CancellationToken, tokenization?: vscode.LanguageModelToolTokenizationOptions): Promise<QueryAnswer> {
    try {
      // Changes reported before this call reach the worker before the query does.
      this.watcher?.catchUp();
      this.queue.flush();
      const answer = await this.withWorker(token, (client) => {
        const ask = (tokenBudget?: number): Promise<QueryAnswer> => {
          // A cancel reaches the worker mid-query through a shared flag (a message would queue behind the work).
          const cancellation = createSharedCancellation();
          const sub = token?.onCancellationRequested(() => cancellation.cancel());
          if (token?.isCancellationRequested) cancellation.cancel();
          const asked = client.request('query', { args, tokenBudget, cancel: cancellation.buffer });
          asked.then(
            () => sub?.dispose(),
            () => sub?.dispose(),
          );
          return whileNotCancelled(asked, token);
        };
        if (tokenization && Number.isFinite(tokenization.tokenBudget) && tokenization.tokenBudget > 0) {
          return fitAnswer(ask, tokenization.tokenBudget, async (text) => tokenization.countTokens(text, token));
        }
        return ask();
      });
      if (answer) return answer;
      const why = this.workerFailure ?? 'it has not started';
      return { query: args.query, text: notAvailableText(why, VSCODE_WORDS), isError: true };
    } catch (err) {
      if (err instanceof vscode.CancellationError) throw err;
      if (err instanceof WorkerDiedError) {
        // The worker died under this query: not a bug in the question, and it comes back by itself.
        return { query: args.query, text: workerDiedText(args.query, err.message, !!(this.client || this.restarting), VSCODE_WORDS), isError: true };
      }
      this.log.error(`${args.query} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      return { query: args.query, text: unexpectedFailureText(args.query, err instanceof Error ? err.message : String(err), VSCODE_WORDS), isError: true };
    }
  }

  /**
   * The graph view's drawing of a query (grown by its expansions), computed in the worker like every
   * answer; waits for the index and earlier changes the same way `query` does. Never throws.
   */
  async diagram(args: QueryArgs, expansions: Expansion[]): Promise<DiagramAnswer> {
    const failed = (text: string): DiagramAnswer => ({
      model: { query: args.query, title: 'TS Code Graph', nodes: [], edges: [], notes: [], message: { text, isError: true }, mermaid: '' },
      expansions: [],
    });
    try {
      this.watcher?.catchUp();
      this.queue.flush();
      const answer = await this.withWorker(undefined, (client) => client.request('diagram', { args, expansions }));
      return answer ?? failed(notAvailableText(this.workerFailure ?? 'it has not started', VSCODE_WORDS));
    } catch (err) {
      this.log.error(`diagram of ${args.query} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      return failed(unexpectedFailureText(args.query, err instanceof Error ? err.message : String(err), VSCODE_WORDS, true));
    }
  }

  async symbols(token?: vscode.CancellationToken): Promise<SymbolInfo[]> {
    this.queue.flush();
    return (await this.withWorker(token, (client) => whileNotCancelled(client.request('symbols', {}), token))) ?? [];
  }

  async symbolAt(file: string, line: number, word?: string): Promise<Requests['symbolAt']['result']> {
    this.watcher?.catchUp();
    this.queue.flush();
    return this.withWorker(undefined, (client) => client.request('symbolAt', { file, line, word }));
  }

  /**
   * `ask` on the running worker, undefined when there is none (stopped). A worker that is restarting
   * is waited for; one that dies under the request is waited for once and asked again, so a crash
   * costs the caller time, not an answer. A second death is the caller's error (WorkerDiedError).
   */
  private async withWorker<T>(token: vscode.CancellationToken | undefined, ask: (client: WorkerClient) => Promise<T>): Promise<T | undefined> {
    for (let attempt = 1; ; attempt++) {
      if (!this.client && this.restarting) await whileNotCancelled(this.restarting.done, token);
      const client = this.client;
      if (!client) return undefined;
      try {
        return await ask(client);
      } catch (err) {
        if (!(err instanceof WorkerDiedError) || attempt > 1) throw err;
        // The exit may not be handled yet (an 'error' event comes first): then a restart is scheduled, or not.
        await whileNotCancelled(client.exited, token);
        if (!this.restarting) throw err;
      }
    }
  }

  /** The extension's test mode only (the worker refuses otherwise): kill the worker as a real crash would. */
  crashWorkerForTests(how: 'exit' | 'throw' | 'oom'): void {
    void this.client?.request('crash', { how }).catch(() => undefined);
  }

  dispose(): void {
    if (this.restarting) {
      this.restarting.cancel();
      this.restarting = undefined;
    }
    this.queue.dispose();
    for (const d of this.disposables) d.dispose();
    void this.client?.dispose();
    this.client = undefined;
  }

  private startWorker(cache: 'use' | 'refresh' = 'use'): void {
    this.workerFailure = undefined;
    this.client = new WorkerClient(this.workerPath, (e) => this.onWorkerEvent(e), (reason) => this.onWorkerExit(reason), this.workerOptions);
    this.folders.clear();
    for (const folder of vscode.workspace.workspaceFolders ?? []) this.openFolder(folder, cache);
    if (this.folders.size === 0) this.log.info('No workspace folder is open: nothing to index.');
  }

  private openFolder(folder: vscode.WorkspaceFolder, cache: 'use' | 'refresh' = 'use'): void {
    const client = this.client;
    if (!client) return;
    if (folder.uri.scheme !== 'file') {
      this.log.warn(`[${folder.name}] skipped: ${folder.uri.toString()} is not on the local file system.`);
      return;
    }
    const key = folder.uri.toString();
    const choice = resolveTypeScript(folder);
    this.log.info(`[${folder.name}] TypeScript: ${choice.reason}.`);
    const previous = this.folders.get(key);
    const entry: FolderEntry = {
      folder,
      spec: { key, name: folder.name, root: folder.uri.fsPath, tsPath: choice.tsPath, ...this.cache, cacheMode: cache, words: VSCODE_WORDS },
      status: { name: folder.name, state: 'indexing', done: 0, total: 0, files: 0, symbols: 0 },
      generation: (previous?.generation ?? 0) + 1,
    };
    this.folders.set(key, entry);
    this.changed.fire();
    const current = () => this.folders.get(key) === entry;
    client.request('open', { folder: entry.spec }).then(
      (r) => {
        if (!current()) return;
        entry.status = { ...entry.status, state: 'ready', files: r.files, symbols: r.symbols, typescript: r.typescript, done: r.files, total: r.files, errors: r.errors };
        if ([...this.folders.values()].every((e) => e.status.state === 'ready')) this.restarts.onRecovered();
        this.changed.fire();
      },
      (err: Error) => {
        // A worker that died under the open is the exit handler's to report ('restarting' or stopped).
        if (!current() || err instanceof WorkerDiedError) return;
        entry.status = { ...entry.status, state: 'failed', error: err.message };
        this.changed.fire();
      },
    );
  }

  private closeFolder(folder: vscode.WorkspaceFolder): void {
    const key = folder.uri.toString();
    if (!this.folders.delete(key)) return;
    void this.client?.request('close', { key }).catch(() => undefined);
    this.changed.fire();
  }

  private sendChanges(batch: ChangeBatch): void {
    const client = this.client;
    if (!client) return;
    const specs = [...this.folders.values()].map((e) => e.spec);
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
        (r) => {
          if (this.folders.get(key) !== entry || entry.status.state !== 'ready') return;
          entry.status = { ...entry.status, symbols: r.symbols, errors: r.errors };
          this.changed.fire();
        },
        (err: Error) => this.log.warn(`[${entry.spec.name}] update not applied: ${err.message}`),
      );
    }
  }

  private onWorkerEvent(event: WorkerEvent): void {
    if (event.kind === 'log') {
      this.log[event.level](event.message);
      return;
    }
    const entry = this.folders.get(event.key);
    if (!entry || entry.status.state !== 'indexing') return;
    entry.status = { ...entry.status, done: event.done, total: event.total };
    this.changed.fire();
  }

  /**
   * The worker died (crash, out of memory): restart it after a back-off and re-open every folder
   * (from the persisted cache when valid); after repeated crashes (RestartPolicy), stop and say so.
   */
  private onWorkerExit(reason: string): void {
    this.client = undefined;
    const decision = this.restarts.onCrash(Date.now());
    if (decision.action === 'restart') {
      this.log.error(`${reason}. Restarting it in ${decision.delayMs} ms (restart ${decision.attempt}); folders re-open from the graph cache where it is valid, and queries wait for them.`);
      for (const entry of this.folders.values()) entry.status = { ...entry.status, state: 'restarting', error: reason };
      this.changed.fire();
      this.restarting = scheduleRestart(decision.delayMs, () => {
        this.restarting = undefined;
        this.startWorker();
      });
      return;
    }
    this.workerFailure = `${reason}; ${decision.why}, so it is not restarted again`;
    this.log.error(workerStoppedText(this.workerFailure, VSCODE_WORDS));
    for (const entry of this.folders.values()) entry.status = { ...entry.status, state: 'failed', error: this.workerFailure };
    this.changed.fire();
    void vscode.window.showErrorMessage(`TS Code Graph stopped: ${this.workerFailure}.`, 'Show Log', 'Rebuild').then((choice) => {
      if (choice === 'Show Log') void vscode.commands.executeCommand('tsCodeGraph.showLog');
      if (choice === 'Rebuild') this.rebuild();
    });
  }
}

/** The promise's value, or vscode.CancellationError as soon as the token is cancelled. */
function whileNotCancelled<T>(promise: Promise<T>, token: vscode.CancellationToken | undefined): Promise<T> {
  if (!token) return promise;
  if (token.isCancellationRequested) return Promise.reject(new vscode.CancellationError());
  return new Promise<T>((resolve, reject) => {
    const sub = token.onCancellationRequested(() => {
      sub.dispose();
      reject(new vscode.CancellationError());
    });
    promise.then(
      (v) => {
        sub.dispose();
        resolve(v);
      },
      (e) => {
        sub.dispose();
        reject(e);
      },
    );
  });
}
