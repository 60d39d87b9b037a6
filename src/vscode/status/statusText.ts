import type { FolderStatus } from '../graph/GraphService';
import { thousands } from '../../core/format/thousands';

export interface StatusView {
  text: string;
  tooltip: string;
  failed: boolean;
}

/** The status bar's words for the folders' states. Pure, so it is unit-tested. */
export function statusText(folders: readonly FolderStatus[]): StatusView {
  const indexing = folders.filter((f) => f.state === 'indexing');
  const failed = folders.filter((f) => f.state === 'failed');
  const symbols = folders.reduce((n, f) => n + (f.state === 'ready' ? f.symbols : 0), 0);
  const errors = folders.reduce((n, f) => n + (f.state === 'ready' ? (f.errors?.length ?? 0) : 0), 0);
  const tooltip = ['TS Code Graph (click for the log)', ...folders.flatMap(folderLines)].join('\n');
  if (folders.some((f) => f.state === 'restarting')) {
    return { text: '$(sync~spin) TS Code Graph: restarting the graph worker', tooltip, failed: true };
  }
  if (indexing.length > 0) {
    const done = indexing.reduce((n, f) => n + f.done, 0);
    const total = indexing.reduce((n, f) => n + f.total, 0);
    // A full index walks projects, and answers queries meanwhile: projects say how far it is.
    if (indexing.every((f) => f.projects)) {
      const projectsDone = indexing.reduce((n, f) => n + f.projects!.done, 0);
      const projectsTotal = indexing.reduce((n, f) => n + f.projects!.total, 0);
      return { text: `$(sync~spin) TS Code Graph: indexing ${thousands(projectsDone)}/${thousands(projectsTotal)} projects`, tooltip, failed: false };
    }
    return { text: `$(sync~spin) TS Code Graph: indexing${total > 0 ? ` ${thousands(done)}/${thousands(total)} files` : '…'}`, tooltip, failed: false };
  }
  if (failed.length === folders.length) return { text: '$(warning) TS Code Graph: index failed', tooltip, failed: true };
  // A long update (an export renamed in a hub): questions meanwhile are answered from the graph so far, said so.
  const updating = folders.filter((f) => f.state === 'ready' && f.updating);
  if (updating.length > 0) {
    const counted = updating.every((f) => f.updating!.total !== undefined);
    const done = updating.reduce((n, f) => n + (f.updating!.done ?? 0), 0);
    const total = updating.reduce((n, f) => n + (f.updating!.total ?? 0), 0);
    return { text: `$(sync~spin) TS Code Graph: updating${counted && total > 0 ? ` ${thousands(done)}/${thousands(total)} files` : '…'}`, tooltip, failed: false };
  }
  // A graph known to be incomplete is a warning state, never plain "ready".
  if (errors > 0) return { text: `$(warning) ${thousands(symbols)} symbols, graph incomplete (${thousands(errors)} error${errors === 1 ? '' : 's'})`, tooltip, failed: true };
  return { text: `$(type-hierarchy) ${thousands(symbols)} symbols`, tooltip, failed: failed.length > 0 };
}

/** Errors listed in the tooltip per folder; the log has every one. */
const MAX_TOOLTIP_ERRORS = 5;

function folderLines(f: FolderStatus): string[] {
  const errors = f.state === 'ready' ? (f.errors ?? []) : [];
  const more = errors.length - MAX_TOOLTIP_ERRORS;
  // Which compiler built the graph, with whose defaults and why (native, or TypeScript 6 in process).
  const compiler = f.state === 'ready' && f.typescript ? [`  built by ${f.typescript}`] : [];
  return [folderLine(f), ...compiler, ...errors.slice(0, MAX_TOOLTIP_ERRORS).map((e) => `  ${e}`), ...(more > 0 ? [`  ... and ${more} more (see the log)`] : [])];
}

function folderLine(f: FolderStatus): string {
  switch (f.state) {
    case 'restarting':
      return `${f.name}: ${f.error ?? 'the graph worker stopped'}; restarting`;
    case 'indexing':
      if (f.projects) return `${f.name}: indexing ${thousands(f.projects.done)}/${thousands(f.projects.total)} projects (${thousands(f.done)}/${thousands(f.total)} files); queries are answered meanwhile, saying when a project not indexed yet can change them`;
      return `${f.name}: indexing ${f.total > 0 ? `${f.done}/${f.total} files` : '…'}`;
    case 'ready':
      if (f.updating) return `${f.name}: ${thousands(f.symbols)} symbols in ${thousands(f.files)} files; ${updatingLine(f.updating)}`;
      return `${f.name}: ${thousands(f.symbols)} symbols in ${thousands(f.files)} files`;
    case 'failed':
      return `${f.name}: ${f.error ?? 'index failed'}`;
  }
}

function updatingLine(u: NonNullable<FolderStatus['updating']>): string {
  const after = u.files === 1 ? 'a changed file' : `changes to ${thousands(u.files)} files`;
  const far = u.total ? `, ${thousands(u.done ?? 0)} of the ${thousands(u.total)} files it re-indexes so far done` : '';
  return `updating after ${after} (${u.seconds} s${far}); questions meanwhile are answered from the graph so far, saying so`;
}
