import * as assert from 'node:assert/strict';
import type { Outstanding } from '../../../src/core/indexer/outstandingProjects';
import { dependenciesOf } from '../../../src/core/query/dependencies-of/dependenciesOf';
import { withIndexingNotes } from '../../../src/core/query/shared/indexingNotes';
import { TestGraph } from '../../support/TestGraph';

/**
 * An early answer (the rest of a monorepo not indexed yet) to dependenciesOf of code calling a method:
 * a project not indexed may hold a subclass that overrides it. On TanStack/query the answer after 2 of
 * 99 projects claimed no project could change it, while the full graph added vue-query's override of
 * `QueryClient.getQueryDefaults`. The answer now says so (and is not held back: on a large monorepo
 * every project imports the class).
 */
describe('indexing notes: overrides in projects not indexed yet', () => {
  const g = new TestGraph();
  const base = g.node('packages/core/src/client.ts', 'QueryClient', 'class');
  const getDefaults = g.node('packages/core/src/client.ts', 'QueryClient.getQueryDefaults', 'method');
  const fetch = g.node('packages/core/src/client.ts', 'QueryClient.fetchQuery', 'method');
  g.edge(base, 'INCLUDES', getDefaults).edge(base, 'INCLUDES', fetch).edge(fetch, 'CALLS', getDefaults, [3]);
  const helper = g.node('packages/core/src/util.ts', 'hashKey', 'function');
  const plain = g.node('packages/core/src/util.ts', 'plain', 'function');
  g.edge(plain, 'CALLS', helper, [2]);
  const ctx = g.context();
  const outstanding = (seeing: string[]): Outstanding => ({
    progress: { done: 2, total: 99 },
    pendingSeeing: (files) => ([...files].some((f) => f.startsWith('packages/core/')) ? seeing : []),
    pendingHolds: () => false,
    skippedSeeing: () => [],
  });

  it('notes the projects that may override a method the answer calls, without holding the answer', () => {
    const result = withIndexingNotes(ctx.graph, dependenciesOf(ctx, 'packages/core/src/client.ts', 'QueryClient.fetchQuery'), 'forward', outstanding(['packages/vue-query/tsconfig.json']));
    assert.deepEqual(result.notes, ['Not indexed yet: a project that may override or implement methods this answer calls (packages/vue-query/tsconfig.json); their overrides are not in it.']);
  });

  it('says nothing when the answer calls no method', () => {
    const result = withIndexingNotes(ctx.graph, dependenciesOf(ctx, 'packages/core/src/util.ts', 'plain'), 'forward', outstanding(['packages/vue-query/tsconfig.json']));
    assert.equal(result.notes, undefined);
  });
});
