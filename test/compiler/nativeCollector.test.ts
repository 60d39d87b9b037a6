import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { indexWorkspace } from '../../src/core/indexer/indexWorkspace';
import { writeWorkspace } from '../support/hostileWorkspace';

/**
 * The native compiler's collector is told how hard to work through its process's environment: a
 * memory limit from the budget always, and GOGC=200 (collect less often) only where the workspace's
 * programs are expected to take at most a third of that limit. Read from the running process itself
 * (/proc/<pid>/environ), whichever compiler the suite runs; our own environment is left as it was.
 */
describe('the native compiler process: its collector settings', function () {
  this.timeout(120_000);
  let root: string;
  before(function () {
    if (process.platform !== 'linux') this.skip();
    const files: Record<string, string> = { 'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, noEmit: true }, include: ['src'] }) };
    for (let i = 0; i < 40; i++) files[`src/m${i}.ts`] = `export function f${i}(): number {\n  return ${i};\n}\n`;
    root = writeWorkspace('tcg-gogc-', files);
  });
  after(() => root && fs.rmSync(root, { recursive: true, force: true }));

  async function environmentOf(options: { memoryMb?: number }): Promise<Map<string, string>> {
    const { index } = await indexWorkspace({ root, compiler: 'native', ...options });
    try {
      assert.equal(index.compiler.kind, 'native');
      const pid = index.compiler.pid;
      assert.ok(pid, 'a native process runs');
      const raw = fs.readFileSync(path.join('/proc', String(pid), 'environ'), 'utf8');
      return new Map(raw.split('\0').filter(Boolean).map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]));
    } finally {
      index.dispose();
    }
  }

  it('collects less often where the programs leave ample room, at the default pace where they do not', async () => {
    const saved = process.env.GOGC;
    const limit = process.env.GOMEMLIMIT;
    delete process.env.GOGC;
    try {
      const roomy = await environmentOf({ memoryMb: 4096 });
      assert.equal(roomy.get('GOGC'), '200', '40 files against a 2 GB share of the budget');
      if (limit === undefined) assert.equal(roomy.get('GOMEMLIMIT'), `${2048 + 128}MiB`, 'the memory limit is the programs share of the budget');
      // 64 MB: programs may take 32 MB; 40 files are expected to take 28 MB.
      const tight = await environmentOf({ memoryMb: 64 });
      assert.equal(tight.has('GOGC'), false, 'no GOGC where the programs are expected to fill the limit');
      if (limit === undefined) assert.equal(tight.get('GOMEMLIMIT'), '384MiB', 'the limit (at least 256 MB, and room for the runtime)');
      assert.equal(process.env.GOGC, undefined, 'our own environment is left as it was');
      assert.equal(process.env.GOMEMLIMIT, limit);
    } finally {
      if (saved !== undefined) process.env.GOGC = saved;
    }
  });

  it('keeps a GOGC the environment sets', async () => {
    const saved = process.env.GOGC;
    process.env.GOGC = '150';
    try {
      assert.equal((await environmentOf({ memoryMb: 4096 })).get('GOGC'), '150');
    } finally {
      if (saved === undefined) delete process.env.GOGC;
      else process.env.GOGC = saved;
    }
  });
});
