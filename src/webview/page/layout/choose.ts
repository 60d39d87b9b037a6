import type { DiagramModel } from '../../../core/format/diagramModel';
import { columnLayout } from './columns';
import { layoutGraph } from './dagre';
import { foldCandidates, FoldState, VisibleGraph, visibleGraph } from '../foldModel';
import type { Badges, Layout } from './types';

/**
 * Which fold and which engine draw the answer (no DOM: the view's size comes in as `fitScale`).
 * Measured on the three real answers the html and host tests use (ra-core 5.4.0: 14, 51 and 1,019
 * nodes at 1400, 700, 400 and 360 px wide): our columns drew every one of them larger left to
 * right, dagre never won left to right, and dagre's top-down drawing won wherever a panel is
 * narrow and the drawing small (the 14-node answer at 700 px and under, the folded 51-node one
 * at 400 px and under). So two engines: columns, and dagre for top-down only.
 */

/** Below this scale a node's 12 px name is drawn under 8 px, too small to read: the page folds instead. */
export const MIN_READABLE = 0.67;
/** Small answers are not blown up past this. */
export const MAX_FIT = 1.25;
/** Answers of up to this many nodes are drawn whole at first, however narrow the view (the person pans); Fit still folds them. */
export const WHOLE_UP_TO = 20;
/** Most columns a too-tall rank is cut into. */
const MAX_SPLIT = 4;
/**
 * Above this many drawn things dagre is not tried beside the columns: it needs ~2 s for 200 (the fold
 * search tries several candidates), and on real answers of that size the columns always drew larger.
 */
const DAGRE_TRIED_UP_TO = 80;
/** A picture dagre drew grows by dagre after an opening up to this many drawn things (then columns: dagre would need seconds). */
const DAGRE_KEPT_UP_TO = 400;
/** The query's own level (its direct neighbours) stays drawn one by one if it draws at least this near to a readable size (the person pans the rest). */
const LEVEL_ONE_SLACK = 0.75;

/** What a layout needs besides the graph: text widths, badges, and the scale that fits a size in the view. */
export interface Sizing {
  measure: (text: string) => number;
  badges: Badges;
  fitScale: (width: number, height: number) => number;
  /** Items above this are not laid out to try a fold (the view's area in readable boxes). */
  budget: number;
}

/** How the page is laid out again: 'auto' picks the fold, 'fold' folds to fit, 'keep' keeps the person's fold. */
export type RenderMode = 'auto' | 'fold' | 'keep';

export interface Arranged {
  fold: FoldState;
  vis: VisibleGraph;
  layout: Layout;
  /** The fold was chosen by the page (not the person's own). */
  auto: boolean;
}

/**
 * `auto`: an answer of up to WHOLE_UP_TO nodes whole; a larger one with the most detailed fold whose
 * drawing fits the view at a readable size (every level open if it fits; else fewer levels; else
 * coarser bundles). `fold`: that search whatever the answer's size (Fit). Both pick the engine that
 * draws it larger. `keep`: the person's fold, laid out by the engine the picture has (`previous`).
 */
export function arrange(m: DiagramModel, fold: FoldState, mode: RenderMode, previous: Layout | undefined, z: Sizing): Arranged {
  if (mode === 'auto' && m.nodes.length <= WHOLE_UP_TO) {
    const maxDistance = visibleGraph(m, { ...fold, depth: 0 }).maxDistance;
    const f: FoldState = { ...fold, depth: maxDistance, grain: 0, splitLast: false, opened: new Set(), closedFiles: new Set(), closedDirs: new Set() };
    const vis = visibleGraph(m, f);
    return { fold: f, vis, layout: best(vis, true, z), auto: true };
  }
  if (mode !== 'keep') {
    const chosen = searchFold(m, fold, mode === 'auto', z);
    return { fold: chosen.f, vis: chosen.v, layout: chosen.l, auto: true };
  }
  const vis = visibleGraph(m, fold);
  return { fold, vis, layout: previous ? again(vis, previous, z) : best(vis, true, z), auto: false };
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

/**
 * The person's own fold (a box opened, a file folded, a badge, find's next match): laid out by the
 * engine and in the direction the picture has, so it grows where it is instead of turning round;
 * and cheaply (columns: no dagre run). Fit chooses afresh.
 */
function again(v: VisibleGraph, previous: Layout, z: Sizing): Layout {
  return previous.engine === 'dagre' && v.items.length <= DAGRE_KEPT_UP_TO ? layoutGraph(v, z.measure, previous.rankdir, z.badges, true) : columns(v, true, z);
}

/** Our columns, a rank too tall for the view cut into 2, 3, ... columns side by side while that draws larger. */
function columns(v: VisibleGraph, folders: boolean, z: Sizing): Layout {
  let chosen = columnLayout(v, z.measure, z.badges, folders);
  let score = z.fitScale(chosen.width, chosen.height);
  for (let split = 2; score < MIN_READABLE && split <= MAX_SPLIT; split++) {
    const l = columnLayout(v, z.measure, z.badges, folders, split);
    const s = z.fitScale(l.width, l.height);
    if (l.wrap < split || s <= score) break;
    chosen = l;
    score = s;
  }
  return chosen;
}

type Candidate = { v: VisibleGraph; l: Layout; f: FoldState };

/**
 * The most detailed fold that fits the view at a readable size. Candidates are tried without folder
 * clusters (a cheaper layout); the one that fits is laid out with them, and if the clusters make it
 * too big the search goes on from there with them. At first (`keepLevelOne`; Fit shows all), when
 * only the query's own level would fit, the largest drawing with its direct neighbours one by one is
 * kept instead if it comes near a readable size: they are what the person asked about.
 */
function searchFold(m: DiagramModel, fold: FoldState, keepLevelOne: boolean, z: Sizing): Candidate {
  const maxDistance = visibleGraph(m, { ...fold, depth: 0 }).maxDistance;
  let fallback: Candidate | undefined;
  let levelOne: (Candidate & { s: number; folders: boolean }) | undefined;
  let folders = false;
  // A candidate with as many drawn things as one that did not fit will not fit either: skip it.
  let failedAt = Infinity;
  for (const c of foldCandidates(maxDistance)) {
    const f: FoldState = { ...fold, depth: c.depth, grain: c.grain, splitLast: c.splitLast, opened: new Set(), closedFiles: new Set(), closedDirs: new Set() };
    const v = visibleGraph(m, f);
    if (v.items.length > z.budget * 1.3 || v.items.length >= failedAt) continue;
    if (keepLevelOne && c.depth === 0 && levelOne && levelOne.s >= MIN_READABLE * LEVEL_ONE_SLACK) return { v: levelOne.v, f: levelOne.f, l: levelOne.folders ? levelOne.l : best(levelOne.v, true, z) };
    let l = best(v, folders, z);
    const s = z.fitScale(l.width, l.height);
    if (c.depth >= 1 && !c.splitLast && (!levelOne || s > levelOne.s)) levelOne = { v, l, f, s, folders };
    if (s < MIN_READABLE) {
      failedAt = v.items.length;
      fallback = { v, l, f };
      continue;
    }
    if (!folders) {
      l = best(v, true, z);
      folders = true;
    }
    fallback = { v, l, f };
    if (z.fitScale(l.width, l.height) >= MIN_READABLE) return fallback;
    failedAt = v.items.length;
  }
  if (fallback) return folders ? fallback : { ...fallback, l: best(fallback.v, true, z) };
  const f: FoldState = { ...fold, depth: 0, grain: 4, splitLast: false, opened: new Set(), closedFiles: new Set(), closedDirs: new Set() };
  const v = visibleGraph(m, f);
  return { v, l: best(v, true, z), f };
}
