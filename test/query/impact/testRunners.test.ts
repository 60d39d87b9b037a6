import * as childProcess from 'child_process';
import * as nodeFs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as assert from 'node:assert/strict';
import * as ts from 'typescript';
import { testCommand } from '../../../src/core/query/impact/testCommand';
import { findTestRunners, WorkspaceFiles } from '../../../src/core/query/impact/testRunners';

/** A workspace in memory: root-relative path → text (folders are implied). */
function workspace(files: Record<string, string>): { fs: WorkspaceFiles; sources: string[] } {
  const fs: WorkspaceFiles = {
    read: (rel) => files[rel],
    list: (rel) => {
      const prefix = rel === '' ? '' : `${rel}/`;
      return [...new Set(Object.keys(files).filter((f) => f.startsWith(prefix)).map((f) => f.slice(prefix.length).split('/')[0]))];
    },
  };
  return { fs, sources: Object.keys(files).filter((f) => /\.[cm]?[jt]sx?$/.test(f) && !f.includes('config.') && !f.startsWith('.mocharc')) };
}

/** Which runner (name, folder) takes each source as a test, and how it names it. */
function tests(files: Record<string, string>): Record<string, string> {
  const { fs, sources } = workspace(files);
  const found = findTestRunners(ts, sources, fs);
  const out: Record<string, string> = {};
  for (const f of sources) {
    const c = found.classify(f);
    if (c === 'usual') out[f] = 'usual';
    else if (c) out[f] = `${found.runners[c.runner].name}${found.runners[c.runner].dir ? ` in ${found.runners[c.runner].dir}` : ''}: ${c.match.path}`;
  }
  return out;
}

/** The command for `selected` (root-relative sources) with the one runner of the workspace. */
function command(files: Record<string, string>, selected: string[]): string {
  const { fs, sources } = workspace(files);
  const found = findTestRunners(ts, sources, fs);
  assert.equal(found.runners.length, 1, found.runners.map((r) => r.name).join());
  const matches = (list: readonly string[]) => list.flatMap((f) => {
    const c = found.classify(f);
    return c && c !== 'usual' ? [c.match] : [];
  });
  return testCommand(found.runners[0], matches(selected), matches(sources));
}

const code = 'export const x = 1;\n';

describe('test runners (issue 41: tests as the workspace\'s runner finds them)', () => {
  it('mocha: the spec of .mocharc.json, not every file under test/ (helpers and entities are no tests)', () => {
    const files = {
      'package.json': JSON.stringify({ scripts: { test: 'mocha' } }),
      '.mocharc.json': '// a comment, as JSONC\n{ "spec": ["test/**/*.test.ts"], "require": ["ts-node/register"], "timeout": 5000, "exit": true }',
      'src/a.ts': code,
      'test/a.test.ts': code,
      'test/deep/b.test.ts': code,
      'test/helpers/seed.ts': code,
      'test/entities/User.ts': code,
      'src/c.spec.ts': code,
    };
    assert.deepEqual(tests(files), { 'test/a.test.ts': 'mocha: test/a.test.ts', 'test/deep/b.test.ts': 'mocha: test/deep/b.test.ts' });
    // Files given to mocha are added to a configured spec: the command restates the rest without it.
    assert.equal(command(files, ['test/a.test.ts']), 'npx mocha --no-config --require ts-node/register --timeout 5000 --exit test/a.test.ts');
  });

  it('mocha: a spec naming built files (typeorm: ./build/compiled/test/**/*.test.{js,ts}) maps to their sources, and the command names the built files', () => {
    const files: Record<string, string> = {
      'package.json': JSON.stringify({ scripts: { test: 'mocha' } }),
      '.mocharc.json': JSON.stringify({ file: ['./build/compiled/test/utils/test-setup.js'], spec: ['./build/compiled/test/**/*.test.{js,ts}'], timeout: 90000, 'check-leaks': true }),
      'src/a.ts': code,
      'test/utils/test-setup.ts': code,
      'test/utils/test-utils.ts': code,
      'test/functional/x/x.test.ts': code,
      'test/functional/y/y.test.ts': code,
      'test/github-issues/1/issue-1.test.ts': code,
    };
    assert.deepEqual(tests(files), {
      'test/functional/x/x.test.ts': 'mocha: build/compiled/test/functional/x/x.test.js',
      'test/functional/y/y.test.ts': 'mocha: build/compiled/test/functional/y/y.test.js',
      'test/github-issues/1/issue-1.test.ts': 'mocha: build/compiled/test/github-issues/1/issue-1.test.js',
    });
    const { fs, sources } = workspace(files);
    assert.equal(findTestRunners(ts, sources, fs).runners[0].note, 'mocha runs the built files (build/compiled/…): build first');
    // Every test of a folder to run: one glob for the folder, in the spec's own file pattern.
    assert.equal(
      command(files, ['test/functional/x/x.test.ts', 'test/functional/y/y.test.ts']),
      "npx mocha --no-config --file ./build/compiled/test/utils/test-setup.js --timeout 90000 --check-leaks 'build/compiled/test/functional/**/*.test.{js,ts}'",
    );
    // All of them: the suite, as configured.
    assert.equal(command(files, sources), 'npx mocha');
  });

  it('mocha: .mocharc.yml, a JavaScript .mocharc.js read by its syntax, package.json "mocha", and the default ./test', () => {
    assert.deepEqual(tests({ '.mocharc.yml': 'spec:\n  - "spec/**/*.js"\n', 'spec/a.js': code, 'test/b.js': code }), { 'spec/a.js': 'mocha: spec/a.js' });
    assert.deepEqual(tests({ '.mocharc.js': "'use strict';\nmodule.exports = { spec: ['tests/*.spec.js'], timeout: 2000 };\n", 'tests/a.spec.js': code, 'tests/b.js': code }), {
      'tests/a.spec.js': 'mocha: tests/a.spec.js',
    });
    assert.deepEqual(tests({ 'package.json': JSON.stringify({ mocha: { spec: 'unit/**/*.ts' } }), 'unit/a.ts': code, 'test/b.js': code }), { 'unit/a.ts': 'mocha: unit/a.ts' });
    // No spec: mocha's default, ./test/*.{js,cjs,mjs}, not recursive.
    assert.deepEqual(tests({ 'package.json': JSON.stringify({ devDependencies: { mocha: '11' } }), 'test/a.js': code, 'test/deep/b.js': code, 'test/c.ts': code }), {
      'test/a.js': 'mocha: test/a.js',
    });
    assert.equal(command({ 'package.json': JSON.stringify({ devDependencies: { mocha: '11' } }), 'test/a.js': code, 'test/b.js': code }, ['test/a.js']), 'npx mocha test/a.js');
  });

  it('jest: testMatch and roots from jest.config.ts, testRegex from package.json, the defaults otherwise', () => {
    const config = "import type { Config } from 'jest';\nconst config: Config = { roots: ['<rootDir>/src'], testMatch: ['**/*.unit.ts'] };\nexport default config;\n";
    assert.deepEqual(tests({ 'jest.config.ts': config, 'src/a.unit.ts': code, 'src/b.test.ts': code, 'other/c.unit.ts': code }), { 'src/a.unit.ts': 'jest: src/a.unit.ts' });
    assert.deepEqual(tests({ 'package.json': JSON.stringify({ jest: { testRegex: '/checks/.*\\.ts$' } }), 'checks/a.ts': code, 'src/b.test.ts': code }), { 'checks/a.ts': 'jest: checks/a.ts' });
    const defaults = { 'package.json': JSON.stringify({ scripts: { test: 'jest --coverage' } }), 'src/__tests__/a.ts': code, 'src/b.spec.tsx': code, 'src/c.ts': code, 'node_modules/x/d.test.js': code };
    assert.deepEqual(tests(defaults), { 'src/__tests__/a.ts': 'jest: src/__tests__/a.ts', 'src/b.spec.tsx': 'jest: src/b.spec.tsx' });
    // Paths are patterns to jest: a folder to run whole is its path, and a file's dots are escaped.
    const more = { ...defaults, 'src/__tests__/e.ts': code, 'lib/f.test.ts': code };
    assert.equal(command(more, ['src/__tests__/a.ts', 'src/__tests__/e.ts', 'lib/f.test.ts']), "npx jest 'lib/f\\.test\\.ts' src/__tests__/");
    assert.equal(command(more, ['src/__tests__/a.ts', 'src/__tests__/e.ts', 'src/b.spec.tsx']), 'npx jest src/');
  });

  it('vitest: test.include of vitest.config.mts (through defineConfig), and its defaults', () => {
    const config = "import { defineConfig } from 'vitest/config';\nexport default defineConfig({ test: { include: ['tests/**/*.check.ts'] } });\n";
    assert.deepEqual(tests({ 'vitest.config.mts': config, 'tests/a.check.ts': code, 'src/b.test.ts': code }), { 'tests/a.check.ts': 'vitest: tests/a.check.ts' });
    assert.deepEqual(tests({ 'package.json': JSON.stringify({ devDependencies: { vitest: '3' } }), 'src/a.test.ts': code, 'src/b.spec.mjs': code, 'dist/c.test.js': code, 'src/d.ts': code }), {
      'src/a.test.ts': 'vitest: src/a.test.ts',
      'src/b.spec.mjs': 'vitest: src/b.spec.mjs',
    });
  });

  it('vitest: include is matched from test.dir, and type tests count when typecheck is enabled (TanStack/query)', () => {
    const config =
      "import { defineConfig } from 'vitest/config';\nimport packageJson from './package.json';\n" +
      "export default defineConfig({ test: { name: packageJson.name, dir: './src', include: ['tests/**/*.test.ts'], typecheck: { enabled: true } } });\n";
    assert.deepEqual(tests({ 'vite.config.ts': config, 'src/tests/a.test.ts': code, 'src/tests/b.test-d.ts': code, 'tests/c.test.ts': code, 'src/d.test.ts': code }), {
      'src/tests/a.test.ts': 'vitest: src/tests/a.test.ts',
      'src/tests/b.test-d.ts': 'vitest: src/tests/b.test-d.ts',
    });
    // Without typecheck, a type test is not run by `vitest run`.
    const plain = "import { defineConfig } from 'vitest/config';\nexport default defineConfig({ test: { dir: 'src' } });\n";
    assert.deepEqual(tests({ 'vitest.config.ts': plain, 'src/a.test.tsx': code, 'src/b.test-d.tsx': code, 'test/c.test.ts': code }), { 'src/a.test.tsx': 'vitest: src/a.test.tsx' });
  });

  it('playwright: testDir and testMatch of playwright.config.ts', () => {
    const config = "import { defineConfig } from '@playwright/test';\nexport default defineConfig({ testDir: './e2e', testMatch: '**/*.e2e.ts' });\n";
    assert.deepEqual(tests({ 'playwright.config.ts': config, 'e2e/login.e2e.ts': code, 'e2e/helpers.ts': code, 'src/a.e2e.ts': code }), { 'e2e/login.e2e.ts': 'playwright: e2e/login.e2e.ts' });
  });

  it('node --test: the patterns of the test script, and the command keeps its options', () => {
    const files = { 'package.json': JSON.stringify({ scripts: { test: "node --import tsx --test 'test/**/*.test.ts'" } }), 'test/a.test.ts': code, 'test/b.test.ts': code, 'test/util.ts': code };
    assert.deepEqual(tests(files), { 'test/a.test.ts': 'node: test/a.test.ts', 'test/b.test.ts': 'node: test/b.test.ts' });
    assert.equal(command(files, ['test/a.test.ts']), 'node --import tsx --test test/a.test.ts');
  });

  it('a monorepo: each package its own runner, nearest first; usual names only where no runner is found', () => {
    const files = {
      'package.json': JSON.stringify({ workspaces: ['packages/*'] }),
      'packages/app/package.json': JSON.stringify({ scripts: { test: 'vitest' } }),
      'packages/app/src/a.test.ts': code,
      'packages/lib/package.json': JSON.stringify({ scripts: { test: 'jest' } }),
      'packages/lib/src/__tests__/b.ts': code,
      'tools/c.test.ts': code,
      'tools/d.ts': code,
    };
    assert.deepEqual(tests(files), {
      'packages/app/src/a.test.ts': 'vitest in packages/app: src/a.test.ts',
      'packages/lib/src/__tests__/b.ts': 'jest in packages/lib: src/__tests__/b.ts',
      'tools/c.test.ts': 'usual',
    });
    const { fs, sources } = workspace(files);
    const found = findTestRunners(ts, sources, fs);
    const app = found.runners.find((r) => r.dir === 'packages/app')!;
    assert.equal(testCommand(app, [{ path: 'src/a.test.ts', pattern: 0 }], [{ path: 'src/a.test.ts', pattern: 0 }, { path: 'src/x.test.ts', pattern: 0 }]), '(cd packages/app && npx vitest run src/a.test.ts)');
    // The lines of --format tests run as one script from the root: each in its own folder (vercel/ai: a
    // second `cd packages/…` failed, relative to the first, and 1 of 33 packages ran).
    const lib = found.runners.find((r) => r.dir === 'packages/lib')!;
    const script = [app, lib].map((r) => testCommand({ ...r, suiteCommand: 'pwd' }, [], [])).join('\n');
    const root = nodeFs.mkdtempSync(path.join(os.tmpdir(), 'tcg-script-'));
    try {
      for (const dir of ['packages/app', 'packages/lib']) nodeFs.mkdirSync(path.join(root, dir), { recursive: true });
      const ran = childProcess.execFileSync('sh', ['-c', script], { cwd: root, encoding: 'utf8' });
      assert.deepEqual(ran.trim().split('\n').map((d) => path.relative(nodeFs.realpathSync(root), d)), ['packages/app', 'packages/lib']);
    } finally {
      nodeFs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('says when a configuration is built at run time and keeps the defaults', () => {
    const { fs, sources } = workspace({ 'jest.config.js': 'module.exports = makeConfig();\n', 'src/a.test.ts': code });
    const found = findTestRunners(ts, sources, fs);
    assert.deepEqual([found.runners[0].config, found.runners[0].defaults], ['jest.config.js', 'jest.config.js is built at run time']);
    assert.deepEqual(tests({ 'jest.config.js': 'module.exports = makeConfig();\n', 'src/a.test.ts': code }), { 'src/a.test.ts': 'jest: src/a.test.ts' });
  });

  it("vitest: a package's config read through what it re-exports or merges (tRPC's packages/upgrade: its exclude was not read)", () => {
    const files = {
      'vitest.shared.ts': "import { defineConfig } from 'vitest/config';\nexport default defineConfig({ test: { globals: true, exclude: ['**/node_modules/**'] } });\n",
      'packages/upgrade/package.json': JSON.stringify({ scripts: { test: 'vitest' } }),
      'packages/upgrade/vitest.config.ts':
        "import { mergeConfig } from 'vitest/config';\nimport baseConfig from '../../vitest.shared';\n" +
        "export default mergeConfig(baseConfig, { test: { exclude: ['test/__fixtures__/*/*.spec.ts*'] } });\n",
      'packages/upgrade/test/transforms.test.ts': code,
      'packages/upgrade/test/__fixtures__/hooks/basic.spec.tsx': code,
      'packages/upgrade/node_modules/x/y.test.ts': code,
      'packages/client/package.json': JSON.stringify({ scripts: { test: 'vitest' } }),
      'packages/client/vitest.config.ts': "export { default } from '../../vitest.shared';\n",
      'packages/client/src/a.test.ts': code,
      'packages/other/package.json': JSON.stringify({ scripts: { test: 'vitest' } }),
      'packages/other/vitest.config.ts': "export { default } from '../../vitest.base';\n",
      'vitest.base.ts': 'export default makeConfig();\n',
      'packages/other/src/b.test.ts': code,
    };
    assert.deepEqual(tests(files), {
      'packages/upgrade/test/transforms.test.ts': 'vitest in packages/upgrade: test/transforms.test.ts',
      'packages/client/src/a.test.ts': 'vitest in packages/client: src/a.test.ts',
      'packages/other/src/b.test.ts': 'vitest in packages/other: src/b.test.ts',
    });
    const { fs, sources } = workspace(files);
    const found = findTestRunners(ts, sources, fs).runners;
    assert.deepEqual(
      found.map((r) => [r.dir, r.config, r.defaults]),
      [
        ['packages/upgrade', 'vitest.config.ts', undefined],
        ['packages/client', 'vitest.config.ts', undefined],
        // The file that could not be read, as seen from the runner's folder.
        ['packages/other', 'vitest.config.ts', '../../vitest.base.ts is built at run time'],
      ],
    );
  });

  it('runs vitest with the config its scripts give (vercel/ai: vitest.config.js only exports a helper)', () => {
    const files = {
      'package.json': JSON.stringify({ scripts: { test: 'pnpm test:node && pnpm test:edge', 'test:node': 'vitest --config vitest.node.config.js --run', 'test:edge': 'vitest -c ./vitest.edge.config.js --run' } }),
      'vitest.config.js': 'export function createVitestConfig(o) {\n  return o;\n}\n',
      'vitest.node.config.js': "export default { test: { include: ['src/**/*.test.ts'] } };\n",
      'vitest.edge.config.js': "export default { test: { include: ['src/**/*.test.ts'], environment: 'edge-runtime' } };\n",
      'src/a.test.ts': code,
      'src/b.test.ts': code,
    };
    const { fs, sources } = workspace(files);
    const runner = findTestRunners(ts, sources, fs).runners.find((r) => r.name === 'vitest')!;
    assert.equal(runner.config, 'vitest.node.config.js');
    // The other config its scripts run: the same runner, beside it (impact gives each a command).
    assert.equal(runner.note, undefined);
    assert.deepEqual(runner.also?.map((r) => [r.config, r.command]), [['vitest.edge.config.js', 'npx vitest run --config vitest.edge.config.js']]);
    assert.equal(testCommand(runner, [{ path: 'src/a.test.ts', pattern: 0 }], [{ path: 'src/a.test.ts', pattern: 0 }, { path: 'src/b.test.ts', pattern: 0 }]), 'npx vitest run --config vitest.node.config.js src/a.test.ts');
  });

  it("vitest projects: the workspace's tests run from its config's folder, in one command (tRPC: each package's `cd` failed at start)", () => {
    const files: Record<string, string> = {
      'package.json': JSON.stringify({ packageManager: 'pnpm@10.0.0', scripts: { test: 'vitest' } }),
      'vitest.config.ts':
        "import { defineConfig } from 'vitest/config';\nexport default defineConfig({ test: { globals: true, projects: [\n" +
        "  './packages/*', '!./packages/skipped', 'apps/web/vitest.unit.config.ts',\n" +
        "  { extends: true, test: { name: 'scripts', root: './scripts', include: ['**/*.check.ts'] } },\n] } });\n",
      // Re-exports the root's config: its projects (relative to this folder) are no projects of a project.
      'packages/a/package.json': JSON.stringify({ scripts: { test: 'vitest' } }),
      'packages/a/vitest.config.ts': "export { default } from '../../vitest.config';\n",
      'packages/a/src/x.test.ts': code,
      'packages/a/src/y.test.ts': code,
      'packages/a/src/z.test.ts': code,
      // vite.config.ts is the folder's project config when no vitest.config.* is there.
      'packages/b/package.json': '{}',
      'packages/b/vite.config.ts': "export default { test: { include: ['test/**/*.ts'] } };\n",
      'packages/b/test/w.ts': code,
      'packages/b/src/v.test.ts': code,
      // No config: a project with vitest's defaults (the root's settings are not inherited).
      'packages/c/package.json': '{}',
      'packages/c/src/u.spec.tsx': code,
      'packages/skipped/package.json': '{}',
      'packages/skipped/s.test.ts': code,
      // Its scripts run its own vitest.config.ts, which is no project: that runner is kept, in its folder.
      'apps/web/package.json': JSON.stringify({ scripts: { test: 'vitest' } }),
      'apps/web/vitest.config.ts': "export default { test: { include: ['src/**/*.test.ts'] } };\n",
      'apps/web/vitest.unit.config.ts': "export default { test: { include: ['unit/**/*.test.ts'] } };\n",
      'apps/web/unit/t.test.ts': code,
      'apps/web/src/r.test.ts': code,
      'scripts/build.check.ts': code,
      'scripts/build.test.ts': code,
    };
    assert.deepEqual(tests(files), {
      'packages/a/src/x.test.ts': 'vitest: packages/a/src/x.test.ts',
      'packages/a/src/y.test.ts': 'vitest: packages/a/src/y.test.ts',
      'packages/a/src/z.test.ts': 'vitest: packages/a/src/z.test.ts',
      'packages/b/test/w.ts': 'vitest: packages/b/test/w.ts',
      'packages/c/src/u.spec.tsx': 'vitest: packages/c/src/u.spec.tsx',
      'apps/web/unit/t.test.ts': 'vitest: apps/web/unit/t.test.ts',
      'apps/web/src/r.test.ts': 'vitest in apps/web: src/r.test.ts',
      'scripts/build.check.ts': 'vitest: scripts/build.check.ts',
    });
    const { fs, sources } = workspace(files);
    const found = findTestRunners(ts, sources, fs);
    const root = found.runners.find((r) => r.dir === '')!;
    assert.deepEqual([root.config, root.projects, root.command, root.defaults], ['vitest.config.ts', 5, 'pnpm exec vitest run', undefined]);
    const matches = (list: readonly string[]) => list.flatMap((f) => {
      const c = found.classify(f);
      return c && c !== 'usual' && found.runners[c.runner] === root ? [c.match] : [];
    });
    // Paths relative to the root, a folder whose every test is to run as one argument.
    assert.equal(
      testCommand(root, matches(['packages/a/src/x.test.ts', 'packages/a/src/y.test.ts', 'packages/a/src/z.test.ts', 'scripts/build.check.ts']), matches(sources)),
      'pnpm exec vitest run packages/a/ scripts/build.check.ts',
    );
  });

  it('vitest projects: a vitest.workspace file and test.workspace (vitest 3), a project config that cannot be read, projects that cannot', () => {
    const pkg = { 'packages/a/package.json': '{}', 'packages/a/src/x.test.ts': code, 'packages/a/e2e/y.test.ts': code, 'packages/b/package.json': '{}', 'packages/b/src/z.test.ts': code };
    const workspaceFile = {
      ...pkg,
      'package.json': '{}',
      'vitest.config.ts': "export default { test: { globals: true } };\n",
      'vitest.workspace.ts': "import { defineWorkspace } from 'vitest/config';\nexport default defineWorkspace(['packages/*/vitest.config.ts']);\n",
      'packages/a/vitest.config.ts': "export default { test: { exclude: ['e2e/**'] } };\n",
      'packages/b/vitest.config.ts': "export default makeConfig('b');\n",
    };
    assert.deepEqual(tests(workspaceFile), { 'packages/a/src/x.test.ts': 'vitest: packages/a/src/x.test.ts', 'packages/b/src/z.test.ts': 'vitest: packages/b/src/z.test.ts' });
    const { fs, sources } = workspace(workspaceFile);
    const runner = findTestRunners(ts, sources, fs).runners.find((r) => r.dir === '')!;
    assert.deepEqual([runner.config, runner.projects, runner.defaults], ['vitest.workspace.ts', 2, 'packages/b/vitest.config.ts is built at run time']);
    const option = { ...pkg, 'package.json': '{}', 'vitest.config.mts': "export default { test: { workspace: './tests.workspace.json' } };\n", 'tests.workspace.json': '["packages/a"]' };
    assert.deepEqual(tests(option), { 'packages/a/src/x.test.ts': 'vitest: packages/a/src/x.test.ts', 'packages/a/e2e/y.test.ts': 'vitest: packages/a/e2e/y.test.ts' });
    // Projects only running the config gives: none is assumed, and the runner says so.
    const unknown = { ...pkg, 'package.json': '{}', 'vitest.config.ts': "export default { test: { projects: findProjects() } };\n" };
    const { fs: fs2, sources: sources2 } = workspace(unknown);
    const root = findTestRunners(ts, sources2, fs2).runners.find((r) => r.dir === '')!;
    assert.deepEqual([root.config, root.projects, root.defaults], ['vitest.config.ts', undefined, "vitest.config.ts's test.projects is built at run time"]);
  });

  it("runs the tools as the workspace's package manager does (npm 11 refuses npx where devEngines names pnpm)", () => {
    const base = { 'test/a.test.js': code, 'test/b.test.js': code, '.mocharc.json': JSON.stringify({ spec: 'test/*.test.js' }) };
    assert.equal(command({ ...base, 'package.json': JSON.stringify({ devEngines: { packageManager: { name: 'pnpm', version: '^10' } } }) }, ['test/a.test.js']), 'pnpm exec mocha --no-config test/a.test.js');
    assert.equal(command({ ...base, 'package.json': JSON.stringify({ packageManager: 'yarn@4.5.0' }) }, ['test/a.test.js']), 'yarn mocha --no-config test/a.test.js');
    assert.equal(command({ ...base, 'package.json': '{}', 'pnpm-lock.yaml': '' }, ['test/a.test.js']), 'pnpm exec mocha --no-config test/a.test.js');
    assert.equal(command({ ...base, 'package.json': '{}' }, ['test/a.test.js']), 'npx mocha --no-config test/a.test.js');
    // A package of a monorepo: the root's lock file decides.
    const mono = { 'yarn.lock': '', 'package.json': '{}', 'packages/a/package.json': JSON.stringify({ scripts: { test: 'jest' } }), 'packages/a/x.test.ts': code, 'packages/a/y.test.ts': code };
    assert.equal(command(mono, ['packages/a/x.test.ts']), "(cd packages/a && yarn jest 'x\\.test\\.ts')");
  });
});
