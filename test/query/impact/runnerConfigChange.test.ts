import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import { createFileSourceReader } from '../../../src/core/format/FileSourceReader';
import { formatTestCommands } from '../../../src/core/format/formatImpact';
import { formatText } from '../../../src/core/format/formatText';
import { gitRepo, workingTreeImpact } from '../../support/gitRepo';

/**
 * tRPC's commit 340811ba5 changed seven examples' playwright.config.ts, and `impact` said "0
 * dependents, no test file reaches them": no code imports a runner's configuration, yet every test
 * of that runner runs differently. The tests of a runner whose configuration changed are to run: the
 * config file itself, what it imports (a shared file of settings), and in a vitest workspace a
 * project's config for that project's tests only.
 */
describe("impact: a changed test runner's configuration runs that runner's tests", function () {
  this.timeout(120000);
  const code = 'export const x = 1;\n';
  const tsconfig = JSON.stringify({ compilerOptions: { strict: true, target: 'es2022', module: 'esnext', moduleResolution: 'bundler', types: [] }, include: ['.'] });
  const { root, write, git } = gitRepo('tcg-runnercfg-', {
    'package.json': JSON.stringify({ name: 'mono', private: true, scripts: { test: 'vitest' } }),
    'package-lock.json': '{}',
    // A vitest workspace at the root: two projects, each its own config, both built on shared settings.
    'vitest.shared.ts': 'export const shared = { testTimeout: 5000 };\n',
    'vitest.config.ts': "export default { test: { projects: ['packages/*'] } };\n",
    'packages/a/package.json': JSON.stringify({ name: 'a' }),
    'packages/a/tsconfig.json': tsconfig,
    'packages/a/vitest.config.ts': "import { shared } from '../../vitest.shared';\nexport default { test: { ...shared, include: ['src/**/*.test.ts'] } };\n",
    'packages/a/src/a.ts': code,
    'packages/a/src/a.test.ts': "import { x } from './a';\nif (x !== 1) throw new Error('a');\n",
    'packages/a/src/b.test.ts': "if (1 + 1 !== 2) throw new Error('b');\n",
    'packages/b/package.json': JSON.stringify({ name: 'b' }),
    'packages/b/tsconfig.json': tsconfig,
    'packages/b/vitest.config.ts': "import { shared } from '../../vitest.shared';\nexport default { test: { ...shared, include: ['test/**/*.test.ts'] } };\n",
    'packages/b/test/c.test.ts': "if (2 + 2 !== 4) throw new Error('c');\n",
    // An example with its own playwright end-to-end tests, the config in its tsconfig.
    'examples/web/package.json': JSON.stringify({ name: 'web', scripts: { 'test-e2e': 'playwright test' } }),
    'examples/web/tsconfig.json': tsconfig,
    'examples/web/playwright.config.ts': "export default { testDir: './e2e', use: { video: 'on' } };\n",
    'examples/web/e2e/home.spec.ts': "if (2 * 2 !== 4) throw new Error('home');\n",
    'examples/web/e2e/login.spec.ts': "if (3 * 2 !== 6) throw new Error('login');\n",
    'examples/web/src/page.ts': code,
  });

  after(() => fs.rmSync(root, { recursive: true, force: true }));
  afterEach(() => git('checkout', '-q', '--', '.'));

  it('a changed playwright.config.ts: its runner whole, and no word of "no test file reaches them"', async () => {
    write('examples/web/playwright.config.ts', "export default { testDir: './e2e', use: { video: process.env.CI ? 'off' : 'on' } };\n");
    await workingTreeImpact(root, (result) => {
      const summary = result.impact;
      const changed = { file: 'examples/web/playwright.config.ts', how: 'changed' };
      assert.deepEqual(summary.tests.map((t) => [t.file, t.config]), [
        ['examples/web/e2e/home.spec.ts', changed],
        ['examples/web/e2e/login.spec.ts', changed],
      ]);
      assert.deepEqual(summary.runners.map((r) => [r.name, r.dir, `${r.tests} of ${r.testFiles}`, r.command]), [['playwright', 'examples/web', '2 of 2', '(cd examples/web && npx playwright test)']]);
      const text = formatText(result, createFileSourceReader(root));
      assert.match(text, /^Impact \(working tree vs HEAD\): 1 changed file, 1 changed symbol \(1 top-level code changed\), 0 dependents, 2 test files to run\.$/m);
      assert.match(text, /^Tests to run with playwright \(playwright\.config\.ts, in examples\/web\): 2 of its 2 test files: \(cd examples\/web && npx playwright test\)$/m);
      assert.match(text, /^ {2}examples\/web\/e2e\/home\.spec\.ts: its runner's configuration changed \(examples\/web\/playwright\.config\.ts\)$/m);
      assert.doesNotMatch(text, /no test file reaches/);
      assert.match(formatTestCommands(summary), /^\(cd examples\/web && npx playwright test\)$/m);
    });
  });

  it("a vitest project's config: that project's tests; a file every project's config imports: all of them", async () => {
    write('packages/b/vitest.config.ts', "import { shared } from '../../vitest.shared';\nexport default { test: { ...shared, include: ['test/**/*.test.ts'], retry: 2 } };\n");
    await workingTreeImpact(root, (result) => {
      assert.deepEqual(result.impact.tests.map((t) => [t.file, t.config]), [['packages/b/test/c.test.ts', { file: 'packages/b/vitest.config.ts', how: 'changed' }]]);
      assert.deepEqual(result.impact.runners.map((r) => [r.name, r.dir, `${r.tests} of ${r.testFiles}`, r.command]), [['vitest', '', '1 of 3', 'npx vitest run packages/b/test/c.test.ts']]);
    });
    git('checkout', '-q', '--', '.');
    write('vitest.shared.ts', 'export const shared = { testTimeout: 9000 };\n');
    await workingTreeImpact(root, (result) => {
      assert.deepEqual(result.impact.tests.map((t) => [t.file, t.config?.file, t.config?.how]), [
        ['packages/a/src/a.test.ts', 'packages/a/vitest.config.ts', 'reaches'],
        ['packages/a/src/b.test.ts', 'packages/a/vitest.config.ts', 'reaches'],
        ['packages/b/test/c.test.ts', 'packages/b/vitest.config.ts', 'reaches'],
      ]);
      assert.match(formatText(result, createFileSourceReader(root)), /^ {2}packages\/a\/src\/a\.test\.ts: its runner's configuration uses what changed \(packages\/a\/vitest\.config\.ts\)$/m);
      assert.deepEqual(result.impact.runners.map((r) => [r.name, `${r.tests} of ${r.testFiles}`, r.command]), [['vitest', '3 of 3', 'npx vitest run']]);
      // The playwright runner's tests are not touched by vitest's settings.
      assert.ok(result.impact.tests.every((t) => !t.file.startsWith('examples/')));
    });
  });

  it('a test code reaches keeps its path; the others of the runner come after it', async () => {
    write('packages/a/vitest.config.ts', "import { shared } from '../../vitest.shared';\nexport default { test: { ...shared, include: ['src/**/*.test.ts'], retry: 1 } };\n");
    write('packages/a/src/a.ts', 'export const x = 2 - 1;\n');
    await workingTreeImpact(root, (result) => {
      assert.deepEqual(result.impact.tests.map((t) => [t.file, t.config?.file ?? t.edges.map((e) => e.type).join()]), [
        ['packages/a/src/a.test.ts', 'REFERENCES'],
        ['packages/a/src/b.test.ts', 'packages/a/vitest.config.ts'],
      ]);
    });
  });
});
