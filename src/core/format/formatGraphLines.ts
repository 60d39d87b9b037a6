import { GraphEdge, GraphNode } from '../graph/GraphTypes';
import type { GraphResult } from '../query/QueryResult';

/**
 * The edges an answer draws (its Graph section, its Mermaid and graph-view pictures): all but
 * self-loops. `fastifyTRPCPlugin --REFERENCES--> fastifyTRPCPlugin` (a name used in its own body)
 * or `f --CALLS--> f` (recursion) tells a reader nothing the node's own lines do not, and there they
 * stay marked: the self-reference's lines are `>` lines of its snippet (`calls at:`). The graph keeps
 * the edge (find-all-references sees the use), and so does a result's data (`--format json`).
 * A self-loop is drawn only where it alone names its node: no other edge of the answer has the
 * node, and it is no input (the caller knows those; impact's Changed list names them); and, but in
 * impact (whose empty Graph section says nothing depends on the changes), where the answer has no
 * other edge to draw: a Graph section is never empty.
 */
export function drawnEdges(result: Pick<GraphResult, 'edges' | 'inputs'> & { impact?: unknown }): GraphEdge[] {
  const { edges } = result;
  if (!edges.some((e) => e.from === e.to)) return [...edges];
  const linked = new Set(result.inputs);
  for (const e of edges) {
    if (e.from === e.to) continue;
    linked.add(e.from);
    linked.add(e.to);
  }
  const drawn = edges.filter((e) => e.from !== e.to || !linked.has(e.from));
  return drawn.length > 0 || result.impact ? drawn : [...edges];
}

/**
 * The Graph section's lines (spec 000 "Chain compaction" + "Branch splitting").
 *
 * Invariant: every element of `edges` is printed exactly once, whatever the shape (branches,
 * merges, cycles, self-loops, parallel edges of different types). A reader can rebuild the edge
 * list from the lines, so nothing is said twice. Which edges an answer prints is `drawnEdges`'s
 * choice (no self-loop of a node named otherwise), made before.
 *
 * How the lines are chosen:
 * - Outgoing edges are ordered by their target's position in `nodes` (BFS order: nearest first),
 *   so the first chain out of a node follows the closest dependency.
 * - A line starts at a node and keeps following the first unused outgoing edge of each node it
 *   reaches, until it reaches a node with none left. That makes linear chains one line.
 * - After a line, its nodes are revisited from the far end back (depth-first backtracking): a
 *   branch point with edges left starts the next line itself (`B --CALLS--> D` right under
 *   `A --CALLS--> B --CALLS--> C`), so each split sits next to the line it splits from.
 * - Start nodes: first the nodes with no incoming edge in the result (the natural roots), in
 *   `nodes` order; then any node that still has unused edges, which only happens inside cycles
 *   that no root reaches.
 *
 * `label` gives the display name (see displayNames) so the same text appears in the Nodes section.
 */
export function formatGraphLines(
  nodes: readonly GraphNode[],
  edges: readonly GraphEdge[],
  label: (id: string) => string,
): string[] {
  const rank = rankIds(nodes, edges);
  const unused = outgoingByTargetRank(edges, rank);
  const hasIncoming = new Set(edges.map((e) => e.to));
  const starts = [...rank.keys()];

  const lines: string[] = [];
  const drain = (start: string): void => {
    const stack = [start];
    while (stack.length > 0) {
      const id = stack.pop()!;
      if (!unused.get(id)?.length) continue;
      const chain = walk(id, unused);
      lines.push(renderChain(id, chain, label));
      // `id` goes to the bottom so it is revisited after the branch points further along.
      stack.push(id, ...chain.map((e) => e.to));
    }
  };
  for (const id of starts) if (!hasIncoming.has(id)) drain(id);
  for (const id of starts) drain(id);
  return lines;
}

/** Follow (and consume) the first unused outgoing edge of each node until one has none left. */
function walk(start: string, unused: Map<string, GraphEdge[]>): GraphEdge[] {
  const chain: GraphEdge[] = [];
  let current = start;
  for (;;) {
    const edge = unused.get(current)?.shift();
    if (!edge) return chain;
    chain.push(edge);
    current = edge.to;
  }
}

function renderChain(start: string, chain: readonly GraphEdge[], label: (id: string) => string): string {
  let line = label(start);
  for (const edge of chain) line += ` --${edge.type}--> ${label(edge.to)}`;
  return line;
}

/**
 * Position of each id: its first place in `nodes`, then (defensively) ids that only edges
 * mention, in edge order. Without the latter, an edge to an unlisted node would be lost.
 */
function rankIds(nodes: readonly GraphNode[], edges: readonly GraphEdge[]): Map<string, number> {
  const rank = new Map<string, number>();
  for (const node of nodes) if (!rank.has(node.id)) rank.set(node.id, rank.size);
  for (const edge of edges) {
    if (!rank.has(edge.from)) rank.set(edge.from, rank.size);
    if (!rank.has(edge.to)) rank.set(edge.to, rank.size);
  }
  return rank;
}

/** Each node's outgoing edges, nearest target first; ties keep the result's edge order (stable sort). */
function outgoingByTargetRank(edges: readonly GraphEdge[], rank: Map<string, number>): Map<string, GraphEdge[]> {
  const out = new Map<string, GraphEdge[]>();
  for (const edge of edges) {
    const list = out.get(edge.from);
    if (list) list.push(edge);
    else out.set(edge.from, [edge]);
  }
  for (const list of out.values()) list.sort((a, b) => rank.get(a.to)! - rank.get(b.to)!);
  return out;
}
