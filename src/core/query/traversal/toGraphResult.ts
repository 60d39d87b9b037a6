import * as path from 'path';
import { GraphNode } from '../../graph/GraphTypes';
import { SymbolGraph } from '../../graph/SymbolGraph';
import { isTestFile } from '../../graph/testFiles';
import { CutSummary, GraphResult, ResultName } from '../QueryResult';
import { MAX_RESULT_NODES, Traversal } from './traverse';

/** Folders named one by one in a cut summary; the rest are counted together. */
const MAX_NAMED_FOLDERS = 4;

/** Shown nodes suggested as the next query when the cut left nodes out next to them. */
const MAX_QUERY_NEXT = 3;

/**
 * Cuts a traversal to its inputs plus the MAX_RESULT_NODES nodes the cut rule keeps, and keeps every
 * traversed edge between kept nodes. The rule (TRAVERSAL.md, "The cut"): nearer first (BFS depth);
 * at one depth, code before tests (`isTestFile`); then BFS order. Every node nearer than a kept node
 * is kept, so each kept node keeps the edge that discovered it and the edge list is never empty
 * when anything was reached. Call only when the traversal reached something. `nodeOf` finds nodes
 * the graph does not hold (impact's removed symbols).
 */
export function toGraphResult(
  query: ResultName,
  graph: SymbolGraph,
  traversal: Traversal,
  nodeOf: (id: string) => GraphNode | undefined = (id) => graph.getNode(id),
): GraphResult {
  const keptIds = cutOrder(graph, traversal).slice(0, traversal.starts + MAX_RESULT_NODES);
  const kept = new Set(keptIds);
  const edges = traversal.edges.filter((e) => kept.has(e.from) && kept.has(e.to));
  // Of several inputs (a module and its declarations), those the cut left without an edge are not drawn.
  const linked = new Set(edges.flatMap((e) => [e.from, e.to]));
  const nodes = keptIds
    .filter((id, i) => i >= traversal.starts || traversal.starts === 1 || linked.has(id))
    .map(nodeOf)
    .filter((n): n is GraphNode => n !== undefined);
  const inputs = traversal.order.slice(0, traversal.starts);
  const result: GraphResult = { kind: 'graph', query, inputs, nodes, edges };

  const reached = traversal.order.length - traversal.starts;
  const shown = keptIds.length - traversal.starts;
  if (reached > shown || traversal.stoppedEarly) {
    result.truncation = { shownNodes: shown, totalNodes: reached };
    if (traversal.stoppedEarly) result.truncation.stoppedEarly = true;
    const cutAt = cutNeighbours(traversal, kept);
    if (Object.keys(cutAt).length > 0) result.truncation.cutAt = cutAt;
    if (reached > shown) result.truncation.cut = summarizeCut(graph, traversal.order.filter((id) => !kept.has(id)));
    const next = queryNext(nodes, new Set(inputs), cutAt);
    if (next.length > 0) result.truncation.queryNext = next;
  }
  return result;
}

/**
 * The traversal's nodes in the order the cut keeps them: by depth; at one depth, nodes in code
 * files before nodes in test files; then in BFS order (stable: the walk's order is the graph's
 * edge order). The starts come first (depth 0).
 */
function cutOrder(graph: SymbolGraph, t: Traversal): string[] {
  const test = (i: number): number => {
    const node = graph.getNode(t.order[i]);
    return node && isTestFile(node.file) ? 1 : 0;
  };
  const out: string[] = [];
  // `depth` never decreases along `order`: each depth is one run, code then tests.
  for (let from = 0; from < t.order.length; ) {
    let to = from;
    while (to < t.order.length && t.depth[to] === t.depth[from]) to++;
    const tests: string[] = [];
    for (let i = from; i < to; i++) (test(i) ? tests : out).push(t.order[i]);
    out.push(...tests);
    from = to;
  }
  return out;
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

/** Where the cut nodes are: test files as one group, the others by folder (most first). */
function summarizeCut(graph: SymbolGraph, cutIds: readonly string[]): CutSummary {
  let testNodes = 0;
  const testFiles = new Set<string>();
  const byFolder = new Map<string, number>();
  for (const id of cutIds) {
    const node = graph.getNode(id);
    if (!node) continue;
    if (isTestFile(node.file)) {
      testNodes++;
      testFiles.add(node.file);
    } else {
      const folder = folderOf(node.file);
      byFolder.set(folder, (byFolder.get(folder) ?? 0) + 1);
    }
  }
  const folders = [...byFolder].map(([folder, nodes]) => ({ folder, nodes })).sort((a, b) => b.nodes - a.nodes || (a.folder < b.folder ? -1 : 1));
  const rest = folders.slice(MAX_NAMED_FOLDERS);
  return {
    tests: { nodes: testNodes, files: testFiles.size },
    folders: folders.slice(0, MAX_NAMED_FOLDERS),
    otherFolders: { folders: rest.length, nodes: rest.reduce((sum, f) => sum + f.nodes, 0) },
  };
}

/** `src/cli/run.ts` → `src/cli`; a root file → `.`; a library's declaration → `node_modules/<package>`. */
function folderOf(file: string): string {
  if (file.startsWith('node_modules/')) {
    const parts = file.split('/');
    return parts.slice(0, parts[1]?.startsWith('@') ? 3 : 2).join('/');
  }
  return path.posix.dirname(file);
}

/** The shown nodes (not inputs) with the most cut neighbours, most first, then nearest first. */
function queryNext(nodes: readonly GraphNode[], inputs: ReadonlySet<string>, cutAt: Record<string, number>): Array<{ name: string; file: string; cut: number }> {
  return nodes
    .filter((n) => !inputs.has(n.id) && (cutAt[n.id] ?? 0) > 0)
    .map((n, i) => ({ n, i }))
    .sort((a, b) => cutAt[b.n.id] - cutAt[a.n.id] || a.i - b.i)
    .slice(0, MAX_QUERY_NEXT)
    .map(({ n }) => ({ name: n.name, file: n.file, cut: cutAt[n.id] }));
}
