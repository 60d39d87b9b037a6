import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import * as declareModule from '../../src/core/indexer/file/declareFile';
import { NativeChecker } from '../../src/core/compiler/native/NativeChecker';
import { indexWorkspace } from '../../src/core/indexer/indexWorkspace';
import { exportGraph } from '../../src/worker/exportGraph';
import { writeWorkspace } from '../support/hostileWorkspace';

/**
 * A monorepo's projects each hold the workspace's shared files in their programs, and each program
 * has its own tree of such a file (the native compiler gives programs whose parse options differ
 * their own; TypeScript 6 one per target). A file is declared (its nodes named) once per text, not
 * once per program that targets it; and the native compiler is asked its declarations' symbols only
 * for a file that declares a name twice (overloads, merged declarations), which they tell apart.
 */
describe('a file several programs hold is declared once', () => {
  let root: string;
  before(() => {
    const files: Record<string, string> = {};
    const write = (rel: string, text: string) => void (files[rel] = text);
    write(
      'shared/lib.ts',
      [
        'export function format(s: string): string { return s.trim(); }',
        'export function parse(s: string): number;',
        'export function parse(s: string, radix: number): number;',
        'export function parse(s: string, radix = 10): number { return parseInt(s, radix); }',
        'export class Store {',
        '  get(key: string): string | undefined { return this.items.get(key); }',
        '  private items = new Map<string, string>();',
        '}',
        'export interface Shape { area(): number }',
        'export const helpers = { twice: (n: number) => n * 2 };',
        // A module's own interface and the global one of the same name: two symbols, which only the compiler tells.
        'export interface Settings { depth: number }',
        'declare global { interface Settings { wide: boolean } }',
        '',
      ].join('\n'),
    );
    // Declares names twice only side by side (overloads) or in a namespace declared twice, which bind one symbol: nothing to ask.
    write(
      'shared/plain.ts',
      [
        'export function shout(s: string): string;',
        'export function shout(s: string, times: number): string;',
        'export function shout(s: string, times = 1): string { return s.toUpperCase().repeat(times); }',
        'export class Counter {',
        '  next(): number;',
        '  next(step: number): number;',
        '  next(step = 1): number { return step; }',
        '}',
        // One interface declared in two blocks of a namespace: one symbol, as the binder merges them.
        'export namespace Config { export interface Options { depth: number } }',
        'export namespace Config { export interface Options { wide: boolean } }',
        '',
      ].join('\n'),
    );
    write('shared/tsconfig.json', JSON.stringify({ compilerOptions: { strict: true }, include: ['lib.ts', 'plain.ts'] }));
    // Options the native compiler parses files by (whether a file is a module): each program its own tree of lib.ts.
    const options: Array<Record<string, unknown>> = [{ strict: true }, { strict: true, moduleDetection: 'force' }, { strict: true, jsx: 'react-jsx', target: 'ES2020' }];
    options.forEach((compilerOptions, i) => {
      const name = `app${i + 1}`;
      write(`${name}/tsconfig.json`, JSON.stringify({ compilerOptions, include: ['main.ts'] }));
      write(
        `${name}/main.ts`,
        [
          "import { format, parse, Store, helpers } from '../shared/lib';",
          "import { shout, Counter } from '../shared/plain';",
          `export function run${i + 1}(s: string): number {`,
          '  const store = new Store();',
          '  return parse(format(store.get(shout(s)) ?? s)) + helpers.twice(new Counter().next());',
          '}',
          '',
        ].join('\n'),
      );
    });
    root = writeWorkspace('tcg-declared-once-', files);
  });
  after(() => fs.rmSync(root, { recursive: true, force: true }));

  /** Runs `index` counting, per file, how often it is declared and how often the native compiler is asked its declarations' symbols. */
  async function counted(compiler: 'native' | 'inprocess') {
    const declared = new Map<string, number>();
    const asked = new Map<string, number>();
    const realDeclare = declareModule.declareFile;
    const checker = NativeChecker.prototype as unknown as { declarationNames(sf: { fileName: string }): unknown };
    const realNames = checker.declarationNames;
    (declareModule as { declareFile: typeof realDeclare }).declareFile = (ts, sf, file, external) => {
      declared.set(file, (declared.get(file) ?? 0) + 1);
      return realDeclare(ts, sf, file, external);
    };
    checker.declarationNames = function (this: unknown, sf: { fileName: string }) {
      const rel = path.relative(root, sf.fileName);
      asked.set(rel, (asked.get(rel) ?? 0) + 1);
      return realNames.call(this, sf);
    };
    try {
      const { index } = await indexWorkspace({ root, compiler });
      try {
        assert.equal(index.compiler.kind, compiler);
        const graph = exportGraph(index.graph, root);
        const edges = graph.edges.map((e) => `${e.from} -${e.type}-> ${e.to}`);
        return { declared, asked, edges, nodes: graph.nodes.map((n) => n.id) };
      } finally {
        index.dispose();
      }
    } finally {
      (declareModule as { declareFile: typeof realDeclare }).declareFile = realDeclare;
      checker.declarationNames = realNames;
    }
  }

  for (const compiler of ['native', 'inprocess'] as const) {
    it(`${compiler}: names shared/lib.ts once, and every program's edges reach its nodes`, async () => {
      const { declared, asked, edges, nodes } = await counted(compiler);
      // One node per symbol, on both compilers: the overloads are one, the interface declared twice is one.
      for (const [name, kind] of [['shout', 'function'], ['Counter.next', 'method'], ['parse', 'function'], ['Config.Options', 'interface']]) {
        const file = name === 'parse' ? 'lib.ts' : 'plain.ts';
        assert.deepEqual(nodes.filter((id) => id.startsWith(`shared/${file}#${name}`)), [`shared/${file}#${name}@${kind}`]);
      }
      // The module's Settings and the global one are two symbols: two nodes.
      assert.deepEqual(nodes.filter((id) => id.startsWith('shared/lib.ts#Settings')).sort(), ['shared/lib.ts#Settings@interface', 'shared/lib.ts#Settings@interface~2']);
      assert.equal(declared.get('shared/lib.ts'), 1, `declared ${declared.get('shared/lib.ts')} times`);
      if (compiler === 'native') {
        // The one round trip that names a file (for Settings): the other programs' trees of it ask none.
        assert.equal(asked.get('shared/lib.ts'), 1, `its declarations' symbols asked ${asked.get('shared/lib.ts')} times`);
        // Overloads side by side and a namespace's merged interface are one symbol as TypeScript binds them: plain.ts asks nothing.
        assert.equal(asked.get('shared/plain.ts'), undefined, `plain.ts's declarations' symbols asked ${asked.get('shared/plain.ts')} times`);
      }
      assert.equal(declared.get('shared/plain.ts'), 1);
      for (const i of [1, 2, 3]) {
        const from = `app${i}/main.ts#run${i}@function`;
        for (const to of ['lib.ts#format@function', 'lib.ts#parse@function', 'lib.ts#Store.get@method', 'lib.ts#Store@class', 'lib.ts#helpers.twice@function', 'plain.ts#shout@function', 'plain.ts#Counter.next@method']) {
          assert.ok(edges.some((e) => e.startsWith(`${from} -`) && e.endsWith(`-> shared/${to}`)), `${from} reaches shared/${to}:\n${edges.join('\n')}`);
        }
      }
    });
  }
});
