import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { graphCacheDir } from '../../src/nodehost/cacheDir';
import { fixtureDir } from '../support/goldenFixtures';
import { runFolders } from '../support/isolatedRun';
import { REPO_ROOT } from '../support/loadFixture';
import { userCacheWrites } from '../support/userCacheWrites';
import { runCaptured } from './runCaptured';

/** Issue 38: no test reads or writes the user's persisted graphs (test/support/isolatedRun.ts). */
describe('test runs keep their graph caches to themselves', () => {
  it("the CLI run by a test caches in the run's own folder, not the user's", async () => {
    assert.equal(process.env.XDG_CACHE_HOME, runFolders.cacheHome, 'isolatedRun is loaded (mocha --require) before any test');
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-isolated-'));
    fs.cpSync(fixtureDir('sample'), root, { recursive: true });
    const run = await runCaptured(['--root', root, 'dependentsOf', 'src/utils/format.ts', 'formatDate'], REPO_ROOT);
    assert.equal(run.code, 0, run.stderr);
    const folder = graphCacheDir(root, undefined);
    assert.ok(folder.startsWith(runFolders.cacheHome + path.sep), folder);
    assert.equal(fs.readdirSync(folder).filter((f) => /^graph-.*\.json$/.test(f)).length, 1, 'the cache was written there');
    assert.ok(root.startsWith(runFolders.runDir), 'temporary workspaces are the run\'s too');
    assert.deepEqual(userCacheWrites(runFolders.userCache, 0, [root]), []);
  });

  it("finds the caches written since the run started for the run's roots, and no others", () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-user-cache-'));
    const write = (dir: string, root: string, ageMs: number): string => {
      fs.mkdirSync(path.join(folder, dir));
      const file = path.join(folder, dir, 'graph-x.json');
      fs.writeFileSync(file, JSON.stringify({ indexer: 'sources 0', root, fingerprint: 'f', libraries: {}, files: {} }));
      const when = new Date(Date.now() - ageMs);
      fs.utimesSync(file, when, when);
      return file;
    };
    const ours = write('app-1', path.join(REPO_ROOT, 'test/fixtures/sample'), 0);
    write('other-2', '/somewhere/else', 0);
    write('old-3', path.join(REPO_ROOT, 'test/fixtures/basics'), 3_600_000);
    fs.mkdirSync(path.join(folder, 'unrecorded-4'));
    fs.writeFileSync(path.join(folder, 'unrecorded-4', 'graph-y.json'), '{"format":8,"fingerprint":"f","files":{}}');
    assert.deepEqual(userCacheWrites(folder, Date.now() - 60_000, [REPO_ROOT]), [`${ours} (${path.join(REPO_ROOT, 'test/fixtures/sample')})`]);
  });
});
