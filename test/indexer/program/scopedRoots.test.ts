import * as assert from 'node:assert/strict';
import { mayDeclareGlobals, scopedRoots } from '../../../src/core/indexer/program/scopedRoots';

describe('scopedRoots: the root files of a program scoped to a few files', () => {
  describe('mayDeclareGlobals (syntactic, erring towards true)', () => {
    const cases: Array<[string, string, boolean]> = [
      ['a script', 'function helper(): void {}\n', true],
      ['a script whose declared namespace exports (indented)', 'declare namespace App {\n  export interface Config {}\n}\n', true],
      ['a script with a dynamic import', "import('./lazy').then(() => {});\nconst here = 1;\n", true],
      ['CommonJS (no import or export statement)', "const fs = require('fs');\nmodule.exports = { fs };\n", true],
      ['a module', "import { a } from './a';\nexport const b = a;\n", false],
      ['a module that only exports', 'export function f(): void {}\n', false],
      ['a module with declare global', "export {};\ndeclare global {\n  var x: number;\n}\n", true],
      ['a module augmentation', "import './box';\ndeclare module './box' {\n  interface Box { y: number }\n}\n", true],
      ['an ambient module', "export {};\ndeclare module 'pkg' {\n  export const v: number;\n}\n", true],
      ['a UMD global', 'export declare function f(): void;\nexport as namespace Lib;\n', true],
      ['a module referencing a standard library file', '/// <reference lib="dom" />\nexport const a = 1;\n', true],
      ['a module referencing a file by path (the file is a candidate of its own)', '/// <reference path="./other.ts" />\nexport const a = 1;\n', false],
      ['a module whose exports are named in a comment', '// export nothing here\nexport const a = 1;\n', false],
    ];
    for (const [what, text, expected] of cases) it(`${what}: ${expected}`, () => assert.equal(mayDeclareGlobals(text), expected));
  });

  const texts: Record<string, string> = {
    '/w/src/a.ts': "import { b } from './b';\nexport const a = b;\n",
    '/w/src/b.ts': 'export const b = 1;\n',
    '/w/src/script.ts': 'function g(): void {}\n',
    '/w/src/augment.ts': "import './b';\ndeclare module './b' {\n  export const c: number;\n}\n",
    '/w/src/pulled.ts': "export {};\ndeclare global {\n  var p: number;\n}\n",
    '/w/src/typed.d.ts': 'export declare function t(): void;\n',
    '/w/src/typed.js': 'export function t() {}\n',
    '/w/node_modules/lib/index.d.ts': 'export declare const l: number;\n',
    '/w/node_modules/lib/global.d.ts': 'declare var libGlobal: number;\n',
  };
  const input = {
    reindex: ['/w/src/a.ts'],
    configRoots: ['/w/src/a.ts', '/w/src/augment.ts', '/w/src/b.ts', '/w/src/script.ts', '/w/src/typed.d.ts', '/w/src/typed.js'],
    owned: ['/w/src/a.ts', '/w/src/augment.ts', '/w/src/b.ts', '/w/src/script.ts', '/w/src/typed.d.ts', '/w/src/typed.js', '/w/src/pulled.ts'],
    libraries: ['/w/node_modules/lib/index.d.ts', '/w/node_modules/lib/global.d.ts'],
    readText: (f: string) => texts[f],
    knownGlobal: (f: string) => (['/w/src/script.ts', '/w/src/pulled.ts', '/w/src/augment.ts'].includes(f) ? true : f.startsWith('/w/src/') ? false : undefined),
  };

  it("the files, then what may declare globals (the config's roots in its order, pulled-in files, libraries), then JavaScript twins", () => {
    assert.deepEqual(scopedRoots(input), {
      roots: ['/w/src/a.ts', '/w/src/augment.ts', '/w/src/script.ts', '/w/src/pulled.ts', '/w/node_modules/lib/global.d.ts', '/w/src/typed.js'],
      globals: 4,
    });
  });

  it("the cache's record decides without reading the file; without a record the text does", () => {
    const read: string[] = [];
    const readText = (f: string) => (read.push(f), texts[f]);
    const recorded = scopedRoots({ ...input, readText, knownGlobal: (f) => (f === '/w/src/b.ts' ? true : f === '/w/src/augment.ts' ? false : input.knownGlobal(f)) });
    assert.ok('roots' in recorded && recorded.roots.includes('/w/src/b.ts') && !recorded.roots.includes('/w/src/augment.ts'));
    assert.ok(!read.some((f) => f.startsWith('/w/src/')), read.join());
    const unrecorded = scopedRoots({ ...input, knownGlobal: (f) => (f === '/w/src/augment.ts' ? undefined : input.knownGlobal(f)) });
    assert.ok('roots' in unrecorded && unrecorded.roots.includes('/w/src/augment.ts'));
  });

  it("a library's flag from an earlier start decides without reading it; a library read is learned", () => {
    const read: string[] = [];
    const learned: Array<[string, boolean]> = [];
    const plan = scopedRoots({
      ...input,
      readText: (f) => (read.push(f), texts[f]),
      knownLibrary: (f) => (f === '/w/node_modules/lib/index.d.ts' ? true : undefined),
      learnedLibrary: (f, declares) => learned.push([f, declares]),
    });
    assert.ok('roots' in plan && plan.roots.includes('/w/node_modules/lib/index.d.ts') && plan.roots.includes('/w/node_modules/lib/global.d.ts'));
    assert.deepEqual(read, ['/w/node_modules/lib/global.d.ts']);
    assert.deepEqual(learned, [['/w/node_modules/lib/global.d.ts', true]]);
  });

  it('a file that cannot be read counts as declaring globals', () => {
    const plan = scopedRoots({ ...input, knownGlobal: () => undefined, readText: (f) => (f === '/w/src/b.ts' ? undefined : texts[f]) });
    assert.ok('roots' in plan && plan.roots.includes('/w/src/b.ts'));
  });

  it('the declaration file beside a JavaScript file re-indexed is a root', () => {
    const plan = scopedRoots({ ...input, reindex: ['/w/src/typed.js'] });
    assert.ok('roots' in plan && plan.roots.includes('/w/src/typed.d.ts'));
  });

  it('a JavaScript library that may declare globals: no scoped program', () => {
    const plan = scopedRoots({ ...input, libraries: ['/w/node_modules/lib/global.js'], readText: (f) => (f.endsWith('global.js') ? 'var g = 1;\n' : texts[f]) });
    assert.deepEqual(plan, { reason: 'the library /w/node_modules/lib/global.js may declare globals and is JavaScript' });
  });
});
