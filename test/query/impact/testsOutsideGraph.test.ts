import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { ImpactSummary } from '../../../src/core/query/impact/ImpactSummary';
import { GitRepo, gitRepo, workingTreeImpact } from '../../support/gitRepo';

/**
 * Tests no project indexes: payload's packages build with `"exclude": ["**\/*.spec.ts"]`, so their
 * 191 unit tests were in no program, and `impact` listed none of them, not even a test the change
 * itself added. They are found among git's files, by the runners' patterns, and count when they
 * import what the change reaches: directly, through a barrel's `export … from`, as a namespace or a
 * workspace package's name.
 */
describe('impact: tests outside every tsconfig', function () {
  this.timeout(120000);
  let root: string;
  let write: GitRepo['write'];
  let git: GitRepo['git'];

  const impact = (): Promise<ImpactSummary> => workingTreeImpact(root, (result) => result.impact);

  before(() => {
    ({ root, write, git } = gitRepo(
      'tcg-outside-tests-',
      {
        'package.json': JSON.stringify({ name: 'ws', private: true, workspaces: ['packages/*'], devDependencies: { vitest: '*' } }),
        'vitest.config.ts': "export default { test: { include: ['packages/**/*.spec.ts'] } };\n",
        'tsconfig.base.json': JSON.stringify({ compilerOptions: { strict: true, module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022' }, exclude: ['${configDir}/dist', '**/*.spec.ts'] }),
        'packages/core/package.json': JSON.stringify({ name: '@ws/core', type: 'module', exports: { '.': './src/index.ts' } }),
        'packages/core/tsconfig.json': JSON.stringify({ extends: '../../tsconfig.base.json' }),
        'packages/core/src/math.ts': 'export function add(a: number, b: number): number {\n  return a + b;\n}\nexport function sub(a: number, b: number): number {\n  return a - b;\n}\n',
        'packages/core/src/total.ts': "import { add } from './math.js';\nexport function total(xs: number[]): number {\n  return xs.reduce(add, 0);\n}\n",
        'packages/core/src/index.ts': "export * from './math.js';\nexport { total as sum } from './total.js';\n",
        // Imports the changed function itself.
        'packages/core/src/math.spec.ts': "import { add } from './math.js';\nif (add(1, 2) !== 3) throw new Error('add');\n",
        // Imports a function that calls it, under another name, through the barrel.
        'packages/core/src/sum.spec.ts': "import { sum } from './index.js';\nif (sum([1, 2]) !== 3) throw new Error('sum');\n",
        // Imports only what the change does not reach.
        'packages/core/src/sub.spec.ts': "import { sub } from './index.js';\nif (sub(3, 2) !== 1) throw new Error('sub');\n",
        // Another package's test, by the package's name (a workspace link, as pnpm and npm make them).
        'packages/app/package.json': JSON.stringify({ name: '@ws/app', type: 'module', dependencies: { '@ws/core': '*' } }),
        'packages/app/tsconfig.json': JSON.stringify({ extends: '../../tsconfig.base.json' }),
        'packages/app/src/main.ts': "export const name = 'app';\n",
        'packages/app/src/core.spec.ts': "import * as core from '@ws/core';\nif (core.add(1, 1) !== 2) throw new Error('core');\n",
      },
      // Another package's test imports core by name through the link pnpm and npm make.
      (dir) => {
        fs.mkdirSync(path.join(dir, 'packages/app/node_modules/@ws'), { recursive: true });
        fs.symlinkSync(path.join(dir, 'packages/core'), path.join(dir, 'packages/app/node_modules/@ws/core'), 'dir');
      },
    ));
  });

  after(() => fs.rmSync(root, { recursive: true, force: true }));

  it('lists the tests that import what a change reaches, and a test the change adds, though no tsconfig includes them', async () => {
    write('packages/core/src/math.ts', fs.readFileSync(path.join(root, 'packages/core/src/math.ts'), 'utf8').replace('return a + b;', 'return b + a;'));
    write('packages/core/src/total.spec.ts', "import { total } from './total.js';\nif (total([2]) !== 2) throw new Error('total');\n");
    try {
      const summary = await impact();
      const tests = Object.fromEntries(summary.tests.map((t) => [t.file, t.nodes.map((n) => n.name).join(' > ')]));
      assert.deepEqual(tests, {
        'packages/core/src/total.spec.ts': 'packages/core/src/total.spec.ts',
        'packages/core/src/math.spec.ts': 'packages/core/src/math.spec.ts > add',
        'packages/app/src/core.spec.ts': 'packages/app/src/core.spec.ts > add',
        'packages/core/src/sum.spec.ts': 'packages/core/src/sum.spec.ts > total > add',
      });
      assert.deepEqual(
        summary.runners.map((r) => [r.name, r.tests, r.testFiles]),
        [['vitest', 4, 5]],
      );
      // The path's first edge is the test's import, at its line.
      const sum = summary.tests.find((t) => t.file === 'packages/core/src/sum.spec.ts')!;
      assert.deepEqual(sum.edges[0], { from: 'packages/core/src/sum.spec.ts#packages/core/src/sum.spec.ts@module', to: sum.nodes[1].id, type: 'REFERENCES', lines: [1] });
    } finally {
      git('checkout', '-q', '--', '.');
      fs.rmSync(path.join(root, 'packages/core/src/total.spec.ts'));
    }
  });

  it('lists none when the change reaches nothing those tests import', async () => {
    write('packages/app/src/main.ts', "export const name = 'the app';\n");
    try {
      const summary = await impact();
      assert.deepEqual(summary.tests, []);
    } finally {
      git('checkout', '-q', '--', '.');
    }
  });
});
