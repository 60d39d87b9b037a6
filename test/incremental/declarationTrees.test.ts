import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { indexWorkspace } from '../../src/core/indexer/indexWorkspace';
import { writeWorkspace } from '../support/hostileWorkspace';

/**
 * With TypeScript 7, a call's target is found in its declaring file's tree, which the compiler's API
 * hands out per program and snapshot, and nodes are named by their place in that tree. After an edit
 * moves the declarations of a file two other projects call into, every call must land on the
 * declaration as the file is now (not whatever sits at its old place), and the graph must equal a
 * fresh index.
 */
describe('native compiler: calls into a file whose declarations an edit moved', function () {
  this.timeout(120000);
  let root: string;
  const config = JSON.stringify({ compilerOptions: { strict: true, noEmit: true }, include: ['*.ts'] });
  beforeEach(() => {
    root = writeWorkspace('tcg-decltrees-', {
      'tsconfig.json': JSON.stringify({ files: [], references: [{ path: 'lib' }, { path: 'b' }, { path: 'c' }] }),
      'lib/tsconfig.json': config,
      'lib/lib.ts': 'export function first(): number {\n  return 1;\n}\nexport function second(): number {\n  return 2;\n}\n',
      'b/tsconfig.json': config,
      'b/use.ts': "import { first, second } from '../lib/lib';\nexport function useB(): number {\n  return first() + second();\n}\n",
      'c/tsconfig.json': config,
      'c/use.ts': "import { second } from '../lib/lib';\nexport function useC(): number {\n  return second();\n}\n",
    });
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('lands calls on the declarations of the file as it is now, after an edit moved them', async () => {
    const { index, graph } = await indexWorkspace({ root, compiler: 'native' });
    try {
      const calls = (from: string) => graph.outEdges(from).filter((e) => e.type === 'CALLS').map((e) => e.to).sort();
      assert.deepEqual(calls('b/use.ts#useB@function'), ['lib/lib.ts#first@function', 'lib/lib.ts#second@function']);
      assert.deepEqual(calls('c/use.ts#useC@function'), ['lib/lib.ts#second@function']);

      // New declarations before the called ones: every node after them has another place in the tree.
      const lib = path.join(root, 'lib/lib.ts');
      fs.writeFileSync(lib, `export function zero(): number {\n  return 0;\n}\nexport const table = { a: [1, 2, 3], b: { c: 'd' } };\n${fs.readFileSync(lib, 'utf8')}`);
      await index.update([lib], []);
      assert.deepEqual(calls('b/use.ts#useB@function'), ['lib/lib.ts#first@function', 'lib/lib.ts#second@function']);
      assert.deepEqual(calls('c/use.ts#useC@function'), ['lib/lib.ts#second@function']);
      const fresh = await indexWorkspace({ root, compiler: 'native' });
      try {
        assert.deepEqual(graph.snapshot(), fresh.graph.snapshot());
      } finally {
        fresh.index.dispose();
      }
    } finally {
      index.dispose();
    }
  });
});
