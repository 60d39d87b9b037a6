import { alongCubic, alongPolyline, LABEL_SPOTS, Point } from './edgeLabels';
import { BOX_PAD, NODE_HEIGHT, stackRows, StackedBox } from './fileBox';
import { Item, parentDir, VisibleGraph } from './foldModel';
import { Badges, boxesOf, fileLabel, foldersOf, headWidth, itemSize, Layout, labelEdges, Rect } from './layout';

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
const SWEEPS = 4;

interface Column {
  rank: number;
  boxes: string[];
  /** The boxes' left and right (every box of a column as wide as the widest). */
  left: number;
  right: number;
}

/**
 * Signed ranks of the visible items: a breadth-first walk from the queried symbols, +1 along an
 * edge (what an item uses), -1 against it (what uses it). A queried symbol another one reaches
 * along edges (pathsBetween's target) is not a start: it ends up on the right. Unreached items
 * (a part of the drawing no visible edge joins) start walks of their own at rank 0.
 */
export function ranksOf(vis: VisibleGraph): Map<string, number> {
  const out = new Map<string, string[]>();
  const inn = new Map<string, string[]>();
  for (const e of vis.edges) {
    (out.get(e.from) ?? out.set(e.from, []).get(e.from)!).push(e.to);
    (inn.get(e.to) ?? inn.set(e.to, []).get(e.to)!).push(e.from);
  }
  const inputs = vis.items.filter((i) => i.kind === 'node' && i.node.input).map((i) => i.id);
  let seeds = inputs;
  if (inputs.length > 1 && inputs.length <= 8) {
    const reached = new Set<string>();
    for (const s of inputs) {
      const seen = new Set([s]);
      const queue = [s];
      for (let head = 0; head < queue.length; head++) {
        for (const next of out.get(queue[head]) ?? []) {
          if (seen.has(next)) continue;
          seen.add(next);
          queue.push(next);
          if (next !== s) reached.add(next);
        }
      }
    }
    const starts = inputs.filter((id) => !reached.has(id));
    if (starts.length > 0) seeds = starts;
  }
  const rank = new Map<string, number>();
  const walk = (starts: string[]): void => {
    const queue = starts.filter((s) => !rank.has(s));
    for (const s of queue) rank.set(s, 0);
    for (let head = 0; head < queue.length; head++) {
      const r = rank.get(queue[head])!;
      for (const [next, step] of [...(out.get(queue[head]) ?? []).map((n) => [n, 1] as const), ...(inn.get(queue[head]) ?? []).map((n) => [n, -1] as const)]) {
        if (rank.has(next)) continue;
        rank.set(next, r + step);
        queue.push(next);
      }
    }
  };
  walk(seeds);
  for (const item of vis.items) if (!rank.has(item.id)) walk([item.id]);
  return rank;
}

/** One piece of an edge's path: a straight line, or a curve leaving and arriving level (horizontal tangents). */
type Piece = { to: Point; curve: boolean };

/** A path as SVG and points along it (for its label's spots). */
function pathOf(start: Point, pieces: Piece[]): { d: string; points: Point[] } {
  let d = `M${start.x},${start.y}`;
  const points = [start];
  let at = start;
  for (const p of pieces) {
    if (!p.curve) {
      d += ` L${p.to.x},${p.to.y}`;
      points.push(p.to);
    } else {
      const mid = (at.x + p.to.x) / 2;
      const c1 = { x: mid, y: at.y };
      const c2 = { x: mid, y: p.to.y };
      d += ` C${c1.x},${c1.y} ${c2.x},${c2.y} ${p.to.x},${p.to.y}`;
      points.push(...alongCubic(at, c1, c2, p.to, [0.2, 0.4, 0.6, 0.8, 1]));
    }
    at = p.to;
  }
  return { d, points };
}

/** The same path walked the other way. */
function reversed(start: Point, pieces: Piece[]): { start: Point; pieces: Piece[] } {
  const points = [start, ...pieces.map((p) => p.to)];
  const back: Piece[] = [];
  for (let i = pieces.length - 1; i >= 0; i--) back.push({ to: points[i], curve: pieces[i].curve });
  return { start: points[points.length - 1], pieces: back };
}

export function columnLayout(vis: VisibleGraph, measure: (text: string) => number, badges: Badges, folders = true, split = 1): Layout {
  const boxes = boxesOf(vis);
  if (boxes.size === 0) return { rankdir: 'LR', engine: 'columns', wrap: 1, width: 0, height: 0, items: new Map(), clusters: new Map(), folders: new Map(), classes: [], edges: new Map() };
  const tree = folders ? foldersOf(boxes) : { parentOf: new Map<string, string>(), frames: new Map<string, string | undefined>() };
  // Each box's folder frames, outermost first.
  const chainOf = new Map<string, string[]>();
  for (const id of boxes.keys()) {
    const chain: string[] = [];
    for (let d = tree.parentOf.get(id)?.slice(2); d; d = tree.frames.get(d)) chain.unshift(d);
    chainOf.set(id, chain);
  }

  // Ranks, and each box's column: the rank of its row nearest the query.
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
  const natural = new Map<string, StackedBox>();
  for (const [id, box] of boxes) natural.set(id, stackRows(box.rows, (item) => itemSize(item, measure, badges).width, box.file ? headWidth(fileLabel(box.file, tree.parentOf.get(id)), measure) : undefined));
  const boxPath = (id: string): string => boxes.get(id)!.path;
  const byPath = (x: string, y: string): number => (boxPath(x) < boxPath(y) ? -1 : boxPath(x) > boxPath(y) ? 1 : 0);
  const byRank = ranks.map((r) => [...boxRank].filter(([, k]) => k === r).map(([id]) => id).sort(byPath));
  // About a box's share of its column's height (its gap and a folder name now and then).
  const tall = (id: string): number => natural.get(id)!.height + BOX_GAP + FRAME_HEAD / 2;
  const heightOf = (ids: string[]): number => ids.reduce((sum, id) => sum + tall(id), 0);
  // A rank taller than the tallest's `split`-th part is cut into several columns side by side, in
  // path order (a folder's boxes together), at a folder change where one is near.
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
  const colOf = new Map<string, number>();
  columns.forEach((col, c) => {
    for (const id of col.boxes) colOf.set(id, c);
  });

  // A folder frame round one box of a column says nothing its box's name cannot: kept only round two
  // or more. A box's name is its path inside its nearest frame.
  for (const col of columns) {
    const held = new Map<string, number>();
    for (const id of col.boxes) for (const d of chainOf.get(id)!) held.set(d, (held.get(d) ?? 0) + 1);
    for (const id of col.boxes) chainOf.set(id, chainOf.get(id)!.filter((d) => held.get(d)! >= 2));
    // A frame holding just what its one inner frame holds is drawn once, named by both (`src/cli/`).
    for (const id of col.boxes) chainOf.set(id, chainOf.get(id)!.filter((d, i, chain) => i === chain.length - 1 || held.get(d) !== held.get(chain[i + 1])));
  }
  const labelOf = (id: string): string => {
    const chain = chainOf.get(id)!;
    return fileLabel(boxes.get(id)!.file ?? '', chain.length > 0 ? `d:${chain[chain.length - 1]}` : undefined);
  };
  const headOf = (id: string): number | undefined => (boxes.get(id)!.file ? headWidth(labelOf(id), measure) : undefined);

  // Every box of a column as wide as its widest: edges leave and enter at the column's sides.
  const stacks = new Map<string, StackedBox>();
  for (const col of columns) {
    const own = col.boxes.map((id) => stackRows(boxes.get(id)!.rows, (item) => itemSize(item, measure, badges).width, headOf(id)));
    const width = Math.max(...own.map((s) => s.width));
    col.boxes.forEach((id, i) => {
      const box = boxes.get(id)!;
      stacks.set(id, own[i].width >= width ? own[i] : box.file ? stackRows(box.rows, (item) => itemSize(item, measure, badges).width, width - 2 * BOX_PAD) : stackRows(box.rows, () => width, undefined));
    });
  }
  // Each row's middle, relative to its box's middle (where an edge meets the box).
  const rowOffset = new Map<string, number>();
  for (const s of stacks.values()) for (const r of s.rows) rowOffset.set(r.item.id, r.y + NODE_HEIGHT / 2 - s.height / 2);

  // Box-to-box links (both ways) for ordering: the other box and where its edge meets each.
  const links = new Map<string, Array<{ other: string; mine: number; theirs: number }>>();
  for (const e of vis.edges) {
    const a = boxOf.get(e.from);
    const b = boxOf.get(e.to);
    if (!a || !b || a === b) continue;
    (links.get(a) ?? links.set(a, []).get(a)!).push({ other: b, mine: rowOffset.get(e.from)!, theirs: rowOffset.get(e.to)! });
    (links.get(b) ?? links.set(b, []).get(b)!).push({ other: a, mine: rowOffset.get(e.to)!, theirs: rowOffset.get(e.from)! });
  }

  const centre = new Map<string, number>();
  /** Boxes of a column stacked in order, centred on 0: their middles (lanes: extra room per gap). */
  const pack = (col: Column, lanes?: number[]): { mids: number[]; laneY: number[][]; frames: Array<{ dir: string; top: number; bottom: number; height: number; boxes: string[] }>; height: number } => {
    let y = 0;
    const mids: number[] = [];
    const laneY: number[][] = [];
    const frames: Array<{ dir: string; top: number; bottom: number; height: number; boxes: string[] }> = [];
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
      const chain = chainOf.get(id)!;
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
      const h = stacks.get(id)!.height;
      mids.push(y + h / 2);
      y += h;
    });
    close(0);
    const n = lanes?.[col.boxes.length] ?? 0;
    laneY.push(Array.from({ length: n }, (_, k) => y + BOX_GAP / 2 + LANE * (k + 0.5)));
    y += n > 0 ? BOX_GAP + n * LANE : 0;
    const half = y / 2;
    return { mids: mids.map((m) => m - half), laneY: laneY.map((l) => l.map((v) => v - half)), frames: frames.map((f) => ({ ...f, top: f.top - half, bottom: f.bottom - half })), height: y };
  };
  const place = (col: Column): void => {
    const { mids } = pack(col);
    col.boxes.forEach((id, i) => centre.set(id, mids[i]));
  };

  // Order: boxes by folder (a folder's boxes together, its sub-folders' together inside), folders
  // and boxes by the mean height of what they link to in columns already placed.
  const order = (col: Column, usable: (other: string) => boolean): void => {
    const wish = new Map<string, number>();
    for (const id of col.boxes) {
      const ys = (links.get(id) ?? []).filter((l) => usable(l.other) && centre.has(l.other)).map((l) => centre.get(l.other)! + l.theirs - l.mine);
      wish.set(id, ys.length > 0 ? ys.reduce((a, b) => a + b, 0) / ys.length : centre.get(id) ?? 0);
    }
    const groupWish = new Map<string, number[]>();
    for (const id of col.boxes) {
      const chain = chainOf.get(id)!;
      for (let k = 0; k < chain.length; k++) (groupWish.get(chain[k]) ?? groupWish.set(chain[k], []).get(chain[k])!).push(wish.get(id)!);
    }
    const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;
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
  // The query's column first: queried symbols first, then by path.
  const inputFirst = (id: string): number => (boxes.get(id)!.rows.some((r) => r.kind === 'node' && r.node.input) ? 0 : 1);
  if (columns.length > 0) columns[zero].boxes.sort((a, b) => inputFirst(a) - inputFirst(b));
  for (const col of columns) place(col);
  if (columns.length > 0) order(columns[zero], () => false);
  for (let c = zero + 1; c < columns.length; c++) order(columns[c], (o) => colOf.get(o)! < c);
  for (let c = zero - 1; c >= 0; c--) order(columns[c], (o) => colOf.get(o)! > c);
  for (let sweep = 1; sweep < SWEEPS; sweep++) {
    const seq = sweep % 2 === 1 ? columns.map((_, c) => c) : columns.map((_, c) => columns.length - 1 - c);
    for (const c of seq) order(columns[c], (o) => colOf.get(o)! !== c);
  }

  // Lanes: an edge skipping columns passes each column between the two boxes nearest its straight line.
  const ends = vis.edges
    .map((e) => ({ e, a: boxOf.get(e.from)!, b: boxOf.get(e.to)! }))
    .filter(({ a, b }) => a !== undefined && b !== undefined);
  const lanesPer = columns.map((col) => new Array<number>(col.boxes.length + 1).fill(0));
  const laneOf = new Map<string, Array<{ col: number; gap: number; k: number }>>();
  for (const { e, a, b } of ends) {
    const [ca, cb] = [colOf.get(a)!, colOf.get(b)!];
    if (Math.abs(ca - cb) < 2) continue;
    const [lo, hi, ylo, yhi] = ca < cb ? [ca, cb, centre.get(a)! + rowOffset.get(e.from)!, centre.get(b)! + rowOffset.get(e.to)!] : [cb, ca, centre.get(b)! + rowOffset.get(e.to)!, centre.get(a)! + rowOffset.get(e.from)!];
    const passes: Array<{ col: number; gap: number; k: number }> = [];
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

  // Final places: columns left to right, each centred on the same middle line.
  const packed = columns.map((col, c) => pack(col, lanesPer[c]));
  const items = new Map<string, Rect>();
  const clusters: Layout['clusters'] = new Map();
  const classes: Layout['classes'] = [];
  const folderRects: Layout['folders'] = new Map();
  const count = (item: Item): number => (item.kind === 'node' ? 1 : item.members.length);
  let x = 0;
  /** The rightmost thing drawn (a frame, an arc). */
  let reach = 0;
  let top = Infinity;
  let bottom = -Infinity;
  columns.forEach((col, c) => {
    const p = packed[c];
    const depth = Math.max(0, ...p.frames.map((f) => f.height));
    const width = Math.max(...col.boxes.map((id) => stacks.get(id)!.width));
    col.left = x + depth * FRAME_PAD;
    col.right = col.left + width;
    col.boxes.forEach((id, i) => {
      const s = stacks.get(id)!;
      const bx = col.left;
      const by = p.mids[i] - s.height / 2;
      centre.set(id, p.mids[i]);
      const box = boxes.get(id)!;
      if (box.file) clusters.set(id, { x: bx, y: by, width: s.width, height: s.height, file: box.file, label: labelOf(id) });
      for (const r of s.rows) items.set(r.item.id, { x: bx + r.x, y: by + r.y, width: r.width, height: NODE_HEIGHT });
      for (const f of s.frames) classes.push({ ...f, x: bx + f.x, y: by + f.y });
    });
    for (const f of p.frames) {
      const chain = chainOf.get(f.boxes[0])!;
      const depth = chain.indexOf(f.dir);
      const parent = depth > 0 ? chain[depth - 1] : undefined;
      const outer = f.height * FRAME_PAD;
      folderRects.set(`d:${f.dir}@${c}`, {
        x: col.left - outer,
        y: f.top,
        width: width + 2 * outer,
        height: f.bottom - f.top,
        dir: f.dir,
        label: `${parent ? f.dir.slice(parent.length + 1) : f.dir}/`,
        count: f.boxes.reduce((sum, id) => sum + boxes.get(id)!.rows.reduce((n, r) => n + count(r), 0), 0),
        depth,
      });
    }
    top = Math.min(top, -p.height / 2);
    bottom = Math.max(bottom, p.height / 2);
    reach = col.right + depth * FRAME_PAD;
    x = reach + COLUMN_GAP;
  });

  // Edges, row to row.
  const paths = new Map<string, { d: string; points: Point[] }>();
  const rowRight = (id: string): Point => ({ x: items.get(id)!.x + items.get(id)!.width, y: items.get(id)!.y + NODE_HEIGHT / 2 });
  const rowLeft = (id: string): Point => ({ x: items.get(id)!.x, y: items.get(id)!.y + NODE_HEIGHT / 2 });
  for (const { e, a, b } of ends) {
    const [ca, cb] = [colOf.get(a)!, colOf.get(b)!];
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
    const way = ca < cb ? { start, pieces } : reversed(start, pieces);
    paths.set(e.id, pathOf(way.start, way.pieces.filter((p, i, all) => i === 0 ? p.to.x !== way.start.x || p.to.y !== way.start.y : p.to.x !== all[i - 1].to.x || p.to.y !== all[i - 1].to.y)));
  }

  // Everything moved right and down past the margins.
  const left = Math.min(0, ...[...folderRects.values()].map((f) => f.x));
  const dx = MARGIN_X - left;
  const dy = MARGIN_Y - top;
  const shift = <T extends { x: number; y: number }>(r: T): T => ({ ...r, x: r.x + dx, y: r.y + dy });
  const moved = (m: Map<string, Rect>): void => {
    for (const [k, v] of m) m.set(k, shift(v));
  };
  moved(items);
  moved(clusters as Map<string, Rect>);
  moved(folderRects as Map<string, Rect>);
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
  const width = reach + dx + MARGIN_X;
  const height = bottom - top + 2 * MARGIN_Y;
  return {
    rankdir: 'LR',
    engine: 'columns',
    wrap,
    width,
    height,
    items,
    clusters,
    folders: folderRects,
    classes: classes.map(shift),
    edges: labelEdges(vis, shiftedPaths, items, measure),
  };
}
