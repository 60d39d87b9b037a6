import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { shapeDelta } from '../../src/core/indexer/incremental/fileShape';
import { indexWorkspace } from '../../src/core/indexer/indexWorkspace';

/**
 * Adding an export to a widely imported file re-extracts only the dependents that can see it: files
 * that mention the new name (an import that did not resolve yet, a namespace access) and files that
 * re-export everything (where the new name can clash with another module's). The result must equal
 * a full rebuild, and a file that mentions none of it is not re-extracted.
 */
describe('incremental update after an added export', () => {
  const hub = "export function used(): number {\n  return 1;\n}\n";
  const files: Record<string, string> = {
    'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, noEmit: true }, include: ['*.ts'] }),
    'hub.ts': hub,
    'other.ts': "export function added(): string {\n  return 'other';\n}\n",
    // Imports a name hub.ts does not have yet: an error now, an edge after the edit.
    'early.ts': "import { used, added } from './hub';\nexport function early(): void {\n  used();\n  added();\n}\n",
    // Both modules export `added` after the edit: the barrel's two `export *` clash.
    'barrel.ts': "export * from './hub';\nexport * from './other';\n",
    'viaBarrel.ts': "import { added } from './barrel';\nexport function viaBarrel(): void {\n  added();\n}\n",
    'namespace.ts': "import * as h from './hub';\nexport function viaNamespace(): void {\n  h.used();\n  h.added();\n}\n",
    'bystander.ts': "import { used } from './hub';\nexport function bystander(): number {\n  return used();\n}\n",
  };

  it('re-extracts the files that can see the new export, equal to a full rebuild', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-added-'));
    try {
      for (const [rel, text] of Object.entries(files)) fs.writeFileSync(path.join(root, rel), text);
      const { index } = await indexWorkspace({ root });
      assert.ok(index.graph.snapshot().edges.some((e) => e.includes('viaBarrel.ts#viaBarrel@function') && e.includes('other.ts#added')), 'before: the barrel resolves added() to other.ts');
      fs.writeFileSync(path.join(root, 'hub.ts'), `${hub}export function added(): number {\n  return 2;\n}\n`);
      const report = await index.update(['hub.ts'], []);
      const full = await indexWorkspace({ root });
      assert.deepEqual(index.graph.snapshot(), full.graph.snapshot());
      const edges = full.graph.snapshot().edges;
      assert.ok(edges.some((e) => e.includes('early.ts#early@function') && e.includes('hub.ts#added')), 'early() now calls hub.added');
      assert.ok(edges.some((e) => e.includes('namespace.ts#viaNamespace@function') && e.includes('hub.ts#added')), 'h.added() now resolves');
      assert.ok(report.reindexed.includes('barrel.ts'), 'a file with export * is re-extracted');
      assert.ok(!report.reindexed.includes('bystander.ts'), `bystander.ts mentions nothing new: ${report.reindexed.join(', ')}`);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('puts a whole-shape change in names, or says it cannot', () => {
    const shape = (ids: string[], blocks: string[]) => [ids.join('|'), ...blocks.map((b) => `\u0000${b}`)].join('\n');
    const ids = ['h.ts#h.ts@module', 'h.ts#used@function', 'h.ts#Box@interface', 'h.ts#Box.size@property'];
    const box = (size: string) => `Box=Box@h.ts:64\nBox\n size@h.ts:4:${size}`;
    const before = shape(ids, ['used=used@h.ts:16\n() => number', box('number')]);
    const nothing = { exports: [], changedExports: [], members: [], types: [] };
    assert.deepEqual(shapeDelta(before, before), nothing);
    const added = shape([...ids, 'h.ts#added@function'], ['used=used@h.ts:16\n() => number', box('number'), 'added=added@h.ts:16\n() => number']);
    assert.deepEqual(shapeDelta(before, added), { ...nothing, exports: ['added'] });
    assert.deepEqual(shapeDelta(added, before), { ...nothing, changedExports: ['added'] }, 'a removal');
    const retyped = shape(ids, ['used=used@h.ts:16\n() => string', box('number')]);
    assert.deepEqual(shapeDelta(before, retyped), { ...nothing, changedExports: ['used'] }, 'a changed type');
    const aliased = shape(ids, ['used=other@h.ts:16\n() => number', box('number')]);
    assert.deepEqual(shapeDelta(before, aliased)?.changedExports.sort(), ['other', 'used'], 'the names it was and is declared as');
    assert.deepEqual(shapeDelta(before, shape(ids, ['used=used@h.ts:16\n() => number', box('string')])), { ...nothing, members: ['size'], types: ['Box'] }, 'a retyped member');
    assert.equal(shapeDelta(before, shape([...ids, 'h.ts#helper@function'], ['used=used@h.ts:16\n() => number', box('number')])), undefined, 'a new node that is no new export');
    assert.equal(shapeDelta(before, shape(ids, ['used=used@h.ts:16\n() => number', box('number'), 'default=used@h.ts:16\n() => number'])), undefined, 'a default export');
    // A re-export whose source no longer has the name leads to the checker's `unknown` symbol, which
    // has no declaration: only the exported name changed, not a name `unknown` any file might use.
    const reexport = shape(ids, ['used=used@h.ts:16\n() => number', box('number')]);
    const dangling = shape(ids, ['used=unknown@?:0', box('number')]);
    assert.deepEqual(shapeDelta(reexport, dangling), { ...nothing, changedExports: ['used'] }, 'a re-export left dangling');
    assert.deepEqual(shapeDelta(dangling, reexport)?.changedExports.sort(), ['used'], 'and restored');
    assert.equal(shapeDelta('script\nx', 'script\ny'), undefined);
    assert.equal(shapeDelta(before, 'unknown 1 boom'), undefined);
  });
});
