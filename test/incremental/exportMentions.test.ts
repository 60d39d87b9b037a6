import * as assert from 'node:assert/strict';
import * as ts from 'typescript';
import { mentionDelta, moduleMentions } from '../../src/core/indexer/incremental/exportMentions';

/** What `reasons` (names changed in a file this one depends on) can change of `text`'s shape, by syntax. */
const delta = (text: string, ...reasons: string[]) => {
  const module = moduleMentions(ts, ts.createSourceFile('m.ts', text, ts.ScriptTarget.Latest, true));
  assert.ok(module, 'a TypeScript module has a skeleton');
  const d = mentionDelta(ts, module, new Set(reasons));
  return d && { changedExports: [...d.changedExports].sort(), members: [...d.members].sort() };
};

describe("which exports and members of a file a change in another can reach, by its skeleton's names (exportMentions)", () => {
  it('an inferred body that names the changed member changes its export, through local helpers and aliased imports; a typed body, or an export that names none, does not', () => {
    const text = [
      "import { Store as S } from './store';",
      "const first = (s: S) => s.get('a');",
      'export function peek(s: S) {',
      '  return first(s);',
      '}',
      'export function typed(s: S): string {',
      "  return String(s.get('a'));",
      '}',
      'export function other(): number {',
      '  return 1;',
      '}',
    ].join('\n');
    assert.deepEqual(delta(text, 'get'), { changedExports: ['peek'], members: [] });
    // The type itself changed: every export whose skeleton names it, however aliased.
    assert.deepEqual(delta(text, 'Store'), { changedExports: ['peek', 'typed'], members: [] });
    assert.deepEqual(delta(text, 'put'), { changedExports: [], members: [] });
  });

  it("a class's members: those whose own skeletons mention a changed name, or a member that changed; not their neighbours", () => {
    const text = [
      "import { Store } from './store';",
      'export class Reader {',
      '  constructor(private readonly store: Store) {}',
      '  read() {',
      "    return this.store.get('a');",
      '  }',
      '  twice() {',
      '    return [this.read(), this.read()];',
      '  }',
      '  size: number = 1;',
      '  fixed(): string {',
      "    return this.store.get('b') ?? '';",
      '  }',
      '}',
    ].join('\n');
    assert.deepEqual(delta(text, 'get'), { changedExports: ['Reader'], members: ['read', 'twice'] });
  });

  it('re-exports: a named one passes its name on, `export *` every name that reached it; `export { a as b }` of a local under its exported name', () => {
    assert.deepEqual(delta("export { peek as look, other } from './mixed';", 'peek'), { changedExports: ['look'], members: [] });
    assert.deepEqual(delta("export * from './mixed';\nexport const x = 1;", 'peek', 'get'), { changedExports: ['get', 'peek'], members: [] });
    assert.deepEqual(delta("import { peek } from './mixed';\nconst local = () => peek();\nexport { local as exported };", 'peek'), { changedExports: ['exported'], members: [] });
  });

  it('a statement that adds to a declaration (an expando), destructured bindings and object literal members', () => {
    const text = [
      "import { store } from './store';",
      'export function f() {',
      '  return 1;',
      '}',
      "f.extra = store.get('k');",
      "export const { a, b: [c] } = store.pair();",
      "export const config = { reader: () => store.get('x'), size: 3 };",
    ].join('\n');
    assert.deepEqual(delta(text, 'get'), { changedExports: ['config', 'f'], members: ['reader'] });
    assert.deepEqual(delta(text, 'pair'), { changedExports: ['a', 'c'], members: [] });
  });

  it('what cannot be put in names: a default export, `export =`, a global augmentation, a computed member name that mentions a changed name', () => {
    assert.equal(delta("import { store } from './store';\nexport default () => store.get('a');", 'get'), undefined);
    assert.equal(delta("import { store } from './store';\nconst x = () => store.get('a');\nexport = x;", 'get'), undefined);
    assert.equal(delta("import { Store } from './store';\ndeclare global {\n  interface Window { store: Store }\n}\nexport {};", 'Store'), undefined);
    assert.equal(delta("import { store, key } from './store';\nexport const o = { [key]: store.get('a') };", 'get'), undefined);
    // None of them mentions the name: nothing changed, and nothing undecidable.
    assert.deepEqual(delta("import { store } from './store';\nexport default () => store.put('a');", 'get'), { changedExports: [], members: [] });
  });

  it('JavaScript and scripts have no skeleton: undefined, so every dependent looks again', () => {
    assert.equal(moduleMentions(ts, ts.createSourceFile('m.js', "export const x = require('./a');", ts.ScriptTarget.Latest, true)), undefined);
    assert.equal(moduleMentions(ts, ts.createSourceFile('s.ts', 'const x = 1;', ts.ScriptTarget.Latest, true)), undefined);
  });
});
