import type { VisibleGraph } from '../foldModel';

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
