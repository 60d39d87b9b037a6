import type * as TS from 'typescript';
import { CancellationToken, Logger } from '../Logger';
import type { SkippedProject } from './program/projectSelection';

/** What a WorkspaceIndex is given and what it reports (indexWorkspace re-exports them for its callers). */

export interface IndexOptions {
  /** Absolute workspace root. */
  root: string;
  /** Use this tsconfig/jsconfig instead of discovering projects under the root. */
  tsconfig?: string;
  /** The TypeScript module to use (the workspace's own, when trusted); defaults to the bundled one. */
  ts?: typeof TS;
  /**
   * Where `ts` was loaded from when it is the workspace's own (typescript.tsdk, node_modules/typescript):
   * then its own defaults apply. Otherwise `ts` is ours, and the workspace's TypeScript major decides
   * what its configs leave unset (see compilerDefaults).
   */
  typescriptPath?: string;
  logger?: Logger;
  token?: CancellationToken;
  /** Called as files are indexed; during a full index, with the projects indexed of all too. */
  onProgress?(done: number, total: number, projects?: { done: number; total: number }): void;
  /**
   * Files (absolute or root-relative) whose projects a full index takes first, then what those
   * import: the CLI query's files, the editor's active file (see ProjectWalk).
   */
  first?: readonly string[];
  /** Persist the graph here between runs (see IndexCache); no cache when absent. */
  cacheDir?: string;
  /** 'refresh': do not read the cache (index from scratch) but write it. Default 'use'. */
  cacheMode?: 'use' | 'refresh';
  /** The host's version, part of the cache fingerprint (a new release never trusts an old cache). */
  toolVersion?: string;
  /**
   * Globs of folders and files to leave out, relative to the root (tsCodeGraph.exclude, --exclude;
   * see ExcludedPaths): their files are not indexed, and projects none of whose files are left are not built.
   */
  exclude?: readonly string[];
}

export interface IndexReport {
  projects: string[];
  files: number;
  nodes: number;
  edges: number;
  edgesByType: Record<string, number>;
  millis: number;
  /**
   * Of `millis`, building the TypeScript programs (reading, parsing and binding every file, libraries
   * included, and resolving modules): work the compiler does too, before it checks anything. 0 when
   * the graph came whole from the cache.
   */
  programMillis: number;
  /** Which compiler indexed, with whose defaults and why: one line for `stats` and the logs (see compilerDefaults). */
  compiler: string;
  /** Projects found and not indexed: wholly excluded, or their dependencies not installed (see ProjectSelection). */
  skipped: SkippedProject[];
  /** The exclude globs in force (IndexOptions.exclude, cleaned). */
  excluded: readonly string[];
  problems: string[];
  /**
   * Loud errors: the graph is known to be incomplete (a default library file is missing, a file's
   * analysis failed). Hosts must show them (stderr, status item, log as errors), never hide them.
   */
  errors: string[];
  /**
   * Less complete than it could be, though no file failed: imported packages that resolve to no
   * types (also in `problems`). Hosts show them where they show errors, as warnings.
   */
  warnings: string[];
  /** 'full': loaded from the cache without building a program; 'partial': cache plus re-indexing of changed files. */
  cache?: 'full' | 'partial';
}

export interface UpdateReport {
  /** Root-relative files whose contribution was recomputed (the changed ones and the ones that depended on them). */
  reindexed: string[];
  removed: string[];
  millis: number;
}
