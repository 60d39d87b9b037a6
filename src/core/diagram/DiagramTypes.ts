import type { EdgeType, NodeKind } from '../graph/GraphTypes';
import type { ChangeKind } from '../query/impact/ImpactSummary';
import type { ResultName } from '../query/QueryResult';
import type { Direction } from './neighbours';

/**
 * What the graph view draws: one query answer (or several merged, see mergeResults), as plain JSON
 * for a browser. Built from the same `QueryResult` the text formatter prints, with the same labels
 * (displayNames, `#N` included) and the same notes (warnings, truncation line), so the picture and
 * the text never disagree. The renderer (src/webview) only lays out and draws it.
 */
export interface DiagramModel {
  query: ResultName;
  /** Which way the query walked (its descriptor's `walk`): a `paths` drawing has no "show more". */
  walk?: 'forward' | 'backward' | 'paths';
  /** The CLI verb that walks each way from a node, for the commands the page suggests (`dependentsOf`). */
  verbs?: Record<Direction, string>;
  /** e.g. `Dependents of formatDate`. */
  title: string;
  nodes: DiagramNode[];
  /** Each edge of the result exactly once, in true direction. */
  edges: DiagramEdge[];
  /** Lines the text shows above `## Graph`: notes, analysis warnings, then the truncation line. */
  notes: string[];
  /** Set for a message result (unknown symbol, no path…): the text to show instead of a drawing. */
  message?: { text: string; isError: boolean };
  /** The same answer as a Mermaid flowchart (formatMermaid), for "copy as Mermaid". */
  mermaid: string;
  /**
   * Not drawn at first: one page (RESERVE_PAGE per node and direction) of the drawn nodes' missing
   * neighbours, so a `+N` badge opens in the page itself (the CLI's file has no graph to ask).
   * Edges here have a reserve node at one end at least. Set only when built with the graph.
   */
  reserve?: { nodes: DiagramNode[]; edges: DiagramEdge[] };
}

/** How a node is drawn: colour and shape come from its group. */
export type NodeGroup = 'function' | 'method' | 'class' | 'type' | 'module' | 'variable' | 'external';

export interface DiagramNode {
  id: string;
  /** The label the text uses for this node (`formatDate#2` when the name is shared). */
  label: string;
  /** Qualified name, the form a query takes as `symbol`. */
  name: string;
  kind: NodeKind;
  group: NodeGroup;
  /** Root-relative posix path. */
  file: string;
  /** 1-based first line and line count, as in the text's Nodes section. */
  offset: number;
  limit: number;
  /** A queried symbol: drawn highlighted. */
  input: boolean;
  /** Nodes the 50-node cut left out right next to this one (0: none), in either direction, as the text counts them. */
  cut: number;
  /** impact: how this changed symbol changed (drawn highlighted, as `input`, with a mark per kind of change). */
  change?: ChangeKind;
  /** impact: the change in the text's words (`body changed, exported`, `removed, exported`…), for the subtitle and hover. */
  changeText?: string;
  /**
   * Neighbours one step away that the drawing does not show, per direction (what dependenciesOf /
   * dependentsOf from this node would list first). Exact when built with the graph; otherwise the
   * cut count, on the query's side.
   */
  more: Record<Direction, number>;
  /** With the graph: every one-step neighbour's id per direction (the page recounts `more` as it opens nodes). */
  next?: Record<Direction, string[]>;
  /** The text's snippet of this node (hover), when a source reader was given and the file reads. */
  snippet?: string[];
}

export type EdgeFamily = 'runtime' | 'structural' | 'type';

export interface DiagramEdge {
  from: string;
  to: string;
  type: EdgeType;
  family: EdgeFamily;
  /** Where in `from`'s file the call / use happens: the text's `>` lines (1-based line, its code). */
  sites?: Array<{ line: number; text: string }>;
}
