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
}

export function activate(context: vscode.ExtensionContext): TsCodeGraphApi {
  const log = createHostLog();
  // The graph cache lives in this workspace's storage (none for an empty window): a second start loads it.
  const cacheDir = context.storageUri ? vscode.Uri.joinPath(context.storageUri, 'graph-cache').fsPath : undefined;
  const toolVersion = String((context.extension.packageJSON as { version?: string }).version ?? '');
  // Tests kill the worker on purpose (recovery); a smaller heap makes their out-of-memory case quick.
  const testMode = context.extensionMode === vscode.ExtensionMode.Test;
  const workerPath = vscode.Uri.joinPath(context.extensionUri, 'dist', 'worker.js').fsPath;
  const service = new GraphService(workerPath, log, { cacheDir, toolVersion }, testMode ? { testHooks: true, heapMb: 512 } : { heapMb: workerHeapMb() });
  if (testMode) context.subscriptions.push(vscode.commands.registerCommand('tsCodeGraph.test.crashWorker', (how: 'exit' | 'throw' | 'oom') => service.crashWorkerForTests(how)));
  context.subscriptions.push(log, service);
  registerTools(context, service);
  registerCommands(context, service, log);
  registerStatus(context, service);
  service.start();
  return { recentLog: () => log.recent(), status: () => service.status() };
}

export function deactivate(): void {
  // Everything, the worker included, is disposed through context.subscriptions.
}
