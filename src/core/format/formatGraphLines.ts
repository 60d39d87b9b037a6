import { GraphEdge, GraphNode } from '../graph/GraphTypes';

/**
 * The Graph section's lines (spec 000 "Chain compaction" + "Branch splitting").
 *
 * Invariant: every element of `edges` is printed exactly once, whatever the shape (branches,
 * merges, cycles, self-loops, parallel edges of different types). A reader can rebuild the edge
 * list from the lines, so nothing is hidden and nothing is said twice.
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
