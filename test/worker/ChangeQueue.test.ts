import * as assert from 'assert';
import { ChangeBatch, ChangeQueue, Timers } from '../../src/worker/ChangeQueue';

/** Timers run by hand: `tick()` fires the pending one. */
function manualTimers(): Timers & { tick(): void; pending(): number } {
  let next: (() => void) | undefined;
  return {
    setTimeout: (cb) => ((next = cb), 1),
    clearTimeout: () => void (next = undefined),
    tick: () => {
      const cb = next;
      next = undefined;
      cb?.();
    },
    pending: () => (next ? 1 : 0),
  };
}

describe(ChangeQueue.name, () => {
  it('coalesces a burst into one batch, sent when the timer fires', () => {
    const sent: ChangeBatch[] = [];
    const timers = manualTimers();
    const queue = new ChangeQueue((b) => sent.push(b), 150, timers);
    queue.changed('/w/a.ts');
    queue.changed('/w/b.ts');
    queue.changed('/w/a.ts');
    queue.deleted('/w/c.ts');
    assert.deepStrictEqual(sent, []);
    timers.tick();
    assert.deepStrictEqual(sent, [{ changed: ['/w/a.ts', '/w/b.ts'], deleted: ['/w/c.ts'] }]);
  });

  it('flush() sends at once and cancels the timer (a query never waits for it)', () => {
    const sent: ChangeBatch[] = [];
    const timers = manualTimers();
    const queue = new ChangeQueue((b) => sent.push(b), 150, timers);
    queue.changed('/w/a.ts');
    queue.flush();
    assert.deepStrictEqual(sent, [{ changed: ['/w/a.ts'], deleted: [] }]);
    assert.strictEqual(timers.pending(), 0);
    queue.flush();
    assert.strictEqual(sent.length, 1, 'an empty flush sends nothing');
  });

  it('keeps the last event of a path (delete then re-create is a change)', () => {
    const sent: ChangeBatch[] = [];
    const queue = new ChangeQueue((b) => sent.push(b), 150, manualTimers());
    queue.deleted('/w/a.ts');
    queue.changed('/w/a.ts');
    queue.changed('/w/b.ts');
    queue.deleted('/w/b.ts');
    queue.flush();
    assert.deepStrictEqual(sent, [{ changed: ['/w/a.ts'], deleted: ['/w/b.ts'] }]);
  });
});
