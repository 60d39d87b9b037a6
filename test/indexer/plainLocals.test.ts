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

/** Every name PlainLocals skips in the TypeScript files of the workspace at `root`, checked against the in-process checker. */
function checkSkipped(root: string): Checked {
  const out: Checked = { skipped: 0, wrong: [] };
  for (const project of discoverProjects(ts, root)) {
    const program = ts.createProgram({ rootNames: project.fileNames, options: project.options });
    const checker = program.getTypeChecker();
    for (const sf of program.getSourceFiles()) {
      if (sf.isDeclarationFile || sf.fileName.includes('/node_modules/') || !sf.fileName.startsWith(root)) continue;
      const rel = path.relative(root, sf.fileName);
      const declared = declareFile(ts, sf, rel, false);
      const locals = new PlainLocals(ts, sf, declared);
      const stack: ts.Node[] = [sf];
      while (stack.length) {
        const n = stack.pop()!;
        ts.forEachChild(n, (c) => {
          stack.push(c);
        });
        if (!ts.isIdentifier(n) || !locals.has(n)) continue;
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
    }
  }
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
    assert.ok(!edges.some((e) => e.startsWith('src/use.ts#shadowed@function ')), `shadowed names only locals:\n${edges.join('\n')}`);
    assert.deepEqual(graphs.native, graphs.inprocess);
    // Of the 11 shorthands: usesImport's (an import), nested's (a node), hoisted's `late` (the syntax
    // does not see a hoisted var) and the JavaScript file's two. Not shadowed's, handle's, scopes' four.
    assert.equal(asked.get('getShorthandAssignmentValueSymbol'), 5);
  });
});
