import * as assert from 'node:assert/strict';
import { dependenciesOf } from '../../src/core/query/dependencies-of/dependenciesOf';
import { dependentsOf } from '../../src/core/query/dependents-of/dependentsOf';
import { firstLevel, neighbourhood } from '../../src/core/diagram/neighbours';
import { GraphResult } from '../../src/core/query/QueryResult';
import { TestGraph } from '../support/TestGraph';
import { backwardSteps, forwardSteps } from '../../src/core/query/traversal/stepPolicy';
import { traverse } from '../../src/core/query/traversal/traverse';
import { shapesFixture } from '../support/shapesFixture';

describe('neighbours', () => {
  it("a node's first level is exactly the first level of a query from it, both ways (dispatch included)", () => {
    const { ctx } = shapesFixture();
    let compared = 0;
    let dispatched = 0;
    for (const n of ctx.graph.allNodes()) {
      if (n.external) continue;
      for (const [direction, query, step] of [
        ['dependencies', dependenciesOf, forwardSteps],
        ['dependents', dependentsOf, backwardSteps],
      ] as const) {
        const result = query(ctx, n.file, `${n.name}:${n.offset}`);
        const level = [...firstLevel(ctx.graph, n.id, direction).keys()].sort();
        if (result.kind === 'message') {
          assert.deepEqual(level, [], `${direction} of ${n.id}`);
          continue;
        }
        // The query's own walk: the nodes it first reached at depth 1.
        const walk = traverse(ctx.graph, n.id, step);
        const queried = walk.order.filter((_, i) => walk.depth[i] === 1).sort();
        assert.deepEqual(level, queried, `${direction} of ${n.id}`);
        // …and each is one edge from the input in the answer (the answer is small: nothing cut).
        const r = result as GraphResult;
        assert.equal(r.truncation, undefined);
        const adjacent = new Set(r.edges.flatMap((e) => (e.from === n.id ? [e.to] : e.to === n.id ? [e.from] : [])));
        for (const id of level) assert.ok(adjacent.has(id), `${direction} of ${n.id}: ${id} is one step away in the query's answer`);
        compared += level.length;
        // Dependents reached up through a dispatch edge (Circle.area --IMPLEMENTS--> Shape.area: callers of Shape.area).
        if (direction === 'dependents') dispatched += [...firstLevel(ctx.graph, n.id, direction).values()].flat().filter((e) => e.from === n.id).length;
      }
    }
    assert.ok(compared > 20, `first levels compared: ${compared} nodes`);
    assert.ok(dispatched > 0, 'some first level steps up a dispatch edge');
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
