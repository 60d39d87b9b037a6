import dagre from '@dagrejs/dagre';
import { alongCubic, alongPolyline, headsOf, LABEL_SPOTS, labelEdges, Point } from './labels';
import { ClassFrame, NODE_HEIGHT, stackRows } from './fileBox';
import { isUnder, Item, VisibleGraph } from '../foldModel';
import { Box, boxesOf, fileLabel, foldersOf, headWidth, itemSize } from './boxes';
import type { Badges, Layout, Rankdir, Rect } from './types';

/** Above this many boxes folders are not drawn as nested clusters (dagre's compound layout needs seconds). */
const MAX_COMPOUND_BOXES = 160;

/**
 * Lays the visible graph out: each file's drawn symbols stacked in one box under the file's name
 * (a class's members in a box under the class, its folded rest as the last row), folded folders as
 * boxes of their own, the boxes in nested folder clusters, all in layers along the edges between
 * them (dagre, left-right or top-down; compound nodes for the folders). Edges run from row to row;
 * their labels go where they overlap nothing. `folders: false` leaves the folder clusters out (a
 * cheaper layout the page uses to try folds). columns.ts is the other layout, our own; the page
 * uses this one top-down only (layout/choose.ts says why).
 */
export function layoutGraph(vis: VisibleGraph, measure: (text: string) => number, rankdir: Rankdir, badges: Badges, folders = true): Layout {
  const boxes = boxesOf(vis);
  const tree = folders && boxes.size <= MAX_COMPOUND_BOXES ? foldersOf(boxes) : { parentOf: new Map<string, string>(), frames: new Map<string, string | undefined>() };
  try {
    return place(vis, boxes, tree, measure, rankdir, badges);
  } catch {
    // dagre's compound layout can fail on some graphs ("intersection inside the rectangle"): draw without folder clusters.
    if (tree.frames.size === 0) throw new Error('the layout failed');
    return place(vis, boxes, { parentOf: new Map(), frames: new Map() }, measure, rankdir, badges);
  }
}

type Graph = InstanceType<typeof dagre.graphlib.Graph>;

function place(
  vis: VisibleGraph,
  boxes: Map<string, Box>,
  tree: { parentOf: Map<string, string>; frames: Map<string, string | undefined> },
  measure: (text: string) => number,
  rankdir: Rankdir,
  badges: Badges,
): Layout {
  const compound = tree.frames.size > 0;
  const inside = (path: string, boxId: string): string => fileLabel(path, tree.parentOf.get(boxId));
  const boxOf = new Map<string, string>();
  const stacks = new Map<string, ReturnType<typeof stackRows>>();
  for (const [id, box] of boxes) {
    const head = box.file ? headWidth(inside(box.file, id), measure) : undefined;
    stacks.set(id, stackRows(box.rows, (item) => itemSize(item, measure, badges).width, head));
    for (const r of box.rows) boxOf.set(r.id, id);
  }
  const g = new dagre.graphlib.Graph({ compound });
  // A folder's name sits in the room dagre leaves above its children: edgesep in a left-right
  // drawing (clusters' top and bottom are the order axis), half a rank in a top-down one.
  g.setGraph({ rankdir, nodesep: rankdir === 'LR' ? 18 : 30, ranksep: rankdir === 'LR' ? 90 : 60, edgesep: compound && rankdir === 'LR' ? 46 : 20, marginx: 16, marginy: 16 });
  g.setDefaultEdgeLabel(() => ({}));
  for (const [id, s] of stacks) g.setNode(id, { width: s.width, height: s.height });
  for (const [dir, parent] of tree.frames) {
    g.setNode(`d:${dir}`, {});
    if (parent) g.setParent(`d:${dir}`, `d:${parent}`);
  }
  for (const [id, frame] of tree.parentOf) g.setParent(id, frame);
  for (const e of vis.edges) {
    const a = boxOf.get(e.from);
    const b = boxOf.get(e.to);
    if (!a || !b || a === b) continue;
    const known = g.edge(a, b) as { weight?: number } | undefined;
    g.setEdge(a, b, { weight: (known?.weight ?? 0) + 1, minlen: 1 });
  }
  dagre.layout(g);
  const items = new Map<string, Rect>();
  const clusters = new Map<string, Rect & { file: string; label: string }>();
  const classes: ClassFrame[] = [];
  for (const [id, box] of boxes) {
    const n = g.node(id);
    const s = stacks.get(id)!;
    const x = (n.x ?? 0) - s.width / 2;
    const y = (n.y ?? 0) - s.height / 2;
    if (box.file) clusters.set(id, { x, y, width: s.width, height: s.height, file: box.file, label: inside(box.file, id) });
    for (const r of s.rows) items.set(r.item.id, { x: x + r.x, y: y + r.y, width: r.width, height: NODE_HEIGHT });
    for (const f of s.frames) classes.push({ ...f, x: x + f.x, y: y + f.y });
  }
  const folderRects = new Map<string, Rect & { dir: string; label: string; count: number; depth: number }>();
  for (const [dir, parent] of tree.frames) {
    const n = g.node(`d:${dir}`);
    if (!n || !Number.isFinite(n.width)) continue;
    let depth = 0;
    for (let p = parent; p; p = tree.frames.get(p)) depth++;
    const count = vis.items.filter((i) => { const p = i.kind === 'node' ? i.node.file : pathOfBundle(i); return p === dir || isUnder(p, dir); }).reduce((sum, i) => sum + (i.kind === 'node' ? 1 : i.members.length), 0);
    folderRects.set(`d:${dir}`, { x: (n.x ?? 0) - n.width / 2, y: (n.y ?? 0) - (n.height ?? 0) / 2, width: n.width, height: n.height ?? 0, dir, label: `${parent ? dir.slice(parent.length + 1) : dir}/`, count, depth });
  }
  const edges = routeEdges(vis, g, items, boxOf, rankdir, measure, headsOf({ clusters, folders: folderRects }, measure));
  const size = g.graph();
  const width = Number.isFinite(size.width) ? (size.width ?? 0) : 0;
  const height = Number.isFinite(size.height) ? (size.height ?? 0) : 0;
  return { rankdir, engine: 'dagre', wrap: 1, width, height, items, clusters, folders: folderRects, classes, edges };
}

function pathOfBundle(item: Extract<Item, { kind: 'bundle' }>): string {
  if (item.key.startsWith('dir:')) return item.key.slice(4);
  if (item.key.startsWith('file:')) return item.key.slice(5);
  return '.';
}


/** An edge's end: its row, whether the row is the first or last of its box, and the box. */
type End = Rect & { first: boolean; last: boolean; box: Rect };

/**
 * The first points of an edge leaving row `r` (`out`), or its last points entering it, in a top-down
 * drawing heading `down` or up: through the middle of the row's bottom or top when nothing of its box
 * lies that way; else from its right side (leaving) or into its left side (entering), round the
 * outside of its box, so the edge never runs over the box's other rows.
 */
function tbWay(r: End, out: boolean, down: boolean): Point[] {
  const sign = down ? 1 : -1;
  const free = out === down ? r.last : r.first;
  if (free) {
    const at = { x: r.x + r.width / 2, y: out === down ? r.y + r.height : r.y };
    const step = { x: at.x, y: at.y + (out ? sign : -sign) * 14 };
    return out ? [at, step] : [step, at];
  }
  const side = out ? r.x + r.width : r.x;
  const lane = out ? r.box.x + r.box.width + 14 : r.box.x - 14;
  const y = r.y + r.height / 2;
  const edge = out === down ? r.box.y + r.box.height + 10 : r.box.y - 10;
  return out ? [{ x: side, y }, { x: lane, y }, { x: lane, y: edge }] : [{ x: lane, y: edge }, { x: lane, y }, { x: side, y }];
}

/** A smooth curve through points (straight ends, rounded corners), and its label spots. */
function smooth(points: Point[]): { d: string; spots: Point[] } {
  let d = `M${points[0].x},${points[0].y}`;
  for (let i = 1; i < points.length - 1; i++) {
    const next = i === points.length - 2 ? points[i + 1] : { x: (points[i].x + points[i + 1].x) / 2, y: (points[i].y + points[i + 1].y) / 2 };
    d += ` Q${points[i].x},${points[i].y} ${next.x},${next.y}`;
  }
  if (points.length === 2) d += ` L${points[1].x},${points[1].y}`;
  return { d, spots: alongPolyline(points, LABEL_SPOTS) };
}

/** Every edge's path, and its label where it covers no other label and no node. */
function routeEdges(vis: VisibleGraph, g: Graph, items: Map<string, Rect>, boxOf: Map<string, string>, rankdir: Rankdir, measure: (text: string) => number, heads: Rect[]): Layout['edges'] {
  const paths = new Map<string, { d: string; spots: Point[] }>();
  // Per box, its first and last row: only those can take an edge through the box's top or bottom
  // (top-down) without crossing the rows in between; the others take it on their side.
  const span = new Map<string, { top: number; bottom: number }>();
  for (const [id, r] of items) {
    const box = boxOf.get(id)!;
    const known = span.get(box);
    span.set(box, { top: Math.min(known?.top ?? Infinity, r.y), bottom: Math.max(known?.bottom ?? -Infinity, r.y) });
  }
  const boxRect = (box: string): Rect => {
    const n = g.node(box) as { x?: number; y?: number; width: number; height: number };
    return { x: (n.x ?? 0) - n.width / 2, y: (n.y ?? 0) - n.height / 2, width: n.width, height: n.height };
  };
  const endOf = (r: Rect, box: string): End => ({ ...r, first: r.y <= span.get(box)!.top + 0.5, last: r.y >= span.get(box)!.bottom - 0.5, box: boxRect(box) });
  for (const e of vis.edges) {
    const ra = items.get(e.from);
    const rb = items.get(e.to);
    if (!ra || !rb) continue;
    const from = boxOf.get(e.from)!;
    const to = boxOf.get(e.to)!;
    const a = endOf(ra, from);
    const b = endOf(rb, to);
    // Between boxes more than a layer apart, follow dagre's route for the boxes (it goes around
    // the boxes in between) from row to row; next to each other, a plain curve.
    const via = from === to ? undefined : ((g.edge(from, to) as { points?: Point[] } | undefined)?.points ?? [...((g.edge(to, from) as { points?: Point[] } | undefined)?.points ?? [])].reverse());
    const inner = via && via.length > 3 ? via.slice(1, -1) : undefined;
    paths.set(e.id, inner ? through(a, b, inner, rankdir) : route(a, b, from === to, rankdir));
  }
  return labelEdges(vis, paths, items, measure, heads, rankdir === 'TB' ? 'y' : 'x');
}

/** From a row's side (or bottom/top, top-down) through dagre's bend points to the other row: a smooth curve. */
function through(a: End, b: End, inner: Point[], rankdir: Rankdir): { d: string; spots: Point[] } {
  const first = inner[0];
  const last = inner[inner.length - 1];
  if (rankdir === 'TB') return smooth([...tbWay(a, true, first.y > a.y + a.height / 2), ...inner, ...tbWay(b, false, last.y < b.y + b.height / 2)]);
  const port = (r: Rect, toward: Point): Point => ({ x: toward.x > r.x + r.width / 2 ? r.x + r.width : r.x, y: r.y + r.height / 2 });
  return smooth([port(a, first), ...inner, port(b, last)]);
}

/**
 * An edge from row to row: out of the side facing the target, into the side facing the source;
 * between rows of one box (or boxes stacked over each other), an arc out on the right.
 */
function route(a: End, b: End, sameBox: boolean, rankdir: Rankdir): { d: string; spots: Point[] } {
  const ay = a.y + a.height / 2;
  const by = b.y + b.height / 2;
  let p0: Point;
  let p3: Point;
  let c1: Point;
  let c2: Point;
  const below = b.y >= a.y + a.height + 8;
  const above = b.y + b.height + 8 <= a.y;
  if (!sameBox && rankdir === 'TB' && (below || above)) {
    // Top-down layers: out of the bottom (or top) of the row, into the top (or bottom) of the other,
    // or round their boxes where other rows are in the way.
    return smooth([...tbWay(a, true, below), ...tbWay(b, false, below)]);
  } else if (!sameBox && b.x >= a.x + a.width - 1) {
    p0 = { x: a.x + a.width, y: ay };
    p3 = { x: b.x, y: by };
    const dx = Math.max(30, (p3.x - p0.x) / 2);
    c1 = { x: p0.x + dx, y: ay };
    c2 = { x: p3.x - dx, y: by };
  } else if (!sameBox && b.x + b.width <= a.x + 1) {
    p0 = { x: a.x, y: ay };
    p3 = { x: b.x + b.width, y: by };
    const dx = Math.max(30, (p0.x - p3.x) / 2);
    c1 = { x: p0.x - dx, y: ay };
    c2 = { x: p3.x + dx, y: by };
  } else {
    p0 = { x: a.x + a.width, y: ay };
    p3 = { x: b.x + b.width, y: by };
    const bulge = 26 + Math.min(40, Math.abs(by - ay) / 6);
    const right = Math.max(p0.x, p3.x) + bulge;
    c1 = { x: right, y: ay };
    c2 = { x: right, y: by };
  }
  return { d: `M${p0.x},${p0.y} C${c1.x},${c1.y} ${c2.x},${c2.y} ${p3.x},${p3.y}`, spots: alongCubic(p0, c1, c2, p3, LABEL_SPOTS) };
}
