import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { silentLogger } from '../../src/core/Logger';
import { writeMonorepo } from '../support/monorepoWorkspace';
import { FolderGraphs } from '../../src/worker/FolderGraphs';

/**
 * Issue 39, item 3, in the worker both hosts run: a query that arrives while the first index runs
 * is answered from the projects it needs (indexed next), before the whole index is done, with a
 * first line saying when a project not indexed yet can change it; progress counts projects.
 */
describe('the graph worker answers while it indexes', function () {
  this.timeout(120_000);
  let root: string;
  before(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-worker-early-'));
    writeMonorepo(root, { packages: 5, filesPerPackage: 3, dependsOn: (i) => [[], [0], [1], [0], []][i] });
  });
  after(() => fs.rmSync(root, { recursive: true, force: true }));

  it('answers before the open settles, scoped, and completely once it has', async () => {
    const progress: string[] = [];
    const graphs = new FolderGraphs(silentLogger, (_key, _done, _total, projects) => projects && progress.push(`${projects.done}/${projects.total}`));
    let opened = false;
    const open = graphs.open({ key: 'k', name: 'mono', root, first: [path.join(root, 'packages/p4/src/f0.ts')] }).then((r) => ((opened = true), r));
    const early = await graphs.query({ query: 'dependentsOf', file_path: 'packages/p0/src/f0.ts', symbol: 'p0f0a' });
    assert.equal(opened, false, 'answered before the index was done');
    assert.match(early.text, /^Incomplete: indexing is still running \(2 of 5 projects done\); projects not indexed yet may use this code: packages\/p1\/tsconfig\.json, packages\/p2\/tsconfig\.json, packages\/p3\/tsconfig\.json\. Ask again when it is done\.\n/);
    const result = await open;
    assert.equal(result.projects, 5);
    const late = await graphs.query({ query: 'dependentsOf', file_path: 'packages/p0/src/f0.ts', symbol: 'p0f0a' });
    assert.doesNotMatch(late.text, /Incomplete/);
    assert.match(late.text, /p3f0a/);
    assert.equal(progress.at(-1), '5/5');
  });

  it("before the query's project is indexed, and its ordinary answer takes longer than the grace: the compiler's first answer at once (issue 40, item 7)", async function () {
    // In process, p0's program is built only at its turn in the walk: no first answer before it.
    if (process.env.TS_CODE_GRAPH_COMPILER === 'inprocess') this.skip();
    // No grace: the first answer is returned whenever there is one.
    const graphs = new FolderGraphs(silentLogger, () => undefined, 0);
    let opened = false;
    const open = graphs.open({ key: 'k', name: 'mono', root, first: [path.join(root, 'packages/p4/src/f0.ts')] }).then(() => (opened = true));
    const first = await graphs.query({ query: 'dependentsOf', file_path: 'packages/p0/src/f0.ts', symbol: 'p0f0a' });
    assert.equal(opened, false);
    // The programs built so far that hold p0's file were asked (p4 first, alone, as it was asked for;
    // then p0, asked for by this query): p0's own direct callers are there, p2's (two steps away) never.
    assert.match(first.text, /^Partial: indexing [12] of 5 projects; direct dependents found by the compiler, ask again for the full graph \(being indexed\)\.\n/);
    assert.match(first.text, /p0f0b --CALLS--> p0f0a/);
    assert.doesNotMatch(first.text, /p2f/);
    await open;
    const full = await graphs.query({ query: 'dependentsOf', file_path: 'packages/p0/src/f0.ts', symbol: 'p0f0a' });
    assert.doesNotMatch(full.text, /Partial|Incomplete/);
    assert.match(full.text, /p2f/);
  });

  it("a query whose project waits behind a big one being extracted: its program is built at the next slice, and the first answer does not wait for the rest of that project", async function () {
    if (process.env.TS_CODE_GRAPH_COMPILER === 'inprocess') this.skip();
    const big = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-worker-early-big-'));
    try {
      // Three projects of 250 files, none importing another: the walk starts at p2 (asked for).
      writeMonorepo(big, { packages: 3, filesPerPackage: 250, dependsOn: () => [] });
      const graphs = new FolderGraphs(silentLogger, () => undefined, 0);
      const open = graphs.open({ key: 'k', name: 'big', root: big, first: [path.join(big, 'packages/p2/src/f0.ts')] });
      const first = await graphs.query({ query: 'dependentsOf', file_path: 'packages/p0/src/f3.ts', symbol: 'p0f3a' });
      // Still on the first project (p2): before, p0's program was built only once p2's 251 files were
      // extracted, and the first answer said "indexing 2 of 3".
      assert.match(first.text, /^Partial: indexing 1 of 3 projects; direct dependents found by the compiler/);
      assert.match(first.text, /p0f3b --CALLS--> p0f3a/);
      assert.match(first.text, /p0f4a --CALLS--> p0f3a/);
      await open;
      const full = await graphs.query({ query: 'dependentsOf', file_path: 'packages/p0/src/f3.ts', symbol: 'p0f3a' });
      assert.doesNotMatch(full.text, /Partial|Incomplete/);
      assert.match(full.text, /p0f249a/);
      graphs.close('k');
    } finally {
      fs.rmSync(big, { recursive: true, force: true });
    }
  });

  it("a query whose project's program is not built when it comes: that program is built next, alone, and the first answer comes from it", async function () {
    if (process.env.TS_CODE_GRAPH_COMPILER === 'inprocess') this.skip();
    const graphs = new FolderGraphs(silentLogger, () => undefined, 0);
    let opened = false;
    // The walk starts at p4, built alone (asked for); p3 is not built then, nor imported by p4.
    const open = graphs.open({ key: 'k', name: 'mono', root, first: [path.join(root, 'packages/p4/src/f0.ts')] }).then(() => (opened = true));
    const first = await graphs.query({ query: 'dependentsOf', file_path: 'packages/p3/src/f0.ts', symbol: 'p3f0a' });
    assert.equal(opened, false);
    // Without trying again once p3's program is built, the answer waited for p3 and p0 to be indexed
    // (`Incomplete: indexing is still running …`): on payload, 38 s instead of a first answer.
    assert.match(first.text, /^Partial: indexing \d of 5 projects; direct dependents found by the compiler/);
    assert.match(first.text, /p3f0b --CALLS--> p3f0a/);
    await open;
  });
});
