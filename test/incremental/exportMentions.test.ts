import * as assert from 'node:assert/strict';
import * as ts from 'typescript';
import { mentionDelta, moduleMentions } from '../../src/core/indexer/incremental/exportMentions';

/** What `reasons` (names changed in a file this one depends on) can change of `text`'s shape, by syntax. */
const delta = (text: string, ...reasons: string[]) => deltaWith(() => false, text, ...reasons);
/** The same, where `byName` says which names from other files are classes, interfaces or enums. */
const deltaWith = (byName: (name: string) => boolean, text: string, ...reasons: string[]) => {
  const module = moduleMentions(ts, ts.createSourceFile('m.ts', text, ts.ScriptTarget.Latest, true));
  assert.ok(module, 'a TypeScript module has a skeleton');
  const d = mentionDelta(ts, module, new Set(reasons), byName);
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

  it('a class changed in what its value holds only (its constructor): a type written by its name sees nothing; an inferred body, `keyof`, a type argument, `extends` or a value see it', () => {
    const text = [
      "import { TRPCError } from './error';",
      "import type { Wrapper } from './wrapper';",
      'export interface Failure { ok: false; error: TRPCError; errors?: readonly TRPCError[] | null }',
      'export type Shape = { error: TRPCError; code: number };',
      'export function shape(opts: { error: TRPCError }): Shape {',
      '  return { error: opts.error, code: 1 };',
      '}',
      'export function codeOf(e: TRPCError) {',
      '  return e.code;',
      '}',
      'export const make = () => new TRPCError();',
      'export type Box = Wrapper<TRPCError>;',
      'export type Keys = keyof TRPCError;',
      'export class Sub extends TRPCError {}',
    ].join('\n');
    const ofValue = (n: string) => n === 'TRPCError';
    assert.deepEqual(deltaWith(ofValue, text, 'TRPCError'), { changedExports: ['Box', 'Keys', 'Sub', 'codeOf', 'make'], members: [] });
    // Any other change (a call signature, a base, a type parameter's default): every mention counts.
    assert.deepEqual(deltaWith(() => false, text, 'TRPCError'), {
      changedExports: ['Box', 'Failure', 'Keys', 'Shape', 'Sub', 'codeOf', 'make', 'shape'],
      members: ['error', 'errors'],
    });
  });

  it("a class changed in its value only, named by the module's own interfaces: nothing changes; the module's own names always pass a change on", () => {
    const text = [
      "import { TRPCError, Invoker } from './error';",
      'interface ErrorResult { ok: false; error: TRPCError }',
      'interface OkResult { ok: true; data: unknown }',
      'export type Result = ErrorResult | OkResult;',
      'export type Middleware = { (opts: { next: () => Promise<Result>; invoke: Invoker }): Promise<Result> };',
    ].join('\n');
    const ofValue = (n: string) => n === 'TRPCError';
    // The import names Invoker too: only TRPCError's binding changed.
    assert.deepEqual(deltaWith(ofValue, text, 'TRPCError'), { changedExports: [], members: [] });
    // A member's name changed elsewhere: OkResult's own member of that name may have, and what names OkResult
    // (its type printed by name, but what it stands for may be what changed).
    assert.deepEqual(deltaWith(ofValue, text, 'data'), { changedExports: ['Middleware', 'Result'], members: ['data', 'next'] });
    assert.deepEqual(deltaWith(ofValue, text, 'Invoker'), { changedExports: ['Middleware'], members: ['invoke'] });
  });

  it("what no other file sees: a call's arguments whose value is dropped, a body whose type is written out, a helper no export's skeleton names", () => {
    const text = [
      "import { getErrorShape } from './shape';",
      'export function handler(opts: Opts) {',
      '  opts.onError?.({ error: getErrorShape() });',
      '  return { status: getErrorShape().code };',
      '}',
      'function helper() {',
      '  return { detail: getErrorShape() };',
      '}',
      'export function typed(): Response {',
      '  const r = { inner: getErrorShape() };',
      '  return respond(r);',
      '}',
      'export const viaHelper = () => helper();',
    ].join('\n');
    assert.deepEqual(delta(text, 'getErrorShape'), { changedExports: ['handler', 'viaHelper'], members: ['detail', 'status'] });
    // Without the export that names it, the helper's object is seen by no other file.
    assert.deepEqual(delta(text.replace('export const viaHelper = () => helper();', ''), 'getErrorShape'), { changedExports: ['handler'], members: ['status'] });
  });

  it('JavaScript and scripts have no skeleton: undefined, so every dependent looks again', () => {
    assert.equal(moduleMentions(ts, ts.createSourceFile('m.js', "export const x = require('./a');", ts.ScriptTarget.Latest, true)), undefined);
    assert.equal(moduleMentions(ts, ts.createSourceFile('s.ts', 'const x = 1;', ts.ScriptTarget.Latest, true)), undefined);
  });
});
