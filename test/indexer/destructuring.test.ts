import * as assert from 'node:assert/strict';
import { CodeGraph } from '../../src/core/CodeGraph';
import { SymbolGraph } from '../../src/core/graph/SymbolGraph';
import { fixtureRoot, loadFixture } from '../support/loadFixture';
import { assertNoEdge, edge, foundNodes, linesOf, sourcesOf } from '../support/graphLookup';

const OPTIONS = 'src/options.ts';
const QUERY = 'src/useQuery.ts';
const SERVICE = 'src/service.ts';

/**
 * Destructuring reads members: `const { onSuccess } = options` then `onSuccess()` uses
 * `QueryOptions.onSuccess` exactly as `options.onSuccess()` does, and a component that takes
 * `({ onClick }: Props)` depends on `Props.onClick`. Without these edges `dependentsOf` a callback
 * member missed every caller written in the destructuring style (found by comparing the graph with
 * TypeScript's find-all-references on ra-core 5.4.0: 77 such uses, and 8 on rxjs 7.8.2).
 */
describe('indexWorkspace: destructuring fixture', () => {
  let graph: SymbolGraph;

  before(async () => {
    ({ graph } = await loadFixture('destructuring'));
  });

  it('makes a destructured member a REFERENCES of it, on the line that names it', () => {
    assert.deepEqual(linesOf(edge(graph, QUERY, 'useQuery', 'REFERENCES', OPTIONS, 'QueryOptions.onSuccess')), [4]);
    assert.deepEqual(linesOf(edge(graph, QUERY, 'useQuery', 'REFERENCES', OPTIONS, 'QueryOptions.onError')), [4]);
  });

  it('follows renamed members and parameters, of a mapped type too', () => {
    assert.deepEqual(linesOf(edge(graph, QUERY, 'renamed', 'REFERENCES', OPTIONS, 'QueryOptions.onSuccess')), [10]);
    assert.deepEqual(linesOf(edge(graph, QUERY, 'Button', 'REFERENCES', OPTIONS, 'QueryOptions.onError')), [15]);
  });

  it('resolves members of an inferred type, of a class and in for-of', () => {
    edge(graph, SERVICE, 'useService', 'REFERENCES', OPTIONS, 'Service.run');
    edge(graph, SERVICE, 'factory', 'REFERENCES', OPTIONS, { name: 'Service.create', isStatic: true });
    edge(graph, SERVICE, 'each', 'REFERENCES', OPTIONS, 'Service.run');
  });

  it('reads an accessor through its getter, never its setter', () => {
    edge(graph, SERVICE, 'useService', 'REFERENCES', OPTIONS, { name: 'Service.status', kind: 'getter' });
    assertNoEdge(graph, SERVICE, 'useService', 'REFERENCES', OPTIONS, { name: 'Service.status', kind: 'setter' });
  });

  it('walks the default value of a destructuring assignment', () => {
    assert.deepEqual(linesOf(edge(graph, 'src/assign.ts', 'pick', 'REFERENCES', 'src/assign.ts', 'fallback')), [3]);
  });

  it('treats `const { f } = require(...)` as an import: the call is the use, not the binding', () => {
    assert.deepEqual(sourcesOf(graph, 'src/helpers.js', 'shout', 'REFERENCES'), ['src/helpers.js:src/helpers.js']);
    edge(graph, 'src/main.js', 'greet', 'CALLS', 'src/helpers.js', 'shout');
  });

  it('answers dependentsOf a callback member with every destructuring user', async () => {
    const cg = await CodeGraph.open({ root: fixtureRoot('destructuring') });
    const names = foundNodes(cg.dependentsOf(OPTIONS, 'QueryOptions.onError')).map((n) => n.name).sort();
    assert.deepEqual(names, ['Button', 'useQuery']);
  });
});
