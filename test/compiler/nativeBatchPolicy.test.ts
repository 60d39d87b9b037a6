import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { indexWorkspace } from '../../src/core/indexer/indexWorkspace';
import { writeWorkspace } from '../support/hostileWorkspace';

/** The scheduling policy of every thread of process `pid` (field 41 of /proc/<pid>/task/<tid>/stat: 0 normal, 3 batch). */
function policies(pid: number): number[] {
  const tasks = fs.readdirSync(path.join('/proc', String(pid), 'task'));
  return tasks.map((tid) => {
    const stat = fs.readFileSync(path.join('/proc', String(pid), 'task', tid, 'stat'), 'utf8');
    // The fields after the command's closing parenthesis, from field 3 on.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[41 - 3]);
  });
}

/**
 * The native compiler runs as Linux batch work (SCHED_BATCH, batchScheduling.ts): a request we write
 * wakes it without it taking our thread's CPU. Read from the running process's threads; the setting
 * is asked for without waiting, so the test gives it a moment.
 */
describe('the native compiler process: its scheduling policy', function () {
  this.timeout(120_000);
  let root: string;
  before(function () {
    if (process.platform !== 'linux') this.skip();
    root = writeWorkspace('tcg-batch-', {
      'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, noEmit: true }, include: ['src'] }),
      'src/a.ts': 'export function a(): number {\n  return 1;\n}\n',
      'src/b.ts': "import { a } from './a';\nexport const b = a();\n",
    });
  });
  after(() => root && fs.rmSync(root, { recursive: true, force: true }));

  /** The threads' policies once they are all `expected`, or as they are after two seconds. */
  async function policiesSettled(expected: number): Promise<number[]> {
    const { index } = await indexWorkspace({ root, compiler: 'native' });
    try {
      assert.equal(index.compiler.kind, 'native');
      const pid = index.compiler.pid;
      assert.ok(pid, 'a native process runs');
      // The normal policy is only seen to stay after a setting would have come (a few milliseconds).
      if (expected === 0) await new Promise((resolve) => setTimeout(resolve, 300));
      let seen = policies(pid);
      for (let i = 0; i < 40 && seen.some((p) => p !== expected); i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        seen = policies(pid);
      }
      return seen;
    } finally {
      index.dispose();
    }
  }

  it('every thread of the process is batch work (chrt from util-linux)', async () => {
    const seen = await policiesSettled(3);
    assert.ok(seen.length > 1, 'the Go runtime runs several threads');
    assert.deepEqual([...new Set(seen)], [3], `policies of its ${seen.length} threads: ${seen.join(' ')} (3 is SCHED_BATCH; is util-linux's chrt installed?)`);
  });

  it("never runs a chrt that PATH finds first (a workspace's folder on PATH): only the system's", async () => {
    const fake = fs.mkdtempSync(path.join(root, 'bin-'));
    const marker = path.join(fake, 'ran');
    fs.writeFileSync(path.join(fake, 'chrt'), `#!/bin/sh\ntouch '${marker}'\n`, { mode: 0o755 });
    const saved = process.env.PATH;
    process.env.PATH = `${fake}${path.delimiter}${saved ?? ''}`;
    try {
      const seen = await policiesSettled(3);
      assert.deepEqual([...new Set(seen)], [3], 'the system chrt set the policy');
      assert.equal(fs.existsSync(marker), false, 'the chrt on PATH did not run');
    } finally {
      process.env.PATH = saved;
    }
  });

  it('TS_CODE_GRAPH_NATIVE_BATCH=0 leaves the normal policy', async () => {
    process.env.TS_CODE_GRAPH_NATIVE_BATCH = '0';
    try {
      const seen = await policiesSettled(0);
      assert.deepEqual([...new Set(seen)], [0]);
    } finally {
      delete process.env.TS_CODE_GRAPH_NATIVE_BATCH;
    }
  });
});
