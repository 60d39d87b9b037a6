import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { IGNORED_DIRS, isWatchedFile } from '../../core/indexer/workspaceFiles';
import { isLeftOut } from '../settings';

/** Where the watcher reports: absolute paths (ChangeQueue coalesces them). */
export interface ChangeSink {
  changed(file: string): void;
  deleted(file: string): void;
}

/** A created folder is walked for its sources, up to this many. */
const MAX_WALK = 20_000;

/**
 * Every way a file can change under the graph:
 * - saves in the editor (onDidSaveTextDocument), plus a catch-up for a save whose event has not
 *   arrived yet when a query comes (`catchUp`), so "save, then ask" always sees the new code;
 * - files created/changed/deleted/renamed outside the editor (git checkout, codegen, another
 *   tool): a file-system watcher;
 * - file operations done through VS Code (explorer, WorkspaceEdit), which arrive before the
 *   watcher's events;
 * - tsconfig/jsconfig edits and dependency changes (package.json, lock files), which the core turns
 *   into a rebuild of the projects (see workspaceFiles).
 */
export class ChangeWatcher implements vscode.Disposable {
  private readonly disposables: vscode.Disposable[] = [];
  /** Documents edited since their last save event. */
  private readonly edited = new Set<vscode.TextDocument>();
  /** Documents `catchUp` already reported, at that version (their late save event is then a duplicate). */
  private readonly caughtUp = new Map<vscode.TextDocument, number>();
  /** mtime of each file as last reported from the editor: the watcher's event for the same write is a duplicate. */
  private readonly reportedMtime = new Map<string, number>();

  constructor(private readonly sink: ChangeSink) {
    const ws = vscode.workspace;
    // Every path: a folder created or moved in (git checkout, mv) arrives as one event for the folder.
    const watcher = ws.createFileSystemWatcher('**/*');
    this.disposables.push(
      watcher,
      watcher.onDidCreate((uri) => this.created(uri)),
      watcher.onDidChange((uri) => this.changedOnDisk(uri)),
      watcher.onDidDelete((uri) => this.deletedUri(uri)),
      ws.onDidChangeTextDocument((e) => {
        if (e.contentChanges.length > 0 && isRelevantFile(e.document.uri)) this.edited.add(e.document);
      }),
      ws.onDidSaveTextDocument((doc) => this.saved(doc)),
      ws.onDidCloseTextDocument((doc) => {
        this.edited.delete(doc);
        this.caughtUp.delete(doc);
      }),
      ws.onDidCreateFiles((e) => e.files.forEach((uri) => this.created(uri))),
      ws.onDidDeleteFiles((e) => e.files.forEach((uri) => this.deletedUri(uri))),
      ws.onDidRenameFiles((e) =>
        e.files.forEach(({ oldUri, newUri }) => {
          this.deletedUri(oldUri);
          this.created(newUri);
        }),
      ),
    );
  }

  /** Report documents saved whose save event has not arrived yet (called before every query). */
  catchUp(): void {
    for (const doc of this.edited) {
      if (doc.isDirty || doc.isClosed) continue;
      this.edited.delete(doc);
      this.caughtUp.set(doc, doc.version);
      this.reportSave(doc.uri.fsPath);
    }
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
    this.edited.clear();
    this.caughtUp.clear();
    this.reportedMtime.clear();
  }

  private saved(doc: vscode.TextDocument): void {
    this.edited.delete(doc);
    if (!isRelevantFile(doc.uri)) return;
    const reported = this.caughtUp.get(doc);
    this.caughtUp.delete(doc);
    if (reported === doc.version) return;
    this.reportSave(doc.uri.fsPath);
  }

  private reportSave(file: string): void {
    this.sink.changed(file);
    void fs.promises.stat(file).then(
      (s) => this.reportedMtime.set(file, s.mtimeMs),
      () => this.reportedMtime.delete(file),
    );
  }

  /** A write seen by the watcher: skipped when it is the save the editor already reported. */
  private changedOnDisk(uri: vscode.Uri): void {
    if (!isRelevantFile(uri)) return;
    const file = uri.fsPath;
    const reported = this.reportedMtime.get(file);
    if (reported === undefined) {
      this.sink.changed(file);
      return;
    }
    void fs.promises.stat(file).then(
      (s) => {
        if (s.mtimeMs === reported) return;
        this.reportedMtime.delete(file);
        this.sink.changed(file);
      },
      () => this.sink.changed(file),
    );
  }

  private created(uri: vscode.Uri): void {
    if (uri.scheme !== 'file' || isIgnored(uri)) return;
    if (isRelevantFile(uri)) {
      this.sink.changed(uri.fsPath);
      return;
    }
    // A created or moved-in folder arrives as one event: report the sources inside it.
    void walkSources(uri.fsPath).then((files) => files.forEach((f) => this.sink.changed(f)));
  }

  private deletedUri(uri: vscode.Uri): void {
    if (uri.scheme !== 'file' || isIgnored(uri)) return;
    // Passed as is, whatever it was: a deleted folder (`rm -rf src/gen`, even `src/v1.2`) arrives as one
    // event for the folder, and the core drops every indexed file under it; other paths change nothing.
    this.sink.deleted(uri.fsPath);
  }
}

/** Whether a saved or changed file can change a graph: a source or rebuild file, not in an ignored folder (a setting's save is not). */
export function isRelevantFile(uri: vscode.Uri): boolean {
  return uri.scheme === 'file' && !isIgnored(uri) && isWatchedFile(uri.fsPath);
}

/** Inside a folder no graph looks into (IGNORED_DIRS) or one its workspace folder's `tsCodeGraph.exclude` leaves out. */
function isIgnored(uri: vscode.Uri): boolean {
  return isLeftOut(uri);
}

async function walkSources(dir: string): Promise<string[]> {
  const found: string[] = [];
  const queue = [dir];
  while (queue.length > 0 && found.length < MAX_WALK) {
    const current = queue.pop()!;
    let entries: fs.Dirent[];
    try {
      entries = await fs.promises.readdir(current, { withFileTypes: true });
    } catch {
      continue; // not a folder (a non-source file), or gone again
    }
    for (const e of entries) {
      const full = path.join(current, e.name);
      if (IGNORED_DIRS.has(e.name)) continue;
      if (e.isDirectory()) queue.push(full);
      else if (isWatchedFile(e.name)) found.push(full);
    }
  }
  return found;
}
