// Entry of dist/graphView.js: the graph view page, in a VS Code webview or in the CLI's standalone
// HTML file. Reads its start data from <script id="graph-data">, draws the DiagramModel, and (in
// VS Code) talks to the extension through postMessage. No network, no eval.
import type { DiagramModel, DiagramNode } from '../../core/format/diagramModel';
import { Drawing, drawDiagram } from './drawDiagram';
import { exportPng, exportSvg } from './exportImage';
import { EDGE_COLOURS } from '../graphViewStyles';
import { Expansion, FromPage, PageData, ToPage } from '../messages';
import { Viewport } from './Viewport';

interface VsCodeApi {
  postMessage(message: FromPage): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

const data = JSON.parse(document.getElementById('graph-data')?.textContent ?? '{}') as PageData;
const vscode = data.mode === 'vscode' && typeof acquireVsCodeApi === 'function' ? acquireVsCodeApi() : undefined;

const app = document.getElementById('app')!;
app.innerHTML = `
<div class="toolbar">
  <h1 class="title"></h1><span class="count"></span>
  <input type="search" class="search" placeholder="Find a node…" aria-label="Find a node by name">
  <button class="fit" title="Fit the whole graph">Fit</button>
  <button class="zoom-in" title="Zoom in">+</button>
  <button class="zoom-out" title="Zoom out">−</button>
  <button class="export-svg" title="Save what is drawn as SVG">SVG</button>
  <button class="export-png" title="Save what is drawn as PNG">PNG</button>
  <button class="copy-mermaid" title="Copy the graph as a Mermaid flowchart">Copy Mermaid</button>
</div>
<div class="notes" hidden><span class="notes-text"></span><button class="notes-close" title="Hide this note (it comes back when the answer's notes change)" aria-label="Hide note">×</button></div>
<div class="legend"></div>
<div class="stage"><svg class="graph" role="img"></svg><div class="tooltip" hidden></div><div class="busy"></div></div>
<div class="details"><span class="where">Click a node to open its code${data.mode === 'vscode' ? '; then expand it here' : ''}. Drag to pan, wheel to zoom.</span></div>`;

const $ = <T extends Element>(selector: string): T => app.querySelector(selector) as T;
const svg = $<SVGSVGElement>('svg.graph');
const tooltip = $<HTMLDivElement>('.tooltip');
const details = $<HTMLDivElement>('.details');
const viewport = new Viewport(svg);
const hiddenTypes = new Set<string>();
let model: DiagramModel | undefined;
let expansions: Expansion[] = [];
let drawing: Drawing | undefined;
let selected: string | undefined;
let drawn: 'LR' | 'TB' = 'LR';

/** Layers run along the longer side of the view: a narrow panel beside an editor draws top to bottom. */
function direction(): 'LR' | 'TB' {
  const box = svg.getBoundingClientRect();
  return box.height > box.width * 1.2 ? 'TB' : 'LR';
}
new ResizeObserver(() => {
  if (model && direction() !== drawn) show(model, expansions);
}).observe(svg);

const canvas = document.createElement('canvas').getContext('2d');
const measure = (text: string): number => {
  if (!canvas) return text.length * 7;
  canvas.font = `12px ${getComputedStyle(document.body).fontFamily}`;
  return canvas.measureText(text).width;
};

/** The notes a person hid: the same notes stay hidden on redraws, other notes show again. */
let dismissedNotes = '';
function showNotes(text: string): void {
  $('.notes-text').textContent = text;
  ($('.notes') as HTMLElement).hidden = text === '' || text === dismissedNotes;
}
$('.notes-close').addEventListener('click', () => {
  dismissedNotes = $('.notes-text').textContent ?? '';
  ($('.notes') as HTMLElement).hidden = true;
});

function show(next: DiagramModel, nextExpansions: Expansion[]): void {
  const first = model === undefined;
  model = next;
  expansions = nextExpansions;
  $('.title').textContent = next.title;
  document.title = next.title;
  $('.count').textContent = next.message ? '' : `${next.nodes.length} nodes, ${next.edges.length} edges`;
  showNotes(next.notes.join('\n'));
  const stage = $<HTMLDivElement>('.stage');
  stage.querySelector('.message')?.remove();
  if (next.message) {
    const div = document.createElement('div');
    div.className = `message${next.message.isError ? ' error' : ''}`;
    div.textContent = next.message.text;
    stage.prepend(div);
  }
  drawn = direction();
  drawing = drawDiagram(svg, next, measure, drawn);
  viewport.attach(drawing.viewport, drawing.width, drawing.height, svg.querySelector<SVGGElement>('g.node.input') ?? undefined);
  if (first) viewport.fit();
  else viewport.refit();
  drawLegend(next);
  applyHidden();
  applySearch();
  if (selected && !drawing.nodes.has(selected)) selected = undefined;
  select(selected);
  document.body.dataset.ready = String(Number(document.body.dataset.ready ?? '0') + 1);
}

function drawLegend(m: DiagramModel): void {
  const legend = $<HTMLDivElement>('.legend');
  legend.textContent = '';
  const types = [...new Set(m.edges.map((e) => e.type))];
  for (const type of types) {
    const label = document.createElement('label');
    label.className = `t-${type}`;
    label.dataset.type = type;
    const box = document.createElement('input');
    box.type = 'checkbox';
    box.checked = !hiddenTypes.has(type);
    box.addEventListener('change', () => {
      if (box.checked) hiddenTypes.delete(type);
      else hiddenTypes.add(type);
      applyHidden();
    });
    const family = m.edges.find((e) => e.type === type)?.family ?? 'runtime';
    label.append(box, swatch(type, family), document.createTextNode(`${type} (${m.edges.filter((e) => e.type === type).length})`));
    legend.appendChild(label);
  }
  const groups = document.createElement('span');
  groups.className = 'groups';
  for (const group of [...new Set(m.nodes.map((n) => n.group))]) {
    const item = document.createElement('span');
    item.className = `lg-${group}`;
    item.textContent = `■ ${GROUP_NAMES[group]}`;
    groups.appendChild(item);
  }
  legend.appendChild(groups);
}

const GROUP_NAMES: Record<DiagramNode['group'], string> = {
  function: 'function',
  method: 'method',
  class: 'class',
  type: 'interface/type',
  module: 'module',
  variable: 'variable',
  external: 'external (node_modules)',
};

function swatch(type: string, family: string): SVGSVGElement {
  const s = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  s.setAttribute('width', '26');
  s.setAttribute('height', '8');
  s.setAttribute('class', `edge f-${family}`);
  const line = document.createElementNS('http://www.w3.org/2000/svg', 'path');
  line.setAttribute('d', 'M0,4 L26,4');
  line.style.stroke = EDGE_COLOURS[type] ?? 'currentColor';
  s.appendChild(line);
  return s;
}

function applyHidden(): void {
  svg.querySelectorAll<SVGGElement>('g.edge').forEach((e) => e.classList.toggle('hidden', hiddenTypes.has(e.dataset.type ?? '')));
}

function applySearch(): void {
  const text = $<HTMLInputElement>('.search').value.trim().toLowerCase();
  const nodes = drawing?.nodes ?? new Map<string, SVGGElement>();
  let first: string | undefined;
  for (const [id, g] of nodes) {
    const label = model?.nodes.find((n) => n.id === id)?.label.toLowerCase() ?? '';
    const hit = text !== '' && label.includes(text);
    g.classList.toggle('match', hit);
    g.classList.toggle('dim', text !== '' && !hit);
    if (hit && !first) first = id;
  }
  return void (first && text ? viewport.centerOn(nodes.get(first)!) : undefined);
}

function nodeOf(target: EventTarget | null): DiagramNode | undefined {
  const g = (target as Element | null)?.closest?.('g.node') as SVGGElement | null;
  const id = g?.dataset.id;
  return id ? model?.nodes.find((n) => n.id === id) : undefined;
}

function select(id: string | undefined): void {
  selected = id;
  drawing?.nodes.forEach((g, nid) => g.classList.toggle('selected', nid === id));
  const node = id ? model?.nodes.find((n) => n.id === id) : undefined;
  if (!node) return;
  details.textContent = '';
  const where = document.createElement('span');
  where.className = 'where';
  where.textContent = `${node.label} — ${node.kind}, ${node.file}:${node.offset}`;
  details.appendChild(where);
  if (data.mode === 'standalone' && data.root) {
    const link = document.createElement('a');
    link.href = `file://${data.root.replace(/\\/g, '/').replace(/^(?!\/)/, '/')}/${node.file}`;
    link.textContent = 'Open file';
    details.appendChild(link);
  }
  if (!vscode || node.group === 'external' || node.group === 'module') return;
  const expanded = expansions.filter((e) => e.id === node.id).map((e) => e.query);
  const button = (text: string, cls: string, onClick: () => void, disabled = false): void => {
    const b = document.createElement('button');
    b.textContent = text;
    b.className = cls;
    b.disabled = disabled;
    b.addEventListener('click', onClick);
    details.appendChild(b);
  };
  button('+ Dependencies', 'expand-dependencies', () => post({ type: 'expand', id: node.id, query: 'dependenciesOf' }), expanded.includes('dependenciesOf'));
  button('+ Dependents', 'expand-dependents', () => post({ type: 'expand', id: node.id, query: 'dependentsOf' }), expanded.includes('dependentsOf'));
  if (expanded.length > 0) button('Collapse', 'collapse', () => post({ type: 'collapse', id: node.id }));
}

function post(message: FromPage): void {
  if (message.type === 'expand' || message.type === 'collapse') $('.busy').textContent = 'Updating…';
  vscode?.postMessage(message);
}

svg.addEventListener('click', (event) => {
  if (viewport.wasDrag()) return;
  const node = nodeOf(event.target);
  if (!node) return;
  select(node.id);
  if (vscode && node.group !== 'external') post({ type: 'open', id: node.id });
});
svg.addEventListener('keydown', (event) => {
  const node = nodeOf(event.target);
  if (node && event.key === 'Enter') {
    select(node.id);
    post({ type: 'open', id: node.id });
  }
});
svg.addEventListener('mouseover', (event) => {
  const node = nodeOf(event.target);
  if (!node) return void (tooltip.hidden = true);
  tooltip.textContent = '';
  const head = document.createElement('div');
  head.innerHTML = '<b></b> <span class="kind"></span>';
  head.querySelector('b')!.textContent = node.label;
  head.querySelector('.kind')!.textContent = `${node.kind} · ${node.file}:${node.offset}${node.cut ? ` · ${node.cut} more cut here` : ''}`;
  tooltip.appendChild(head);
  if (node.snippet) {
    const pre = document.createElement('pre');
    pre.textContent = node.snippet.join('\n');
    tooltip.appendChild(pre);
  }
  tooltip.hidden = false;
});
svg.addEventListener('mousemove', (event) => {
  const stage = svg.getBoundingClientRect();
  tooltip.style.left = `${Math.min(event.clientX - stage.left + 14, stage.width - tooltip.offsetWidth - 4)}px`;
  tooltip.style.top = `${event.clientY - stage.top + 14}px`;
});
svg.addEventListener('mouseleave', () => (tooltip.hidden = true));

$('.search').addEventListener('input', applySearch);
$('.fit').addEventListener('click', () => viewport.fitAll());
$('.zoom-in').addEventListener('click', () => viewport.zoomBy(1.25));
$('.zoom-out').addEventListener('click', () => viewport.zoomBy(0.8));
$('.export-svg').addEventListener('click', () => void save('svg'));
$('.export-png').addEventListener('click', () => void save('png'));
$('.copy-mermaid').addEventListener('click', () => void copyMermaid());

async function save(format: 'svg' | 'png'): Promise<void> {
  if (!drawing) return;
  const text = exportSvg(svg, drawing);
  const payload = format === 'svg' ? text : await exportPng(text, drawing.width, drawing.height);
  if (vscode) return post({ type: 'save', format, data: payload });
  const link = document.createElement('a');
  link.download = `${(model?.title ?? 'graph').replace(/[^\w.-]+/g, '_')}.${format}`;
  link.href = format === 'svg' ? URL.createObjectURL(new Blob([payload], { type: 'image/svg+xml' })) : payload;
  link.click();
}

async function copyMermaid(): Promise<void> {
  if (!model) return;
  if (vscode) return post({ type: 'copyMermaid' });
  const button = $<HTMLButtonElement>('.copy-mermaid');
  try {
    await navigator.clipboard.writeText(model.mermaid);
    button.textContent = 'Copied';
  } catch {
    button.textContent = 'Copy blocked by the browser';
  }
}

window.addEventListener('message', (event: MessageEvent<ToPage>) => {
  const message = event.data;
  if (message.type === 'model') {
    $('.busy').textContent = '';
    show(message.model, message.expansions);
  } else if (message.type === 'busy') {
    $('.busy').textContent = message.text;
  }
});

if (data.model) show(data.model, []);
// The extension answers with the drawing (again, if it posted one before this script ran).
vscode?.postMessage({ type: 'ready' });
