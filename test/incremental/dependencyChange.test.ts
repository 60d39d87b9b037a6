import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import * as ts from 'typescript';
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

  it("follows a library's package.json that now points at other typings (what TypeScript read of it is not kept past the change)", async () => {
    const { index, graph } = await indexWorkspace({ root });
    assert.deepEqual(runTargets(graph), [depRunId('Alpha')]);
    // The typings file is untouched; only the library's manifest moves `types` to a new one.
    fs.writeFileSync(path.join(root, 'node_modules/dep/next.d.ts'), fs.readFileSync(path.join(root, 'node_modules/dep/index.d.ts'), 'utf8').replace('make(): Alpha', 'make(): Beta'));
    fs.writeFileSync(path.join(root, 'node_modules/dep/package.json'), JSON.stringify({ name: 'dep', version: '2.0.0', types: 'next.d.ts' }));
    const lock = path.join(root, 'package-lock.json');
    fs.writeFileSync(lock, fs.readFileSync(lock, 'utf8').replace(/1\.0\.0/g, '2.0.0'));
    await index.update([lock], []);
    assert.deepEqual(runTargets(graph), ['node_modules/dep/next.d.ts#Beta.run@method']);
    assert.deepEqual(graph.snapshot(), (await indexWorkspace({ root })).graph.snapshot());
  });

  it('a save neither reads nor looks for a package.json: what TypeScript learnt of them is kept from one program to the next', async () => {
    const { index, graph } = await indexWorkspace({ root });
    const main = path.join(root, 'src/main.ts');
    const { readFile, fileExists } = ts.sys;
    const manifestsTouched: string[] = [];
    const noting = (file: string) => path.basename(file) === 'package.json' && manifestsTouched.push(file);
    ts.sys.readFile = (file, encoding) => (noting(file), readFile(file, encoding));
    ts.sys.fileExists = (file) => (noting(file), fileExists(file));
    try {
      fs.writeFileSync(main, `${fs.readFileSync(main, 'utf8')}// saved\n`);
      const report = await index.update([main], []);
      assert.deepEqual(report.reindexed, ['src/main.ts']);
    } finally {
      Object.assign(ts.sys, { readFile, fileExists });
    }
    assert.deepEqual(manifestsTouched, []);
    assert.deepEqual(runTargets(graph), [depRunId('Alpha')]);
  });
});
