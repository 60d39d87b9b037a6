import { SymbolGraph } from '../graph/SymbolGraph';

/** What a query needs: the graph and the workspace root it was indexed from. */
export interface QueryContext {
  graph: SymbolGraph;
  /** Absolute, normalised workspace root (no trailing slash). */
  root: string;
  /** True when a root-relative file exists on disk (lets "not indexed" differ from "no such file"). Optional. */
  fileExists?(relativePath: string): boolean;
}

export interface SymbolRef {
  file_path: string;
  symbol: string;
}
