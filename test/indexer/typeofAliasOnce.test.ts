import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import type * as TS from 'typescript';
import { NativeChecker } from '../../src/core/compiler/native/NativeChecker';
import { indexWorkspace } from '../../src/core/indexer/indexWorkspace';
import { exportGraph } from '../../src/worker/exportGraph';
import { writeWorkspace } from '../support/hostileWorkspace';

/**
 * A call through an ambient variable declared by a type (`declare const describe: SuiteFunction`,
 * mocha's and jest's globals) asks the compiler that variable's type once per program, not at every
 * call: typeorm's tests call `describe` and `it` 11,000 times, a request each (1 s of its index).
 * The `typeof` idiom the type is read for still makes the call an edge to the function.
 */
describe('an ambient variable declared by a type is looked through once per program', () => {
  let root: string;
  before(() => {
    const calls = Array.from({ length: 6 }, (_, i) => `describe('case ${i}', () => { format('${i}'); parseAlias('${i}'); });`);
    root = writeWorkspace('tcg-typeof-once-', {
      'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true }, include: ['src'] }),
      'src/globals.d.ts': ['interface SuiteFunction { (title: string, body: () => void): void }', 'declare const describe: SuiteFunction;', ''].join('\n'),
      'src/lib.ts': ['export function format(s: string): string { return s.trim(); }', 'declare function parse(s: string): number;', 'export declare const parseAlias: typeof parse;', ''].join('\n'),
      'src/lib.test.ts': ["import { format, parseAlias } from './lib';", ...calls, ''].join('\n'),
    });
  });
  after(() => fs.rmSync(root, { recursive: true, force: true }));

  it('native: one type request for `describe` however often it is called, and the typeof alias still reaches the function', async () => {
    const checker = NativeChecker.prototype as unknown as { getTypeAtLocation(node: TS.Node): unknown };
    const real = checker.getTypeAtLocation;
    const asked = new Map<string, number>();
    checker.getTypeAtLocation = function (this: unknown, node: TS.Node) {
      const name = (node as { name?: { text?: string } }).name?.text;
      if (name) asked.set(name, (asked.get(name) ?? 0) + 1);
      return real.call(this, node);
    };
    try {
      const { index } = await indexWorkspace({ root, compiler: 'native' });
      try {
        const edges = exportGraph(index.graph, root).edges.map((e) => `${e.from} -${e.type}-> ${e.to}`);
        assert.equal(asked.get('describe'), 1, `describe's type asked ${asked.get('describe')} times`);
        assert.equal(asked.get('parseAlias'), 1, `parseAlias's type asked ${asked.get('parseAlias')} times`);
        assert.ok(edges.some((e) => e.startsWith('src/lib.test.ts#') && e.endsWith('-> src/lib.ts#parse@function')), `the typeof alias reaches parse:\n${edges.join('\n')}`);
      } finally {
        index.dispose();
      }
    } finally {
      checker.getTypeAtLocation = real;
    }
  });
});
