import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import { CodeGraph } from '../../src/core/CodeGraph';
import { QueryResult } from '../../src/core/query/QueryResult';
import { PARENS_DEPTH, writeWorkspace } from '../support/hostileWorkspace';

/** A file the parser cannot handle (it nests too deeply), importing `imports`. */
function unparsable(imports: string[]): string {
  return `${imports.join('\n')}\nexport const deep = ${'('.repeat(PARENS_DEPTH)}1${')'.repeat(PARENS_DEPTH)};\n`;
}

export const SCOPE_FILES = {
  'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, noEmit: true }, include: ['src'] }),
  'src/a.ts': 'export function a(): number {\n  return 1;\n}\n',
  'src/c.ts': 'export function c(): number {\n  return 3;\n}\n',
  'src/d.ts': "import { c } from './c';\nexport function d(): number {\n  return c();\n}\n",
  'src/deep/c2.ts': 'export function c2(): number {\n  return 2;\n}\n',
  'src/barrel.ts': "export * from './deep/c2';\n",
  'src/globals.ts': 'function sharedGlobal(): number {\n  return 4;\n}\n',
  'src/bad.ts': unparsable(["import { a } from './a';", "import { c2 } from './barrel';"]),
};

const incomplete = (r: QueryResult) => (r.warnings ?? []).filter((w) => w.startsWith('Incomplete: '));

/**
 * Issue 29: one failed file used to stamp every dependentsOf and pathsBetween answer "Incomplete".
 * An answer now carries the note only when the failed file's missing calls could change it: the
 * failed file (here src/bad.ts, which the parser cannot handle) can call only into what it imports,
 * directly or through a barrel, and into global scripts.
 */
describe('incomplete answers: scoped to what a failed file can reach', function () {
  this.timeout(120_000);
  let root: string;
  let graph: CodeGraph;
  before(async () => {
    root = writeWorkspace('tcg-scope-', SCOPE_FILES);
    // TypeScript 6's parser overflows its stack on src/bad.ts; 7's does not (it analyses the file:
    // docs/INDEXING.md), so the failure this suite scopes is made in process.
    graph = await CodeGraph.open({ root, compiler: 'inprocess' });
    assert.equal(graph.errors().length, 1, 'src/bad.ts is the one failure');
    assert.match(graph.errors()[0], /^src\/bad\.ts could not be analysed/);
  });
  after(() => fs.rmSync(root, { recursive: true, force: true }));

  it('marks dependentsOf a symbol the failed file imports', () => {
    const r = graph.dependentsOf('src/a.ts', 'a');
    assert.equal(r.kind, 'message', 'no known dependents');
    assert.deepEqual(incomplete(r).length, 1);
    assert.match(incomplete(r)[0], /^Incomplete: src\/bad\.ts could not be analysed/);
  });

  it('marks dependentsOf a symbol the failed file reaches through a barrel', () => {
    assert.equal(incomplete(graph.dependentsOf('src/deep/c2.ts', 'c2')).length, 1);
  });

  it('marks dependentsOf a global any file may call without importing it', () => {
    assert.equal(incomplete(graph.dependentsOf('src/globals.ts', 'sharedGlobal')).length, 1);
  });

  it('leaves clean the answers the failed file cannot reach', () => {
    const dependents = graph.dependentsOf('src/c.ts', 'c');
    assert.equal(dependents.kind, 'graph');
    assert.deepEqual(incomplete(dependents), []);
    assert.deepEqual(incomplete(graph.dependenciesOf('src/d.ts', 'd')), []);
    assert.deepEqual(incomplete(graph.pathsBetween({ file_path: 'src/d.ts', symbol: 'd' }, { file_path: 'src/c.ts', symbol: 'c' })), []);
    assert.deepEqual(incomplete(graph.pathsBetween({ file_path: 'src/d.ts', symbol: 'd' }, { file_path: 'src/a.ts', symbol: 'a' })), []);
  });

  it('marks a path search that walks into the failed file, and dependenciesOf that reaches it', async () => {
    const dir = writeWorkspace('tcg-scope-path-', {
      ...SCOPE_FILES,
      'src/user.ts': "import * as bad from './bad';\nexport function user(): unknown {\n  return bad;\n}\n",
    });
    try {
      const g = await CodeGraph.open({ root: dir, compiler: 'inprocess' });
      const path = g.pathsBetween({ file_path: 'src/user.ts', symbol: 'user' }, { file_path: 'src/a.ts', symbol: 'a' });
      assert.equal(incomplete(path).length, 1, JSON.stringify(path));
      assert.equal(incomplete(g.dependenciesOf('src/user.ts', 'user')).length, 1);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('records the files a failed file imports as its dependencies, so editing them revisits it', () => {
    assert.deepEqual(graph.graph.getContribution('src/bad.ts')!.dependsOnFiles, ['src/a.ts', 'src/barrel.ts']);
    assert.ok(graph.graph.getContribution('src/globals.ts')!.global);
    assert.ok(!graph.graph.getContribution('src/c.ts')!.global);
  });

});
