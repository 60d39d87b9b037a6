import { FSWatcher, watch } from 'chokidar';
import { lstatSync, Stats } from 'fs';
import * as path from 'path';
import type { Logger } from '../core/Logger';
import { ExcludedPaths } from '../core/indexer/excludedPaths';
import { inIgnoredDir, isWatchedFile } from '../core/indexer/workspaceFiles';
import { realPathOf } from '../core/indexer/workspaceRoot';

/** Where a watcher reports: the supervisor's ChangeQueue. */
export interface ChangeSink {
  changed(file: string): void;
  deleted(file: string): void;
}

export interface WorkspaceWatch {
  /** Settles once the initial scan is done: events of later writes are reported from then on. */
  ready: Promise<void>;
  close(): Promise<void>;
}

/**
 * A Node host's file watcher (chokidar) over one workspace root: the files the index reads, minus
 * ignored folders and `exclude` globs, reported to `sink`. A root given through a symlink is
 * watched at its real path (a link the watcher would not follow); symlinks inside are not
 * followed, so a link back up the tree never makes it walk forever.
 */
export function watchWorkspace(givenRoot: string, exclude: readonly string[] | undefined, sink: ChangeSink, log: Logger): WorkspaceWatch {
  const root = realPathOf(givenRoot);
  const excluded = ExcludedPaths.of(root, exclude);
  const ignored = (file: string, stats?: Stats): boolean => {
    const rel = path.relative(root, file);
    if (rel && (inIgnoredDir(rel) || excluded.excludes(rel))) return true;
    return !!stats?.isFile() && !isWatchedFile(file);
  };
  const watcher: FSWatcher = watch(root, { ignored, ignoreInitial: true, atomic: false, followSymlinks: false, persistent: true });
  let scanned = false;
  const ready = new Promise<void>((resolve) => watcher.once('ready', () => resolve())).then(() => void (scanned = true));
  // During its first scan chokidar reports every symlinked file as changed (TanStack/query: 38 packages'
  // `root.eslint.config.js -> ../../eslint.config.js`), which cost each start an update of those files.
  // A real edit is of the link's target, a file watched for itself.
  const changed = (f: string): void => {
    if (!scanned && isSymlink(f)) return;
    sink.changed(f);
  };
  watcher.on('add', changed);
  watcher.on('change', changed);
  watcher.on('unlink', (f) => sink.deleted(f));
  // A deleted folder is passed as is: the core drops every file no project includes any more.
  watcher.on('unlinkDir', (d) => sink.deleted(d));
  watcher.on('error', (err) => log.warn(`file watcher: ${err instanceof Error ? err.message : String(err)} (changes may be missed until the server restarts)`));
  return { ready, close: () => watcher.close() };
}

function isSymlink(file: string): boolean {
  try {
    return lstatSync(file).isSymbolicLink();
  } catch {
    return false;
  }
}
