import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { graphCacheDir } from '../../src/nodehost/cacheDir';
import { REPO_ROOT } from './loadFixture';
import { userCacheWrites } from './userCacheWrites';

/**
 * Mocha root hook plugin, loaded first by every suite (.mocharc.json `require`; `--require` in the
 * artifact, HTML and incremental scripts): a test run gets a folder of its own, and the CLI, the MCP
 * server and every process a test starts (they inherit the environment) keep their graph caches and
 * temporary files there, never in the user's cache folder. A persisted graph left by an earlier run
 * (or by the person's own use) could otherwise answer for an indexer that no longer extracts it: the
 * goldens passed with CALLS extraction disabled, on the cache a previous run had written.
 *
 * After all tests it asserts that nothing this run indexed (a root in the repository or in the run's
 * folder) was written to the user's cache folder, then removes the run's folder (TCG_KEEP_RUN=1 keeps it).
 * The helpers that run the CLI or the MCP server import it too, so a test file run alone without the
 * plugin is isolated all the same (unchecked; its folder is removed when the process exits).
 */
const started = Date.now();
/** The user's cache folder, as the CLI would find it before this run moved it. */
const userCache = path.dirname(graphCacheDir(REPO_ROOT, undefined));
const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-test-run-'));
const tmp = path.join(runDir, 'tmp');
fs.mkdirSync(tmp);
process.env.XDG_CACHE_HOME = path.join(runDir, 'cache');
// A query asked while a folder opens waits for its ordinary answer, however loaded the machine: the
// worker's first answer before the index (issue 40, item 7) is tested with its grace set explicitly.
process.env.TS_CODE_GRAPH_FIRST_ANSWER_MS ??= '600000';
// No CLI a test starts leaves its daemon behind (the CLI's default outside CI): the daemon's own tests
// switch it on in the environment they pass, and stop what they started.
process.env.TS_CODE_GRAPH_DAEMON = '0';
// os.tmpdir() reads these at every call: temporary workspaces, and so the roots they index, are the run's.
process.env.TMPDIR = process.env.TMP = process.env.TEMP = tmp;

/** Where this run keeps graph caches (XDG_CACHE_HOME) and the user's folder it must leave alone. */
export const runFolders = { cacheHome: path.join(runDir, 'cache'), userCache, runDir };

function removeRunFolder(): void {
  try {
    if (!process.env.TCG_KEEP_RUN) fs.rmSync(runDir, { recursive: true, force: true });
  } catch {
    // a process still stopping holds a file: the system's temporary folder is cleaned anyway
  }
}
process.once('exit', removeRunFolder);

export const mochaHooks = {
  afterAll(): void {
    const written = userCacheWrites(userCache, started, [REPO_ROOT, runDir]);
    removeRunFolder();
    assert.deepEqual(written, [], `this run wrote graph caches into the user's cache folder ${userCache}: every process a test starts must inherit XDG_CACHE_HOME (the run's own folder) or run with --no-cache`);
  },
};
