import * as assert from 'node:assert/strict';
import { SymbolGraph } from '../../src/core/graph/SymbolGraph';
import { loadFixture } from '../support/loadFixture';
import { foundNodes, hasNode, linesOf, edge, node, span, targetsOf } from '../support/graphLookup';
import { dependenciesOf } from '../../src/core/query/dependencies-of/dependenciesOf';

/**
 * Issue 41, item 8: objects made by factories (fastify's `noopSet`, `buildRouting`; zod-style schema
 * builders in TypeScript) and `Object.defineProperties(Reply.prototype, { … })`. Their methods and
 * accessors are nodes named under the factory or the prototype's owner, and calls through the made
 * object (the checker resolves them) land on them; a read of a prototype's accessor inside its other
 * methods lands on the getter, a write on the setter.
 */
describe('indexWorkspace: objects made by factories, and Object.defineProperties (js-factories)', () => {
  let graph: SymbolGraph;
  let root: string;
  before(async () => {
    ({ graph, root } = await loadFixture('js-factories'));
  });

  it("declares the members of an object literal a declared function returns, under the function's name", () => {
    for (const m of ['add', 'delete', 'has']) assert.equal(node(graph, 'lib/noop-set.js', `noopSet.${m}`).kind, 'method');
    assert.deepEqual(span(node(graph, 'lib/routing.js', 'buildRouting.setup', 'method')), { offset: 10, limit: 3 });
    assert.equal(node(graph, 'lib/routing.js', 'buildRouting.routing').kind, 'method', "a function-valued property: a method of the made object");
    assert.equal(node(graph, 'lib/routing.js', 'buildRouting.closeRoutes').kind, 'method');
    assert.equal(node(graph, 'lib/routing.js', 'buildRouting.closing').kind, 'getter');
    assert.equal(node(graph, 'src/schema.ts', 'string.parse').kind, 'method', 'TypeScript too');
    assert.equal(node(graph, 'src/schema.ts', 'object.parse').kind, 'method', "an arrow's expression body");
    assert.equal(node(graph, 'src/schema.ts', 'object.extend').kind, 'method');
    assert.ok(!hasNode(graph, 'lib/server.js', 'createServer.run') && !hasNode(graph, 'lib/server.js', 'run'), "a callback's literal is data, not an API");
  });

  it('lands calls through the made object on those members', () => {
    const server = targetsOf(graph, 'lib/server.js', 'createServer', 'CALLS');
    assert.ok(server.includes('lib/routing.js:buildRouting.setup'), server.join(', '));
    assert.ok(server.includes('lib/noop-set.js:noopSet.add'), server.join(', '));
    assert.deepEqual(targetsOf(graph, 'lib/server.js', 'createServer', 'REFERENCES'), ['lib/routing.js:buildRouting.closing']);
    assert.deepEqual(targetsOf(graph, 'src/use.ts', 'validate', 'CALLS'), ['src/schema.ts:string', 'src/schema.ts:string.min', 'src/schema.ts:string.parse']);
    assert.deepEqual(targetsOf(graph, 'src/use.ts', 'user', 'CALLS'), ['src/schema.ts:object', 'src/schema.ts:object.extend', 'src/schema.ts:object.parse']);
    assert.deepEqual(targetsOf(graph, 'lib/routing.js', 'buildRouting.routing', 'CALLS'), ['lib/routing.js:lookup']);
  });

  it("links a made object typed by an interface to the interface's members, so calls through it reach the object's", () => {
    assert.deepEqual(targetsOf(graph, 'src/schema.ts', 'typed.parse', 'IMPLEMENTS'), ['src/schema.ts:Schema.parse']);
    assert.deepEqual(targetsOf(graph, 'src/use.ts', 'viaInterface', 'CALLS'), ['src/schema.ts:Schema.parse', 'src/schema.ts:typed']);
    const ctx = { graph, root };
    const names = foundNodes(dependenciesOf(ctx, 'src/use.ts', 'viaInterface')).map((n) => n.name);
    assert.ok(names.includes('typed.parse') && names.includes('check'), names.join(', '));
  });

  it('declares the accessors and function values of Object.defineProperties(X.prototype, { … })', () => {
    assert.deepEqual(span(node(graph, 'lib/reply.js', 'Reply.sent', 'getter')), { offset: 20, limit: 3 });
    assert.deepEqual(span(node(graph, 'lib/reply.js', 'Reply.statusCode', 'getter')), { offset: 25, limit: 3 });
    assert.deepEqual(span(node(graph, 'lib/reply.js', 'Reply.statusCode', 'setter')), { offset: 28, limit: 3 });
    assert.equal(node(graph, 'lib/reply.js', 'Reply.serialize').kind, 'function');
    assert.ok(!hasNode(graph, 'lib/reply.js', 'Reply.kind'), 'a plain value is no function');
  });

  it("lands this.x inside the prototype's methods on them: a read the getter, a write the setter, a call the value", () => {
    assert.deepEqual(linesOf(edge(graph, 'lib/reply.js', 'Reply.send', 'REFERENCES', 'lib/reply.js', { name: 'Reply.sent', kind: 'getter' })), [8]);
    assert.deepEqual(linesOf(edge(graph, 'lib/reply.js', 'Reply.code', 'REFERENCES', 'lib/reply.js', { name: 'Reply.statusCode', kind: 'setter' })), [14]);
    assert.deepEqual(linesOf(edge(graph, 'lib/reply.js', 'Reply.send', 'CALLS', 'lib/reply.js', 'Reply.serialize')), [9]);
  });
});
