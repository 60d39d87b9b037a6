import * as assert from 'node:assert/strict';
import { GraphEdge, GraphNode } from '../../src/core/graph/GraphTypes';
import { GraphResult, ListedNode } from '../../src/core/query/QueryResult';
import { discoveredCount, trimResult } from '../../src/core/format/trimResult';

describe(trimResult.name, () => {
  // input I; BFS order I, a, b, c, d; d hangs off c, b off I.
  const [I, a, b, c, d] = ['I', 'a', 'b', 'c', 'd'].map(node);
  const edges = [edge(I, a), edge(I, b), edge(a, c), edge(c, d), edge(d, I)];
  const full: GraphResult = { kind: 'graph', query: 'dependenciesOf', inputs: ['I'], nodes: [I, a, b, c, d], edges };

  it('keeps the inputs and the first K discovered nodes, with the edges between them', () => {
    const trimmed = trimResult(full, 2);
    assert.deepEqual(trimmed.nodes.map((n) => n.id), ['I', 'a', 'b']);
    assert.deepEqual(trimmed.edges, [edge(I, a), edge(I, b)]);
    // Where the 2 left out are, and which shown node leads to them (c hangs off a; d off the input).
    assert.deepEqual(plain(trimmed.truncation), {
      shownNodes: 2,
      totalNodes: 4,
      more: [listedAs(c), listedAs(d)],
      cutAt: { I: 1, a: 1 },
      queryNext: [{ name: 'a', file: 'src/a.ts', cut: 1 }],
    });
    assert.equal(trimmed.query, 'dependenciesOf');
    assert.deepEqual(trimmed.inputs, ['I']);
  });

  it('drops a kept node left without edges, and counts only what remains as shown', () => {
    const star: GraphResult = { ...full, nodes: [I, a, d, c], edges: [edge(I, a), edge(c, d)] };
    const trimmed = trimResult(star, 2);
    assert.deepEqual(trimmed.nodes.map((n) => n.id), ['I', 'a']);
    assert.equal(trimmed.truncation?.shownNodes, 1);
    assert.equal(trimmed.truncation?.totalNodes, 3);
    assert.deepEqual(trimmed.truncation?.more, [listedAs(d), listedAs(c)]);
  });

  it("puts what it leaves out before the query's cut, sums cut neighbours, and recomputes the next queries by their askable names", () => {
    const [t1, t2] = ['t1', 't2'].map((id) => ({ ...node(id), file: 'test/x.test.ts' }));
    const cli = { id: 'c', name: 'c', kind: 'function' as const, file: 'src/cli/c.ts', line: 3 };
    const cutByQuery: GraphResult = {
      kind: 'graph',
      query: 'dependentsOf',
      inputs: ['I'],
      nodes: [I, a, t1, t2],
      edges: [edge(a, I), edge(t1, I), edge(t2, a)],
      truncation: {
        shownNodes: 3,
        totalNodes: 4,
        more: [cli],
        cutAt: { I: 2, a: 1 },
        askAs: { a: 'static a', t1: 'instance t1' },
        queryNext: [{ name: 'static a', file: 'src/a.ts', cut: 1 }],
      },
    };
    assert.deepEqual(plain(trimResult(cutByQuery, 1).truncation), {
      shownNodes: 1,
      totalNodes: 4,
      more: [listedAs(t1), listedAs(t2), cli],
      cutAt: { I: 3, a: 2 },
      askAs: { a: 'static a' },
      queryNext: [{ name: 'static a', file: 'src/a.ts', cut: 2 }],
    });
  });

  it('only counts when it cannot list exactly what is left out (a cut without its list, pathsBetween)', () => {
    const counted: GraphResult = { ...full, truncation: { shownNodes: 4, totalNodes: 9 } };
    assert.deepEqual(trimResult(counted, 2).truncation, { shownNodes: 2, totalNodes: 9 });
    assert.deepEqual(trimResult({ ...full, query: 'pathsBetween' }, 2).truncation, { shownNodes: 2, totalNodes: 4 });
  });

  it("keeps the traversal's total and stoppedEarly when the result was already truncated", () => {
    const truncated: GraphResult = { ...full, truncation: { shownNodes: 4, totalNodes: 5000, stoppedEarly: true } };
    assert.deepEqual(trimResult(truncated, 1).truncation, { shownNodes: 1, totalNodes: 5000, stoppedEarly: true });
    assert.deepEqual(trimResult(truncated, 4).truncation, { shownNodes: 4, totalNodes: 5000, stoppedEarly: true });
  });

  it('gives back the same result, without a truncation, when nothing is cut', () => {
    assert.deepEqual(trimResult(full, 4), full);
    assert.deepEqual(trimResult(full, 99), full);
    assert.ok(!('truncation' in trimResult(full, 4)));
  });

  it('can leave no edge at all (callers that render must check)', () => {
    const trimmed = trimResult({ ...full, edges: [edge(a, b)] }, 1);
    assert.deepEqual(trimmed.edges, []);
    assert.deepEqual(trimmed.nodes, []);
  });

  it('counts a duplicated node id once', () => {
    const dup: GraphResult = { ...full, nodes: [I, a, a, b, c, d] };
    assert.equal(discoveredCount(dup), 4);
    assert.deepEqual(trimResult(dup, 2).nodes.map((n) => n.id), ['I', 'a', 'b']);
  });
});

/** A truncation with its null-prototype cutAt and askAs as plain objects, for deepEqual. */
function plain(t: GraphResult['truncation']): object | undefined {
  return t && { ...t, ...(t.cutAt ? { cutAt: { ...t.cutAt } } : {}), ...(t.askAs ? { askAs: { ...t.askAs } } : {}) };
}

function node(id: string): GraphNode {
  return { id, name: id, kind: 'function', file: 'src/a.ts', offset: 1, limit: 1 };
}

function listedAs(n: GraphNode): ListedNode {
  return { id: n.id, name: n.name, kind: n.kind, file: n.file, line: n.offset };
}

function edge(from: GraphNode, to: GraphNode): GraphEdge {
  return { from: from.id, to: to.id, type: 'CALLS' };
}
