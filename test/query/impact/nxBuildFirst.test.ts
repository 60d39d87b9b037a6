import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import { createFileSourceReader } from '../../../src/core/format/FileSourceReader';
import { formatText } from '../../../src/core/format/formatText';
import { gitRepo, workingTreeImpact } from '../../support/gitRepo';

/**
 * An nx monorepo shaped as TanStack/query is: each package's `test:lib` script runs vitest, and
 * nx.json's `targetDefaults` make `test:lib` depend on `^compile` (the package's workspace
 * dependencies compiled first). `impact` printed the vitest commands with no word of that, so on a
 * fresh checkout none could run. A package's project.json overrides the default, and a task the
 * package itself runs (`build`) is run in it, not in its dependencies.
 */
describe('impact: what nx runs before the tests', function () {
  this.timeout(120000);
  const tsconfig = JSON.stringify({ compilerOptions: { strict: true, target: 'es2022', module: 'esnext', moduleResolution: 'bundler' }, include: ['src'] });
  const vitest = "export default { test: { include: ['src/**/*.test.ts'] } };\n";
  const { root, write, git } = gitRepo('tcg-nx-', {
    'package.json': JSON.stringify({ name: 'mono', private: true, packageManager: 'pnpm@9.15.0', devDependencies: { nx: '21.0.0' } }),
    'pnpm-workspace.yaml': "packages:\n  - 'packages/*'\n",
    'nx.json': JSON.stringify({
      targetDefaults: {
        compile: { cache: true },
        'test:lib': { cache: true, dependsOn: ['^compile'] },
        'test:types': { dependsOn: ['^compile'] },
      },
    }),
    'packages/core/package.json': JSON.stringify({ name: '@mono/core', scripts: { compile: 'tsc --build', 'test:lib': 'vitest', 'test:lib:dev': 'pnpm run test:lib --watch' } }),
    'packages/core/tsconfig.json': tsconfig,
    'packages/core/vitest.config.ts': vitest,
    'packages/core/src/sum.ts': 'export function sum(a: number, b: number): number {\n  return a + b;\n}\n',
    'packages/core/src/sum.test.ts': "import { sum } from './sum';\nif (sum(1, 2) !== 3) throw new Error('sum');\n",
    'packages/core/src/one.ts': 'export const one = 1;\n',
    'packages/core/src/one.test.ts': "import { one } from './one';\nif (one !== 1) throw new Error('one');\n",
    'packages/react/package.json': JSON.stringify({
      name: '@mono/react',
      scripts: { compile: 'tsc --build', 'test:lib': 'vitest' },
      dependencies: { '@mono/core': 'workspace:*', '@mono/utils': 'workspace:*', react: '^19.0.0' },
    }),
    'packages/react/tsconfig.json': tsconfig,
    // A workspace dependency without a compile task: nx skips it, so the command leaves it out.
    'packages/utils/package.json': JSON.stringify({ name: '@mono/utils' }),
    'packages/utils/tsconfig.json': tsconfig,
    'packages/utils/src/index.ts': 'export const two = 2;\n',
    'packages/react/vitest.config.ts': vitest,
    'packages/react/src/useSum.ts': "import { sum } from '../../core/src/sum';\nexport function useSum(a: number): number {\n  return sum(a, 1);\n}\n",
    'packages/react/src/useSum.test.ts': "import { useSum } from './useSum';\nif (useSum(1) !== 2) throw new Error('useSum');\n",
    // Its own project.json: its tests need the package itself built, not its dependencies compiled.
    'packages/vue/package.json': JSON.stringify({ name: '@mono/vue', scripts: { build: 'tsdown', 'test:lib': 'vitest run' }, dependencies: { '@mono/core': 'workspace:*' } }),
    // ... and a project name of its own, which nx knows it by.
    'packages/vue/project.json': JSON.stringify({ name: 'vue', targets: { 'test:lib': { dependsOn: [{ target: 'build' }] } } }),
    'packages/vue/tsconfig.json': tsconfig,
    'packages/vue/vitest.config.ts': vitest,
    'packages/vue/src/useSum.ts': "import { sum } from '../../core/src/sum';\nexport function useSum(a: number): number {\n  return sum(a, 2);\n}\n",
    'packages/vue/src/useSum.test.ts': "import { useSum } from './useSum';\nif (useSum(1) !== 3) throw new Error('useSum');\n",
  });
  after(() => fs.rmSync(root, { recursive: true, force: true }));

  it("runs `^compile` in the tested packages' workspace dependencies and a package's own `build`, before the tests", async () => {
    write('packages/core/src/sum.ts', 'export function sum(a: number, b: number): number {\n  return b + a;\n}\n');
    await workingTreeImpact(root, (result) => {
      const summary = result.impact;
      assert.deepEqual(summary.tests.map((t) => t.file).sort(), ['packages/core/src/sum.test.ts', 'packages/react/src/useSum.test.ts', 'packages/vue/src/useSum.test.ts']);
      // core has no workspace dependency to compile; react's is core; vue builds itself.
      assert.deepEqual(summary.buildFirst, {
        why: 'nx: test:lib depends on ^compile, test:lib depends on build',
        command: 'pnpm exec nx run-many -t build -p vue && pnpm exec nx run-many -t compile -p @mono/core',
      });
      assert.match(formatText(result, createFileSourceReader(root)), /^Build first \(nx: test:lib depends on \^compile, test:lib depends on build\): pnpm exec nx run-many -t build -p vue && pnpm exec nx run-many -t compile -p @mono\/core$/m);
    });
  });

  it('says nothing to build when only a package without workspace dependencies is tested', async () => {
    git('checkout', '--', '.');
    write('packages/core/src/one.ts', 'export const one = 2 - 1;\n');
    await workingTreeImpact(root, (result) => {
      assert.deepEqual(result.impact.tests.map((t) => t.file), ['packages/core/src/one.test.ts']);
      assert.equal(result.impact.buildFirst, undefined);
    });
  });
});
