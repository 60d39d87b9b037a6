import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import { indexWorkspace } from '../../src/core/indexer/indexWorkspace';
import { writeWorkspace } from '../support/hostileWorkspace';

/**
 * rollup's typings declare `interface AbortSignal {}` globally, so that they compile without the DOM
 * library; merged with the DOM's, every use of `AbortSignal` in TanStack/query pointed at rollup.d.ts.
 * A global the standard library declares is the standard library's (which the graph leaves out);
 * a workspace's own augmentation of it stays a target.
 */
describe('a global of the standard library that a package stubs', function () {
  this.timeout(120000);
  let root: string;
  before(() => {
    root = writeWorkspace('tcg-std-globals-', {
      'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, target: 'es2022', module: 'commonjs', lib: ['es2022', 'dom'], types: [] }, include: ['src'] }),
      'node_modules/stubby/package.json': JSON.stringify({ name: 'stubby', types: 'index.d.ts' }),
      'node_modules/stubby/index.d.ts': 'declare global {\n  interface AbortSignal {}\n}\nexport declare function run(signal: AbortSignal): void;\n',
      'src/use.ts': "import { run } from 'stubby';\nexport function start(signal: AbortSignal): void {\n  run(signal);\n}\nexport function own(w: Window): Window {\n  return w;\n}\n",
      'src/globals.ts': 'export {};\ndeclare global {\n  interface Window {\n    appVersion: string;\n  }\n}\n',
    });
  });
  after(() => fs.rmSync(root, { recursive: true, force: true }));

  for (const compiler of ['inprocess', 'native'] as const) {
    it(`${compiler}: no edge to the stub; the workspace's own augmentation is one`, async () => {
      const { index, graph } = await indexWorkspace({ root, compiler });
      try {
        const out = (from: string) => graph.outEdges(from).map((e) => `${e.type} ${e.to}`).sort();
        assert.deepEqual(out('src/use.ts#start@function'), ['CALLS node_modules/stubby/index.d.ts#run@function']);
        assert.ok(out('src/use.ts#own@function').some((e) => e.includes('src/globals.ts#Window')), out('src/use.ts#own@function').join(', '));
      } finally {
        index.dispose();
      }
    });
  }
});
