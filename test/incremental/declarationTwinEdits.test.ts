import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { indexWorkspace } from '../../src/core/indexer/indexWorkspace';
import { fixtureRoot } from '../support/loadFixture';
import { mulberry32 } from '../support/mulberry32';
import { replay } from './replayEdits';
import { Edit, Files } from './workspaceEdits';

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

type Op = { label: string; apply: (files: Files) => Record<string, string | null> | undefined };

const replace = (file: string, from: string, to: string) => (files: Files) => {
  const text = files.get(file);
  return text !== undefined && text.includes(from) ? { [file]: text.split(from).join(to) } : undefined;
};
const remove = (file: string) => (files: Files) => (files.has(file) ? { [file]: null } : undefined);
const restore = (file: string) => (files: Files) => (files.has(file) ? undefined : { [file]: initialFiles().get(file)! });

const JS = 'lib/dates.js';
const DTS = 'lib/dates.d.ts';
const OPS: Op[] = [
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

function toEdit(op: Op, files: Files): Edit | undefined {
  const writes = op.apply(files);
  if (!writes) return undefined;
  const edit: Edit = { label: op.label, changed: [], deleted: [], writes: {} };
  for (const [file, text] of Object.entries(writes)) {
    if (text === null) {
      files.delete(file);
      edit.deleted.push(file);
    } else {
      files.set(file, text);
      edit.changed.push(file);
      edit.writes![file] = text;
    }
  }
  return edit;
}

function sequence(order: Op[]): Edit[] {
  const files = initialFiles();
  return order.map((op) => toEdit(op, files)).filter((e): e is Edit => e !== undefined);
}

describe('incremental update equals a full rebuild: a .d.ts and the JavaScript beside it', function () {
  this.timeout(300_000);

  it('in the written order', async () => {
    const edits = sequence(OPS);
    assert.equal(edits.length, OPS.length);
    const failure = await replay(initialFiles(), edits);
    assert.equal(failure, undefined, failure && `after "${edits[failure.step].label}":\n${failure.detail}`);
  });

  for (const seed of [1, 2, 3]) {
    it(`in a random order (seed ${seed})`, async () => {
      const random = mulberry32(seed);
      const order = [...OPS];
      for (let i = order.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [order[i], order[j]] = [order[j], order[i]];
      }
      const edits = sequence(order);
      const failure = await replay(initialFiles(), edits);
      assert.equal(failure, undefined, failure && `after ${edits.slice(0, failure.step + 1).map((e) => e.label).join(' → ')}:\n${failure.detail}`);
    });
  }

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
