import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { indexWorkspace } from '../../src/core/indexer/indexWorkspace';

/**
 * A created file can change where an import that already resolved goes: `./util` finds util/index.ts
 * until util.ts exists. The importer has no unresolved import to say so; it depends on the file it
 * found, and must look again when a file shadows that one.
 */
describe('incremental update after a file that shadows another', () => {
  it('re-extracts the importers of the shadowed file, equal to a full rebuild', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-shadow-'));
    const write = (rel: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
      fs.writeFileSync(path.join(root, rel), text);
    };
    try {
      write('tsconfig.json', JSON.stringify({ compilerOptions: { strict: true, noEmit: true } }));
      write('util/index.ts', 'export function helper(): number {\n  return 1;\n}\n');
      write('app.ts', "import { helper } from './util';\n\nexport function run(): number {\n  return helper();\n}\n");
      write('bystander.ts', 'export function alone(): number {\n  return 2;\n}\n');
      const { index, graph } = await indexWorkspace({ root });
      assert.ok(graph.snapshot().edges.some((e) => e.includes('app.ts#run@function') && e.includes('util/index.ts#helper@function')));
      write('util.ts', 'export function helper(): number {\n  return 3;\n}\n');
      const report = await index.update(['util.ts'], []);
      const full = await indexWorkspace({ root });
      assert.ok(full.graph.snapshot().edges.some((e) => e.includes('app.ts#run@function') && e.includes('"util.ts#helper@function"')), 'util.ts now wins');
      assert.deepEqual(graph.snapshot(), full.graph.snapshot());
      assert.ok(!report.reindexed.includes('bystander.ts'), report.reindexed.join(', '));
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
