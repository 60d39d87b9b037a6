// Entry of dist/extension.js. Registers first and indexes in the background, so activation
// costs no more than starting a worker thread.
import * as vscode from 'vscode';
import { registerCommands } from './commands/registerCommands';
import { FolderStatus, GraphService } from './graph/GraphService';
import { createHostLog } from './log';
import { registerStatus } from './status/registerStatus';
import { registerTools } from './tools/registerTools';
import { workerHeapMb } from './settings';

/** What activate returns (vscode.extensions.getExtension(...).exports): for tests and bug reports. */
export interface TsCodeGraphApi {
  /** The last lines written to the "TS Code Graph" log, as `[level] message`. */
  recentLog(): readonly string[];
  /** Each folder's status, as the status item shows it. */
  status(): FolderStatus[];
  /** Where the worker keeps V8's compiled code of its core (the extension's global storage). */
  readonly codeCacheDir: string;
}

export function activate(context: vscode.ExtensionContext): TsCodeGraphApi {
  const log = createHostLog();
  // The graph cache lives in this workspace's storage (none for an empty window): a second start loads it.
  const cacheDir = context.storageUri ? vscode.Uri.joinPath(context.storageUri, 'graph-cache').fsPath : undefined;
  const toolVersion = String((context.extension.packageJSON as { version?: string }).version ?? '');
  // Tests kill the worker on purpose (recovery); a smaller heap makes their out-of-memory case quick.
  const testMode = context.extensionMode === vscode.ExtensionMode.Test;
  const workerPath = vscode.Uri.joinPath(context.extensionUri, 'dist', 'worker.js').fsPath;
  // V8's compiled code of the worker's core, shared by every window of this VS Code: the next start loads it instead of compiling 11 MB.
  const codeCacheDir = vscode.Uri.joinPath(context.globalStorageUri, 'code-cache').fsPath;
  const service = new GraphService(workerPath, log, { cacheDir, toolVersion }, { ...(testMode ? { testHooks: true, heapMb: 512 } : { heapMb: workerHeapMb() }), codeCacheDir, keepCodeCache: 'once open' });
  running = service;
  if (testMode) context.subscriptions.push(vscode.commands.registerCommand('tsCodeGraph.test.crashWorker', (how: 'exit' | 'throw' | 'oom') => service.crashWorkerForTests(how)));
  context.subscriptions.push(log, service);
  registerTools(context, service);
  registerCommands(context, service, log);
  registerStatus(context, service);
  service.start();
  return { recentLog: () => log.recent(), status: () => service.status(), codeCacheDir };
}

/** The activated extension's graph service, stopped (its last writes waited for) on deactivation. */
let running: GraphService | undefined;

export function deactivate(): Promise<void> | undefined {
  // The rest is disposed through context.subscriptions; the worker's last writes are waited for here.
  const service = running;
  running = undefined;
  return service?.stop();
}
