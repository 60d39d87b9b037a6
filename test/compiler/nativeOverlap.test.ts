import * as assert from 'node:assert/strict';
import * as path from 'path';
import { overlapOf } from '../../src/core/compiler/native/overlap';
import { pinnedNative } from '../../src/core/compiler/native/nativeModules';
import { indexWorkspace } from '../../src/core/indexer/indexWorkspace';
import { exportGraph } from '../../src/worker/exportGraph';
import { FIXTURES_DIR } from '../support/loadFixture';

/** The pinned native compiler's API client on a process of its own, or undefined where this platform has none. */
function nativeApi(): { echo(text: string): string; pid: number; close(): void } | undefined {
  const native = pinnedNative();
  if ('problem' in native) return undefined;
  const api = new native.sync.API({ cwd: FIXTURES_DIR, tsserverPath: native.exe }) as unknown as {
    client: { echo(text: string): string; channel: { child: { pid: number } } };
    close(): void;
  };
  return Object.assign(api, { echo: (text: string) => api.client.echo(text), pid: api.client.channel.child.pid });
}

/** Runs `check` with a native API process and an Overlap on its channel, then closes the process; skips where this platform has none. */
function withOverlap(test: Mocha.Context, check: (api: NonNullable<ReturnType<typeof nativeApi>>, overlap: NonNullable<ReturnType<typeof overlapOf>>) => void): void {
  const api = nativeApi();
  if (!api) return test.skip(); // no native compiler on this platform
  try {
    const overlap = overlapOf(api);
    assert.ok(overlap, "the pinned API's channel is the one overlap.ts knows");
    check(api, overlap);
  } finally {
    api.close();
  }
}

/** A graph as text, the same for the same graph. */
async function exported(root: string, overlap: boolean): Promise<{ text: string; counts: { ran: number; dropped: number; busy: number } | undefined; files: number }> {
  const previous = process.env.TS_CODE_GRAPH_NATIVE_OVERLAP;
  if (!overlap) process.env.TS_CODE_GRAPH_NATIVE_OVERLAP = '0';
  try {
    const { index } = await indexWorkspace({ root, compiler: 'native' });
    try {
      const counts = (index.compiler as { overlapCounts?: { ran: number; dropped: number; busy: number } }).overlapCounts;
      return { text: JSON.stringify(exportGraph(index.graph, root)), counts: counts && { ...counts }, files: index.graph.files().length };
    } finally {
      index.dispose();
    }
  } finally {
    if (previous === undefined) delete process.env.TS_CODE_GRAPH_NATIVE_OVERLAP;
    else process.env.TS_CODE_GRAPH_NATIVE_OVERLAP = previous;
  }
}

describe("the native compiler answers while we walk the next file (overlap)", function () {
  this.timeout(120_000);

  it('runs our work after the request is written and before its answer is read, and the answer is the right one', function () {
    withOverlap(this, (api, overlap) => {
      const order: string[] = [];
      const answer = overlap.run(
        () => {
          order.push('request');
          const a = api.echo('first');
          order.push('answered');
          return a;
        },
        () => order.push('meanwhile'),
      );
      assert.equal(answer, 'first');
      assert.deepEqual(order, ['request', 'meanwhile', 'answered']);
      assert.equal(api.echo('second'), 'second', 'the pipe is in step afterwards');
      assert.deepEqual(overlap.counts, { ran: 1, dropped: 0, busy: 0 });
    });
  });

  it('a request made meanwhile is refused (the pipe holds one unanswered), that work is dropped, and the answer still comes', function () {
    withOverlap(this, (api, overlap) => {
      let refused: unknown;
      const answer = overlap.run(
        () => api.echo('outer'),
        () => {
          try {
            api.echo('inner');
          } catch (err) {
            refused = err;
            throw err;
          }
        },
      );
      assert.equal(answer, 'outer');
      assert.match(String(refused), /while another waited for its answer/);
      assert.deepEqual(overlap.counts, { ran: 1, dropped: 1, busy: 1 });
      assert.equal(api.echo('after'), 'after');
    });
  });

  it('the process dying meanwhile fails the request (as any request to a dead process), no hang', function () {
    withOverlap(this, (api, overlap) => {
      assert.throws(
        () => overlap.run(() => api.echo('lost'), () => process.kill(api.pid, 'SIGKILL')),
        /EOF|EPIPE|closed|exited/,
      );
    });
  });

  it('an index walks each next file while the compiler answers the one before, and builds the same graph as without', async function () {
    if ('problem' in pinnedNative()) return this.skip();
    const root = path.join(FIXTURES_DIR, 'sample');
    const withOverlap = await exported(root, true);
    const without = await exported(root, false);
    assert.equal(without.counts, undefined, 'TS_CODE_GRAPH_NATIVE_OVERLAP=0: none');
    assert.equal(withOverlap.text, without.text);
    // Every file but the last of its project has a next one; a next file whose naming asks the
    // compiler (merged declarations) is dropped and walked at its own turn.
    const { ran, dropped, busy } = withOverlap.counts!;
    assert.ok(ran >= withOverlap.files / 2 && ran < withOverlap.files, `${ran} overlapped of ${withOverlap.files} files`);
    assert.equal(dropped, busy, 'only a request dropped a walk');
  });
});
