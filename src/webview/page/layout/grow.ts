import { ranksOf } from './columnRanks';
import { NODE_HEIGHT, stackRows } from './fileBox';
import { isUnder, Item, VisibleGraph } from '../foldModel';
import { boxesOf, headWidth, itemSize } from './boxes';
import { alongCubic, alongPolyline, columnsOf, edgeFans, headsOf, LABEL_SPOTS, placeLabels, towardEnd } from './labels';
import { pathOf } from './columnPaths';
import { clipAtHeads } from './clip';
import type { Badges, Layout, Point, Rect } from './types';

/**
 * A person's own step (a box opened, a badge, find opening a fold, Back to a bigger fold) grows the
 * picture outward instead of laying it out again: everything drawn before that is still drawn
 * keeps its box, and every old edge its path; what is new is stacked in boxes of its own and put
 * in the nearest free room of the column its rank belongs to (a new column past the drawing's
 * edge for a rank it did not have), at the height of what it links to. A top-down (dagre) picture
 * grows the same way along its own axis. Nothing drawn moves, so the map a person built holds.
 */
const GAP = 12;
const COLUMN_GAP = 76;

type Flip = <T extends Rect>(r: T) => T;

export function grow(prevVis: VisibleGraph, prev: Layout, vis: VisibleGraph, measure: (text: string) => number, badges: Badges): Layout {
  // A top-down picture is grown as if it were left-right: every rectangle flipped over its diagonal, and back.
  const flip: Flip = prev.rankdir === 'TB' ? (r) => ({ ...r, x: r.y, y: r.x, width: r.height, height: r.width }) : (r) => r;
  const kept = keptItems(prevVis, prev, vis);
  const items = new Map<string, Rect>();
  for (const id of kept) items.set(id, prev.items.get(id)!);
  const clusters: Layout['clusters'] = new Map();
  for (const [id, c] of prev.clusters) if ([...kept].some((k) => inside(prev.items.get(k)!, c))) clusters.set(id, c);
  const classes = prev.classes.filter((f) => [...kept].some((k) => inside(prev.items.get(k)!, f)));
  const folders: Layout['folders'] = new Map();
  for (const [id, f] of prev.folders) {
    const count = vis.items.filter((i) => kept.has(i.id) && inside(prev.items.get(i.id)!, f)).reduce((n, i) => n + (i.kind === 'node' ? 1 : i.members.length), 0);
    if (count > 0) folders.set(id, { ...f, count });
  }
  // Where things are, flipped: what a new box must not meet, and each rank's columns.
  // A folder's frame is no obstacle to a new box of that folder: the box may take the room its folded things left.
  const taken: Array<Rect & { dir?: string }> = [...clusters.values(), ...folders.values(), ...[...kept].filter((id) => !vis.items.find((i) => i.id === id)?.cluster).map((id) => items.get(id)!)].map(flip);
  const rank = ranksOf(vis);
  const columns = new Map<number, Array<{ left: number; right: number }>>();
  for (const id of kept) {
    const r = flip(prev.items.get(id)!);
    const k = rank.get(id) ?? 0;
    const list = columns.get(k) ?? columns.set(k, []).get(k)!;
    if (!list.some((c) => Math.abs(c.left - r.x) < 40)) list.push({ left: r.x, right: r.x + r.width });
  }
  const fresh = { ...vis, items: vis.items.filter((i) => !kept.has(i.id)) };
  const centreOf = (id: string): number | undefined => {
    const r = items.get(id);
    return r ? flip(r).y + flip(r).height / 2 : undefined;
  };
  const boxes = [...boxesOf(fresh)].map(([id, box]) => {
    const head = box.file ? headWidth(box.file.split('/').pop() ?? box.file, measure) : undefined;
    const stack = stackRows(box.rows, (item) => itemSize(item, measure, badges).width, head);
    const ranks = box.rows.map((r) => rank.get(r.id) ?? 0);
    const k = ranks.reduce((a, b) => (Math.abs(b) < Math.abs(a) ? b : a), ranks[0]);
    return { id, box, stack, rank: k, anchor: anchorOf(box.rows, vis, prevVis, prev, centreOf, flip), hole: holeOf(box.rows, prevVis, prev, flip) };
  });
  boxes.sort((a, b) => Math.abs(a.rank) - Math.abs(b.rank) || a.anchor - b.anchor);
  for (const b of boxes) {
    const size = flip({ x: 0, y: 0, width: b.stack.width, height: b.stack.height });
    // Where its things were drawn before (a file or folder just folded, a box just opened): that room first.
    const left = b.hole ? b.hole.x : columnFor(columns, b.rank, size.width, b.anchor, taken);
    const anchor = b.hole ? b.hole.y + Math.min(b.hole.height, size.height) / 2 : b.anchor;
    const y = freeSlot(taken.filter((t) => !t.dir || !isUnder(b.box.path, t.dir)), left, size.width, size.height, anchor);
    const place = flip({ x: left, y, width: size.width, height: size.height });
    taken.push({ x: left, y, width: size.width, height: size.height });
    if (b.box.file) clusters.set(clusters.has(b.id) ? `${b.id}#${items.size}` : b.id, { ...place, file: b.box.file, label: b.box.file.split('/').pop() ?? b.box.file });
    for (const r of b.stack.rows) items.set(r.item.id, { x: place.x + r.x, y: place.y + r.y, width: r.width, height: NODE_HEIGHT });
    for (const f of b.stack.frames) classes.push({ ...f, x: place.x + f.x, y: place.y + f.y });
  }
  const edges = route(prevVis, prev, vis, items, flip, measure, headsOf({ clusters, folders }, measure), [...clusters.values(), ...folders.values()]);
  const all = [...items.values(), ...clusters.values(), ...folders.values()];
  const width = Math.max(prev.width, ...all.map((r) => r.x + r.width + 20));
  const height = Math.max(prev.height, ...all.map((r) => r.y + r.height + 16));
  return { ...prev, width, height, items, clusters, folders, classes, edges };
}

function inside(r: Rect, outer: Rect): boolean {
  return r.x >= outer.x - 0.5 && r.y >= outer.y - 0.5 && r.x + r.width <= outer.x + outer.width + 0.5 && r.y + r.height <= outer.y + outer.height + 0.5;
}

/** Items drawn before and now, as the same thing (a node in the same file box; a folded box holding the same symbols). */
function keptItems(prevVis: VisibleGraph, prev: Layout, vis: VisibleGraph): Set<string> {
  const before = new Map(prevVis.items.map((i) => [i.id, i]));
  const out = new Set<string>();
  for (const i of vis.items) {
    const b = before.get(i.id);
    if (!b || !prev.items.has(i.id) || b.kind !== i.kind || b.cluster !== i.cluster) continue;
    if (b.kind === 'bundle' && i.kind === 'bundle' && b.members.join() !== i.members.join()) continue;
    out.add(i.id);
  }
  return out;
}

/** The height a new box wants: the middle of the drawn things it links to, else of the box it came out of. */
function anchorOf(rows: Item[], vis: VisibleGraph, prevVis: VisibleGraph, prev: Layout, centreOf: (id: string) => number | undefined, flip: Flip): number {
  const ids = new Set(rows.map((r) => r.id));
  const ys: number[] = [];
  for (const e of vis.edges) {
    if (ids.has(e.from) && !ids.has(e.to)) ys.push(centreOf(e.to) ?? NaN);
    if (ids.has(e.to) && !ids.has(e.from)) ys.push(centreOf(e.from) ?? NaN);
  }
  const linked = ys.filter(Number.isFinite);
  if (linked.length > 0) return linked.reduce((a, b) => a + b, 0) / linked.length;
  const members = new Set(rows.flatMap((r) => (r.kind === 'bundle' ? r.members : [r.id])));
  const source = prevVis.items.find((i) => i.kind === 'bundle' && i.members.some((m) => members.has(m)));
  const r = source ? prev.items.get(source.id) : undefined;
  return r ? flip(r).y + flip(r).height / 2 : flip({ x: 0, y: 0, width: prev.width, height: prev.height }).height / 2;
}

/** The room (flipped) a new box's things took before: the old rows of what it holds, or the box they came out of. */
function holeOf(rows: Item[], prevVis: VisibleGraph, prev: Layout, flip: Flip): Rect | undefined {
  const rects: Rect[] = [];
  for (const r of rows) {
    // A box drawn before under the same name that now holds more or fewer symbols: its own room.
    const same = r.kind === 'bundle' ? prev.items.get(r.id) : undefined;
    if (same) rects.push(same);
    for (const m of r.kind === 'bundle' ? r.members : [r.id]) {
      const was = prev.items.get(m);
      if (was) rects.push(was);
    }
    if (r.kind === 'node') {
      const source = prevVis.items.find((i) => i.kind === 'bundle' && i.members.includes(r.id));
      const was = source ? prev.items.get(source.id) : undefined;
      if (was) rects.push(was);
    }
  }
  if (rects.length === 0) return undefined;
  const f = rects.map(flip);
  const x = Math.min(...f.map((q) => q.x));
  const y = Math.min(...f.map((q) => q.y));
  return { x, y, width: Math.max(...f.map((q) => q.x + q.width)) - x, height: Math.max(...f.map((q) => q.y + q.height)) - y };
}

/** The left of the column a new box of `rank` goes to: the rank's column nearest its anchor, or a new one past the drawing's edge. */
function columnFor(columns: Map<number, Array<{ left: number; right: number }>>, rank: number, width: number, anchor: number, taken: Rect[]): number {
  const own = columns.get(rank);
  if (own && own.length > 0) {
    const near = (c: { left: number }): number => Math.min(...taken.filter((t) => Math.abs(t.x - c.left) < 40).map((t) => Math.abs(t.y + t.height / 2 - anchor)), Infinity);
    return [...own].sort((a, b) => near(a) - near(b))[0].left;
  }
  const all = [...columns.values()].flat();
  const ranks = [...columns.keys()];
  const right = rank > Math.max(0, ...ranks);
  const left = right ? Math.max(0, ...all.map((c) => c.right), ...taken.map((t) => t.x + t.width)) + COLUMN_GAP : Math.min(0, ...all.map((c) => c.left), ...taken.map((t) => t.x)) - COLUMN_GAP - width;
  columns.set(rank, [{ left, right: left + width }]);
  return left;
}

/** The top of the free room nearest `anchor` (a box's middle) in the strip [left, left + width]. */
function freeSlot(taken: Rect[], left: number, width: number, height: number, anchor: number): number {
  const strip = taken.filter((t) => t.x < left + width + GAP && t.x + t.width > left - GAP);
  const fits = (y: number): boolean => strip.every((t) => y + height + GAP <= t.y || y >= t.y + t.height + GAP);
  const want = anchor - height / 2;
  const candidates = [want, ...strip.flatMap((t) => [t.y + t.height + GAP, t.y - GAP - height])].sort((a, b) => Math.abs(a - want) - Math.abs(b - want));
  return candidates.find(fits) ?? Math.max(...strip.map((t) => t.y + t.height), 0) + GAP;
}

/** Old edges keep their paths and labels; a new edge is a curve from side to side (flipped: top to bottom), its label where it meets nothing. */
function route(prevVis: VisibleGraph, prev: Layout, vis: VisibleGraph, items: Map<string, Rect>, flip: Flip, measure: (text: string) => number, heads: Rect[], frames: Rect[]): Layout['edges'] {
  const key = (e: VisibleGraph['edges'][number]): string => `${e.from}\u0000${e.to}\u0000${e.edges.map((x) => x.type).join()}`;
  const before = new Map(prevVis.edges.map((e) => [key(e), prev.edges.get(e.id)]));
  const paths = new Map<string, { d: string; spots: Point[]; text: string }>();
  const fans = edgeFans(vis, columnsOf(items, prev.rankdir === 'TB' ? 'y' : 'x'));
  const texts = fans.texts;
  const back = (p: Point): Point => (flip({ x: p.x, y: p.y, width: 0, height: 0 }) as Point);
  const kept = (e: VisibleGraph['edges'][number]): boolean => before.get(key(e)) !== undefined && prev.items.get(e.from) === items.get(e.from) && prev.items.get(e.to) === items.get(e.to);
  const trunk = newTrunks(vis.edges.filter((e) => !kept(e)), items, frames, flip);
  for (const e of vis.edges) {
    const a = items.get(e.from);
    const b = items.get(e.to);
    if (!a || !b) continue;
    const old = before.get(key(e));
    const text = texts.get(e.id) ?? '';
    if (old && kept(e)) {
      paths.set(e.id, { d: old.d, spots: old.label ? [old.label] : [], text });
      continue;
    }
    const [fa, fb] = [flip(a), flip(b)];
    const bus = trunk(e);
    if (bus) {
      // Swap each (x, y) back for a top-down picture.
      const d = prev.rankdir === 'TB' ? bus.d.replace(/(-?[\d.]+(?:e-?\d+)?),(-?[\d.]+(?:e-?\d+)?)/g, '$2,$1') : bus.d;
      paths.set(e.id, { d, spots: alongPolyline(bus.points.map(back), LABEL_SPOTS), text });
      continue;
    }
    const ay = fa.y + fa.height / 2;
    const by = fb.y + fb.height / 2;
    let p0: Point, p3: Point, c1: Point, c2: Point;
    if (fb.x >= fa.x + fa.width - 1 || fb.x + fb.width <= fa.x + 1) {
      const right = fb.x >= fa.x + fa.width - 1;
      p0 = { x: right ? fa.x + fa.width : fa.x, y: ay };
      p3 = { x: right ? fb.x : fb.x + fb.width, y: by };
      const dx = Math.max(30, Math.abs(p3.x - p0.x) / 2) * (right ? 1 : -1);
      c1 = { x: p0.x + dx, y: ay };
      c2 = { x: p3.x - dx, y: by };
    } else {
      p0 = { x: fa.x + fa.width, y: ay };
      p3 = { x: fb.x + fb.width, y: by };
      const far = Math.max(p0.x, p3.x) + 26 + Math.min(40, Math.abs(by - ay) / 6);
      c1 = { x: far, y: ay };
      c2 = { x: far, y: by };
    }
    const [q0, q1, q2, q3] = [p0, c1, c2, p3].map(back);
    paths.set(e.id, { d: `M${q0.x},${q0.y} C${q1.x},${q1.y} ${q2.x},${q2.y} ${q3.x},${q3.y}`, spots: alongCubic(q0, q1, q2, q3, LABEL_SPOTS), text });
  }
  const requests = [...paths].filter(([, p]) => p.text !== '').map(([id, p]) => ({ id, width: measure(p.text) * (10 / 12) + 6, height: 12, spots: towardEnd(p.spots, fans.shared.get(id)) }));
  const spots = placeLabels(requests, [...items.values(), ...heads]);
  const out: Layout['edges'] = new Map();
  // Every line, old ones too, is cut where it would cross a name (a new box's name may sit on an old line).
  for (const [id, p] of paths) out.set(id, { d: clipAtHeads(p.d, heads), label: spots.get(id), text: p.text });
  return out;
}


/** A node with this many new edges into one of its sides gets a trunk there (as in the column layout). */
const BUSY = 4;
const TRUNK_OFF = 12;
const TRUNK_STEP = 6;

/**
 * Trunks for a step's new edges (flipped coordinates): a node that BUSY or more new edges enter on
 * its left side (or leave on its right) gets a vertical line just outside its frames, in the gap
 * beside its column; an edge takes it when its level run to the line and the line itself meet no
 * box or frame but its own ends' (else it stays a curve). Returns each such edge's path.
 */
function newTrunks(edges: VisibleGraph['edges'], items: Map<string, Rect>, frames: Rect[], flip: Flip): (e: VisibleGraph['edges'][number]) => { d: string; points: Point[] } | undefined {
  const boxes = [...items.values()].map(flip);
  const walls = frames.map(flip);
  const sides = new Map<string, { l: string; r: string }>();
  const inCount = new Map<string, number>();
  const outCount = new Map<string, number>();
  const sameCount = new Map<string, number>();
  const sameSpan = new Map<string, { min: number; max: number }>();
  for (const e of edges) {
    const [a, b] = [items.get(e.from), items.get(e.to)];
    if (!a || !b) continue;
    const [fa, fb] = [flip(a), flip(b)];
    const lr = fb.x >= fa.x + fa.width - 1 ? { l: e.from, r: e.to } : fb.x + fb.width <= fa.x + 1 ? { l: e.to, r: e.from } : undefined;
    if (!lr) {
      // Both ends in one column: an arc out on the right. Many at one node make nested arcs; they share a trunk there.
      for (const end of [e.from, e.to]) {
        sameCount.set(end, (sameCount.get(end) ?? 0) + 1);
        const span = sameSpan.get(end) ?? { min: Infinity, max: -Infinity };
        span.min = Math.min(span.min, fa.y, fb.y);
        span.max = Math.max(span.max, fa.y + fa.height, fb.y + fb.height);
        sameSpan.set(end, span);
      }
      continue;
    }
    sides.set(e.id, lr);
    inCount.set(lr.r, (inCount.get(lr.r) ?? 0) + 1);
    outCount.set(lr.l, (outCount.get(lr.l) ?? 0) + 1);
  }
  const holds = (outer: Rect, r: Rect): boolean => r.x >= outer.x - 0.5 && r.y >= outer.y - 0.5 && r.x + r.width <= outer.x + outer.width + 0.5 && r.y + r.height <= outer.y + outer.height + 0.5;
  /**
   * The line beside each busy node: past the outermost frame round it and past every box and frame
   * of its column (a wider box above or below would cut the trunk, and the edges would fall back to
   * a wall of curves), a step apart per busy node of one column.
   */
  const lines = (counts: Map<string, number>, side: 1 | -1, used = new Map<number, number>()): Map<string, number> => {
    const out = new Map<string, number>();
    const busy = [...counts].filter(([, n]) => n >= BUSY).map(([id]) => id).sort((p, q) => flip(items.get(p)!).y - flip(items.get(q)!).y);
    for (const id of busy) {
      const r = flip(items.get(id)!);
      const around = walls.filter((w) => holds(w, r));
      // Of its column: what overlaps it across and reaches at most half a gap past it (not a frame spanning columns).
      const beyond = (b: Rect): number => (side === 1 ? b.x + b.width - (r.x + r.width) : r.x - b.x);
      const column = [...boxes, ...walls].filter((b) => b.x < r.x + r.width && r.x < b.x + b.width && beyond(b) < COLUMN_GAP / 2);
      const near = [...around, ...column];
      const edge = side === 1 ? Math.max(r.x + r.width, ...near.map((w) => w.x + w.width)) : Math.min(r.x, ...near.map((w) => w.x));
      const k = used.get(Math.round(edge)) ?? 0;
      used.set(Math.round(edge), k + 1);
      out.set(id, edge + side * (TRUNK_OFF + TRUNK_STEP * (k % 3)));
    }
    return out;
  };
  const into = lines(inCount, -1);
  // Right of a column: the trunks out of its nodes and those of its arcs, each on a line of its own.
  const right = new Map<number, number>();
  const outOf = lines(outCount, 1, right);
  /** A busy node's trunk for its edges within its column: right of every box and frame of the column between its ends. */
  const beside = new Map<string, number>();
  for (const [id, n] of [...sameCount].sort((p, q) => flip(items.get(p[0])!).y - flip(items.get(q[0])!).y)) {
    if (n < BUSY) continue;
    const r = flip(items.get(id)!);
    const span = sameSpan.get(id)!;
    const column = [...boxes, ...walls].filter((b) => b.x < r.x + r.width && r.x < b.x + b.width && b.x > r.x - COLUMN_GAP / 2 && b.y < span.max && span.min < b.y + b.height);
    const edge = Math.max(r.x + r.width, ...column.map((b) => b.x + b.width));
    const k = right.get(Math.round(edge)) ?? 0;
    right.set(Math.round(edge), k + 1);
    beside.set(id, edge + TRUNK_OFF + TRUNK_STEP * (k % 3));
  }
  /** Whether the segment (axis-parallel) meets a box or a frame other than those round `ends`. */
  const clear = (x1: number, y1: number, x2: number, y2: number, ends: Rect[]): boolean => {
    const seg = { x: Math.min(x1, x2) - 1, y: Math.min(y1, y2) - 1, width: Math.abs(x2 - x1) + 2, height: Math.abs(y2 - y1) + 2 };
    const meets = (r: Rect): boolean => seg.x < r.x + r.width && r.x < seg.x + seg.width && seg.y < r.y + r.height && r.y < seg.y + seg.height;
    return [...boxes, ...walls].every((r) => !meets(r) || ends.some((e) => holds(r, e) || holds(e, r)));
  };
  return (e) => {
    const lr = sides.get(e.id);
    if (!lr) return besideColumn(e);
    const [l, r] = [flip(items.get(lr.l)!), flip(items.get(lr.r)!)];
    const ly = l.y + l.height / 2;
    const ry = r.y + r.height / 2;
    const inX = into.get(lr.r);
    const outX = outOf.get(lr.l);
    let x: number | undefined;
    if (inX !== undefined && inX > l.x + l.width && clear(l.x + l.width, ly, inX, ly, [l]) && clear(inX, ly, inX, ry, [])) x = inX;
    else if (outX !== undefined && outX < r.x && clear(outX, ly, outX, ry, []) && clear(outX, ry, r.x, ry, [r])) x = outX;
    if (x === undefined) return undefined;
    const from = e.from === lr.l ? { x: l.x + l.width, y: ly } : { x: r.x, y: ry };
    const to = e.from === lr.l ? { x: r.x, y: ry } : { x: l.x + l.width, y: ly };
    return pathOf(from, [{ to, curve: false, bus: x }]);
  };
  /** An edge within one column, at a node with BUSY or more such edges: out level to that node's trunk right of the column, along it, and back in. */
  function besideColumn(e: VisibleGraph['edges'][number]): { d: string; points: Point[] } | undefined {
    const x = beside.get(e.to) ?? beside.get(e.from);
    if (x === undefined) return undefined;
    const [a, b] = [flip(items.get(e.from)!), flip(items.get(e.to)!)];
    const from = { x: a.x + a.width, y: a.y + a.height / 2 };
    const to = { x: b.x + b.width, y: b.y + b.height / 2 };
    if (x <= Math.max(from.x, to.x) || !clear(from.x, from.y, x, from.y, [a]) || !clear(x, from.y, x, to.y, [a, b]) || !clear(to.x, to.y, x, to.y, [b])) return undefined;
    return pathOf(from, [{ to, curve: false, bus: x }]);
  }
}
