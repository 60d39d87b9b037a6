import { SymbolGraph } from '../graph/SymbolGraph';
import type * as TS from 'typescript';
import type { CancellationToken } from '../Logger';

/** What a query needs: the graph and the workspace root it was indexed from. */
export interface QueryContext {
  graph: SymbolGraph;
  /** Absolute, normalised workspace root (no trailing slash), as the host gave it: messages show it. */
  root: string;
  /**
   * The root's real spelling (symlinks resolved: the index's), and an absolute path's real spelling
   * (see indexer/workspaceRoot.ts): a `file_path` through either spelling of the root, or through
   * another link into it, names the same file. Optional: paths are then compared as given.
   */
  real?: { root: string; path(absolute: string): string };
  /**
   * Whether the workspace's file system tells `src/a.ts` from `src/A.ts`: the compiler's
   * `useCaseSensitiveFileNames` (which asks the file system, as the indexer does). A `file_path` that
   * differs from an indexed file only in case names that file only when this is false. Optional:
   * unknown, such a path is accepted when `fileExists` says it exists as given (or cannot say).
   */
  caseSensitiveFileNames?: boolean;
  /** True when a root-relative file exists on disk (lets "not indexed" differ from "no such file"). Optional. */
  fileExists?(relativePath: string): boolean;
  /** Why an existing root-relative file is not in the graph when the index left it out on purpose (excluded, skipped, not yet indexed). Optional. */
  whyNotIndexed?(relativePath: string): string | undefined;
  /**
   * The caller gave up (an MCP client's `notifications/cancelled`): the work that grows with the
   * workspace (the suggestion search) stops and throws `QueryCancelledError`. Optional.
   */
  token?: CancellationToken;
  /** The TypeScript the graph was indexed with: `impact` parses both texts of a changed file with it. */
  ts?: typeof TS;
}

/** A query whose caller cancelled it: no answer is owed (hosts drop it). */
export class QueryCancelledError extends Error {
  override readonly name = 'QueryCancelledError';
  constructor() {
    super('The query was cancelled.');
  }
}

export interface SymbolRef {
  file_path: string;
  symbol: string;
}
