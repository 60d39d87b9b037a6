import type { Drawing } from './drawDiagram';

/**
 * An opening, animated: what a step added grows out of where it came from (the box opened, or the
 * node whose badge was pressed) into its place, and its edges and file boxes fade in. Nothing drawn
 * before moves (render.ts keeps it on the same spot of the screen); only the new things animate, and
 * with `prefers-reduced-motion: reduce` nothing does. Web Animations only (no state, no timers): a
 * redraw while one runs replaces the elements and the animation with them.
 */

/** How long a new node takes to grow into its place (ms); its edges and boxes fade in as long, a little later. */
export const GROW_MS = 200;
const EDGE_DELAY_MS = 60;
/** A new node starts at this fraction of its size, on the spot it came from. */
const START_SCALE = 0.3;

/** What was drawn before a redraw: each node's and box's rectangle on the screen, each edge's ends, each file or folder box. */
export interface Before {
  rects: Map<string, DOMRect>;
  edges: Set<string>;
  frames: Set<string>;
}

const pairOf = (g: Element): string => `${g.getAttribute('data-from')}\u0000${g.getAttribute('data-to')}`;

/** Reads what is drawn now (before it is replaced). */
export function beforeRedraw(svg: SVGSVGElement): Before {
  const rects = new Map<string, DOMRect>();
  for (const g of svg.querySelectorAll<SVGGElement>('g.node')) rects.set(g.dataset.id ?? '', g.getBoundingClientRect());
  const edges = new Set([...svg.querySelectorAll('g.edge')].map(pairOf));
  const frames = new Set([...svg.querySelectorAll<SVGGElement>('g.cluster, g.folder')].map((g) => g.dataset.id ?? ''));
  return { rects, edges, frames };
}

export function reducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Plans the animation of what `drawing` has that `before` had not: each new node from the nearest
 * of the things gone with the step (the box opened) and the drawn neighbours it is joined to (the
 * node whose badge was pressed); with neither, it fades in where it is. Planned while what was drawn
 * is still where it was on the screen (before any pan); started by the returned function once the
 * render has panned, centred and focused (they read the new nodes' places, which an animation's
 * first frame would move). The start returns how many things animate.
 */
export function growIn(drawing: Drawing, before: Before): () => number {
  const none = (): number => 0;
  if (reducedMotion() || typeof Element.prototype.animate !== 'function') return none;
  const added = [...drawing.nodes].filter(([id]) => !before.rects.has(id));
  if (added.length === 0) return none;
  const plan: Array<[Element, Keyframe[], KeyframeAnimationOptions]> = [];
  const gone = [...before.rects.keys()].filter((id) => !drawing.nodes.has(id));
  const neighbours = new Map<string, string[]>();
  const edges = [...drawing.viewport.querySelectorAll<SVGGElement>('g.edge')];
  for (const e of edges) {
    const [from, to] = [e.dataset.from ?? '', e.dataset.to ?? ''];
    (neighbours.get(from) ?? neighbours.set(from, []).get(from)!).push(to);
    (neighbours.get(to) ?? neighbours.set(to, []).get(to)!).push(from);
  }
  for (const [id, g] of added) {
    const at = g.getBoundingClientRect();
    const centre = { x: at.left + at.width / 2, y: at.top + at.height / 2 };
    const sources = [...gone, ...(neighbours.get(id) ?? []).filter((n) => before.rects.has(n) && drawing.nodes.has(n))];
    let origin: DOMRect | undefined;
    let best = Infinity;
    for (const s of sources) {
      const r = before.rects.get(s)!;
      const d = Math.hypot(r.left + r.width / 2 - centre.x, r.top + r.height / 2 - centre.y);
      if (d < best) [best, origin] = [d, r];
    }
    const place = /translate\(\s*(-?[\d.e-]+)[ ,]+(-?[\d.e-]+)\s*\)/.exec(g.getAttribute('transform') ?? '');
    const ctm = (g.parentNode as SVGGElement | null)?.getScreenCTM();
    const end = place ? { x: Number(place[1]), y: Number(place[2]) } : { x: 0, y: 0 };
    const keyframes: Keyframe[] = [{ opacity: 0 }, { opacity: 1 }];
    if (origin && place && ctm) {
      // The spot it comes from, in its layer's units: its shape's centre, at START_SCALE, on the source's centre.
      const from = new DOMPoint(origin.left + origin.width / 2, origin.top + origin.height / 2).matrixTransform(ctm.inverse());
      const box = (g.querySelector<SVGGraphicsElement>('.shape') ?? g).getBBox();
      const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];
      keyframes[0].transform = `translate(${from.x - START_SCALE * cx}px, ${from.y - START_SCALE * cy}px) scale(${START_SCALE})`;
      keyframes[1].transform = `translate(${end.x}px, ${end.y}px) scale(1)`;
    }
    plan.push([g, keyframes, { duration: GROW_MS, easing: 'ease-out' }]);
  }
  const fade: KeyframeAnimationOptions = { duration: GROW_MS, delay: EDGE_DELAY_MS, easing: 'ease-out', fill: 'backwards' };
  for (const e of edges) {
    if (before.edges.has(pairOf(e))) continue;
    plan.push([e, [{ opacity: 0 }, { opacity: 1 }], fade]);
  }
  for (const f of drawing.viewport.querySelectorAll<SVGGElement>('g.cluster, g.folder')) {
    if (before.frames.has(f.dataset.id ?? '')) continue;
    plan.push([f, [{ opacity: 0 }, { opacity: 1 }], fade]);
  }
  return () => {
    // A redraw since (another step at once) replaced these elements: nothing of theirs to animate.
    const live = plan.filter(([el]) => el.isConnected);
    for (const [el, keyframes, options] of live) el.animate(keyframes, options);
    return live.length;
  };
}
