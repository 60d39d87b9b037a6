import { EdgeType, GraphNode, NodeKind } from '../core/graph/GraphTypes';
import { SymbolGraph } from '../core/graph/SymbolGraph';

/** `ts-code-graph export`: the documented shape (src/cli/EXPORT.md). Change both together. */
export interface ExportedGraph {
  root: string;
  nodes: ExportedNode[];
  edges: ExportedEdge[];
}

export interface ExportedNode {
  id: string;
  name: string;
  kind: NodeKind;
  file: string;
  offset: number;
  limit: number;
  /** Present (and true) only on node_modules declarations. */
  external?: true;
}

export interface ExportedEdge {
  from: string;
  to: string;
  type: EdgeType;
}

/**
 * Every node (external leaves too) and every live edge, in a stable order so two exports of one
 * workspace diff cleanly whatever order files were indexed in: nodes by file, line and id; edges in
 * the order of their `from` node, then type, then the order of their `to` node.
 */
export function exportGraph(graph: SymbolGraph, root: string): ExportedGraph {
  const nodes = [...graph.allNodes()].map(exportNode).sort(compareNodes);
  const rank = new Map(nodes.map((n, i) => [n.id, i]));
  const edges = [...graph.allEdges()]
    .map(({ from, to, type }) => ({ from, to, type }))
    .sort((a, b) => rank.get(a.from)! - rank.get(b.from)! || compareText(a.type, b.type) || rank.get(a.to)! - rank.get(b.to)!);
  return { root, nodes, edges };
}

/**
 * JSON with one node or edge per line: still one `JSON.parse`, but greppable and diffable,
 * and a tenth of the size of an indented dump.
 */
export function formatExport(exported: ExportedGraph): string {
  const list = (items: object[]) =>
    items.length === 0 ? '[]' : `[\n${items.map((item) => `    ${JSON.stringify(item)}`).join(',\n')}\n  ]`;
  return `{\n  "root": ${JSON.stringify(exported.root)},\n  "nodes": ${list(exported.nodes)},\n  "edges": ${list(exported.edges)}\n}\n`;
}

function exportNode(n: GraphNode): ExportedNode {
  const node: ExportedNode = { id: n.id, name: n.name, kind: n.kind, file: n.file, offset: n.offset, limit: n.limit };
  if (n.external) node.external = true;
  return node;
}

function compareNodes(a: ExportedNode, b: ExportedNode): number {
  return compareText(a.file, b.file) || a.offset - b.offset || compareText(a.id, b.id);
}

/** Code-unit order: the same on every machine, unlike localeCompare. */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
