import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import { indexWorkspace } from '../../src/core/indexer/indexWorkspace';
import { exportGraph } from '../../src/worker/exportGraph';
import { writeWorkspace } from '../support/hostileWorkspace';
import { countNativeRequests } from '../support/nativeRequests';

/**
 * A named import is resolved through its module's export table, asked once per module, not by a
 * request per import (ra-core: 2,730 alias requests, one per import in every file). What the rule
 * does not cover is still asked and must still resolve: a default import, a module with `export =`,
 * a name re-exported under another name (`export { fb as renamed } from`), a name two `export *`
 * both bring in.
 */
describe('named imports resolve through their module export table', () => {
  const IMPORTERS = 6;
  let root: string;
  before(() => {
    const files: Record<string, string> = {
      'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, esModuleInterop: true }, include: ['src'] }),
      'src/a.ts': 'export function fa(): void {}\nexport class A {\n  m(): void {}\n}\n',
      'src/b.ts': 'export function fb(): void {}\n',
      'src/barrel.ts': "export * from './a';\nexport { fb as renamed } from './b';\n",
      'src/def.ts': 'export default function dflt(): void {}\n',
      'src/cjs.ts': 'function cj(): void {}\nnamespace cj {\n  export function inner(): void {}\n}\nexport = cj;\n',
      'src/one.ts': 'export function dup(): void {}\n',
      'src/two.ts': 'export function dup(): void {}\n',
      'src/both.ts': "export * from './one';\nexport * from './two';\n",
    };
    for (let i = 0; i < IMPORTERS; i++) {
      files[`src/use${i}.ts`] = [
        "import { fa, A, renamed } from './barrel';",
        "import dflt from './def';",
        "import { inner } from './cjs';",
        "// @ts-ignore: both modules export dup",
        "import { dup } from './both';",
        `export function use${i}(): void {`,
        '  fa();',
        '  new A().m();',
        '  renamed();',
        '  dflt();',
        '  inner();',
        '  dup();',
        '}',
        '',
      ].join('\n');
    }
    root = writeWorkspace('tcg-imported-export-', files);
  });
  after(() => fs.rmSync(root, { recursive: true, force: true }));

  it('every import reaches its declaration, on both compilers alike', async () => {
    const graphs: Record<string, string[]> = {};
    for (const compiler of ['native', 'inprocess'] as const) {
      const { index } = await indexWorkspace({ root, compiler });
      try {
        graphs[compiler] = exportGraph(index.graph, root).edges.map((e) => `${e.from} -${e.type}-> ${e.to}`);
      } finally {
        index.dispose();
      }
    }
    const edges = new Set(graphs.native);
    for (let i = 0; i < IMPORTERS; i++) {
      const from = `src/use${i}.ts#use${i}@function`;
      for (const to of ['src/a.ts#fa@function', 'src/a.ts#A.m@method', 'src/b.ts#fb@function', 'src/def.ts#dflt@function', 'src/cjs.ts#cj.inner@function']) {
        assert.ok(edges.has(`${from} -CALLS-> ${to}`), `${from} calls ${to}:\n${[...edges].join('\n')}`);
      }
    }
    // `dup`, which both modules export, resolves as TypeScript 6 resolves it.
    assert.deepEqual(graphs.native, graphs.inprocess);
  });

  it('native: the named imports cost one export table per module, not a request per import', async () => {
    const { asked } = await countNativeRequests(['getAliasedSymbol', 'getExportsOfModule'], async () => {
      const { index } = await indexWorkspace({ root, compiler: 'native' });
      index.dispose();
    });
    // Per importer, asked directly: the default import, the `export =` module's name, the ambiguous
    // name (3 each); once in all: the re-export `renamed` (an alias in barrel's table). Without the
    // export tables every import is asked: 7 per importer.
    const aliases = asked.get('getAliasedSymbol') ?? 0;
    const tables = asked.get('getExportsOfModule') ?? 0;
    assert.ok(aliases <= 3 * IMPORTERS + 2, `getAliasedSymbol asked ${aliases} times for ${IMPORTERS} importers`);
    assert.ok(tables >= 1 && tables <= 4, `getExportsOfModule asked ${tables} times (barrel, cjs, both: once each)`);
  });
});
