import * as assert from 'node:assert/strict';
import { ChildProcess, spawn } from 'child_process';
import { Watchdog, watchFromParent } from '../../src/core/compiler/native/Watchdog';
import type { WatchMessage } from '../../src/worker/protocol';
import { ParentWatches, watchThroughParent } from '../../src/worker/parentWatch';

/** A process that would run for a minute: what a native compiler that does not answer looks like to its watchdog. */
function sleeper(): { child: ChildProcess; ended: Promise<NodeJS.Signals | null> } {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
  const ended = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
  return { child, ended };
}

const within = <T>(ms: number, p: Promise<T>, what: string): Promise<T> =>
  Promise.race([p, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms))]);

describe("the native compiler's watchdog, run by the parent thread (parentWatch)", function () {
  this.timeout(20_000);
  const watches = new ParentWatches();
  const posted: WatchMessage[] = [];
  beforeEach(() => {
    posted.length = 0;
    // As graphWorker does, but the "parent" is this same thread: what the worker posts is handled here.
    watchThroughParent((m) => {
      posted.push(m);
      assert.ok(watches.handle(m), `a watchdog message: ${m.kind}`);
    });
  });
  afterEach(() => {
    watchFromParent(undefined);
    watches.stopAll();
  });

  it('kills a process whose request runs past its deadline, and says it timed out', async () => {
    const { child, ended } = sleeper();
    const dog = new Watchdog();
    dog.watch(child.pid!);
    assert.equal(posted[0]?.kind, 'watch', 'the parent was asked to watch: no thread of its own');
    dog.arm(200);
    assert.equal(await within(5_000, ended, 'killed'), 'SIGKILL');
    assert.ok(dog.fired && !dog.cancelled);
    dog.stop();
  });

  it("kills a process at once when the operation's cancellation flag is set, and says it was cancelled", async () => {
    const { child, ended } = sleeper();
    const dog = new Watchdog();
    const flag = new Int32Array(new SharedArrayBuffer(4));
    dog.cancelWith(flag);
    dog.watch(child.pid!);
    dog.arm(60_000);
    const started = Date.now();
    Atomics.store(flag, 0, 1);
    assert.equal(await within(5_000, ended, 'killed'), 'SIGKILL');
    assert.ok(Date.now() - started < 2_000);
    assert.ok(dog.cancelled && !dog.fired);
    dog.stop();
  });

  it('leaves a process alone without a running request, and once stopped', async () => {
    const { child, ended } = sleeper();
    const dog = new Watchdog();
    dog.watch(child.pid!);
    dog.arm(100);
    dog.disarm();
    const second = sleeper();
    const other = new Watchdog();
    other.watch(second.child.pid!);
    other.arm(100);
    other.stop();
    assert.deepEqual(posted.map((m) => m.kind), ['watch', 'watch', 'unwatch']);
    await new Promise((r) => setTimeout(r, 400));
    assert.equal(child.exitCode, null, 'disarmed: alive');
    assert.equal(child.signalCode, null);
    assert.equal(second.child.signalCode, null, 'unwatched: alive');
    child.kill();
    second.child.kill();
    await Promise.all([ended, second.ended]);
    dog.stop();
  });
});
