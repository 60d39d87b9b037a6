import * as assert from 'node:assert/strict';
import * as ts from 'typescript';
import { changedSymbols, compareChanges } from '../../../src/core/query/impact/changedSymbols';

const changes = (file: string, baseText: string, text: string) => changedSymbols(ts, '/ws', [{ file, status: 'modified', baseText, text }]);
const summary = (list: ReturnType<typeof changedSymbols>) => Object.fromEntries(list.map((c) => [c.node.id, c.change + (c.exported ? ', exported' : '')]));

describe('changedSymbols', () => {
  it('sees no change in comments and layout', () => {
    const before = 'export function f(a: number): number {\n  return a; // one\n}\n';
    const after = '/** doc */\nexport function f(a: number): number {\n\n    return a;\n}\n';
    assert.deepEqual(changedSymbols(ts, '/ws', [{ file: 'a.ts', status: 'modified', baseText: before, text: after }]), []);
  });

  it('tells a typed body from an inferred one and from a signature', () => {
    const before = 'export function typed(a: number): number {\n  return a;\n}\nexport function inferred(a: number) {\n  return a;\n}\nexport function sig(a: number): number {\n  return a;\n}\n';
    const after = before.replace('return a;\n}\nexport function inferred', 'return a + 1;\n}\nexport function inferred').replace('(a: number) {\n  return a;', '(a: number) {\n  return String(a);').replace('sig(a: number)', 'sig(a: string)');
    assert.deepEqual(summary(changes('a.ts', before, after)), {
      'a.ts#typed@function': 'body, exported',
      'a.ts#inferred@function': 'body-type-inferred, exported',
      'a.ts#sig@function': 'signature, exported',
    });
  });

  it('names members added and removed, and the class whose shape they change; merges overloads as the index does', () => {
    const before = 'class K {\n  a(): void {}\n  private b(): void {}\n}\nexport function o(x: string): string;\nexport function o(x: number): number;\nexport function o(x: any): any {\n  return x;\n}\n';
    const after = 'class K {\n  a(): void {}\n  c(): void {}\n}\nexport function o(x: string): string;\nexport function o(x: number): number;\nexport function o(x: any): any {\n  return x;\n}\n';
    assert.deepEqual(summary(changes('k.ts', before, after)), { 'k.ts#K@class': 'signature', 'k.ts#K.c@method': 'added', 'k.ts#K.b@method': 'removed' });
  });

  it('counts a local export list and a non-private member of an exported class as exported', () => {
    const before = 'function f(): void {}\nexport class C {\n  m(): void {}\n  private p(): void {}\n}\nexport { f };\n';
    const after = 'export class C {}\nexport {};\n';
    assert.deepEqual(summary(changes('e.ts', before, after)), {
      'e.ts#e.ts@module': 'body',
      'e.ts#C@class': 'signature, exported',
      'e.ts#f@function': 'removed, exported',
      'e.ts#C.m@method': 'removed, exported',
      'e.ts#C.p@method': 'removed',
    });
  });

  it('pairs a renamed file with its old self; a deleted file removes its symbols', () => {
    const text = 'export function f(): number {\n  return 1;\n}\n';
    const moved = changedSymbols(ts, '/ws', [{ file: 'b.ts', oldFile: 'a.ts', status: 'renamed', baseText: text, text: text.replace('1', '2') }]);
    assert.deepEqual(moved.map((c) => [c.node.id, c.change, c.movedFrom]), [['b.ts#f@function', 'body', 'a.ts']]);
    const deleted = changedSymbols(ts, '/ws', [{ file: 'a.ts', status: 'deleted', baseText: text }]);
    assert.deepEqual(summary(deleted), { 'a.ts#a.ts@module': 'removed', 'a.ts#f@function': 'removed, exported' });
  });

  it('reads JavaScript with the indexer\'s rules (CommonJS exports are exported)', () => {
    const before = 'exports.run = function run(a) {\n  return a;\n};\nfunction local() {}\n';
    const after = 'exports.run = function run(a) {\n  return a * 2;\n};\n';
    assert.deepEqual(summary(changes('r.js', before, after)), { 'r.js#run@function': 'body-type-inferred, exported', 'r.js#local@function': 'removed' });
  });

  it('says a changed file does not parse, and reports none of its symbols removed (issue 41: they were, and impact exited 0)', () => {
    const before = 'export function a(): number {\n  return 1;\n}\nexport function b(): number {\n  return 2;\n}\nexport class C {\n  m(): void {}\n}\n';
    // A brace lost in a: the parser reads b and C as a's body, so they look removed.
    const after = before.replace('  return 1;\n}', '  return 1;\n').replace('return 2;', 'return 3;');
    const compared = compareChanges(ts, '/ws', [{ file: 'x.ts', status: 'modified', baseText: before, text: after }]);
    assert.deepEqual(compared.unparsed, [{ file: 'x.ts', line: 10, message: "'}' expected." }]);
    assert.ok(!compared.changed.some((c) => c.change === 'removed'), JSON.stringify(compared.changed.map((c) => [c.node.id, c.change])));
    // An error mid-file: what the recovery reads past it (C re-nested in a, "added") is not reported.
    const midBefore = 'export function a(): number {\n  return 1;\n}\nexport class C {\n  m(): void {}\n}\n';
    const mid = compareChanges(ts, '/ws', [{ file: 'x.ts', status: 'modified', baseText: midBefore, text: midBefore.replace('  return 1;\n', '  return 1; ((( {{\n') }]);
    assert.deepEqual(mid.unparsed.map((u) => u.line), [2]);
    assert.deepEqual(summary(mid.changed), { 'x.ts#a@function': 'body, exported' });
    // The same edit without the lost brace parses: nothing to say, b's body changed.
    const fine = compareChanges(ts, '/ws', [{ file: 'x.ts', status: 'modified', baseText: before, text: before.replace('return 2;', 'return 3;') }]);
    assert.deepEqual(fine.unparsed, []);
    assert.deepEqual(summary(fine.changed), { 'x.ts#b@function': 'body, exported' });
  });
});
