import { GraphNode } from '../graph/GraphTypes';

/**
 * The label every formatter shows for each node of one result (spec 000 "Symbol Disambiguation").
 *
 * A name shared by two or more DIFFERENT nodes gets `#1`, `#2`… in `nodes` order, so the Graph
 * line and the Nodes block that resolves it carry the same label; a unique name stays bare
 * because the common case should cost no extra tokens. Text and Mermaid both call this, so the
 * same result never gets two numberings.
 *
 * Returns id → label. A node id listed twice counts once (it is one symbol, not a collision).
 */
export function displayNames(nodes: readonly GraphNode[]): Map<string, string> {
  const distinct = new Map<string, GraphNode>();
  for (const node of nodes) if (!distinct.has(node.id)) distinct.set(node.id, node);

  const holders = new Map<string, number>();
  for (const node of distinct.values()) holders.set(node.name, (holders.get(node.name) ?? 0) + 1);

  const labels = new Map<string, string>();
  const seen = new Map<string, number>();
  for (const node of distinct.values()) {
    if (holders.get(node.name) === 1) {
      labels.set(node.id, node.name);
      continue;
    }
    const n = (seen.get(node.name) ?? 0) + 1;
    seen.set(node.name, n);
    labels.set(node.id, `${node.name}#${n}`);
  }
  return labels;
}

/**
 * The nodes a result's labels are made for: its own, then (impact) the changed symbols and the
 * nodes of the test paths it names outside them, so every section numbers a shared name alike.
 */
export function labelledNodes(result: { nodes: readonly GraphNode[]; impact?: { changed: ReadonlyArray<{ node: GraphNode }>; tests: ReadonlyArray<{ nodes: readonly GraphNode[] }> } }): GraphNode[] {
  if (!result.impact) return [...result.nodes];
  return [...result.nodes, ...result.impact.changed.map((c) => c.node), ...result.impact.tests.flatMap((t) => t.nodes)];
}
