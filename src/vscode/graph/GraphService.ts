import * as vscode from 'vscode';
import { HostLog } from '../log';
import { DiagramAnswer, HostWords, ImpactAnswer, ImpactArgs, QueryAnswer, QueryArgs, Requests, SymbolInfo } from '../../worker/protocol';
import { GraphSupervisor, RequestCancelledError, askQuery } from '../../worker/GraphSupervisor';
import { WorkerClient, WorkerOptions } from '../../worker/WorkerClient';
import { workerStoppedText } from '../../worker/failureTexts';
import { FolderStatus, failedStatus, indexingStatus, progressStatus, readyStatus, restartingStatus, updatingStatus } from '../../worker/folderStatus';
import { Question, ask } from '../../worker/ask';
import type { Expansion } from '../../webview/messages';
import { ChangeWatcher } from './ChangeWatcher';
import { fitAnswer } from './fitAnswer';
import { resolveTypeScript } from './resolveTypeScript';
import { excludeGlobs, workerHeapMb } from '../settings';
import { SETTINGS } from '../../tools/settings';
import { impactQuery } from '../../core/query/impact/query';

/** This host's remedies, named in the worker's failure texts. */
/** How long stopping waits for the worker's last writes (the window is closing). */
const FLUSH_MS = 1_500;

const VSCODE_WORDS: HostWords = {
  log: 'the log (command "TS Code Graph: Show Log")',
  rebuild: 'run the command "TS Code Graph: Rebuild Graph"',
  heap: 'the setting "tsCodeGraph.workerHeapMb" in MB, then the command "TS Code Graph: Rebuild Graph"',
  exclude: 'the setting "tsCodeGraph.exclude"',
};

export type { FolderStatus };

interface FolderEntry {
  folder: vscode.WorkspaceFolder;
  status: FolderStatus;
}

/**
 * The host's view of the graph: one graph per workspace folder in the graph worker (started,
 * restarted and fed file changes by the shared GraphSupervisor), tool/command calls turned into
 * worker requests, and the status the UI shows. The worker does all the work; this class is the
 * VS Code glue: workspace events, trust, settings, status and the error message.
 */
export class GraphService implements vscode.Disposable {
  private readonly supervisor: GraphSupervisor;
  private watcher: ChangeWatcher | undefined;
  private readonly folders = new Map<string, FolderEntry>();
  private readonly changed = new vscode.EventEmitter<void>();
  private readonly disposables: vscode.Disposable[] = [this.changed];

  /** Fires when any folder's status changes (progress included). */
  readonly onDidChange = this.changed.event;

  constructor(
    workerPath: string,
    private readonly log: HostLog,
    /** Persisted-graph location and version (see core IndexCache); no cache when cacheDir is undefined. */
    private readonly cache: { cacheDir?: string; toolVersion?: string } = {},
    workerOptions: WorkerOptions = {},
  ) {
    this.supervisor = new GraphSupervisor(
      { workerPath, log, words: VSCODE_WORDS, worker: workerOptions },
      {
        openFolders: (mode) => this.openFolders(mode),
        onProgress: (key, done, total, projects) => this.onProgress(key, done, total, projects),
        onUpdating: (key, update) => {
          const entry = this.folders.get(key);
          if (!entry) return;
          entry.status = updatingStatus(entry.status, update);
          this.changed.fire();
        },
        onUpdated: (key, r) => {
          const entry = this.folders.get(key);
          if (!entry || entry.status.state !== 'ready') return;
          entry.status = { ...entry.status, symbols: r.symbols, errors: r.errors };
          this.changed.fire();
        },
        onRestarting: (reason) => {
          for (const entry of this.folders.values()) entry.status = restartingStatus(entry.status, reason);
          this.changed.fire();
        },
        onStopped: (failure) => this.onStopped(failure),
      },
    );
  }

  /** Start indexing in the background. Called once, after tools, commands and status are registered. */
  start(): void {
    this.watcher = new ChangeWatcher(this.supervisor.changes);
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
          if (e.affectsConfiguration('typescript.tsdk', entry.folder.uri) || e.affectsConfiguration(SETTINGS.exclude.key, entry.folder.uri)) this.openFolder(entry.folder);
        }
        if (e.affectsConfiguration(SETTINGS.workerHeapMb.key)) {
          this.supervisor.setHeapMb(workerHeapMb());
          this.log.info(`${SETTINGS.workerHeapMb.key} changed: the graph worker gets the new heap limit when it next starts (the command "TS Code Graph: Rebuild Graph" starts a stopped one).`);
        }
      }),
    );
    this.supervisor.start();
  }

  /** Re-index every folder from scratch (restarts the worker if it stopped). */
  rebuild(): void {
    this.supervisor.rebuild();
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
  query(args: QueryArgs, token?: vscode.CancellationToken, tokenization?: vscode.LanguageModelToolTokenizationOptions): Promise<QueryAnswer> {
    return this.ask(token, {
      what: args.query,
      request: (client, signal) => {
        // A cancel reaches the worker mid-query through a shared flag (a message would queue behind the work).
        const asked = (tokenBudget?: number): Promise<QueryAnswer> => whileNotCancelled(askQuery(client, args, { signal, tokenBudget }), token);
        if (tokenization && Number.isFinite(tokenization.tokenBudget) && tokenization.tokenBudget > 0) {
          return fitAnswer(asked, tokenization.tokenBudget, async (text) => tokenization.countTokens(text, token));
        }
        return asked();
      },
      failed: (text) => ({ query: args.query, text, isError: true }),
    });
  }

  /**
   * The graph view's drawing of a query (grown by its expansions), computed in the worker like every
   * answer; waits for the index and earlier changes the same way `query` does. Never throws.
   */
  diagram(args: QueryArgs, expansions: Expansion[]): Promise<DiagramAnswer> {
    return this.ask(undefined, {
      what: args.query,
      draw: true,
      request: (client) => client.request('diagram', { args, expansions }),
      failed: (text) => ({ model: { query: args.query, title: 'TS Code Graph', nodes: [], edges: [], notes: [], message: { text, isError: true }, mermaid: '' }, expansions: [] }),
    });
  }

  /**
   * What a folder's uncommitted changes affect (`ts-code-graph impact`), answered in the worker from
   * its graph after every change reported before the call; with `expansions`, the drawing too. Never throws.
   */
  impact(args: ImpactArgs, expansions?: Expansion[]): Promise<ImpactAnswer> {
    return this.ask(undefined, {
      what: impactQuery.name,
      request: (client) => client.request(impactQuery.name, { args, ...(expansions ? { expansions } : {}) }),
      failed: (text) => ({
        text,
        isError: true,
        isMessage: true,
        ...(expansions ? { diagram: { model: { query: impactQuery.name, title: 'TS Code Graph', nodes: [], edges: [], notes: [], message: { text, isError: true }, mermaid: '' }, expansions: [] } } : {}),
      }),
    });
  }

  /** The worker tier's `ask` after the watcher's pending events, with a VS Code token: cancelled, it throws vscode.CancellationError. */
  private async ask<T>(token: vscode.CancellationToken | undefined, question: Omit<Question<T>, 'request' | 'signal'> & { request(client: WorkerClient, signal?: AbortSignal): Promise<T> }): Promise<T> {
    if (token?.isCancellationRequested) throw new vscode.CancellationError();
    const controller = token ? new AbortController() : undefined;
    const sub = token?.onCancellationRequested(() => controller?.abort());
    try {
      // Changes reported before this call reach the worker before the question does.
      this.watcher?.catchUp();
      return await ask(this.supervisor, VSCODE_WORDS, this.log, {
        ...question,
        request: (client) => question.request(client, controller?.signal),
        signal: controller?.signal,
        passes: (err) => err instanceof vscode.CancellationError,
      });
    } catch (err) {
      throw err instanceof RequestCancelledError ? new vscode.CancellationError() : err;
    } finally {
      sub?.dispose();
    }
  }

  async symbols(token?: vscode.CancellationToken): Promise<SymbolInfo[]> {
    this.supervisor.changes.flush();
    return (await this.withWorker(token, (client) => whileNotCancelled(client.request('symbols', {}), token))) ?? [];
  }

  async symbolAt(file: string, line: number, word?: string): Promise<Requests['symbolAt']['result']> {
    this.watcher?.catchUp();
    this.supervisor.changes.flush();
    return this.supervisor.withWorker((client) => client.request('symbolAt', { file, line, word }));
  }

  /** The supervisor's `withWorker` with a VS Code token: its waits end in vscode.CancellationError. */
  private async withWorker<T>(token: vscode.CancellationToken | undefined, ask: (client: WorkerClient, signal?: AbortSignal) => Promise<T>): Promise<T | undefined> {
    if (!token) return this.supervisor.withWorker((client) => ask(client));
    if (token.isCancellationRequested) throw new vscode.CancellationError();
    const controller = new AbortController();
    const sub = token.onCancellationRequested(() => controller.abort());
    try {
      return await this.supervisor.withWorker((client) => ask(client, controller.signal), controller.signal);
    } catch (err) {
      throw err instanceof RequestCancelledError ? new vscode.CancellationError() : err;
    } finally {
      sub.dispose();
    }
  }

  /** The extension's test mode only (the worker refuses otherwise): kill the worker as a real crash would. */
  crashWorkerForTests(how: 'exit' | 'throw' | 'oom'): void {
    this.supervisor.crashForTests(how);
  }

  dispose(): void {
    void this.stop();
  }

  /**
   * Stops the worker, after it wrote what it still had to (a graph cache an update left pending, V8's
   * compiled code of its core for the next window: workerLoader.ts) or FLUSH_MS passed. The
   * extension's deactivate waits for it; a second call does nothing more.
   */
  stop(): Promise<void> {
    for (const d of this.disposables.splice(0)) d.dispose();
    return (this.stopped ??= this.supervisor.stop(FLUSH_MS));
  }

  private stopped: Promise<void> | undefined;

  /** A worker started (the first, a restart, a rebuild): one graph per workspace folder. */
  private openFolders(cache: 'use' | 'refresh'): void {
    this.folders.clear();
    for (const folder of vscode.workspace.workspaceFolders ?? []) this.openFolder(folder, cache);
    if (this.folders.size === 0) this.log.info('No workspace folder is open: nothing to index.');
  }

  private openFolder(folder: vscode.WorkspaceFolder, cache: 'use' | 'refresh' = 'use'): void {
    if (!this.supervisor.running) return;
    if (folder.uri.scheme !== 'file') {
      this.log.warn(`[${folder.name}] skipped: ${folder.uri.toString()} is not on the local file system.`);
      return;
    }
    const key = folder.uri.toString();
    const choice = resolveTypeScript(folder);
    this.log.info(`[${folder.name}] TypeScript: ${choice.reason}.`);
    const entry: FolderEntry = { folder, status: indexingStatus(folder.name) };
    this.folders.set(key, entry);
    this.changed.fire();
    // The supervisor calls back only while this open is the folder's current one, and never for a worker death.
    this.supervisor.open(
      { key, name: folder.name, root: folder.uri.fsPath, tsPath: choice.tsPath, nativePath: choice.nativePath, exclude: excludeGlobs(folder), first: activeFileIn(folder), ...this.cache, cacheMode: cache },
      {
        opened: (r) => {
          entry.status = readyStatus(entry.status, r);
          this.changed.fire();
        },
        failed: (err) => {
          entry.status = failedStatus(entry.status, err.message);
          this.changed.fire();
        },
      },
    );
  }

  private closeFolder(folder: vscode.WorkspaceFolder): void {
    const key = folder.uri.toString();
    if (!this.folders.delete(key)) return;
    this.supervisor.closeFolder(key);
    this.changed.fire();
  }

  private onProgress(key: string, done: number, total: number, projects?: { done: number; total: number }): void {
    const entry = this.folders.get(key);
    if (!entry || entry.status.state !== 'indexing') return;
    entry.status = progressStatus(entry.status, done, total, projects);
    this.changed.fire();
  }

  /** The worker died too often (see RestartPolicy): say so, and offer the log and a rebuild. */
  private onStopped(failure: string): void {
    this.log.error(workerStoppedText(failure, VSCODE_WORDS));
    for (const entry of this.folders.values()) entry.status = failedStatus(entry.status, failure);
    this.changed.fire();
    void vscode.window.showErrorMessage(`TS Code Graph stopped: ${failure}.`, 'Show Log', 'Rebuild').then((choice) => {
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

/** The active editor's file when it is in `folder`: its project is indexed first (ProjectWalk). */
function activeFileIn(folder: vscode.WorkspaceFolder): string[] {
  const uri = vscode.window.activeTextEditor?.document.uri;
  return uri && uri.scheme === 'file' && vscode.workspace.getWorkspaceFolder(uri)?.uri.toString() === folder.uri.toString() ? [uri.fsPath] : [];
}
