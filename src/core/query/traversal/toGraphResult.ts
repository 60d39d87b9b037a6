import { GraphNode } from '../../graph/GraphTypes';
import { SymbolGraph } from '../../graph/SymbolGraph';
import { GraphResult, ResultName } from '../QueryResult';
import { Traversal } from './traverse';

/** Nodes a traversal result shows besides its input: enough to act on, small enough to read. */
export const MAX_RESULT_NODES = 50;

/**
 * Cuts a traversal to the input plus its MAX_RESULT_NODES nearest nodes and keeps every traversed
 * edge between kept nodes. The cut is a BFS-order prefix, so each kept node keeps the edge that
 * discovered it and the edge list is never empty when anything was reached.
 * Call only when the traversal reached something (`order.length > 1`). `inputCount`: how many
 * starts lead `order` (impact's changed symbols); `nodeOf` finds nodes the graph does not hold
 * (impact's removed symbols).
 */
export function toGraphResult(
  query: ResultName,
  graph: SymbolGraph,
  traversal: Traversal,
  inputCount = 1,
  nodeOf: (id: string) => GraphNode | undefined = (id) => graph.getNode(id),
): GraphResult {
  const keptIds = traversal.order.slice(0, inputCount + MAX_RESULT_NODES);
  const kept = new Set(keptIds);
  const nodes = keptIds.map(nodeOf).filter((n): n is GraphNode => n !== undefined);
  const edges = traversal.edges.filter((e) => kept.has(e.from) && kept.has(e.to));
  const result: GraphResult = { kind: 'graph', query, inputs: keptIds.slice(0, inputCount), nodes, edges };

  const reached = traversal.order.length - inputCount;
  if (reached > MAX_RESULT_NODES || traversal.stoppedEarly) {
    result.truncation = { shownNodes: keptIds.length - inputCount, totalNodes: reached };
    if (traversal.stoppedEarly) result.truncation.stoppedEarly = true;
    const cutAt = cutNeighbours(traversal, kept);
    if (Object.keys(cutAt).length > 0) result.truncation.cutAt = cutAt;
  }
  return result;
}

/** Kept node id → its distinct neighbours (through walked edges) that the cut left out. */
function cutNeighbours(traversal: Traversal, kept: Set<string>): Record<string, number> {
  const cut = new Map<string, Set<string>>();
  for (const e of traversal.edges) {
    const keptEnd = kept.has(e.from) ? e.from : kept.has(e.to) ? e.to : undefined;
    const other = keptEnd === e.from ? e.to : e.from;
    if (keptEnd === undefined || kept.has(other)) continue;
    let set = cut.get(keptEnd);
    if (!set) cut.set(keptEnd, (set = new Set()));
    set.add(other);
  }
  // A null-prototype record: node ids are arbitrary text, `__proto__` included.
  const out: Record<string, number> = Object.create(null) as Record<string, number>;
  for (const [id, set] of cut) out[id] = set.size;
  return out;
}
