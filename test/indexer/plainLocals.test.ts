import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import * as ts from 'typescript';
import { discoverProjects } from '../../src/core/indexer/program/discoverProjects';
import { declareFile } from '../../src/core/indexer/file/declareFile';
import { PlainLocals } from '../../src/core/indexer/file/localValues';
import { indexWorkspace } from '../../src/core/indexer/indexWorkspace';
import { exportGraph } from '../../src/worker/exportGraph';
import { FIXTURE_NAMES, fixtureRoot } from '../support/loadFixture';
import { writeWorkspace } from '../support/hostileWorkspace';
import { countNativeRequests } from '../support/nativeRequests';

/**
 * The passes do not ask what a name resolves to when the syntax alone shows it is a local that is no
 * node (PlainLocals): with TypeScript 7 each answer crosses a pipe, and a shorthand `{ data }` is a
 * round trip of its own (ra-core: 856 of 858). Wrongly skipped, a name loses its edge, silently; so
 * every name the predicate skips is checked against the checker's own answer, on every fixture and
 * on a workspace of the cases that must not be skipped.
 */
const HOSTILE: Record<string, string> = {
  'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, experimentalDecorators: true, target: 'ES2020', allowJs: true }, include: ['src'] }),
  'src/lib.ts': [
    'export function helper(): number { return 1; }',
    'export const config = 1;',
    'export function dec(_: unknown): ParameterDecorator { return () => {}; }',
    'export interface Shape { n: number }',
    '',
  ].join('\n'),
  'src/use.ts': [
    "import { helper, config, dec, Shape } from './lib';",
    // An import: asked, an edge.
    'export function usesImport() { return { helper }; }',
    // A local of the same name shadows it: no edge to lib's helper.
    'export function shadowed() { const helper = 2; return { helper, n: helper + 1 }; }',
    // A nested function is a node: the shorthand and the call are edges to it.
    'export function nested() { function inner() { return 3; } inner(); return { inner }; }',
    // A parameter decorator is evaluated outside the method: its `config` is lib\'s, not the parameter.
    'export class Service {',
    '  handle(@dec(config) config: number) { return { config }; }',
    '}',
    // A value parameter named as a type: the type positions name lib\'s Shape.
    'export function typeOnly(Shape: number): Shape { const s: Shape = { n: Shape }; return s; }',
    // Hoisted out of a nested block: not seen by the syntax, asked, still a local.
    'export function hoisted(flag: boolean) { if (flag) { var late = helper; } return { late }; }',
    // A catch variable, a for-of variable, a destructured parameter, a function expression\'s own name.
    'export function scopes(list: number[], { helper: h }: { helper: number }) {',
    '  for (const config of list) { try { helper(); } catch (helper) { return { helper, config, h }; } }',
    '  return (function again(): unknown { return { again }; })();',
    '}',
    '',
  ].join('\n'),
  // Names read in the module's scope share one answer (PlainLocals.shared), asked once; these must not.
  'src/shared.ts': [
    "import { helper, config } from './lib';",
    'export function first() { return helper() + config; }',
    // A `var` hoisted out of a nested block shadows the import in the whole function.
    'export function hoistedShadow(flag: boolean) { if (flag) { for (var helper = () => 2; ; ) break; } return helper(); }',
    // Inside a namespace or an enum a name is its export first.
    'export namespace Inner { export const config = 5; export function read() { return config; } }',
    'export enum Level { config = 1, other = config + 1 }',
    // Each function its own `arguments`.
    'export function a1() { return arguments.length; }',
    'export function a2() { return arguments[0]; }',
    'export function last() { return helper() + config; }',
    '',
  ].join('\n'),
  // Type names and overloads share an answer where the checker resolves them alike; these cases must
  // keep apart what resolves apart.
  'src/types.ts': [
    "import { Shape } from './lib';",
    'export interface Box<T> { value: T; map<U>(f: (t: T) => U): Box<U>; other<T>(t: T): T }',
    'export type Pair<T> = [T, T];',
    'export function wrap<T>(t: T): Box<T> { type T2 = T; const b: Box<T2> = { value: t, map: (f) => wrap(f(t)), other: (x) => x }; return b; }',
    // A block declares a local type of an imported type\'s name: inside it, that one.
    'export function local(): Shape { interface Shape { m: string } const s: Shape = { m: "" }; return { n: s.m.length }; }',
    // `infer` declares a name in a conditional type; a mapped type its key.
    'export type Unpack<T> = T extends Array<infer Shape> ? Shape : Shape;',
    'export type Keys<T> = { [Shape in keyof T]: Shape };',
    // A static member cannot name the class\'s type parameter (an error: no symbol).
    'export class Holder<T> { static make(): Holder<number> { return new Holder<number>(); } static bad(x: T) { return x; } keep(t: T): T { return t; } }',
    'export function over(a: string): string;',
    'export function over(a: number): number;',
    'export function over(a: unknown): unknown { return a; }',
    // Exported and local overloads are an error: two symbols.
    'export function mixed(): void;',
    'function mixed(a?: number): void { void a; }',
    'export class Overloads { m(): void; m(a?: number): void { void a; } static m(): void; static m(a?: number): void { void a; } }',
    'export interface Sig { f(): void; f(a: number): void }',
    'export namespace NS { export interface Shape { q: number } export const s: Shape = { q: 1 }; }',
    'export const fromLib: Shape = { n: 1 };',
    'export const pair: Pair<Shape> = [fromLib, fromLib];',
    '',
  ].join('\n'),
  'src/legacy.js': [
    // JavaScript: a local require is an alias into another module; never skipped.
    'function load() { const h = require("./lib").helper; return { h }; }',
    'module.exports = { load };',
    '',
  ].join('\n'),
};

interface Checked {
  skipped: number;
  wrong: string[];
}

/** Each TypeScript file of the workspace at `root` (not its libraries), with its program's in-process checker and its PlainLocals. */
function forEachOwnFile(root: string, visit: (sf: ts.SourceFile, rel: string, checker: ts.TypeChecker, locals: PlainLocals, declared: ReturnType<typeof declareFile>) => void): void {
  for (const project of discoverProjects(ts, root)) {
    const program = ts.createProgram({ rootNames: project.fileNames, options: project.options });
    const checker = program.getTypeChecker();
    for (const sf of program.getSourceFiles()) {
      if (sf.isDeclarationFile || sf.fileName.includes('/node_modules/') || !sf.fileName.startsWith(root)) continue;
      const rel = path.relative(root, sf.fileName);
      const declared = declareFile(ts, sf, rel, false);
      visit(sf, rel, checker, new PlainLocals(ts, sf, declared), declared);
    }
  }
}

/** Every identifier of `sf` (an explicit stack: generated code nests deep). */
function identifiers(sf: ts.SourceFile): ts.Identifier[] {
  const out: ts.Identifier[] = [];
  const stack: ts.Node[] = [sf];
  while (stack.length) {
    const n = stack.pop()!;
    ts.forEachChild(n, (c) => {
      stack.push(c);
    });
    if (ts.isIdentifier(n)) out.push(n);
  }
  return out;
}

/** Per file, the names PlainLocals says share an answer, grouped by their key, checked against the in-process checker: each group one symbol. */
function checkShared(root: string): Checked {
  const out: Checked = { skipped: 0, wrong: [] };
  forEachOwnFile(root, (sf, rel, checker, locals) => {
    const groups = new Map<string, ts.Identifier[]>();
    for (const n of identifiers(sf)) {
      const key = locals.shared(n);
      if (key !== undefined) groups.set(key, [...(groups.get(key) ?? []), n]);
    }
    for (const [key, names] of groups) {
      out.skipped += names.length - 1;
      const symbols = names.map((n) => checker.getSymbolAtLocation(n));
      const lines = names.map((n) => sf.getLineAndCharacterOfPosition(n.getStart()).line + 1);
      if (new Set(symbols).size > 1) out.wrong.push(`${rel} ${key}: ${symbols.length} names (lines ${lines.join(', ')}), ${new Set(symbols).size} symbols`);
    }
  });
  return out;
}

/** Every name PlainLocals skips in the TypeScript files of the workspace at `root`, checked against the in-process checker. */
function checkSkipped(root: string): Checked {
  const out: Checked = { skipped: 0, wrong: [] };
  forEachOwnFile(root, (sf, rel, checker, locals, declared) => {
    for (const n of identifiers(sf)) {
      if (!locals.has(n)) continue;
      out.skipped++;
      const p = n.parent;
      const sym = ts.isShorthandPropertyAssignment(p) && p.name === n ? checker.getShorthandAssignmentValueSymbol(p) : checker.getSymbolAtLocation(n);
      const where = `${rel}:${sf.getLineAndCharacterOfPosition(n.getStart()).line + 1} ${n.text}`;
      for (const d of sym?.declarations ?? []) {
        let inFunction = false;
        for (let a: ts.Node | undefined = d.parent; a && !inFunction; a = a.parent) inFunction = ts.isFunctionLike(a);
        if (d.getSourceFile() !== sf || !inFunction) out.wrong.push(`${where}: resolves to ${ts.SyntaxKind[d.kind]} outside a function of this file`);
        else if (declared.declToId.has(d)) out.wrong.push(`${where}: resolves to the node ${declared.declToId.get(d)}`);
      }
    }
  });
  return out;
}

describe('names that resolve to locals that are no nodes are not asked', () => {
  let root: string;
  before(() => {
    root = writeWorkspace('tcg-plain-locals-', HOSTILE);
  });
  after(() => fs.rmSync(root, { recursive: true, force: true }));

  it('every name skipped resolves, by the checker, to a local of its function that is no node: the hostile cases', () => {
    const r = checkSkipped(root);
    assert.deepEqual(r.wrong, []);
    // shadowed's three, handle's config, the catch's helper and config, h, again.
    assert.ok(r.skipped >= 8, `only ${r.skipped} names skipped`);
  });

  it('every name skipped resolves, by the checker, to a local of its function that is no node: every fixture', function () {
    this.timeout(120_000);
    let skipped = 0;
    const wrong: string[] = [];
    for (const name of FIXTURE_NAMES) {
      const r = checkSkipped(fixtureRoot(name));
      skipped += r.skipped;
      wrong.push(...r.wrong.map((w) => `${name}: ${w}`));
    }
    assert.deepEqual(wrong, []);
    assert.ok(skipped >= 50, `only ${skipped} names skipped over the fixtures`);
  });

  it('names said to share an answer are answered with one symbol by the checker: the hostile cases and every fixture', function () {
    this.timeout(120_000);
    const hostile = checkShared(root);
    assert.deepEqual(hostile.wrong, []);
    // first's helper and config, again in last: two names answered by others.
    assert.ok(hostile.skipped >= 2, `only ${hostile.skipped} names shared`);
    let shared = 0;
    const wrong: string[] = [];
    for (const name of FIXTURE_NAMES) {
      const r = checkShared(fixtureRoot(name));
      shared += r.skipped;
      wrong.push(...r.wrong.map((w) => `${name}: ${w}`));
    }
    assert.deepEqual(wrong, []);
    assert.ok(shared >= 100, `only ${shared} names shared over the fixtures`);
  });

  it('type names and overloads: one key where the checker resolves one symbol, none where a scope may resolve another', () => {
    // Per name and line, the keys of its occurrences from left to right.
    const keys = new Map<string, Array<[number, string | undefined]>>();
    forEachOwnFile(root, (sf, rel, _checker, locals) => {
      if (rel !== path.join('src', 'types.ts')) return;
      for (const n of identifiers(sf)) {
        const { line, character } = sf.getLineAndCharacterOfPosition(n.getStart());
        const k = `${n.text}@${line + 1}`;
        keys.set(k, [...(keys.get(k) ?? []), [character, locals.shared(n)]]);
      }
    });
    const at = (name: string, line: number) => (keys.get(`${name}@${line}`) ?? []).sort((a, b) => a[0] - b[0]).map(([, key]) => key);
    // The module's Shape in a return type, a variable's type, a type argument: one key.
    const moduleShape = at('Shape', 5)[0];
    assert.ok(moduleShape, 'the return type of local() is keyed');
    assert.ok(at('Shape', 17).includes(moduleShape) && at('Shape', 18).includes(moduleShape), `fromLib and pair share it: ${at('Shape', 17)} / ${at('Shape', 18)}`);
    // Inside local()'s block, its own interface: not keyed. In the namespace: not keyed. `infer`: not keyed.
    assert.deepEqual(at('Shape', 5).slice(2).filter((k) => k !== undefined), [], `local()'s block: ${at('Shape', 5)}`);
    assert.deepEqual(at('Shape', 16).filter((k) => k !== undefined && k.startsWith('T ')), [], `the namespace: ${at('Shape', 16)}`);
    assert.deepEqual(at('Shape', 6).filter((k) => k !== undefined), [], `the conditional type: ${at('Shape', 6)}`);
    // A mapped type's key: its own, not the module's.
    const mapped = at('Shape', 7).filter((k) => k !== undefined);
    assert.equal(mapped.length, 1, `the mapped type's Shape: ${at('Shape', 7)}`);
    assert.notEqual(mapped[0], moduleShape);
    // Box's T and its method's own T apart; wrap's T one key; the static member's T none.
    const boxT = at('T', 2).filter((k) => k !== undefined);
    assert.equal(new Set(boxT).size, 2, `Box's T and other's T: ${at('T', 2)}`);
    assert.equal(new Set(at('T', 4).filter((k) => k !== undefined)).size, 1, `wrap's T: ${at('T', 4)}`);
    // Holder's T: its declaration no key (no type reference), bad's none (a static member), keep's two one key.
    const [, bad, keep1, keep2] = at('T', 8);
    assert.equal(bad, undefined, `bad's T: ${at('T', 8)}`);
    assert.ok(keep1 && keep1 === keep2, `keep's T: ${at('T', 8)}`);
    // Overloads: over's three one key; mixed's two apart; Overloads.m instance and static apart; Sig.f one.
    assert.equal(new Set([...at('over', 9), ...at('over', 10), ...at('over', 11)]).size, 1);
    assert.notEqual(at('mixed', 12)[0], at('mixed', 13)[0]);
    assert.equal(new Set(at('m', 14)).size, 2, `Overloads.m: ${at('m', 14)}`);
    assert.equal(new Set(at('f', 15)).size, 1, `Sig.f: ${at('f', 15)}`);
  });

  it("the native batch asks a name read in the module's scope once per file: one function's reads answer the other's", async function () {
    this.timeout(60_000);
    const { Checker } = require('@typescript/native/unstable/sync') as { Checker: { prototype: Record<string, (...args: unknown[]) => unknown> } };
    const real = Checker.prototype.getSymbolAtLocation;
    const asked: Array<{ file: string; pos: number; end: number }> = [];
    Checker.prototype.getSymbolAtLocation = function (this: unknown, ...args: unknown[]) {
      if (Array.isArray(args[0])) for (const n of args[0] as ts.Node[]) asked.push({ file: n.getSourceFile().fileName, pos: n.pos, end: n.end });
      return real.apply(this, args);
    };
    try {
      const { index } = await indexWorkspace({ root, compiler: 'native' });
      index.dispose();
    } finally {
      Checker.prototype.getSymbolAtLocation = real;
    }
    const file = path.join(root, 'src/shared.ts');
    const text = fs.readFileSync(file, 'utf8');
    // The reads of `helper` and `config` in a function's body: `return helper() + config;`.
    const reads = (fn: string) => {
      const body = text.indexOf('return helper() + config;', text.indexOf(`function ${fn}(`));
      return [body + 'return '.length, body + 'return helper() + '.length];
    };
    const sent = (at: number) => asked.some((a) => a.file === file && a.end === at + (text.startsWith('helper', at) ? 'helper'.length : 'config'.length));
    // Each of the two names once, in either function (the batch walks in no promised order).
    const [first, last] = [reads('first').map(sent), reads('last').map(sent)];
    assert.deepEqual([first[0] !== last[0], first[1] !== last[1]], [true, true], `helper asked in first: ${first[0]}, in last: ${last[0]}; config: ${first[1]}, ${last[1]}`);
  });

  it('the edges of the names that must be asked are there, the same on both compilers; a shorthand of a plain local costs no request', async function () {
    this.timeout(60_000);
    const graphs: Record<string, string[]> = {};
    const { asked } = await countNativeRequests(['getShorthandAssignmentValueSymbol'], async () => {
      for (const compiler of ['native', 'inprocess'] as const) {
        const { index } = await indexWorkspace({ root, compiler });
        graphs[compiler] = exportGraph(index.graph, root).edges.map((e) => `${e.from} -${e.type}-> ${e.to}`);
        index.dispose();
      }
    });
    const edges = graphs.native;
    const has = (edge: string) => assert.ok(edges.includes(edge), `missing ${edge}:\n${edges.join('\n')}`);
    has('src/use.ts#usesImport@function -REFERENCES-> src/lib.ts#helper@function');
    has('src/use.ts#nested@function -REFERENCES-> src/use.ts#nested.inner@function');
    has('src/use.ts#nested@function -CALLS-> src/use.ts#nested.inner@function');
    has('src/use.ts#Service.handle@method -REFERENCES-> src/lib.ts#config@variable');
    has('src/use.ts#Service.handle@method -CALLS-> src/lib.ts#dec@function');
    has('src/use.ts#typeOnly@function -RETURNS-> src/lib.ts#Shape@interface');
    has('src/use.ts#hoisted@function -REFERENCES-> src/lib.ts#helper@function');
    has('src/use.ts#scopes@function -CALLS-> src/lib.ts#helper@function');
    has('src/legacy.js#load@function -REFERENCES-> src/lib.ts#helper@function');
    has('src/shared.ts#first@function -CALLS-> src/lib.ts#helper@function');
    has('src/shared.ts#last@function -CALLS-> src/lib.ts#helper@function');
    has('src/shared.ts#Inner.read@function -REFERENCES-> src/shared.ts#Inner.config@variable');
    assert.ok(!edges.some((e) => e.startsWith('src/shared.ts#hoistedShadow@function ') && e.includes('src/lib.ts#helper')), `hoistedShadow calls its own var:\n${edges.join('\n')}`);
    assert.ok(!edges.some((e) => e.startsWith('src/use.ts#shadowed@function ')), `shadowed names only locals:\n${edges.join('\n')}`);
    assert.deepEqual(graphs.native, graphs.inprocess);
    // Of the 11 shorthands: usesImport's (an import), nested's (a node), hoisted's `late` (the syntax
    // does not see a hoisted var) and the JavaScript file's two. Not shadowed's, handle's, scopes' four.
    assert.equal(asked.get('getShorthandAssignmentValueSymbol'), 5);
  });
});
