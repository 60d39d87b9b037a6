import * as assert from 'node:assert/strict';
import { EdgeType, GraphEdge, GraphNode } from '../../src/core/graph/GraphTypes';
import { formatGraphLines } from '../../src/core/format/formatGraphLines';

describe(formatGraphLines.name, () => {
  it('follows the nearest target first (result order), not the edge order', () => {
    assert.deepEqual(lines('A B C', 'A>C A>B'), ['A --CALLS--> B', 'A --CALLS--> C']);
  });

  it('backtracks from the far end: a deeper branch point comes before a shallower one', () => {
    assert.deepEqual(lines('A B E C D', 'A>B B>C B>D A>E'), ['A --CALLS--> B --CALLS--> C', 'B --CALLS--> D', 'A --CALLS--> E']);
  });

  it('ends a chain at a merge point whose edges are already printed', () => {
    assert.deepEqual(lines('H P F T', 'H>F P>F F>T'), ['H --CALLS--> F --CALLS--> T', 'P --CALLS--> F']);
  });

  it('starts from roots first, even when a cycle member comes earlier in the result', () => {
    assert.deepEqual(lines('A B R', 'A>B B>A R>A'), ['R --CALLS--> A --CALLS--> B --CALLS--> A']);
  });

  it('prints a cycle no root reaches, starting at its first node in result order', () => {
    assert.deepEqual(lines('B A C', 'A>B B>C C>A'), ['B --CALLS--> C --CALLS--> A --CALLS--> B']);
  });

  it('keeps self-loops and parallel edges of different types, each once', () => {
    const edges = [edge('A', 'A'), edge('A', 'B'), edge('A', 'B', 'REFERENCES')];
    assert.deepEqual(formatGraphLines(nodes('A B'), edges, (id) => id), ['A --CALLS--> A --CALLS--> B', 'A --REFERENCES--> B']);
  });

  it('still prints an edge whose endpoint is missing from the node list', () => {
    assert.deepEqual(lines('A', 'A>Z'), ['A --CALLS--> Z']);
  });

  it('uses the given labels', () => {
    assert.deepEqual(formatGraphLines(nodes('A B'), [edge('A', 'B', 'EXTENDS')], (id) => `${id}#1`), ['A#1 --EXTENDS--> B#1']);
  });
});

/** `lines('A B C', 'A>B B>C')`: nodes in that order, CALLS edges in that order, ids as labels. */
function lines(order: string, edges: string): string[] {
  const list = edges.split(' ').map((pair) => {
    const [from, to] = pair.split('>');
    return edge(from, to);
  });
  return formatGraphLines(nodes(order), list, (id) => id);
}

function nodes(order: string): GraphNode[] {
  return order.split(' ').map((id) => ({ id, name: id, kind: 'function', file: 'src/a.ts', offset: 1, limit: 1 }));
}

function edge(from: string, to: string, type: EdgeType = 'CALLS'): GraphEdge {
  return { from, to, type };
}
