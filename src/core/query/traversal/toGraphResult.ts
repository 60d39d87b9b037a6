import { GraphEdge, GraphNode } from '../../graph/GraphTypes';
import { SymbolGraph } from '../../graph/SymbolGraph';
import { fileTier, isTestFile } from '../../graph/testFiles';
import { CutSummary, GraphResult, ListedNode, ResultName } from '../QueryResult';
import { selectorFor } from '../resolve/parseSymbolQuery';
import { MAX_RESULT_NODES, Traversal } from './traverse';

/** Folders named one by one in a cut summary; the rest are counted together. */
const MAX_NAMED_FOLDERS = 4;

/** Shown nodes suggested as the next query when the cut left nodes out next to them. */
const MAX_QUERY_NEXT = 3;

/**
 * Cuts a traversal to its inputs plus the MAX_RESULT_NODES nodes the cut rule keeps in detail, with
 * every edge the walk steps along between kept nodes; the other reached nodes become
 * `truncation.more`, in the same order. The rule (TRAVERSAL.md, "The cut"): code before examples
 * (`isExampleFile`) before tests (`isTestFile`), at every depth; then nearer first (BFS depth); then BFS order. A node is kept with
 * its chain of discovering edges back to an input, so the edge list is connected and never empty
 * when anything was reached. Call only when the traversal reached something. `nodeOf` finds nodes
 * the graph does not hold (impact's removed symbols).
 */
export function toGraphResult(
  query: ResultName,
  graph: SymbolGraph,
  traversal: Traversal,
  nodeOf: (id: string) => GraphNode | undefined = (id) => graph.getNode(id),
  maxShown = MAX_RESULT_NODES,
): GraphResult {
  const place = new Map(traversal.order.map((id, i) => [id, i]));
  const priority = cutOrder(traversal, nodeOf);
  const keptIds = keepWithChains(traversal, place, priority, maxShown);
  const kept = new Set(keptIds);
  const { edges, cutAt } = keptEdges(graph, traversal, kept, place);
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
    if (Object.keys(cutAt).length > 0) result.truncation.cutAt = cutAt;
    const more = priority.filter((i) => !kept.has(traversal.order[i])).flatMap((i) => listed(nodeOf(traversal.order[i]), firstLineFrom(traversal.via[i], traversal.order[i])));
    if (more.length > 0) result.truncation.more = more;
    const askAs = askableNames(graph, nodes, new Set(inputs));
    if (Object.keys(askAs).length > 0) result.truncation.askAs = askAs;
    const next = queryNext(nodes, new Set(inputs), cutAt, askAs);
    if (next.length > 0) result.truncation.queryNext = next;
  }
  return result;
}

/**
 * The reached nodes' places in `order` (starts excluded) in the order the cut keeps them: nodes of
 * code files, then of example files (`isExampleFile`), then of test files, each group nearest first (BFS order is by depth, and
 * within one depth the graph's edge order: the same graph gives the same answer).
 */
function cutOrder(t: Traversal, nodeOf: (id: string) => GraphNode | undefined): number[] {
  const tiers: [number[], number[], number[]] = [[], [], []];
  for (let i = t.starts; i < t.order.length; i++) {
    const node = nodeOf(t.order[i]);
    tiers[node && !node.external ? fileTier(node.file) : 0].push(i);
  }
  return tiers.flat();
}

/**
 * The starts, then nodes in `priority` order, each preceded by the nodes of its chain of
 * discovering edges not kept yet (a node of code reached only through a test helper brings the
 * helper), up to `max` besides the starts; a node whose chain does not fit is left out.
 */
function keepWithChains(t: Traversal, place: Map<string, number>, priority: readonly number[], max: number): string[] {
  const kept = new Set(t.order.slice(0, t.starts));
  const out = [...kept];
  for (const i of priority) {
    if (out.length - t.starts >= max) break;
    const chain: string[] = [];
    for (let at = i; !kept.has(t.order[at]); ) {
      chain.push(t.order[at]);
      const edge = t.via[at]!;
      at = place.get(edge.from === t.order[at] ? edge.to : edge.from)!;
    }
    if (out.length - t.starts + chain.length > max) continue;
    for (let c = chain.length - 1; c >= 0; c--) {
      kept.add(chain[c]);
      out.push(chain[c]);
    }
  }
  return out;
}

/**
 * The edges the walk steps along between kept nodes, in walk order, each once (the step function
 * asked again from the kept states only), and for each kept node how many reached nodes it leads
 * to that are not kept (`cutAt`).
 */
function keptEdges(graph: SymbolGraph, t: Traversal, kept: Set<string>, place: Map<string, number>): { edges: GraphEdge[]; cutAt: Record<string, number> } {
  const edges: GraphEdge[] = [];
  const seen = new Set<GraphEdge>();
  const cut = new Map<string, Set<string>>();
  for (const state of t.states) {
    if (!kept.has(state.id)) continue;
    for (const s of t.step(graph, state)) {
      if (kept.has(s.to)) {
        if (!seen.has(s.edge)) {
          seen.add(s.edge);
          edges.push(s.edge);
        }
      } else if (place.has(s.to)) {
        let set = cut.get(state.id);
        if (!set) cut.set(state.id, (set = new Set()));
        set.add(s.to);
      }
    }
  }
  // A null-prototype record: node ids are arbitrary text, `__proto__` included.
  const cutAt: Record<string, number> = Object.create(null) as Record<string, number>;
  for (const [id, set] of cut) cutAt[id] = set.size;
  return { edges, cutAt };
}

/**
 * A node left out of the detail, as the `## More` section names it: `name:line`, the line its
 * declaration starts on; a module's (top-level code) is `<module>` at the first line it uses the
 * answer from (`callLine`: its discovering edge's first, when it is that edge's caller).
 */
export function listed(node: GraphNode | undefined, callLine?: number): ListedNode[] {
  if (!node) return [];
  const module = node.kind === 'module';
  const entry: ListedNode = { id: node.id, name: module ? '<module>' : node.name, kind: node.kind, file: node.file, line: (module ? callLine : undefined) ?? node.offset };
  if (node.external) entry.external = true;
  return [entry];
}

/** The first line `edge` comes from, when `id` is its caller. */
function firstLineFrom(edge: GraphEdge | undefined, id: string): number | undefined {
  return edge?.from === id && edge.lines?.length ? Math.min(...edge.lines) : undefined;
}

/** Shown node id → the symbol text selecting it alone in its file, where its bare name does not (`static BaseEntity.save`). */
function askableNames(graph: SymbolGraph, nodes: readonly GraphNode[], inputs: ReadonlySet<string>): Record<string, string> {
  const out: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const n of nodes) {
    if (inputs.has(n.id) || n.kind === 'module') continue;
    const selector = selectorFor(n, graph.nodesInFile(n.file));
    if (selector !== n.name) out[n.id] = selector;
  }
  return out;
}

/**
 * Where the nodes are (those a cut left out, or those past what a text names): test files as one
 * group, the others by folder (most first).
 */
export function summarizeCut(entries: ReadonlyArray<Pick<ListedNode, 'file'>>): CutSummary {
  let testNodes = 0;
  const testFiles = new Set<string>();
  const byFolder = new Map<string, number>();
  for (const { file } of entries) {
    if (isTestFile(file)) {
      testNodes++;
      testFiles.add(file);
    } else {
      const folder = folderOf(file);
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
export function folderOf(file: string): string {
  if (file.startsWith('node_modules/')) {
    const parts = file.split('/');
    return parts.slice(0, parts[1]?.startsWith('@') ? 3 : 2).join('/');
  }
  // Root-relative posix paths only (no Node 'path': the graph view's page bundles this module).
  const slash = file.lastIndexOf('/');
  return slash < 0 ? '.' : slash === 0 ? '/' : file.slice(0, slash);
}

/** The shown nodes (not inputs) with the most cut neighbours, most first, then nearest first; each named as a query selects it. */
export function queryNext(
  nodes: readonly GraphNode[],
  inputs: ReadonlySet<string>,
  cutAt: Record<string, number>,
  askAs: Record<string, string> = {},
): Array<{ name: string; file: string; cut: number }> {
  return nodes
    .filter((n) => !inputs.has(n.id) && (cutAt[n.id] ?? 0) > 0)
    .map((n, i) => ({ n, i }))
    .sort((a, b) => cutAt[b.n.id] - cutAt[a.n.id] || a.i - b.i)
    .slice(0, MAX_QUERY_NEXT)
    .map(({ n }) => ({ name: Object.prototype.hasOwnProperty.call(askAs, n.id) ? askAs[n.id] : n.kind === 'module' ? '<module>' : n.name, file: n.file, cut: cutAt[n.id] }));
}
