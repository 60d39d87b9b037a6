import * as assert from 'node:assert/strict';
import * as ts from 'typescript';
import { readConfigText } from '../../../src/core/query/impact/runnerConfig';

/** `file` of `files` read as a runner's configuration, following its imports among `files`. */
function read(files: Record<string, string>, file: string) {
  return readConfigText(ts, file, files[file], (rel) => files[rel]);
}

const ROOT = "import { defineConfig } from 'vitest/config';\nexport default defineConfig({ test: { globals: true, exclude: ['**/e2e/**'], dir: 'src', projects: ['./packages/*'] } });\n";

describe('runner configuration read by its syntax (issue: tRPC\'s package configs were "not read")', () => {
  it("follows `export { default } from '…'` to the file it re-exports (tRPC's packages/client)", () => {
    const files = { 'vitest.config.ts': ROOT, 'packages/a/vitest.config.ts': "export { default } from '../../vitest.config';\n" };
    assert.deepEqual(read(files, 'packages/a/vitest.config.ts'), { ok: true, value: { test: { globals: true, exclude: ['**/e2e/**'], dir: 'src', projects: ['./packages/*'] } } });
    // Under another name, from a `.js` specifier naming the TypeScript file, and an import re-exported.
    const named = { 'base.ts': "export const shared = { test: { dir: 'lib' } };\n", 'vitest.config.ts': "export { shared as default } from './base.js';\n" };
    assert.deepEqual(read(named, 'vitest.config.ts'), { ok: true, value: { test: { dir: 'lib' } } });
    const imported = { 'vitest.config.ts': ROOT, 'packages/a/vitest.config.mts': "import config from '../../vitest.config';\nexport default config;\n" };
    assert.deepEqual(read(imported, 'packages/a/vitest.config.mts'), read(imported, 'vitest.config.ts'));
  });

  it("merges mergeConfig's arguments as vite does: later ones override, arrays are concatenated (tRPC's packages/upgrade)", () => {
    const files = {
      'vitest.config.ts': ROOT,
      'packages/a/vitest.config.ts':
        "import { defineConfig, mergeConfig } from 'vitest/config';\nimport baseConfig from '../../vitest.config';\n" +
        "export default mergeConfig(baseConfig, defineConfig({ test: { exclude: ['test/__fixtures__/*/*.spec.ts*', 'node_modules'], dir: '.', environment: 'node' } }));\n",
    };
    assert.deepEqual(read(files, 'packages/a/vitest.config.ts'), {
      ok: true,
      value: { test: { globals: true, exclude: ['**/e2e/**', 'test/__fixtures__/*/*.spec.ts*', 'node_modules'], dir: '.', projects: ['./packages/*'], environment: 'node' } },
    });
  });

  it('leaves out what a merge cannot know: a list one side of which is built at run time', () => {
    const files = {
      'base.ts': "export default { test: { include: makeIncludes(), exclude: ['a/**'], dir: computeDir() } };\n",
      'vitest.config.ts': "import { mergeConfig } from 'vitest/config';\nimport base from './base';\nexport default mergeConfig(base, { test: { include: ['x/**'], exclude: ['b/**'], dir: 'src' } });\n",
    };
    // include is makeIncludes()'s list and x/**: not known; dir is overridden by a known value.
    assert.deepEqual(read(files, 'vitest.config.ts'), { ok: true, value: { test: { exclude: ['a/**', 'b/**'], dir: 'src' } } });
  });

  it("reads a list of objects (vitest's inline projects), and a list with a part built at run time as unknown", () => {
    const config =
      "import { defineConfig, defineProject } from 'vitest/config';\nconst unit = { test: { name: 'unit', include: ['src/**/*.test.ts'] } };\n" +
      "export default defineConfig({ test: { projects: ['packages/*', unit, defineProject({ extends: true, test: { name: 'e2e', root: './e2e' } })], exclude: [...shared, 'x'] } });\n";
    assert.deepEqual(readConfigText(ts, 'vitest.config.ts', config), {
      ok: true,
      value: { test: { projects: ['packages/*', { test: { name: 'unit', include: ['src/**/*.test.ts'] } }, { extends: true, test: { name: 'e2e', root: './e2e' } }] } },
    });
  });

  it('says which file could not be read, and why, in words that read plainly after its name', () => {
    assert.deepEqual(readConfigText(ts, 'jest.config.js', 'module.exports = makeConfig();\n'), { ok: false, reason: 'is built at run time' });
    assert.deepEqual(readConfigText(ts, 'vitest.config.ts', "export function helper() {}\n"), { ok: false, reason: 'exports no configuration' });
    assert.deepEqual(readConfigText(ts, '.mocharc.json', '{ nope'), { ok: false, reason: 'is not valid JSON' });
    const files = { 'base.ts': 'export default makeConfig();\n', 'packages/a/vitest.config.ts': "export { default } from '../../base';\n", 'packages/b/vitest.config.ts': "export { default } from '@acme/vitest-config';\n" };
    assert.deepEqual(read(files, 'packages/a/vitest.config.ts'), { ok: false, reason: 'is built at run time', file: 'base.ts' });
    assert.deepEqual(read(files, 'packages/b/vitest.config.ts'), { ok: false, reason: "takes its configuration from the package '@acme/vitest-config'" });
    // A file that imports itself is not followed forever.
    const loop = { 'vitest.config.ts': "export { default } from './vitest.config';\n" };
    assert.equal(read(loop, 'vitest.config.ts').ok, false);
  });
});
