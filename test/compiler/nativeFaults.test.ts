import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { Worker } from 'worker_threads';
import { CancelledError } from '../../src/core/Logger';
import { indexWorkspace } from '../../src/core/indexer/indexWorkspace';
import { WorkspaceIndex } from '../../src/core/indexer/WorkspaceIndex';
import type { Logger } from '../../src/core/Logger';
import { FIXTURES_DIR } from '../support/loadFixture';

/** A copy of the sample fixture to edit. */
function sampleCopy(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-native-faults-'));
  fs.cpSync(path.join(FIXTURES_DIR, 'sample'), dir, { recursive: true });
  return dir;
}

function recordingLogger(): Logger & { errors: string[] } {
  const errors: string[] = [];
  return { errors, info: () => {}, warn: () => {}, error: (m: string) => errors.push(m) } as Logger & { errors: string[] };
}

/** The graph a healthy in-process index gives for `root`. */
async function expected(root: string): Promise<unknown> {
  return (await indexWorkspace({ root, compiler: 'inprocess' })).graph.snapshot();
}

describe('the native compiler failing', function () {
  this.timeout(180_000);
  let root: string;
  beforeEach(() => (root = sampleCopy()));
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('crashes during an index: restarted, the index is redone on the new process, the graph whole', async () => {
    const log = recordingLogger();
    let killed = 0;
    const index: WorkspaceIndex = new WorkspaceIndex({
      root,
      compiler: 'native',
      logger: log,
      onProgress: (done) => {
        if (done === 0 && killed++ === 0) process.kill(index.compiler.pid!, 'SIGKILL');
      },
    });
    try {
      const report = await index.indexAll();
      assert.equal(killed, 2, 'the index ran twice');
      assert.equal(index.compiler.kind, 'native');
      assert.match(report.compiler, /^TypeScript 7\.0\.2 \(native/);
      assert.ok(log.errors.some((e) => /the native TypeScript compiler failed .*: restarting it/.test(e)), log.errors.join('\n'));
      assert.deepEqual(index.graph.snapshot(), await expected(root));
    } finally {
      index.dispose();
    }
  });

  it('crashes again after its restart: the in-process compiler takes over, said loudly (log, stats, warnings)', async () => {
    const log = recordingLogger();
    const index: WorkspaceIndex = new WorkspaceIndex({
      root,
      compiler: 'native',
      logger: log,
      onProgress: (done) => {
        const pid = index.compiler.pid;
        if (done === 0 && pid) process.kill(pid, 'SIGKILL');
      },
    });
    try {
      const report = await index.indexAll();
      assert.equal(index.compiler.kind, 'inprocess');
      assert.match(report.compiler, /^the bundled TypeScript 6\.0\.3, .*; the native TypeScript compiler failed .* twice: indexed in process instead$/);
      assert.ok(report.warnings.some((w) => w.startsWith('compiler: the native TypeScript compiler failed')), report.warnings.join('\n'));
      assert.ok(log.errors.some((e) => /indexing with the bundled TypeScript 6\.0\.3 in process instead/.test(e)), log.errors.join('\n'));
      assert.deepEqual(index.graph.snapshot(), await expected(root));
      // Updates go on in process.
      const file = path.join(root, 'src/utils/format.ts');
      fs.writeFileSync(file, `${fs.readFileSync(file, 'utf8')}\nexport function added(): string { return formatDate(new Date()); }\n`);
      await index.update([file], []);
      assert.deepEqual(index.graph.snapshot(), await expected(root));
    } finally {
      index.dispose();
    }
  });

  it('hangs during an update: a watchdog stops it, the update is redone on a new process', async () => {
    const previous = process.env.TS_CODE_GRAPH_NATIVE_TIMEOUT_MS;
    process.env.TS_CODE_GRAPH_NATIVE_TIMEOUT_MS = '1500';
    const log = recordingLogger();
    const { index } = await indexWorkspace({ root, compiler: 'native', logger: log });
    try {
      process.kill(index.compiler.pid!, 'SIGSTOP');
      const file = path.join(root, 'src/orders/orderService.ts');
      fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace(/formatDate\(/g, 'String('));
      await index.update([file], []);
      assert.equal(index.compiler.kind, 'native');
      assert.ok(log.errors.some((e) => /did not answer within 2 s and was stopped/.test(e)), log.errors.join('\n'));
      assert.deepEqual(index.graph.snapshot(), await expected(root));
    } finally {
      if (previous === undefined) delete process.env.TS_CODE_GRAPH_NATIVE_TIMEOUT_MS;
      else process.env.TS_CODE_GRAPH_NATIVE_TIMEOUT_MS = previous;
      index.dispose();
    }
  });

  it('a cancelled update stops the native process mid-request, at once: no fault, and the next update builds afresh', async () => {
    // Without the cancellation reaching it, the stopped process would be killed by its watchdog after this long instead.
    const previous = process.env.TS_CODE_GRAPH_NATIVE_TIMEOUT_MS;
    process.env.TS_CODE_GRAPH_NATIVE_TIMEOUT_MS = '15000';
    const log = recordingLogger();
    const { index } = await indexWorkspace({ root, compiler: 'native', logger: log });
    try {
      const pid = index.compiler.pid!;
      // The request will hang (the process is stopped); another thread cancels 300 ms into it, as the
      // extension host does when a folder is closed or re-indexed while the worker's thread is blocked.
      process.kill(pid, 'SIGSTOP');
      const flag = new Int32Array(new SharedArrayBuffer(4));
      const token = { shared: flag, get isCancellationRequested() { return Atomics.load(flag, 0) !== 0; } };
      const canceller = new Worker('const { workerData } = require("worker_threads"); setTimeout(() => Atomics.store(workerData, 0, 1), 300);', { eval: true, workerData: flag });
      const file = path.join(root, 'src/orders/orderService.ts');
      fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace(/formatDate\(/g, 'String('));
      const started = Date.now();
      await assert.rejects(index.update([file], [], token), CancelledError);
      const millis = Date.now() - started;
      await canceller.terminate();
      assert.ok(millis < 5_000, `stopped ${millis} ms after the update began (its watchdog would stop it after 15 s)`);
      assert.equal(index.compiler.pid, undefined, 'the process is stopped');
      assert.deepEqual(log.errors, [], 'a cancellation is no fault');
      assert.equal(index.compiler.kind, 'native');
      await index.update([file], []);
      assert.notEqual(index.compiler.pid, pid, 'a new process');
      assert.deepEqual(index.graph.snapshot(), await expected(root));
    } finally {
      if (previous === undefined) delete process.env.TS_CODE_GRAPH_NATIVE_TIMEOUT_MS;
      else process.env.TS_CODE_GRAPH_NATIVE_TIMEOUT_MS = previous;
      index.dispose();
    }
  });
});
