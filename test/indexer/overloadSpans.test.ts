import * as assert from 'node:assert/strict';
import { SymbolGraph } from '../../src/core/graph/SymbolGraph';
import { loadFixture } from '../support/loadFixture';
import { edge, linesOf, node, span } from '../support/graphLookup';

const OPERATORS = 'src/operators.ts';
const REPOSITORY = 'src/repository.ts';

/**
 * Issue 33: an overloaded function or method is one node whose span runs from its first signature
 * to the end of its implementation, even with JSDoc between the signatures (rxjs, TypeORM): the
 * span used to stop at the first signature, so every call line of the implementation fell outside
 * the offset/limit an agent reads.
 */
describe('indexWorkspace: overloads separated by JSDoc', () => {
  let graph: SymbolGraph;

  before(async () => {
    ({ graph } = await loadFixture('overloads'));
  });

  it('spans an overloaded function from its first signature to the end of its implementation', () => {
    assert.deepEqual(span(node(graph, OPERATORS, 'mergeMap', 'function')), { offset: 9, limit: 39 });
    assert.deepEqual(span(node(graph, OPERATORS, 'switchMap', 'function')), { offset: 52, limit: 26 });
  });

  it('spans an overloaded method the same way', () => {
    assert.deepEqual(span(node(graph, REPOSITORY, 'Repository.save', 'method')), { offset: 15, limit: 18 });
  });

  it('keeps the call lines of the implementations inside those spans', () => {
    assert.deepEqual(linesOf(edge(graph, OPERATORS, 'mergeMap', 'CALLS', 'src/map.ts', 'map')), [41, 45]);
    assert.deepEqual(linesOf(edge(graph, OPERATORS, 'switchMap', 'CALLS', 'src/map.ts', 'map')), [76]);
    assert.deepEqual(linesOf(edge(graph, REPOSITORY, 'Repository.save', 'CALLS', REPOSITORY, 'Repository.persist')), [29]);
  });
});
