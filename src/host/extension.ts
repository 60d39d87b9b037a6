// Entry of dist/extension.js. Registers first and indexes in the background, so activation
// costs no more than starting a worker thread.
import * as vscode from 'vscode';
import { registerCommands } from './commands/registerCommands';
import { GraphService } from './graph/GraphService';
import { createHostLog } from './log';
import { registerStatus } from './status/registerStatus';
import { registerTools } from './tools/registerTools';

/** What activate returns (vscode.extensions.getExtension(...).exports): for tests and bug reports. */
export interface TsCodeGraphApi {
  /** The last lines written to the "TS Code Graph" log, as `[level] message`. */
  recentLog(): readonly string[];
}

export function activate(context: vscode.ExtensionContext): TsCodeGraphApi {
  const log = createHostLog();
  // The graph cache lives in this workspace's storage (none for an empty window): a second start loads it.
  const cacheDir = context.storageUri ? vscode.Uri.joinPath(context.storageUri, 'graph-cache').fsPath : undefined;
  const toolVersion = String((context.extension.packageJSON as { version?: string }).version ?? '');
  const service = new GraphService(vscode.Uri.joinPath(context.extensionUri, 'dist', 'worker.js').fsPath, log, { cacheDir, toolVersion });
  context.subscriptions.push(log, service);
  registerTools(context, service);
  registerCommands(context, service, log);
  registerStatus(context, service);
  service.start();
  return { recentLog: () => log.recent() };
}

export function deactivate(): void {
  // Everything, the worker included, is disposed through context.subscriptions.
}
