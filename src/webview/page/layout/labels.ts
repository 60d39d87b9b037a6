import { clipAtHeads } from './clip';
import type { DiagramNode } from '../../../core/diagram/DiagramTypes';
import type { Item, VisibleGraph } from '../foldModel';
import type { Layout, Point, Rect } from './types';

export type { Point };

/** An edge label's font size against a node name's (10 px to 12 px). */
const LABEL_SCALE = 10 / 12;

/**
 * What drawn things say (a node's name and subtitle, a folded box's count, an edge's types), and
 * where each edge's label goes: the first spot along its edge (middle first, then farther out)
 * where it covers no other label and no node; an edge with no such spot keeps its label hidden
 * until the edge is hovered, focused or next to the selected node. Labels never overlap each other.
 */
export interface LabelRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface LabelRequest {
  id: string;
  /** The label's width and height on the drawing. */
  width: number;
  height: number;
  /** Spots along the edge, best first. */
  spots: Point[];
}

/** Fractions along an edge tried for its label, middle first. */
export const LABEL_SPOTS = [0.5, 0.4, 0.6, 0.3, 0.7, 0.22, 0.78, 0.15, 0.85];

const CELL = 120;

/** A grid of rectangles: which ones a rectangle meets, without comparing against all of them. */
class RectGrid {
  private readonly cells = new Map<string, LabelRect[]>();

  add(r: LabelRect): void {
    for (const key of this.keys(r)) (this.cells.get(key) ?? this.cells.set(key, []).get(key)!).push(r);
  }

  meets(r: LabelRect): boolean {
    for (const key of this.keys(r)) for (const o of this.cells.get(key) ?? []) if (overlap(r, o)) return true;
    return false;
  }

  private keys(r: LabelRect): string[] {
    const out: string[] = [];
    for (let i = Math.floor(r.x / CELL); i <= Math.floor((r.x + r.width) / CELL); i++) {
      for (let j = Math.floor(r.y / CELL); j <= Math.floor((r.y + r.height) / CELL); j++) out.push(`${i},${j}`);
    }
    return out;
  }
}

export function overlap(a: LabelRect, b: LabelRect): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The label spot per edge id (its centre), or undefined where every spot is taken. */
export function placeLabels(requests: readonly LabelRequest[], obstacles: readonly LabelRect[]): Map<string, Point | undefined> {
  const taken = new RectGrid();
  const blocked = new RectGrid();
  for (const o of obstacles) blocked.add(o);
  const out = new Map<string, Point | undefined>();
  for (const r of requests) {
    let chosen: Point | undefined;
    for (const p of r.spots) {
      const box = { x: p.x - r.width / 2, y: p.y - r.height / 2, width: r.width, height: r.height };
      if (taken.meets(box) || blocked.meets(box)) continue;
      taken.add(box);
      chosen = p;
      break;
    }
    out.set(r.id, chosen);
  }
  return out;
}

/** Points at `fractions` of a polyline's length. */
export function alongPolyline(points: readonly Point[], fractions: readonly number[]): Point[] {
  const lengths = [0];
  for (let i = 1; i < points.length; i++) lengths.push(lengths[i - 1] + Math.hypot(points[i].x - points[i - 1].x, points[i].y - points[i - 1].y));
  const total = lengths[lengths.length - 1];
  return fractions.map((f) => {
    const at = f * total;
    let i = 1;
    while (i < points.length - 1 && lengths[i] < at) i++;
    const span = lengths[i] - lengths[i - 1] || 1;
    const t = Math.min(1, Math.max(0, (at - lengths[i - 1]) / span));
    return { x: points[i - 1].x + (points[i].x - points[i - 1].x) * t, y: points[i - 1].y + (points[i].y - points[i - 1].y) * t };
  });
}

/** Points at parameters `ts` of a cubic Bézier curve. */
export function alongCubic(p0: Point, c1: Point, c2: Point, p3: Point, ts: readonly number[]): Point[] {
  return ts.map((t) => {
    const u = 1 - t;
    const a = u * u * u;
    const b = 3 * u * u * t;
    const c = 3 * u * t * t;
    const d = t * t * t;
    return { x: a * p0.x + b * c1.x + c * c2.x + d * p3.x, y: a * p0.y + b * c1.y + c * c2.y + d * p3.y };
  });
}

/** A file box's name line, and a folder frame's (their names at 11 px against a node's 12). */
const FILE_HEAD_HEIGHT = 18;
const FOLDER_HEAD_HEIGHT = 20;

/**
 * The names of file boxes and folder frames, where an edge's label must not go (it hid a file's
 * name: "DERIVES_FROM" over "field/useReferenceOneFieldController.tsx"). Each as wide as its name,
 * at most its box.
 */
export function headsOf(layout: Pick<Layout, 'clusters' | 'folders'>, measure: (text: string) => number): Rect[] {
  const out: Rect[] = [];
  for (const c of layout.clusters.values()) out.push({ x: c.x, y: c.y, width: Math.min(c.width, measure(c.label) * (11 / 12) + 12), height: FILE_HEAD_HEIGHT });
  for (const f of layout.folders.values()) out.push({ x: f.x, y: f.y, width: Math.min(f.width, measure(`${f.label} (${f.count})`) * (11 / 12) * 1.06 + 16), height: FOLDER_HEAD_HEIGHT });
  return out;
}

/**
 * Edges' paths with their labels' spots: the first spot along each that covers no other label, no
 * node and no file's or folder's name (`heads`); a line is cut where it would cross such a name.
 */
export function labelEdges(vis: VisibleGraph, paths: Map<string, { d: string; spots: Point[] }>, items: Map<string, Rect>, measure: (text: string) => number, heads: readonly Rect[] = [], across: 'x' | 'y' = 'x'): Layout['edges'] {
  const fans = edgeFans(vis, columnsOf(items, across));
  const texts = fans.texts;
  const requests = vis.edges
    .filter((e) => paths.has(e.id) && texts.get(e.id) !== '')
    .map((e) => ({ id: e.id, width: measure(texts.get(e.id)!) * LABEL_SCALE + 6, height: 12, spots: towardEnd(paths.get(e.id)!.spots, fans.shared.get(e.id)) }));
  const spots = placeLabels(requests, [...items.values(), ...heads]);
  const out: Layout['edges'] = new Map();
  for (const [id, p] of paths) out.set(id, { d: clipAtHeads(p.d, heads), label: spots.get(id), text: texts.get(id) ?? '' });
  return out;
}

/**
 * A fan's one label goes near the end its edges share (where they meet, at the trunk), so it reads
 * as the label of them all: its spots (LABEL_SPOTS along the edge, from → to) nearest that end first.
 */
export function towardEnd(spots: Point[], end: 'from' | 'to' | undefined): Point[] {
  if (!end || spots.length !== LABEL_SPOTS.length) return spots;
  const want = end === 'to' ? 0.78 : 0.22;
  return spots.map((p, i) => ({ p, f: LABEL_SPOTS[i] })).sort((a, b) => Math.abs(a.f - want) - Math.abs(b.f - want)).map((x) => x.p);
}

/**
 * Each drawn item's column (LR: things whose x-extents overlap, chained; TB: their y-extents): what
 * tells a fan into one column from edges of the same node into another.
 */
export function columnsOf(items: Map<string, Rect>, across: 'x' | 'y' = 'x'): Map<string, number> {
  const spans = [...items].map(([id, r]) => (across === 'x' ? { id, lo: r.x, hi: r.x + r.width } : { id, lo: r.y, hi: r.y + r.height })).sort((a, b) => a.lo - b.lo);
  const out = new Map<string, number>();
  let column = -1;
  let reach = -Infinity;
  for (const s of spans) {
    if (s.lo >= reach) column++;
    reach = Math.max(reach, s.hi);
    out.set(s.id, column);
  }
  return out;
}

/** A fan is this many edges of one kind out of (or into) one drawn thing into one column: it is labelled once. */
const FAN = 2;

/** Each drawn edge's label ('' for drawn unlabelled), and for a fan's labelled edge the end its edges share. */
export function edgeTexts(vis: VisibleGraph, column?: Map<string, number>): Map<string, string> {
  return edgeFans(vis, column).texts;
}

/**
 * Parallel edges between the same two things (REFERENCES and CALLS) are one bundle with one label
 * naming their types; a fan of edges of the same types into or out of one thing, whose other ends
 * are in one column (`column`: each item's; without it, anywhere), is labelled once, with those
 * types (a HAS_PROPERTY fan says HAS_PROPERTY once). Every edge keeps its types in its colour, its
 * tooltip and its accessible name.
 */
export function edgeFans(vis: VisibleGraph, column?: Map<string, number>): { texts: Map<string, string>; shared: Map<string, 'from' | 'to'> } {
  const out = new Map<string, string>();
  const kinds = new Map<string, string[]>();
  const shared = new Map<string, 'from' | 'to'>();
  const pairs = new Map<string, VisibleGraph['edges']>();
  for (const e of vis.edges) {
    const pair = e.from < e.to ? `${e.from}\u0000${e.to}` : `${e.to}\u0000${e.from}`;
    (pairs.get(pair) ?? pairs.set(pair, []).get(pair)!).push(e);
  }
  for (const group of pairs.values()) {
    const types = group.flatMap((e) => e.edges.map((x) => x.type));
    out.set(group[0].id, group.length === 1 ? edgeLabel(types) : [...new Set(types)].join(' · '));
    kinds.set(group[0].id, [...new Set(types)].sort());
    for (const e of group.slice(1)) out.set(e.id, '');
  }
  // Fans at either end; the largest first takes one labelled edge, preferring one whose fan at its
  // other end has none yet; every other edge of a fan that has its label is drawn unlabelled.
  const fans = new Map<string, { end: 'from' | 'to'; ids: string[] }>();
  for (const end of ['to', 'from'] as const) {
    const other = end === 'to' ? 'from' : 'to';
    for (const e of vis.edges) {
      if (out.get(e.id) === '') continue;
      const key = `${end}\u0000${e[end]}\u0000${column?.get(e[other]) ?? ''}\u0000${kinds.get(e.id)!.join(' ')}`;
      (fans.get(key) ?? fans.set(key, { end, ids: [] }).get(key)!).ids.push(e.id);
    }
  }
  const big = [...fans.values()].filter((f) => f.ids.length >= FAN).sort((p, q) => q.ids.length - p.ids.length);
  const fansOf = new Map<string, Array<{ end: 'from' | 'to'; ids: string[] }>>();
  for (const f of big) for (const id of f.ids) (fansOf.get(id) ?? fansOf.set(id, []).get(id)!).push(f);
  const state = new Map<string, 'label' | 'blank'>();
  const labelled = (f: { ids: string[] }): boolean => f.ids.some((id) => state.get(id) === 'label');
  for (const f of big) {
    if (!labelled(f)) {
      const open = f.ids.filter((id) => !state.has(id));
      const carrier = open.find((id) => fansOf.get(id)!.every((g) => g === f || !labelled(g))) ?? open[0];
      if (carrier !== undefined) {
        state.set(carrier, 'label');
        shared.set(carrier, f.end);
        out.set(carrier, kinds.get(carrier)!.join(' · '));
      }
    }
    for (const id of f.ids) if (!state.has(id)) state.set(id, 'blank');
  }
  for (const [id, st] of state) if (st === 'blank') out.set(id, '');
  return { texts: out, shared };
}

/** What an edge is, for its tooltip and its accessible name: its label's words, with every type named (`3 edges: CALLS, REFERENCES`). */
export function edgeKinds(types: string[]): string {
  const distinct = [...new Set(types)];
  return distinct.length > 1 ? `${edgeLabel(types)}: ${distinct.join(', ')}` : edgeLabel(types);
}

/** `CALLS`, or for a bundle's edge `CALLS ×3` / `3 edges`. */
export function edgeLabel(types: string[]): string {
  const distinct = [...new Set(types)];
  if (types.length === 1) return types[0];
  return distinct.length === 1 ? `${distinct[0]} ×${types.length}` : `${types.length} edges`;
}

/** What a drawn item says: its name and the line under it. */
export function texts(item: Item): [string, string] {
  if (item.kind === 'node') return [item.node.label, subtitle(item.node)];
  const n = item.members.length;
  const symbols = n === 1 ? 'symbol' : 'symbols';
  if (item.key === 'all') return [`${n} farther ${symbols}`, 'folded · open ▸'];
  const where = item.label === 'more in this file' || item.label === 'in this file' ? item.label : `in ${item.label}`;
  return [`${n} ${symbols} ${where}`, 'folded · open ▸'];
}

/** impact's kinds of change, as short as a subtitle allows (the hover gives the full words). */
export const CHANGE_WORDS: Record<NonNullable<DiagramNode['change']>, string> = {
  added: 'added',
  removed: 'removed',
  body: 'body',
  'body-type-inferred': 'body (inferred type)',
  signature: 'signature',
  moved: 'moved',
};

/** `function · format.ts:15`: kind and where, so a glance tells two same-named nodes apart; `body · function · …` for an impact's change. */
export function subtitle(n: DiagramNode): string {
  const file = n.file.split('/').pop() ?? n.file;
  return `${n.change ? `${CHANGE_WORDS[n.change]} · ` : ''}${n.kind} · ${file}:${n.offset}`;
}

