import * as path from 'path';
import type { SymbolGraph } from '../../graph/SymbolGraph';
import { WorkspacePackages } from '../program/workspacePackages';
import { packageName } from '../../packageSpecifiers';
import { isWatchedFile } from '../workspaceFiles';

/**
 * What new files change besides themselves. An import that did not resolve may find one (those
 * files are `waiting`); an import that did may find one instead of the file it found (`shadowed`:
 * `./dates` found dates.js and now finds dates.d.ts; `./foo` prefers foo.ts to foo/index.js, and
 * foo/index.ts to foo.js), and nothing recorded says which importers those are but their
 * dependence on the shadowed file.
 */
export function newFileEffects(graph: SymbolGraph, root: string, workspace: WorkspacePackages | undefined, newFiles: string[]): { waiting: string[]; shadowed: string[] } {
  if (newFiles.length === 0) return { waiting: [], shadowed: [] };
  const fresh = new Set(newFiles);
  const stems = new Set<string>();
  for (const f of newFiles) {
    const stem = moduleStem(f);
    stems.add(stem);
    stems.add(stem.endsWith('/index') ? stem.slice(0, -'/index'.length) : `${stem}/index`);
  }
  // An import of a workspace package by name may find a source created in it (`@acme/core/feature`).
  const packages = new Set(newFiles.map((f) => workspace?.packageContaining(path.posix.join(root, f))?.name).filter((n): n is string => !!n));
  const waiting: string[] = [];
  const shadowed: string[] = [];
  for (const f of graph.files()) {
    if (fresh.has(f)) continue;
    const c = graph.getContribution(f);
    if (c?.hasUnresolvedImports || (packages.size && c?.unresolvedPackageImports?.some((s) => packages.has(packageName(s))))) waiting.push(f);
    if (stems.has(moduleStem(f))) shadowed.push(f);
  }
  return { waiting, shadowed };
}

/**
 * Deleted paths as the files they stood for: watchers report `rm -rf dir` as the folder alone, so a
 * path that is no source or config file also stands for every indexed file under it. One pass over
 * the indexed files (absolute; asked only when a path is a folder), however many such paths (a
 * checkout deletes hundreds of other files at once).
 */
export function withFilesUnder(paths: string[], indexedFiles: () => Iterable<string>, root: string): Set<string> {
  const result = new Set(paths);
  const folders = new Set(paths.filter((f) => !isWatchedFile(f)).map((f) => f.replace(/\/+$/, '')));
  if (folders.size === 0) return result;
  for (const file of indexedFiles()) {
    for (let dir = path.posix.dirname(file); dir.length >= root.length; dir = path.posix.dirname(dir)) {
      if (folders.has(dir)) {
        result.add(file);
        break;
      }
      if (dir === '/') break;
    }
  }
  return result;
}

/** A source file's path as a module specifier names it: without `.ts`, `.d.ts`, `.js`, `.mjs`… */
function moduleStem(file: string): string {
  return file.replace(/(\.d)?\.[mc]?[jt]sx?$/, '');
}
