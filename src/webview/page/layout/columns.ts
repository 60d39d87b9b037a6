import { alongCubic, alongPolyline, LABEL_SPOTS, Point } from './labels';
import { pathOf, Piece, reversed } from './columnPaths';
import { ranksOf } from './columnRanks';
import { BOX_PAD, NODE_HEIGHT, stackRows, StackedBox } from './fileBox';
import { Item, parentDir, VisibleGraph } from '../foldModel';
import { Box, boxesOf, fileLabel, foldersOf, headWidth, itemSize } from './boxes';
import { headsOf, labelEdges } from './labels';
import type { Badges, Layout, Rect } from './types';

/**
 * The left-right drawing in columns, our own (no dagre): every visible thing gets a signed rank
 * from the queried symbols (what they use to the right, what uses them to the left), a file's box
 * takes the rank of its row nearest the query, and each rank is one column of boxes stacked tight,
 * grouped by folder (a frame per folder's run of boxes), ordered to cut crossings. Edges between
 * neighbouring columns are curves in the gap; an edge that skips columns runs through a lane kept
 * free between two boxes of each column it crosses; an edge inside one column arcs out on its
 * right. So no edge passes over a box but its own two ends. Cheap: no layout engine runs.
 */

/** Between two columns' boxes (their folder frames aside). */
const COLUMN_GAP = 76;
/** Between two boxes of a column. */
const BOX_GAP = 10;
/** A folder frame: padding round its boxes, and its name's room above them. */
const FRAME_PAD = 8;
const FRAME_HEAD = 20;
/** One edge's lane through a column, between two of its boxes. */
const LANE = 8;
const MARGIN_X = 20;
const MARGIN_Y = 16;
/** Crossing-cutting sweeps (out from the query, then back and forth). */
const SWEEPS = 12;

interface Column {
  rank: number;
  boxes: string[];
  /** The boxes' left and right (every box of a column as wide as the widest). */
  left: number;
  right: number;
  /** How far its folder frames reach past its boxes on either side. */
  pad?: number;
}

/** What the phases of the column layout share: the boxes, their columns and folder chains, their sizes and places. */
interface Grid {
  vis: VisibleGraph;
  boxes: Map<string, Box>;
  /** Each box's folder frames, outermost first (pruned per column). */
  chainOf: Map<string, string[]>;
  /** Drawn item → its box. */
  boxOf: Map<string, string>;
  columns: Column[];
  colOf: Map<string, number>;
  stacks: Map<string, StackedBox>;
  /** Each row's middle, relative to its box's middle (where an edge meets the box). */
  rowOffset: Map<string, number>;
  /** Each box's middle, relative to its column's middle. */
  centre: Map<string, number>;
}

interface Packed {
  mids: number[];
  laneY: number[][];
  frames: Array<{ dir: string; top: number; bottom: number; height: number; boxes: string[] }>;
  height: number;
}

export function columnLayout(vis: VisibleGraph, measure: (text: string) => number, badges: Badges, folders = true, split = 1): Layout {
  const boxes = boxesOf(vis);
  if (boxes.size === 0) return { rankdir: 'LR', engine: 'columns', wrap: 1, width: 0, height: 0, items: new Map(), clusters: new Map(), folders: new Map(), classes: [], edges: new Map() };
  const tree = folders ? foldersOf(boxes) : { parentOf: new Map<string, string>(), frames: new Map<string, string | undefined>() };
  const chainOf = new Map<string, string[]>();
  for (const id of boxes.keys()) {
    const chain: string[] = [];
    for (let d = tree.parentOf.get(id)?.slice(2); d; d = tree.frames.get(d)) chain.unshift(d);
    chainOf.set(id, chain);
  }
  const natural = new Map<string, StackedBox>();
  for (const [id, box] of boxes) natural.set(id, stackRows(box.rows, (item) => itemSize(item, measure, badges).width, box.file ? headWidth(fileLabel(box.file, tree.parentOf.get(id)), measure) : undefined));
  const { columns, boxOf, wrap } = assignColumns(vis, boxes, natural, split);
  const colOf = new Map<string, number>();
  columns.forEach((col, c) => {
    for (const id of col.boxes) colOf.set(id, c);
  });
  pruneFrames(columns, chainOf);
  const labelOf = (id: string): string => {
    const chain = chainOf.get(id)!;
    return fileLabel(boxes.get(id)!.file ?? '', chain.length > 0 ? `d:${chain[chain.length - 1]}` : undefined);
  };
  const stacks = evenWidths(columns, boxes, measure, badges, labelOf);
  const rowOffset = new Map<string, number>();
  for (const s of stacks.values()) for (const r of s.rows) rowOffset.set(r.item.id, r.y + NODE_HEIGHT / 2 - s.height / 2);
  const grid: Grid = { vis, boxes, chainOf, boxOf, columns, colOf, stacks, rowOffset, centre: new Map() };
  orderColumns(grid);
  const ends = vis.edges.map((e) => ({ e, a: boxOf.get(e.from)!, b: boxOf.get(e.to)! })).filter(({ a, b }) => a !== undefined && b !== undefined);
  const { lanesPer, laneOf } = assignLanes(grid, ends);
  const packed = columns.map((col, c) => packColumn(grid, col, lanesPer[c]));
  const placed = placeColumns(grid, packed, labelOf);
  const { paths, reach } = routeEdges(grid, ends, packed, laneOf, placed.items, placed.reach);
  // Everything moved right and down past the margins.
  const left = Math.min(0, ...[...placed.folders.values()].map((f) => f.x));
  const dx = MARGIN_X - left;
  const dy = MARGIN_Y - placed.top;
  const shifted = shiftAll(placed, paths, dx, dy);
  return {
    rankdir: 'LR',
    engine: 'columns',
    wrap,
    width: reach + dx + MARGIN_X,
    height: placed.bottom - placed.top + 2 * MARGIN_Y,
    items: shifted.items,
    clusters: shifted.clusters,
    folders: shifted.folders,
    classes: shifted.classes,
    edges: labelEdges(vis, shifted.paths, shifted.items, measure, headsOf(shifted, measure)),
  };
}

/**
 * Each box's column: the rank of its row nearest the query. A rank taller than the tallest's
 * `split`-th part is cut into several columns side by side, in path order (a folder's boxes
 * together), at a folder change where one is near.
 */
function assignColumns(vis: VisibleGraph, boxes: Map<string, Box>, natural: Map<string, StackedBox>, split: number): { columns: Column[]; boxOf: Map<string, string>; wrap: number } {
  const rank = ranksOf(vis);
  const boxOf = new Map<string, string>();
  const boxRank = new Map<string, number>();
  for (const [id, box] of boxes) {
    let best = Infinity;
    for (const r of box.rows) {
      boxOf.set(r.id, id);
      const k = rank.get(r.id) ?? 0;
      if (Math.abs(k) < Math.abs(best) || (Math.abs(k) === Math.abs(best) && k < best)) best = k;
    }
    boxRank.set(id, best);
  }
  const ranks = [...new Set(boxRank.values())].sort((x, y) => x - y);
  const boxPath = (id: string): string => boxes.get(id)!.path;
  const byPath = (x: string, y: string): number => (boxPath(x) < boxPath(y) ? -1 : boxPath(x) > boxPath(y) ? 1 : 0);
  const byRank = ranks.map((r) => [...boxRank].filter(([, k]) => k === r).map(([id]) => id).sort(byPath));
  // About a box's share of its column's height (its gap and a folder name now and then).
  const tall = (id: string): number => natural.get(id)!.height + BOX_GAP + FRAME_HEAD / 2;
  const heightOf = (ids: string[]): number => ids.reduce((sum, id) => sum + tall(id), 0);
  const limit = Math.max(...byRank.map(heightOf)) / Math.max(1, split);
  const columns: Column[] = [];
  let wrap = 1;
  ranks.forEach((r, i) => {
    const ids = byRank[i];
    const parts = Math.min(ids.length, Math.max(1, Math.round(heightOf(ids) / limit)));
    wrap = Math.max(wrap, parts);
    const per = heightOf(ids) / parts;
    let run: string[] = [];
    let acc = 0;
    let made = 0;
    for (const id of ids) {
      const folderChange = run.length > 0 && parentDir(boxPath(id)) !== parentDir(boxPath(run[run.length - 1]));
      if (run.length > 0 && made < parts - 1 && (acc + tall(id) / 2 > per || (folderChange && acc >= per * 0.7))) {
        columns.push({ rank: r, boxes: run, left: 0, right: 0 });
        made++;
        run = [];
        acc = 0;
      }
      run.push(id);
      acc += tall(id);
    }
    columns.push({ rank: r, boxes: run, left: 0, right: 0 });
  });
  return { columns, boxOf, wrap };
}

/**
 * A folder frame round one box of a column says nothing its box's name cannot: kept only round two
 * or more. A frame holding just what its one inner frame holds is drawn once, named by both (`src/cli/`).
 */
function pruneFrames(columns: Column[], chainOf: Map<string, string[]>): void {
  for (const col of columns) {
    const held = new Map<string, number>();
    for (const id of col.boxes) for (const d of chainOf.get(id)!) held.set(d, (held.get(d) ?? 0) + 1);
    for (const id of col.boxes) chainOf.set(id, chainOf.get(id)!.filter((d) => held.get(d)! >= 2));
    for (const id of col.boxes) chainOf.set(id, chainOf.get(id)!.filter((d, i, chain) => i === chain.length - 1 || held.get(d) !== held.get(chain[i + 1])));
  }
}

/** Every box of a column as wide as its widest: edges leave and enter at the column's sides. A box's name is its path inside its nearest frame. */
function evenWidths(columns: Column[], boxes: Map<string, Box>, measure: (text: string) => number, badges: Badges, labelOf: (id: string) => string): Map<string, StackedBox> {
  const headOf = (id: string): number | undefined => (boxes.get(id)!.file ? headWidth(labelOf(id), measure) : undefined);
  const stacks = new Map<string, StackedBox>();
  for (const col of columns) {
    const own = col.boxes.map((id) => stackRows(boxes.get(id)!.rows, (item) => itemSize(item, measure, badges).width, headOf(id)));
    const width = Math.max(...own.map((s) => s.width));
    col.boxes.forEach((id, i) => {
      const box = boxes.get(id)!;
      stacks.set(id, own[i].width >= width ? own[i] : box.file ? stackRows(box.rows, (item) => itemSize(item, measure, badges).width, width - 2 * BOX_PAD) : stackRows(box.rows, () => width, undefined));
    });
  }
  return stacks;
}

/** Boxes of a column stacked in order, centred on 0: their middles, their frames (lanes: extra room per gap). */
function packColumn(grid: Grid, col: Column, lanes?: number[]): Packed {
  let y = 0;
  const mids: number[] = [];
  const laneY: number[][] = [];
  const frames: Packed['frames'] = [];
  const open: Array<{ dir: string; top: number; inner: number; boxes: string[] }> = [];
  const close = (keep: number): void => {
    while (open.length > keep) {
      const f = open.pop()!;
      y += FRAME_PAD;
      frames.push({ dir: f.dir, top: f.top, bottom: y, height: f.inner + 1, boxes: f.boxes });
      if (open.length > 0) open[open.length - 1].inner = Math.max(open[open.length - 1].inner, f.inner + 1);
    }
  };
  col.boxes.forEach((id, i) => {
    const chain = grid.chainOf.get(id)!;
    let same = 0;
    while (same < open.length && same < chain.length && open[same].dir === chain[same]) same++;
    close(same);
    // The gap above this box: its lanes in the middle, clear of frames' names.
    const n = lanes?.[i] ?? 0;
    if (i > 0 || n > 0) y += BOX_GAP / 2;
    laneY.push(Array.from({ length: n }, (_, k) => y + LANE * (k + 0.5)));
    y += n * LANE;
    if (i > 0 || n > 0) y += BOX_GAP / 2;
    for (let k = same; k < chain.length; k++) {
      open.push({ dir: chain[k], top: y, inner: 0, boxes: [] });
      y += FRAME_HEAD;
    }
    for (const f of open) f.boxes.push(id);
    const h = grid.stacks.get(id)!.height;
    mids.push(y + h / 2);
    y += h;
  });
  close(0);
  const n = lanes?.[col.boxes.length] ?? 0;
  laneY.push(Array.from({ length: n }, (_, k) => y + BOX_GAP / 2 + LANE * (k + 0.5)));
  y += n > 0 ? BOX_GAP + n * LANE : 0;
  const half = y / 2;
  return { mids: mids.map((m) => m - half), laneY: laneY.map((l) => l.map((v) => v - half)), frames: frames.map((f) => ({ ...f, top: f.top - half, bottom: f.bottom - half })), height: y };
}

/**
 * Order: boxes by folder (a folder's boxes together, its sub-folders' together inside), folders and
 * boxes by the mean height of what they link to in columns already placed; the query's column first
 * (queried symbols first), then out from it, then sweeps back and forth.
 */
function orderColumns(grid: Grid): void {
  const { vis, boxes, chainOf, boxOf, columns, colOf, rowOffset, centre } = grid;
  // Box-to-box links (both ways): the other box and where its edge meets each.
  const links = new Map<string, Array<{ other: string; mine: number; theirs: number }>>();
  for (const e of vis.edges) {
    const a = boxOf.get(e.from);
    const b = boxOf.get(e.to);
    if (!a || !b || a === b) continue;
    (links.get(a) ?? links.set(a, []).get(a)!).push({ other: b, mine: rowOffset.get(e.from)!, theirs: rowOffset.get(e.to)! });
    (links.get(b) ?? links.set(b, []).get(b)!).push({ other: a, mine: rowOffset.get(e.to)!, theirs: rowOffset.get(e.from)! });
  }
  const place = (col: Column): void => {
    const { mids } = packColumn(grid, col);
    col.boxes.forEach((id, i) => centre.set(id, mids[i]));
  };
  const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;
  const order = (col: Column, usable: (other: string) => boolean): void => {
    const wish = new Map<string, number>();
    for (const id of col.boxes) {
      const ys = (links.get(id) ?? []).filter((l) => usable(l.other) && centre.has(l.other)).map((l) => centre.get(l.other)! + l.theirs - l.mine);
      wish.set(id, ys.length > 0 ? mean(ys) : centre.get(id) ?? 0);
    }
    const groupWish = new Map<string, number[]>();
    for (const id of col.boxes) for (const d of chainOf.get(id)!) (groupWish.get(d) ?? groupWish.set(d, []).get(d)!).push(wish.get(id)!);
    const key = (id: string): Array<[number, string]> => [...chainOf.get(id)!.map((d): [number, string] => [mean(groupWish.get(d)!), d]), [wish.get(id)!, id]];
    const keys = new Map(col.boxes.map((id) => [id, key(id)]));
    col.boxes.sort((a, b) => {
      const ka = keys.get(a)!;
      const kb = keys.get(b)!;
      for (let k = 0; k < Math.min(ka.length, kb.length); k++) {
        if (ka[k][1] === kb[k][1]) continue;
        return ka[k][0] - kb[k][0] || (ka[k][1] < kb[k][1] ? -1 : 1);
      }
      return ka.length - kb.length;
    });
    place(col);
  };
  const zero = Math.max(0, columns.findIndex((col) => col.rank === 0));
  const inputFirst = (id: string): number => (boxes.get(id)!.rows.some((r) => r.kind === 'node' && r.node.input) ? 0 : 1);
  columns[zero].boxes.sort((a, b) => inputFirst(a) - inputFirst(b));
  for (const col of columns) place(col);
  order(columns[zero], () => false);
  for (let c = zero + 1; c < columns.length; c++) order(columns[c], (o) => colOf.get(o)! < c);
  for (let c = zero - 1; c >= 0; c--) order(columns[c], (o) => colOf.get(o)! > c);
  // The sweeps' orders are kept only while they shorten the edges' rise in all (the sum of how far
  // each edge climbs or falls between its ends): a sweep can undo a better order.
  const rise = (): number => {
    let sum = 0;
    for (const [id, ls] of links) for (const l of ls) sum += Math.abs(centre.get(id)! + l.mine - centre.get(l.other)! - l.theirs);
    return sum;
  };
  let best = { cost: rise(), order: columns.map((col) => [...col.boxes]) };
  for (let sweep = 1; sweep < SWEEPS; sweep++) {
    const seq = sweep % 2 === 1 ? columns.map((_, c) => c) : columns.map((_, c) => columns.length - 1 - c);
    for (const c of seq) order(columns[c], (o) => colOf.get(o)! !== c);
    const cost = rise();
    if (cost < best.cost) best = { cost, order: columns.map((col) => [...col.boxes]) };
  }
  columns.forEach((col, c) => {
    col.boxes = best.order[c];
    place(col);
  });
}

type Ends = Array<{ e: VisibleGraph['edges'][number]; a: string; b: string }>;
type Pass = { col: number; gap: number; k: number };

/** Lanes: an edge skipping columns passes each column between the two boxes nearest its straight line. */
function assignLanes(grid: Grid, ends: Ends): { lanesPer: number[][]; laneOf: Map<string, Pass[]> } {
  const { columns, colOf, centre, rowOffset, stacks } = grid;
  const lanesPer = columns.map((col) => new Array<number>(col.boxes.length + 1).fill(0));
  const laneOf = new Map<string, Pass[]>();
  for (const { e, a, b } of ends) {
    const [ca, cb] = [colOf.get(a)!, colOf.get(b)!];
    if (Math.abs(ca - cb) < 2) continue;
    const [lo, hi, ylo, yhi] = ca < cb ? [ca, cb, centre.get(a)! + rowOffset.get(e.from)!, centre.get(b)! + rowOffset.get(e.to)!] : [cb, ca, centre.get(b)! + rowOffset.get(e.to)!, centre.get(a)! + rowOffset.get(e.from)!];
    const passes: Pass[] = [];
    for (let c = lo + 1; c < hi; c++) {
      const want = ylo + ((yhi - ylo) * (c - lo)) / (hi - lo);
      const col = columns[c];
      // Gap g lies above box g (g = boxes.length: below the last).
      let gap = 0;
      let bestDistance = Infinity;
      for (let g = 0; g <= col.boxes.length; g++) {
        const above = g > 0 ? centre.get(col.boxes[g - 1])! + stacks.get(col.boxes[g - 1])!.height / 2 : -Infinity;
        const below = g < col.boxes.length ? centre.get(col.boxes[g])! - stacks.get(col.boxes[g])!.height / 2 : Infinity;
        const at = Number.isFinite(above) && Number.isFinite(below) ? (above + below) / 2 : Number.isFinite(above) ? above : below;
        const distance = Math.abs(at - want);
        if (distance < bestDistance) {
          bestDistance = distance;
          gap = g;
        }
      }
      passes.push({ col: c, gap, k: lanesPer[c][gap]++ });
    }
    laneOf.set(e.id, passes);
  }
  return { lanesPer, laneOf };
}

interface Placed {
  items: Map<string, Rect>;
  clusters: Layout['clusters'];
  classes: Layout['classes'];
  folders: Layout['folders'];
  top: number;
  bottom: number;
  /** The rightmost thing drawn (a frame; arcs are added by the edges). */
  reach: number;
}

/** Final places: columns left to right, each centred on the same middle line; file boxes, rows, class boxes and folder frames. */
function placeColumns(grid: Grid, packed: Packed[], labelOf: (id: string) => string): Placed {
  const { boxes, chainOf, columns, stacks, centre } = grid;
  const out: Placed = { items: new Map(), clusters: new Map(), classes: [], folders: new Map(), top: Infinity, bottom: -Infinity, reach: 0 };
  const count = (item: Item): number => (item.kind === 'node' ? 1 : item.members.length);
  let x = 0;
  columns.forEach((col, c) => {
    const p = packed[c];
    const depth = Math.max(0, ...p.frames.map((f) => f.height));
    const width = Math.max(...col.boxes.map((id) => stacks.get(id)!.width));
    col.left = x + depth * FRAME_PAD;
    col.right = col.left + width;
    col.pad = depth * FRAME_PAD;
    col.boxes.forEach((id, i) => {
      const s = stacks.get(id)!;
      const bx = col.left;
      const by = p.mids[i] - s.height / 2;
      centre.set(id, p.mids[i]);
      const box = boxes.get(id)!;
      if (box.file) out.clusters.set(id, { x: bx, y: by, width: s.width, height: s.height, file: box.file, label: labelOf(id) });
      for (const r of s.rows) out.items.set(r.item.id, { x: bx + r.x, y: by + r.y, width: r.width, height: NODE_HEIGHT });
      for (const f of s.frames) out.classes.push({ ...f, x: bx + f.x, y: by + f.y });
    });
    for (const f of p.frames) {
      const chain = chainOf.get(f.boxes[0])!;
      const level = chain.indexOf(f.dir);
      const parent = level > 0 ? chain[level - 1] : undefined;
      const outer = f.height * FRAME_PAD;
      out.folders.set(`d:${f.dir}@${c}`, {
        x: col.left - outer,
        y: f.top,
        width: width + 2 * outer,
        height: f.bottom - f.top,
        dir: f.dir,
        label: `${parent ? f.dir.slice(parent.length + 1) : f.dir}/`,
        count: f.boxes.reduce((sum, id) => sum + boxes.get(id)!.rows.reduce((n, r) => n + count(r), 0), 0),
        depth: level,
      });
    }
    out.top = Math.min(out.top, -p.height / 2);
    out.bottom = Math.max(out.bottom, p.height / 2);
    out.reach = col.right + depth * FRAME_PAD;
    x = out.reach + COLUMN_GAP;
  });
  return out;
}

/** Edges, row to row: inside a column an arc out on its right; else out of the left end's right side, through the lanes, into the right end's left side. */
function routeEdges(grid: Grid, ends: Ends, packed: Packed[], laneOf: Map<string, Pass[]>, items: Map<string, Rect>, reachBefore: number): { paths: Map<string, { d: string; points: Point[] }>; reach: number } {
  const { columns, colOf } = grid;
  let reach = reachBefore;
  const paths = new Map<string, { d: string; points: Point[] }>();
  const rowRight = (id: string): Point => ({ x: items.get(id)!.x + items.get(id)!.width, y: items.get(id)!.y + NODE_HEIGHT / 2 });
  const rowLeft = (id: string): Point => ({ x: items.get(id)!.x, y: items.get(id)!.y + NODE_HEIGHT / 2 });
  const trunks = trunksOf(grid, ends, items);
  const beside = besideTrunks(grid, ends, items, trunks.out);
  for (const { e, a, b } of ends) {
    const [ca, cb] = [colOf.get(a)!, colOf.get(b)!];
    const x = ca === cb ? beside.get(e.to) ?? beside.get(e.from) : undefined;
    if (x !== undefined) {
      // Inside one column at a node with many such edges: out level to its trunk right of the column, along it, and back in.
      reach = Math.max(reach, x);
      paths.set(e.id, pathOf(rowRight(e.from), [{ to: rowRight(e.to), curve: false, bus: x }]));
      continue;
    }
    if (ca === cb) {
      // Inside one column: out of the right side, round through the gap, into the right side.
      const col = columns[ca];
      const p0 = rowRight(e.from);
      const p3 = rowRight(e.to);
      const bulge = Math.min(COLUMN_GAP / 2 - 12, 18 + Math.abs(p3.y - p0.y) / 8);
      const out = col.right + 6;
      const far = out + bulge;
      reach = Math.max(reach, out + bulge * 0.75);
      const d = `M${p0.x},${p0.y} L${out},${p0.y} C${far},${p0.y} ${far},${p3.y} ${out},${p3.y} L${p3.x},${p3.y}`;
      paths.set(e.id, { d, points: [p0, { x: out, y: p0.y }, ...alongCubic({ x: out, y: p0.y }, { x: far, y: p0.y }, { x: far, y: p3.y }, { x: out, y: p3.y }, [0.2, 0.4, 0.5, 0.6, 0.8, 1]), p3] });
      continue;
    }
    // Left end to right end (reversed when the edge points left).
    const [l, r, cl, cr] = ca < cb ? [e.from, e.to, ca, cb] : [e.to, e.from, cb, ca];
    const start = rowRight(l);
    const pieces: Piece[] = [{ to: { x: columns[cl].right, y: start.y }, curve: false }];
    for (const pass of laneOf.get(e.id) ?? []) {
      const col = columns[pass.col];
      const y = packed[pass.col].laneY[pass.gap][pass.k];
      pieces.push({ to: { x: col.left, y }, curve: true }, { to: { x: col.right, y }, curve: false });
    }
    const end = rowLeft(r);
    pieces.push({ to: { x: columns[cr].left, y: end.y }, curve: true }, { to: end, curve: false });
    // Into a busy node: the trunk in front of it; else out of a busy node: the trunk behind it.
    const into = trunks.into.get(r);
    const out = trunks.out.get(l);
    if (into !== undefined) pieces[pieces.length - 2] = { ...pieces[pieces.length - 2], bus: into };
    if (out !== undefined && (into === undefined || pieces.length > 3)) pieces[1] = { ...pieces[1], bus: out };
    const way = ca < cb ? { start, pieces } : reversed(start, pieces);
    paths.set(e.id, pathOf(way.start, way.pieces.filter((p, i, all) => (i === 0 ? p.to.x !== way.start.x || p.to.y !== way.start.y : p.to.x !== all[i - 1].to.x || p.to.y !== all[i - 1].to.y))));
  }
  return { paths, reach };
}

/** A node with this many edges coming into one of its sides from other columns gets a trunk there. */
const BUSY = 4;
/** A trunk's distance from its column's frames (more trunks in front of one column stand apart by TRUNK_STEP). */
const TRUNK_OFF = 12;
const TRUNK_STEP = 6;

/**
 * The trunks: for each node with BUSY or more edges entering its left side (`into`) or leaving its
 * right side (`out`) across a gap, the x of the vertical line they share in that gap. A column's
 * busy nodes take lines a step apart (top to bottom), so two trunks never run on one line.
 */
function trunksOf(grid: Grid, ends: Ends, items: Map<string, Rect>): { into: Map<string, number>; out: Map<string, number> } {
  const { columns, colOf } = grid;
  const left = new Map<string, number>();
  const right = new Map<string, number>();
  for (const { e, a, b } of ends) {
    const [ca, cb] = [colOf.get(a)!, colOf.get(b)!];
    if (ca === cb) continue;
    const [l, r] = ca < cb ? [e.from, e.to] : [e.to, e.from];
    right.set(l, (right.get(l) ?? 0) + 1);
    left.set(r, (left.get(r) ?? 0) + 1);
  }
  const lines = (counts: Map<string, number>, side: 1 | -1): Map<string, number> => {
    const out = new Map<string, number>();
    for (const [c, ids] of busyPerColumn(grid, counts, BUSY)) {
      const col = columns[c];
      const edge = side === 1 ? col.right + (col.pad ?? 0) : col.left - (col.pad ?? 0);
      ids.sort((p, q) => items.get(p)!.y - items.get(q)!.y);
      ids.forEach((id, i) => out.set(id, edge + side * (TRUNK_OFF + TRUNK_STEP * (i % 3))));
    }
    return out;
  };
  return { into: lines(left, -1), out: lines(right, 1) };
}

/** The nodes with at least `least` edges counted in `counts`, by the column they are drawn in. */
function busyPerColumn(grid: Grid, counts: Map<string, number>, least: number): Map<number, string[]> {
  const perColumn = new Map<number, string[]>();
  for (const [id, n] of counts) {
    if (n < least) continue;
    const c = grid.colOf.get(grid.boxOf.get(id)!)!;
    (perColumn.get(c) ?? perColumn.set(c, []).get(c)!).push(id);
  }
  return perColumn;
}

/** A node with this many edges to others of its own column gets a trunk right of the column for them (else each is an arc). */
const BUSY_BESIDE = 3;

/**
 * The trunks right of a column for edges within it: per node with BUSY_BESIDE or more of them, a
 * vertical line past the column's frames, a step apart from the column's other trunks (those out of
 * its nodes too). Nested arcs of different heights become one line with short level runs.
 */
function besideTrunks(grid: Grid, ends: Ends, items: Map<string, Rect>, outs: Map<string, number>): Map<string, number> {
  const { columns, colOf } = grid;
  const count = new Map<string, number>();
  for (const { e, a, b } of ends) {
    if (colOf.get(a) !== colOf.get(b) || e.from === e.to) continue;
    for (const id of [e.from, e.to]) count.set(id, (count.get(id) ?? 0) + 1);
  }
  const out = new Map<string, number>();
  for (const [c, ids] of busyPerColumn(grid, count, BUSY_BESIDE)) {
    const col = columns[c];
    const edge = col.right + (col.pad ?? 0);
    const taken = new Set([...outs].filter(([id]) => colOf.get(grid.boxOf.get(id)!) === c).map(([, x]) => Math.round(x)));
    ids.sort((p, q) => count.get(q)! - count.get(p)! || items.get(p)!.y - items.get(q)!.y);
    let k = 0;
    for (const id of ids) {
      let x = edge + TRUNK_OFF + TRUNK_STEP * k;
      while (taken.has(Math.round(x))) x = edge + TRUNK_OFF + TRUNK_STEP * ++k;
      out.set(id, x);
      k = (k + 1) % 4;
    }
  }
  return out;
}

/** Everything moved by (dx, dy): boxes, frames, and each path's numbers (x, y pairs), its label spots too. */
function shiftAll(placed: Placed, paths: Map<string, { d: string; points: Point[] }>, dx: number, dy: number): Pick<Placed, 'items' | 'clusters' | 'classes' | 'folders'> & { paths: Map<string, { d: string; spots: Point[] }> } {
  const shift = <T extends { x: number; y: number }>(r: T): T => ({ ...r, x: r.x + dx, y: r.y + dy });
  const moved = <T extends { x: number; y: number }>(m: Map<string, T>): Map<string, T> => new Map([...m].map(([k, v]) => [k, shift(v)]));
  const shiftedPaths = new Map<string, { d: string; spots: Point[] }>();
  for (const [id, p] of paths) {
    let odd = true;
    const d = p.d.replace(/-?[\d.]+(?:e-?\d+)?/g, (n) => {
      const v = Number(n) + (odd ? dx : dy);
      odd = !odd;
      return String(Math.round(v * 100) / 100);
    });
    shiftedPaths.set(id, { d, spots: alongPolyline(p.points.map(shift), LABEL_SPOTS) });
  }
  return { items: moved(placed.items), clusters: moved(placed.clusters), folders: moved(placed.folders), classes: placed.classes.map(shift), paths: shiftedPaths };
}
