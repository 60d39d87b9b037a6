import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { CodeGraph } from '../../src/core/CodeGraph';
import { writeLeftOutFixture } from '../support/leftOutFixture';

/**
 * Issue 39, item 2: folders can be left out (tsCodeGraph.exclude, --exclude), and projects whose
 * dependencies are not installed are left out by default, saying which and why.
 */
describe('leaving folders out of the index', () => {
  let root: string;
  beforeEach(() => {
    root = writeLeftOutFixture();
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));
  const files = (cg: CodeGraph) => cg.graph.files().sort();

  it('by default skips a project whose dependencies are not installed, and says which and why', async () => {
    const cg = await CodeGraph.open({ root });
    assert.deepEqual(files(cg), ['packages/app/src/main.ts', 'packages/core/src/generated/tax.ts', 'packages/core/src/index.ts', 'packages/core/src/price.test.ts', 'packages/core/src/price.ts']);
    assert.deepEqual(cg.report.skipped, [{ config: 'examples/shop/tsconfig.json', why: 'uninstalled', packageDir: 'examples/shop' }]);
    assert.deepEqual(cg.report.projects.sort(), ['packages/app/tsconfig.json', 'packages/core/tsconfig.json']);
    assert.ok(
      cg.report.warnings.includes(
        "1 project was not indexed because its dependencies are not installed (a folder with a package.json of its own, not members of the workspace, no node_modules): examples/shop. Install a folder's dependencies to index it.",
      ),
      cg.report.warnings.join('\n'),
    );
  });

  it('indexes that project once its dependencies are installed', async () => {
    fs.mkdirSync(path.join(root, 'examples/shop/node_modules'));
    const cg = await CodeGraph.open({ root });
    assert.ok(files(cg).includes('examples/shop/src/page.ts'));
    assert.deepEqual(cg.report.skipped, []);
  });

  it('indexes it when it is named with --tsconfig, and when nothing else would be left', async () => {
    const named = await CodeGraph.open({ root, tsconfig: path.join(root, 'examples/shop/tsconfig.json') });
    assert.ok(files(named).includes('examples/shop/src/page.ts'));
    // A relative tsconfig is the root's, whatever the process's directory (the bench passes them so).
    assert.notEqual(process.cwd(), root);
    const relative = await CodeGraph.open({ root, tsconfig: 'examples/shop/tsconfig.json' });
    assert.deepEqual(files(relative), files(named));
    fs.rmSync(path.join(root, 'node_modules'), { recursive: true });
    const bare = await CodeGraph.open({ root });
    assert.ok(files(bare).includes('examples/shop/src/page.ts'), 'nothing installed at the root: nothing is skipped');
  });

  it('exclude globs leave files and folders out; a project none of whose files are left is not built', async () => {
    const cg = await CodeGraph.open({ root, exclude: ['**/*.test.ts', 'packages/core/src/generated', 'packages/app'] });
    assert.deepEqual(files(cg), ['packages/core/src/index.ts', 'packages/core/src/price.ts']);
    assert.deepEqual(cg.report.excluded, ['**/*.test.ts', 'packages/core/src/generated', 'packages/app']);
    assert.deepEqual(cg.report.skipped[0], { config: 'packages/app/tsconfig.json', why: 'excluded' });
    assert.deepEqual(cg.report.projects, ['packages/core/tsconfig.json']);
    // A call into excluded code ends at a leaf, as a call into a library does.
    const callee = cg.graph.outEdges('packages/core/src/price.ts#price@function').map((e) => cg.graph.getNode(e.to));
    assert.deepEqual(callee.map((n) => [n?.file, n?.name, n?.external]), [['packages/core/src/generated/tax.ts', 'generatedTax', true]]);
  });

  it('an update ignores files created and changed in an excluded folder, and a cache written without the globs is not used', async () => {
    const cacheDir = fs.mkdtempSync(path.join(root, '..', 'tcg-leftout-cache-'));
    try {
      await CodeGraph.open({ root, cacheDir });
      const cg = await CodeGraph.open({ root, cacheDir, exclude: ['packages/core/src/generated'] });
      assert.equal(cg.report.cache, undefined, 'other globs: indexed afresh');
      assert.ok(!files(cg).includes('packages/core/src/generated/tax.ts'));
      fs.writeFileSync(path.join(root, 'packages/core/src/generated/more.ts'), 'export const more = 1;\n');
      fs.appendFileSync(path.join(root, 'packages/core/src/generated/tax.ts'), '// edited\n');
      const report = await cg.update([path.join(root, 'packages/core/src/generated/more.ts'), path.join(root, 'packages/core/src/generated/tax.ts')], []);
      assert.deepEqual(report.reindexed, []);
      assert.ok(!files(cg).some((f) => f.includes('generated')));
    } finally {
      fs.rmSync(cacheDir, { recursive: true, force: true });
    }
  });
});

describe('asking about a file that was left out', () => {
  let root: string;
  before(() => {
    root = writeLeftOutFixture();
  });
  after(() => fs.rmSync(root, { recursive: true, force: true }));

  it('says which glob left it out, or that its dependencies are not installed, instead of "check tsconfig"', async () => {
    const cg = await CodeGraph.open({ root, exclude: ['packages/core/src/gen*', '**/*.test.ts'] });
    const excluded = cg.dependenciesOf('packages/core/src/price.test.ts', 'testPrice');
    assert.equal(excluded.kind === 'message' && excluded.message, 'File not indexed: packages/core/src/price.test.ts. It exists on disk, but it is left out by the exclude glob `**/*.test.ts`.');
    // Excluded code that indexed code calls is a leaf, as a library is: its callers are still found.
    const leaf = cg.dependentsOf('packages/core/src/generated/tax.ts', 'generatedTax');
    assert.ok(leaf.kind === 'graph' && leaf.nodes.some((n) => n.name === 'price'));
    const skipped = cg.dependenciesOf('examples/shop/src/page.ts', 'page');
    assert.equal(
      skipped.kind === 'message' && skipped.message,
      'File not indexed: examples/shop/src/page.ts. It exists on disk, but its project examples/shop/tsconfig.json was not indexed because its dependencies are not installed (install them in examples/shop to index it).',
    );
  });
});
