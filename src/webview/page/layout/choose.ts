import type { DiagramModel } from '../../../core/diagram/DiagramTypes';
import { columnLayout } from './columns';
import { layoutGraph } from './dagre';
import { grow } from './grow';
import { foldCandidates, FoldState, GRAINS, VisibleGraph, visibleGraph } from '../foldModel';
import type { Badges, Layout } from './types';

/**
 * Which fold and which engine draw the answer (no DOM: the view's size comes in as `fitScale`).
 * Measured on the three real answers the html and host tests use (ra-core 5.4.0: 14, 51 and 1,019
 * nodes at 1400, 700, 400 and 360 px wide): our columns drew every one of them larger left to
 * right, dagre never won left to right, and dagre's top-down drawing won wherever a panel is
 * narrow and the drawing small (the 14-node answer at 700 px and under, the folded 51-node one
 * at 400 px and under). So two engines: columns, and dagre for top-down only.
 */

/** A node's name in the layout's own units (the text every engine measures). */
export const NAME_PX = 12;
/** Small answers are blown up to at most this many times the editor's size. */
const MAX_BLOWUP = 2;

/**
 * The scales the drawing is shown at, from the editor's font size (VS Code's `--vscode-font-size`,
 * 13 px by default, the size of its own trees): at `readable` a node's name is exactly that size;
 * the page never shows the drawing smaller (it folds instead), nor blows a small one up past `max`.
 */
export function scales(editorPx: number): { readable: number; max: number } {
  const readable = (Number.isFinite(editorPx) && editorPx > 0 ? editorPx : 13) / NAME_PX;
  return { readable, max: readable * MAX_BLOWUP };
}
/**
 * Answers of up to this many nodes are drawn whole at first, node by node and whole in the view,
 * smaller than the readable size if the view is narrow (VS Code's panel beside a text document): a
 * few nodes are never folded into boxes the person must open.
 */
export const WHOLE_UP_TO = 20;
/** Most columns a too-tall rank is cut into. */
const MAX_SPLIT = 4;
/**
 * Above this many drawn things dagre is not tried beside the columns: it needs ~2 s for 200 (the fold
 * search tries several candidates), and on real answers of that size the columns always drew larger.
 */
const DAGRE_TRIED_UP_TO = 80;
/**
 * The query's own level (its direct neighbours one by one, the farther nodes in boxes) is opened
 * rather than the query alone or its neighbours in boxes when, whole in the view, it is shown at
 * least this near to the readable scale (names at 65 % of the editor's size; ra-core's 11 neighbours
 * of RaRecord fit at 69 % in VS Code's 660 px panel, 73 % at 700): what the person asked about is
 * not folded away at first (issue 43: "16 neighbours, not 2 boxes"). It
 * was once any drawing up to twice the view, the most detailed first, shown at the readable scale
 * round the query and cut at the side: tRPC's 51 dependents of getTRPCErrorFromUnknown opened all 6
 * levels at 1400-1600 px, cut mid-name, and 1 at 1920.
 */
export const LEVEL_ONE_SLACK = 0.65;

/** What a layout needs besides the graph: text widths, badges, and the scale that fits a size in the view. */
export interface Sizing {
  measure: (text: string) => number;
  badges: Badges;
  fitScale: (width: number, height: number) => number;
  /** Items above this are not laid out to try a fold (the view's area in readable boxes). */
  budget: number;
  /** The smallest scale the drawing is shown at (names at the editor's size). */
  readable: number;
}

/** How the page is laid out again: 'auto' picks the fold, 'keep' keeps the person's fold (Fit only zooms and pans). */
export type RenderMode = 'auto' | 'keep';

/** What is drawn and where: the visible graph and its layout. */
export interface Picture {
  vis: VisibleGraph;
  layout: Layout;
  /**
   * The smallest share of the readable scale the picture is shown whole at (Viewport.fit): 1 for a
   * fold that fits at the readable size and for what the person's steps grow (too big, it is shown
   * at the readable size round the query); less for an opening chosen to be drawn whole smaller (a
   * small answer: 0; the query's own level: LEVEL_ONE_SLACK).
   */
  floor: number;
}

export interface Arranged extends Picture {
  fold: FoldState;
  /** The fold was chosen by the page (not the person's own). */
  auto: boolean;
}

/**
 * `auto`: the opening, whole in the view. An answer of up to WHOLE_UP_TO nodes node by node (smaller
 * than readable if need be); a larger one with the most detailed fold whose drawing fits the view at
 * a readable size (every level open if it fits; else fewer levels; else coarser bundles), or its
 * query's own level a little smaller rather than the query alone (LEVEL_ONE_SLACK), picking the
 * engine that draws it larger. A larger view never opens fewer levels. `keep`: the person's fold,
 * grown from the picture drawn (`previous`): nothing drawn moves.
 */
export function arrange(m: DiagramModel, fold: FoldState, mode: RenderMode, previous: Picture | undefined, z: Sizing, restore = false, earlier: Array<Picture | undefined> = []): Arranged {
  if (mode === 'auto' && m.nodes.length <= WHOLE_UP_TO) {
    const maxDistance = visibleGraph(m, { ...fold, depth: 0 }).maxDistance;
    const f: FoldState = { ...fold, depth: maxDistance, grain: 0, splitLast: false, opened: new Set(), closedFiles: new Set(), closedDirs: new Set() };
    const vis = visibleGraph(m, f);
    return { fold: f, vis, layout: best(vis, true, z), floor: 0, auto: true };
  }
  if (mode === 'auto') {
    const chosen = searchFold(m, fold, z);
    return { fold: chosen.f, vis: chosen.v, layout: chosen.l, floor: chosen.floor, auto: true };
  }
  const vis = visibleGraph(m, fold);
  if (!previous) return { fold, vis, layout: best(vis, true, z), floor: 1, auto: false };
  // Back and Forward: the remembered picture itself, when the answer still draws the same things.
  if (restore && sameItems(previous.vis, vis)) return { fold, vis, layout: previous.layout, floor: previous.floor, auto: false };
  // A step that undoes an earlier one (a folder folded, then opened again): the picture drawn then, when
  // everything drawn now has the same place in it. Folder frames and all come back as they were.
  const before = earlier.find((p) => p && sameItems(p.vis, vis) && samePlaces(previous.layout, p.layout));
  if (before) return { fold, vis, layout: before.layout, floor: before.floor, auto: false };
  return { fold, vis, layout: grow(previous.vis, previous.layout, vis, z.measure, z.badges), floor: 1, auto: false };
}

/** Every item `now` draws that `then` draws too is at the same place there. */
function samePlaces(now: Layout, then: Layout): boolean {
  for (const [id, r] of now.items) {
    const t = then.items.get(id);
    if (t && (t.x !== r.x || t.y !== r.y || t.width !== r.width)) return false;
  }
  return true;
}

function sameItems(a: VisibleGraph, b: VisibleGraph): boolean {
  const key = (v: VisibleGraph): string => v.items.map((i) => (i.kind === 'node' ? i.id : `${i.id}:${i.members.length}`)).join('\u0000');
  return a.edges.length === b.edges.length && key(a) === key(b);
}

/**
 * The layout of `v` that draws it largest: our columns (left-right; a rank too tall for the view cut
 * into 2, 3, ... columns side by side while that draws larger), or dagre's top-down (only up to
 * DAGRE_TRIED_UP_TO drawn things).
 */
function best(v: VisibleGraph, folders: boolean, z: Sizing): Layout {
  let chosen = columns(v, folders, z);
  let score = z.fitScale(chosen.width, chosen.height);
  if (v.items.length > DAGRE_TRIED_UP_TO) return chosen;
  const l = layoutGraph(v, z.measure, 'TB', z.badges, folders);
  const s = z.fitScale(l.width, l.height);
  if (s > score + 0.02) {
    chosen = l;
    score = s;
  }
  return chosen;
}

/** Our columns, a rank too tall for the view cut into 2, 3, ... columns side by side while that draws larger. */
function columns(v: VisibleGraph, folders: boolean, z: Sizing): Layout {
  let chosen = columnLayout(v, z.measure, z.badges, folders);
  let score = z.fitScale(chosen.width, chosen.height);
  for (let split = 2; score < z.readable && split <= MAX_SPLIT; split++) {
    const l = columnLayout(v, z.measure, z.badges, folders, split);
    const s = z.fitScale(l.width, l.height);
    if (l.wrap < split || s <= score) break;
    chosen = l;
    score = s;
  }
  return chosen;
}

type Candidate = { v: VisibleGraph; l: Layout; f: FoldState; floor: number };

/**
 * The most detailed fold whose drawing fits the view whole at a readable size: the first candidate,
 * most detailed first, that fits. Candidates are tried without folder clusters (a cheaper layout);
 * the one that fits is laid out with them, and if the clusters make it too big the search goes on
 * from there with them. A drawing of the query's direct neighbours one by one (no farther level,
 * the farther nodes in boxes) needs to fit at LEVEL_ONE_SLACK of the readable scale only, and is
 * shown whole at the scale it fits at: they are what the person asked about, and it is opened
 * rather than coarser boxes of them. Each candidate fits in a larger view if it fits in a smaller
 * one, so a larger view never opens a less detailed fold.
 */
function searchFold(m: DiagramModel, fold: FoldState, z: Sizing): Candidate {
  const maxDistance = visibleGraph(m, { ...fold, depth: 0 }).maxDistance;
  let fallback: Omit<Candidate, 'floor'> | undefined;
  let folders = false;
  // A candidate with as many drawn things as one that did not fit will not fit either: skip it.
  let failedAt = Infinity;
  for (const c of foldCandidates(maxDistance)) {
    const f: FoldState = { ...fold, depth: c.depth, grain: c.grain, splitLast: c.splitLast, opened: new Set(), closedFiles: new Set(), closedDirs: new Set() };
    const v = visibleGraph(m, f);
    // The query's own level in the fewest boxes is tried twice: at the readable scale like any
    // candidate, then at LEVEL_ONE_SLACK of it (against a view as much larger) before any fold of
    // its neighbours into boxes.
    const levelOne = c.depth === 1 && !c.splitLast && (c.grain === GRAINS - 1 || maxDistance === 1);
    for (const floor of levelOne ? [1, LEVEL_ONE_SLACK] : [1]) {
      const least = z.readable * floor;
      if (v.items.length > (z.budget * 1.3) / floor ** 2) continue;
      if (v.items.length >= failedAt && floor === 1) continue;
      let l = best(v, folders, z);
      if (z.fitScale(l.width, l.height) < least) {
        if (floor === 1) failedAt = v.items.length;
        fallback = { v, l, f };
        continue;
      }
      if (!folders) {
        l = best(v, true, z);
        folders = true;
      }
      fallback = { v, l, f };
      if (z.fitScale(l.width, l.height) >= least) return { ...fallback, floor };
      if (floor === 1) failedAt = v.items.length;
    }
  }
  if (fallback) return { ...(folders ? fallback : { ...fallback, l: best(fallback.v, true, z) }), floor: 1 };
  const f: FoldState = { ...fold, depth: 0, grain: 4, splitLast: false, opened: new Set(), closedFiles: new Set(), closedDirs: new Set() };
  const v = visibleGraph(m, f);
  return { v, l: best(v, true, z), f, floor: 1 };
}
