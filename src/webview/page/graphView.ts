// Entry of dist/graphView.js: the graph view page, in a VS Code webview or in the CLI's standalone
// HTML file. Reads its start data from <script id="graph-data">, draws the DiagramModel, and (in
// VS Code) talks to the extension through postMessage. No network, no eval.
import type { Direction } from '../../core/query/neighbours';
import { exportPng, exportSvg } from './exportImage';
import { ToPage } from '../messages';
import { $, data, itemOf, nodeById, post, st, svg, tooltip, viewport, vscode } from './pageState';
import { future, past, travel } from './history';
import { render, show } from './render';
import { applySearch, resetMatch } from './find';
import { select, showEdge, showTooltip } from './selection';
import { expand, fitNow, foldFile, foldFolder, openBundle, setDepth } from './opening';

// ---- events ------------------------------------------------------------------------------------

svg.addEventListener('click', (event) => {
  if (viewport.wasDrag()) return;
  const target = event.target as Element;
  const badge = target.closest?.('g.more') as SVGGElement | null;
  const g = itemOf(target);
  if (badge && g?.dataset.id) return expand(g.dataset.id, badge.dataset.direction as Direction);
  const head = target.closest?.('g.cluster') as SVGGElement | null;
  if (head && target.classList.contains('cluster-label')) return foldFile(head.dataset.file ?? '');
  const folder = target.closest?.('g.folder') as SVGGElement | null;
  if (folder && target.classList.contains('folder-label')) return foldFolder(folder.dataset.dir ?? '');
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
    const folder = target.closest?.('g.folder') as SVGGElement | null;
    if (folder) return foldFolder(folder.dataset.dir ?? '');
    if (!g?.dataset.id) return;
    if (g.classList.contains('bundle')) return openBundle(g.dataset.id);
    select(g.dataset.id);
    // Space selects (the details: Used by, +N, Centre); Enter also shows the code beside, the focus kept here.
    const node = nodeById(g.dataset.id);
    if (event.key === 'Enter' && node && node.group !== 'external') post({ type: 'open', id: node.id, keepFocus: true });
  }
});
svg.addEventListener('mouseover', (event) => showTooltip(event.target));
svg.addEventListener('mousemove', (event) => {
  const stage = svg.getBoundingClientRect();
  tooltip.style.left = `${Math.min(event.clientX - stage.left + 14, stage.width - tooltip.offsetWidth - 4)}px`;
  tooltip.style.top = `${event.clientY - stage.top + 14}px`;
});
svg.addEventListener('mouseleave', () => (tooltip.hidden = true));

const search = $<HTMLInputElement>('.search');
search.addEventListener('input', () => {
  resetMatch();
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
$('.level-down').addEventListener('click', () => setDepth(st.fold.depth - 1));
$('.level-up').addEventListener('click', () => setDepth(st.fold.depth + 1));
$('.fit').addEventListener('click', fitNow);
$('.zoom-in').addEventListener('click', () => viewport.zoomBy(1.25));
$('.zoom-out').addEventListener('click', () => viewport.zoomBy(0.8));
$('.export-svg').addEventListener('click', () => void save('svg'));
$('.export-png').addEventListener('click', () => void save('png'));
$('.copy-mermaid').addEventListener('click', () => void copyMermaid());

// In a narrow or short panel SVG, PNG and Mermaid sit in a menu behind ⋯ (CSS), so the toolbar keeps one row.
const moreActions = $<HTMLButtonElement>('.more-actions');
const controls = $<HTMLDivElement>('.controls');
function showActions(open: boolean): void {
  controls.classList.toggle('menu-open', open);
  moreActions.setAttribute('aria-expanded', String(open));
}
moreActions.addEventListener('click', () => {
  const open = !controls.classList.contains('menu-open');
  showActions(open);
  if (open) $<HTMLButtonElement>('.actions button').focus();
});
$('.actions').addEventListener('click', (e) => {
  if ((e.target as Element).closest('button') && controls.classList.contains('menu-open')) showActions(false);
});
$('.actions').addEventListener('keydown', (e) => {
  if ((e as KeyboardEvent).key !== 'Escape' || !controls.classList.contains('menu-open')) return;
  e.stopPropagation();
  showActions(false);
  moreActions.focus();
});
document.addEventListener('pointerdown', (e) => {
  if (controls.classList.contains('menu-open') && !(e.target as Element).closest?.('.actions, .more-actions')) showActions(false);
});
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
  if (key === st.lastBox) return;
  st.lastBox = key;
  if (!st.model || !st.autoFold) return;
  if (resizeTimer) clearTimeout(resizeTimer);
  // Still automatic when it fires: a person who opened or folded something meanwhile keeps it.
  resizeTimer = setTimeout(() => {
    if (st.autoFold) render('auto');
  }, 120);
}).observe(svg);

async function save(format: 'svg' | 'png'): Promise<void> {
  if (!st.drawing) return;
  const notes = [...(st.model?.notes ?? []), $('.fold-status .fold-text')?.textContent?.trim() ?? ''].filter((n) => n !== '');
  const image = exportSvg(svg, st.drawing, st.model?.title ?? '', notes);
  const payload = format === 'svg' ? image.text : await exportPng(image.text, image.width, image.height);
  if (vscode) return post({ type: 'save', format, data: payload });
  const link = document.createElement('a');
  link.download = `${(st.model?.title ?? 'graph').replace(/[^\w.-]+/g, '_')}.${format}`;
  link.href = format === 'svg' ? URL.createObjectURL(new Blob([payload], { type: 'image/svg+xml' })) : payload;
  link.click();
}

async function copyMermaid(): Promise<void> {
  if (!st.model) return;
  if (vscode) return post({ type: 'copyMermaid' });
  const button = $<HTMLButtonElement>('.copy-mermaid');
  try {
    await navigator.clipboard.writeText(st.model.mermaid);
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
