import { GraphEdge, GraphNode } from '../../graph/GraphTypes';

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
  /** Every node that transitively depends on a changed symbol (not only the ones shown): the result's nodes and `truncation.more`. */
  dependents: number;
  /** The test files to run, nearest first: files a runner of the workspace runs (`runners`), or with a usual test name where none is found. */
  tests: TestToRun[];
  /** The runners that run `tests`, each with the command that runs its share. */
  runners: TestRunner[];
  /** What the workspace's task runner does before its tests and the commands above do not (turbo.json: `test` depends on `^build`). */
  buildFirst?: BuildFirst;
  /** Changed files whose current text does not parse: their symbols past the error are not compared (none is reported removed). */
  unparsed?: Array<{ file: string; line: number; message: string }>;
}

export type RunnerName = 'mocha' | 'jest' | 'vitest' | 'playwright' | 'node';

/** A test runner of the workspace, as `impact` found it (src/core/query/impact/testRunners.ts). */
export interface TestRunner {
  name: RunnerName;
  /** The folder it runs in, root-relative ('' for the root): its command runs there. */
  dir: string;
  /** Where its test patterns came from: `.mocharc.jsonc`, `package.json ("jest")`, `the runner's defaults`. */
  config: string;
  /** Why the runner's defaults stand in for what its configuration file says: `vitest.config.ts is built at run time`. */
  defaults?: string;
  /** A vitest workspace's: how many projects its command runs (each with its own configuration, all from `dir`). */
  projects?: number;
  /** How many files of the workspace it runs as tests. */
  testFiles: number;
  /** How many of `ImpactSummary.tests` are its. */
  tests: number;
  /** A shell command, from the workspace root, that runs exactly its share of the tests (a folder whose every test is to run is one argument). */
  command: string;
  /** The shell command, from the workspace root, that runs its whole suite as its configuration says. */
  suite: string;
  /** Said with the command (mocha reading built files: build first). */
  note?: string;
}

/** A command to run before the tests (from the root), and why. */
export interface BuildFirst {
  /** `turbo.json: test depends on ^build, build`. */
  why: string;
  /** `pnpm exec turbo run build --filter=@ai-sdk/gateway... --filter=…`. */
  command: string;
}

/**
 * A test file that reaches a changed symbol. `path` runs from the test file's nearest node to the
 * change: `nodes[i]` and `nodes[i + 1]` are joined by `edges[i]` (true direction). A changed symbol
 * of the test file itself is a path of one node; so is a test whose runner's configuration changed
 * (`config`): its module, no edge.
 */
export interface TestToRun {
  file: string;
  nodes: GraphNode[];
  edges: GraphEdge[];
  /**
   * Why it runs when no code links it to a change: a file of its runner's configuration (root-relative:
   * `examples/web/playwright.config.ts`) that changed, or that uses what changed (`reaches`: a
   * `vitest.config.ts` importing shared settings).
   */
  config?: { file: string; how: 'changed' | 'reaches' };
  /** Its runner's place in `ImpactSummary.runners`; absent for a usual test name with no runner found. */
  runner?: number;
}
