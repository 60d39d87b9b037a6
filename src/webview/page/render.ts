import type { DiagramModel } from '../../core/diagram/DiagramTypes';
import { drawLayout } from './drawDiagram';
import type { Elements } from './dom';
import type { Frame } from './frame';
import { renderDetails, DetailsContext } from './details';
import { beforeRedraw, growIn } from './growIn';
import { applyHidden, drawLegend, syncLegend } from './legend';
import type { RenderMode } from './layout/choose';
import { matchesOf, notesOf, PageState } from './state';
import type { Viewport } from './Viewport';

/**
 * Renders a state: the drawing when its frame is new, then everything that follows from the
 * state (title, notes, legend, fold line, history buttons, find marks, selection, details, and
 * the one-shot centring and focus). Reads the state, never changes it.
 */
export function createRenderer(els: Elements, viewport: Viewport, ctx: Omit<DetailsContext, 'details' | 'intro'>): Renderer {
  let shownModel: DiagramModel | undefined;
  let detailsKey = '';
  const $ = els.$;
  const chrome = (s: PageState): void => {
    if (s.model && s.model !== shownModel) {
      shownModel = s.model;
      showModel(els, s.model);
      drawLegend($<HTMLDivElement>('.legend'), s.model, s, ctx.dispatch);
    }
    if (s.model) syncLegend($<HTMLDivElement>('.legend'), s);
    showNotes(els, s);
  };
  const render = (s: PageState, frame: Frame | undefined, redraw: RenderMode | undefined): void => {
    chrome(s);
    const grow = frame && redraw ? draw(els, viewport, s, frame, redraw === 'keep') : undefined;
    marks(els, s, frame);
    const key = [s.selected, s.edge, s.said, s.expansions.length, redraw ? Math.random() : ''].join('\u0000');
    if (key !== detailsKey) {
      detailsKey = key;
      renderDetails(s, frame, { ...ctx, details: els.details, intro: els.intro });
    }
    $<HTMLButtonElement>('.back').disabled = s.past.length === 0;
    $<HTMLButtonElement>('.forward').disabled = s.future.length === 0;
    $('.level-value').textContent = String(s.fold.depth);
    $('.busy').textContent = s.busy;
    $('.controls').classList.toggle('menu-open', s.menuOpen);
    $('.more-actions').setAttribute('aria-expanded', String(s.menuOpen));
    once(s, frame, viewport);
    // Last: panning, centring and focus above read the new nodes' places, which an animation would move.
    grow?.();
    // For tests and a person's tools: whether the whole drawing fits the view at the editor's size.
    document.body.dataset.fits = String(viewport.fitsReadably());
    if (redraw) document.body.dataset.drawn = String(Number(document.body.dataset.drawn ?? '0') + 1);
  };
  return { chrome, render };
}

/**
 * `render` draws a state; `chrome` shows only what sits round the drawing (title, legend, notes),
 * which sets the drawing's size: the page shows it before it lays a new state out, so the layout is
 * made for the box it is drawn in (else the first picture, laid out before its legend took its
 * line, was laid out and drawn twice: the resize that followed drew it again).
 */
export interface Renderer {
  chrome(s: PageState): void;
  render(s: PageState, frame: Frame | undefined, redraw: RenderMode | undefined): void;
}

function showModel(els: Elements, m: DiagramModel): void {
  els.$('.title').textContent = m.title;
  document.title = m.title;
  els.$('.count').textContent = m.message ? '' : `${m.nodes.length} nodes, ${m.edges.length} edges`;
  const stage = els.$<HTMLDivElement>('.stage');
  stage.querySelector('.message')?.remove();
  if (m.message) {
    const div = document.createElement('div');
    div.className = `message${m.message.isError ? ' error' : ''}`;
    div.textContent = m.message.text;
    stage.prepend(div);
  }
}

/** The notes: hidden when the person hid these very notes; one line or whole in a narrow panel. */
function showNotes(els: Elements, s: PageState): void {
  const text = notesOf(s.model, s.expansions).join('\n');
  els.$('.notes-text').textContent = text;
  const notes = els.$<HTMLElement>('.notes');
  notes.hidden = text === '' || text === s.dismissedNotes;
  notes.classList.toggle('open', s.notesOpen);
  const more = els.$<HTMLButtonElement>('.notes-more');
  more.textContent = s.notesOpen ? 'less' : 'more';
  more.title = s.notesOpen ? 'Show the first line only' : 'Show the whole note';
  more.setAttribute('aria-expanded', String(s.notesOpen));
}

/**
 * Draws the frame. A person's own step (`hold`) keeps the view as it was: the scale, and every node
 * drawn before at the same spot on the screen (the picture grew round them); anything else fits.
 */
function draw(els: Elements, viewport: Viewport, s: PageState, frame: Frame, hold: boolean): (() => number) | undefined {
  const svg = els.svg;
  // The node or edge the keyboard is on keeps the focus through the redraw (a resize, an editor opened beside).
  const focused = (document.activeElement as Element | null)?.closest?.('svg.graph g.node') as SVGGElement | null;
  const focusedEdge = focused ? undefined : edgeKey((document.activeElement as Element | null)?.closest?.('svg.graph g.edge') as SVGGElement | null);
  const ids = new Set(frame.vis.items.map((i) => i.id));
  const old = hold ? beforeRedraw(svg) : undefined;
  const anchor = hold ? [...svg.querySelectorAll<SVGGElement>('g.node')].sort((a, b) => Number(b.classList.contains('input')) - Number(a.classList.contains('input'))).find((g) => ids.has(g.dataset.id ?? '')) : undefined;
  const was = anchor?.getBoundingClientRect();
  let grow: (() => number) | undefined;
  // A tooltip is about something drawn: the box just opened is gone with the redraw, and so is its tooltip.
  els.tooltip.hidden = true;
  frame.drawing = drawLayout(svg, frame.vis, frame.layout, frame.badges);
  if (focused?.dataset.id && !focused.isConnected) frame.drawing.nodes.get(focused.dataset.id)?.focus({ preventScroll: true });
  if (focusedEdge) [...svg.querySelectorAll<SVGGElement>('g.edge')].find((g) => edgeKey(g) === focusedEdge)?.focus({ preventScroll: true });
  const focus = svg.querySelector<SVGGElement>('g.node.input') ?? undefined;
  viewport.attach(frame.drawing.viewport, frame.drawing.width, frame.drawing.height, focus, frame.floor);
  const now = anchor ? frame.drawing.nodes.get(anchor.dataset.id!) : undefined;
  if (was && now) {
    viewport.apply();
    const at = now.getBoundingClientRect();
    viewport.panBy(was.left - at.left, was.top - at.top);
    // The new things grow out of what they came from (read on the screen before showNew pans: what
    // was drawn is where it was); what was drawn stays where it was.
    if (old) grow = growIn(frame.drawing, old);
    showNew(svg, viewport, [...frame.drawing.nodes].filter(([id]) => !old?.rects.has(id)).map(([, g]) => g));
  } else viewport.fit(focus);
  document.body.dataset.rankdir = frame.layout.rankdir;
  document.body.dataset.wrap = String(frame.layout.wrap);
  document.body.dataset.engine = frame.layout.engine;
  foldStatus(els, s, frame);
  applyHidden(svg, s.hiddenTypes);
  return grow;
}

/**
 * What a step added, brought into view by the least pan (the whole picture moves together, so every
 * node keeps its place among the others); as much of it as the view holds, from its top left.
 */
function showNew(svg: SVGSVGElement, viewport: Viewport, added: SVGGElement[]): void {
  if (added.length === 0) return;
  const s = svg.getBoundingClientRect();
  const rs = added.map((g) => g.getBoundingClientRect());
  const box = { left: Math.min(...rs.map((r) => r.left)), top: Math.min(...rs.map((r) => r.top)), right: Math.max(...rs.map((r) => r.right)), bottom: Math.max(...rs.map((r) => r.bottom)) };
  const shift = (lo: number, hi: number, from: number, to: number): number => (hi - lo > to - from - 16 || lo < from + 8 ? from + 8 - lo : hi > to - 8 ? to - 8 - hi : 0);
  const dx = shift(box.left, box.right, s.left, s.right);
  const dy = shift(box.top, box.bottom, s.top, s.bottom);
  if (dx !== 0 || dy !== 0) viewport.panBy(dx, dy);
}

/** The line above the drawing: Show more (when the answer goes on), Open all and what is folded (when something is). */
function foldStatus(els: Elements, s: PageState, frame: Frame): void {
  const status = els.$<HTMLDivElement>('.fold-status');
  status.textContent = '';
  const total = frame.vis.shown + frame.vis.bundled;
  if (total === 0) return;
  const direction = s.model?.walk === 'forward' ? 'dependencies' : 'dependents';
  const goesOn = s.model?.walk !== 'paths' && ([...frame.badges.values()].some((b) => b[direction] > 0) || (s.model?.reserve?.nodes ?? []).some((n) => !s.fold.revealed.has(n.id)));
  if (goesOn) {
    const more = document.createElement('button');
    more.className = 'show-more';
    more.textContent = 'Show more';
    more.title = 'Draw the whole answer (every level, up to thousands of nodes), folded to fit';
    status.append(more, ' ');
  }
  const bundles = frame.vis.items.filter((i) => i.kind === 'bundle').length;
  if (bundles === 0) return;
  const text = document.createElement('span');
  text.className = 'fold-text';
  text.textContent = `${frame.vis.shown} of ${total} nodes drawn one by one (${s.fold.depth} level${s.fold.depth === 1 ? '' : 's'} around the query); ${frame.vis.bundled} folded into ${bundles} box${bundles === 1 ? '' : 'es'}: click one to open it.`;
  const all = document.createElement('button');
  all.className = 'unfold-all';
  all.textContent = 'Open all';
  all.title = 'Draw every node (large answers need panning)';
  // The buttons first: in a narrow panel the sentence is cut short, the buttons stay in reach.
  status.append(all, ' ', text);
}

/** Marks on the drawing: find's matches (others dimmed), the selection with its callers and callees, the selected edge. */
function marks(els: Elements, s: PageState, frame: Frame | undefined): void {
  const drawing = frame?.drawing;
  const list = matchesOf(s);
  const ids = new Set(list.map((n) => n.id));
  const text = s.find.text.trim();
  const callers = new Set<string>();
  const callees = new Set<string>();
  if (s.selected && frame) {
    for (const e of frame.vis.edges) {
      if (e.to === s.selected) callers.add(e.from);
      if (e.from === s.selected) callees.add(e.to);
    }
  }
  for (const [id, g] of drawing?.nodes ?? new Map<string, SVGGElement>()) {
    g.classList.toggle('match', ids.has(id));
    g.classList.toggle('dim', text !== '' && !ids.has(id));
    g.classList.toggle('selected', id === s.selected);
    g.classList.toggle('caller', callers.has(id));
    g.classList.toggle('callee', callees.has(id));
  }
  els.svg.querySelectorAll<SVGGElement>('g.edge').forEach((e) => {
    e.classList.toggle('near', !!s.selected && (e.dataset.from === s.selected || e.dataset.to === s.selected));
    e.classList.toggle('chosen', e.dataset.edge === s.edge);
  });
  els.$('.find-count').textContent = list.length === 0 ? (text ? 'no match' : '') : `${Math.max(0, s.find.index) + 1} of ${list.length}`;
}

/** The one-shot requests of the last action: fit, centre, focus. */
function once(s: PageState, frame: Frame | undefined, viewport: Viewport): void {
  const nodes = frame?.drawing?.nodes;
  if (!nodes) return;
  if (s.once.fit) viewport.fit();
  if (s.once.centre && nodes.get(s.once.centre)) viewport.centerOn(nodes.get(s.once.centre)!);
  else if (s.once.centreIfBig && nodes.get(s.once.centreIfBig) && !viewport.fitsWhole()) viewport.panTo(nodes.get(s.once.centreIfBig)!);
  if (s.once.focus) nodes.get(s.once.focus)?.focus({ preventScroll: true });
  const lost = !document.activeElement || document.activeElement === document.body || !document.activeElement.isConnected;
  if (s.once.focusIfLost && lost) focusHeld(s.once.focusIfLost, frame!)?.focus({ preventScroll: true });
}

/** `held:<ids>`: the first thing drawn now of what a box held (a node, or a smaller box); else a drawn thing's id. */
function focusHeld(key: string, frame: Frame): SVGGElement | undefined {
  if (!key.startsWith('held:')) return frame.drawing?.nodes.get(key);
  const held = new Set(key.slice('held:'.length).split('\u0000'));
  const item = frame.vis.items.find((i) => (i.kind === 'bundle' ? i.members.some((m) => held.has(m)) : held.has(i.id)));
  return item ? frame.drawing?.nodes.get(item.id) : undefined;
}

/** An edge's ends and kind, which name it across redraws (its element is new each time). */
function edgeKey(g: SVGGElement | null | undefined): string | undefined {
  return g ? [g.dataset.from, g.dataset.to, g.dataset.type].join('\u0000') : undefined;
}
