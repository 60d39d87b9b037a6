import type * as TS from 'typescript';
import type { CompilerMode } from '../compiler/chooseCompiler';
import { CancellationToken, Logger } from '../Logger';
import type { SkippedProject } from './program/projectSelection';

/** What a WorkspaceIndex is given and what it reports (indexWorkspace re-exports them for its callers). */

export interface IndexOptions {
  /** Absolute workspace root. */
  root: string;
  /** Use this tsconfig/jsconfig instead of discovering projects under the root (absolute, or relative to the root). */
  tsconfig?: string;
  /** The TypeScript module to use (the workspace's own, when trusted); defaults to the bundled one. */
  ts?: typeof TS;
  /**
   * Where `ts` was loaded from when it is the workspace's own (typescript.tsdk, node_modules/typescript):
   * then its own defaults apply. Otherwise `ts` is ours, and the workspace's TypeScript major decides
   * what its configs leave unset (see compilerDefaults).
   */
  typescriptPath?: string;
  /**
   * Which compiler builds the programs: 'inprocess' (`ts`, TypeScript 6 as a library), 'native'
   * (TypeScript 7 through its API, the pinned binary for this platform; `ts` then only reads the
   * configs), or 'auto': native wherever its binary is installed, except where 7 is known to give
   * these projects a worse graph (see CompilerChoice). Default: the environment's
   * `TS_CODE_GRAPH_COMPILER`, else 'auto'.
   */
  compiler?: CompilerMode;
  /**
   * The package directory of the workspace's own TypeScript 7 (`node_modules/typescript` 7.x or
   * `node_modules/@typescript/native`), to run instead of the pinned one when it has the API we read.
   * Only for a trusted workspace: it is the workspace's code.
   */
  nativeTypeScriptPath?: string;
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
  /**
   * The memory budget in MB for what can be built again (programs, parses; see memoryBudget).
   * Default: `TS_CODE_GRAPH_MEMORY_MB`, else three quarters of the memory available.
   */
  memoryMb?: number;
  /**
   * About how long one build of the native compiler's projects may block the thread, in ms: a host
   * answering questions while it indexes (the graph worker) bounds the wait of a question that comes
   * meanwhile. Unset (the CLI): groups are bounded by memory only, fewer requests for the same work.
   */
  groupMs?: number;
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
  /**
   * Which compiler indexed, with whose defaults and why: one line for `stats` and the logs (see
   * compilerDefaults). After the native compiler failed and the in-process one took over, it says so.
   */
  compiler: string;
  /**
   * Peak resident memory so far, in bytes: of this process (the graph, and the in-process compiler's
   * programs), and of the native compiler's process when one built the graph (Linux only: undefined
   * where the system does not tell a process's peak).
   */
  memory?: { peakRssBytes: number; compilerPeakRssBytes?: number };
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

/** How far a running update is: files re-extracted (or looked at) of those it has taken so far. */
export interface UpdateProgress {
  done: number;
  total: number;
}

export interface UpdateReport {
  /** Root-relative files whose contribution was recomputed (the changed ones and the ones that depended on them). */
  reindexed: string[];
  removed: string[];
  millis: number;
}
