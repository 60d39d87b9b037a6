import * as assert from 'node:assert/strict';
import type { DiagramModel, DiagramNode } from '../../src/core/diagram/diagramModel';
import { columnLayout } from '../../src/webview/page/layout/columns';
import { grow } from '../../src/webview/page/layout/grow';
import { ranksOf } from '../../src/webview/page/layout/columnRanks';
import { FoldState, visibleGraph } from '../../src/webview/page/foldModel';
import type { Layout, Rect } from '../../src/webview/page/layout/types';

/** The graph view's column layout (no DOM): ranks from the query, and edges that never cross a box. */
function node(file: string, name: string, input = false): DiagramNode {
  return { id: `${file}#${name}`, label: name, name, kind: 'function', group: 'function', file, offset: 1, limit: 1, input, cut: 0, more: { dependencies: 0, dependents: 0 } } as DiagramNode;
}

function model(nodes: DiagramNode[], edges: Array<[string, string]>): DiagramModel {
  const id = (name: string): string => nodes.find((n) => n.name === name)!.id;
  return {
    query: 'dependentsOf',
    title: 't',
    nodes,
    edges: edges.map(([from, to]) => ({ from: id(from), to: id(to), type: 'CALLS' as const, family: 'runtime' as const })),
    notes: [],
    mermaid: '',
  } as unknown as DiagramModel;
}

const all: FoldState = { depth: 9, grain: 0, opened: new Set(), revealed: new Set(), closedFiles: new Set(), closedDirs: new Set() };
const measure = (text: string): number => text.length * 7;

/** Points along a path of M, L and C commands (what columns.ts writes). */
function sample(d: string): Array<{ x: number; y: number }> {
  const out: Array<{ x: number; y: number }> = [];
  let at = { x: 0, y: 0 };
  for (const [, cmd, args] of d.matchAll(/([MLC])([^MLC]*)/g)) {
    const n = (args.match(/-?[\d.]+(?:e-?\d+)?/g) ?? []).map(Number);
    if (cmd === 'M') at = { x: n[0], y: n[1] };
    else if (cmd === 'L') {
      for (let t = 0; t <= 1; t += 0.02) out.push({ x: at.x + (n[0] - at.x) * t, y: at.y + (n[1] - at.y) * t });
      at = { x: n[0], y: n[1] };
    } else {
      const [c1x, c1y, c2x, c2y, x, y] = n;
      for (let t = 0; t <= 1; t += 0.02) {
        const u = 1 - t;
        out.push({ x: u * u * u * at.x + 3 * u * u * t * c1x + 3 * u * t * t * c2x + t * t * t * x, y: u * u * u * at.y + 3 * u * u * t * c1y + 3 * u * t * t * c2y + t * t * t * y });
      }
      at = { x, y };
    }
  }
  return out;
}

const within = (p: { x: number; y: number }, r: Rect): boolean => p.x > r.x + 1 && p.x < r.x + r.width - 1 && p.y > r.y + 1 && p.y < r.y + r.height - 1;
const holds = (outer: Rect, inner: Rect): boolean => inner.x >= outer.x && inner.x + inner.width <= outer.x + outer.width && inner.y >= outer.y && inner.y + inner.height <= outer.y + outer.height;

/** Edges (from → to) passing over a row or file box other than their own ends and the ends' boxes. */
function crossings(layout: Layout, edges: Array<{ id: string; from: string; to: string }>): string[] {
  const out: string[] = [];
  for (const e of edges) {
    const ends = [layout.items.get(e.from)!, layout.items.get(e.to)!];
    const others = [...[...layout.items].filter(([id]) => id !== e.from && id !== e.to).map(([id, r]) => [id, r] as const), ...[...layout.clusters].filter(([, c]) => !ends.some((r) => holds(c, r))).map(([id, c]) => [id, c] as const)];
    const hit = sample(layout.edges.get(e.id)!.d).flatMap((p) => others.filter(([, r]) => within(p, r)).map(([id]) => id));
    if (hit.length > 0) out.push(`${e.from} -> ${e.to} over ${hit[0]}`);
  }
  return out;
}

/** The x (to half a pixel) of each vertical run of a path. */
function verticals(d: string): Set<number> {
  const pts = sample(d);
  const out = new Set<number>();
  for (let i = 1; i < pts.length; i++) if (Math.abs(pts[i].x - pts[i - 1].x) < 0.01 && Math.abs(pts[i].y - pts[i - 1].y) > 0.5) out.add(Math.round(pts[i].x * 2) / 2);
  return out;
}

describe('graph view column layout', () => {
  it('ranks: what a symbol uses to its right, what uses it to its left; pathsBetween keeps its target on the right', () => {
    const nodes = [node('a.ts', 'caller'), node('b.ts', 'query', true), node('c.ts', 'callee'), node('d.ts', 'far')];
    const vis = visibleGraph(model(nodes, [['caller', 'query'], ['query', 'callee'], ['callee', 'far']]), all);
    const ranks = ranksOf(vis);
    assert.deepEqual(nodes.map((n) => ranks.get(n.id)), [-1, 0, 1, 2]);
    // pathsBetween: both ends are inputs; the target (reached from the source) is not a start.
    const path = [node('s.ts', 'source', true), node('m.ts', 'middle'), node('t.ts', 'target', true)];
    const ranked = ranksOf(visibleGraph(model(path, [['source', 'middle'], ['middle', 'target']]), all));
    assert.deepEqual(path.map((n) => ranked.get(n.id)), [0, 1, 2]);
  });

  it('an edge that skips columns or points back passes between boxes: no edge over a box but its ends', () => {
    // query uses a1..a4 (column +1), each uses b (column +2); skip uses b too, from column -1 (three columns on);
    // a4 uses the query back, b uses skip back (three columns back); a1 and a2 share a file; a1 calls a2 (inside one column).
    const nodes = [node('src/q.ts', 'query', true), node('src/x/a.ts', 'a1'), node('src/x/a.ts', 'a2'), node('src/x/c.ts', 'a3'), node('src/y/d.ts', 'a4'), node('src/z/b.ts', 'b'), node('src/w/s.ts', 'skip')];
    const edges: Array<[string, string]> = [['query', 'a1'], ['query', 'a2'], ['query', 'a3'], ['query', 'a4'], ['a1', 'b'], ['a2', 'b'], ['a3', 'b'], ['a4', 'b'], ['skip', 'query'], ['skip', 'b'], ['a1', 'a2'], ['a4', 'query'], ['b', 'skip']];
    const vis = visibleGraph(model(nodes, edges), all);
    const layout = columnLayout(vis, measure, new Map());
    assert.equal(layout.engine, 'columns');
    // Columns left to right: skip, query, the a's, b.
    const x = (name: string): number => layout.items.get(nodes.find((n) => n.name === name)!.id)!.x;
    assert.ok(x('skip') < x('query') && x('query') < x('a1') && x('a1') === x('a4') && x('a4') < x('b'));
    assert.deepEqual(crossings(layout, vis.edges), []);
    // Folder frames: x holds a.ts and c.ts in the a's column, with their count.
    const frames = [...layout.folders.values()];
    assert.deepEqual(frames.map((f) => [f.dir, f.count]), [['src/x', 3]]);
    const frame = frames[0];
    for (const file of ['src/x/a.ts', 'src/x/c.ts']) assert.ok(holds(frame, layout.clusters.get(`c:${file}`)!), `${file} in src/x's frame`);
    assert.ok(!holds(frame, layout.clusters.get('c:src/y/d.ts')!));
  });

  it('a folder frame holding only its one inner frame is drawn once, named by both', () => {
    // Column +1: src/cli/a.ts, src/cli/b.ts (and test/t.ts beside them, so src is a frame at all).
    const nodes = [node('q.ts', 'query', true), node('src/cli/a.ts', 'a'), node('src/cli/b.ts', 'b'), node('test/t.ts', 't'), node('src/core/c.ts', 'c'), node('src/core/d.ts', 'd')];
    const vis = visibleGraph(model(nodes, [['query', 'a'], ['query', 'b'], ['query', 't'], ['a', 'c'], ['b', 'd']]), all);
    const layout = columnLayout(vis, measure, new Map());
    const frames = [...layout.folders.values()].map((f) => [f.label, f.count]).sort();
    assert.deepEqual(frames, [['src/cli/', 2], ['src/core/', 2]]);
  });

  it('nothing to draw: an empty layout, no NaN', () => {
    const empty = columnLayout(visibleGraph(model([], []), all), measure, new Map());
    assert.deepEqual([empty.width, empty.height, empty.items.size, empty.edges.size], [0, 0, 0, 0]);
  });

  it('a rank too tall is cut into columns side by side, and the edges of the farther one pass the nearer one between its boxes', () => {
    const leaves = Array.from({ length: 12 }, (_, i) => node(`src/f${i}.ts`, `user${i}`));
    const nodes = [node('src/q.ts', 'query', true), ...leaves];
    const vis = visibleGraph(model(nodes, leaves.map((n) => [n.name, 'query'])), all);
    const one = columnLayout(vis, measure, new Map());
    const two = columnLayout(vis, measure, new Map(), true, 2);
    assert.equal(one.wrap, 1);
    assert.equal(two.wrap, 2);
    assert.ok(two.height < one.height * 0.6, `${two.height} < ${one.height} * 0.6`);
    assert.equal(new Set(leaves.map((n) => two.items.get(n.id)!.x)).size, 2, 'the users in two columns');
    assert.deepEqual(crossings(two, vis.edges), []);
  });

  it('edges into a busy node share one trunk in front of it (one vertical line, not a fan); a quiet node keeps its curves', () => {
    // Eight users of the query, each in a file of its own (one column on the left); one of them also uses `quiet`.
    const users = Array.from({ length: 8 }, (_, i) => node(`src/u${i}.ts`, `user${i}`));
    const nodes = [node('src/q.ts', 'query', true), ...users, node('src/v.ts', 'quiet')];
    const vis = visibleGraph(model(nodes, [...users.map((n): [string, string] => [n.name, 'query']), ['user0', 'quiet']]), all);
    const layout = columnLayout(vis, measure, new Map());
    const mid = (id: string): number => layout.items.get(id)!.y + layout.items.get(id)!.height / 2;
    const query = nodes[0].id;
    const into = vis.edges.filter((e) => e.to === query && Math.abs(mid(e.from) - mid(query)) > 2);
    assert.ok(into.length >= 6, `${into.length} edges into the query from other heights`);
    const shared = into.map((e) => verticals(layout.edges.get(e.id)!.d)).reduce((a, b) => new Set([...a].filter((x) => b.has(x))));
    assert.equal(shared.size, 1, 'every edge into the query runs along one vertical line');
    const trunk = [...shared][0];
    const box = layout.items.get(query)!;
    assert.ok(trunk < box.x && trunk > Math.max(...users.map((n) => layout.items.get(n.id)!.x + layout.items.get(n.id)!.width)), 'the trunk is in the gap in front of the query');
    const quiet = vis.edges.find((e) => e.to === nodes[nodes.length - 1].id)!;
    assert.equal(verticals(layout.edges.get(quiet.id)!.d).size, 0, 'an edge into a quiet node stays a curve');
    assert.deepEqual(crossings(layout, vis.edges), []);
  });

  it('a step that opens a box grows the picture: the new edges into a busy node share a trunk too, and nothing drawn moves', () => {
    // Six users of the query in src/a, folded into one box at first; then opened.
    const users = Array.from({ length: 6 }, (_, i) => node(`src/a/u${i}.ts`, `user${i}`));
    const nodes = [node('src/q.ts', 'query', true), ...users, node('src/b/other.ts', 'other')];
    const m = model(nodes, [...users.map((n): [string, string] => [n.name, 'query']), ['other', 'query']]);
    const folded = visibleGraph(m, { ...all, closedDirs: new Set(['src/a']) });
    assert.ok(folded.items.some((i) => i.kind === 'bundle'), 'folded into a box at first');
    const first = columnLayout(folded, measure, new Map());
    const opened = visibleGraph(m, { ...all, opened: new Set(['dir:src/a']) });
    const grown = grow(folded, first, opened, measure, new Map());
    const query = nodes[0].id;
    assert.deepEqual(grown.items.get(query), first.items.get(query), 'the query keeps its place');
    const mid = (id: string): number => grown.items.get(id)!.y + grown.items.get(id)!.height / 2;
    const into = opened.edges.filter((e) => e.to === query && users.some((u) => u.id === e.from) && Math.abs(mid(e.from) - mid(query)) > 2);
    assert.ok(into.length >= 4, `${into.length} new edges into the query from other heights`);
    const shared = into.map((e) => verticals(grown.edges.get(e.id)!.d)).reduce((a, b) => new Set([...a].filter((x) => b.has(x))));
    assert.equal(shared.size, 1, 'every new edge into the query runs along one vertical line');
    assert.ok([...shared][0] < grown.items.get(query)!.x, 'in front of the query');
    assert.deepEqual(crossings(grown, opened.edges), []);
  });

  it('a step that opens a box: new edges within one column into a busy node share a trunk right of the column, not nested arcs', () => {
    // Six users of the query in src/a, folded at first; each also calls `helper`, a user of the query in the same column.
    const users = Array.from({ length: 6 }, (_, i) => node(`src/a/u${i}.ts`, `user${i}`));
    const helper = node('src/h.ts', 'helper');
    const nodes = [node('src/q.ts', 'query', true), ...users, helper];
    const m = model(nodes, [...users.map((n): [string, string] => [n.name, 'query']), ...users.map((n): [string, string] => [n.name, 'helper']), ['helper', 'query']]);
    const folded = visibleGraph(m, { ...all, closedDirs: new Set(['src/a']) });
    const first = columnLayout(folded, measure, new Map());
    const opened = visibleGraph(m, { ...all, opened: new Set(['dir:src/a']) });
    const grown = grow(folded, first, opened, measure, new Map());
    const h = grown.items.get(helper.id)!;
    const mid = (r: Rect): number => r.y + r.height / 2;
    const inColumn = opened.edges.filter((e) => e.to === helper.id).filter((e) => {
      const u = grown.items.get(e.from)!;
      return u.x < h.x + h.width && h.x < u.x + u.width && Math.abs(mid(u) - mid(h)) > 2;
    });
    assert.ok(inColumn.length >= 4, `${inColumn.length} new edges into helper from its own column`);
    const shared = inColumn.map((e) => verticals(grown.edges.get(e.id)!.d)).reduce((a, b) => new Set([...a].filter((x) => b.has(x))));
    assert.equal(shared.size, 1, 'every such edge runs along one vertical line');
    const column = [...grown.items.values(), ...grown.clusters.values()].filter((r) => r.x < h.x + h.width && h.x < r.x + r.width);
    assert.ok([...shared][0] > Math.max(...column.map((r) => r.x + r.width)), 'the trunk is right of the column');
    assert.deepEqual(crossings(grown, opened.edges), []);
  });
});
