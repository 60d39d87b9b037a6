import type { DiagramEdge, DiagramModel, DiagramNode } from '../../core/diagram/DiagramTypes';

/**
 * What the page draws of a model: the nodes near the queried symbols one by one, grouped into
 * their files, and everything farther folded into counted bundles (per file, per folder, per top
 * folder, or one for all), so a drawing of any size fits the view at a readable size. No DOM here.
 *
 * A hidden node's bundle is found from the coarsest grain in force down to its file: a bundle the
 * person opened gives way to the next finer one, and an opened file bundle shows its nodes.
 */
export interface FoldState {
  /** Levels around the inputs drawn node by node (distance over the model's edges, either way). */
  depth: number;
  /** How far nodes are bundled: 0 per file, 1 per folder, 2 per the folder above, 3 per top folder, 4 one bundle (folders with one child skipped). */
  grain: number;
  /** The outermost open level is folded per file where a file has several of its nodes (a wide fan-out reads as files). */
  splitLast?: boolean;
  /** Bundle keys the person opened. */
  opened: Set<string>;
  /** Reserve nodes the person opened with a `+N` badge: drawn whatever the depth. */
  revealed: Set<string>;
  /** File clusters the person folded: drawn as their bundle. */
  closedFiles: Set<string>;
  /** Folder clusters the person folded: everything in them (but the queried symbols) drawn as one counted box. */
  closedDirs?: Set<string>;
}

export const GRAINS = 5;

export type Item =
  | { kind: 'node'; id: string; node: DiagramNode; cluster: string }
  | { kind: 'bundle'; id: string; key: string; label: string; members: string[]; cluster: string | undefined; distance: number };

export interface VisibleEdge {
  id: string;
  from: string;
  to: string;
  /** The model edges this drawn edge stands for (one, or several folded into a bundle's edge). */
  edges: DiagramEdge[];
}

export interface VisibleGraph {
  items: Item[];
  edges: VisibleEdge[];
  /** File cluster id → its file; clusters hold the drawn nodes (and their file's bundle). */
  clusters: Map<string, string>;
  /** Node id → distance from the inputs (every node of the model and the revealed reserve). */
  distance: Map<string, number>;
  /** Nodes drawn one by one, bundled and of the model (reserve not revealed left out). */
  shown: number;
  bundled: number;
  maxDistance: number;
}

/** All nodes the page may draw now: the answer's, plus the reserve nodes the person opened. */
export function presentNodes(model: DiagramModel, revealed: ReadonlySet<string>): { nodes: DiagramNode[]; edges: DiagramEdge[] } {
  const extra = (model.reserve?.nodes ?? []).filter((n) => revealed.has(n.id));
  const ids = new Set([...model.nodes.map((n) => n.id), ...extra.map((n) => n.id)]);
  const edges = [...model.edges, ...(model.reserve?.edges ?? []).filter((e) => ids.has(e.from) && ids.has(e.to))];
  return { nodes: [...model.nodes, ...extra], edges };
}

/** Breadth-first distance from the inputs over edges either way (iterative). Unreached nodes: one past the farthest. */
export function distances(nodes: readonly DiagramNode[], edges: readonly DiagramEdge[]): Map<string, number> {
  const adj = new Map<string, string[]>();
  for (const e of edges) {
    (adj.get(e.from) ?? adj.set(e.from, []).get(e.from)!).push(e.to);
    (adj.get(e.to) ?? adj.set(e.to, []).get(e.to)!).push(e.from);
  }
  const dist = new Map<string, number>();
  const queue = nodes.filter((n) => n.input).map((n) => n.id);
  if (queue.length === 0 && nodes.length > 0) queue.push(nodes[0].id);
  for (const id of queue) dist.set(id, 0);
  for (let head = 0; head < queue.length; head++) {
    const d = dist.get(queue[head])!;
    for (const next of adj.get(queue[head]) ?? []) {
      if (dist.has(next)) continue;
      dist.set(next, d + 1);
      queue.push(next);
    }
  }
  const far = Math.max(0, ...dist.values()) + 1;
  for (const n of nodes) if (!dist.has(n.id)) dist.set(n.id, far);
  return dist;
}

export function dirOf(file: string): string {
  const i = file.lastIndexOf('/');
  return i < 0 ? '.' : file.slice(0, i);
}

/** The folder a folder sits in (`.` for a top folder and for the root itself). */
export function parentDir(dir: string): string {
  return dir === '.' ? '.' : dirOf(dir);
}

/** True when `file` (or folder) lies inside folder `dir` (at any depth). */
export function isUnder(path: string, dir: string): boolean {
  return dir === '.' || path.startsWith(`${dir}/`);
}

/**
 * The folders worth a bundle or a cluster of their own: those holding at least two things (files or
 * folders) among `files`. A folder with one child holds exactly what that child holds (a chain like
 * node_modules/typescript/lib), so it is skipped and its child stands for it.
 */
export function branchingDirs(files: Iterable<string>): Set<string> {
  const children = new Map<string, Set<string>>();
  for (const file of files) {
    let child = file;
    let dir = dirOf(file);
    for (;;) {
      const set = children.get(dir) ?? children.set(dir, new Set()).get(dir)!;
      const known = set.has(child);
      set.add(child);
      if (known || dir === '.') break;
      child = dir;
      dir = parentDir(dir);
    }
  }
  return new Set([...children].filter(([dir, set]) => dir !== '.' && set.size >= 2).map(([dir]) => dir));
}

/**
 * A node's bundles from the finest to the coarsest: its file, each branching folder it is in
 * (innermost first), then one bundle for all.
 */
function chainOf(file: string, dirs: ReadonlySet<string>): Array<{ key: string; label: string }> {
  const out = [{ key: `file:${file}`, label: file.split('/').pop() ?? file }];
  for (let dir = dirOf(file); dir !== '.'; dir = parentDir(dir)) if (dirs.has(dir)) out.push({ key: `dir:${dir}`, label: `${dir}/` });
  out.push({ key: 'all', label: 'farther nodes' });
  return out;
}

/** Every bundle key that can hold a node of `file`: opening them all draws it. */
export function foldKeysOf(file: string): string[] {
  const keys = ['all', `file:${file}`];
  for (let dir = dirOf(file); dir !== '.'; dir = parentDir(dir)) keys.push(`dir:${dir}`);
  return keys;
}

/** Where a grain starts on a chain: 0 the file, 1 its folder, 2 the folder above, 3 the top folder, 4 all. */
function grainIndex(chainLength: number, grain: number): number {
  const lastDir = chainLength - 2;
  if (grain >= 4) return chainLength - 1;
  if (grain === 3) return Math.max(0, lastDir);
  return Math.min(grain, Math.max(0, lastDir));
}

export function visibleGraph(model: DiagramModel, state: FoldState): VisibleGraph {
  const { nodes, edges } = presentNodes(model, state.revealed);
  const distance = distances(nodes, edges);
  const items: Item[] = [];
  const itemOf = new Map<string, string>();
  const bundles = new Map<string, Extract<Item, { kind: 'bundle' }>>();
  const clusters = new Map<string, string>();
  const filesShown = new Set<string>();
  let shown = 0;
  const hidden: DiagramNode[] = [];
  const lastLevelFiles = new Map<string, number>();
  if (state.splitLast && state.depth > 0) {
    for (const n of nodes) if (distance.get(n.id) === state.depth) lastLevelFiles.set(n.file, (lastLevelFiles.get(n.file) ?? 0) + 1);
  }
  const splitHere = (n: DiagramNode, d: number): boolean => d === state.depth && (lastLevelFiles.get(n.file) ?? 0) > 1 && !state.opened.has(`file:${n.file}`);
  /** Draws `n` one by one, in its file's box. */
  const draw = (n: DiagramNode): void => {
    const cluster = `c:${n.file}`;
    clusters.set(cluster, n.file);
    filesShown.add(n.file);
    items.push({ kind: 'node', id: n.id, node: n, cluster });
    itemOf.set(n.id, n.id);
    shown++;
  };
  const dirs = branchingDirs(nodes.map((n) => n.file));
  const closedDirs = [...(state.closedDirs ?? [])].sort((a, b) => a.length - b.length);
  /** The outermost folder the person folded that holds `file`. */
  const closedDirOf = (file: string): string | undefined => closedDirs.find((d) => isUnder(file, d));
  for (const n of nodes) {
    const d = distance.get(n.id)!;
    const forced = n.input || state.revealed.has(n.id);
    const byDepth = d <= state.depth && !state.closedFiles.has(n.file) && !splitHere(n, d) && !closedDirOf(n.file);
    if (forced || byDepth) {
      draw(n);
      continue;
    }
    hidden.push(n);
  }
  for (const n of hidden) {
    let chosen: { key: string; label: string } | undefined;
    const inClosed = closedDirOf(n.file);
    const chain = chainOf(n.file, dirs);
    const closed = state.closedFiles.has(n.file) || splitHere(n, distance.get(n.id)!);
    if (inClosed) chosen = { key: `dir:${inClosed}`, label: `${inClosed}/` };
    for (let g = closed ? 0 : grainIndex(chain.length, state.grain); !chosen && g >= 0; g--) {
      if (!state.opened.has(chain[g].key) || (closed && g === 0)) chosen = chain[g];
    }
    if (!chosen) {
      // Every bundle on the way was opened: the node is drawn.
      draw(n);
      continue;
    }
    let bundle = bundles.get(chosen.key);
    if (!bundle) {
      bundle = { kind: 'bundle', id: `bundle:${chosen.key}`, key: chosen.key, label: chosen.label, members: [], cluster: undefined, distance: distance.get(n.id)! };
      bundles.set(chosen.key, bundle);
      items.push(bundle);
    }
    bundle.members.push(n.id);
    bundle.distance = Math.min(bundle.distance, distance.get(n.id)!);
    itemOf.set(n.id, bundle.id);
  }
  // A file bundle is a row of its file's box: "N more in this file" under the drawn ones, or alone.
  for (const b of bundles.values()) {
    if (!b.key.startsWith('file:')) continue;
    const file = b.key.slice('file:'.length);
    b.cluster = `c:${file}`;
    clusters.set(b.cluster, file);
    b.label = filesShown.has(file) ? 'more in this file' : 'in this file';
  }
  const merged = new Map<string, VisibleEdge>();
  for (const e of edges) {
    const from = itemOf.get(e.from);
    const to = itemOf.get(e.to);
    if (!from || !to || from === to) continue;
    // Node to node: one drawn edge per model edge (each type its own line, as the text lists them);
    // an edge of a bundle stands for all the model edges between the same two drawn things.
    const key = from === e.from && to === e.to ? `${from}\u0000${to}\u0000${e.type}` : `${from}\u0000${to}`;
    const v = merged.get(key);
    if (v) v.edges.push(e);
    else merged.set(key, { id: `e${merged.size}`, from, to, edges: [e] });
  }
  return {
    items,
    edges: [...merged.values()],
    clusters,
    distance,
    shown,
    bundled: [...bundles.values()].reduce((sum, b) => sum + b.members.length, 0),
    maxDistance: Math.max(0, ...[...distance.values()]),
  };
}

/**
 * Candidate fold states from the most detailed to the least: every level open; then per level
 * (farthest first) that level whole, then its files folded, each with farther nodes bundled per
 * file, per folder, or all in one; last, only the inputs with per-folder or one bundle.
 */
export function foldCandidates(maxDistance: number): Array<{ depth: number; grain: number; splitLast: boolean }> {
  const out: Array<{ depth: number; grain: number; splitLast: boolean }> = [{ depth: maxDistance, grain: 0, splitLast: false }];
  for (let depth = maxDistance; depth >= 1; depth--) {
    for (const splitLast of [false, true]) {
      for (const grain of [0, 1, 3, 4]) if (depth < maxDistance || splitLast) out.push({ depth, grain, splitLast });
    }
  }
  for (let grain = 0; grain < GRAINS; grain++) out.push({ depth: 0, grain, splitLast: false });
  return out;
}
