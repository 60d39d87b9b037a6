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
    assert.deepEqual(trimmed.truncation, { shownNodes: 2, totalNodes: 4 });
    assert.equal(trimmed.query, 'dependenciesOf');
    assert.deepEqual(trimmed.inputs, ['I']);
  });

  it('drops a kept node left without edges, and counts only what remains as shown', () => {
    const star: GraphResult = { ...full, nodes: [I, a, d, c], edges: [edge(I, a), edge(c, d)] };
    const trimmed = trimResult(star, 2);
    assert.deepEqual(trimmed.nodes.map((n) => n.id), ['I', 'a']);
    assert.deepEqual(trimmed.truncation, { shownNodes: 1, totalNodes: 3 });
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

function node(id: string): GraphNode {
  return { id, name: id, kind: 'function', file: 'src/a.ts', offset: 1, limit: 1 };
}

function edge(from: GraphNode, to: GraphNode): GraphEdge {
  return { from: from.id, to: to.id, type: 'CALLS' };
}
