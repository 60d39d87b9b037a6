import type { QueryRequest } from '../core/query/QueryRequest';
import type { QueryName } from '../core/query/QueryResult';
import type { SymbolRef } from '../core/query/QueryContext';
import type { DiagramModel } from '../core/diagram/diagramModel';
import type { Expansion } from '../core/diagram/neighbours';
import type { ImpactBase } from '../core/query/impact/gitChanges';
import type { ChangedSymbol } from '../core/query/impact/changedSymbols';

/**
 * The one message protocol between the extension host (WorkerClient) and the graph worker
 * (graphWorker). Plain JSON-able data only: it crosses a worker_threads boundary.
 *
 * Host → worker: `RequestMessage`, each answered by exactly one `ResponseMessage` with its id.
 * Worker → host: `ResponseMessage`, `ProgressMessage`, `LogMessage`.
 * The worker handles one folder's updates and queries in the order they were posted, so a query
 * posted after an update always sees that update (this is what makes "save, then ask" exact).
 */

/** One workspace folder the worker indexes into its own CodeGraph. */
export interface FolderSpec {
  /** Stable key (the folder's URI string). */
  key: string;
  /** Folder name as VS Code shows it (used in messages and to route `app/src/x.ts`-style paths). */
  name: string;
  /** Absolute file-system path of the folder. */
  root: string;
  /** Absolute path of a tsconfig/jsconfig to use instead of discovering projects (the MCP server's --tsconfig). */
  tsconfig?: string;
  /** Globs of folders and files to leave out (tsCodeGraph.exclude, --exclude; see ExcludedPaths). */
  exclude?: string[];
  /** Files (absolute) whose projects a full index takes first: the editor's active file. */
  first?: string[];
  /** Absolute path of the workspace's typescript.js to load (only when the workspace is trusted). */
  tsPath?: string;
  /** The package directory of the workspace's own TypeScript 7, to run natively (only when the workspace is trusted). */
  nativePath?: string;
  /**
   * Set (a `createSharedCancellation` buffer) by the host when this open is superseded or closed: the
   * worker's thread may be blocked in the native compiler meanwhile, and its process is stopped at once.
   */
  cancel?: SharedArrayBuffer;
  /** Where to persist this folder's graph between sessions (the extension's workspace storage). */
  cacheDir?: string;
  /** The extension's version: a new release never trusts an older cache. */
  toolVersion?: string;
  /** 'refresh' (the Rebuild command): index from scratch, then rewrite the cache. */
  cacheMode?: 'use' | 'refresh';
  /** Log lines as they are, without `[name]` first (the CLI: one folder, its --verbose output). */
  plainLog?: boolean;
  /**
   * One question, asked at once and answered whole (the CLI): the native compiler's builds are bounded
   * by memory alone, and a start from a whole cache builds no program (no update follows). Otherwise
   * questions come while it indexes, one build stays near 5 s, and the programs are built for updates.
   */
  oneQuestion?: boolean;
  /** The host's own words for its remedies, in the failure texts it gets back (default: NEUTRAL_WORDS). */
  words?: HostWords;
}

/**
 * How a host names its remedies. The worker serves hosts with different means (VS Code has a
 * "Show Log" command, an MCP client has none), so its failure texts take the host's words.
 */
export interface HostWords {
  /** Where the details are: `the log (command "TS Code Graph: Show Log")`, `the server's log (its stderr)`. */
  log: string;
  /** How to index again: `run the command "TS Code Graph: Rebuild Graph"`, `restart the MCP server`. */
  rebuild: string;
  /** How to raise the graph worker's heap limit: an environment variable, a setting (see heapLimit). */
  heap: string;
  /** How to leave folders out of the index: an option, a setting. */
  exclude: string;
}

export const NEUTRAL_WORDS: HostWords = {
  log: 'the log',
  rebuild: 'index the workspace again',
  heap: 'set TS_CODE_GRAPH_WORKER_HEAP_MB to more MB',
  exclude: '--exclude <glob>',
};

/** The three queries of spec 000, exactly as the tools take them. */
export type QueryArgs = QueryRequest;

export interface OpenResult {
  files: number;
  symbols: number;
  projects: number;
  millis: number;
  /** The compiler and whose defaults (`IndexReport.compiler`), e.g. `the bundled TypeScript 6.0.3, with TypeScript 7 defaults (node_modules/typescript 7.0.2, …)` */
  typescript: string;
  problems: string[];
  /** Loud errors (the graph is known to be incomplete): the status shows a warning state, the log an error each. */
  errors: string[];
}

export interface UpdateResult {
  symbols: number;
  reindexed: number;
  /** True when the incremental update failed and the folder was re-indexed from scratch. */
  rebuilt: boolean;
  /** The folder's loud errors after this update (an edit can break or heal a file). */
  errors: string[];
}

export interface QueryAnswer {
  query: QueryName;
  /** The shared formatter's text (fitted to the budget when one was given). */
  text: string;
  /** True for bad input or an unusable index: the text says what to do. */
  isError: boolean;
  /** Absolute root of the folder that answered (resolves the relative paths in `text`). */
  root?: string;
}

/** What the graph view draws: the answer (grown by its expansions) as a diagram, computed in the worker. */
export interface DiagramAnswer {
  model: DiagramModel;
  /** Absolute root of the folder that answered (node files are relative to it). */
  root?: string;
  /** The expansions that could be applied (a node that no longer exists after an edit drops its own). */
  expansions: Expansion[];
}

/** `impact`: what a folder's changes (git's list, against `base`) affect, answered from the worker's graph. */
export interface ImpactArgs {
  /** Absolute path of the workspace folder (or of a file in it) whose changes to compare. */
  folder: string;
  /** What to compare with (default: the working tree against HEAD, as `ts-code-graph impact`). */
  base?: ImpactBase;
  /**
   * Absolute path the editor's Markdown preview resolves links starting with `/` from (VS Code's first
   * workspace folder): the Markdown's `file:line`s link from there to the code. None: no links.
   */
  linkFrom?: string;
}

/** The same answer as `ts-code-graph impact` (text), and its drawing when one was asked for. */
export interface ImpactAnswer {
  /** The shared formatter's text, or a message (not a repository, no change…). */
  text: string;
  /** True when there is no answer (no git, not a repository, no index): the text says why. */
  isError: boolean;
  /** The text is a sentence, not a graph answer: an error, or nothing to show (no file changed, only comments). */
  isMessage: boolean;
  /** A graph answer as Markdown for the editor (`impact --format markdown`'s editor variant: the changed symbols, the dependents, then the tests). */
  markdown?: string;
  /** Absolute root of the folder that answered. */
  root?: string;
  /** Asked for with `expansions`: the graph view's drawing of the same result. */
  diagram?: DiagramAnswer;
}

/** A graph symbol, for pickers and cursor lookups. */
export interface SymbolInfo {
  name: string;
  kind: string;
  /** Root-relative posix path. */
  file: string;
  offset: number;
  limit: number;
  /** Folder name (multi-root). */
  folder: string;
  root: string;
}

/** The output formats a host can print an answer in (`print`): the CLI's `--format` values. */
export type AnswerFormat = 'text' | 'json' | 'mermaid' | 'html' | 'markdown' | 'tests';

/**
 * What a host prints (`print`): a query, what the folder's git changes affect (`base`: against what),
 * the whole graph as JSON (docs EXPORT.md), or the index's statistics.
 */
export type PrintQuestion = { kind: 'query'; args: QueryArgs } | { kind: 'changes'; base: ImpactBase } | { kind: 'export' } | { kind: 'stats' };

/** The index an answer came from: its size and time, and its loud errors and warnings (IndexReport). */
export interface IndexSummary {
  files: number;
  nodes: number;
  edges: number;
  millis: number;
  errors: string[];
  warnings: string[];
  /** The whole graph came from the persisted cache, nothing re-indexed: its warnings are those of the run that wrote it. */
  fromCache?: boolean;
  /** The CLI's daemon gave every one of these warnings to an earlier command (a command then says them in one line, as `fromCache`). */
  warnedBefore?: boolean;
}

/**
 * A `print` answer. `refused`: bad input or no git changes to compare (the text says what to do);
 * `failed`: no graph to answer from
 * (a failure text, in the host's words); `printed`: the output, and what decides a host's exit code.
 */
export type PrintedAnswer =
  | { kind: 'refused'; text: string; index: IndexSummary }
  | { kind: 'failed'; text: string }
  | {
      kind: 'printed';
      /** The answer as printed; empty for html, whose page the host writes from `diagram`. */
      output: string;
      /** html: the graph view's model of the answer, and the root its files are relative to. */
      diagram?: { model: DiagramModel; root: string };
      /** The answer carries warnings: a file that could not be analysed may change it. */
      incomplete: boolean;
      /** `changes`: the changed symbols (a host's `--fail-on` rules) and the files compared only up to a syntax error. */
      changed?: ChangedSymbol[];
      unparsed?: { file: string; line: number; message: string }[];
      index: IndexSummary;
    };

/** Request type → params and result. Both sides are typed from this table. */
export interface Requests {
  open: { params: { folder: FolderSpec }; result: OpenResult };
  close: { params: { key: string }; result: void };
  update: { params: { key: string; changed: string[]; deleted: string[] }; result: UpdateResult };
  /** `cancel`: a `createSharedCancellation` buffer; once set, the worker drops the query (answer 'Cancelled.'). */
  query: { params: { args: QueryArgs; tokenBudget?: number; cancel?: SharedArrayBuffer }; result: QueryAnswer };
  symbols: { params: Record<string, never>; result: SymbolInfo[] };
  /** The graph view's drawing of `args`, grown by one more query from each expanded node. */
  diagram: { params: { args: QueryArgs; expansions: Expansion[] }; result: DiagramAnswer };
  /**
   * `ts-code-graph impact` on a folder, from the current graph (after every update posted before it):
   * git lists the changed files and gives their base versions; nothing is re-indexed. With
   * `expansions`, the answer carries the graph view's drawing too (grown as `diagram` grows one).
   */
  impact: { params: { args: ImpactArgs; expansions?: Expansion[] }; result: ImpactAnswer };
  /** The innermost graph symbol declared around `line` (1-based) of an absolute `file`, preferring one named `word`. */
  symbolAt: { params: { file: string; line: number; word?: string }; result: (SymbolRef & { root: string }) | undefined };
  /**
   * An answer as a host prints it (the CLI: every `--format`, `export`, `stats`, `impact`), from the
   * folder `key` (paths as given, relative to its root). `whole`: never a partial answer; a query is
   * answered once no project left to index can change it, and the rest of the index is then dropped
   * (no cache written). `first`: also stream the compiler's first answer (text) as a `FirstAnswerMessage`
   * when the full one is not there within the grace.
   */
  print: { params: { key: string; question: PrintQuestion; format: AnswerFormat; whole?: boolean; first?: boolean }; result: PrintedAnswer };
  /** Write every folder's pending graph cache now, after its queued updates (the host is shutting down). */
  flushCaches: { params: Record<string, never>; result: void };
  /** Tests only (refused unless the worker was started with testHooks): die the way real workers die. */
  crash: { params: { how: 'exit' | 'throw' | 'oom' }; result: void };
}

export type RequestType = keyof Requests;

export type RequestMessage<K extends RequestType = RequestType> = {
  kind: 'request';
  id: number;
  type: K;
  params: Requests[K]['params'];
};

export type HostMessage = RequestMessage;

export type ResponseMessage =
  | { kind: 'response'; id: number; ok: true; value: unknown }
  | { kind: 'response'; id: number; ok: false; error: string };

export interface ProgressMessage {
  kind: 'progress';
  key: string;
  /** Files indexed of those known so far. */
  done: number;
  total: number;
  /** During a full index: projects indexed of all (queries are answered meanwhile). */
  projects?: { done: number; total: number };
}

/** A folder's update running longer than a second (every second while it runs), or its updates done (`update` undefined). */
export interface UpdatingMessage {
  kind: 'updating';
  key: string;
  update?: UpdatingReport;
}

/** How far a long update is: the changed files it brings in, how long it has run, and (while it re-extracts) files done of those taken so far. */
export interface UpdatingReport {
  files: number;
  seconds: number;
  done?: number;
  total?: number;
}

export interface LogMessage {
  kind: 'log';
  level: 'info' | 'warn' | 'error';
  message: string;
}

/** Before a `print` request's response: the compiler's first answer to it (`Partial:`), as text. */
export interface FirstAnswerMessage {
  kind: 'first';
  /** The request's id. */
  id: number;
  text: string;
}

/**
 * The worker's native compiler watchdog, run by the host (core/compiler/native/Watchdog): `watch` shares
 * a process's deadline, id and outcome (a Float64Array over shared memory) for the host to check on a
 * timer; `cancelWith` the running operation's cancellation flag; `unwatch` ends it.
 */
export type WatchMessage =
  | { kind: 'watch'; id: number; shared: Float64Array }
  | { kind: 'cancelWith'; id: number; flag: Int32Array | null }
  | { kind: 'unwatch'; id: number };

export type WorkerMessage = ResponseMessage | ProgressMessage | UpdatingMessage | LogMessage | FirstAnswerMessage | WatchMessage;

/** Worker → host events that are not responses. */
export type WorkerEvent = ProgressMessage | UpdatingMessage | LogMessage;
