import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { silentLogger } from '../../src/core/Logger';
import { writeMonorepo } from '../support/monorepoWorkspace';
import { FolderGraphs } from '../../src/worker/FolderGraphs';
import type { UpdatingReport } from '../../src/worker/protocol';

/**
 * A long update (an export renamed in a hub every package imports: 74 s on payload) must not keep
 * a question waiting past what an agent's client waits: after a grace the question is answered from
 * the graph as the update has left it so far, said in its first line; a question the graph cannot
 * answer yet (an unknown name: the update may be what brings it) waits once more before it says so.
 */
describe('the graph worker answers during a long update', function () {
  this.timeout(300_000);
  let root: string;
  const wait = process.env.TS_CODE_GRAPH_UPDATE_WAIT_MS;
  before(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-worker-update-'));
    // Eight packages of 40 files, each file importing p0's hub function: renaming it re-extracts 320 files.
    writeMonorepo(root, { packages: 9, filesPerPackage: 40, dependsOn: (i) => (i === 0 ? [] : [0]) });
    // A grace shorter than the update's first slice: the question comes while the update runs.
    process.env.TS_CODE_GRAPH_UPDATE_WAIT_MS = '1';
  });
  after(() => {
    if (wait === undefined) delete process.env.TS_CODE_GRAPH_UPDATE_WAIT_MS;
    else process.env.TS_CODE_GRAPH_UPDATE_WAIT_MS = wait;
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('answers from the graph so far, said in its first line with how far the update is, unknown names too; the host hears of it', async () => {
    const reports: Array<UpdatingReport | undefined> = [];
    // The host hears of an update every 20 ms here (a second in the extension: its status bar).
    const graphs = new FolderGraphs(silentLogger, () => undefined, undefined, (key, update) => key === 'k' && reports.push(update), 20);
    try {
      await graphs.open({ key: 'k', name: 'mono', root });
      const hub = path.join(root, 'packages/p0/src/f0.ts');
      fs.writeFileSync(hub, fs.readFileSync(hub, 'utf8').replace(/\bp0f0a\b/g, 'p0f0aRenamed'));
      let updated = false;
      const update = graphs.update('k', [hub], []).then((r) => ((updated = true), r));
      const during = await graphs.query({ query: 'dependenciesOf', file_path: 'packages/p0/src/f0.ts', symbol: 'p0f0b' });
      assert.equal(updated, false, 'answered while the update ran');
      assert.match(during.text, /^Updating: the graph is being brought up to date after a changed file \(for \d+ s; \d+ of the \d+ files it re-indexes so far are done\); this answer is from the graph as the update has left it so far/);
      const [, done, total] = /(\d+) of the (\d+) files/.exec(during.text)!.map(Number);
      assert.ok(done < total && total > 320, `${done} of ${total}: every importer of the hub taken, not all done`);
      assert.match(during.text, /p0f0b --CALLS--> p0f0a/);
      // A valid empty answer is one too (`p0f0b` is called by nothing).
      const none = await graphs.query({ query: 'dependentsOf', file_path: 'packages/p0/src/f0.ts', symbol: 'p0f0b' });
      if (!updated) assert.match(none.text, /^Updating: /);
      // Bad input for the graph so far waits once more (the update may bring the name), then says so too.
      const unknown = await graphs.query({ query: 'dependentsOf', file_path: 'packages/p5/src/f7.ts', symbol: 'p5f7aLater' });
      assert.match(unknown.text, /p5f7aLater/);
      if (!updated) assert.match(unknown.text, /^Updating: /);
      assert.ok((await update).reindexed >= 320, 'every importer of the hub was re-extracted');
      // The host heard how far it went while it ran, then that it ended.
      const counted = reports.filter((r) => r?.total);
      assert.ok(counted.length > 0, `reports while it ran: ${JSON.stringify(reports)}`);
      for (const r of counted) assert.ok(r!.files === 1 && r!.done! <= r!.total!, JSON.stringify(r));
      assert.equal(reports.at(-1), undefined, 'the last report says the updates are done');
      const after = await graphs.query({ query: 'dependenciesOf', file_path: 'packages/p0/src/f0.ts', symbol: 'p0f0b' });
      assert.doesNotMatch(after.text, /^Updating/);
      assert.match(after.text, /p0f0b --CALLS--> p0f0aRenamed/);
    } finally {
      graphs.close('k');
    }
  });
});
