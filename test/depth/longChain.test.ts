import * as assert from 'node:assert/strict';
import { GraphEdge, GraphNode } from '../../src/core/graph/GraphTypes';
import { SymbolGraph } from '../../src/core/graph/SymbolGraph';
import { createFileSourceReader } from '../../src/core/format/FileSourceReader';
import { formatText } from '../../src/core/format/formatText';
import { dependenciesOf } from '../../src/core/query/dependencies-of/dependenciesOf';
import { dependentsOf } from '../../src/core/query/dependents-of/dependentsOf';
import { pathsBetween } from '../../src/core/query/paths-between/pathsBetween';
import { QueryContext } from '../../src/core/query/QueryContext';

/**
 * Issue 13: no depth limit of our own. A call chain f0 → f1 → … → f99999 (generated code does this)
 * is as deep as the graph; every traversal over it (BFS, the bidirectional probe, the shortest-path
 * DAG read back into paths, Yen's spurs, the formatter's chain compaction) must answer, not overflow
 * the stack or go quadratic.
 */
describe('a 100,000-function call chain', function () {
  this.timeout(120_000);
  const LENGTH = 100_000;
  const file = 'src/gen/chain.ts';
  const id = (i: number) => `${file}#f${i}@function`;
  let ctx: QueryContext;

  before(() => {
    const nodes: GraphNode[] = [{ id: `${file}#${file}@module`, name: file, kind: 'module', file, offset: 1, limit: LENGTH }];
    const edges: GraphEdge[] = [];
    for (let i = 0; i < LENGTH; i++) {
      nodes.push({ id: id(i), name: `f${i}`, kind: 'function', file, offset: i + 1, limit: 1 });
      if (i > 0) edges.push({ from: id(i - 1), to: id(i), type: 'CALLS', lines: [i] });
    }
    const graph = new SymbolGraph();
    graph.replaceFile({ file, nodes, edges, externalNodes: [] });
    graph.settle();
    ctx = { graph, root: '/nonexistent' };
  });

  it('dependentsOf its last function keeps the 50 nearest callers and says how many were cut', () => {
    const result = dependentsOf(ctx, file, `f${LENGTH - 1}`);
    assert.equal(result.kind, 'graph');
    if (result.kind !== 'graph') return;
    assert.equal(result.nodes.length, 51);
    assert.deepEqual(result.nodes.slice(0, 3).map((n) => n.name), [`f${LENGTH - 1}`, `f${LENGTH - 2}`, `f${LENGTH - 3}`]);
    assert.ok(result.truncation?.stoppedEarly && result.truncation.totalNodes > 50, 'the cut is reported');
  });

  it('dependenciesOf its root answers the same way forward', () => {
    const result = dependenciesOf(ctx, file, 'f0');
    assert.equal(result.kind, 'graph');
    if (result.kind === 'graph') assert.deepEqual(result.nodes.slice(0, 2).map((n) => n.name), ['f0', 'f1']);
  });

  it('pathsBetween finds the one path end to end, and formats it on one chain line', () => {
    const result = pathsBetween(ctx, { file_path: file, symbol: 'f0' }, { file_path: file, symbol: `f${LENGTH - 1}` });
    assert.equal(result.kind, 'graph');
    if (result.kind !== 'graph') return;
    assert.equal(result.edges.length, LENGTH - 1);
    assert.equal(result.nodes.length, LENGTH);
    const text = formatText(result, createFileSourceReader('/nonexistent'));
    const graphLines = text.split('## Nodes')[0].trim().split('\n').slice(2);
    assert.equal(graphLines.length, 1, 'a chain is one line');
    assert.ok(graphLines[0].startsWith('f0 --CALLS--> f1 --CALLS--> f2') && graphLines[0].endsWith(`--CALLS--> f${LENGTH - 1}`));
  });

  it('pathsBetween in the other order finds the same path (searched both ways)', () => {
    const result = pathsBetween(ctx, { file_path: file, symbol: `f${LENGTH - 1}` }, { file_path: file, symbol: 'f0' });
    assert.equal(result.kind, 'graph');
    if (result.kind === 'graph') assert.equal(result.edges.length, LENGTH - 1);
  });
});
