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
});
