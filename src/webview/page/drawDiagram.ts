import dagre from '@dagrejs/dagre';
import type { DiagramModel, DiagramNode } from '../../core/format/diagramModel';

const SVG_NS = 'http://www.w3.org/2000/svg';
const NODE_HEIGHT = 38;
const PAD_X = 14;

export interface Drawing {
  /** The group that pan/zoom transforms. */
  viewport: SVGGElement;
  width: number;
  height: number;
  /** Node id → its <g>. */
  nodes: Map<string, SVGGElement>;
}

/**
 * Lays the model out in layers along the edge direction (dagre; left to right in a wide view, top
 * to bottom in a tall one, so a fitted drawing stays as large as it can) and draws it as SVG
 * into `svg`, replacing what was there: one `g.node` per node (class `g-<group>`, `input` for the
 * queried symbols, `data-id`), one `g.edge` per edge (classes `t-<TYPE>` and `f-<family>`,
 * `data-type`, a label with the type), and a `g.cut` "+N" badge where the 50-node cut left nodes out.
 */
export function drawDiagram(svg: SVGSVGElement, model: DiagramModel, measure: (text: string) => number, rankdir: 'LR' | 'TB'): Drawing {
  const g = new dagre.graphlib.Graph({ multigraph: true });
  g.setGraph({ rankdir, nodesep: rankdir === 'LR' ? 18 : 24, ranksep: rankdir === 'LR' ? 70 : 50, edgesep: 12, marginx: 20, marginy: 20 });
  g.setDefaultEdgeLabel(() => ({}));
  for (const n of model.nodes) {
    const width = Math.max(measure(n.label), measure(subtitle(n)) * 0.85) + 2 * PAD_X + (n.cut > 0 ? 26 : 0);
    g.setNode(n.id, { width, height: NODE_HEIGHT });
  }
  model.edges.forEach((e, i) => g.setEdge(e.from, e.to, { width: measure(e.type) * 0.75, height: 12, labelpos: 'c', minlen: 1 }, `e${i}`));
  dagre.layout(g);

  while (svg.firstChild) svg.removeChild(svg.firstChild);
  svg.appendChild(arrowDefs());
  const viewport = el('g', { class: 'viewport' });
  svg.appendChild(viewport);
  const edgeLayer = el('g', { class: 'edges' });
  const nodeLayer = el('g', { class: 'nodes' });
  viewport.append(edgeLayer, nodeLayer);

  model.edges.forEach((e, i) => {
    const lay = g.edge(e.from, e.to, `e${i}`);
    const group = el('g', { class: `edge t-${e.type} f-${e.family}`, 'data-type': e.type, 'data-from': e.from, 'data-to': e.to });
    const points = lay.points ?? [];
    group.appendChild(el('path', { d: smoothPath(points), 'marker-end': `url(#arrow-${e.type})` }));
    if (lay.x !== undefined && lay.y !== undefined) {
      const label = el('text', { x: String(lay.x), y: String(lay.y) });
      label.textContent = e.type;
      group.appendChild(label);
    }
    edgeLayer.appendChild(group);
  });

  const nodes = new Map<string, SVGGElement>();
  for (const n of model.nodes) {
    const lay = g.node(n.id);
    const x = (lay.x ?? 0) - lay.width / 2;
    const y = (lay.y ?? 0) - lay.height / 2;
    const group = el('g', {
      class: `node g-${n.group}${n.input ? ' input' : ''}`,
      'data-id': n.id,
      transform: `translate(${x},${y})`,
      tabindex: '0',
      role: 'button',
      'aria-label': `${n.label}, ${n.kind} in ${n.file} line ${n.offset}`,
    });
    group.appendChild(shapeFor(n, lay.width, lay.height));
    const textWidth = lay.width - (n.cut > 0 ? 26 : 0);
    const label = el('text', { class: 'label', x: String(textWidth / 2), y: String(13) });
    label.textContent = n.label;
    const sub = el('text', { class: 'sub', x: String(textWidth / 2), y: String(28) });
    sub.textContent = subtitle(n);
    group.append(label, sub);
    if (n.cut > 0) group.appendChild(cutBadge(n.cut, lay.width, lay.height));
    nodeLayer.appendChild(group);
    nodes.set(n.id, group);
  }
  const size = g.graph();
  return { viewport, width: size.width ?? 0, height: size.height ?? 0, nodes };
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

function cutBadge(count: number, w: number, h: number): SVGGElement {
  const badge = el('g', { class: 'cut', 'data-cut': String(count) });
  const title = el('title', {});
  title.textContent = `${count} more node${count === 1 ? ' was' : 's were'} cut here (the answer shows the 50 nearest). Expand this node to see them.`;
  badge.append(title, el('rect', { x: String(w - 24), y: String(h / 2 - 8), width: '22', height: '16', rx: '8' }));
  const text = el('text', { x: String(w - 13), y: String(h / 2) });
  text.textContent = `+${count > 99 ? '99' : count}`;
  badge.appendChild(text);
  return badge;
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

/** A smooth curve through dagre's points (quadratic segments between midpoints). */
function smoothPath(points: Array<{ x: number; y: number }>): string {
  if (points.length === 0) return '';
  if (points.length < 3) return `M${points.map((p) => `${p.x},${p.y}`).join(' L')}`;
  let d = `M${points[0].x},${points[0].y}`;
  for (let i = 1; i < points.length - 1; i++) {
    const mid = { x: (points[i].x + points[i + 1].x) / 2, y: (points[i].y + points[i + 1].y) / 2 };
    d += ` Q${points[i].x},${points[i].y} ${i === points.length - 2 ? `${points[i + 1].x},${points[i + 1].y}` : `${mid.x},${mid.y}`}`;
  }
  return d;
}

export function el<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string>): SVGElementTagNameMap[K] {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  return node;
}
