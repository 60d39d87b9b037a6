import { alongCubic, Point } from './labels';

/**
 * One piece of an edge's path: a straight line, a curve leaving and arriving level (horizontal
 * tangents), or (`bus`) a trunk: level to the vertical line x = bus, along it, and level on to the
 * end. Edges into (or out of) one busy node share that vertical line: one trunk, not a fan.
 */
export type Piece = { to: Point; curve: boolean; bus?: number };

/** A trunk's corners: quarter circles of this radius (smaller where the trunk is short). */
const CORNER = 8;
/** A quarter circle as a cubic curve: its control points this far along the tangents. */
const KAPPA = 0.55;

/** A path as SVG and points along it (for its label's spots). */
export function pathOf(start: Point, pieces: Piece[]): { d: string; points: Point[] } {
  let d = `M${start.x},${start.y}`;
  const points = [start];
  let at = start;
  for (const p of pieces) {
    if (p.bus !== undefined) {
      const bus = busOf(at, p.to, p.bus);
      d += bus.d;
      points.push(...bus.points);
    } else if (!p.curve) {
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

/** From `a` level to x = `x`, along it to `b`'s height, and level to `b`; rounded corners. */
function busOf(a: Point, b: Point, x: number): { d: string; points: Point[] } {
  const dy = b.y - a.y;
  if (Math.abs(dy) < 0.5) return { d: ` L${b.x},${b.y}`, points: [b] };
  const s = Math.sign(dy);
  const inX = Math.sign(x - a.x) || 1;
  const outX = Math.sign(b.x - x) || 1;
  const r = Math.min(CORNER, Math.abs(dy) / 2, Math.abs(x - a.x), Math.abs(b.x - x));
  const k = r * KAPPA;
  const p1 = { x: x - inX * r, y: a.y };
  const p2 = { x, y: a.y + s * r };
  const p3 = { x, y: b.y - s * r };
  const p4 = { x: x + outX * r, y: b.y };
  const d =
    ` L${p1.x},${p1.y}` +
    ` C${p1.x + inX * k},${p1.y} ${p2.x},${p2.y - s * k} ${p2.x},${p2.y}` +
    ` L${p3.x},${p3.y}` +
    ` C${p3.x},${p3.y + s * k} ${p4.x - outX * k},${p4.y} ${p4.x},${p4.y}` +
    ` L${b.x},${b.y}`;
  return { d, points: [p1, p2, p3, p4, b] };
}

/** The same path walked the other way. */
export function reversed(start: Point, pieces: Piece[]): { start: Point; pieces: Piece[] } {
  const points = [start, ...pieces.map((p) => p.to)];
  const back: Piece[] = [];
  for (let i = pieces.length - 1; i >= 0; i--) back.push({ ...pieces[i], to: points[i] });
  return { start: points[points.length - 1], pieces: back };
}
