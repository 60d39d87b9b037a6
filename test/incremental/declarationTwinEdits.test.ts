import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { indexWorkspace } from '../../src/core/indexer/indexWorkspace';
import { fixtureRoot } from '../support/loadFixture';
import { ScriptedOp, replace, replayScripted } from './scriptedEdits';
import { Files } from './workspaceEdits';

/**
 * Where a call through a `.d.ts` lands depends on the JavaScript beside it (see implementationTwin):
 * creating, deleting or renaming in either file, or retyping the declaration a caller reaches under
 * another name, must leave the graph and every answer as a full rebuild would.
 */
function initialFiles(): Files {
  const files: Files = new Map();
  for (const f of ['app.js', 'main.ts', 'lib/dates.js', 'lib/dates.d.ts', 'lib/index.js', 'lib/index.d.ts']) files.set(f, fs.readFileSync(path.join(fixtureRoot('declaration-twins'), f), 'utf8'));
  return files;
}

const remove = (file: string) => (files: Files) => (files.has(file) ? { [file]: null } : undefined);
const restore = (file: string) => (files: Files) => (files.has(file) ? undefined : { [file]: initialFiles().get(file)! });

const JS = 'lib/dates.js';
const DTS = 'lib/dates.d.ts';
const OPS: ScriptedOp[] = [
  // main.ts calls addDays as `plus`: the retyped declaration gives the call after it a target.
  { label: 'main.ts calls next on what plus returns', apply: replace('main.ts', 'plus(new Date(), 1).getTime()', 'plus(new Date(), 1).next(new Date()).getTime()') },
  { label: 'the declaration of addDays returns a Calendar', apply: replace(DTS, 'addDays(date: Date, n: number): Date;', 'addDays(date: Date, n: number): Calendar;') },
  { label: 'rename addDays in the JavaScript', apply: replace(JS, 'export function addDays(', 'export function addDaysJs(') },
  { label: 'the JavaScript implements onlyDeclared', apply: (files) => (files.has(JS) && !files.get(JS)!.includes('onlyDeclared') ? { [JS]: `${files.get(JS)}\nexport function onlyDeclared() {}\n` } : undefined) },
  { label: 'VERSION becomes a function in the JavaScript', apply: replace(JS, "export const VERSION = '1.0';", "export function VERSION() {\n  return '1.0';\n}") },
  { label: 'rename Calendar.next in the declaration', apply: replace(DTS, 'next(date: Date): Date;', 'following(date: Date): Date;') },
  { label: 'rename startOfDay in the declaration', apply: replace(DTS, 'export declare function startOfDay(', 'export declare function dayStart(') },
  { label: 'delete the JavaScript', apply: remove(JS) },
  { label: 're-create the JavaScript', apply: restore(JS) },
  { label: 'delete the declaration', apply: remove(DTS) },
  { label: 're-create the declaration', apply: restore(DTS) },
  { label: 'delete index.js', apply: remove('lib/index.js') },
];

describe('incremental update equals a full rebuild: a .d.ts and the JavaScript beside it', function () {
  this.timeout(300_000);
  replayScripted(initialFiles, OPS, { minApplied: OPS.length, seeds: [1, 2, 3] });

  it('starts from the cache as a fresh index would after the JavaScript appeared between runs', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-twin-'));
    const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-twin-cache-'));
    try {
      for (const [rel, text] of initialFiles()) {
        if (rel === JS) continue;
        fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
        fs.writeFileSync(path.join(root, rel), text);
      }
      const first = await indexWorkspace({ root, cacheDir });
      assert.ok(first.graph.snapshot().edges.some((e) => e.includes('app.js#tomorrow@function') && e.includes(`${DTS}#addDays@function`)), 'without the JavaScript, the declaration is the target');
      fs.writeFileSync(path.join(root, JS), initialFiles().get(JS)!);
      const cached = await indexWorkspace({ root, cacheDir });
      assert.equal(cached.report.cache, 'partial');
      const fresh = await indexWorkspace({ root });
      assert.deepEqual(cached.graph.snapshot(), fresh.graph.snapshot());
      assert.ok(fresh.graph.snapshot().edges.some((e) => e.includes('app.js#tomorrow@function') && e.includes(`${JS}#addDays@function`)));
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
      fs.rmSync(cacheDir, { recursive: true, force: true });
    }
  });
});
