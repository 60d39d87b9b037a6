import { AssertionError } from 'assert';
import { EdgeType, GraphEdge, GraphNode, NodeKind } from '../../src/core/graph/GraphTypes';
import { SymbolGraph } from '../../src/core/graph/SymbolGraph';
import { QueryResult } from '../../src/core/query/QueryResult';

/**
 * Finds nodes and edges by what a person reads in the fixture (file + qualified name),
 * never by id: ids are the indexer's business.
 *
 * A selector is a qualified name (`User.save`), or an object that narrows it further,
 * e.g. `{ name: 'User.save', isStatic: true }` or `{ name: 'User.fullName', kind: 'setter' }`.
 * A plain name matches every node of that name in the file (the getter AND the setter, the
 * static AND the instance method), which is what "no such edge" assertions want.
 */
export type NodeSelector = string | { name: string; kind?: NodeKind; isStatic?: boolean };

/** Nodes of `file` that match the selector (and `kind`, when given). */
export function findNodes(graph: SymbolGraph, file: string, selector: NodeSelector, kind?: NodeKind): GraphNode[] {
  const sel = typeof selector === 'string' ? { name: selector } : selector;
  const wantKind = kind ?? sel.kind;
  return graph.nodesNamed(sel.name).filter(
    (n) =>
      n.file === file &&
      (wantKind === undefined || n.kind === wantKind) &&
      (sel.isStatic === undefined || !!n.isStatic === sel.isStatic),
  );
}

export function hasNode(graph: SymbolGraph, file: string, selector: NodeSelector, kind?: NodeKind): boolean {
  return findNodes(graph, file, selector, kind).length > 0;
}

/** The one node that matches; fails with the file's node list when there is none or more than one. */
export function node(graph: SymbolGraph, file: string, selector: NodeSelector, kind?: NodeKind): GraphNode {
  const found = findNodes(graph, file, selector, kind);
  if (found.length === 1) return found[0];
  const what = `${file} ${selectorLabel(selector)}${kind ? ` (${kind})` : ''}`;
  const problem = found.length === 0 ? `No node ${what}` : `${found.length} nodes match ${what}; narrow the selector`;
  throw new AssertionError({ message: `${problem}.\nNodes in ${file}:\n${listNodes(graph, file)}` });
}

export interface EdgeFilter {
  type?: EdgeType;
  /** `out` (default): edges leaving the node; `in`: edges arriving at it. */
  direction?: 'out' | 'in';
}

/** Live edges of every node matching the selector. */
export function edgesOf(graph: SymbolGraph, file: string, selector: NodeSelector, filter: EdgeFilter = {}): GraphEdge[] {
  const result: GraphEdge[] = [];
  for (const n of findNodes(graph, file, selector)) {
    const edges = filter.direction === 'in' ? graph.inEdges(n.id) : graph.outEdges(n.id);
    for (const e of edges) if (!filter.type || e.type === filter.type) result.push(e);
  }
  return result;
}

/** Edges of `type` from any node matching `from` to any node matching `to`. */
export function findEdges(
  graph: SymbolGraph,
  fromFile: string,
  from: NodeSelector,
  type: EdgeType,
  toFile: string,
  to: NodeSelector,
): GraphEdge[] {
  const targets = new Set(findNodes(graph, toFile, to).map((n) => n.id));
  return edgesOf(graph, fromFile, from, { type }).filter((e) => targets.has(e.to));
}

export function hasEdge(
  graph: SymbolGraph,
  fromFile: string,
  from: NodeSelector,
  type: EdgeType,
  toFile: string,
  to: NodeSelector,
): boolean {
  return findEdges(graph, fromFile, from, type, toFile, to).length > 0;
}

/** The edge, which must exist exactly once; the failure message lists what the source node does have. */
export function edge(
  graph: SymbolGraph,
  fromFile: string,
  from: NodeSelector,
  type: EdgeType,
  toFile: string,
  to: NodeSelector,
): GraphEdge {
  const source = node(graph, fromFile, from);
  const target = node(graph, toFile, to);
  const found = graph.outEdges(source.id).filter((e) => e.type === type && e.to === target.id);
  if (found.length === 1) return found[0];
  const what = `${label(source)} --${type}--> ${label(target)}`;
  const problem = found.length === 0 ? `Missing edge ${what}` : `Edge ${what} is stored ${found.length} times`;
  throw new AssertionError({ message: `${problem}.\n${label(source)} has:\n${listOutEdges(graph, source)}` });
}

/** Fails when any node matching `from` has a `type` edge to any node matching `to`. */
export function assertNoEdge(
  graph: SymbolGraph,
  fromFile: string,
  from: NodeSelector,
  type: EdgeType,
  toFile: string,
  to: NodeSelector,
): void {
  const found = findEdges(graph, fromFile, from, type, toFile, to);
  if (found.length === 0) return;
  const shown = found.map((e) => `  ${label(graph.getNode(e.from)!)} --${e.type}--> ${label(graph.getNode(e.to)!)}`);
  throw new AssertionError({ message: `Unexpected edge(s):\n${shown.join('\n')}` });
}

/** Sorted labels (`file:name`, `file:static name`) of what the node's `type` edges point at: for exact-set assertions. */
export function targetsOf(graph: SymbolGraph, file: string, selector: NodeSelector, type: EdgeType): string[] {
  return unique(edgesOf(graph, file, selector, { type }).map((e) => label(graph.getNode(e.to)!)));
}

/** Sorted labels of the nodes whose `type` edges arrive at the node. */
export function sourcesOf(graph: SymbolGraph, file: string, selector: NodeSelector, type: EdgeType): string[] {
  return unique(edgesOf(graph, file, selector, { type, direction: 'in' }).map((e) => label(graph.getNode(e.from)!)));
}

/** An edge's lines, sorted and without repeats (two calls on one line are one mark). */
export function linesOf(e: GraphEdge): number[] {
  return [...new Set(e.lines ?? [])].sort((a, b) => a - b);
}

/** `file:name`, with `static ` for static members and `(external)` for external leaves. */
export function label(n: GraphNode): string {
  return `${n.file}:${n.isStatic ? 'static ' : ''}${n.name}${n.external ? ' (external)' : ''}`;
}

/** `{ offset, limit }` of a node, for one deepEqual per span. */
export function span(n: GraphNode): { offset: number; limit: number } {
  return { offset: n.offset, limit: n.limit };
}

function selectorLabel(selector: NodeSelector): string {
  if (typeof selector === 'string') return selector;
  const extras = [selector.kind, selector.isStatic === undefined ? undefined : selector.isStatic ? 'static' : 'instance'];
  const shown = extras.filter(Boolean).join(', ');
  return shown ? `${selector.name} [${shown}]` : selector.name;
}

function listNodes(graph: SymbolGraph, file: string): string {
  const nodes = graph.nodesInFile(file);
  if (nodes.length === 0) return `  (none; indexed files: ${graph.files().join(', ') || 'none'})`;
  return nodes.map((n) => `  ${n.isStatic ? 'static ' : ''}${n.name} (${n.kind}) ${n.offset}+${n.limit}`).join('\n');
}

function listOutEdges(graph: SymbolGraph, source: GraphNode): string {
  const edges = graph.outEdges(source.id);
  if (edges.length === 0) return '  (no outgoing edges)';
  return edges.map((e) => `  --${e.type}--> ${label(graph.getNode(e.to)!)} lines ${JSON.stringify(e.lines ?? [])}`).join('\n');
}

function unique(labels: string[]): string[] {
  return [...new Set(labels)].sort();
}

/** The nodes an answer found besides the ones asked about; none for a message (no such symbol, nothing found). */
export function foundNodes(result: QueryResult): GraphNode[] {
  return result.kind === 'graph' ? result.nodes.filter((n) => !result.inputs.includes(n.id)) : [];
}
