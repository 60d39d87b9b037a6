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
describe('incremental update through an inferred type', function () {
  this.timeout(60_000);
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

  it("what a value holds besides its printed type: a static method's, a namespace's and an enum's members changed reach their callers, and a static renamed only the files naming it", async () => {
    const model = (create: string, helper: string, color: string) =>
      'export class Foo {\n  run(): number {\n    return 1;\n  }\n}\nexport class Bar {\n  run(): number {\n    return 2;\n  }\n}\n' +
      `export class Model {\n  static ${create}() {\n    return new Foo();\n  }\n}\n` +
      `export namespace Tools {\n  export function ${helper}() {\n    return new Foo();\n  }\n}\n` +
      `export enum Color {\n  ${color} = 1,\n}\n`;
    const initial = new Map([
      ['tsconfig.json', JSON.stringify({ compilerOptions: { strict: true, noEmit: true }, include: ['*.ts'] })],
      ['model.ts', model('create', 'helper', 'Red')],
      ['use.ts', "import { Model, Tools, Color } from './model';\n\nexport function use(): number {\n  return Model.create().run() + Tools.helper().run() + Color.Red;\n}\n"],
      ['other.ts', "import { Model } from './model';\n\nexport const other = (): typeof Model => Model;\n"],
    ]);
    const steps = [
      // The static's inferred return type, then the namespace function's: `use` calls Bar.run now.
      model('create', 'helper', 'Red').replace('static create() {\n    return new Foo();', 'static create() {\n    return new Bar();'),
      model('create', 'helper', 'Red').replace('static create() {\n    return new Foo();', 'static create() {\n    return new Bar();').replace('export function helper() {\n    return new Foo();', 'export function helper() {\n    return new Bar();'),
      // Renamed: the static, the namespace's function, the enum's member.
      model('make', 'assist', 'Crimson'),
      model('create', 'helper', 'Red'),
    ];
    const edits = steps.map((text, i) => ({ label: `model.ts, step ${i}`, changed: ['model.ts'], deleted: [], writes: { 'model.ts': text } }));
    const failure = await replay(initial, edits, (fresh, step) => {
      const calls = fresh.snapshot().edges.filter((e) => e.includes('use.ts#use@function') && e.includes('.run@method'));
      if (step === 1) assert.deepEqual(calls.map((e) => /model\.ts#(\w+)\.run/.exec(e)![1]), ['Bar'], 'a fresh index: both calls land on Bar.run');
    });
    assert.equal(failure, undefined, failure && `after step ${failure.step}:\n${failure.detail}`);
    // A static renamed is a member delta: `other.ts` (which names neither) is not re-indexed.
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-statics-'));
    try {
      for (const [rel, text] of initial) fs.writeFileSync(path.join(root, rel), text);
      const { index } = await indexWorkspace({ root });
      fs.writeFileSync(path.join(root, 'model.ts'), model('make', 'helper', 'Red'));
      const r = await index.update([path.join(root, 'model.ts')], []);
      assert.deepEqual([...r.reindexed].sort(), ['model.ts', 'use.ts']);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it("what a type's name stands for besides its properties: a constructor's parameters, a function type alias, an interface's call and index signatures, a type parameter's default, a namespace's interface, a conditional type alias reach the code they type", async () => {
    const types = (param: string) =>
      'export class Foo {\n  run(): number {\n    return 1;\n  }\n}\nexport class Bar {\n  run(): number {\n    return 2;\n  }\n}\n' +
      `export class Model {\n  constructor(options: { onLoad: (s: ${param}) => number }) {\n    void options;\n  }\n}\n` +
      `export type Handler = (s: ${param}) => number;\n` +
      `export interface Invoker {\n  (cb: (s: ${param}) => number): void;\n}\n` +
      `export interface Registry {\n  [name: string]: ${param};\n}\n` +
      `export interface Box<T = ${param}> {\n  value: T;\n}\n` +
      `export namespace API {\n  export interface Response {\n    data: ${param};\n  }\n}\n` +
      `export type Picked<T> = T extends string ? ${param} : never;\n`;
    const initial = new Map([
      ['tsconfig.json', JSON.stringify({ compilerOptions: { strict: true, noEmit: true }, include: ['*.ts'] })],
      ['types.ts', types('Foo')],
      // Each alone in a file of its own: a change that reaches the others must not carry it along.
      ['useModel.ts', "import { Model } from './types';\n\nexport const viaConstructor = () => new Model({ onLoad: (s) => s.run() });\n"],
      ['useHandler.ts', "import { Handler } from './types';\n\nexport const viaAlias: Handler = (s) => s.run();\n"],
      ['useInvoker.ts', "import { Invoker } from './types';\n\nexport const viaCall = (invoke: Invoker) => invoke((s) => s.run());\n"],
      ['useRegistry.ts', "import { Registry } from './types';\n\nexport const viaIndex = (r: Registry) => r['x'].run();\n"],
      ['useBox.ts', "import { Box } from './types';\n\nexport const viaDefault = (b: Box) => b.value.run();\n"],
      ['useApi.ts', "import type { API } from './types';\n\nexport const viaNamespace = (r: API.Response) => r.data.run();\n"],
      ['usePicked.ts', "import type { Picked } from './types';\n\nexport const viaConditional = (p: Picked<string>) => p.run();\n"],
    ]);
    const edits = [types('Bar'), types('Foo')].map((text, i) => ({ label: `types.ts, step ${i}`, changed: ['types.ts'], deleted: [], writes: { 'types.ts': text } }));
    const failure = await replay(initial, edits, (fresh, step) => {
      const runs = fresh.snapshot().edges.filter((e) => /^\["use\w+\.ts#/.test(e) && e.includes('.run@method'));
      assert.deepEqual(new Set(runs.map((e) => /types\.ts#(\w+)\.run/.exec(e)![1])), new Set([step === 0 ? 'Bar' : 'Foo']), `step ${step}: every callback calls ${step === 0 ? 'Bar' : 'Foo'}.run in a fresh index`);
      assert.equal(runs.length, 7, runs.join('\n'));
    });
    assert.equal(failure, undefined, failure && `after step ${failure.step}:\n${failure.detail}`);
  });

  it("what a type's name stands for, through a file whose shape prints only that name: a member typed by an interface whose call signature changed, or by a class whose base did, reaches the code it types", async () => {
    const types = (param: string) =>
      `import { Foo, Bar } from './classes';\n\nexport interface Invoker {\n  (cb: (s: ${param}) => number): void;\n}\n\nexport class Fault extends ${param} {}\n`;
    const initial = new Map([
      ['tsconfig.json', JSON.stringify({ compilerOptions: { strict: true, noEmit: true }, include: ['*.ts'] })],
      ['classes.ts', 'export class Foo {\n  run(): number {\n    return 1;\n  }\n}\nexport class Bar {\n  run(): number {\n    return 2;\n  }\n}\n'],
      ['types.ts', types('Foo')],
      // Its shape is the same either way: `invoke: Invoker`, `fault: Fault`.
      ['opts.ts', "import { Invoker, Fault } from './types';\n\nexport interface Opts {\n  invoke: Invoker;\n  fault: Fault;\n}\n"],
      ['useOpts.ts', "import { Opts } from './opts';\n\nexport const viaCall = (o: Opts) => o.invoke((s) => s.run());\nexport const viaBase = (o: Opts) => o.fault.run();\n"],
    ]);
    const edits = [types('Bar'), types('Foo')].map((text, i) => ({ label: `types.ts, step ${i}`, changed: ['types.ts'], deleted: [], writes: { 'types.ts': text } }));
    const failure = await replay(initial, edits, (fresh, step) => {
      const runs = fresh.snapshot().edges.filter((e) => e.startsWith('["useOpts.ts#') && e.includes('.run@method'));
      assert.deepEqual(new Set(runs.map((e) => /classes\.ts#(\w+)\.run/.exec(e)![1])), new Set([step === 0 ? 'Bar' : 'Foo']), runs.join('\n'));
      assert.equal(runs.length, 2, runs.join('\n'));
    });
    assert.equal(failure, undefined, failure && `after step ${failure.step}:\n${failure.detail}`);
  });

  it('the same through files that import each other: each passes the names on once (no endless round)', async () => {
    // @loopback/repository's shape: its barrel re-exports the hub, and the hub imports from the barrel
    // (the bench's edits of it overflowed the stack: hub and barrel passed the names round forever).
    const hub = (param: string) =>
      `import type { Foo, Bar } from './classes';\nimport type { Resolver } from './index';\n\nexport interface Invoker {\n  (cb: (s: ${param}) => number): void;\n}\n\nexport interface Holder {\n  resolver?: Resolver;\n  invoke: Invoker;\n}\n`;
    const initial = new Map<string, string>([
      ['tsconfig.json', JSON.stringify({ compilerOptions: { strict: true, noEmit: true }, include: ['*.ts'] })],
      ['classes.ts', 'export class Foo {\n  run(): number {\n    return 1;\n  }\n}\nexport class Bar {\n  run(): number {\n    return 2;\n  }\n}\n'],
      ['hub.ts', hub('Foo')],
      ['resolver.ts', "import type { Invoker } from './index';\n\nexport interface Resolver {\n  invoke: Invoker;\n}\n"],
      ['index.ts', "export * from './hub';\nexport * from './resolver';\n"],
      ['use.ts', "import type { Holder } from './index';\n\nexport const viaBarrel = (h: Holder) => h.resolver?.invoke((s) => s.run());\n"],
    ]);
    const edits = [hub('Bar'), hub('Foo')].map((text, i) => ({ label: `hub.ts, step ${i}`, changed: ['hub.ts'], deleted: [], writes: { 'hub.ts': text } }));
    const failure = await replay(initial, edits);
    assert.equal(failure, undefined, failure && `after step ${failure.step}:\n${failure.detail}`);
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
