import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { indexWorkspace } from '../../src/core/indexer/indexWorkspace';
import { cacheFileFor } from '../../src/core/indexer/cache/IndexCache';

/**
 * A start from the cache after a file most others import changed: with its shape printed when the
 * cache was written, only the dependents that name what changed are re-indexed (as an update does),
 * and the graph is always the one a fresh index builds.
 */
describe('a start from the cache after a hub changed compares its shape, as an update does', function () {
  this.timeout(120_000);
  let root: string;
  let cacheDir: string;
  const USERS = 22;

  const write = (rel: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  };
  const edit = (rel: string, change: (text: string) => string) => {
    const before = fs.readFileSync(path.join(root, rel), 'utf8');
    const after = change(before);
    assert.notEqual(after, before, `the edit of ${rel} changes it`);
    fs.writeFileSync(path.join(root, rel), after);
  };
  const fresh = async () => (await indexWorkspace({ root })).graph.snapshot();
  /** A start from the cache: its graph, and how many files it re-indexed (its log). */
  const start = async () => {
    const logged: string[] = [];
    const { graph, report } = await indexWorkspace({ root, cacheDir, logger: { info: (m) => logged.push(m), warn() {}, error() {} } });
    const line = logged.find((m) => /^cache: \d+ files loaded, \d+ re-indexed/.test(m));
    return { snapshot: graph.snapshot(), cache: report.cache, reindexed: line ? Number(/(\d+) re-indexed/.exec(line)![1]) : undefined, log: logged.join('\n') };
  };
  /** `change`, then a start from the cache: the fresh index's graph, and `reindexed` files re-indexed when given. */
  const startAfter = async (change: () => void, reindexed?: number) => {
    change();
    const after = await start();
    if (reindexed !== undefined) assert.equal(after.reindexed, reindexed, after.log);
    assert.deepEqual(after.snapshot, await fresh());
    return after;
  };
  const cachedShapes = (): Record<string, [string, string]> => JSON.parse(fs.readFileSync(cacheFileFor(cacheDir, fs.realpathSync(root)), 'utf8')).shapes ?? {};

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-hub-shapes-'));
    cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-hub-shapes-cache-'));
    write('tsconfig.json', JSON.stringify({ compilerOptions: { target: 'ES2020', module: 'ESNext', moduleResolution: 'bundler', strict: true }, include: ['src'] }));
    write('src/item.ts', 'export interface Item {\n  id: string;\n  size: number;\n}\n');
    write(
      'src/store.ts',
      [
        "import type { Item } from './item';",
        '',
        'export class Store {',
        '  private items = new Map<string, Item>();',
        '  get(id: string): Item | undefined {',
        '    return this.items.get(id);',
        '  }',
        '  put(item: Item): void {',
        '    this.items.set(item.id, item);',
        '  }',
        '}',
        '',
        'export function makeStore(): Store {',
        '  return new Store();',
        '}',
        '',
      ].join('\n'),
    );
    // Two files read from the store (one with its return type written out, one inferred from the
    // call), the rest write to it; a third level above each reader and above one writer.
    for (let i = 0; i < USERS; i++) {
      write(
        `src/use${i}.ts`,
        i === 0
          ? `import { Store } from './store';\n\nexport function read0(s: Store): number {\n  return s.get('a')?.size ?? 0;\n}\n`
          : i === 1
            ? `import { Store } from './store';\n\nexport function read1(s: Store) {\n  return s.get('a');\n}\n`
            : `import { makeStore } from './store';\n\nexport function write${i}(): void {\n  makeStore().put({ id: 'x${i}', size: ${i} });\n}\n`,
      );
    }
    write('src/top1.ts', "import { read1 } from './use1';\n\nexport const top1 = (s: never) => read1(s);\n");
    // Shapes are kept in a workspace of 200 files or more: filler that nothing imports.
    for (let i = 0; i < 180; i++) write(`src/filler/x${i}.ts`, `export const x${i} = ${i};\n`);
    write('src/top.ts', "import { read0 } from './use0';\nimport { write5 } from './use5';\n\nexport function top(): number {\n  write5();\n  return read0(undefined as never);\n}\n");
  });
  afterEach(() => {
    fs.rmSync(root, { recursive: true, force: true });
    fs.rmSync(cacheDir, { recursive: true, force: true });
  });

  it('the cache keeps the shape of a file most others import, and only of such files; none in a workspace of fewer than 200 files', async () => {
    await start();
    assert.deepEqual(Object.keys(cachedShapes()), ['src/store.ts']);
    fs.rmSync(path.join(root, 'src/filler'), { recursive: true });
    await start();
    assert.deepEqual(cachedShapes(), {});
  });

  it("a method renamed: the hub, the two files naming it and the dependent of the one whose type it infers are re-indexed, not the hub's twenty other dependents; the fresh index's graph", async () => {
    await start();
    // store.ts, use0.ts and use1.ts (they name `get`), top1.ts (use1's `read1` returns what `get` did);
    // not top.ts: use0's `read0` has its type written out, so its shape cannot follow `get`.
    const after = await startAfter(() => edit('src/store.ts', (t) => t.replace('  get(id: string)', '  lookup(id: string)')), 4);
    assert.equal(after.cache, 'partial');
    // Printed again as it was re-indexed, under its new text: the next edit is compared as narrowly.
    await startAfter(() => edit('src/store.ts', (t) => t.replace('  lookup(id: string)', '  get(id: string)')), 4);
  });

  it('an export added reaches no dependent that does not name it; a body edit none at all', async () => {
    await start();
    await startAfter(() => edit('src/store.ts', (t) => `${t}\nexport function extra(): number {\n  return 1;\n}\n`), 1);
    await startAfter(() => edit('src/store.ts', (t) => t.replace('return this.items.get(id);', 'return this.items.get(id.trim());')), 1);
  });

  it("a member's type changed by another file: every file naming it looks again, and so on up; the fresh index's graph", async () => {
    await start();
    // `Item` gains a member: the hub's text is the same, its shape is not (its methods take and give `Item`).
    await startAfter(() => edit('src/item.ts', (t) => t.replace('size: number;', 'size: number;\n  tags: string[];')));
    // Both at once: the type and a rename in the hub.
    const both = await startAfter(() => {
      edit('src/item.ts', (t) => t.replace('  tags: string[];\n', ''));
      edit('src/store.ts', (t) => t.replace('  put(item: Item)', '  store(item: Item)'));
    });
    assert.ok(both.reindexed! >= 2 + USERS - 2, `the writers name the renamed method: ${both.reindexed} re-indexed\n${both.log}`);
  });

  it("a hub that names the renamed method is re-indexed and its own shape decides which of its dependents look again; the fresh index's graph", async () => {
    // A second hub over the first: twenty files call its `count`, one uses its type derived from `Store.get`.
    write(
      'src/facade.ts',
      "import { Store } from './store';\n\nexport function reader(s: Store): number {\n  return s.get('a')?.size ?? 0;\n}\n\nexport type Found = ReturnType<Store['get']>;\n\nexport function count(): number {\n  return 0;\n}\n",
    );
    for (let i = 0; i < 20; i++) write(`src/f${i}.ts`, `import { count } from './facade';\n\nexport function f${i}(): number {\n  return count() + ${i};\n}\n`);
    write('src/g.ts', "import type { Found } from './facade';\n\nexport function g(x: Found): string {\n  return String(x);\n}\n");
    await start();
    assert.deepEqual(Object.keys(cachedShapes()).sort(), ['src/facade.ts', 'src/store.ts']);
    // The store, its two readers and the dependent of the inferring one; the facade (it names `get`) and the one file using its changed type.
    await startAfter(() => edit('src/store.ts', (t) => t.replace('  get(id: string)', '  lookup(id: string)')), 6);
  });

  it("a file naming the renamed method, its shape not kept, sends on only the exports that mention it, and through a barrel; the fresh index's graph", async () => {
    // `peek`'s type is inferred from `Store.get`; `other` has nothing to do with it. Each has its own
    // dependents, some through a barrel; `deeper` infers from `viaPeek`, which infers from `peek`.
    write('src/mixed.ts', "import { Store } from './store';\n\nconst first = (s: Store) => s.get('a');\n\nexport function peek(s: Store) {\n  return first(s);\n}\n\nexport function other(): number {\n  return 1;\n}\n");
    write('src/onPeek.ts', "import { peek } from './mixed';\n\nexport const viaPeek = (s: never) => peek(s);\n");
    write('src/onViaPeek.ts', "import { viaPeek } from './onPeek';\n\nexport const deeper = (s: never) => viaPeek(s);\n");
    for (let i = 0; i < 3; i++) write(`src/onOther${i}.ts`, `import { other } from './mixed';\n\nexport const o${i} = () => other() + ${i};\n`);
    write('src/barrel.ts', "export * from './mixed';\n");
    write('src/viaBarrel.ts', "import { peek } from './barrel';\n\nexport const vb = (s: never) => peek(s);\n");
    write('src/otherViaBarrel.ts', "import { other } from './barrel';\n\nexport const ob = () => other();\n");
    await start();
    assert.deepEqual(Object.keys(cachedShapes()), ['src/store.ts']);
    // store.ts, use0/use1/top1 as above; mixed.ts (names `get`), then onPeek, onViaPeek, the barrel
    // and viaBarrel: not the four files that use only `other`.
    await startAfter(() => edit('src/store.ts', (t) => t.replace('  get(id: string)', '  lookup(id: string)')), 9);
    // A type changed, not a name: the readers' inferred types follow, as the fresh index has them.
    await startAfter(() => edit('src/store.ts', (t) => t.replace('  lookup(id: string): Item | undefined {', '  get(id: string): Item | null {').replace('return this.items.get(id);', 'return this.items.get(id) ?? null;')), 9);
  });

  it("a class's constructor changed: a type written by its name sees nothing, only the files naming it look again; an interface's call signature changed reaches the users of a member typed by it; the fresh index's graph", async () => {
    write('src/classes.ts', 'export class Foo {\n  run(): number {\n    return 1;\n  }\n}\nexport class Bar {\n  run(): number {\n    return 2;\n  }\n}\n');
    edit('src/store.ts', (t) =>
      [
        "import type { Foo } from './classes';",
        t,
        'export class Fault extends Error {',
        '  constructor(readonly code: string) {',
        '    super(code);',
        '  }',
        '}',
        '',
        'export interface Invoker {',
        '  (cb: (s: Foo) => number): void;',
        '}',
        '',
      ].join('\n'),
    );
    // `Opts` names both by name only; `useOpts` names neither, only `Opts`'s members.
    write('src/opts.ts', "import type { Fault, Invoker } from './store';\n\nexport interface Opts {\n  fault: Fault;\n  invoke: Invoker;\n}\n");
    write('src/useOpts.ts', "import type { Opts } from './opts';\n\nexport const viaCall = (o: Opts) => o.invoke((s) => s.run());\nexport const viaFault = (o: Opts) => o.fault.code.length;\n");
    write('src/raise.ts', "import { Fault } from './store';\n\nexport const raise = () => new Fault('x');\n");
    await start();
    assert.deepEqual(Object.keys(cachedShapes()), ['src/store.ts']);
    // The constructor's parameters: store.ts and the two files naming `Fault` (opts.ts, raise.ts); not useOpts.ts.
    await startAfter(() => edit('src/store.ts', (t) => t.replace('constructor(readonly code: string)', 'constructor(readonly code: string, at = 0)')), 3);
    // What `Invoker` stands for: `opts.ts` prints the same, but the callback in useOpts.ts now gets a `Bar`.
    const after = await startAfter(() => edit('src/store.ts', (t) => t.replace("import type { Foo } from './classes';", "import type { Bar as Foo } from './classes';")));
    assert.ok(after.snapshot.edges.some((e) => e.includes('useOpts.ts#viaCall') && e.includes('Bar.run')), 'useOpts.ts calls Bar.run');
  });

  it('without the shape kept (a cache written before this), every file that can see the hub is re-indexed, as before', async () => {
    await start();
    const file = cacheFileFor(cacheDir, fs.realpathSync(root));
    const snapshot = JSON.parse(fs.readFileSync(file, 'utf8'));
    delete snapshot.shapes;
    fs.writeFileSync(file, JSON.stringify(snapshot));
    await startAfter(() => edit('src/store.ts', (t) => t.replace('  get(id: string)', '  lookup(id: string)')), 1 + USERS + 2);
  });
});
