import * as fs from 'fs';
import * as path from 'path';
import { findWorkspaceTypeScript } from '../core/indexer/program/compilerDefaults';

export interface TypeScriptChoice {
  /** Absolute path of the workspace's typescript.js (5.x, 6.x: in process); undefined means "use the bundled one". */
  tsPath?: string;
  /**
   * The package directory of the workspace's own TypeScript 7 (its API and binary), to run instead of
   * the pinned native compiler; undefined: the pinned one (the core checks the API's version).
   */
  nativePath?: string;
  /** Why, for the log. */
  reason: string;
}

/**
 * Which TypeScript a folder's graph is built with, as far as the workspace decides it. The graph is
 * built by TypeScript 7 (native) by default, else in process (see the core's CompilerChoice); here:
 *
 * - Trusted: the workspace's own TypeScript 7 when it has one (`typescript` 7.x, or `@typescript/native`
 *   beside a `typescript` 6 as 7's release notes recommend; typescript.tsdk may point at either), and its
 *   own 5.x/6.x `typescript.js` (`tsdk`, else node_modules/typescript) for reading configs and for the
 *   in-process compiler where 7 is not used.
 * - Not trusted: nothing of the workspace is loaded, no path is returned at all. The extension's own
 *   compilers index: the bundled TypeScript 6 and the native TypeScript 7 binary shipped with it (our
 *   code, like the bundled 6: it reads the workspace's files as data and loads no code from it; a
 *   config's `plugins` are language service plugins, which neither compiler runs here).
 *
 * No vscode here: `resolveTypeScript` reads the settings, this decides (and is unit-tested).
 */
export function chooseTypeScript(root: string, trusted: boolean, tsdk: string | undefined): TypeScriptChoice {
  if (!trusted) {
    return { reason: "the workspace is not trusted, so its own TypeScript is never loaded: using the extension's own (TypeScript 7 native where its binary is shipped, else the bundled TypeScript 6)" };
  }
  const seven = typeScript7Of(root, tsdk);
  const sevenText = seven ? `; its own TypeScript ${seven.version} (${seven.where}) builds the graph where its API is the one this version reads` : '';
  const withSeven = (choice: { tsPath?: string; reason: string }): TypeScriptChoice => ({ ...choice, ...(seven ? { nativePath: seven.dir } : {}), reason: choice.reason + sevenText });
  if (tsdk && tsdk.trim()) {
    const dir = path.resolve(root, expandHome(tsdk.trim()));
    const file = path.join(dir, 'typescript.js');
    if (isFile(file)) return withSeven({ tsPath: file, reason: `typescript.tsdk is set to ${tsdk}` });
    if (!seven) return { reason: `typescript.tsdk is set to ${tsdk}, but ${file} does not exist: using the bundled TypeScript` };
  }
  const local = path.join(root, 'node_modules', 'typescript', 'lib', 'typescript.js');
  if (isFile(local)) return withSeven({ tsPath: local, reason: 'the folder has node_modules/typescript' });
  if (seven) return withSeven({ reason: `the folder's TypeScript is ${seven.version}, native: configs are read with the bundled TypeScript, with TypeScript 7 defaults` });
  const installed = findWorkspaceTypeScript(root);
  if (installed?.source.startsWith('node_modules')) {
    const why = installed.major >= 7 ? `TypeScript ${installed.major} is native and has no JavaScript API to load` : 'it is incomplete (reinstall it)';
    return { reason: `the folder's node_modules/typescript is ${installed.version} without lib/typescript.js (${why}): using the bundled TypeScript, with TypeScript ${installed.major >= 6 ? installed.major : `${installed.major}.x`} defaults` };
  }
  return { reason: 'the folder has no node_modules/typescript and typescript.tsdk is not set: using the bundled TypeScript' };
}

/**
 * The workspace's own TypeScript 7 with a programmatic API (`./unstable/sync`): typescript.tsdk's
 * package, else node_modules/typescript, else node_modules/@typescript/native (7 beside 6).
 */
function typeScript7Of(root: string, tsdk: string | undefined): { dir: string; version: string; where: string } | undefined {
  const candidates: [string, string][] = [];
  if (tsdk && tsdk.trim()) candidates.push([path.dirname(path.resolve(root, expandHome(tsdk.trim()))), `typescript.tsdk ${tsdk}`]);
  candidates.push([path.join(root, 'node_modules', 'typescript'), 'node_modules/typescript'], [path.join(root, 'node_modules', '@typescript', 'native'), 'node_modules/@typescript/native']);
  for (const [dir, where] of candidates) {
    const manifest = readManifest(path.join(dir, 'package.json'));
    const major = Number(String(manifest?.version ?? '').split('.')[0]);
    if (manifest && major >= 7 && manifest.exports?.['./unstable/sync']) return { dir, version: String(manifest.version), where };
  }
  return undefined;
}

function readManifest(file: string): { version?: unknown; exports?: Record<string, unknown> } | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
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
