import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { CodeGraph } from '../../../src/core/CodeGraph';
import { QueryResult } from '../../../src/core/query/QueryResult';
import { writeWorkspace } from '../../support/hostileWorkspace';

/**
 * Imports that resolve to no types hide part of an answer, and the answer says so. On TanStack/query
 * the examples import '@tanstack/react-query', whose types are a build output nobody built: the 33
 * example files calling `useQuery` were missing from its dependents, and `pathsBetween` from an
 * example to `useQuery` said "No path found.", both without a word.
 */
describe('answers that imports resolving to no types can change', function () {
  this.timeout(120000);
  let root: string;
  let graph: CodeGraph;
  const notes = (r: QueryResult) => (r.notes ?? []).filter((n) => n.includes('resolve'));

  before(async () => {
    const config = JSON.stringify({ compilerOptions: { strict: true, module: 'esnext', moduleResolution: 'bundler', target: 'es2022', jsx: 'react-jsx' }, include: ['src'] });
    root = writeWorkspace('tcg-unresolved-notes-', {
      'package.json': JSON.stringify({ name: 'ws', private: true, workspaces: ['packages/*', 'examples/*'] }),
      // Its types are a build output that does not exist, and nothing maps them to its sources.
      'packages/core/package.json': JSON.stringify({ name: '@ws/core', type: 'module', exports: { '.': { types: './build/index.d.ts', import: './build/index.js' } } }),
      'packages/core/tsconfig.json': config,
      'packages/core/src/index.ts': "export { useThing } from './useThing';\n",
      'packages/core/src/useThing.ts': 'export function useThing(): number {\n  return 1;\n}\nexport function useOther(): number {\n  return useThing() + 1;\n}\n',
      'packages/lone/package.json': JSON.stringify({ name: '@ws/lone', type: 'module' }),
      'packages/lone/tsconfig.json': config,
      'packages/lone/src/lone.ts': 'export function lone(): number {\n  return 1;\n}\nexport function caller(): number {\n  return lone();\n}\n',
      'examples/app/package.json': JSON.stringify({ name: 'app', private: true, dependencies: { '@ws/core': '*' } }),
      'examples/app/tsconfig.json': config,
      // Names only useOther: a dependent of useThing's (useOther calls it), not of useOther's alone.
      'examples/app/src/other.ts': "import { useOther } from '@ws/core';\nexport const other = useOther();\n",
      // A codemod's input: data, no use of useThing's.
      'examples/app/src/__testfixtures__/rename.input.ts': "import { useThing } from '@ws/core';\nexport const x = useThing();\n",
      'examples/app/src/main.ts': "import { useThing } from '@ws/core';\nimport 'modern-normalize/modern-normalize.css';\nexport function main(): number {\n  return useThing();\n}\n",
    });
    fs.mkdirSync(path.join(root, 'examples/app/node_modules/@ws'), { recursive: true });
    fs.symlinkSync(path.join(root, 'packages/core'), path.join(root, 'examples/app/node_modules/@ws/core'), 'dir');
    graph = await CodeGraph.open({ root });
  });

  after(() => {
    graph?.dispose();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('dependentsOf code of a package some files import by a name that resolves to no types: their uses may be missing, said with the count of those naming it and the package', () => {
    const result = graph.dependentsOf('packages/core/src/useThing.ts', 'useThing');
    assert.equal(result.kind, 'graph');
    assert.deepEqual(notes(result), [
      "Incomplete: uses of this code may be missing where its package's name resolves to no types: 2 files naming its code import '@ws/core' (packages/core; examples/app/src/main.ts, examples/app/src/other.ts). `ts-code-graph stats` says why, and what fixes it.",
    ]);
    // Only the importers that name code of the answer count.
    assert.deepEqual(notes(graph.dependentsOf('packages/core/src/useThing.ts', 'useOther')), [
      "Incomplete: uses of this code may be missing where its package's name resolves to no types: 1 file naming its code imports '@ws/core' (packages/core; examples/app/src/other.ts). `ts-code-graph stats` says why, and what fixes it.",
    ]);
  });

  it('dependenciesOf and pathsBetween from a file whose import resolves to no types: its calls there are missing (a stylesheet is no code)', () => {
    const expected = ["Incomplete: code this answer reaches imports '@ws/core', which resolves to no types: calls into it are missing (`ts-code-graph stats` says why, and what fixes it)."];
    assert.deepEqual(notes(graph.dependenciesOf('examples/app/src/main.ts', 'main')), expected);
    const paths = graph.pathsBetween({ file_path: 'examples/app/src/main.ts', symbol: 'main' }, { file_path: 'packages/core/src/useThing.ts', symbol: 'useThing' });
    assert.match(JSON.stringify(paths), /No path found|"paths":\[\]/);
    assert.deepEqual(notes(paths), expected);
  });

  it('says nothing where no unresolved import can touch the answer', () => {
    assert.deepEqual(notes(graph.dependentsOf('packages/lone/src/lone.ts', 'lone')), []);
    assert.deepEqual(notes(graph.dependenciesOf('packages/core/src/useThing.ts', 'useOther')), []);
  });
});
