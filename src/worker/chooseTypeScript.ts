import * as fs from 'fs';
import * as path from 'path';
import { findWorkspaceTypeScript } from '../core/indexer/program/compilerDefaults';

export interface TypeScriptChoice {
  /** Absolute path of the workspace's typescript.js; undefined means "use the bundled one". */
  tsPath?: string;
  /** Why, for the log. */
  reason: string;
}

/**
 * Which TypeScript indexes a folder: the workspace's own (`tsdk`, the typescript.tsdk setting, else
 * the folder's node_modules/typescript) when the workspace is trusted and its typescript.js exists;
 * otherwise the bundled one. In an untrusted workspace no path is returned at all, so the worker
 * never loads code from the workspace. A node_modules/typescript without lib/typescript.js is said
 * as it is: TypeScript 7 is native and has no JavaScript API (the index then applies 7's defaults
 * with the bundled compiler, see compilerDefaults). No vscode here: `resolveTypeScript` reads the
 * settings, this decides (and is unit-tested).
 */
export function chooseTypeScript(root: string, trusted: boolean, tsdk: string | undefined): TypeScriptChoice {
  if (!trusted) {
    return { reason: 'the workspace is not trusted, so its own TypeScript is never loaded: using the bundled one' };
  }
  if (tsdk && tsdk.trim()) {
    const dir = path.resolve(root, expandHome(tsdk.trim()));
    const file = path.join(dir, 'typescript.js');
    if (isFile(file)) return { tsPath: file, reason: `typescript.tsdk is set to ${tsdk}` };
    return { reason: `typescript.tsdk is set to ${tsdk}, but ${file} does not exist: using the bundled TypeScript` };
  }
  const local = path.join(root, 'node_modules', 'typescript', 'lib', 'typescript.js');
  if (isFile(local)) return { tsPath: local, reason: 'the folder has node_modules/typescript' };
  const installed = findWorkspaceTypeScript(root);
  if (installed?.source.startsWith('node_modules')) {
    const why = installed.major >= 7 ? `TypeScript ${installed.major} is native and has no JavaScript API to load` : 'it is incomplete (reinstall it)';
    return { reason: `the folder's node_modules/typescript is ${installed.version} without lib/typescript.js (${why}): using the bundled TypeScript, with TypeScript ${installed.major >= 6 ? installed.major : `${installed.major}.x`} defaults` };
  }
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
