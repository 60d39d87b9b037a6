import * as assert from 'assert';
import { RestartPolicy } from './RestartPolicy';

describe(RestartPolicy.name, () => {
  it('restarts after a growing delay, and stops at the third crash within two minutes', () => {
    const policy = new RestartPolicy();
    assert.deepStrictEqual(policy.onCrash(0), { action: 'restart', delayMs: 500, attempt: 1 });
    assert.deepStrictEqual(policy.onCrash(10_000), { action: 'restart', delayMs: 2_000, attempt: 2 });
    assert.deepStrictEqual(policy.onCrash(20_000), { action: 'stop', crashes: 3, withinMs: 120_000 });
  });

  it('forgets crashes older than the window', () => {
    const policy = new RestartPolicy();
    policy.onCrash(0);
    policy.onCrash(60_000);
    assert.deepStrictEqual(policy.onCrash(130_000), { action: 'restart', delayMs: 2_000, attempt: 2 }, 'the crash at 0 is out of the window');
    assert.strictEqual(policy.onCrash(400_000).action, 'restart');
  });

  it('starts over after a reset (the Rebuild command)', () => {
    const policy = new RestartPolicy();
    policy.onCrash(0);
    policy.onCrash(1);
    policy.reset();
    assert.deepStrictEqual(policy.onCrash(2), { action: 'restart', delayMs: 500, attempt: 1 });
  });
});
