import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';

export interface TypeScriptChoice {
  /** Absolute path of the workspace's typescript.js; undefined means "use the bundled one". */
  tsPath?: string;
  /** Why, for the log. */
  reason: string;
}

/**
 * Which TypeScript indexes a folder: the workspace's own (the `typescript.tsdk` setting, else the
 * folder's node_modules/typescript) when the workspace is trusted and the file exists; otherwise
 * the bundled one. In an untrusted workspace no path is returned at all, so the worker never
 * loads code from the workspace. (The worker still falls back when the file fails to load.)
 */
export function resolveTypeScript(folder: vscode.WorkspaceFolder): TypeScriptChoice {
  if (!vscode.workspace.isTrusted) {
    return { reason: 'the workspace is not trusted, so its own TypeScript is never loaded: using the bundled one' };
  }
  const root = folder.uri.fsPath;
  const tsdk = vscode.workspace.getConfiguration('typescript', folder.uri).get<string>('tsdk');
  if (tsdk && tsdk.trim()) {
    const dir = path.resolve(root, expandHome(tsdk.trim()));
    const file = path.join(dir, 'typescript.js');
    if (isFile(file)) return { tsPath: file, reason: `typescript.tsdk is set to ${tsdk}` };
    return { reason: `typescript.tsdk is set to ${tsdk}, but ${file} does not exist: using the bundled TypeScript` };
  }
  const local = path.join(root, 'node_modules', 'typescript', 'lib', 'typescript.js');
  if (isFile(local)) return { tsPath: local, reason: 'the folder has node_modules/typescript' };
  return { reason: 'the folder has no node_modules/typescript and typescript.tsdk is not set: using the bundled TypeScript' };
}

function expandHome(p: string): string {
  return p.startsWith('~/') ? path.join(process.env.HOME ?? '', p.slice(2)) : p;
}

function isFile(p: string): boolean {
  try {
    return fs.statSync(p).isFile();
  } catch {
    return false;
  }
}
