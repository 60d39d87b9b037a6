import { EdgeType, NodeKind, RUNTIME_EDGES, STRUCTURAL_EDGES } from '../graph/GraphTypes';
import { ChangeKind } from '../impact/ImpactSummary';
import { QueryResult, ResultName } from '../query/QueryResult';
import { displayNames, labelledNodes } from './displayNames';
import { changeText, summaryLine, testPathText } from './formatImpact';
import { formatMermaid } from './formatMermaid';
import { formatSnippet } from './formatSnippet';
import { truncationLine } from './formatText';
import { callLines, linesWithin, nodeSpan } from './nodeLocation';
import { SourceReader } from './SourceReader';

/**
 * What the graph view draws: one query answer (or several merged, see mergeResults), as plain JSON
 * for a browser. Built from the same `QueryResult` the text formatter prints, with the same labels
 * (displayNames, `#N` included) and the same notes (warnings, truncation line), so the picture and
 * the text never disagree. The renderer (src/webview) only lays out and draws it.
 */
export interface DiagramModel {
  query: ResultName;
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
  /** Nodes the 50-node cut left out right next to this one (0: none): a "+N more" marker. */
  cut: number;
  /** impact: how this changed symbol changed (drawn highlighted, as `input`). */
  change?: ChangeKind;
  /** The text's snippet of this node (hover), when a source reader was given and the file reads. */
  snippet?: string[];
}

export type EdgeFamily = 'runtime' | 'structural' | 'type';

export interface DiagramEdge {
  from: string;
  to: string;
  type: EdgeType;
  family: EdgeFamily;
}

export interface DiagramOptions {
  /** Source for hover snippets; without it nodes carry none. */
  source?: SourceReader;
  /** Overrides the title built from the query and its inputs. */
  title?: string;
}

/** One snippet per node at most this long (hover text, not a code view). */
const MAX_SNIPPET_LINES = 12;

/** The diagram of one answer. Never throws for a message result: it becomes `message`. */
export function diagramModel(result: QueryResult, options: DiagramOptions = {}): DiagramModel {
  const mermaid = formatMermaid(result);
  if (result.kind === 'message') {
    return {
      query: result.query,
      title: options.title ?? QUERY_TITLES[result.query],
      nodes: [],
      edges: [],
      notes: [...(result.notes ?? []), ...(result.warnings ?? [])],
      message: { text: result.message, isError: result.isError },
      mermaid,
    };
  }
  const names = displayNames(labelledNodes(result));
  const inputs = new Set(result.inputs);
  const changes = new Map(result.impact?.changed.map((c) => [c.node.id, c]) ?? []);
  const cutAt = result.truncation?.cutAt;
  const sites = callLines(result.edges);
  const nodes: DiagramNode[] = [];
  const seen = new Set<string>();
  for (const n of result.nodes) {
    if (seen.has(n.id)) continue;
    seen.add(n.id);
    const span = nodeSpan(n, sites.get(n.id));
    const node: DiagramNode = {
      id: n.id,
      label: names.get(n.id) ?? n.name,
      name: n.name,
      kind: n.kind,
      group: n.external ? 'external' : groupOf(n.kind),
      file: n.file,
      offset: span.offset,
      limit: span.limit,
      input: inputs.has(n.id),
      cut: (cutAt && Object.prototype.hasOwnProperty.call(cutAt, n.id) ? cutAt[n.id] : 0) ?? 0,
    };
    const change = changes.get(n.id);
    if (change) node.change = change.change;
    const snippet = options.source && !n.external ? snippetOf(options.source, n.file, span.offset, span.limit, linesWithin(sites.get(n.id), span)) : undefined;
    if (snippet && snippet.length > 0) node.snippet = snippet;
    nodes.push(node);
  }
  // Every edge once, even if a caller merged results carelessly; endpoints are always nodes of the result.
  const edges: DiagramEdge[] = [];
  const edgeKeys = new Set<string>();
  for (const e of result.edges) {
    const key = `${e.from}\u0000${e.to}\u0000${e.type}`;
    if (edgeKeys.has(key) || !seen.has(e.from) || !seen.has(e.to)) continue;
    edgeKeys.add(key);
    edges.push({ from: e.from, to: e.to, type: e.type, family: familyOf(e.type) });
  }
  const label = (id: string) => names.get(id) ?? id;
  // impact: the summary and the tests to run lead the notes (the changes themselves are the highlighted nodes).
  const impactNotes = result.impact ? [summaryLine(result.impact), ...result.impact.tests.map((t) => `Test to run: ${t.file}: ${testPathText(t, label)}`)] : [];
  const notes = [...impactNotes, ...(result.notes ?? []), ...(result.warnings ?? []), ...(result.truncation ? [truncationLine(result.truncation)] : [])];
  // A module's dependents start from the file and its used declarations: the file names them all.
  const asked = result.nodes.find((n) => n.id === result.inputs[0])?.kind === 'module' ? result.inputs.slice(0, 1) : result.inputs;
  const inputLabels = asked.map((id) => names.get(id)).filter((l): l is string => l !== undefined);
  const title =
    options.title ??
    (result.impact
      ? `Impact of ${result.impact.changed.length === 1 ? `${label(result.impact.changed[0].node.id)} (${changeText(result.impact.changed[0])})` : `${result.impact.changed.length} changed symbols`}`
      : `${QUERY_TITLES[result.query]} ${inputLabels.join(result.query === 'pathsBetween' ? ' and ' : ', ')}`);
  return { query: result.query, title, nodes, edges, notes, mermaid };
}

const QUERY_TITLES: Record<ResultName, string> = {
  dependenciesOf: 'Dependencies of',
  dependentsOf: 'Dependents of',
  pathsBetween: 'Paths between',
  impact: 'Impact of the changes',
};

function groupOf(kind: NodeKind): NodeGroup {
  switch (kind) {
    case 'function':
      return 'function';
    case 'method':
    case 'constructor':
    case 'getter':
    case 'setter':
    case 'method-signature':
      return 'method';
    case 'class':
      return 'class';
    case 'interface':
    case 'type':
    case 'enum':
      return 'type';
    case 'module':
    case 'namespace':
      return 'module';
    case 'variable':
    case 'property':
      return 'variable';
  }
}

export function familyOf(type: EdgeType): EdgeFamily {
  if ((RUNTIME_EDGES as readonly string[]).includes(type)) return 'runtime';
  if ((STRUCTURAL_EDGES as readonly string[]).includes(type)) return 'structural';
  return 'type';
}

function snippetOf(source: SourceReader, file: string, offset: number, limit: number, focus: number[]): string[] | undefined {
  let lines: string[] | undefined;
  try {
    lines = source.readLines(file);
  } catch {
    // A hover snippet is never worth failing the drawing.
    return undefined;
  }
  if (!lines) return undefined;
  const snippet = formatSnippet(lines, offset, limit, focus).map((l) => l.slice(2));
  return snippet.length > MAX_SNIPPET_LINES ? [...snippet.slice(0, MAX_SNIPPET_LINES), '  …'] : snippet;
}
