import { GraphEdge, GraphNode, NodeKind } from '../graph/GraphTypes';
import type { ImpactSummary } from './impact/ImpactSummary';

/**
 * Each query's input, by the query's name. Empty here: every query folder adds its own entry
 * (`declare module '../QueryResult'` beside its descriptor), so the list of queries is the list of
 * query folders (queries.ts) and no other file names one.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface QueryInputs {}

/** A query's name (its folder's key in QueryInputs): the tools' three, and `impact` (what a diff affects). */
export type QueryName = keyof QueryInputs & string;

/** What a result answers: one of the queries. */
export type ResultName = QueryName;

/**
 * What every query returns and every formatter reads (text for tools/commands/CLI, Mermaid for
 * diagrams, JSON for scripts). "Not found", "no path" and "same symbol" are results too
 * (`kind: 'message'`), never exceptions.
 */
export type QueryResult = GraphResult | MessageResult;

export interface GraphResult {
  kind: 'graph';
  query: ResultName;
  /** Ids of the queried node(s): drawn in the Graph section, left out of the Nodes section. */
  inputs: string[];
  /** Every node the edges mention (inputs included), nearest to the query first (BFS order). */
  nodes: GraphNode[];
  /** Each edge of the result exactly once, in true direction. Never empty. */
  edges: GraphEdge[];
  /** Set when the traversal found more than it shows. */
  truncation?: Truncation;
  /** Files this answer may be missing calls from, because their analysis failed (see analysisWarnings). */
  warnings?: string[];
  /** How the question was read, one line each (a name asked at a barrel, answered for its declaration). */
  notes?: string[];
  /** `impact` only: what changed and which tests reach it (inputs are the changed symbols). */
  impact?: ImpactSummary;
}

export interface Truncation {
  /** Nodes shown in detail (Graph and Nodes sections), inputs excluded. */
  shownNodes: number;
  /** Nodes the traversal reached, inputs excluded (a lower bound when `stoppedEarly`). */
  totalNodes: number;
  /** The internal safeguard stopped the traversal before it finished counting. */
  stoppedEarly?: boolean;
  /**
   * Shown node id → how many nodes the cut left out right next to it (neighbours the walk reached
   * through it that are not shown in detail). Where a diagram draws "more here".
   * Absent when no shown node has a cut neighbour (e.g. the safeguard stopped a short walk).
   */
  cutAt?: Record<string, number>;
  /**
   * Every node reached but not shown in detail, in the cut's order (code before tests, then nearest
   * first): the text names them compactly after the Nodes (`## More`) up to its budget and counts
   * the rest by folder (`summarizeCut`). Set by a walk's cut and recounted by a budget's trim;
   * absent for pathsBetween, whose left-out nodes are not a walk's.
   */
  more?: ListedNode[];
  /** Shown nodes (not inputs) with the most cut neighbours, most first (at most 3): what to query next; `name` is the symbol text that asks for it alone. */
  queryNext?: Array<{ name: string; file: string; cut: number }>;
  /** Shown node id → the symbol text that selects it alone in its file, for the nodes whose bare name does not (`static BaseEntity.save`). */
  askAs?: Record<string, string>;
}

/**
 * A node named without detail: `name:line` is what a query takes as `symbol` (with `file`) to ask
 * about it (the line selects it among same-named declarations); a module's name is `<module>` and
 * its line the first one it uses the answer's nodes from.
 */
export interface ListedNode {
  id: string;
  name: string;
  kind: NodeKind;
  file: string;
  line: number;
  external?: boolean;
}

/** The nodes a cut left out, by where they are. Counts add up to the nodes summarised. */
export interface CutSummary {
  /** Left-out nodes declared in test files (`isTestFile`), and how many files hold them. */
  tests: { nodes: number; files: number };
  /** Left-out nodes in other files, by folder (`src/cli`; `node_modules/<package>`), most first, at most 4. */
  folders: Array<{ folder: string; nodes: number }>;
  /** The left-out nodes of the folders not listed. */
  otherFolders: { folders: number; nodes: number };
}

export interface MessageResult {
  kind: 'message';
  query: ResultName;
  /** Complete, actionable text for a model or a person (e.g. `No path found.`). */
  message: string;
  /** True for bad input (unknown file/symbol, outside the root...); false for a valid empty answer. */
  isError: boolean;
  /** As on GraphResult: an empty answer may be empty because a file could not be analysed. */
  warnings?: string[];
  /** Ids of the queried node(s), for a valid empty answer (which files could change it: analysisWarnings). */
  inputs?: string[];
  /** As on GraphResult. */
  notes?: string[];
}

export function messageResult(query: ResultName, message: string, isError: boolean, inputs?: string[]): MessageResult {
  return inputs ? { kind: 'message', query, message, isError, inputs } : { kind: 'message', query, message, isError };
}

/** The result with `notes` added (none: the result itself). */
export function withNotes<R extends QueryResult>(result: R, notes: ReadonlyArray<string | undefined>): R {
  const lines = notes.filter((n): n is string => !!n);
  return lines.length ? { ...result, notes: [...(result.notes ?? []), ...lines] } : result;
}
