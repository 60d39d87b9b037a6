import dagre from '@dagrejs/dagre';
import type { DiagramNode } from '../../core/format/diagramModel';
import type { Direction } from '../../core/query/neighbours';
import type { Item, VisibleGraph } from './foldModel';

const SVG_NS = 'http://www.w3.org/2000/svg';
const NODE_HEIGHT = 38;
const PAD_X = 14;
const BADGE_W = 34;
/** Room above a file cluster's box for its name. */
const CLUSTER_HEAD = 20;

export type Rankdir = 'LR' | 'TB';

/** Where everything goes: dagre's answer, kept apart from the DOM so the page can try several folds and directions. */
export interface Layout {
  rankdir: Rankdir;
  width: number;
  height: number;
  /** Drawn item (node or bundle row) → its box on the drawing. */
  items: Map<string, Rect>;
  /** File boxes: the file's drawn symbols stacked in one box under its path. */
  clusters: Map<string, Rect & { file: string }>;
  /** Visible edge id → its path and label spot. */
  edges: Map<string, { d: string; x: number; y: number }>;
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Drawing {
  /** The group that pan/zoom transforms. */
  viewport: SVGGElement;
  width: number;
  height: number;
  /** Drawn item id (node id, or `bundle:<key>`) → its <g>. */
  nodes: Map<string, SVGGElement>;
}

/** Badge counts per drawn node: neighbours the model does not have at all, per direction. */
export type Badges = Map<string, Record<Direction, number>>;

const ROW_GAP = 6;
const BOX_PAD = 6;

export function itemSize(item: Item, measure: (text: string) => number, badges: Badges): { width: number; height: number } {
  const b = item.kind === 'node' ? badges.get(item.id) : undefined;
  const extra = (b?.dependencies ? BADGE_W : 0) + (b?.dependents ? BADGE_W : 0);
  const [label, sub] = texts(item);
  // A bundle's name is italic: a little wider than measured upright.
  const slack = item.kind === 'bundle' ? 1.08 : 1;
  return { width: Math.max(measure(label) * slack, measure(sub) * 0.85) + 2 * PAD_X + extra, height: NODE_HEIGHT };
}

/**
 * Lays the visible graph out: each file's drawn symbols stacked in one box under the file's path
 * (its folded rest as the last row), folder bundles as boxes of their own, the boxes in layers
 * along the edges between them (dagre, left-right or top-down). Edges run from row to row.
 * Cheap enough to run several times per redraw (the page tries folds and both directions).
 */
export function layoutGraph(vis: VisibleGraph, measure: (text: string) => number, rankdir: Rankdir, badges: Badges): Layout {
  const boxes = new Map<string, { file?: string; rows: Item[] }>();
  for (const item of vis.items) {
    const id = item.cluster ?? `b:${item.id}`;
    const box = boxes.get(id) ?? boxes.set(id, { file: item.cluster ? vis.clusters.get(item.cluster) ?? item.cluster.slice(2) : undefined, rows: [] }).get(id)!;
    box.rows.push(item);
  }
  const boxOf = new Map<string, string>();
  const indentOf = new Map<string, Map<string, number>>();
  const sizes = new Map<string, { width: number; height: number; rowWidth: number }>();
  for (const [id, box] of boxes) {
    // Queried symbols first, then source order; the folded rest last.
    box.rows.sort((a, b) => rowOrder(a) - rowOrder(b));
    const indents = memberIndents(box.rows);
    const rowWidth = Math.max(...box.rows.map((r) => itemSize(r, measure, badges).width + (indents.get(r.id) ?? 0)), box.file ? measure(box.file) * 0.92 + 8 : 0);
    indentOf.set(id, indents);
    const head = box.file ? CLUSTER_HEAD : 0;
    const pad = box.file ? BOX_PAD : 0;
    sizes.set(id, { width: rowWidth + 2 * pad, height: head + pad + box.rows.length * (NODE_HEIGHT + ROW_GAP) - ROW_GAP + pad, rowWidth });
    for (const r of box.rows) boxOf.set(r.id, id);
  }
  const g = new dagre.graphlib.Graph();
  g.setGraph({ rankdir, nodesep: rankdir === 'LR' ? 18 : 30, ranksep: rankdir === 'LR' ? 90 : 60, marginx: 50, marginy: 16 });
  g.setDefaultEdgeLabel(() => ({}));
  for (const [id, size] of sizes) g.setNode(id, { width: size.width, height: size.height });
  for (const e of vis.edges) {
    const a = boxOf.get(e.from);
    const b = boxOf.get(e.to);
    if (!a || !b || a === b) continue;
    const known = g.edge(a, b) as { weight?: number } | undefined;
    g.setEdge(a, b, { weight: (known?.weight ?? 0) + 1, minlen: 1 });
  }
  dagre.layout(g);
  const items = new Map<string, Rect>();
  const clusters = new Map<string, Rect & { file: string }>();
  for (const [id, box] of boxes) {
    const n = g.node(id);
    const size = sizes.get(id)!;
    const x = (n.x ?? 0) - size.width / 2;
    const y = (n.y ?? 0) - size.height / 2;
    const head = box.file ? CLUSTER_HEAD : 0;
    const pad = box.file ? BOX_PAD : 0;
    if (box.file) clusters.set(id, { x, y, width: size.width, height: size.height, file: box.file });
    const indents = indentOf.get(id)!;
    box.rows.forEach((r, i) => {
      const indent = indents.get(r.id) ?? 0;
      items.set(r.id, { x: x + pad + indent, y: y + head + pad + i * (NODE_HEIGHT + ROW_GAP), width: size.rowWidth - indent, height: NODE_HEIGHT });
    });
  }
  const edges = new Map<string, { d: string; x: number; y: number }>();
  for (const e of vis.edges) {
    const a = items.get(e.from);
    const b = items.get(e.to);
    if (!a || !b) continue;
    const from = boxOf.get(e.from)!;
    const to = boxOf.get(e.to)!;
    // Between boxes more than a layer apart, follow dagre's route for the boxes (it goes around
    // the boxes in between) from row to row; next to each other, a plain curve.
    const via = from === to ? undefined : ((g.edge(from, to) as { points?: Point[] } | undefined)?.points ?? [...((g.edge(to, from) as { points?: Point[] } | undefined)?.points ?? [])].reverse());
    const inner = via && via.length > 3 ? via.slice(1, -1) : undefined;
    edges.set(e.id, inner ? through(a, b, inner, rankdir) : route(a, b, from === to, rankdir));
  }
  const size = g.graph();
  const width = Number.isFinite(size.width) ? (size.width ?? 0) : 0;
  const height = Number.isFinite(size.height) ? (size.height ?? 0) : 0;
  return { rankdir, width, height, items, clusters, edges };
}

type Point = { x: number; y: number };

/** From a row's side (or bottom/top, top-down) through dagre's bend points to the other row: a smooth curve. */
function through(a: Rect, b: Rect, inner: Point[], rankdir: Rankdir): { d: string; x: number; y: number } {
  const first = inner[0];
  const last = inner[inner.length - 1];
  const port = (r: Rect, toward: Point): Point => {
    if (rankdir === 'TB') return { x: r.x + r.width / 2, y: toward.y > r.y + r.height / 2 ? r.y + r.height : r.y };
    return { x: toward.x > r.x + r.width / 2 ? r.x + r.width : r.x, y: r.y + r.height / 2 };
  };
  const points = [port(a, first), ...inner, port(b, last)];
  let d = `M${points[0].x},${points[0].y}`;
  for (let i = 1; i < points.length - 1; i++) {
    const next = i === points.length - 2 ? points[i + 1] : { x: (points[i].x + points[i + 1].x) / 2, y: (points[i].y + points[i + 1].y) / 2 };
    d += ` Q${points[i].x},${points[i].y} ${next.x},${next.y}`;
  }
  const mid = points[Math.floor(points.length / 2)];
  return { d, x: mid.x, y: mid.y };
}

/** Members drawn under their class (or interface, namespace) in the same box are indented below it. */
function memberIndents(rows: Item[]): Map<string, number> {
  const out = new Map<string, number>();
  const seen = new Map<string, number>();
  for (const r of rows) {
    if (r.kind !== 'node') continue;
    const dot = r.node.name.lastIndexOf('.');
    const owner = dot > 0 ? seen.get(r.node.name.slice(0, dot)) : undefined;
    const indent = owner === undefined ? 0 : owner + MEMBER_INDENT;
    if (indent > 0) out.set(r.id, indent);
    seen.set(r.node.name, indent);
  }
  return out;
}

const MEMBER_INDENT = 14;

function rowOrder(item: Item): number {
  if (item.kind === 'bundle') return 1e9;
  return (item.node.input ? -1e9 : 0) + item.node.offset;
}

/**
 * An edge from row to row: out of the side facing the target, into the side facing the source;
 * between rows of one box (or boxes stacked over each other), an arc out on the right.
 */
function route(a: Rect, b: Rect, sameBox: boolean, rankdir: Rankdir): { d: string; x: number; y: number } {
  const ay = a.y + a.height / 2;
  const by = b.y + b.height / 2;
  let p0: [number, number];
  let p3: [number, number];
  let c1: [number, number];
  let c2: [number, number];
  const below = b.y >= a.y + a.height + 8;
  const above = b.y + b.height + 8 <= a.y;
  if (!sameBox && rankdir === 'TB' && (below || above)) {
    // Top-down layers: out of the bottom (or top) of the row, into the top (or bottom) of the other.
    const ax = a.x + a.width / 2;
    const bx = b.x + b.width / 2;
    p0 = [ax, below ? a.y + a.height : a.y];
    p3 = [bx, below ? b.y : b.y + b.height];
    const dy = Math.max(24, Math.abs(p3[1] - p0[1]) / 2) * (below ? 1 : -1);
    c1 = [ax, p0[1] + dy];
    c2 = [bx, p3[1] - dy];
  } else if (!sameBox && b.x >= a.x + a.width - 1) {
    p0 = [a.x + a.width, ay];
    p3 = [b.x, by];
    const dx = Math.max(30, (p3[0] - p0[0]) / 2);
    c1 = [p0[0] + dx, ay];
    c2 = [p3[0] - dx, by];
  } else if (!sameBox && b.x + b.width <= a.x + 1) {
    p0 = [a.x, ay];
    p3 = [b.x + b.width, by];
    const dx = Math.max(30, (p0[0] - p3[0]) / 2);
    c1 = [p0[0] - dx, ay];
    c2 = [p3[0] + dx, by];
  } else {
    p0 = [a.x + a.width, ay];
    p3 = [b.x + b.width, by];
    const bulge = 26 + Math.min(40, Math.abs(by - ay) / 6);
    const right = Math.max(p0[0], p3[0]) + bulge;
    c1 = [right, ay];
    c2 = [right, by];
  }
  const mid = (i: 0 | 1): number => 0.125 * p0[i] + 0.375 * c1[i] + 0.375 * c2[i] + 0.125 * p3[i];
  return { d: `M${p0[0]},${p0[1]} C${c1[0]},${c1[1]} ${c2[0]},${c2[1]} ${p3[0]},${p3[1]}`, x: mid(0), y: mid(1) };
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

/**
 * Draws a layout as SVG into `svg`, replacing what was there: file clusters (`g.cluster`, a header
 * with the path that folds the file), one `g.node` per drawn node (class `g-<group>`, `input` for
 * the queried symbols, `data-id`), `g.bundle` boxes for folded nodes (`data-members`), one `g.edge`
 * per drawn edge (`data-type` of its first model edge, `data-types`, a label), and per-direction
 * `g.more` badges: dependents on the side edges come in, dependencies on the side they leave.
 */
export function drawLayout(svg: SVGSVGElement, vis: VisibleGraph, layout: Layout, badges: Badges): Drawing {
  while (svg.firstChild) svg.removeChild(svg.firstChild);
  svg.appendChild(arrowDefs());
  const viewport = el('g', { class: 'viewport' });
  svg.appendChild(viewport);
  const clusterLayer = el('g', { class: 'clusters' });
  const edgeLayer = el('g', { class: 'edges' });
  const nodeLayer = el('g', { class: 'nodes' });
  viewport.append(clusterLayer, edgeLayer, nodeLayer);

  for (const [id, c] of layout.clusters) {
    const group = el('g', { class: 'cluster', 'data-file': c.file, 'data-id': id, transform: `translate(${c.x},${c.y})` });
    const title = el('title', {});
    title.textContent = `${c.file}: click the name to fold this file`;
    const head = el('text', { class: 'cluster-label', x: '6', y: String(CLUSTER_HEAD / 2 + 2), tabindex: '0', role: 'button', 'aria-label': `Fold ${c.file}` });
    head.textContent = clip(c.file, Math.max(12, Math.floor(c.width / 6.2)));
    group.append(title, el('rect', { class: 'cluster-box', width: String(c.width), height: String(c.height), rx: '4' }), head);
    clusterLayer.appendChild(group);
  }

  for (const e of vis.edges) {
    const lay = layout.edges.get(e.id);
    const types = e.edges.map((x) => x.type);
    const first = e.edges[0];
    const group = el('g', {
      class: `edge t-${first.type} f-${first.family}${e.edges.length > 1 ? ' folded' : ''}`,
      'data-type': first.type,
      'data-types': [...new Set(types)].join(' '),
      'data-from': e.from,
      'data-to': e.to,
      'data-edge': e.id,
      tabindex: '0',
      role: 'button',
      'aria-label': `${edgeLabel(types)} from ${e.from} to ${e.to}`,
    });
    group.appendChild(el('path', { class: 'hit', d: lay?.d ?? '' }));
    group.appendChild(el('path', { class: 'line', d: lay?.d ?? '', 'marker-end': `url(#arrow-${first.type})` }));
    if (lay) {
      const label = el('text', { x: String(lay.x), y: String(lay.y) });
      label.textContent = edgeLabel(types);
      group.appendChild(label);
    }
    edgeLayer.appendChild(group);
  }

  const nodes = new Map<string, SVGGElement>();
  for (const item of vis.items) {
    const lay = layout.items.get(item.id)!;
    const group = item.kind === 'node' ? nodeGroup(item.node, lay, layout.rankdir, badges.get(item.id)) : bundleGroup(item, lay);
    nodeLayer.appendChild(group);
    nodes.set(item.id, group);
  }
  // The drawn extent, arcs, arrows and labels included (they may reach past dagre's boxes): what Fit
  // and the exports must hold. Anything left of or above 0 is moved in.
  const box = viewport.getBBox();
  const dx = Math.max(0, 4 - box.x);
  const dy = Math.max(0, 4 - box.y);
  if (dx > 0 || dy > 0) for (const layer of [clusterLayer, edgeLayer, nodeLayer]) layer.setAttribute('transform', `translate(${dx},${dy})`);
  const width = Math.max(layout.width, box.x + box.width + 4) + dx;
  const height = Math.max(layout.height, box.y + box.height + 4) + dy;
  return { viewport, width, height, nodes };
}

function nodeGroup(n: DiagramNode, lay: { x: number; y: number; width: number; height: number }, rankdir: Rankdir, badge: Record<Direction, number> | undefined): SVGGElement {
  const group = el('g', {
    class: `node g-${n.group}${n.input ? ' input' : ''}`,
    'data-id': n.id,
    transform: `translate(${lay.x},${lay.y})`,
    tabindex: '0',
    role: 'button',
    'aria-label': `${n.label}, ${n.kind} in ${n.file} line ${n.offset}`,
  });
  group.appendChild(shapeFor(n, lay.width, lay.height));
  const before = badge?.dependents ? BADGE_W : 0;
  const after = badge?.dependencies ? BADGE_W : 0;
  const middle = before + (lay.width - before - after) / 2;
  const label = el('text', { class: 'label', x: String(middle), y: '13' });
  label.textContent = n.label;
  const sub = el('text', { class: 'sub', x: String(middle), y: '28' });
  sub.textContent = subtitle(n);
  group.append(label, sub);
  // Dependents point at the node: their badge sits where edges come in (left, or top in a top-down
  // drawing); dependencies leave on the other side. Inside the box, so the badge never overlaps an edge.
  if (badge?.dependents) group.appendChild(moreBadge('dependents', badge.dependents, 2, lay.height, rankdir));
  if (badge?.dependencies) group.appendChild(moreBadge('dependencies', badge.dependencies, lay.width - BADGE_W + 2, lay.height, rankdir));
  return group;
}

function bundleGroup(item: Extract<Item, { kind: 'bundle' }>, lay: { x: number; y: number; width: number; height: number }): SVGGElement {
  const group = el('g', {
    class: 'node bundle',
    'data-id': item.id,
    'data-key': item.key,
    'data-members': String(item.members.length),
    transform: `translate(${lay.x},${lay.y})`,
    tabindex: '0',
    role: 'button',
    'aria-label': `${item.members.length} folded symbols in ${item.label}: press Enter to open`,
  });
  const [main, sub] = texts(item);
  group.appendChild(el('rect', { class: 'shape', width: String(lay.width), height: String(lay.height), rx: '10' }));
  const label = el('text', { class: 'label', x: String(lay.width / 2), y: '13' });
  label.textContent = main;
  const subText = el('text', { class: 'sub', x: String(lay.width / 2), y: '28' });
  subText.textContent = sub;
  group.append(label, subText);
  return group;
}

function moreBadge(direction: Direction, count: number, x: number, h: number, rankdir: Rankdir): SVGGElement {
  const badge = el('g', { class: `more more-${direction}`, 'data-direction': direction, 'data-more': String(count) });
  const title = el('title', {});
  const side = direction === 'dependents' ? (rankdir === 'LR' ? 'left' : 'top') : rankdir === 'LR' ? 'right' : 'bottom';
  title.textContent = `${count} ${direction === 'dependents' ? (count === 1 ? 'dependent' : 'dependents') : count === 1 ? 'dependency' : 'dependencies'} not drawn (they would join on the ${side}). Click to open them.`;
  badge.append(title, el('rect', { x: String(x), y: String(h / 2 - 8), width: String(BADGE_W - 4), height: '16', rx: '8' }));
  const text = el('text', { x: String(x + (BADGE_W - 4) / 2), y: String(h / 2) });
  const arrow = direction === 'dependents' ? (rankdir === 'LR' ? '←' : '↑') : rankdir === 'LR' ? '→' : '↓';
  text.textContent = direction === 'dependents' ? `${arrow}+${short(count)}` : `+${short(count)}${arrow}`;
  badge.appendChild(text);
  return badge;
}

function short(n: number): string {
  return n > 999 ? `${Math.floor(n / 1000)}k` : String(n);
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `…${text.slice(text.length - max + 1)}`;
}

/** `function · format.ts:15`: kind and where, so a glance tells two same-named nodes apart. */
function subtitle(n: DiagramNode): string {
  const file = n.file.split('/').pop() ?? n.file;
  return `${n.kind} · ${file}:${n.offset}`;
}

/** Shape by group: modules get a folder tab, types a cut-corner box, variables a pill, the rest a rounded box. */
function shapeFor(n: DiagramNode, w: number, h: number): SVGElement {
  switch (n.group) {
    case 'type': {
      const c = 8;
      return el('polygon', { class: 'shape', points: `${c},0 ${w - c},0 ${w},${c} ${w},${h - c} ${w - c},${h} ${c},${h} 0,${h - c} 0,${c}` });
    }
    case 'module':
      return el('path', { class: 'shape', d: `M0,4 h${w * 0.3} l4,-4 h${w * 0.7 - 4} v${h} h${-w} z` });
    case 'variable':
      return el('rect', { class: 'shape', width: String(w), height: String(h), rx: String(h / 2) });
    case 'class':
      return el('rect', { class: 'shape', width: String(w), height: String(h), rx: '1' });
    default:
      return el('rect', { class: 'shape', width: String(w), height: String(h), rx: '6' });
  }
}

function arrowDefs(): SVGDefsElement {
  const defs = el('defs', {});
  for (const type of ['CALLS', 'REFERENCES', 'INCLUDES', 'EXTENDS', 'IMPLEMENTS', 'OVERRIDES', 'TAKES', 'RETURNS', 'HAS_TYPE', 'HAS_PROPERTY', 'DERIVES_FROM', 'ALIAS_FOR']) {
    const marker = el('marker', { id: `arrow-${type}`, class: `t-${type}`, viewBox: '0 0 10 10', refX: '9', refY: '5', markerWidth: '7', markerHeight: '7', orient: 'auto-start-reverse' });
    marker.appendChild(el('path', { class: 'arrow', d: 'M0,0 L10,5 L0,10 z' }));
    defs.appendChild(marker);
  }
  return defs;
}

export function el<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string>): SVGElementTagNameMap[K] {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  return node;
}
