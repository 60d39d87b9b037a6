import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import { ADVICE_WARNINGS, writeAdviceFixture } from '../support/packageAdviceFixture';
import { APP_FILE, CORE_FILE, WorkspaceFixtureOptions, writeWorkspaceFixture } from '../support/workspacePackagesFixture';
import { runBuiltCli } from './builtArtifacts';

/**
 * Issue 29, items 4 and 5, on the built dist/cli.js: an unbuilt workspace package imported by name
 * (no project references) has its callers, and packages that resolve to no types are named with
 * their real cause.
 */
describe('built dist/cli.js: workspace packages and the unresolved-package advice', function () {
  this.timeout(120_000);
  const roots: string[] = [];
  after(() => {
    for (const r of roots) fs.rmSync(r, { recursive: true, force: true });
  });

  const variants: [string, WorkspaceFixtureOptions][] = [
    ['npm workspaces', { manager: 'npm' }],
    ['pnpm-workspace.yaml', { manager: 'pnpm' }],
    ['a source export condition', { manager: 'npm', layout: 'sourceCondition', appModule: 'esnext-bundler' }],
  ];
  for (const [name, opts] of variants) {
    it(`lists the app's caller of an unbuilt package's function (${name}), with no warning`, () => {
      const root = writeWorkspaceFixture(opts);
      roots.push(root);
      const r = runBuiltCli(['--root', root, 'dependentsOf', CORE_FILE, 'createId']);
      assert.equal(r.code, 0, r.stderr);
      assert.equal(r.stderr, '');
      assert.match(r.stdout, /run --CALLS--> createId/);
      assert.ok(r.stdout.includes(APP_FILE), r.stdout);
    });
  }

  it('prints one warning per cause, each with its advice, and still answers (exit 0)', () => {
    const root = writeAdviceFixture();
    roots.push(root);
    // The advice as 6 resolves (a 5.x workspace's node10: see packageAdvice.test.ts); 7 would find `exp-only` by its exports.
    const r = runBuiltCli(['--root', root, 'dependentsOf', 'packages/core/src/index.ts', 'createId'], undefined, undefined, { ...process.env, TS_CODE_GRAPH_NO_CACHE: '1', TS_CODE_GRAPH_COMPILER: 'inprocess' });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stderr, ADVICE_WARNINGS.map((w) => `ts-code-graph: warning: ${w}\n`).join(''));
    assert.match(r.stdout, /run --CALLS--> createId/);
  });
});
