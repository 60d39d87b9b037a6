import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { indexWorkspace } from '../../src/core/indexer/indexWorkspace';
import { writeWorkspace } from '../support/hostileWorkspace';

/**
 * `rm -rf src/gen` (or a folder deleted in the explorer) reaches the core as ONE deleted path, the
 * folder's: file watchers report a folder, not the files it held. The update must drop every file
 * under it, exactly like a full rebuild of what is left — after a full index and after a start from
 * the persisted cache alike.
 */
describe('incremental update: a deleted folder', () => {
  let root: string;
  beforeEach(() => {
    root = writeWorkspace('tcg-rmdir-', {
      'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, noEmit: true }, include: ['src'] }),
      'src/format.ts': 'export function formatDate(d: number): string {\n  return String(d);\n}\n',
      'src/gen/a.ts': "import { formatDate } from '../format';\nexport function genA(): string {\n  return formatDate(1);\n}\n",
      'src/gen/deep/b.ts': "import { genA } from '../a';\nexport function genB(): string {\n  return genA();\n}\n",
      'src/general.ts': "import { formatDate } from './format';\nexport function keep(): string {\n  return formatDate(2);\n}\n",
    });
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  for (const form of ['absolute', 'root-relative', 'with a trailing slash']) {
    it(`drops every file under the folder (path ${form})`, async () => {
      const { index, graph } = await indexWorkspace({ root });
      assert.ok(graph.hasFile('src/gen/deep/b.ts'));
      fs.rmSync(path.join(root, 'src/gen'), { recursive: true, force: true });
      const given = form === 'absolute' ? path.join(root, 'src/gen') : form === 'root-relative' ? 'src/gen' : 'src/gen/';
      const report = await index.update([], [given]);
      assert.deepEqual(report.removed.sort(), ['src/gen/a.ts', 'src/gen/deep/b.ts']);
      // A sibling whose name only starts like the folder's stays.
      assert.ok(graph.hasFile('src/general.ts'));
      const fresh = await indexWorkspace({ root });
      assert.deepEqual(graph.snapshot(), fresh.graph.snapshot());
    });
  }

  it('drops every file under the folder after a start from the persisted cache', async () => {
    const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-rmdir-cache-'));
    try {
    await indexWorkspace({ root, cacheDir });
    const second = await indexWorkspace({ root, cacheDir });
    assert.equal(second.report.cache, 'full');
    fs.rmSync(path.join(root, 'src/gen'), { recursive: true, force: true });
    const report = await second.index.update([], [path.join(root, 'src/gen')]);
    assert.deepEqual(report.removed.sort(), ['src/gen/a.ts', 'src/gen/deep/b.ts']);
    const fresh = await indexWorkspace({ root });
    assert.deepEqual(second.graph.snapshot(), fresh.graph.snapshot());
    } finally {
      fs.rmSync(cacheDir, { recursive: true, force: true });
    }
  });
});
