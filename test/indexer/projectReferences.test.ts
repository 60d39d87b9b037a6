import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { CodeGraph } from '../../src/core/CodeGraph';
import { indexWorkspace } from '../../src/core/indexer/indexWorkspace';
import { foundNodes } from '../support/graphLookup';

/**
 * An npm/yarn/pnpm workspace with project references: `@acme/app` imports `@acme/core` by its package
 * name, which resolves through the workspace symlink in node_modules to the package's `types`
 * (dist/index.d.ts). Unbuilt, that file does not exist and every cross-package call was lost; built,
 * the calls ended at the emitted declarations. As the language service does, the sources of a
 * referenced project stand for its outputs, so the calls reach the code either way.
 */
describe('indexWorkspace: a monorepo whose packages import each other by name (project references)', () => {
  let root: string;
  const write = (rel: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  };
  const compilerOptions = { composite: true, outDir: 'dist', rootDir: 'src', strict: true, module: 'commonjs', target: 'ES2022', types: [] };

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-workspaces-'));
    write('package.json', JSON.stringify({ private: true, workspaces: ['packages/*'] }));
    write('tsconfig.json', JSON.stringify({ files: [], references: [{ path: 'packages/core' }, { path: 'packages/app' }] }));
    write('packages/core/package.json', JSON.stringify({ name: '@acme/core', main: 'dist/index.js', types: 'dist/index.d.ts' }));
    write('packages/core/tsconfig.json', JSON.stringify({ compilerOptions, include: ['src'] }));
    write('packages/core/src/index.ts', "export function createId(prefix: string): string {\n  return prefix + '-1';\n}\n");
    write('packages/app/package.json', JSON.stringify({ name: '@acme/app', dependencies: { '@acme/core': '*' } }));
    write('packages/app/tsconfig.json', JSON.stringify({ compilerOptions, include: ['src'], references: [{ path: '../core' }] }));
    write('packages/app/src/main.ts', "import { createId } from '@acme/core';\n\nexport function run(): string {\n  return createId('app');\n}\n");
    fs.mkdirSync(path.join(root, 'node_modules/@acme'), { recursive: true });
    fs.symlinkSync(path.join(root, 'packages/core'), path.join(root, 'node_modules/@acme/core'), 'dir');
  });

  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  const dependents = (cg: CodeGraph) => {
    const r = cg.dependentsOf('packages/core/src/index.ts', 'createId');
    return foundNodes(r).map((n) => `${n.file}:${n.name}`);
  };

  it('connects a call across packages when the referenced package is not built', async () => {
    const cg = await CodeGraph.open({ root });
    assert.deepEqual(dependents(cg), ['packages/app/src/main.ts:run']);
    assert.deepEqual(cg.report.errors, []);
  });

  it('sends the call to the sources, not the emitted declarations, when it is built', async () => {
    write('packages/core/dist/index.d.ts', 'export declare function createId(prefix: string): string;\n');
    write('packages/core/dist/index.js', "exports.createId = (p) => p + '-1';\n");
    const cg = await CodeGraph.open({ root });
    assert.deepEqual(dependents(cg), ['packages/app/src/main.ts:run']);
    const targets = cg.graph.outEdges('packages/app/src/main.ts#run@function').map((e) => e.to);
    assert.deepEqual(targets, ['packages/core/src/index.ts#createId@function']);
  });

  it('follows an edit of the referenced package incrementally, as a full index does', async () => {
    const { index } = await indexWorkspace({ root });
    const steps = [
      "export function makeId(prefix: string): string {\n  return prefix + '-1';\n}\n",
      "export function makeId(prefix: string): string {\n  return prefix + '-1';\n}\nexport function createId(prefix: string): string {\n  return makeId(prefix);\n}\n",
    ];
    for (const [i, text] of steps.entries()) {
      write('packages/core/src/index.ts', text);
      await index.update(['packages/core/src/index.ts'], []);
      const fresh = await indexWorkspace({ root });
      assert.equal(fresh.graph.snapshot().edges.some((e) => e.includes('main.ts#run@function') && e.includes('#createId@function')), text.includes('createId'), `step ${i}`);
      assert.deepEqual(index.graph.snapshot(), fresh.graph.snapshot(), `step ${i}`);
    }
  });
});
