import { EdgeType, GraphEdge, GraphNode, NodeKind, RUNTIME_EDGES, STRUCTURAL_EDGES } from '../graph/GraphTypes';
import { SymbolGraph } from '../graph/SymbolGraph';
import { ChangeKind, ImpactSummary } from '../query/impact/ImpactSummary';
import { Direction, firstLevel } from './neighbours';
import { QueryResult, ResultName } from '../query/QueryResult';
import { displayNames, labelledNodes } from '../format/displayNames';
import { buildFirstText, changeText, runCommandText, runnerText, summaryLine, testPathText } from '../format/formatImpact';
import { drawnEdges } from '../format/formatGraphLines';
import { formatMermaid } from '../format/formatMermaid';
import { formatSnippet } from '../format/formatSnippet';
import { truncationLine } from '../format/formatText';
import { callLines, linesWithin, nodeSpan } from '../format/nodeLocation';
import { SourceReader } from '../format/SourceReader';
import { QUERIES, queryNamed } from '../query/queries';

export type { DiagramEdge, DiagramModel, DiagramNode, EdgeFamily, NodeGroup } from './DiagramTypes';
import type { DiagramEdge, DiagramModel, DiagramNode, EdgeFamily, NodeGroup } from './DiagramTypes';

export interface DiagramOptions {
  /** Source for hover snippets; without it nodes carry none. */
  source?: SourceReader;
  /** Overrides the title built from the query and its inputs. */
  title?: string;
  /** The graph the answer came from: exact per-direction `+N` counts and a reserve page of neighbours. */
  graph?: SymbolGraph;
  /** With the graph, carry the reserve (default true). A host that can ask for neighbours (VS Code) needs none. */
  reserve?: boolean;
}

/** Neighbours per node and direction the model carries undrawn (one page of an expansion). */
export const RESERVE_PAGE = 50;
/** At most this many reserve nodes in one model (the CLI file stays a few MB at worst). */
const MAX_RESERVE = 2000;
/** Call sites listed per edge. */
const MAX_SITES = 20;

/** One snippet per node at most this long (hover text, not a code view). */
const MAX_SNIPPET_LINES = 12;

/** The diagram of one answer. Never throws for a message result: it becomes `message`. */
export function diagramModel(result: QueryResult, options: DiagramOptions = {}): DiagramModel {
  const mermaid = formatMermaid(result);
  if (result.kind === 'message') {
    return {
      query: result.query,
      walk: queryNamed(result.query).walk,
      verbs: VERBS,
      title: options.title ?? messageTitle(result.query, result.inputs, options.graph),
      nodes: [],
      edges: [],
      notes: [...(result.notes ?? []), ...(result.warnings ?? [])],
      message: { text: result.message, isError: result.isError },
      mermaid,
    };
  }
  const names = displayNames(labelledNodes(result));
  const { walk, picture } = queryNamed(result.query);
  const inputs = new Set(result.inputs);
  const changes = new Map(result.impact?.changed.map((c) => [c.node.id, c]) ?? []);
  const cutAt = result.truncation?.cutAt;
  const sites = callLines(result.edges);
  const nodes: DiagramNode[] = [];
  const seen = new Set<string>();
  // impact: a changed symbol nothing depends on (a new function) has no edge, and the cut drops an
  // input without one: it is drawn all the same, since the change is what the picture is about.
  const allNodes = result.impact ? [...result.nodes, ...result.impact.changed.map((c) => c.node)] : result.nodes;
  for (const n of allNodes) {
    if (seen.has(n.id)) continue;
    seen.add(n.id);
    const span = nodeSpan(n, sites.get(n.id));
    const node: DiagramNode = {
      ...drawnFields(n, names.get(n.id), span),
      input: inputs.has(n.id),
      cut: (cutAt && Object.prototype.hasOwnProperty.call(cutAt, n.id) ? cutAt[n.id] : 0) ?? 0,
      more: { dependencies: 0, dependents: 0 },
    };
    const change = changes.get(n.id);
    if (change) {
      node.change = change.change;
      node.changeText = changeText(change);
    }
    // Without the graph the cut is all we know; a single query's walk ran in its own direction.
    if (!result.impact && walk !== 'paths') node.more[walk === 'forward' ? 'dependencies' : 'dependents'] = node.cut;
    // A removed symbol's lines are the base version's: today's file has other code there.
    const snippet = options.source && !n.external && change?.change !== 'removed' ? snippetOf(options.source, n.file, span.offset, span.limit, linesWithin(sites.get(n.id), span)) : undefined;
    if (snippet && snippet.length > 0) node.snippet = snippet;
    nodes.push(node);
  }
  // Every edge once, even if a caller merged results carelessly; endpoints are always nodes of the result.
  const edges: DiagramEdge[] = [];
  const edgeKeys = new Set<string>();
  // No self-loop of a node drawn with other edges, as in the text (drawnEdges): a loop on `f` says nothing its box does not.
  for (const e of drawnEdges(result)) {
    const key = `${e.from}\u0000${e.to}\u0000${e.type}`;
    if (edgeKeys.has(key) || !seen.has(e.from) || !seen.has(e.to)) continue;
    edgeKeys.add(key);
    edges.push(edgeOf(e, options.source, result.nodes));
  }
  const label = (id: string) => names.get(id) ?? id;
  let reserve: DiagramModel['reserve'];
  if (options.graph) reserve = addNeighbours(options.graph, nodes, edgeKeys, names, options.source, options.reserve === false ? 0 : MAX_RESERVE);
  // impact: the summary and the tests to run lead the notes (the changes themselves are the highlighted nodes).
  const impactNotes = result.impact ? impactNotesOf(result.impact, label) : [];
  const notes = [...impactNotes, ...(result.notes ?? []), ...(result.warnings ?? []), ...(result.truncation ? [truncationLine(result.truncation)] : [])];
  // A module's dependents start from the file and its used declarations: the file names them all.
  const asked = result.nodes.find((n) => n.id === result.inputs[0])?.kind === 'module' ? result.inputs.slice(0, 1) : result.inputs;
  const inputLabels = asked.map((id) => names.get(id)).filter((l): l is string => l !== undefined);
  const title =
    options.title ??
    (result.impact
      ? `Impact of ${result.impact.changed.length === 1 ? `${label(result.impact.changed[0].node.id)} (${changeText(result.impact.changed[0])})` : `${result.impact.changed.length} changed symbols`}`
      : `${picture.of} ${inputLabels.join(picture.join)}`);
  const model: DiagramModel = { query: result.query, walk, verbs: VERBS, title, nodes, edges, notes, mermaid };
  if (reserve && reserve.nodes.length > 0) model.reserve = reserve;
  return model;
}

/** The CLI verb of the first query walking each way from its input (the page's suggested commands). */
const VERBS: Record<Direction, string> = {
  dependencies: QUERIES.find((q) => q.cli && q.walk === 'forward')?.name ?? '',
  dependents: QUERIES.find((q) => q.cli && q.walk === 'backward')?.name ?? '',
};

/** Tests named in the picture's notes (nearest first); the rest are counted. */
const MAX_TEST_NOTES = 20;

/** impact's notes: the summary, the runners' commands, the nearest tests with their paths, the rest counted. */
function impactNotesOf(impact: ImpactSummary, label: (id: string) => string): string[] {
  const notes = [summaryLine(impact), ...(impact.buildFirst ? [buildFirstText(impact.buildFirst)] : []), ...impact.runners.map((r) => `Tests to run with ${runnerText(r)}: ${runCommandText(r)}`)];
  for (const t of impact.tests.slice(0, MAX_TEST_NOTES)) notes.push(`Test to run: ${t.file}: ${testPathText(t, label)}`);
  if (impact.tests.length > MAX_TEST_NOTES) notes.push(`… and ${impact.tests.length - MAX_TEST_NOTES} more tests to run (\`ts-code-graph impact --format json\` lists them all).`);
  return notes;
}

function messageTitle(query: ResultName, inputs: string[] | undefined, graph: SymbolGraph | undefined): string {
  const names = (inputs ?? []).map((id) => graph?.getNode(id)?.name).filter((n): n is string => n !== undefined);
  // "Dependents of" with nothing after it reads as a bug: name the query when the symbol is unknown.
  const { picture } = queryNamed(query);
  return names.length > 0 ? `${picture.of} ${names.join(picture.join)}` : picture.alone;
}

function edgeOf(e: GraphEdge, source: SourceReader | undefined, nodes: readonly GraphNode[] | Map<string, GraphNode>): DiagramEdge {
  const edge: DiagramEdge = { from: e.from, to: e.to, type: e.type, family: familyOf(e.type) };
  if (!e.lines?.length) return edge;
  const from = nodes instanceof Map ? nodes.get(e.from) : nodes.find((n) => n.id === e.from);
  let text: string[] | undefined;
  try {
    text = source && from && !from.external ? source.readLines(from.file) : undefined;
  } catch {
    text = undefined;
  }
  edge.sites = [...new Set(e.lines)].slice(0, MAX_SITES).map((line) => ({ line, text: (text?.[line - 1] ?? '').trim().slice(0, 160) }));
  return edge;
}

/**
 * Per drawn node: its exact missing neighbours per direction (`more`, `next`), and a reserve of
 * one page of them per direction with the edges that reach them, for the page to open on a click.
 */
function addNeighbours(
  graph: SymbolGraph,
  nodes: DiagramNode[],
  edgeKeys: Set<string>,
  names: Map<string, string>,
  source: SourceReader | undefined,
  maxReserve: number,
): NonNullable<DiagramModel['reserve']> {
  const drawn = new Set(nodes.map((n) => n.id));
  const reserved = new Map<string, GraphNode>();
  const steps: GraphEdge[] = [];
  const directions: Direction[] = ['dependencies', 'dependents'];
  const levels = (id: string): Record<Direction, Map<string, GraphEdge[]>> => ({ dependencies: firstLevel(graph, id, 'dependencies'), dependents: firstLevel(graph, id, 'dependents') });
  for (const node of nodes) {
    const level = levels(node.id);
    node.next = { dependencies: [...level.dependencies.keys()], dependents: [...level.dependents.keys()] };
    for (const d of directions) {
      const missing = node.next[d].filter((id) => !drawn.has(id));
      node.more[d] = missing.length;
      for (const id of missing.slice(0, RESERVE_PAGE)) {
        const g = graph.getNode(id);
        if (!g || reserved.size >= maxReserve) continue;
        reserved.set(id, g);
        steps.push(...level[d].get(id)!);
      }
    }
  }
  const all = new Set([...drawn, ...reserved.keys()]);
  const reserveNodes: DiagramNode[] = [];
  for (const g of reserved.values()) {
    const level = levels(g.id);
    const next = { dependencies: [...level.dependencies.keys()], dependents: [...level.dependents.keys()] };
    // A reserve node's own steps to nodes of the model are edges too (a revealed node joins what is drawn).
    for (const d of directions) for (const [id, es] of level[d]) if (all.has(id)) steps.push(...es);
    reserveNodes.push({
      ...drawnFields(g, names.get(g.id), g),
      input: false,
      cut: 0,
      more: { dependencies: next.dependencies.filter((i) => !all.has(i)).length, dependents: next.dependents.filter((i) => !all.has(i)).length },
      next,
    });
  }
  const byId = new Map<string, GraphNode>();
  for (const id of all) {
    const g = graph.getNode(id);
    if (g) byId.set(id, g);
  }
  const reserveEdges: DiagramEdge[] = [];
  for (const e of steps) {
    const key = `${e.from}\u0000${e.to}\u0000${e.type}`;
    // A reserve node joins the picture by the step that reached it: its own self-loop is never drawn.
    if (e.from === e.to || edgeKeys.has(key) || (!reserved.has(e.from) && !reserved.has(e.to))) continue;
    edgeKeys.add(key);
    reserveEdges.push(edgeOf(e, source, byId));
  }
  return { nodes: reserveNodes, edges: reserveEdges };
}

/** What a drawn node shows of a graph node: names, kind, group and where it is (`span`: its lines in this answer). */
function drawnFields(n: GraphNode, label: string | undefined, span: { offset: number; limit: number }): Pick<DiagramNode, 'id' | 'label' | 'name' | 'kind' | 'group' | 'file' | 'offset' | 'limit'> {
  return { id: n.id, label: label ?? n.name, name: n.name, kind: n.kind, group: n.external ? 'external' : groupOf(n.kind), file: n.file, offset: span.offset, limit: span.limit };
}

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
