import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { CodeGraph } from '../../src/core/CodeGraph';
import { indexWorkspace } from '../../src/core/indexer/indexWorkspace';
import { foundNodes } from '../support/graphLookup';
import { ADVICE_WARNINGS, writeAdviceFixture } from '../support/packageAdviceFixture';

/**
 * Issue 29, item 5: when a package resolves to no types, the warning names the real cause (not
 * installed; installed but not found under the config's moduleResolution, naming the settings that
 * do find it; a workspace package not built), never advice we cannot back ("install the
 * dependencies" for a package that is installed).
 */
describe('the advice for imported packages that resolve to no types', () => {
  let root: string;
  beforeEach(() => {
    root = writeAdviceFixture();
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('names each cause with the right advice, and nothing for a workspace package mapped to its sources', async () => {
    const { report } = await indexWorkspace({ root });
    assert.deepEqual(report.warnings, ADVICE_WARNINGS);
    for (const w of report.warnings) assert.ok(report.problems.includes(w));
  });

  it('the moduleResolution it names does resolve the package: with it, that warning is gone and the call is there', async () => {
    const config = path.join(root, 'packages/app/tsconfig.json');
    const json = JSON.parse(fs.readFileSync(config, 'utf8'));
    json.compilerOptions.module = 'esnext';
    json.compilerOptions.moduleResolution = 'bundler';
    fs.writeFileSync(config, JSON.stringify(json));
    const cg = await CodeGraph.open({ root });
    assert.deepEqual(cg.report.warnings, [ADVICE_WARNINGS[0], ADVICE_WARNINGS[2], ADVICE_WARNINGS[3]]);
    const targets = cg.graph.outEdges('packages/app/src/main.ts#run@function').map((e) => e.to);
    assert.ok(targets.some((t) => t.includes('exp-only') && t.includes('feature')), targets.join(', '));
  });

  it('a workspace package built as its warning says resolves: no warning for it', async () => {
    fs.mkdirSync(path.join(root, 'packages/legacy/dist'));
    fs.writeFileSync(path.join(root, 'packages/legacy/dist/index.d.ts'), 'export declare function legacy(): number;\n');
    const cg = await CodeGraph.open({ root });
    assert.deepEqual(cg.report.warnings, [ADVICE_WARNINGS[0], ADVICE_WARNINGS[1], ADVICE_WARNINGS[3]]);
  });

  it('a workspace package given a source condition resolves to its sources: no warning, and its callers are found', async () => {
    const manifest = path.join(root, 'packages/legacy/package.json');
    const json = JSON.parse(fs.readFileSync(manifest, 'utf8'));
    json.exports = { '.': { development: './src/index.ts', types: './dist/index.d.ts', default: './dist/index.js' } };
    fs.writeFileSync(manifest, JSON.stringify(json));
    const cg = await CodeGraph.open({ root });
    assert.deepEqual(cg.report.warnings, [ADVICE_WARNINGS[0], ADVICE_WARNINGS[1], ADVICE_WARNINGS[3]]);
    const callers = foundNodes(cg.dependentsOf('packages/legacy/src/index.ts', 'legacy')).map((n) => `${n.file}:${n.name}`);
    assert.deepEqual(callers, ['packages/app/src/main.ts:run']);
  });

  // Found in TanStack Form: `import '@testing-library/jest-dom'` resolves to a declaration script
  // (`/// <reference …>` to a `declare global` file, no exports), and `import '@mantine/core/styles.css'`
  // is a stylesheet; both were reported as packages resolving to no types, with false advice.
  it('an import resolving to a declaration script, and a package stylesheet, get no warning; the script\'s globals are there', async () => {
    const write = (rel: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
      fs.writeFileSync(path.join(root, rel), text);
    };
    write('node_modules/dom-matchers/package.json', JSON.stringify({ name: 'dom-matchers', types: 'types/index.d.ts', exports: { '.': { types: './types/index.d.ts', default: './dist/index.js' } } }));
    write('node_modules/dom-matchers/types/index.d.ts', '/// <reference path="matchers.d.ts" />\n');
    write('node_modules/dom-matchers/types/matchers.d.ts', 'declare global {\n  function toBeInDom(node: unknown): boolean;\n}\nexport {};\n');
    write('node_modules/ui-kit/package.json', JSON.stringify({ name: 'ui-kit', types: 'index.d.ts' }));
    write('node_modules/ui-kit/index.d.ts', 'export declare function Button(): unknown;\n');
    write('node_modules/ui-kit/styles.css', '.button { color: red; }\n');
    write('packages/app/src/setup.ts', "import 'dom-matchers';\nimport 'ui-kit/styles.css';\n\nexport function check(node: unknown): boolean {\n  return toBeInDom(node);\n}\n");
    const cg = await CodeGraph.open({ root });
    assert.deepEqual(cg.report.warnings, ADVICE_WARNINGS);
    const targets = cg.graph.outEdges('packages/app/src/setup.ts#check@function').map((e) => e.to);
    assert.ok(targets.some((t) => t.includes('toBeInDom')), targets.join(', '));
  });

  // Found in pmndrs/jotai: its examples/* and website/ are apps with their own package.json, outside
  // the workspace, taking `jotai` from the registry; the root package is `jotai` and builds to dist/.
  // The advice was "a package of this workspace not built: build it", which would not make it resolve.
  it('an app outside the workspace importing a workspace package by name: not installed, not "build it"', async () => {
    const write = (rel: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
      fs.writeFileSync(path.join(root, rel), text);
    };
    write('package.json', JSON.stringify({ name: 'acme', types: 'index.d.ts', private: true, workspaces: ['packages/*'], scripts: { build: 'rollup -c' } }));
    write('examples/demo/package.json', JSON.stringify({ name: 'demo', private: true, dependencies: { acme: '^1.0.0' } }));
    write('examples/demo/tsconfig.json', JSON.stringify({ compilerOptions: { strict: true, module: 'esnext', moduleResolution: 'bundler', types: [], noEmit: true }, include: ['src'] }));
    write('examples/demo/src/app.ts', "import { thing } from 'acme';\nexport const app = (): unknown => thing();\n");
    const cg = await CodeGraph.open({ root });
    const notInstalled = ADVICE_WARNINGS[0].replace("1 imported package resolves to no types: 'lodash' (2 files). It is", "2 imported packages resolve to no types: 'lodash' (2 files), 'acme' (1 file). They are").replace('importing it holds it). Calls into it, and calls TypeScript would infer through its types', 'importing them holds them). Calls into them, and calls TypeScript would infer through their types');
    assert.notEqual(notInstalled, ADVICE_WARNINGS[0]);
    assert.deepEqual(cg.report.warnings, [notInstalled, ...ADVICE_WARNINGS.slice(1)]);
  });
});
