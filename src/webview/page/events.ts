import type { Direction } from '../../core/diagram/neighbours';
import type { FromPage, PageData } from '../messages';
import type { Elements } from './dom';
import { exportPng, exportSvg } from './exportImage';
import type { Frame } from './frame';
import type { Action, PageState } from './state';
import { nodeOf, notesOf } from './state';
import { placeTooltip, showTooltip } from './tooltip';
import type { Viewport } from './Viewport';

export interface Wiring {
  els: Elements;
  viewport: Viewport;
  data: PageData;
  inVsCode: boolean;
  dispatch: (a: Action) => void;
  send: (m: FromPage) => void;
  state: () => PageState;
  frame: () => Frame | undefined;
}

/** Every event of the page turned into an Action (or, for what changes no state, a view or extension call). */
export function wireEvents(w: Wiring): void {
  wireDrawing(w);
  wireToolbar(w);
  wireKeys(w);
  wireResize(w);
}

/** A node, folded box, badge, edge, file name or folder name pressed (click, or Enter/Space on the keyboard). */
function press(w: Wiring, target: Element, key?: string): void {
  const g = target.closest?.('g.node') as SVGGElement | null;
  const badge = target.closest?.('g.more') as SVGGElement | null;
  if (badge && g?.dataset.id) return w.dispatch({ type: 'expand', id: g.dataset.id, direction: badge.dataset.direction as Direction, depth: 1, inVsCode: w.inVsCode });
  const head = target.closest?.('g.cluster') as SVGGElement | null;
  if (head && (key !== undefined || target.classList.contains('cluster-label'))) return w.dispatch({ type: 'foldFile', file: head.dataset.file ?? '' });
  const folder = target.closest?.('g.folder') as SVGGElement | null;
  if (folder && (key !== undefined || target.classList.contains('folder-label'))) return w.dispatch({ type: 'foldFolder', dir: folder.dataset.dir ?? '' });
  const edge = target.closest?.('g.edge') as SVGGElement | null;
  if (edge?.dataset.edge) return w.dispatch({ type: 'edge', id: edge.dataset.edge });
  if (!g?.dataset.id) return;
  if (g.classList.contains('bundle')) return w.dispatch({ type: 'openBox', id: g.dataset.id });
  w.dispatch({ type: 'select', id: g.dataset.id });
  const node = nodeOf(w.state(), g.dataset.id);
  // Space selects (the details: Used by, +N, Centre); Enter also shows the code beside, the focus kept here.
  if (!w.inVsCode || !node || node.group === 'external' || key === ' ') return;
  w.send(key === 'Enter' ? { type: 'open', id: node.id, keepFocus: true } : { type: 'open', id: node.id });
}

function wireDrawing(w: Wiring): void {
  const { svg, tooltip } = w.els;
  svg.addEventListener('click', (event) => {
    if (!w.viewport.wasDrag()) press(w, event.target as Element);
  });
  svg.addEventListener('keydown', (event) => {
    if (event.key.startsWith('Arrow') && !event.altKey) return walkEdges(svg, event);
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    press(w, event.target as Element, event.key);
  });
  // The tooltip is put once, beside the pointer, and stays while the pointer is on its thing or on
  // the tooltip itself (to read or copy a call site); it goes a moment after the pointer leaves both.
  let shownFor: Element | null = null;
  let hideTimer: ReturnType<typeof setTimeout> | undefined;
  const hideSoon = (): void => {
    clearTimeout(hideTimer);
    hideTimer = setTimeout(() => {
      tooltip.hidden = true;
      shownFor = null;
    }, 400);
  };
  const show = (target: Element, near: { left: number; top: number; right: number; bottom: number }): void => {
    clearTimeout(hideTimer);
    const thing = target.closest?.('g.node, g.edge') ?? null;
    if (!thing) return hideSoon();
    if (thing === shownFor && !tooltip.hidden) return;
    shownFor = thing;
    showTooltip(tooltip, target, w.state(), w.frame());
    if (!tooltip.hidden) placeTooltip(tooltip, svg.getBoundingClientRect(), near, svg.querySelector('g.node.input')?.getBoundingClientRect());
  };
  // Beside a node's whole box (it never covers the node, its badges or the pointer); beside the pointer on an edge.
  svg.addEventListener('mouseover', (event) => {
    const node = (event.target as Element).closest?.('g.node');
    show(event.target as Element, node ? node.getBoundingClientRect() : { left: event.clientX - 2, top: event.clientY - 2, right: event.clientX + 2, bottom: event.clientY + 2 });
  });
  svg.addEventListener('mouseleave', hideSoon);
  tooltip.addEventListener('mouseenter', () => clearTimeout(hideTimer));
  tooltip.addEventListener('mouseleave', hideSoon);
  svg.addEventListener('focusout', hideSoon);
  // Tab onto something outside the view: the view follows the keyboard and centres it, at the scale
  // shown (the focus put on what a box held, drawn smaller than readable, must not zoom the picture).
  // Only for keyboard focus (:focus-visible), so a click on a node half in view does not move the drawing.
  // A folded box shows its tooltip on keyboard focus too: the names it holds.
  svg.addEventListener('focusin', (event) => {
    const target = event.target as SVGGElement;
    if (!target.matches?.(':focus-visible')) return;
    const r = target.getBoundingClientRect();
    const s = svg.getBoundingClientRect();
    if (!(r.left >= s.left && r.right <= s.right && r.top >= s.top && r.bottom <= s.bottom)) w.viewport.panTo(target);
    if (target.matches('g.node.bundle')) show(target, target.getBoundingClientRect());
  });
}

/**
 * Edges by keyboard: on a node, → (or ↓) goes to its first edge; on an edge, → and ← (↓ and ↑) step
 * through the edges of the node it came from, Escape goes back to that node. Tab stays for nodes.
 */
function walkEdges(svg: SVGSVGElement, event: KeyboardEvent): void {
  const target = event.target as Element;
  const edge = target.closest?.('g.edge') as SVGGElement | null;
  const node = target.closest?.('g.node') as SVGGElement | null;
  const walking = edge && walkedFrom && (edge.dataset.from === walkedFrom || edge.dataset.to === walkedFrom);
  const from = edge ? (walking ? walkedFrom : edge.dataset.from) : node?.dataset.id;
  if (!from) return;
  const edges = [...svg.querySelectorAll<SVGGElement>('g.edge:not(.hidden)')].filter((e) => e.dataset.from === from || e.dataset.to === from);
  if (edges.length === 0) return;
  const forward = event.key === 'ArrowRight' || event.key === 'ArrowDown';
  if (!edge && !forward) return;
  event.preventDefault();
  const at = edge ? edges.indexOf(edge) : -1;
  walkedFrom = from;
  edges[(at + (forward ? 1 : -1) + edges.length) % edges.length].focus();
}
/** The node whose edges the arrow keys walk (kept while the focus is on one of them). */
let walkedFrom: string | undefined;

function wireToolbar(w: Wiring): void {
  const { $, search } = w.els;
  const click = (selector: string, act: () => void): void => $(selector).addEventListener('click', act);
  search.addEventListener('input', () => w.dispatch({ type: 'find', text: search.value }));
  search.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      w.dispatch({ type: 'findStep', step: e.shiftKey ? -1 : 1 });
    } else if (e.key === 'Escape') {
      search.value = '';
      w.dispatch({ type: 'find', text: '' });
    }
  });
  click('.find-next', () => w.dispatch({ type: 'findStep', step: 1 }));
  click('.find-prev', () => w.dispatch({ type: 'findStep', step: -1 }));
  click('.level-down', () => w.dispatch({ type: 'depth', depth: w.state().fold.depth - 1 }));
  click('.level-up', () => w.dispatch({ type: 'depth', depth: w.state().fold.depth + 1 }));
  click('.fit', () => w.dispatch({ type: 'fit' }));
  click('.zoom-in', () => w.viewport.zoomBy(1.25));
  click('.zoom-out', () => w.viewport.zoomBy(0.8));
  click('.back', () => w.dispatch({ type: 'back' }));
  click('.forward', () => w.dispatch({ type: 'forward' }));
  click('.export-svg', () => void save(w, 'svg'));
  click('.export-png', () => void save(w, 'png'));
  click('.copy-mermaid', () => void copyMermaid(w));
  click('.notes-close', () => w.dispatch({ type: 'notes', dismiss: true }));
  click('.notes-more', () => w.dispatch({ type: 'notes' }));
  $('.fold-status').addEventListener('click', (e) => {
    if ((e.target as Element).closest('button.unfold-all')) w.dispatch({ type: 'openAll' });
    if ((e.target as Element).closest('button.show-more')) w.dispatch({ type: 'more', inVsCode: w.inVsCode });
  });
  // In a narrow or short panel SVG, PNG and Mermaid sit in a menu behind ⋯ (CSS), so the toolbar keeps one row.
  const moreActions = $<HTMLButtonElement>('.more-actions');
  moreActions.addEventListener('click', () => {
    const open = !w.state().menuOpen;
    w.dispatch({ type: 'menu', open });
    if (open) $<HTMLButtonElement>('.actions button').focus();
  });
  $('.actions').addEventListener('click', (e) => {
    if ((e.target as Element).closest('button') && w.state().menuOpen) w.dispatch({ type: 'menu', open: false });
  });
  $('.actions').addEventListener('keydown', (e) => {
    if ((e as KeyboardEvent).key !== 'Escape' || !w.state().menuOpen) return;
    e.stopPropagation();
    w.dispatch({ type: 'menu', open: false });
    moreActions.focus();
  });
  document.addEventListener('pointerdown', (e) => {
    if (w.state().menuOpen && !(e.target as Element).closest?.('.actions, .more-actions')) w.dispatch({ type: 'menu', open: false });
  });
}

function wireKeys(w: Wiring): void {
  document.addEventListener('keydown', (e) => {
    const typing = (e.target as Element | null)?.closest?.('input');
    if (e.altKey && e.key === 'ArrowLeft') return w.dispatch({ type: 'back' });
    if (e.altKey && e.key === 'ArrowRight') return w.dispatch({ type: 'forward' });
    if (typing || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === '/') {
      e.preventDefault();
      w.els.search.focus();
    } else if (e.key === 'f' || e.key === 'F') w.dispatch({ type: 'fit' });
    else if (e.key === '+' || e.key === '=') w.viewport.zoomBy(1.25);
    else if (e.key === '-') w.viewport.zoomBy(0.8);
    else if (e.key === 'Escape' && (e.target as Element | null)?.closest?.('g.edge') && walkedFrom) {
      // From an edge back to the node its walk started from.
      w.els.svg.querySelector<SVGGElement>(`g.node[data-id="${CSS.escape(walkedFrom)}"]`)?.focus();
    } else if (e.key === 'Escape') w.dispatch({ type: 'select', id: undefined });
  });
}

/** Lays out again on a resize while the fold is automatic (the best fold depends on the view's size). */
function wireResize(w: Wiring): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  new ResizeObserver(() => {
    const box = w.els.svg.getBoundingClientRect();
    const key = `${Math.round(box.width)}x${Math.round(box.height)}`;
    if (key === w.state().lastBox || !w.state().model) return;
    if (timer) clearTimeout(timer);
    // Still automatic when it fires: a person who opened or folded something meanwhile keeps it.
    timer = setTimeout(() => w.dispatch({ type: 'resized', box: key }), 120);
  }).observe(w.els.svg);
}

async function save(w: Wiring, format: 'svg' | 'png'): Promise<void> {
  const s = w.state();
  const drawing = w.frame()?.drawing;
  if (!drawing) return;
  // The fold line without its click hint: a saved image cannot be clicked.
  const folded = (w.els.$('.fold-status .fold-text')?.textContent ?? '').replace(/: click one to open it\.$/, '.').trim();
  const notes = [...notesOf(s.model, s.expansions), folded].filter((n) => n !== '');
  const image = exportSvg(w.els.svg, drawing, s.model?.title ?? '', notes);
  const payload = format === 'svg' ? image.text : await exportPng(image.text, image.width, image.height);
  if (w.inVsCode) return w.send({ type: 'save', format, data: payload });
  const link = document.createElement('a');
  link.download = `${(s.model?.title ?? 'graph').replace(/[^\w.-]+/g, '_')}.${format}`;
  link.href = format === 'svg' ? URL.createObjectURL(new Blob([payload], { type: 'image/svg+xml' })) : payload;
  link.click();
}

async function copyMermaid(w: Wiring): Promise<void> {
  const model = w.state().model;
  if (!model) return;
  if (w.inVsCode) return w.send({ type: 'copyMermaid' });
  const button = w.els.$<HTMLButtonElement>('.copy-mermaid');
  try {
    await navigator.clipboard.writeText(model.mermaid);
    button.textContent = 'Copied';
  } catch {
    button.textContent = 'Copy blocked by the browser';
  }
}
