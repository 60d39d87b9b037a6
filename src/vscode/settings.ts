import * as path from 'path';
import * as vscode from 'vscode';
import { ExcludedPaths } from '../core/indexer/excludedPaths';
import { inIgnoredDir } from '../core/indexer/workspaceFiles';
import { parseHeapMb } from '../worker/heapLimit';
import { SETTINGS } from '../tools/settings';

/** `tsCodeGraph.exclude` of a workspace folder (globs; see ExcludedPaths). */
export function excludeGlobs(folder: vscode.WorkspaceFolder): string[] {
  const value = vscode.workspace.getConfiguration(undefined, folder.uri).get<unknown>(SETTINGS.exclude.key);
  return Array.isArray(value) ? value.filter((g): g is string => typeof g === 'string') : [];
}

/** `tsCodeGraph.workerHeapMb`, or undefined for the default (0, unset, not a whole number). */
export function workerHeapMb(): number | undefined {
  return parseHeapMb(vscode.workspace.getConfiguration().get<number>(SETTINGS.workerHeapMb.key));
}

const rules = new Map<string, ExcludedPaths>();

/**
 * Whether a path is one no graph looks into: an ignored folder (IGNORED_DIRS), or left out by its
 * workspace folder's `tsCodeGraph.exclude`, judged below that folder. What the watcher drops.
 */
export function isLeftOut(uri: vscode.Uri): boolean {
  const folder = vscode.workspace.getWorkspaceFolder(uri);
  if (!folder) return inIgnoredDir(uri.fsPath);
  const rel = path.relative(folder.uri.fsPath, uri.fsPath);
  if (inIgnoredDir(rel)) return true;
  const globs = excludeGlobs(folder);
  if (globs.length === 0) return false;
  const key = `${folder.uri.toString()}\n${globs.join('\n')}`;
  let rule = rules.get(key);
  if (!rule) rules.set(key, (rule = ExcludedPaths.of(folder.uri.fsPath, globs)));
  return rule.excludes(rel);
}
