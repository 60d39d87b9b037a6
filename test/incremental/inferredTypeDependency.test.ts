import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { indexWorkspace } from '../../src/core/indexer/indexWorkspace';
import { replay } from './replayEdits';

/**
 * The one dependency no import shows: c.ts reaches a.ts's interface only through the inferred type
 * of b.ts's function. Adding the member c.ts already calls must give c.ts its edge, as a full
 * rebuild does, although b.ts (whose text and shape do not change) is the only file c.ts imports.
 */
describe('incremental update through an inferred type', () => {
  it('a member added to an interface reaches a caller that only imports a third file', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-inferred-'));
    const write = (rel: string, text: string) => fs.writeFileSync(path.join(root, rel), text);
    try {
      write('tsconfig.json', JSON.stringify({ compilerOptions: { strict: true, noEmit: true }, include: ['*.ts'] }));
      write('a.ts', 'export interface Store {\n  load(): string;\n}\n');
      write('b.ts', "import { Store } from './a';\n\nexport function getStore(): Store {\n  return { load: () => 'x' };\n}\n");
      write('c.ts', "import { getStore } from './b';\n\nexport function run(): void {\n  getStore().save();\n}\n");
      const { index } = await indexWorkspace({ root });
      write('a.ts', 'export interface Store {\n  load(): string;\n  save(): void;\n}\n');
      await index.update(['a.ts'], []);
      const fresh = await indexWorkspace({ root });
      assert.ok(fresh.graph.snapshot().edges.some((e) => e.includes('c.ts#run@function') && e.includes('Store.save')), 'fresh index has run → Store.save');
      assert.deepEqual(index.graph.snapshot(), fresh.graph.snapshot());
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('a destructured member follows the member through add, rename and removal', async () => {
    const store = (members: string) => `export interface Store {\n  load(): string;\n${members}}\n`;
    const initial = new Map([
      ['tsconfig.json', JSON.stringify({ compilerOptions: { strict: true, noEmit: true }, include: ['*.ts'] })],
      ['a.ts', store('')],
      ['b.ts', "import { Store } from './a';\n\nexport function getStore(): Store {\n  return { load: () => 'x' };\n}\n"],
      ['c.ts', "import { getStore } from './b';\n\nexport function run(): void {\n  const { save } = getStore();\n  save();\n}\n"],
    ]);
    const steps = [store('  save(): void;\n'), store('  store(): void;\n'), store('  save(): void;\n'), store('')];
    const edits = steps.map((text, i) => ({ label: `a.ts, step ${i}`, changed: ['a.ts'], deleted: [], writes: { 'a.ts': text } }));
    const failure = await replay(initial, edits, (fresh, step) => {
      const hasEdge = fresh.snapshot().edges.some((e) => e.includes('c.ts#run@function') && e.includes('Store.save'));
      assert.equal(hasEdge, steps[step].includes('save'), `step ${step}: a fresh index has run → Store.save exactly when Store has save`);
    });
    assert.equal(failure, undefined, failure && `after step ${failure.step}:\n${failure.detail}`);
  });
});
