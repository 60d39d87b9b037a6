import * as assert from 'node:assert/strict';
import { SymbolGraph } from '../../src/core/graph/SymbolGraph';
import { loadFixture } from '../support/loadFixture';
import { edge, linesOf, node, span } from '../support/graphLookup';

const SERVICE = 'src/services/userService.ts';

describe('indexWorkspace: path-aliases fixture', () => {
  let graph: SymbolGraph;

  before(async () => {
    ({ graph } = await loadFixture('path-aliases'));
  });

  it('indexes the aliased modules under their real paths', () => {
    assert.deepEqual(span(node(graph, 'src/lib/http.ts', 'fetchJson', 'function')), { offset: 1, limit: 7 });
    assert.deepEqual(span(node(graph, 'src/lib/cache.ts', 'Cache', 'class')), { offset: 1, limit: 11 });
    assert.deepEqual(span(node(graph, 'src/lib/cache.ts', 'Cache.get', 'method')), { offset: 4, limit: 3 });
    assert.deepEqual(span(node(graph, SERVICE, 'getProfile', 'function')), { offset: 13, limit: 8 });
  });

  it('resolves a wildcard `paths` alias (@lib/*)', () => {
    assert.deepEqual(linesOf(edge(graph, SERVICE, 'getProfile', 'CALLS', 'src/lib/http.ts', 'fetchJson')), [17]);
    assert.deepEqual(linesOf(edge(graph, SERVICE, 'getProfile', 'CALLS', 'src/lib/cache.ts', 'Cache.get')), [14]);
    assert.deepEqual(linesOf(edge(graph, SERVICE, 'getProfile', 'CALLS', 'src/lib/cache.ts', 'Cache.set')), [18]);
    assert.deepEqual(linesOf(edge(graph, SERVICE, SERVICE, 'CALLS', 'src/lib/cache.ts', 'Cache')), [11]);
  });

  it('resolves an exact `paths` alias (@config)', () => {
    assert.deepEqual(linesOf(edge(graph, SERVICE, 'getProfile', 'CALLS', 'src/config/index.ts', 'loadSettings')), [16]);
  });

  it('resolves a baseUrl-relative import, including a call in a default parameter value', () => {
    assert.deepEqual(linesOf(edge(graph, SERVICE, 'getProfile', 'CALLS', 'src/config/defaults.ts', 'defaultUserId')), [13]);
  });

  it('types through an alias too', () => {
    edge(graph, SERVICE, 'getProfile', 'RETURNS', SERVICE, 'Profile');
    edge(graph, 'src/config/index.ts', 'loadSettings', 'RETURNS', 'src/config/index.ts', 'Settings');
  });
});
