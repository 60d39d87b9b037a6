// Entry of dist/graphView.js: the graph view page, in a VS Code webview or in the CLI's standalone
// HTML file. Reads its start data from <script id="graph-data">, draws the DiagramModel, and (in
// VS Code) talks to the extension through postMessage. No network, no eval.
import type { DiagramEdge, DiagramModel, DiagramNode } from '../../core/format/diagramModel';
import type { Direction } from '../../core/query/neighbours';
import { Badges, Drawing, Layout, drawLayout, edgeLabel, layoutGraph, Rankdir, texts } from './drawDiagram';
import { exportPng, exportSvg } from './exportImage';
import { FoldState, foldCandidates, presentNodes, VisibleGraph, visibleGraph } from './foldModel';
import { EDGE_COLOURS } from '../graphViewStyles';
import { Expansion, FromPage, PageData, ToPage } from '../messages';
import { MIN_READABLE, Viewport } from './Viewport';

interface VsCodeApi {
  postMessage(message: FromPage): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

const data = JSON.parse(document.getElementById('graph-data')?.textContent ?? '{}') as PageData;
const vscode = data.mode === 'vscode' && typeof acquireVsCodeApi === 'function' ? acquireVsCodeApi() : undefined;

const app = document.getElementById('app')!;
app.innerHTML = `
<div class="toolbar">
  <div class="heading"><h1 class="title"></h1><span class="count"></span></div>
  <div class="controls" role="toolbar" aria-label="Graph controls">
    <button class="back" title="Back (Alt+Left)" aria-label="Back" disabled>◀</button>
    <button class="forward" title="Forward (Alt+Right)" aria-label="Forward" disabled>▶</button>
    <span class="find"><input type="search" class="search" placeholder="Find (/)…" aria-label="Find a node by name"><button class="find-prev" title="Previous match (Shift+Enter)" aria-label="Previous match">↑</button><button class="find-next" title="Next match (Enter)" aria-label="Next match">↓</button><span class="find-count" aria-live="polite"></span></span>
    <span class="levels" title="Levels around the queried symbol drawn node by node; farther ones are folded">Levels <button class="level-down" aria-label="One level fewer">−</button><span class="level-value">0</span><button class="level-up" aria-label="One level more">+</button></span>
    <button class="fit" title="Show the whole answer at a readable size, folding far nodes if needed (F)">Fit</button>
    <button class="zoom-in" title="Zoom in (+)" aria-label="Zoom in">+</button>
    <button class="zoom-out" title="Zoom out (−)" aria-label="Zoom out">−</button>
    <button class="export-svg" title="Save what is drawn as SVG">SVG</button>
    <button class="export-png" title="Save what is drawn as PNG">PNG</button>
    <button class="copy-mermaid" title="Copy the graph as a Mermaid flowchart">Mermaid</button>
  </div>
</div>
<div class="notes" hidden><span class="notes-text"></span><button class="notes-close" title="Hide this note (it comes back when the answer's notes change)" aria-label="Hide note">×</button></div>
<div class="legend"></div>
<div class="fold-status" aria-live="polite"></div>
<div class="stage"><svg class="graph" role="img"></svg><div class="tooltip" hidden></div><div class="busy"></div></div>
<div class="details" aria-live="polite"><span class="where">Click a node to see its callers and callees${data.mode === 'vscode' ? ' and open its code' : ''}; click an edge for its call sites; a +N badge or a folded box opens. Drag to pan, wheel to zoom.</span></div>`;

const $ = <T extends Element>(selector: string): T => app.querySelector(selector) as T;
const svg = $<SVGSVGElement>('svg.graph');
const tooltip = $<HTMLDivElement>('.tooltip');
const details = $<HTMLDivElement>('.details');
const viewport = new Viewport(svg);
const hiddenTypes = new Set<string>();
/** Node kinds (groups) the person switched off in the legend; the queried symbols always stay. */
const hiddenGroups = new Set<string>();
let model: DiagramModel | undefined;
let expansions: Expansion[] = [];
let drawing: Drawing | undefined;
let vis: VisibleGraph | undefined;
let layout: Layout | undefined;
let selected: string | undefined;
let badges: Badges = new Map();
/** How the answer is folded; `auto` until the person opens or folds something (then resizes keep it). */
let fold: FoldState = { depth: 0, grain: 0, opened: new Set(), revealed: new Set(), closedFiles: new Set() };
let autoFold = true;
/** The view's size at the last drawing (a resize to another size refolds). */
let lastBox = '';

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

// ---- history (back / forward) ----------------------------------------------------------------

interface Snapshot {
  fold: FoldState;
  autoFold: boolean;
  selected: string | undefined;
}
const past: Snapshot[] = [];
const future: Snapshot[] = [];
function snapshot(): Snapshot {
  return {
    fold: { depth: fold.depth, grain: fold.grain, splitLast: fold.splitLast, opened: new Set(fold.opened), revealed: new Set(fold.revealed), closedFiles: new Set(fold.closedFiles) },
    autoFold,
    selected,
  };
}
/** Before a change the person made: Back returns here. */
function remember(): void {
  past.push(snapshot());
  if (past.length > 100) past.shift();
  future.length = 0;
  updateHistoryButtons();
}
function travel(from: Snapshot[], to: Snapshot[]): void {
  const s = from.pop();
  if (!s) return;
  to.push(snapshot());
  fold = s.fold;
  autoFold = s.autoFold;
  selected = s.selected;
  render('keep');
  if (selected && drawing?.nodes.get(selected)) viewport.centerOn(drawing.nodes.get(selected)!);
  updateHistoryButtons();
}
function updateHistoryButtons(): void {
  $<HTMLButtonElement>('.back').disabled = past.length === 0;
  $<HTMLButtonElement>('.forward').disabled = future.length === 0;
}
$('.back').addEventListener('click', () => travel(past, future));
$('.forward').addEventListener('click', () => travel(future, past));

// ---- drawing ----------------------------------------------------------------------------------

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
  drawLegend(next);
  render(first || autoFold ? 'auto' : 'keep');
  applySearch(false);
  document.body.dataset.ready = String(Number(document.body.dataset.ready ?? '0') + 1);
}

/** The model's nodes and edges the page can draw now (revealed reserve in, hidden edge types out). */
function present(): { nodes: DiagramNode[]; edges: DiagramEdge[] } {
  const p = presentNodes(model!, fold.revealed);
  const nodes = p.nodes.filter((n) => n.input || !hiddenGroups.has(n.group));
  const kept = new Set(nodes.map((n) => n.id));
  return { nodes, edges: p.edges.filter((e) => !hiddenTypes.has(e.type) && kept.has(e.from) && kept.has(e.to)) };
}

function modelForFold(): DiagramModel {
  const p = present();
  // Hiding an edge type hides what only it connected: nodes no longer reached from the inputs go.
  const reach = reachable(p.nodes, p.edges);
  return { ...model!, nodes: p.nodes.filter((n) => reach.has(n.id)), edges: p.edges, reserve: undefined };
}

function reachable(nodes: readonly DiagramNode[], edges: readonly DiagramEdge[]): Set<string> {
  if (hiddenTypes.size === 0 && hiddenGroups.size === 0) return new Set(nodes.map((n) => n.id));
  const adj = new Map<string, string[]>();
  for (const e of edges) {
    (adj.get(e.from) ?? adj.set(e.from, []).get(e.from)!).push(e.to);
    (adj.get(e.to) ?? adj.set(e.to, []).get(e.to)!).push(e.from);
  }
  const seen = new Set(nodes.filter((n) => n.input).map((n) => n.id));
  const queue = [...seen];
  for (let head = 0; head < queue.length; head++) {
    for (const next of adj.get(queue[head]) ?? []) {
      if (seen.has(next)) continue;
      seen.add(next);
      queue.push(next);
    }
  }
  return seen;
}

/** Per drawn node, neighbours the page has no node for at all (opening asks for exactly those). */
function computeBadges(nodes: readonly DiagramNode[]): Badges {
  const have = new Set(presentNodes(model!, fold.revealed).nodes.map((n) => n.id));
  const out: Badges = new Map();
  for (const n of nodes) {
    const count = (d: Direction): number => (n.next ? n.next[d].filter((id) => !have.has(id)).length : n.more?.[d] ?? 0);
    const b = { dependencies: count('dependencies'), dependents: count('dependents') };
    if (b.dependencies || b.dependents) out.set(n.id, b);
  }
  return out;
}

/** Items above this are not laid out to try a fold (dagre needs seconds for thousands). */
function budget(): number {
  const box = svg.getBoundingClientRect();
  return Math.max(6, Math.floor((box.width * box.height) / (210 * 70 * MIN_READABLE * MIN_READABLE)));
}

/**
 * Lays out and draws. `auto`: picks the most detailed fold whose drawing fits the view at a
 * readable size (every level open if it fits; else fewer levels; else coarser bundles), and the
 * direction (left-right or top-down) that draws it larger. `keep`: the person's fold as it is.
 */
function render(mode: 'auto' | 'keep'): void {
  if (!model) return;
  const m = modelForFold();
  badges = computeBadges(m.nodes);
  const dirs: Rankdir[] = ['LR', 'TB'];
  const best = (v: VisibleGraph): Layout => {
    const tries = v.items.length > 400 ? [preferred()] : dirs;
    let chosen: Layout | undefined;
    let score = -1;
    for (const d of tries) {
      const l = layoutGraph(v, measure, d, badges);
      const s = viewport.fitScale(l.width, l.height);
      if (s > score + 0.02) {
        chosen = l;
        score = s;
      }
    }
    return chosen!;
  };
  if (mode === 'auto') {
    const maxDistance = visibleGraph(m, { ...fold, depth: 0 }).maxDistance;
    const limit = budget();
    let fallback: { v: VisibleGraph; l: Layout; f: FoldState } | undefined;
    let found = false;
    // A candidate with as many drawn things as one that did not fit will not fit either: skip it.
    let failedAt = Infinity;
    for (const c of foldCandidates(maxDistance)) {
      const f: FoldState = { ...fold, depth: c.depth, grain: c.grain, splitLast: c.splitLast, opened: new Set(), closedFiles: new Set() };
      const v = visibleGraph(m, f);
      if (v.items.length > limit * 1.3 || v.items.length >= failedAt) continue;
      const l = best(v);
      fallback = { v, l, f };
      if (viewport.fitScale(l.width, l.height) >= MIN_READABLE) {
        found = true;
        break;
      }
      failedAt = v.items.length;
    }
    if (!fallback) {
      const f: FoldState = { ...fold, depth: 0, grain: 4, splitLast: false, opened: new Set(), closedFiles: new Set() };
      const v = visibleGraph(m, f);
      fallback = { v, l: best(v), f };
    }
    void found;
    fold = fallback.f;
    vis = fallback.v;
    layout = fallback.l;
    autoFold = true;
  } else {
    vis = visibleGraph(m, fold);
    layout = vis.items.length > 400 ? layoutGraph(vis, measure, layout?.rankdir ?? preferred(), badges) : best(vis);
  }
  drawing = drawLayout(svg, vis, layout, badges);
  const focus = svg.querySelector<SVGGElement>('g.node.input') ?? undefined;
  viewport.attach(drawing.viewport, drawing.width, drawing.height, focus);
  viewport.fit(focus);
  document.body.dataset.rankdir = layout.rankdir;
  const box = svg.getBoundingClientRect();
  lastBox = `${Math.round(box.width)}x${Math.round(box.height)}`;
  showFoldStatus(m);
  applyHidden();
  if (selected && !drawing.nodes.has(selected)) selected = undefined;
  select(selected, false);
  $('.level-value').textContent = String(fold.depth);
  document.body.dataset.drawn = String(Number(document.body.dataset.drawn ?? '0') + 1);
}

function preferred(): Rankdir {
  const box = svg.getBoundingClientRect();
  return box.height > box.width * 1.2 ? 'TB' : 'LR';
}

function showFoldStatus(m: DiagramModel): void {
  const status = $<HTMLDivElement>('.fold-status');
  status.textContent = '';
  if (!vis || m.nodes.length === 0) return;
  const bundles = vis.items.filter((i) => i.kind === 'bundle').length;
  if (bundles === 0) return;
  status.append(
    `${vis.shown} of ${m.nodes.length} nodes drawn one by one (${fold.depth} level${fold.depth === 1 ? '' : 's'} around the query); ${vis.bundled} folded into ${bundles} box${bundles === 1 ? '' : 'es'}: click one to open it. `,
  );
  const all = document.createElement('button');
  all.className = 'unfold-all';
  all.textContent = 'Open all';
  all.title = 'Draw every node (large answers need panning)';
  all.addEventListener('click', () => {
    remember();
    autoFold = false;
    fold.depth = vis?.maxDistance ?? fold.depth;
    fold.splitLast = false;
    fold.opened.clear();
    fold.closedFiles.clear();
    render('keep');
  });
  status.appendChild(all);
}

function drawLegend(m: DiagramModel): void {
  const legend = $<HTMLDivElement>('.legend');
  legend.textContent = '';
  const edges = [...m.edges, ...(m.reserve?.edges ?? [])];
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
      render(autoFold ? 'auto' : 'keep');
    });
    const family = edges.find((e) => e.type === type)?.family ?? 'runtime';
    label.append(box, swatch(type, family), document.createTextNode(`${type} (${m.edges.filter((e) => e.type === type).length})`));
    legend.appendChild(label);
  }
  const groups = document.createElement('span');
  groups.className = 'groups';
  for (const group of [...new Set(m.nodes.map((n) => n.group))]) {
    // A toggle, like the edge types: hiding a kind hides its nodes and what only they connected.
    const item = document.createElement('button');
    item.className = `kind-toggle lg-${group}${hiddenGroups.has(group) ? ' off' : ''}`;
    item.dataset.group = group;
    item.setAttribute('aria-pressed', String(!hiddenGroups.has(group)));
    item.title = `Show or hide ${GROUP_NAMES[group]} nodes`;
    item.textContent = `■ ${GROUP_NAMES[group]} (${m.nodes.filter((n) => n.group === group).length})`;
    item.addEventListener('click', () => {
      if (hiddenGroups.has(group)) hiddenGroups.delete(group);
      else hiddenGroups.add(group);
      item.classList.toggle('off', hiddenGroups.has(group));
      item.setAttribute('aria-pressed', String(!hiddenGroups.has(group)));
      render(autoFold ? 'auto' : 'keep');
    });
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
  line.setAttribute('class', 'line');
  line.style.stroke = EDGE_COLOURS[type] ?? 'currentColor';
  s.appendChild(line);
  return s;
}

function applyHidden(): void {
  svg.querySelectorAll<SVGGElement>('g.edge').forEach((e) => e.classList.toggle('hidden', hiddenTypes.has(e.dataset.type ?? '')));
}

// ---- find -------------------------------------------------------------------------------------

let matchIndex = -1;
function matches(): DiagramNode[] {
  const text = $<HTMLInputElement>('.search').value.trim().toLowerCase();
  if (!text || !model) return [];
  return presentNodes(model, fold.revealed).nodes.filter((n) => n.label.toLowerCase().includes(text));
}

/** Marks the matches drawn; `step` moves to the next (1) or previous (-1) match, opening its fold. */
function applySearch(move: boolean, step = 1): void {
  const list = matches();
  const ids = new Set(list.map((n) => n.id));
  const text = $<HTMLInputElement>('.search').value.trim();
  for (const [id, g] of drawing?.nodes ?? new Map<string, SVGGElement>()) {
    g.classList.toggle('match', ids.has(id));
    g.classList.toggle('dim', text !== '' && !ids.has(id));
  }
  if (list.length === 0) {
    matchIndex = -1;
    $('.find-count').textContent = text ? 'no match' : '';
    return;
  }
  if (move || matchIndex < 0 || matchIndex >= list.length) matchIndex = move ? (matchIndex + step + list.length) % list.length : 0;
  $('.find-count').textContent = `${matchIndex + 1} of ${list.length}`;
  const target = list[matchIndex];
  if (!move) {
    // Typing shows the first match when it is drawn; folded ones open on Enter (next / previous).
    const g = text ? drawing?.nodes.get(target.id) : undefined;
    if (g) viewport.centerOn(g);
    return;
  }
  if (!drawing?.nodes.has(target.id)) {
    // Folded: open the boxes it is in (its folder's and its file's), then show it.
    remember();
    autoFold = false;
    openFoldsOf(target);
    render('keep');
    applySearch(false);
    $('.find-count').textContent = `${matchIndex + 1} of ${list.length}`;
  }
  const g = drawing?.nodes.get(target.id);
  if (g) {
    select(target.id, false);
    viewport.centerOn(g);
  }
}

function openFoldsOf(n: DiagramNode): void {
  const dir = n.file.includes('/') ? n.file.slice(0, n.file.lastIndexOf('/')) : '.';
  const parts = n.file.split('/');
  const top = parts.length <= 2 ? dir : parts.slice(0, 2).join('/');
  fold.closedFiles.delete(n.file);
  const first = n.file.includes('/') ? n.file.slice(0, n.file.indexOf('/')) : '.';
  for (const key of ['all', `root:${first}`, `top:${top}`, `dir:${dir}`, `file:${n.file}`]) fold.opened.add(key);
}

// ---- selection: a node's callers and callees together -------------------------------------------

function nodeById(id: string): DiagramNode | undefined {
  return model ? presentNodes(model, fold.revealed).nodes.find((n) => n.id === id) : undefined;
}

function itemOf(target: EventTarget | null): SVGGElement | null {
  return ((target as Element | null)?.closest?.('g.node') as SVGGElement | null) ?? null;
}

function select(id: string | undefined, remembered = true): void {
  if (remembered && id !== selected) remember();
  selected = id;
  const node = id ? nodeById(id) : undefined;
  const callers = new Set<string>();
  const callees = new Set<string>();
  if (node && vis) {
    for (const e of vis.edges) {
      if (e.to === id) callers.add(e.from);
      if (e.from === id) callees.add(e.to);
    }
  }
  drawing?.nodes.forEach((g, nid) => {
    g.classList.toggle('selected', nid === id);
    g.classList.toggle('caller', callers.has(nid));
    g.classList.toggle('callee', callees.has(nid));
  });
  svg.querySelectorAll<SVGGElement>('g.edge').forEach((e) => e.classList.toggle('near', !!id && (e.dataset.from === id || e.dataset.to === id)));
  if (!node) return;
  details.textContent = '';
  const where = document.createElement('span');
  where.className = 'where';
  where.textContent = `${node.label} — ${node.kind}, ${node.file}:${node.offset}`;
  details.appendChild(where);
  const list = (title: string, ids: Set<string>, cls: string): void => {
    if (ids.size === 0) return;
    const span = document.createElement('span');
    span.className = `neighbours ${cls}`;
    span.append(`${title} (${ids.size}): `);
    for (const other of ids) {
      const b = document.createElement('button');
      b.className = 'link';
      b.textContent = labelOf(other);
      b.addEventListener('click', () => focusItem(other));
      span.appendChild(b);
    }
    details.appendChild(span);
  };
  list('Used by', callers, 'callers');
  list('Uses', callees, 'callees');
  const button = (text: string, cls: string, onClick: () => void, disabled = false): void => {
    const b = document.createElement('button');
    b.textContent = text;
    b.className = cls;
    b.disabled = disabled;
    b.addEventListener('click', onClick);
    details.appendChild(b);
  };
  button('Centre', 'recentre', () => {
    const g = drawing?.nodes.get(node.id);
    if (g) viewport.centerOn(g);
  });
  if (data.mode === 'standalone' && data.root) {
    const link = document.createElement('a');
    link.href = fileUrl(node.file);
    link.textContent = 'Open file';
    details.appendChild(link);
  }
  const b = badges.get(node.id);
  // In VS Code the extension can open several levels at once: the person picks how deep.
  let depth: HTMLSelectElement | undefined;
  if (vscode) {
    depth = document.createElement('select');
    depth.className = 'expand-depth';
    depth.setAttribute('aria-label', 'Levels to open');
    for (const n of [1, 2, 3, 5]) depth.add(new Option(n === 1 ? '1 level' : `${n} levels`, String(n)));
  }
  for (const d of ['dependents', 'dependencies'] as Direction[]) {
    const count = b?.[d] ?? 0;
    button(count > 0 ? `+ ${count} ${d}` : `No more ${d}`, `expand-${d}`, () => expand(node.id, d, Number(depth?.value ?? 1)), count === 0);
  }
  if (depth) details.appendChild(depth);
  const expanded = expansions.filter((e) => e.id === node.id);
  if (vscode && expanded.length > 0) button('Collapse', 'collapse', () => post({ type: 'collapse', id: node.id }));
}

function labelOf(id: string): string {
  const node = nodeById(id);
  if (node) return node.label;
  const item = vis?.items.find((i) => i.id === id);
  return item ? texts(item)[0] : id;
}

function focusItem(id: string): void {
  const g = drawing?.nodes.get(id);
  if (!g) return;
  if (id.startsWith('bundle:')) return openBundle(id);
  select(id);
  viewport.centerOn(g);
  g.focus();
}

function fileUrl(file: string): string {
  return `file://${(data.root ?? '').replace(/\\/g, '/').replace(/^(?!\/)/, '/')}/${file}`;
}

// ---- opening: badges, bundles, file clusters, levels ---------------------------------------------

/**
 * Opens the neighbours a `+N` badge counts. In VS Code the extension adds them (exactly those, one
 * level; the next click on the same badge one level deeper), so they stay through redraws and
 * Collapse takes them back. In the CLI's file the page opens the ones its model carries (a page of 50).
 */
function expand(id: string, direction: Direction, depth = 1): void {
  const node = nodeById(id);
  if (!node || !model) return;
  const have = new Set(presentNodes(model, fold.revealed).nodes.map((n) => n.id));
  const missing = node.next ? node.next[direction].filter((n) => !have.has(n)) : [];
  const noun = direction === 'dependents' ? 'dependents' : 'dependencies';
  if (node.next && missing.length === 0) return say(`${node.label} has no ${noun} that are not drawn already.`);
  if (vscode) {
    post({ type: 'expand', id, query: direction === 'dependents' ? 'dependentsOf' : 'dependenciesOf', depth });
    return;
  }
  const reserve = new Set((model.reserve?.nodes ?? []).map((n) => n.id));
  const here = missing.filter((n) => reserve.has(n));
  const command = `ts-code-graph ${direction === 'dependents' ? 'dependentsOf' : 'dependenciesOf'} ${node.file} ${node.name}`;
  if (here.length === 0) {
    const count = missing.length || (node.more?.[direction] ?? 0);
    return say(`${count} ${noun} of ${node.label} are not in this file: run \`${command}\` for them.`);
  }
  remember();
  autoFold = false;
  for (const n of here) fold.revealed.add(n);
  render('keep');
  const moved = drawing?.nodes.get(id);
  if (moved && !viewport.fitsReadably()) viewport.centerOn(moved);
  say(`Opened ${here.length} ${noun} of ${node.label}${missing.length > here.length ? `; ${missing.length - here.length} more are not in this file: run \`${command}\`` : ''}.`);
}

function say(text: string): void {
  let line = details.querySelector('.said');
  if (!line) {
    line = document.createElement('div');
    line.className = 'said';
    details.appendChild(line);
  }
  line.textContent = text;
}

function openBundle(id: string): void {
  const item = vis?.items.find((i) => i.id === id);
  if (!item || item.kind !== 'bundle') return;
  remember();
  autoFold = false;
  if (item.key.startsWith('file:')) fold.closedFiles.delete(item.key.slice('file:'.length));
  fold.opened.add(item.key);
  render('keep');
  // Too big to see whole now: the first opened node in the middle.
  const first = item.members.map((m) => drawing?.nodes.get(m)).find((x) => x);
  if (first && !viewport.fitsReadably()) viewport.centerOn(first);
  say(`Opened ${item.members.length} in ${item.label === 'more in this file' ? item.key.slice('file:'.length) : item.label}.`);
}

function foldFile(file: string): void {
  remember();
  autoFold = false;
  fold.closedFiles.add(file);
  fold.opened.delete(`file:${file}`);
  render('keep');
}

function setDepth(depth: number): void {
  if (!vis) return;
  remember();
  autoFold = false;
  fold.depth = Math.max(0, Math.min(vis.maxDistance, depth));
  fold.grain = 0;
  fold.splitLast = false;
  fold.opened.clear();
  render('keep');
}

function fitNow(): void {
  if (viewport.fitsReadably()) return viewport.fit();
  // Too big to read whole: fold (fewer levels, coarser boxes) rather than shrink the text.
  remember();
  render('auto');
}

// ---- edges: call sites ---------------------------------------------------------------------------

function showEdge(g: SVGGElement): void {
  const e = vis?.edges.find((x) => x.id === g.dataset.edge);
  if (!e) return;
  details.textContent = '';
  const head = document.createElement('span');
  head.className = 'where';
  head.textContent = `${labelOf(e.from)} → ${labelOf(e.to)}: ${edgeLabel(e.edges.map((x) => x.type))}`;
  details.appendChild(head);
  const sites = document.createElement('ul');
  sites.className = 'sites';
  for (const me of e.edges) {
    const from = nodeById(me.from);
    for (const s of me.sites ?? []) {
      const li = document.createElement('li');
      const where = `${from?.file ?? ''}:${s.line}`;
      const link = document.createElement(vscode ? 'button' : 'a');
      link.className = 'site';
      link.textContent = where;
      if (vscode) link.addEventListener('click', () => post({ type: 'open', id: me.from, line: s.line }));
      else (link as HTMLAnchorElement).href = fileUrl(from?.file ?? '');
      const code = document.createElement('code');
      code.textContent = `> ${s.text}`;
      li.append(link, ' ', code);
      sites.appendChild(li);
    }
  }
  if (sites.childElementCount === 0) {
    const li = document.createElement('li');
    li.textContent = e.edges.some((x) => x.family !== 'runtime') ? 'A type or structure edge: it is in the declaration, not at a call site.' : 'No call site recorded for this edge.';
    sites.appendChild(li);
  }
  details.appendChild(sites);
}

function post(message: FromPage): void {
  if (message.type === 'expand' || message.type === 'collapse') $('.busy').textContent = 'Updating…';
  vscode?.postMessage(message);
}

// ---- events ------------------------------------------------------------------------------------

svg.addEventListener('click', (event) => {
  if (viewport.wasDrag()) return;
  const target = event.target as Element;
  const badge = target.closest?.('g.more') as SVGGElement | null;
  const g = itemOf(target);
  if (badge && g?.dataset.id) return expand(g.dataset.id, badge.dataset.direction as Direction);
  const head = target.closest?.('g.cluster') as SVGGElement | null;
  if (head && target.classList.contains('cluster-label')) return foldFile(head.dataset.file ?? '');
  const edge = target.closest?.('g.edge') as SVGGElement | null;
  if (edge) return showEdge(edge);
  if (!g?.dataset.id) return;
  if (g.classList.contains('bundle')) return openBundle(g.dataset.id);
  select(g.dataset.id);
  const node = nodeById(g.dataset.id);
  if (vscode && node && node.group !== 'external') post({ type: 'open', id: node.id });
});
svg.addEventListener('keydown', (event) => {
  const target = event.target as Element;
  const g = itemOf(target);
  if (event.key === 'Enter' || event.key === ' ') {
    event.preventDefault();
    const edge = target.closest?.('g.edge') as SVGGElement | null;
    if (edge) return showEdge(edge);
    const head = target.closest?.('g.cluster') as SVGGElement | null;
    if (head) return foldFile(head.dataset.file ?? '');
    if (!g?.dataset.id) return;
    if (g.classList.contains('bundle')) return openBundle(g.dataset.id);
    select(g.dataset.id);
    post({ type: 'open', id: g.dataset.id });
  }
});
svg.addEventListener('mouseover', (event) => {
  const g = itemOf(event.target);
  const node = g?.dataset.id ? nodeById(g.dataset.id) : undefined;
  const edge = (event.target as Element).closest?.('g.edge') as SVGGElement | null;
  tooltip.textContent = '';
  if (node) {
    const head = document.createElement('div');
    head.innerHTML = '<b></b> <span class="kind"></span>';
    head.querySelector('b')!.textContent = node.label;
    const b = badges.get(node.id);
    const more = b ? ` · not drawn: ${b.dependents} dependents, ${b.dependencies} dependencies` : '';
    head.querySelector('.kind')!.textContent = `${node.kind} · ${node.file}:${node.offset}${more}`;
    tooltip.appendChild(head);
    if (node.snippet) {
      const pre = document.createElement('pre');
      pre.textContent = node.snippet.join('\n');
      tooltip.appendChild(pre);
    }
  } else if (edge) {
    const e = vis?.edges.find((x) => x.id === edge.dataset.edge);
    const sites = (e?.edges ?? []).flatMap((me) => (me.sites ?? []).map((s) => `${nodeById(me.from)?.file ?? ''}:${s.line}  > ${s.text}`));
    const head = document.createElement('div');
    head.textContent = e ? `${labelOf(e.from)} → ${labelOf(e.to)}: ${edgeLabel(e.edges.map((x) => x.type))}` : '';
    tooltip.appendChild(head);
    if (sites.length > 0) {
      const pre = document.createElement('pre');
      pre.textContent = sites.slice(0, 8).join('\n') + (sites.length > 8 ? `\n… ${sites.length - 8} more (click the edge)` : '');
      tooltip.appendChild(pre);
    }
  } else if (g?.classList.contains('bundle')) {
    tooltip.textContent = `${g.dataset.members} symbols folded here. Click (or Enter) to open.`;
  } else {
    tooltip.hidden = true;
    return;
  }
  tooltip.hidden = false;
});
svg.addEventListener('mousemove', (event) => {
  const stage = svg.getBoundingClientRect();
  tooltip.style.left = `${Math.min(event.clientX - stage.left + 14, stage.width - tooltip.offsetWidth - 4)}px`;
  tooltip.style.top = `${event.clientY - stage.top + 14}px`;
});
svg.addEventListener('mouseleave', () => (tooltip.hidden = true));

const search = $<HTMLInputElement>('.search');
search.addEventListener('input', () => {
  matchIndex = -1;
  applySearch(false);
});
search.addEventListener('keydown', (e) => {
  if (e.key === 'Enter') {
    e.preventDefault();
    applySearch(true, e.shiftKey ? -1 : 1);
  } else if (e.key === 'Escape') {
    search.value = '';
    applySearch(false);
  }
});
$('.find-next').addEventListener('click', () => applySearch(true, 1));
$('.find-prev').addEventListener('click', () => applySearch(true, -1));
$('.level-down').addEventListener('click', () => setDepth(fold.depth - 1));
$('.level-up').addEventListener('click', () => setDepth(fold.depth + 1));
$('.fit').addEventListener('click', fitNow);
$('.zoom-in').addEventListener('click', () => viewport.zoomBy(1.25));
$('.zoom-out').addEventListener('click', () => viewport.zoomBy(0.8));
$('.export-svg').addEventListener('click', () => void save('svg'));
$('.export-png').addEventListener('click', () => void save('png'));
$('.copy-mermaid').addEventListener('click', () => void copyMermaid());
document.addEventListener('keydown', (e) => {
  const typing = (e.target as Element | null)?.closest?.('input');
  if (e.altKey && e.key === 'ArrowLeft') return travel(past, future);
  if (e.altKey && e.key === 'ArrowRight') return travel(future, past);
  if (typing || e.ctrlKey || e.metaKey || e.altKey) return;
  if (e.key === '/') {
    e.preventDefault();
    search.focus();
  } else if (e.key === 'f' || e.key === 'F') fitNow();
  else if (e.key === '+' || e.key === '=') viewport.zoomBy(1.25);
  else if (e.key === '-') viewport.zoomBy(0.8);
  else if (e.key === 'Escape') select(undefined);
});

/** Redraw on resize while the fold is automatic (the best fold depends on the view's size). */
let resizeTimer: ReturnType<typeof setTimeout> | undefined;
new ResizeObserver(() => {
  const box = svg.getBoundingClientRect();
  const key = `${Math.round(box.width)}x${Math.round(box.height)}`;
  if (key === lastBox) return;
  lastBox = key;
  if (!model || !autoFold) return;
  if (resizeTimer) clearTimeout(resizeTimer);
  resizeTimer = setTimeout(() => render('auto'), 120);
}).observe(svg);

async function save(format: 'svg' | 'png'): Promise<void> {
  if (!drawing) return;
  const notes = [...(model?.notes ?? []), $('.fold-status').firstChild?.textContent?.trim() ?? ''].filter((n) => n !== '');
  const image = exportSvg(svg, drawing, model?.title ?? '', notes);
  const payload = format === 'svg' ? image.text : await exportPng(image.text, image.width, image.height);
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
