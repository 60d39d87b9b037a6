import type { Point, Rect } from './types';

/**
 * An edge's line is cut where it would pass over a file's or a folder's name (`heads`): the name
 * stays readable, the line stops at its box and goes on past it. Pure geometry on the path's text
 * (the M, L and C commands our engines write): each piece's parts inside a name's box are left
 * out, a curve's parts kept as exact sub-curves (de Casteljau), so what is drawn is where it was.
 */

/** Room kept round a name's box. */
const MARGIN = 1;
/** About this many pixels between the points a piece is tested at. */
const STEP = 1.5;

type Seg = { kind: 'L'; p: [Point, Point] } | { kind: 'C'; p: [Point, Point, Point, Point] };

/** The path `d` without its parts over `heads`; unchanged when it meets none. */
export function clipAtHeads(d: string, heads: readonly Rect[]): string {
  // Only the commands our engines write (absolute M, L, Q, C): anything else is left as it is.
  if (heads.length === 0 || /[^MLQC\d\s,.eE-]/.test(d)) return d;
  const segs = parse(d);
  const boxes = heads.map((h) => ({ x: h.x - MARGIN, y: h.y - MARGIN, width: h.width + 2 * MARGIN, height: h.height + 2 * MARGIN }));
  let changed = false;
  let out = '';
  let pen: Point | undefined;
  const moveTo = (p: Point): void => {
    if (!pen || Math.abs(pen.x - p.x) > 1e-6 || Math.abs(pen.y - p.y) > 1e-6) out += `${out ? ' ' : ''}M${num(p.x)},${num(p.y)}`;
    pen = p;
  };
  for (const s of segs) {
    const near = boxes.filter((b) => meets(hull(s.p), b));
    const keep = near.length === 0 ? [[0, 1] as [number, number]] : outside(s, near);
    if (keep.length !== 1 || keep[0][0] !== 0 || keep[0][1] !== 1) changed = true;
    for (const [t0, t1] of keep) {
      const part = sub(s, t0, t1);
      moveTo(part.p[0]);
      out += part.kind === 'L' ? ` L${num(part.p[1].x)},${num(part.p[1].y)}` : ` C${part.p.slice(1).map((q) => `${num(q.x)},${num(q.y)}`).join(' ')}`;
      pen = part.p[part.p.length - 1];
    }
  }
  return changed ? out : d;
}

function num(v: number): string {
  return String(Math.round(v * 100) / 100);
}

function parse(d: string): Seg[] {
  const segs: Seg[] = [];
  let at: Point = { x: 0, y: 0 };
  for (const m of d.matchAll(/([MLQC])([^MLQC]*)/g)) {
    const v = (m[2].match(/-?[\d.]+(?:e-?\d+)?/g) ?? []).map(Number);
    const pts: Point[] = [];
    for (let i = 0; i + 1 < v.length; i += 2) pts.push({ x: v[i], y: v[i + 1] });
    if (m[1] === 'M') at = pts[pts.length - 1] ?? at;
    else if (m[1] === 'L') for (const p of pts) segs.push({ kind: 'L', p: [at, (at = p)] });
    else if (m[1] === 'Q') {
      // A quadratic piece as the cubic that draws the same curve.
      for (let i = 0; i + 1 < pts.length; i += 2) segs.push({ kind: 'C', p: [at, mix(at, pts[i], 2 / 3), mix(pts[i + 1], pts[i], 2 / 3), (at = pts[i + 1])] });
    } else for (let i = 0; i + 2 < pts.length; i += 3) segs.push({ kind: 'C', p: [at, pts[i], pts[i + 1], (at = pts[i + 2])] });
  }
  return segs;
}

function hull(ps: readonly Point[]): Rect {
  const xs = ps.map((p) => p.x);
  const ys = ps.map((p) => p.y);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}

function meets(a: Rect, b: Rect): boolean {
  return a.x <= b.x + b.width && b.x <= a.x + a.width && a.y <= b.y + b.height && b.y <= a.y + a.height;
}

function at(s: Seg, t: number): Point {
  if (s.kind === 'L') return { x: s.p[0].x + (s.p[1].x - s.p[0].x) * t, y: s.p[0].y + (s.p[1].y - s.p[0].y) * t };
  const u = 1 - t;
  const [a, b, c, d] = [u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t];
  return { x: a * s.p[0].x + b * s.p[1].x + c * s.p[2].x + d * s.p[3].x, y: a * s.p[0].y + b * s.p[1].y + c * s.p[2].y + d * s.p[3].y };
}

/** The parameter ranges of `s` outside every box (the borders found to within a step). */
function outside(s: Seg, boxes: Rect[]): Array<[number, number]> {
  let length = 0;
  for (let i = 1; i < s.p.length; i++) length += Math.hypot(s.p[i].x - s.p[i - 1].x, s.p[i].y - s.p[i - 1].y);
  const n = Math.max(8, Math.ceil(length / STEP));
  const inside = (t: number): boolean => {
    const p = at(s, t);
    return boxes.some((b) => p.x > b.x && p.x < b.x + b.width && p.y > b.y && p.y < b.y + b.height);
  };
  const out: Array<[number, number]> = [];
  let start: number | undefined = inside(0) ? undefined : 0;
  for (let i = 1; i <= n; i++) {
    const t = i / n;
    const t0 = (i - 1) / n;
    const now = inside(t);
    if (start !== undefined && now) {
      // Leaving the kept part: stop a step before the box.
      if (t0 > start) out.push([start, t0]);
      start = undefined;
    } else if (start === undefined && !now) start = t;
  }
  if (start !== undefined && start < 1) out.push([start, 1]);
  return out.filter(([a, b]) => b > a);
}

/** The piece of `s` between parameters t0 and t1. */
function sub(s: Seg, t0: number, t1: number): Seg {
  if (s.kind === 'L') return { kind: 'L', p: [at(s, t0), at(s, t1)] };
  const right = split(s.p, t0)[1];
  const u = t0 >= 1 ? 1 : (t1 - t0) / (1 - t0);
  return { kind: 'C', p: split(right, u)[0] };
}

type Cubic = [Point, Point, Point, Point];
const mix = (a: Point, b: Point, t: number): Point => ({ x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t });

/** A cubic cut in two at t (de Casteljau). */
function split(p: Cubic, t: number): [Cubic, Cubic] {
  const [a, b, c] = [mix(p[0], p[1], t), mix(p[1], p[2], t), mix(p[2], p[3], t)];
  const [d, e] = [mix(a, b, t), mix(b, c, t)];
  const f = mix(d, e, t);
  return [
    [p[0], a, d, f],
    [f, e, c, p[3]],
  ];
}
