import { alongCubic, Point } from './labels';

/** One piece of an edge's path: a straight line, or a curve leaving and arriving level (horizontal tangents). */
export type Piece = { to: Point; curve: boolean };

/** A path as SVG and points along it (for its label's spots). */
export function pathOf(start: Point, pieces: Piece[]): { d: string; points: Point[] } {
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
export function reversed(start: Point, pieces: Piece[]): { start: Point; pieces: Piece[] } {
  const points = [start, ...pieces.map((p) => p.to)];
  const back: Piece[] = [];
  for (let i = pieces.length - 1; i >= 0; i--) back.push({ to: points[i], curve: pieces[i].curve });
  return { start: points[points.length - 1], pieces: back };
}
