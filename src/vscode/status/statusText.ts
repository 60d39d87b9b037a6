import type { FolderStatus } from '../graph/GraphService';

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
      return `${f.name}: ${thousands(f.symbols)} symbols in ${thousands(f.files)} files`;
    case 'failed':
      return `${f.name}: ${f.error ?? 'index failed'}`;
  }
}

/** 12345 → "12,345" whatever the locale. */
function thousands(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
