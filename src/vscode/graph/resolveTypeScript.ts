import * as vscode from 'vscode';
import { TypeScriptChoice, chooseTypeScript } from '../../worker/chooseTypeScript';

export type { TypeScriptChoice } from '../../worker/chooseTypeScript';

/** `chooseTypeScript` for a workspace folder, with the workspace's trust and typescript.tsdk setting. */
export function resolveTypeScript(folder: vscode.WorkspaceFolder): TypeScriptChoice {
  const tsdk = vscode.workspace.isTrusted ? vscode.workspace.getConfiguration('typescript', folder.uri).get<string>('tsdk') : undefined;
  return chooseTypeScript(folder.uri.fsPath, vscode.workspace.isTrusted, tsdk);
}
