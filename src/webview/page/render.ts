import type { DiagramEdge, DiagramModel, DiagramNode } from '../../core/format/diagramModel';
import type { Direction } from '../../core/query/neighbours';
import { drawLayout } from './drawDiagram';
import { columnLayout } from './columns';
import { Badges, Layout, layoutGraph } from './layout';
import { foldCandidates, FoldState, presentNodes, VisibleGraph, visibleGraph } from './foldModel';
import { Expansion } from '../messages';
import { MIN_READABLE } from './Viewport';
import { $, hiddenGroups, hiddenTypes, measure, showNotes, st, svg, viewport, RenderMode, setRenderer } from './pageState';
import { remember } from './history';
import { applyHidden, drawLegend } from './legend';
import { applySearch } from './find';
import { select } from './selection';

export function show(next: DiagramModel, nextExpansions: Expansion[]): void {
  const first = st.model === undefined;
  st.model = next;
  st.expansions = nextExpansions;
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
  render(first || st.autoFold ? 'auto' : 'keep');
  applySearch(false);
  document.body.dataset.ready = String(Number(document.body.dataset.ready ?? '0') + 1);
}

/** The model's nodes and edges the page can draw now (revealed reserve in, hidden edge types out). */
export function present(): { nodes: DiagramNode[]; edges: DiagramEdge[] } {
  const p = presentNodes(st.model!, st.fold.revealed);
  const nodes = p.nodes.filter((n) => n.input || !hiddenGroups.has(n.group));
  const kept = new Set(nodes.map((n) => n.id));
  return { nodes, edges: p.edges.filter((e) => !hiddenTypes.has(e.type) && kept.has(e.from) && kept.has(e.to)) };
}

export function modelForFold(): DiagramModel {
  const p = present();
  // Hiding an edge type hides what only it connected: nodes no longer reached from the inputs go.
  const reach = reachable(p.nodes, p.edges);
  return { ...st.model!, nodes: p.nodes.filter((n) => reach.has(n.id)), edges: p.edges, reserve: undefined };
}

export function reachable(nodes: readonly DiagramNode[], edges: readonly DiagramEdge[]): Set<string> {
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
export function computeBadges(nodes: readonly DiagramNode[]): Badges {
  const have = new Set(presentNodes(st.model!, st.fold.revealed).nodes.map((n) => n.id));
  const out: Badges = new Map();
  for (const n of nodes) {
    const count = (d: Direction): number => (n.next ? n.next[d].filter((id) => !have.has(id)).length : n.more?.[d] ?? 0);
    const b = { dependencies: count('dependencies'), dependents: count('dependents') };
    if (b.dependencies || b.dependents) out.set(n.id, b);
  }
  return out;
}

/** Items above this are not laid out to try a fold (dagre needs seconds for thousands). */
export function budget(): number {
  const box = svg.getBoundingClientRect();
  return Math.max(6, Math.floor((box.width * box.height) / (210 * 70 * MIN_READABLE * MIN_READABLE)));
}

/** Answers of up to this many nodes are drawn whole at first, however narrow the view (the person pans); Fit still folds them. */
export const WHOLE_UP_TO = 20;

/**
 * Lays out and draws. `auto`: an answer of up to WHOLE_UP_TO nodes whole; a larger one with the
 * most detailed fold whose drawing fits the view at a readable size (every level open if it fits;
 * else fewer levels; else coarser bundles). `fold`: that search whatever the answer's size (Fit).
 * Both pick the direction (left-right or top-down) that draws it larger. `keep`: the person's fold.
 */
setRenderer(render);

export function render(mode: RenderMode): void {
  if (!st.model) return;
  // After Fit, what redraws by itself (a resize when the details grow or shrink, a save) fits again:
  // the first view's rule (the query's neighbours drawn even if the person must pan) would undo it.
  if (mode === 'auto' && st.fitted) mode = 'fold';
  if (mode !== 'keep') st.fitted = mode === 'fold';
  const started = performance.now();
  const m = modelForFold();
  st.badges = computeBadges(m.nodes);
  if (mode === 'auto' && m.nodes.length <= WHOLE_UP_TO) {
    const maxDistance = visibleGraph(m, { ...st.fold, depth: 0 }).maxDistance;
    st.fold = { ...st.fold, depth: maxDistance, grain: 0, splitLast: false, opened: new Set(), closedFiles: new Set(), closedDirs: new Set() };
    st.vis = visibleGraph(m, st.fold);
    st.layout = best(st.vis, true);
    st.autoFold = true;
  } else if (mode !== 'keep') {
    const chosen = searchFold(m, mode === 'auto');
    st.fold = chosen.f;
    st.vis = chosen.v;
    st.layout = chosen.l;
    st.autoFold = true;
  } else {
    st.vis = visibleGraph(m, st.fold);
    st.layout = st.layout ? again(st.vis, st.layout) : best(st.vis, true);
  }
  draw(m);
  // How long the first picture took (fold search, layouts and drawing): tests report it.
  document.body.dataset.firstDrawMs ??= String(Math.round(performance.now() - started));
}

/** Most columns a too-tall rank is cut into. */
const MAX_SPLIT = 4;

/**
 * Above this many drawn things dagre is not tried beside the columns: it needs ~2 s for 200 (the fold
 * search tries several candidates), and on real answers of that size the columns always drew larger.
 */
const DAGRE_TRIED_UP_TO = 80;
/** A picture dagre drew grows by dagre after an opening up to this many drawn things (then columns: dagre would need seconds). */
const DAGRE_KEPT_UP_TO = 400;

/**
 * The layout of `v` that draws it largest: our columns (left-right; a rank too tall for the view cut
 * into 2, 3, ... columns side by side while that draws larger), or dagre's left-right or top-down
 * (dagre only up to DAGRE_TRIED_UP_TO drawn things).
 */
function best(v: VisibleGraph, folders: boolean): Layout {
  let chosen = columns(v, folders);
  let score = viewport.fitScale(chosen.width, chosen.height);
  if (v.items.length > DAGRE_TRIED_UP_TO) return chosen;
  for (const d of ['LR', 'TB'] as const) {
    const l = layoutGraph(v, measure, d, st.badges, folders);
    const s = viewport.fitScale(l.width, l.height);
    if (s > score + 0.02) {
      chosen = l;
      score = s;
    }
  }
  return chosen;
}

/**
 * The person's own fold (a box opened, a file folded, a badge, find's next match): laid out by the
 * engine and in the direction the picture has, so it grows where it is instead of turning round;
 * and cheaply (columns: no dagre run). Fit chooses afresh.
 */
function again(v: VisibleGraph, previous: Layout): Layout {
  return previous.engine === 'dagre' && v.items.length <= DAGRE_KEPT_UP_TO ? layoutGraph(v, measure, previous.rankdir, st.badges, true) : columns(v, true);
}

/** Our columns, a rank too tall for the view cut into 2, 3, ... columns side by side while that draws larger. */
function columns(v: VisibleGraph, folders: boolean): Layout {
  let chosen = columnLayout(v, measure, st.badges, folders);
  let score = viewport.fitScale(chosen.width, chosen.height);
  for (let split = 2; score < MIN_READABLE && split <= MAX_SPLIT; split++) {
    const l = columnLayout(v, measure, st.badges, folders, split);
    const s = viewport.fitScale(l.width, l.height);
    if (l.wrap < split || s <= score) break;
    chosen = l;
    score = s;
  }
  return chosen;
}

/** The query's own level (its direct neighbours) stays drawn one by one if it draws at least this near to a readable size (the person pans the rest). */
const LEVEL_ONE_SLACK = 0.75;

/**
 * The most detailed fold that fits the view at a readable size. Candidates are tried without folder
 * clusters (a cheaper layout); the one that fits is laid out with them, and if the clusters make it
 * too big the search goes on from there with them. At first (`keepLevelOne`; Fit shows all), when
 * only the query's own level would fit, the largest drawing with its direct neighbours one by one is
 * kept instead if it comes near a readable size: they are what the person asked about.
 */
function searchFold(m: DiagramModel, keepLevelOne: boolean): { v: VisibleGraph; l: Layout; f: FoldState } {
  const maxDistance = visibleGraph(m, { ...st.fold, depth: 0 }).maxDistance;
  const limit = budget();
  let fallback: { v: VisibleGraph; l: Layout; f: FoldState } | undefined;
  let levelOne: { v: VisibleGraph; l: Layout; f: FoldState; s: number; folders: boolean } | undefined;
  let folders = false;
  // A candidate with as many drawn things as one that did not fit will not fit either: skip it.
  let failedAt = Infinity;
  for (const c of foldCandidates(maxDistance)) {
    const f: FoldState = { ...st.fold, depth: c.depth, grain: c.grain, splitLast: c.splitLast, opened: new Set(), closedFiles: new Set(), closedDirs: new Set() };
    const v = visibleGraph(m, f);
    if (v.items.length > limit * 1.3 || v.items.length >= failedAt) continue;
    if (keepLevelOne && c.depth === 0 && levelOne && levelOne.s >= MIN_READABLE * LEVEL_ONE_SLACK) return { v: levelOne.v, f: levelOne.f, l: levelOne.folders ? levelOne.l : best(levelOne.v, true) };
    let l = best(v, folders);
    const s = viewport.fitScale(l.width, l.height);
    if (c.depth >= 1 && !c.splitLast && (!levelOne || s > levelOne.s)) levelOne = { v, l, f, s, folders };
    if (s < MIN_READABLE) {
      failedAt = v.items.length;
      fallback = { v, l, f };
      continue;
    }
    if (!folders) {
      l = best(v, true);
      folders = true;
    }
    fallback = { v, l, f };
    if (viewport.fitScale(l.width, l.height) >= MIN_READABLE) return fallback;
    failedAt = v.items.length;
  }
  if (fallback) return folders ? fallback : { ...fallback, l: best(fallback.v, true) };
  const f: FoldState = { ...st.fold, depth: 0, grain: 4, splitLast: false, opened: new Set(), closedFiles: new Set(), closedDirs: new Set() };
  const v = visibleGraph(m, f);
  return { v, l: best(v, true), f };
}

function draw(m: DiagramModel): void {
  // The node the keyboard is on keeps the focus through the redraw (a resize, an editor opened beside).
  const focused = (document.activeElement as Element | null)?.closest?.('svg.graph g.node') as SVGGElement | null;
  st.drawing = drawLayout(svg, st.vis!, st.layout!, st.badges);
  if (focused?.dataset.id && !focused.isConnected) st.drawing.nodes.get(focused.dataset.id)?.focus({ preventScroll: true });
  const focus = svg.querySelector<SVGGElement>('g.node.input') ?? undefined;
  viewport.attach(st.drawing.viewport, st.drawing.width, st.drawing.height, focus);
  viewport.fit(focus);
  document.body.dataset.rankdir = st.layout!.rankdir;
  document.body.dataset.wrap = String(st.layout!.wrap);
  document.body.dataset.engine = st.layout!.engine;
  const box = svg.getBoundingClientRect();
  st.lastBox = `${Math.round(box.width)}x${Math.round(box.height)}`;
  showFoldStatus(m);
  applyHidden();
  if (st.selected && !st.drawing.nodes.has(st.selected)) st.selected = undefined;
  select(st.selected, false);
  $('.level-value').textContent = String(st.fold.depth);
  document.body.dataset.drawn = String(Number(document.body.dataset.drawn ?? '0') + 1);
}

export function showFoldStatus(m: DiagramModel): void {
  const status = $<HTMLDivElement>('.fold-status');
  status.textContent = '';
  if (!st.vis || m.nodes.length === 0) return;
  const bundles = st.vis.items.filter((i) => i.kind === 'bundle').length;
  if (bundles === 0) return;
  const text = document.createElement('span');
  text.className = 'fold-text';
  text.textContent = `${st.vis.shown} of ${m.nodes.length} nodes drawn one by one (${st.fold.depth} level${st.fold.depth === 1 ? '' : 's'} around the query); ${st.vis.bundled} folded into ${bundles} box${bundles === 1 ? '' : 'es'}: click one to open it.`;
  const all = document.createElement('button');
  all.className = 'unfold-all';
  all.textContent = 'Open all';
  all.title = 'Draw every node (large answers need panning)';
  all.addEventListener('click', () => {
    remember();
    st.autoFold = false;
    st.fold.depth = st.vis?.maxDistance ?? st.fold.depth;
    st.fold.splitLast = false;
    st.fold.opened.clear();
    st.fold.closedFiles.clear();
    st.fold.closedDirs?.clear();
    render('keep');
    // The button is gone with the boxes: the keyboard goes on from the queried symbol.
    svg.querySelector<SVGGElement>('g.node.input')?.focus({ preventScroll: true });
  });
  // The button first: in a narrow panel the sentence is cut short, the button stays in reach.
  status.append(all, ' ', text);
}
