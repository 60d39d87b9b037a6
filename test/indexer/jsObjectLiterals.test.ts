import * as assert from 'node:assert/strict';
import { SymbolGraph } from '../../src/core/graph/SymbolGraph';
import { loadFixture } from '../support/loadFixture';
import { assertNoEdge, edge, linesOf, node, span, targetsOf } from '../support/graphLookup';

/**
 * Issue 29, item 6: the object-literal modules of Node HTTP frameworks (koa's request, response and
 * context): `module.exports = { get header () {}, set header (v) {}, is (type) {} }` and
 * `exports.x = { … }`. Their accessors and methods are nodes, `this.x` inside them is the sibling
 * member (a read the getter, a write the setter), and other files reach them through `require`.
 */
describe('indexWorkspace: JavaScript object-literal modules (js-objects, no config)', () => {
  const REQ = 'lib/request.js';
  const QS = 'lib/qs.js';
  const UNTYPED = 'lib/untyped.js';
  const SERVER = 'lib/server.js';
  let graph: SymbolGraph;
  before(async () => {
    ({ graph } = await loadFixture('js-objects'));
  });

  it('declares the accessors and methods of module.exports = { … } and exports.x = { … }', () => {
    assert.deepEqual(span(node(graph, REQ, 'header', 'getter')), { offset: 7, limit: 3 });
    assert.deepEqual(span(node(graph, REQ, 'header', 'setter')), { offset: 11, limit: 3 });
    assert.deepEqual(span(node(graph, REQ, 'host', 'getter')), { offset: 15, limit: 3 });
    assert.deepEqual(span(node(graph, REQ, 'query', 'setter')), { offset: 23, limit: 4 });
    assert.deepEqual(span(node(graph, REQ, 'is', 'method')), { offset: 40, limit: 3 });
    assert.deepEqual(span(node(graph, REQ, 'limits.body', 'getter')), { offset: 49, limit: 3 }, 'a nested literal, named like exports.o');
    assert.deepEqual(span(node(graph, REQ, 'limits.bytes', 'method')), { offset: 52, limit: 3 });
    assert.deepEqual(span(node(graph, QS, 'cursor.position', 'getter')), { offset: 8, limit: 3 });
    assert.deepEqual(span(node(graph, QS, 'cursor.move', 'method')), { offset: 11, limit: 3 });
  });

  it('resolves this.x inside them to the sibling: a read to the getter, a write to the setter, a call to the method', () => {
    assert.deepEqual(linesOf(edge(graph, REQ, 'href', 'REFERENCES', REQ, { name: 'host', kind: 'getter' })), [20]);
    assert.deepEqual(linesOf(edge(graph, REQ, 'host', 'CALLS', REQ, 'get')), [16]);
    assert.deepEqual(linesOf(edge(graph, REQ, 'get', 'REFERENCES', REQ, { name: 'header', kind: 'getter' })), [37]);
    assertNoEdge(graph, REQ, 'get', 'REFERENCES', REQ, { name: 'header', kind: 'setter' });
    assert.deepEqual(linesOf(edge(graph, REQ, 'is', 'CALLS', REQ, 'accepts')), [41]);
    assert.deepEqual(linesOf(edge(graph, REQ, 'limits.body', 'CALLS', REQ, 'limits.bytes')), [50]);
    assert.deepEqual(linesOf(edge(graph, QS, 'cursor.position', 'CALLS', QS, 'cursor.move')), [9]);
  });

  it('resolves a write to a setter the literal declares after it (the binder gives it a symbol of its own)', () => {
    assert.deepEqual(linesOf(edge(graph, REQ, 'query', 'REFERENCES', REQ, { name: 'querystring', kind: 'setter' })), [25]);
    assertNoEdge(graph, REQ, 'query', 'REFERENCES', REQ, { name: 'querystring', kind: 'getter' });
  });

  it('where `this` has no type (a literal cast to any), goes to the literal\'s own members only', () => {
    assert.deepEqual(linesOf(edge(graph, UNTYPED, { name: 'header', kind: 'getter' }, 'CALLS', UNTYPED, 'read')), [6]);
    assert.deepEqual(linesOf(edge(graph, UNTYPED, { name: 'header', kind: 'setter' }, 'REFERENCES', UNTYPED, { name: 'store', kind: 'setter' })), [9]);
    assert.deepEqual(targetsOf(graph, UNTYPED, 'reset', 'REFERENCES'), [`${UNTYPED}:header`, `${UNTYPED}:store`]);
    assert.deepEqual(linesOf(edge(graph, UNTYPED, 'reset', 'REFERENCES', UNTYPED, { name: 'header', kind: 'setter' })), [21]);
    assert.deepEqual(linesOf(edge(graph, UNTYPED, 'reset', 'REFERENCES', UNTYPED, { name: 'store', kind: 'getter' })), [21]);
    assertNoEdge(graph, UNTYPED, 'reset', 'REFERENCES', UNTYPED, { name: 'header', kind: 'getter' });
    assertNoEdge(graph, UNTYPED, 'reset', 'CALLS', UNTYPED, 'save');
  });

  it('reaches them from another file through require: calls, getter reads, setter writes', () => {
    assert.deepEqual(linesOf(edge(graph, SERVER, 'handle', 'CALLS', REQ, 'is')), [9]);
    assert.deepEqual(linesOf(edge(graph, SERVER, 'handle', 'REFERENCES', REQ, { name: 'host', kind: 'getter' })), [9]);
    assert.deepEqual(linesOf(edge(graph, SERVER, 'handle', 'REFERENCES', REQ, { name: 'query', kind: 'setter' })), [8]);
    assert.deepEqual(linesOf(edge(graph, SERVER, 'handle', 'REFERENCES', QS, 'cursor.position')), [10]);
    assert.deepEqual(linesOf(edge(graph, SERVER, 'handle', 'CALLS', QS, 'cursor.move')), [10]);
  });
});
