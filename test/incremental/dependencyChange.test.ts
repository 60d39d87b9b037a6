import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import { indexWorkspace } from '../../src/core/indexer/indexWorkspace';
import { SymbolGraph } from '../../src/core/graph/SymbolGraph';
import { depRunId, upgradeDependency, writeDependencyWorkspace } from '../support/dependencyWorkspace';

/**
 * An agent upgrades a dependency: `npm install` rewrites the library's typings inside node_modules
 * (never watched) and writes package.json or only the lock file. Calls through the library's types
 * must follow the new typings at once, as a fresh index of the same disk would — not a parse kept
 * from before the install.
 */
describe('incremental update: a dependency upgraded under the graph', () => {
  let root: string;
  beforeEach(() => {
    root = writeDependencyWorkspace();
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  const runTargets = (graph: SymbolGraph) =>
    graph
      .outEdges('src/main.ts#go@function')
      .filter((e) => e.type === 'CALLS' && e.to.endsWith('.run@method'))
      .map((e) => e.to);

  for (const manifest of ['package.json', 'package-lock.json'] as const) {
    it(`follows the new typings when ${manifest} changes`, async () => {
      const { index, graph } = await indexWorkspace({ root });
      assert.deepEqual(runTargets(graph), [depRunId('Alpha')]);
      await index.update([upgradeDependency(root, manifest)!], []);
      assert.deepEqual(runTargets(graph), [depRunId('Beta')]);
      assert.deepEqual(graph.snapshot(), (await indexWorkspace({ root })).graph.snapshot());
    });
  }

  it('rebuilds from the disk as it is, typings nobody reported included', async () => {
    const { index, graph } = await indexWorkspace({ root });
    upgradeDependency(root, 'none');
    await index.rebuildFromScratch();
    assert.deepEqual(runTargets(graph), [depRunId('Beta')]);
  });
});
