import * as assert from 'assert';
import * as vscode from 'vscode';
import { TOOLS, activateExtension, expectedText, invoke } from './helpers';

/**
 * Issue 13, point 3, in the real extension host with the built worker (dist/worker.js): the graph
 * worker is killed the ways real workers die (exit, out of memory against its own heap limit), and
 * restarts by itself; a query sent while it restarts waits and gets the right answer; the third
 * death within two minutes stops it with an error, and Rebuild brings it back. Runs last: it kills
 * the worker the other suites use.
 */
suite('worker recovery', () => {
  const query = { file_path: 'app/src/utils/format.ts', symbol: 'formatDate' };
  const expected = () => expectedText('app', { query: 'dependentsOf', file_path: 'src/utils/format.ts', symbol: 'formatDate' });
  const crash = (how: 'exit' | 'throw' | 'oom') => vscode.commands.executeCommand('tsCodeGraph.test.crashWorker', how);

  async function until(what: string, check: () => boolean, ms = 20_000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  // A clean slate whatever the suites before did: Rebuild forgets earlier crashes (RestartPolicy.reset),
  // so the back-off delays and the stop after the third death below are this suite's own.
  suiteSetup(async () => {
    const api = (await activateExtension()).exports;
    await vscode.commands.executeCommand('tsCodeGraph.rebuild');
    await until('every folder is ready after the rebuild', () => api.status().length > 0 && api.status().every((f) => f.state === 'ready'), 60_000);
  });

  test('a crashed worker restarts by itself; the query in flight gets the right answer after the restart', async () => {
    const api = (await activateExtension()).exports;
    const answer = await expected();
    assert.strictEqual(await invoke(TOOLS.dependentsOf, query), answer);
    await crash('exit');
    // Posted after the crash request: the worker dies with this query in flight.
    const inFlight = invoke(TOOLS.dependentsOf, query);
    await until('the status says restarting', () => api.status().some((f) => f.state === 'restarting'));
    assert.strictEqual(await inFlight, answer, 'the query in flight when the worker died is asked again after the restart');
    assert.strictEqual(await invoke(TOOLS.dependentsOf, query), answer);
    assert.ok(api.status().every((f) => f.state === 'ready'));
    assert.ok(api.recentLog().some((l) => l.includes('the graph worker exited unexpectedly (exit code 70). Restarting it in 500 ms')), api.recentLog().join('\n'));
  });

  test('out of memory ends the worker, not the extension host; the log and the status say so', async () => {
    const api = (await activateExtension()).exports;
    await crash('oom');
    await until('the status names the out-of-memory restart', () => api.status().some((f) => f.state === 'restarting' && /ran out of memory/.test(f.error ?? '')));
    assert.ok(api.recentLog().some((l) => l.includes('the graph worker ran out of memory (its heap limit is 512 MB). Restarting it in 2000 ms')));
    assert.strictEqual(await invoke(TOOLS.dependentsOf, query), await expected());
  });

  test('the third death within two minutes stops it with a clear answer; Rebuild brings it back', async () => {
    const api = (await activateExtension()).exports;
    await crash('throw');
    await until('the worker is stopped', () => api.status().every((f) => f.state === 'failed'));
    const stopped = await invoke(TOOLS.dependentsOf, query);
    assert.match(stopped, /not restarted again.*Rebuild Graph/s, stopped);
    await vscode.commands.executeCommand('tsCodeGraph.rebuild');
    assert.strictEqual(await invoke(TOOLS.dependentsOf, query), await expected());
  });
});
