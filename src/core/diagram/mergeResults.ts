import { GraphEdge, GraphNode } from '../graph/GraphTypes';
import { GraphResult, QueryResult } from '../query/QueryResult';

/**
 * One answer grown by follow-up answers: what the graph view shows after "expand" on some of its
 * nodes. `base` keeps its query, inputs and notes; each added graph result brings the nodes and
 * edges it has that are not there yet (each node and each edge once, base order first). Message
 * results add nothing (an expansion that found nothing leaves the drawing as it was).
 *
 * Cut markers: a node keeps the largest "cut here" count any of the results gave it, except that an
 * added answer that did not cut at a node clears it (the expansion showed that node's neighbours).
 */
export function mergeResults(base: QueryResult, added: readonly QueryResult[]): QueryResult {
  const more = added.filter((r): r is GraphResult => r.kind === 'graph');
  if (base.kind !== 'graph' || more.length === 0) return base;

  const nodes: GraphNode[] = [];
  const nodeIds = new Set<string>();
  const edges: GraphEdge[] = [];
  const edgeKeys = new Set<string>();
  const warnings = new Set(base.warnings ?? []);
  for (const r of [base, ...more]) {
    for (const n of r.nodes) {
      if (nodeIds.has(n.id)) continue;
      nodeIds.add(n.id);
      nodes.push(n);
    }
    for (const e of r.edges) {
      const key = `${e.from}\u0000${e.to}\u0000${e.type}`;
      if (edgeKeys.has(key)) continue;
      edgeKeys.add(key);
      edges.push(e);
    }
    for (const w of r.warnings ?? []) warnings.add(w);
  }

  const merged: GraphResult = { ...base, nodes, edges };
  if (warnings.size > 0) merged.warnings = [...warnings];
  const cutAt = mergeCuts(base, more);
  if (base.truncation) merged.truncation = { ...base.truncation, cutAt };
  if (base.truncation && Object.keys(cutAt).length === 0) delete merged.truncation!.cutAt;
  return merged;
}

function mergeCuts(base: GraphResult, more: GraphResult[]): Record<string, number> {
  const cutAt: Record<string, number> = Object.create(null) as Record<string, number>;
  for (const r of [base, ...more]) {
    for (const [id, n] of Object.entries(r.truncation?.cutAt ?? {})) cutAt[id] = Math.max(cutAt[id] ?? 0, n);
  }
  // An expansion from node X is a query whose input is X: if it was not cut at X, X's neighbours are all drawn now.
  for (const r of more) {
    for (const id of r.inputs) if (!r.truncation?.cutAt?.[id]) delete cutAt[id];
  }
  return cutAt;
}
