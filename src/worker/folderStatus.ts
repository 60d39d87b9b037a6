import type { OpenResult, UpdatingReport } from './protocol';

/**
 * One folder's graph as every host shows it (VS Code's status item, the MCP server's log): the one
 * folder status of the hosts, moved along by the functions below as the supervisor calls back.
 */
export interface FolderStatus {
  name: string;
  /** 'restarting': the graph worker died and is being restarted (see RestartPolicy). */
  state: 'indexing' | 'ready' | 'failed' | 'restarting';
  /** Indexing progress (files); total is 0 until the worker knows it. */
  done: number;
  total: number;
  /** During a full index: projects indexed of all (queries are answered meanwhile). */
  projects?: { done: number; total: number };
  files: number;
  symbols: number;
  typescript?: string;
  /** Why the folder has no graph (state 'failed'), or why the worker is restarting. */
  error?: string;
  /** Loud errors of a ready graph (it is known to be incomplete): a warning state, never plain "ready". */
  errors?: string[];
  /** A ready graph's update that has run longer than a second (an export renamed in a hub: a minute on payload). */
  updating?: UpdatingReport;
}

/** A folder just opened: indexing, nothing counted yet. */
export function indexingStatus(name: string): FolderStatus {
  return { name, state: 'indexing', done: 0, total: 0, files: 0, symbols: 0 };
}

/** The folder's index is done (`opened`). */
export function readyStatus(status: FolderStatus, r: OpenResult): FolderStatus {
  return { ...status, state: 'ready', files: r.files, symbols: r.symbols, typescript: r.typescript, done: r.files, total: r.files, projects: undefined, errors: r.errors, updating: undefined };
}

/** A ready folder's long update, how far it is (undefined: its updates are done); other states keep theirs. */
export function updatingStatus(status: FolderStatus, update: UpdatingReport | undefined): FolderStatus {
  return status.state === 'ready' ? { ...status, updating: update } : status;
}

/** The folder has no graph: its index failed, or the worker stopped. */
export function failedStatus(status: FolderStatus, error: string): FolderStatus {
  return { ...status, state: 'failed', error };
}

/** Indexing progress; a folder not indexing keeps its status. */
export function progressStatus(status: FolderStatus, done: number, total: number, projects?: { done: number; total: number }): FolderStatus {
  return status.state === 'indexing' ? { ...status, done, total, projects } : status;
}

/** The worker died and is being restarted (`reason`). */
export function restartingStatus(status: FolderStatus, reason: string): FolderStatus {
  return { ...status, state: 'restarting', error: reason };
}
