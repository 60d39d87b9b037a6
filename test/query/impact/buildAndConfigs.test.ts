import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import { createFileSourceReader } from '../../../src/core/format/FileSourceReader';
import { formatTestCommands } from '../../../src/core/format/formatImpact';
import { formatText } from '../../../src/core/format/formatText';
import { ImpactSummary } from '../../../src/core/query/impact/ImpactSummary';
import { gitRepo, workingTreeImpact } from '../../support/gitRepo';

/**
 * A turbo monorepo shaped as vercel/ai is: a package's `test` script runs vitest under two configs
 * (node, then the edge runtime, which leaves out `*.node.test.ts`), and turbo.json's `test` task
 * depends on `^build` and `build` (the tests import the packages' built files). `impact` gave one
 * command, under the first config, noting the other; and no word of the build a fresh checkout
 * needs before any of its commands can run.
 */
describe('impact: every config a package tests with, and what turbo builds first', function () {
  this.timeout(120000);
  const vitestConfig = (extra: string) => `export default { test: { include: ['src/**/*.test.ts']${extra} } };\n`;
  const { root, write } = gitRepo('tcg-turbo-', {
    'package.json': JSON.stringify({ name: 'mono', private: true, packageManager: 'pnpm@9.15.0', devDependencies: { turbo: '2.5.0' } }),
    'pnpm-workspace.yaml': "packages:\n  - 'packages/*'\n",
    'turbo.json': JSON.stringify({ tasks: { build: { dependsOn: ['^build'], outputs: ['dist/**'] }, test: { dependsOn: ['^build', 'build'] } } }),
    'packages/core/package.json': JSON.stringify({
      name: '@mono/core',
      scripts: { test: 'pnpm test:node && pnpm test:edge', 'test:node': 'vitest --config vitest.node.config.js --run', 'test:edge': 'vitest --config vitest.edge.config.js --run' },
    }),
    'packages/core/tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, target: 'es2022', module: 'esnext', moduleResolution: 'bundler' }, include: ['src'] }),
    'packages/core/vitest.node.config.js': vitestConfig(''),
    'packages/core/vitest.edge.config.js': vitestConfig(", exclude: ['**/*.node.test.ts']"),
    'packages/core/src/sum.ts': 'export function sum(a: number, b: number): number {\n  return a + b;\n}\n',
    'packages/core/src/sum.test.ts': "import { sum } from './sum';\nif (sum(1, 2) !== 3) throw new Error('sum');\n",
    'packages/core/src/files.node.test.ts': "import { sum } from './sum';\nif (sum(2, 2) !== 4) throw new Error('files');\n",
    'packages/core/src/other.test.ts': "if (1 + 1 !== 2) throw new Error('other');\n",
  });

  after(() => fs.rmSync(root, { recursive: true, force: true }));

  it('gives a command per config for the tests each includes, after the build turbo runs before its tests', async () => {
    write('packages/core/src/sum.ts', 'export function sum(a: number, b: number): number {\n  return b + a;\n}\n');
    await workingTreeImpact(root, (result) => {
      const summary: ImpactSummary = result.impact;
      assert.deepEqual(summary.tests.map((t) => t.file).sort(), ['packages/core/src/files.node.test.ts', 'packages/core/src/sum.test.ts']);
      assert.deepEqual(
        summary.runners.map((r) => [r.config, `${r.tests} of ${r.testFiles}`, r.command, r.note]),
        [
          ['vitest.node.config.js', '2 of 3', '(cd packages/core && pnpm exec vitest run --config vitest.node.config.js src/files.node.test.ts src/sum.test.ts)', undefined],
          // The edge config runs the one of them it includes.
          ['vitest.edge.config.js', '1 of 2', '(cd packages/core && pnpm exec vitest run --config vitest.edge.config.js src/sum.test.ts)', undefined],
        ],
      );
      // Each test names its runner: the first config's.
      assert.deepEqual(new Set(summary.tests.map((t) => t.runner)), new Set([0]));
      assert.deepEqual(summary.buildFirst, { why: 'turbo.json: test depends on ^build, build', command: 'pnpm exec turbo run build --filter=@mono/core...' });

      const text = formatText(result, createFileSourceReader(root));
      assert.match(text, /^Build first \(turbo\.json: test depends on \^build, build\): pnpm exec turbo run build --filter=@mono\/core\.\.\.\nTests to run with vitest \(vitest\.node\.config\.js, in packages\/core\): 2 of its 3 test files: .*\nTests to run with vitest \(vitest\.edge\.config\.js, in packages\/core\): 1 of its 2 test files: .*$/m);
      // `--format tests` is a script: the build, then each command.
      const script = formatTestCommands(summary).split('\n').filter((l) => l && !l.startsWith('#'));
      assert.deepEqual(script, [summary.buildFirst!.command, ...summary.runners.map((r) => r.command)]);
    });
  });
});
