import * as assert from 'assert';
import { RestartPolicy, scheduleRestart } from '../../src/worker/RestartPolicy';

describe(RestartPolicy.name, () => {
  it('restarts after a growing delay, and stops at the third crash within two minutes', () => {
    const policy = new RestartPolicy();
    assert.deepStrictEqual(policy.onCrash(0), { action: 'restart', delayMs: 500, attempt: 1 });
    policy.onRecovered();
    assert.deepStrictEqual(policy.onCrash(10_000), { action: 'restart', delayMs: 2_000, attempt: 2 });
    policy.onRecovered();
    assert.deepStrictEqual(policy.onCrash(20_000), { action: 'stop', crashes: 3, why: 'it died 3 times within 2 minutes' });
  });

  it('forgets crashes older than the window when the worker recovered in between', () => {
    const policy = new RestartPolicy();
    policy.onCrash(0);
    policy.onRecovered();
    policy.onCrash(60_000);
    policy.onRecovered();
    assert.deepStrictEqual(policy.onCrash(130_000), { action: 'restart', delayMs: 2_000, attempt: 2 }, 'the crash at 0 is out of the window');
    policy.onRecovered();
    assert.strictEqual(policy.onCrash(400_000).action, 'restart');
  });

  it('stops a slow loop: three crashes in a row with no recovery, however far apart', () => {
    const policy = new RestartPolicy();
    assert.strictEqual(policy.onCrash(0).action, 'restart');
    assert.deepStrictEqual(policy.onCrash(180_000), { action: 'restart', delayMs: 2_000, attempt: 2 });
    assert.deepStrictEqual(policy.onCrash(360_000), { action: 'stop', crashes: 3, why: 'it died 3 times in a row before it could re-open the workspace' });
  });

  // Issue 39: on payload the MCP server restarted a worker that ran out of memory minutes into
  // every index; the same workspace with the same limit needs the same memory.
  it('out of memory before the worker finished indexing: stops at once', () => {
    const policy = new RestartPolicy();
    assert.deepStrictEqual(policy.onCrash(0, true), {
      action: 'stop',
      crashes: 1,
      why: 'it ran out of memory before it finished indexing, and indexing again with the same limit would too',
      outOfMemory: true,
    });
  });

  it('out of memory after it was serving: one restart; a second time, however late: stop; a reset forgets', () => {
    const policy = new RestartPolicy();
    policy.onRecovered();
    assert.deepStrictEqual(policy.onCrash(0, true), { action: 'restart', delayMs: 500, attempt: 1 });
    policy.onRecovered();
    assert.deepStrictEqual(policy.onCrash(3_600_000, true), { action: 'stop', crashes: 1, why: 'it ran out of memory twice', outOfMemory: true });
    policy.reset();
    policy.onRecovered();
    assert.strictEqual(policy.onCrash(3_700_000, true).action, 'restart');
  });

  it('starts over after a reset (the Rebuild command)', () => {
    const policy = new RestartPolicy();
    policy.onCrash(0);
    policy.onCrash(1);
    policy.reset();
    assert.deepStrictEqual(policy.onCrash(2), { action: 'restart', delayMs: 500, attempt: 1 });
  });
});

describe(scheduleRestart.name, () => {
  it('starts after the delay, then settles done', async () => {
    const started: number[] = [];
    const t0 = Date.now();
    const pending = scheduleRestart(30, () => started.push(Date.now() - t0));
    assert.deepStrictEqual(started, []);
    await pending.done;
    assert.strictEqual(started.length, 1);
    assert.ok(started[0] >= 25, `started after ${started[0]} ms`);
  });

  it('a cancelled restart never starts, and nobody waiting on it waits forever', async () => {
    let started = false;
    const pending = scheduleRestart(20, () => (started = true));
    pending.cancel();
    await pending.done;
    await new Promise((r) => setTimeout(r, 40));
    assert.strictEqual(started, false);
  });
});
