import * as assert from 'node:assert/strict';
import { SymbolGraph } from '../../src/core/graph/SymbolGraph';
import { loadFixture } from '../support/loadFixture';
import { edge, edgesOf, label, linesOf, node, span } from '../support/graphLookup';

const MONEY = 'packages/core/src/money.ts';
const IDS = 'packages/core/src/ids.ts';
const CART = 'packages/app/src/cart.ts';
const MAIN = 'packages/app/src/main.ts';

describe('indexWorkspace: monorepo fixture (solution tsconfig with project references)', () => {
  let graph: SymbolGraph;

  before(async () => {
    ({ graph } = await loadFixture('monorepo'));
  });

  it('indexes both packages with paths relative to the workspace root', () => {
    assert.deepEqual(span(node(graph, MONEY, 'formatMoney', 'function')), { offset: 14, limit: 4 });
    assert.deepEqual(span(node(graph, MONEY, 'Money', 'class')), { offset: 3, limit: 10 });
    assert.deepEqual(span(node(graph, MONEY, 'Money.add', 'method')), { offset: 9, limit: 3 });
    assert.deepEqual(span(node(graph, IDS, 'nextId', 'function')), { offset: 3, limit: 4 });
    assert.deepEqual(span(node(graph, CART, 'Cart', 'class')), { offset: 8, limit: 16 });
    assert.deepEqual(span(node(graph, MAIN, 'checkout', 'function')), { offset: 4, limit: 5 });
  });

  it('declares each core symbol once, although two projects see it', () => {
    assert.deepEqual(graph.nodesNamed('formatMoney').map(label), [`${MONEY}:formatMoney`]);
    assert.deepEqual(graph.nodesNamed('Money').map(label), [`${MONEY}:Money`]);
    assert.deepEqual(graph.nodesNamed(MONEY).map(label), [`${MONEY}:${MONEY}`]);
  });

  it('does not index build output or declaration files of the referenced project', () => {
    for (const file of graph.files()) {
      assert.ok(!file.includes('/dist/') && !file.endsWith('.d.ts'), `unexpected file ${file}`);
    }
  });

  it('resolves the package import (a `paths` alias to the other project) to core source', () => {
    assert.deepEqual(linesOf(edge(graph, CART, 'Cart.describe', 'CALLS', MONEY, 'formatMoney')), [21]);
    assert.deepEqual(linesOf(edge(graph, CART, 'Cart.total', 'CALLS', MONEY, 'Money.add')), [17]);
    assert.deepEqual(linesOf(edge(graph, CART, 'Cart.total', 'CALLS', MONEY, 'Money')), [17]);
    assert.deepEqual(linesOf(edge(graph, MAIN, 'checkout', 'CALLS', MONEY, 'Money')), [6]);
  });

  it('follows a renamed re-export in the core barrel to the real function', () => {
    const calls = graph.inEdges(node(graph, IDS, 'nextId').id).filter((e) => e.type === 'CALLS');
    assert.equal(calls.length, 1, 'one caller of nextId (the Cart property initialiser)');
    assert.equal(graph.getNode(calls[0].from)!.file, CART);
    assert.deepEqual(linesOf(calls[0]), [9]);
    assert.deepEqual(edgesOf(graph, 'packages/core/src/index.ts', 'packages/core/src/index.ts', { direction: 'in' }), []);
  });

  it('links types across packages', () => {
    edge(graph, CART, 'CartLine', 'HAS_PROPERTY', MONEY, 'Money');
    edge(graph, CART, 'Cart.total', 'RETURNS', MONEY, 'Money');
    edge(graph, MONEY, 'formatMoney', 'TAKES', MONEY, 'Money');
  });

  it('resolves calls within the app package', () => {
    assert.deepEqual(linesOf(edge(graph, MAIN, 'checkout', 'CALLS', CART, 'Cart')), [5]);
    assert.deepEqual(linesOf(edge(graph, MAIN, 'checkout', 'CALLS', CART, 'Cart.describe')), [7]);
  });
});
