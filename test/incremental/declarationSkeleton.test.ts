import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as ts from 'typescript';
import { declarationSkeleton } from '../../src/core/indexer/incremental/declarationSkeleton';
import { generateWorkspace } from '../../bench/generateWorkspace';
import { indexWorkspace } from '../../src/core/indexer/indexWorkspace';
import { writeWorkspace } from '../support/hostileWorkspace';

const TSCONFIG = JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: 'es2020' }, include: ['*.ts'] });

const skeleton = (text: string, name = 'hub.ts') => declarationSkeleton(ts, ts.createSourceFile(name, text, ts.ScriptTarget.Latest, true));

const HUB = [
  "import { Other } from './other';",
  'export interface Store { load(): string }',
  '/** Docs. */',
  'export function typed(s: Store): Other {',
  '  return new Other(s.load());',
  '}',
  'export function inferred(s: Store) {',
  '  return s;',
  '}',
  'export class Service {',
  '  constructor(private readonly store: Store) {',
  '    this.store.load();',
  '  }',
  '  run(): string {',
  '    return this.store.load();',
  '  }',
  '}',
  'export let counter = 1;',
  '',
].join('\n');

/** The syntax-only fast path of an update: when it may skip printing a shape, and when it must not. */
describe('declaration skeleton', () => {
  it('ignores comments, layout and the bodies of functions whose type is written out', () => {
    const base = skeleton(HUB);
    assert.ok(base);
    for (const edit of [
      HUB.replace('/** Docs. */', '/** Other docs. */\n// and a comment'),
      HUB.replace('  return new Other(s.load());', '  const x = s.load();\n  return new Other(x + x);'),
      HUB.replace('    this.store.load();\n', ''),
      HUB.replace('    return this.store.load();', "    return 'changed';"),
      HUB.replace('export let counter = 1;', 'export   let counter =\n  1;'),
    ]) {
      assert.notEqual(edit, HUB);
      assert.equal(skeleton(edit), base, edit);
    }
  });

  it('sees every change a type can depend on', () => {
    const base = skeleton(HUB);
    for (const edit of [
      HUB.replace('  return s;', '  return s.load();'), // the inferred return type changes
      HUB.replace('export let counter', 'export const counter'), // a literal type now
      HUB.replace('counter = 1', 'counter = 2'),
      HUB.replace('run(): string', 'run(): number'),
      HUB.replace('typed(s: Store)', 'typed(s: Store, extra?: number)'),
      HUB.replace("from './other'", "from './another'"),
      HUB.replace('private readonly store', 'readonly store'),
      HUB.replace('load(): string }', 'load(): string; save(): void }'),
      HUB.replace('export class Service', 'class Service'),
      HUB + 'export type Id = string;\n',
    ]) {
      assert.notEqual(edit, HUB);
      assert.notEqual(skeleton(edit), base, edit);
    }
  });

  it('gives none for JavaScript (bodies declare members there) and for scripts (globals)', () => {
    assert.equal(skeleton('exports.f = function () { this.x = 1; };', 'a.js'), undefined);
    assert.equal(skeleton('function g(): number { return 1; }', 'global.ts'), undefined);
  });

  describe('in updates: incremental equals a full rebuild', () => {
    let root: string;
    const write = (rel: string, text: string) => fs.writeFileSync(path.join(root, rel), text);
    beforeEach(() => {
      root = writeWorkspace('tcg-skeleton-', {
        'tsconfig.json': TSCONFIG,
        'other.ts': 'export class Other {\n  constructor(readonly v: string) {}\n  print(): string {\n    return this.v;\n  }\n}\nexport class Alt {\n  shout(): string {\n    return "!";\n  }\n}\n',
        'hub.ts': HUB,
        'user.ts': "import { inferred, typed, Service } from './hub';\nexport function use(): void {\n  inferred({ load: () => 'a' }).load();\n  typed({ load: () => 'b' }).print();\n  new Service({ load: () => 'c' }).run();\n}\n",
      });
    });
    afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

    const check = async (edited: string, expectReindexed: string[]) => {
      const { index, graph } = await indexWorkspace({ root });
      write('hub.ts', edited);
      const report = await index.update(['hub.ts'], []);
      assert.deepEqual(report.reindexed, expectReindexed);
      assert.deepEqual(graph.snapshot(), (await indexWorkspace({ root })).graph.snapshot());
    };

    it('a body edit of a typed function stays in its file', () => check(HUB.replace('  return new Other(s.load());', '  return new Other(s.load() + "!");'), ['hub.ts']));

    it('a body edit that changes an inferred return type reaches the callers', async () => {
      write('hub.ts', HUB.replace("import { Other } from './other';", "import { Other, Alt } from './other';"));
      const withAlt = fs.readFileSync(path.join(root, 'hub.ts'), 'utf8');
      write('user.ts', "import { inferred } from './hub';\nexport function use(): void {\n  const r = inferred({ load: () => 'a' });\n  (r as any).shout?.();\n  r.load();\n}\n");
      const { index, graph } = await indexWorkspace({ root });
      write('hub.ts', withAlt.replace('  return s;', '  return new Alt();'));
      const report = await index.update(['hub.ts'], []);
      assert.deepEqual(report.reindexed, ['hub.ts', 'user.ts']);
      const fresh = await indexWorkspace({ root });
      assert.deepEqual(graph.snapshot(), fresh.graph.snapshot());
    });

    it('a comment-only edit stays in its file', () => check(HUB.replace('/** Docs. */', '// nothing to see'), ['hub.ts']));
  });

  describe('shape edits print only what the edit reaches, and still equal a full rebuild', () => {
    let root: string;
    const write = (rel: string, text: string) => fs.writeFileSync(path.join(root, rel), text);
    const LIB = [
      "import { Other, Alt } from './other';",
      "import * as others from './other';",
      'type Local = Other;',
      'export type Pair = { left: Local; right: Alt };',
      'export function make(): Local {',
      "  return new Other('x');",
      '}',
      'export const made = make();',
      'export function pair(): Pair {',
      "  return { left: new Other('l'), right: new Alt() };",
      '}',
      'export interface Api { run(): Local }',
      'export { others };',
      'export function pick(): Other {',
      "  return new Other('p');",
      '}',
      // An ES private field: its name carries the class's symbol id, another in every checker (stableName).
      'export class Tool {',
      '  #uses = 0;',
      '  use(): void {}',
      '}',
      'export function untouched(n: number): number {',
      '  return n;',
      '}',
      '',
    ].join('\n');
    beforeEach(() => {
      root = writeWorkspace('tcg-shapechange-', {
        'tsconfig.json': TSCONFIG,
        'other.ts': 'export class Other {\n  constructor(readonly v: string) {}\n  print(): string {\n    return this.v;\n  }\n}\nexport class Alt {\n  print(): string {\n    return "!";\n  }\n  shout(): string {\n    return "!!";\n  }\n}\n',
        'lib.ts': LIB,
        'a.ts': "import { make, made } from './lib';\nexport function a(): void {\n  make().print();\n  made.print();\n}\n",
        'b.ts': "import { pair, Api } from './lib';\nexport function b(api: Api): void {\n  pair().left.print();\n  api.run().print();\n}\n",
        'c.ts': "import { untouched } from './lib';\nexport function c(): number {\n  return untouched(1);\n}\n",
        'd.ts': "import { others } from './lib';\nexport function d(): void {\n  new others.Alt().shout();\n}\n",
        // Reaches Api's members only through a type derived in another file.
        'e.ts': "import { Api } from './lib';\nexport interface Admin extends Api {\n  ban(): void;\n}\n",
        'f.ts': "import { Admin } from './e';\nexport function f(a: Admin): void {\n  a.stop();\n  a.ban();\n}\n",
        'g.ts': "import { Tool } from './lib';\nexport function g(): void {\n  new Tool().sharpen();\n}\n",
        // A subclass elsewhere that already declares the member a base class is about to gain (OVERRIDES then).
        'k.ts': "import { Tool } from './lib';\nexport class Hammer extends Tool {\n  sharpen(): number {\n    return 2;\n  }\n}\n",
        // Calls an export under another name, through a barrel.
        'barrel.ts': "export { pick as choose } from './lib';\n",
        'h.ts': "import { choose } from './barrel';\nexport function h(): string {\n  return choose().print();\n}\n",
      });
    });
    afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

    const edits: Array<[string, (t: string) => string, string[] | undefined]> = [
      ['a non-exported alias that exports use changes', (t) => t.replace('type Local = Other;', 'type Local = Alt;').replace("return new Other('x');", 'return new Alt();').replace("left: new Other('l')", 'left: new Alt()'), undefined],
      ['an import re-pointed', (t) => t.replace("import * as others from './other';", "import * as others from './lib2';"), undefined],
      ['an export added', (t) => `${t}export function added(): number {\n  return 2;\n}\n`, ['lib.ts']],
      ['an export removed', (t) => t.replace('export function untouched(n: number): number {\n  return n;\n}\n', ''), undefined],
      ['a signature changed', (t) => t.replace('untouched(n: number)', 'untouched(n: number, m?: number)'), undefined],
      ['a member added to an interface (reached through a type derived elsewhere)', (t) => t.replace('export interface Api { run(): Local }', 'export interface Api { run(): Local; stop(): void }'), ['f.ts', 'lib.ts']],
      ['a method added to a class', (t) => t.replace('  use(): void {}', '  use(): void {}\n  sharpen(): number {\n    return 1;\n  }'), ['g.ts', 'k.ts', 'lib.ts']],
      ['a member added and another changed', (t) => t.replace('export interface Api { run(): Local }', 'export interface Api { run(): Alt; stop(): void }'), undefined],
      ['a return type changed, called under another name through a barrel', (t) => t.replace('export function pick(): Other {\n  return new Other(\'p\');', 'export function pick(): Alt {\n  return new Alt();'), ['barrel.ts', 'h.ts', 'lib.ts']],
      ['a member removed from an interface', (t) => t.replace('export interface Api { run(): Local }', 'export interface Api { }'), undefined],
      ['an unexported helper added', (t) => `${t}function helper(): number {\n  return 3;\n}\n`, undefined],
      ['a private field retyped (only its class can use it)', (t) => t.replace('#uses = 0;', "#uses = 'none';"), ['lib.ts']],
      ['a private method added', (t) => t.replace('  use(): void {}', '  use(): void {}\n  #wear(): void {}'), ['lib.ts']],
    ];
    for (const [what, edit, expected] of edits) {
      it(what, async () => {
        write('lib2.ts', "export class Alt {\n  shout(): number {\n    return 1;\n  }\n}\n");
        const { index, graph } = await indexWorkspace({ root });
        write('lib.ts', edit(LIB));
        const report = await index.update(['lib.ts'], []);
        if (expected) assert.deepEqual(report.reindexed, expected);
        assert.deepEqual(graph.snapshot(), (await indexWorkspace({ root })).graph.snapshot());
      });
    }
  });
});

/**
 * A file whose text did not change but whose exports' types did (it infers them from the edited
 * file) sends on only what changed, by name, as the edited file does: its dependents that name a
 * retyped export or member, or call one under another name, look again; the others do not.
 */
describe('a dependent whose exports change type with the edit', () => {
  it('sends the change on by name, equal to a full rebuild', async () => {
    const base = "export class Old {\n  ping(): void {}\n}\nexport class New {\n  pong(): void {}\n}\nexport function source() {\n  return new Old();\n}\n";
    const root = writeWorkspace('tcg-dependent-delta-', {
      'tsconfig.json': TSCONFIG,
      'base.ts': base,
      'mid.ts': "import { source } from './base';\nexport function wrapped() {\n  return source();\n}\nexport interface Holder {\n  item: ReturnType<typeof source>;\n}\nexport function steady(): number {\n  return 1;\n}\n",
      'uses.ts': "import { wrapped } from './mid';\nexport function useIt(): void {\n  wrapped().ping();\n}\n",
      'alias.ts': "export { wrapped as w2 } from './mid';\n",
      'aliasUser.ts': "import { w2 } from './alias';\nexport function viaAlias(): void {\n  w2().ping();\n}\n",
      'holderUser.ts': "import { Holder } from './mid';\nexport function viaHolder(h: Holder): void {\n  h.item.ping();\n}\n",
      'steadyUser.ts': "import { steady } from './mid';\nexport function s(): number {\n  return steady();\n}\n",
    });
    try {
      const { index, graph } = await indexWorkspace({ root });
      const calls = (from: string, to: string) => graph.snapshot().edges.some((e) => e.includes(from) && e.includes(to));
      assert.ok(calls('aliasUser.ts#viaAlias', 'base.ts#Old.ping') && calls('holderUser.ts#viaHolder', 'base.ts#Old.ping'), 'before: both reach Old.ping');
      fs.writeFileSync(path.join(root, 'base.ts'), base.replace('return new Old();', 'return new New();'));
      const report = await index.update(['base.ts'], []);
      assert.deepEqual(graph.snapshot(), (await indexWorkspace({ root })).graph.snapshot());
      for (const f of ['mid.ts', 'uses.ts', 'aliasUser.ts', 'holderUser.ts']) assert.ok(report.reindexed.includes(f), `${f} looks again: ${report.reindexed.join(', ')}`);
      assert.ok(!report.reindexed.includes('steadyUser.ts'), `steadyUser.ts names nothing that changed: ${report.reindexed.join(', ')}`);
      assert.ok(!calls('aliasUser.ts#viaAlias', 'base.ts#Old.ping'), 'after: the alias no longer reaches Old.ping');
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

/**
 * When an edit makes a large share of a workspace re-extract anyway (a hub export removed), the
 * update stops printing shapes and takes every transitive dependent: still equal to a full rebuild.
 */
describe('a shape edit that reaches most of a workspace', function () {
  this.timeout(120_000);
  it('re-extracts every transitive dependent without shapes, equal to a full rebuild', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-wide-edit-'));
    try {
      generateWorkspace(root, { files: 220, functionsPerFile: 2, fanOut: 2, filesPerModule: 20, jsxEvery: 11, seed: 3 });
      const said: string[] = [];
      const { index, graph } = await indexWorkspace({ root, logger: { info: (m) => said.push(m), warn() {}, error() {} } });
      const hub = path.join(root, 'src/core/hub.ts');
      const text = fs.readFileSync(hub, 'utf8');
      fs.writeFileSync(hub, text.replace(/export function log\([^]*?\n}\n/, ''));
      const report = await index.update([hub], []);
      assert.ok(report.reindexed.length > 220, `every file that depends on the hub: ${report.reindexed.length}`);
      assert.ok(said.some((m) => /without comparing shapes/.test(m)), 'the update took the whole closure');
      assert.deepEqual(graph.snapshot(), (await indexWorkspace({ root })).graph.snapshot());
      fs.writeFileSync(hub, text);
      await index.update([hub], []);
      assert.deepEqual(graph.snapshot(), (await indexWorkspace({ root })).graph.snapshot());
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
