import * as assert from 'node:assert/strict';
import { GraphEdge, GraphNode } from '../graph/GraphTypes';
import { GraphResult } from '../query/QueryResult';
import { discoveredCount, trimResult } from './trimResult';

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
      cut: { tests: { nodes: 0, files: 0 }, folders: [{ folder: 'src', nodes: 2 }], otherFolders: { folders: 0, nodes: 0 } },
      cutFiles: [{ file: 'src/a.ts', nodes: 2 }],
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
    assert.deepEqual(trimmed.truncation?.cutFiles, [{ file: 'src/a.ts', nodes: 2 }]);
  });

  it("adds what it leaves out to the query's cut: files counted once, cut neighbours summed, next queries recomputed", () => {
    const [t1, t2] = ['t1', 't2'].map((id) => ({ ...node(id), file: 'test/x.test.ts' }));
    const cutByQuery: GraphResult = {
      kind: 'graph',
      query: 'dependentsOf',
      inputs: ['I'],
      nodes: [I, a, t1, t2],
      edges: [edge(a, I), edge(t1, I), edge(t2, a)],
      truncation: {
        shownNodes: 3,
        totalNodes: 6,
        cut: { tests: { nodes: 2, files: 1 }, folders: [{ folder: 'src/cli', nodes: 1 }], otherFolders: { folders: 0, nodes: 0 } },
        cutFiles: [{ file: 'test/x.test.ts', nodes: 2 }, { file: 'src/cli/c.ts', nodes: 1 }],
        cutAt: { I: 2, a: 1 },
        queryNext: [{ name: 'a', file: 'src/a.ts', cut: 1 }],
      },
    };
    assert.deepEqual(plain(trimResult(cutByQuery, 1).truncation), {
      shownNodes: 1,
      totalNodes: 6,
      cut: { tests: { nodes: 4, files: 1 }, folders: [{ folder: 'src/cli', nodes: 1 }], otherFolders: { folders: 0, nodes: 0 } },
      cutFiles: [{ file: 'test/x.test.ts', nodes: 4 }, { file: 'src/cli/c.ts', nodes: 1 }],
      cutAt: { I: 3, a: 2 },
      queryNext: [{ name: 'a', file: 'src/a.ts', cut: 2 }],
    });
  });

  it('only counts when it cannot say exactly where the rest are (a cut without files, pathsBetween)', () => {
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

/** A truncation with its null-prototype cutAt as a plain object, for deepEqual. */
function plain(t: GraphResult['truncation']): object | undefined {
  return t && { ...t, ...(t.cutAt ? { cutAt: { ...t.cutAt } } : {}) };
}

function node(id: string): GraphNode {
  return { id, name: id, kind: 'function', file: 'src/a.ts', offset: 1, limit: 1 };
}

function edge(from: GraphNode, to: GraphNode): GraphEdge {
  return { from: from.id, to: to.id, type: 'CALLS' };
}
