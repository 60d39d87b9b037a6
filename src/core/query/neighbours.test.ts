import * as assert from 'node:assert/strict';
import { dependenciesOf } from './dependencies-of/dependenciesOf';
import { dependentsOf } from './dependents-of/dependentsOf';
import { firstLevel, neighbourhood } from './neighbours';
import { GraphResult } from './QueryResult';
import { TestGraph } from './test-support/TestGraph';
import { shapesFixture } from './test-support/shapesFixture';

describe('neighbours', () => {
  it("a node's first level is the first level of a query from it, both ways (dispatch included)", () => {
    const { ctx } = shapesFixture();
    for (const n of ctx.graph.allNodes()) {
      if (n.external) continue;
      for (const [direction, query] of [
        ['dependencies', dependenciesOf],
        ['dependents', dependentsOf],
      ] as const) {
        const result = query(ctx, n.file, `${n.name}:${n.offset}`);
        const level = [...firstLevel(ctx.graph, n.id, direction).keys()].sort();
        if (result.kind === 'message') {
          assert.deepEqual(level, [], `${direction} of ${n.id}`);
          continue;
        }
        // The query's BFS: nodes one edge from the input in its answer (the answer is small: nothing cut).
        const r = result as GraphResult;
        assert.equal(r.truncation, undefined);
        const first = new Set<string>();
        for (const e of r.edges) {
          if (e.from === n.id && e.to !== n.id) first.add(e.to);
          if (e.to === n.id && e.from !== n.id) first.add(e.from);
        }
        // An edge between the input and a node reached deeper is in the answer too: compare with the walk's own first level.
        for (const id of level) assert.ok(first.has(id), `${direction} of ${n.id}: ${id} is one step away in the query's answer`);
      }
    }
  });

  it('opens exactly the missing neighbours, walks on through drawn ones, and pages a big level', () => {
    const g = new TestGraph();
    const a = g.node('src/a.ts', 'a', 'function');
    const b = g.node('src/a.ts', 'b', 'function');
    const c = g.node('src/a.ts', 'c', 'function');
    const d = g.node('src/d.ts', 'd', 'function');
    g.edge(a, 'CALLS', b).edge(a, 'CALLS', c).edge(b, 'CALLS', d);
    const graph = g.context().graph;
    const one = neighbourhood(graph, a, 'dependencies', 1, 50, new Set([a, b]));
    assert.deepEqual(one.nodes.map((n) => n.name), ['c']);
    assert.equal(one.left, 0);
    const two = neighbourhood(graph, a, 'dependencies', 2, 50, new Set([a, b]));
    assert.deepEqual(two.nodes.map((n) => n.name), ['c', 'd'], 'd is reached through b, which was drawn already');
    const paged = neighbourhood(graph, a, 'dependencies', 1, 1, new Set([a]));
    assert.deepEqual(paged.nodes.map((n) => n.name), ['b']);
    assert.equal(paged.left, 1, 'c is left for the next page');
    assert.deepEqual(neighbourhood(graph, d, 'dependents', 1, 50).nodes.map((n) => n.name), ['b']);
  });
});
