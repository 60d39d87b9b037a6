// The graph view page's shared parts: its start data, its elements, and the state every module
// reads and changes (what is drawn, how it is folded, what is selected). No drawing logic here.
import type { DiagramModel, DiagramNode } from '../../core/format/diagramModel';
import type { Drawing } from './drawDiagram';
import type { FoldState, VisibleGraph } from './foldModel';
import { presentNodes } from './foldModel';
import type { Badges, Layout } from './layout';
import { texts } from './layout';
import { Expansion, FromPage, PageData } from '../messages';
import { Viewport } from './Viewport';

interface VsCodeApi {
  postMessage(message: FromPage): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

const data = JSON.parse(document.getElementById('graph-data')?.textContent ?? '{}') as PageData;
const vscode = data.mode === 'vscode' && typeof acquireVsCodeApi === 'function' ? acquireVsCodeApi() : undefined;

export { data, vscode };
const app = document.getElementById('app')!;
const HINT = `Click a node to see its callers and callees${data.mode === 'vscode' ? ' and open its code' : ''}; click an edge for its call sites; a +N badge or a folded box opens. Drag to pan, wheel to zoom.`;
app.innerHTML = `
<div class="toolbar">
  <div class="heading"><h1 class="title"></h1><span class="count"></span></div>
  <div class="controls" role="toolbar" aria-label="Graph controls">
    <button class="back" title="Back (Alt+Left)" aria-label="Back" disabled>◀</button>
    <button class="forward" title="Forward (Alt+Right)" aria-label="Forward" disabled>▶</button>
    <span class="find"><input type="search" class="search" placeholder="Find (/)…" aria-label="Find a node by name"><button class="find-prev" title="Previous match (Shift+Enter)" aria-label="Previous match">↑</button><button class="find-next" title="Next match (Enter)" aria-label="Next match">↓</button><span class="find-count" aria-live="polite"></span></span>
    <span class="levels" title="Levels around the queried symbol drawn node by node; farther ones are folded"><span class="levels-word">Levels </span><button class="level-down" aria-label="One level fewer">−</button><span class="level-value">0</span><button class="level-up" aria-label="One level more">+</button></span>
    <button class="fit" title="Show the whole answer at a readable size, folding far nodes if needed (F)">Fit</button>
    <button class="zoom-in" title="Zoom in (+)" aria-label="Zoom in">+</button>
    <button class="zoom-out" title="Zoom out (−)" aria-label="Zoom out">−</button>
    <button class="more-actions" title="Save as SVG or PNG, copy as Mermaid" aria-label="More actions" aria-haspopup="true" aria-expanded="false">⋯</button>
    <span class="actions" role="group" aria-label="Save and copy">
      <button class="export-svg" title="Save what is drawn as SVG">SVG</button>
      <button class="export-png" title="Save what is drawn as PNG">PNG</button>
      <button class="copy-mermaid" title="Copy the graph as a Mermaid flowchart">Mermaid</button>
    </span>
  </div>
</div>
<div class="notes" hidden><span class="notes-text"></span><button class="notes-more" aria-expanded="false" title="Show the whole note">more</button><button class="notes-close" title="Hide this note (it comes back when the answer's notes change)" aria-label="Hide note">×</button></div>
<div class="legend"></div>
<div class="fold-status" aria-live="polite"></div>
<div class="stage"><svg class="graph" role="img"></svg><div class="tooltip" hidden></div><div class="busy"></div></div>
<div class="details" aria-live="polite"><span class="where hint" title="${HINT}">${HINT}</span></div>`;

export const $ = <T extends Element>(selector: string): T => app.querySelector(selector) as T;
export const svg = $<SVGSVGElement>('svg.graph');
export const tooltip = $<HTMLDivElement>('.tooltip');
export const details = $<HTMLDivElement>('.details');
export const viewport = new Viewport(svg);
export const hiddenTypes = new Set<string>();
/** Node kinds (groups) the person switched off in the legend; the queried symbols always stay. */
export const hiddenGroups = new Set<string>();

/** What the page draws now and how (every module reads and sets these). */
export const st: {
  model: DiagramModel | undefined;
  expansions: Expansion[];
  drawing: Drawing | undefined;
  vis: VisibleGraph | undefined;
  layout: Layout | undefined;
  selected: string | undefined;
  badges: Badges;
  /** How the answer is folded; `auto` until the person opens or folds something (then resizes keep it). */
  fold: FoldState;
  autoFold: boolean;
  /** The automatic fold is Fit's (the whole answer in view), not the first view's: a resize or a new answer fits again. */
  fitted: boolean;
  /** The view's size at the last drawing (a resize to another size refolds). */
  lastBox: string;
} = {
  model: undefined,
  expansions: [],
  drawing: undefined,
  vis: undefined,
  layout: undefined,
  selected: undefined,
  badges: new Map(),
  fold: { depth: 0, grain: 0, opened: new Set(), revealed: new Set(), closedFiles: new Set(), closedDirs: new Set() },
  autoFold: true,
  fitted: false,
  lastBox: '',
};

const canvas = document.createElement('canvas').getContext('2d');
export const measure = (text: string): number => {
  if (!canvas) return text.length * 7;
  canvas.font = `12px ${getComputedStyle(document.body).fontFamily}`;
  return canvas.measureText(text).width;
};

/** The notes a person hid: the same notes stay hidden on redraws, other notes show again. */
let dismissedNotes = '';
export function showNotes(text: string): void {
  $('.notes-text').textContent = text;
  ($('.notes') as HTMLElement).hidden = text === '' || text === dismissedNotes;
}
$('.notes-close').addEventListener('click', () => {
  dismissedNotes = $('.notes-text').textContent ?? '';
  ($('.notes') as HTMLElement).hidden = true;
  // The button hid itself: the keyboard goes on from the queried symbol, not from the page's top.
  svg.querySelector<SVGGElement>('g.node.input')?.focus({ preventScroll: true });
});
// In a narrow or short panel the notes are one line (CSS); this reads them whole, and folds them again.
$('.notes-more').addEventListener('click', () => {
  const open = $('.notes').classList.toggle('open');
  const more = $<HTMLButtonElement>('.notes-more');
  more.textContent = open ? 'less' : 'more';
  more.title = open ? 'Show the first line only' : 'Show the whole note';
  more.setAttribute('aria-expanded', String(open));
});

export function nodeById(id: string): DiagramNode | undefined {
  return st.model ? presentNodes(st.model, st.fold.revealed).nodes.find((n) => n.id === id) : undefined;
}

export function itemOf(target: EventTarget | null): SVGGElement | null {
  return ((target as Element | null)?.closest?.('g.node') as SVGGElement | null) ?? null;
}

export function labelOf(id: string): string {
  const node = nodeById(id);
  if (node) return node.label;
  const item = st.vis?.items.find((i) => i.id === id);
  return item ? texts(item)[0] : id;
}

export function fileUrl(file: string): string {
  return `file://${(data.root ?? '').replace(/\\/g, '/').replace(/^(?!\/)/, '/')}/${file}`;
}

export function say(text: string): void {
  let line = details.querySelector('.said');
  if (!line) {
    line = document.createElement('div');
    line.className = 'said';
    details.appendChild(line);
  }
  line.textContent = text;
}

export function post(message: FromPage): void {
  if (message.type === 'expand' || message.type === 'collapse') $('.busy').textContent = 'Updating…';
  vscode?.postMessage(message);
}

/** How the page is drawn again: 'auto' picks the fold, 'fold' folds to fit, 'keep' keeps what is open. */
export type RenderMode = 'auto' | 'fold' | 'keep';
let renderer: ((mode: RenderMode) => void) | undefined;
/**
 * Draw the page again. The modules a drawing calls back into (history, legend, find, opening) ask
 * through here instead of importing render.ts, which imports them: no import cycle (render.ts
 * registers itself with `setRenderer` when it loads).
 */
export function rerender(mode: RenderMode): void {
  renderer?.(mode);
}
export function setRenderer(draw: (mode: RenderMode) => void): void {
  renderer = draw;
}
