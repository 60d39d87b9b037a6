import type { DiagramEdge, DiagramModel, DiagramNode } from '../../core/diagram/DiagramTypes';
import type { Direction } from '../../core/diagram/neighbours';
import type { Drawing } from './drawDiagram';
import { presentNodes, VisibleGraph } from './foldModel';
import type { Badges, Layout } from './layout/types';
import type { PageState } from './state';

/** What is drawn now, derived from the state: the visible graph, its layout, the badges, and the DOM drawn for it. */
export interface Frame {
  vis: VisibleGraph;
  layout: Layout;
  badges: Badges;
  /** The picture's Picture.floor: how much smaller than readable it may be shown whole. */
  floor: number;
  drawing?: Drawing;
}

/** The model's nodes and edges the page can draw now (revealed reserve in, hidden edge types and kinds out). */
function present(s: PageState): { nodes: DiagramNode[]; edges: DiagramEdge[] } {
  const p = presentNodes(s.model!, s.fold.revealed);
  const nodes = p.nodes.filter((n) => n.input || !s.hiddenGroups.has(n.group));
  const kept = new Set(nodes.map((n) => n.id));
  return { nodes, edges: p.edges.filter((e) => !s.hiddenTypes.has(e.type) && kept.has(e.from) && kept.has(e.to)) };
}

/** The model the fold works on: hiding an edge type hides what only it connected (nodes no longer reached from the inputs go). */
export function modelForFold(s: PageState): DiagramModel {
  const p = present(s);
  const reach = s.hiddenTypes.size === 0 && s.hiddenGroups.size === 0 ? undefined : reachable(p.nodes, p.edges);
  return { ...s.model!, nodes: reach ? p.nodes.filter((n) => reach.has(n.id)) : p.nodes, edges: p.edges, reserve: undefined };
}

function reachable(nodes: readonly DiagramNode[], edges: readonly DiagramEdge[]): Set<string> {
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
export function computeBadges(s: PageState, nodes: readonly DiagramNode[]): Badges {
  const have = new Set(presentNodes(s.model!, s.fold.revealed).nodes.map((n) => n.id));
  const out: Badges = new Map();
  for (const n of nodes) {
    const count = (d: Direction): number => (n.next ? n.next[d].filter((id) => !have.has(id)).length : n.more?.[d] ?? 0);
    const b = { dependencies: count('dependencies'), dependents: count('dependents') };
    if (b.dependencies || b.dependents) out.set(n.id, b);
  }
  return out;
}
