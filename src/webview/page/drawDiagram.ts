import type { DiagramNode } from '../../core/diagram/DiagramTypes';
import type { Direction } from '../../core/diagram/neighbours';
import { FILE_HEAD } from './layout/fileBox';
import type { Item, VisibleGraph } from './foldModel';
import { badgeWidth, shortCount } from './layout/boxes';
import { edgeKinds, subtitle, texts } from './layout/labels';
import type { Badges, Layout, Rankdir } from './layout/types';

const SVG_NS = 'http://www.w3.org/2000/svg';
/** Room above a file cluster's box for its name. */
const CLUSTER_HEAD = FILE_HEAD;

export interface Drawing {
  /** The group that pan/zoom transforms. */
  viewport: SVGGElement;
  width: number;
  height: number;
  /** Drawn item id (node id, or `bundle:<key>`) → its <g>. */
  nodes: Map<string, SVGGElement>;
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
  const names = new Map(vis.items.map((i) => [i.id, texts(i)[0]]));
  const nameOf = (id: string): string => names.get(id) ?? id;
  const viewport = el('g', { class: 'viewport' });
  svg.appendChild(viewport);
  // Painted in this order: folder and class backgrounds, the edges, the nodes (the queried symbols
  // first: a node and its badges are over any edge, so a click on them is theirs), the file boxes'
  // and folders' outlines with their names. Tab goes through the nodes, then the names; an edge is
  // reached from its node with the arrow keys (events.ts), so the nodes come first.
  const backLayer = el('g', { class: 'backs' });
  const nodeLayer = el('g', { class: 'nodes' });
  const edgeLayer = el('g', { class: 'edges' });
  const clusterLayer = el('g', { class: 'clusters' });
  viewport.append(backLayer, edgeLayer, nodeLayer, clusterLayer);

  drawFolders(backLayer, clusterLayer, layout);
  for (const [id, c] of layout.clusters) {
    const group = el('g', { class: 'cluster', 'data-file': c.file, 'data-id': id, transform: `translate(${c.x},${c.y})` });
    const title = el('title', {});
    title.textContent = `${c.file}: click the name to fold this file`;
    const shown = clip(c.label, Math.max(12, Math.floor(c.width / 6.2)));
    const head = el('text', { class: 'cluster-label', x: '6', y: String(CLUSTER_HEAD / 2 + 2), tabindex: '0', role: 'button', 'aria-label': `${shown}: fold ${c.file}` });
    head.textContent = shown;
    group.append(title, el('rect', { class: 'cluster-box', width: String(c.width), height: String(c.height), rx: '4' }), head);
    clusterLayer.appendChild(group);
  }
  for (const f of layout.classes) {
    const group = el('g', { class: 'classbox', 'data-owner': f.owner, transform: `translate(${f.x},${f.y})` });
    group.appendChild(el('rect', { class: 'classbox-box', width: String(f.width), height: String(f.height), rx: '3' }));
    if (f.header) {
      const head = el('text', { class: 'classbox-label', x: '6', y: '9' });
      head.textContent = clip(f.header, Math.max(8, Math.floor(f.width / 6.5)));
      group.appendChild(head);
    }
    backLayer.appendChild(group);
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
      tabindex: '-1',
      role: 'button',
      'aria-label': `${lay?.text ? `${lay.text}: ` : ''}${edgeKinds(types)} from ${nameOf(e.from)} to ${nameOf(e.to)}`,
    });
    group.appendChild(el('path', { class: 'hit', d: lay?.d ?? '' }));
    group.appendChild(el('path', { class: 'line', d: lay?.d ?? '', 'marker-end': `url(#arrow-${first.type})` }));
    if (lay && lay.text !== '') {
      // No room anywhere along the edge: the label waits, hidden, until the edge is hovered, focused or near the selection.
      const spot = lay.label ?? midpoint(lay.d);
      const label = el('text', { x: String(spot.x), y: String(spot.y), class: lay.label ? 'edge-label' : 'edge-label crowded' });
      label.textContent = lay.text;
      group.appendChild(label);
    }
    edgeLayer.appendChild(group);
  }

  const nodes = new Map<string, SVGGElement>();
  const inputFirst = (i: Item): number => (i.kind === 'node' && i.node.input ? 0 : 1);
  for (const item of [...vis.items].sort((a, b) => inputFirst(a) - inputFirst(b))) {
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
  if (dx > 0 || dy > 0) for (const layer of [backLayer, nodeLayer, edgeLayer, clusterLayer]) layer.setAttribute('transform', `translate(${dx},${dy})`);
  const width = Math.max(layout.width, box.x + box.width + 4) + dx;
  const height = Math.max(layout.height, box.y + box.height + 4) + dy;
  return { viewport, width, height, nodes };
}

/**
 * Folder clusters, outermost first: a box round the folder's files and folders, its name (and how
 * many symbols it holds) on top; the name folds the folder into one counted box (click or Enter).
 */
function drawFolders(back: SVGGElement, top: SVGGElement, layout: Layout): void {
  const folders = [...layout.folders.entries()].sort((a, b) => a[1].depth - b[1].depth);
  for (const [id, f] of folders) {
    const depth = `depth-${Math.min(f.depth, 3)}`;
    const fill = el('g', { class: `folder-back ${depth}`, transform: `translate(${f.x},${f.y})` });
    fill.appendChild(el('rect', { class: 'folder-fill', width: String(f.width), height: String(f.height), rx: '6' }));
    back.appendChild(fill);
    const group = el('g', { class: `folder ${depth}`, 'data-dir': f.dir, 'data-id': id, 'data-count': String(f.count), transform: `translate(${f.x},${f.y})` });
    const title = el('title', {});
    title.textContent = `${f.dir}/: ${f.count} symbols. Click the name (or Enter) to fold this folder into one box.`;
    const shown = `${clip(f.label, Math.max(10, Math.floor(f.width / 7) - 6))} (${f.count})`;
    const head = el('text', { class: 'folder-label', x: '8', y: '10', tabindex: '0', role: 'button', 'aria-label': `${shown}: fold folder ${f.dir}, ${f.count} symbols` });
    head.textContent = shown;
    group.append(title, el('rect', { class: 'folder-box', width: String(f.width), height: String(f.height), rx: '6' }), head);
    top.appendChild(group);
  }
}

/** The point halfway along a path's first and last points (a hidden label's spot, shown on hover). */
function midpoint(d: string): { x: number; y: number } {
  const numbers = (d.match(/-?[\d.]+(?:e-?\d+)?/g) ?? []).map(Number);
  if (numbers.length < 4) return { x: 0, y: 0 };
  return { x: (numbers[0] + numbers[numbers.length - 2]) / 2, y: (numbers[1] + numbers[numbers.length - 1]) / 2 };
}

function nodeGroup(n: DiagramNode, lay: { x: number; y: number; width: number; height: number }, rankdir: Rankdir, badge: Record<Direction, number> | undefined): SVGGElement {
  const group = el('g', {
    class: `node g-${n.group}${n.input ? ' input' : ''}${n.change ? ` changed ch-${n.change}` : ''}`,
    'data-id': n.id,
    transform: `translate(${lay.x},${lay.y})`,
    tabindex: '0',
    role: 'button',
  });
  // Its name read out is what it shows (name, kind and file, badges); where it is in full is its description.
  group.setAttribute('aria-description', `in ${n.file} line ${n.offset}${n.changeText ? `, ${n.changeText}` : ''}`);
  if (n.change) group.dataset.change = n.change;
  group.appendChild(shapeFor(n, lay.width, lay.height));
  if (n.change) group.appendChild(changeMark(n, lay.width));
  const before = badge?.dependents ? badgeWidth(badge.dependents) : 0;
  const after = badge?.dependencies ? badgeWidth(badge.dependencies) : 0;
  const middle = before + (lay.width - before - after) / 2;
  const label = el('text', { class: 'label', x: String(middle), y: '13' });
  label.textContent = n.label;
  const sub = el('text', { class: 'sub', x: String(middle), y: '28' });
  sub.textContent = subtitle(n);
  group.append(label, sub);
  // Dependents point at the node: their badge sits where edges come in (left, or top in a top-down
  // drawing); dependencies leave on the other side. Inside the box, so the badge never overlaps an edge.
  if (badge?.dependents) group.appendChild(moreBadge('dependents', badge.dependents, 2, lay.height, rankdir));
  if (badge?.dependencies) group.appendChild(moreBadge('dependencies', badge.dependencies, lay.width - after + 2, lay.height, rankdir));
  return group;
}

/** impact: a bar across the top edge, coloured by the kind of change (the legend names the colours), its words on hover. */
function changeMark(n: DiagramNode, w: number): SVGGElement {
  const mark = el('g', { class: `change-mark ch-${n.change}` });
  const title = el('title', {});
  title.textContent = `${n.label}: ${n.changeText ?? n.change}`;
  mark.append(title, el('rect', { x: '6', y: '-3', width: String(Math.max(8, w - 12)), height: '6', rx: '3' }));
  return mark;
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
    'aria-description': 'Enter opens it',
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

/** A badge's words: `←+141` (dependents come in from the left, or the top) or `+12→`. */
function badgeText(direction: Direction, count: number, rankdir: Rankdir): string {
  const arrow = direction === 'dependents' ? (rankdir === 'LR' ? '←' : '↑') : rankdir === 'LR' ? '→' : '↓';
  return direction === 'dependents' ? `${arrow}+${shortCount(count)}` : `+${shortCount(count)}${arrow}`;
}

function moreBadge(direction: Direction, count: number, x: number, h: number, rankdir: Rankdir): SVGGElement {
  const badge = el('g', { class: `more more-${direction}`, 'data-direction': direction, 'data-more': String(count) });
  const title = el('title', {});
  const side = direction === 'dependents' ? (rankdir === 'LR' ? 'left' : 'top') : rankdir === 'LR' ? 'right' : 'bottom';
  title.textContent = `${count} ${direction === 'dependents' ? (count === 1 ? 'dependent' : 'dependents') : count === 1 ? 'dependency' : 'dependencies'} not drawn (they would join on the ${side}). Click to open them.`;
  const w = badgeWidth(count) - 4;
  badge.append(title, el('rect', { x: String(x), y: String(h / 2 - 8), width: String(w), height: '16', rx: '8' }));
  const text = el('text', { x: String(x + w / 2), y: String(h / 2) });
  text.textContent = badgeText(direction, count, rankdir);
  badge.appendChild(text);
  return badge;
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `…${text.slice(text.length - max + 1)}`;
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
    const marker = el('marker', { id: `arrow-${type}`, class: `t-${type}`, viewBox: '0 0 10 10', refX: '9', refY: '5', markerWidth: '9', markerHeight: '9', markerUnits: 'userSpaceOnUse', orient: 'auto-start-reverse' });
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
