import * as fs from 'fs';
import * as path from 'path';
import { realPathOf } from '../core/indexer/workspaceRoot';
import { fromNative as toPosix, isAbsoluteFilePath, normalizeFilePath } from '../core/paths';
import { echoInput } from '../core/query/shared/echoInput';

/** What routing needs to know about a workspace folder. */
export interface RoutableFolder {
  key: string;
  name: string;
  /** Absolute path. */
  root: string;
}

export type Route<F extends RoutableFolder> =
  | { kind: 'folder'; folder: F; /** Root-relative posix path, or the absolute path outside every root. */ filePath: string }
  | { kind: 'error'; message: string };

/**
 * Picks the workspace folder a tool's `file_path` belongs to (multi-root: every folder has its
 * own graph). Accepted forms, in order:
 * - absolute: the deepest folder that contains it;
 * - relative to a folder root (`src/utils.ts`): the first folder where it exists;
 * - prefixed with the folder's name (`app/src/utils.ts`), as a model that saw the multi-root
 *   layout tends to write it.
 * With a single folder every path goes to it, so the core answers with its own precise
 * "file not found" message (with suggestions). Paths are read as the core reads them
 * (normalizeFilePath: quotes, `file://`, backslashes), so routing accepts what the core accepts.
 */
export function routeFilePath<F extends RoutableFolder>(
  filePath: string,
  folders: readonly F[],
  exists: (absolute: string) => boolean = fs.existsSync,
): Route<F> {
  if (folders.length === 0) {
    return { kind: 'error', message: 'No workspace folder is open, so there is no TypeScript code to query. Open the folder that contains your tsconfig.json (File > Open Folder) and ask again.' };
  }
  const normalized = normalizeFilePath(filePath);
  // Nothing to route: the core says what file_path must be.
  if (normalized === '') return { kind: 'folder', folder: folders[0], filePath: normalized };
  if (isAbsoluteFilePath(normalized)) {
    const folder = deepestContaining(normalized, folders);
    const rel = folder && toPosix(path.relative(folder.root, normalized));
    // Inside through another spelling (a symlink): the absolute path, which the folder's core maps.
    if (folder) return { kind: 'folder', folder, filePath: rel === undefined || rel.startsWith('..') || path.isAbsolute(rel) ? normalized : rel };
    if (folders.length === 1) return { kind: 'folder', folder: folders[0], filePath: normalized };
    return { kind: 'error', message: `${echoInput(filePath)} is outside every workspace folder (${listFolders(folders)}). Pass a path inside one of them, relative to its root (e.g. "src/index.ts").` };
  }
  const relative = path.posix.normalize(normalized).replace(/^\.\//, '');
  if (folders.length === 1) return { kind: 'folder', folder: folders[0], filePath: relative };
  const direct = folders.find((f) => exists(path.join(f.root, relative)));
  if (direct) return { kind: 'folder', folder: direct, filePath: relative };
  const [first, ...rest] = relative.split('/');
  const named = folders.find((f) => f.name === first && rest.length > 0);
  if (named) return { kind: 'folder', folder: named, filePath: rest.join('/') };
  return {
    kind: 'error',
    message: `File not found: ${echoInput(filePath)} is in none of the workspace folders (${listFolders(folders)}). Pass a path relative to the folder that holds it (e.g. "src/index.ts"), or prefix it with the folder name (e.g. "${folders[0].name}/src/index.ts").`,
  };
}

/**
 * The deepest folder whose root contains the absolute path `file` (nested folders: the inner one);
 * as spelled, else with symlinks resolved on both sides (a folder opened through a link, a file
 * named through its real path, or the reverse: one workspace whatever the spelling).
 */
export function deepestContaining<F extends RoutableFolder>(file: string, folders: readonly F[]): F | undefined {
  return deepest(file, folders, (f) => f.root) ?? deepest(realPathOf(file), folders, (f) => realPathOf(f.root));
}

function deepest<F extends RoutableFolder>(file: string, folders: readonly F[], rootOf: (f: F) => string): F | undefined {
  let best: { folder: F; root: string } | undefined;
  for (const folder of folders) {
    const root = rootOf(folder);
    const rel = path.relative(root, file);
    const inside = rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
    if (inside && (!best || root.length > best.root.length)) best = { folder, root };
  }
  return best?.folder;
}

function listFolders(folders: readonly RoutableFolder[]): string {
  return folders.map((f) => f.name).join(', ');
}


