import * as assert from 'node:assert/strict';
import type { DiagramModel, DiagramNode } from '../../src/core/diagram/diagramModel';
import { clipAtHeads } from '../../src/webview/page/layout/clip';
import { edgeFans } from '../../src/webview/page/layout/labels';
import { FoldState, visibleGraph } from '../../src/webview/page/foldModel';
import type { Rect } from '../../src/webview/page/layout/types';

/** Edge labels and lines of the graph view (no DOM): one label per fan, no line over a name. */
function node(file: string, name: string, input = false): DiagramNode {
  return { id: `${file}#${name}`, label: name, name, kind: 'function', group: 'function', file, offset: 1, limit: 1, input, cut: 0, more: { dependencies: 0, dependents: 0 } } as DiagramNode;
}

function model(nodes: DiagramNode[], edges: Array<[string, string, string]>): DiagramModel {
  const id = (name: string): string => nodes.find((n) => n.name === name)!.id;
  return { query: 'dependenciesOf', title: 't', nodes, edges: edges.map(([from, type, to]) => ({ from: id(from), to: id(to), type, family: 'type' })), notes: [], mermaid: '' } as unknown as DiagramModel;
}

const all: FoldState = { depth: 9, grain: 0, opened: new Set(), revealed: new Set(), closedFiles: new Set(), closedDirs: new Set() };

/** Points along a path of M, L, Q and C commands, every `step` of each piece (M starts a new run). */
function sample(d: string, step = 0.02): Array<{ x: number; y: number }> {
  const out: Array<{ x: number; y: number }> = [];
  let at = { x: 0, y: 0 };
  for (const [, cmd, args] of d.matchAll(/([MLQC])([^MLQC]*)/g)) {
    const n = (args.match(/-?[\d.]+(?:e-?\d+)?/g) ?? []).map(Number);
    const p = [at, ...Array.from({ length: n.length / 2 }, (_, i) => ({ x: n[2 * i], y: n[2 * i + 1] }))];
    for (let t = 0; t <= 1 + 1e-9 && cmd !== 'M'; t += step) {
      const u = 1 - t;
      if (cmd === 'L') out.push({ x: at.x + (p[1].x - at.x) * t, y: at.y + (p[1].y - at.y) * t });
      else if (cmd === 'Q') out.push({ x: u * u * at.x + 2 * u * t * p[1].x + t * t * p[2].x, y: u * u * at.y + 2 * u * t * p[1].y + t * t * p[2].y });
      else out.push({ x: u * u * u * at.x + 3 * u * u * t * p[1].x + 3 * u * t * t * p[2].x + t * t * t * p[3].x, y: u * u * u * at.y + 3 * u * u * t * p[1].y + 3 * u * t * t * p[2].y + t * t * t * p[3].y });
    }
    at = p[p.length - 1];
  }
  return out;
}

const inside = (p: { x: number; y: number }, r: Rect): boolean => p.x > r.x && p.x < r.x + r.width && p.y > r.y && p.y < r.y + r.height;

describe('graph view edge labels and lines', () => {
  it('a fan of same-type edges out of one node into one column says its type once; into two columns, once per column; parallel edges are one bundle', () => {
    const nodes = [node('a.ts', 'Order', true), ...[1, 2, 3, 4, 5].map((i) => node(`p${i}.ts`, `P${i}`)), node('q.ts', 'Q')];
    const m = model(nodes, [...[1, 2, 3, 4, 5].map((i): [string, string, string] => ['Order', 'HAS_PROPERTY', `P${i}`]), ['Order', 'HAS_PROPERTY', 'Q'], ['Order', 'TAKES', 'Q']]);
    const vis = visibleGraph(m, all);
    const shown = (column?: Map<string, number>): string[] => [...edgeFans(vis, column).texts.values()].filter((t) => t !== '').sort();
    // P1..P5 and Q in one column: one HAS_PROPERTY label for the fan, one for the Q bundle (HAS_PROPERTY and TAKES).
    const one = new Map(vis.items.map((i) => [i.id, i.id.includes('#Order') ? 0 : 1]));
    assert.deepEqual(shown(one), ['HAS_PROPERTY', 'HAS_PROPERTY · TAKES']);
    // P4 and P5 a column farther: their own label.
    const two = new Map(vis.items.map((i) => [i.id, i.id.includes('#Order') ? 0 : /#P[45]/.test(i.id) ? 2 : 1]));
    assert.deepEqual(shown(two), ['HAS_PROPERTY', 'HAS_PROPERTY', 'HAS_PROPERTY · TAKES']);
    // The labelled edge of a fan leaving Order is placed toward Order (the end its edges share).
    const fans = edgeFans(vis, one);
    const carrier = [...fans.texts].find(([, t]) => t === 'HAS_PROPERTY')![0];
    assert.equal(fans.shared.get(carrier), 'from');
  });

  it('a line is cut where it crosses a name, and stays where it was elsewhere; a path clear of names is unchanged', () => {
    const head: Rect = { x: 100, y: 40, width: 80, height: 18 };
    for (const d of ['M0,49 L300,49', 'M0,0 C150,0 150,100 300,100', 'M140,0 Q140,50 200,50 L300,50']) {
      const cut = clipAtHeads(d, [head]);
      assert.notEqual(cut, d, `${d} crosses the name`);
      const before = sample(d, 0.001);
      const after = sample(cut);
      assert.deepEqual(after.filter((p) => inside(p, head)), [], `${cut} still over the name`);
      // Every point kept lies on the old line (within a pixel), and the line still starts and ends where it did.
      for (const p of after) assert.ok(before.some((q) => Math.hypot(p.x - q.x, p.y - q.y) < 1), `${JSON.stringify(p)} off the old line`);
      assert.deepEqual([after[0], after[after.length - 1]].map((p) => [Math.round(p.x), Math.round(p.y)]), [before[0], before[before.length - 1]].map((p) => [Math.round(p.x), Math.round(p.y)]));
    }
    assert.equal(clipAtHeads('M0,0 C150,0 150,30 300,30', [head]), 'M0,0 C150,0 150,30 300,30');
  });
});
