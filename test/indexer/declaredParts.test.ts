import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as ts from 'typescript';
import { DeclaredParts, declareFile } from '../../src/core/indexer/file/declareFile';

/**
 * A library's typings are named in parts (DeclaredParts): asking for one declaration names the
 * statements whose names start as its statement's, not the whole file. Every declaration gets the id
 * the whole file's naming gives it, `~N` of a second declaration of a name included.
 */
describe('library typings named in parts', () => {
  const typings = [
    'export declare function parse(s: string): number;',
    'export declare function parse(s: string, radix: number): number;',
    'export interface Settings { depth: number }',
    'declare global {',
    '  interface Settings { wide: boolean }',
    '  function helper(): void;',
    '}',
    "declare module 'other-module' {",
    '  function helper(x: number): void;',
    '  interface Settings { extra: string }',
    '}',
    'export declare class Store {',
    '  get(key: string): string | undefined;',
    '  static create(): Store;',
    '  constructor(seed: number);',
    '}',
    'export declare namespace Store.Inner { function make(options: { make(): void }): Store }',
    'export declare const first: () => void, second: (n: number) => string;',
    'export declare const second2: typeof second;',
    'declare function helper(): string;',
    'export declare enum Mode { A, B }',
    'export declare type Shape = { area(): number; name: string };',
    'export default Store;',
    "import type { Other } from './other';",
    "export { Other } from './other';",
    '',
  ].join('\n');
  let dir: string;
  let sf: ts.SourceFile;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-declared-parts-'));
    fs.writeFileSync(path.join(dir, 'index.d.ts'), typings);
    fs.writeFileSync(path.join(dir, 'other.d.ts'), 'export interface Other { x: number }\n');
    const program = ts.createProgram({ rootNames: [path.join(dir, 'index.d.ts')], options: { strict: true, noEmit: true, types: [] } });
    program.getTypeChecker(); // binds the files: which declarations are one symbol
    sf = program.getSourceFile(path.join(dir, 'index.d.ts'))!;
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('gives every declaration the id the whole file gives it, naming only its group', () => {
    const file = 'node_modules/lib/index.d.ts';
    const whole = declareFile(ts, sf, file, true);
    // The fixture has the cases that make `~N` and merges: a name declared in the module and in `declare global`.
    assert.ok([...whole.byId.keys()].some((id) => id.endsWith('~2')), [...whole.byId.keys()].join('\n'));
    assert.ok(whole.nodes.length >= 15);
    for (const [decl, id] of whole.declToId) {
      const parts = DeclaredParts.of(ts, sf, file)!;
      assert.ok(parts, 'the typings can be named in parts');
      parts.ensure(decl);
      assert.equal(parts.declared.declToId.get(decl), id, `${ts.SyntaxKind[decl.kind]} at ${decl.pos}`);
      const node = parts.declared.byId.get(id)!;
      assert.deepEqual({ ...node }, { ...whole.byId.get(id)! });
      // Only its group: Store's members are named with Store, not with `parse`.
      if (id.includes('#parse@')) assert.ok(parts.declared.nodes.every((n) => /#parse@/.test(n.id)), parts.declared.nodes.map((n) => n.id).join('\n'));
    }
    // Asked for all of them, the parts are the whole file.
    const all = DeclaredParts.of(ts, sf, file)!;
    for (const decl of whole.declToId.keys()) all.ensure(decl);
    assert.deepEqual([...all.declared.byId.keys()].sort(), [...whole.byId.keys()].sort());
  });

  it('names a file whole where a statement does not say its names', () => {
    const other = ts.createSourceFile('x.d.ts', 'declare const { a, b }: { a: number; b: number };\nexport declare function f(): void;\n', ts.ScriptTarget.Latest, true);
    assert.equal(DeclaredParts.of(ts, other, 'node_modules/x/x.d.ts'), undefined);
    const source = ts.createSourceFile('y.ts', 'export function g(): void {}\n', ts.ScriptTarget.Latest, true);
    assert.equal(DeclaredParts.of(ts, source, 'node_modules/y/y.ts'), undefined);
  });
});
