import * as assert from 'node:assert/strict';
import * as path from 'path';
import { CLI_WORDS } from '../../src/cli/workerGraphs';
import { notAvailableText } from '../../src/worker/failureTexts';
import { fixtureDir, repoRoot } from '../support/goldenFixtures';
import { runCaptured } from './runCaptured';

/**
 * The CLI is a host like the others: it asks the graph worker through the host kit (GraphSupervisor,
 * `ask`), so a worker that dies under a query is restarted and asked again, and when it keeps dying
 * the failure is worded by the shared failure texts, in the CLI's words.
 */
describe('the CLI asks the graph worker through the host kit', function () {
  // RestartPolicy's back-offs come before the last death.
  this.timeout(60_000);

  it('a worker that dies under every query: restarted and asked again, then the shared "not available" text, exit 1', async () => {
    const workerPath = path.join(__dirname, 'dyingWorker.js');
    const run = await runCaptured(['--root', fixtureDir('sample'), '--no-cache', 'dependentsOf', 'src/utils/format.ts', 'formatDate'], repoRoot, { workerPath });
    assert.equal(run.stdout, '');
    const stopped = 'the graph worker exited unexpectedly (exit code 70); it died 3 times within 2 minutes, so it is not restarted again';
    assert.equal(run.stderr, `${notAvailableText(stopped, CLI_WORDS)}\n`);
    assert.equal(run.code, 1);
  });
});
