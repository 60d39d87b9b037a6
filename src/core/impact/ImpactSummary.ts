import { GraphEdge, GraphNode } from '../graph/GraphTypes';

// Plain types only (no Node modules): the graph view's page compiles against them too.

/**
 * How a symbol changed between the base version and now:
 * - `body`: only code whose type is written out changed (a typed function's body): no dependent's types can change;
 * - `body-type-inferred`: a body changed whose function's type is inferred from it: dependents' types may change;
 * - `signature`: its declaration changed (parameters, types, members, modifiers…);
 * - `moved`: its file was renamed and it is otherwise the same.
 */
export type ChangeKind = 'added' | 'removed' | 'body' | 'body-type-inferred' | 'signature' | 'moved';

/** One changed file, as git lists it (paths root-relative, posix). */
export interface FileChange {
  /** Its path now; a deleted file's old path. */
  file: string;
  status: 'added' | 'modified' | 'deleted' | 'renamed';
  /** A renamed file's old path. */
  oldFile?: string;
  /** The base version's text; undefined for an added file. */
  baseText?: string;
  /** The text now (the working tree); undefined for a deleted file. */
  text?: string;
}

export interface ChangedSymbol {
  /** The node now; for a removed symbol the base version's (its file and lines as they were). */
  node: GraphNode;
  change: ChangeKind;
  /** Visible to other modules: declared exported (or a non-private member of an exported class, interface…). */
  exported: boolean;
  /** A renamed file's symbols: the file they were in. */
  movedFrom?: string;
}


/**
 * What `impact` adds to a graph result (plain data, JSON as it stands): the changed files and
 * symbols, how many dependents there are in all, and the test files to run with the path that links
 * each to a change. The result's inputs are the changed symbols, its other nodes their nearest
 * dependents (the usual 50-node cut).
 */
export interface ImpactSummary {
  /** What was compared, for people: `working tree vs HEAD`, `working tree vs merge base with origin/main (1a2b3c4)`. */
  base: string;
  files: Array<Pick<FileChange, 'file' | 'status' | 'oldFile'>>;
  /** In file order, then line. */
  changed: ChangedSymbol[];
  /** Every node that transitively depends on a changed symbol (not only the ones shown). */
  dependents: number;
  tests: TestToRun[];
}

/**
 * A test file that reaches a changed symbol. `path` runs from the test file's nearest node to the
 * change: `nodes[i]` and `nodes[i + 1]` are joined by `edges[i]` (true direction). A changed symbol
 * of the test file itself is a path of one node.
 */
export interface TestToRun {
  file: string;
  nodes: GraphNode[];
  edges: GraphEdge[];
}
