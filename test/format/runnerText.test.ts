import * as assert from 'node:assert/strict';
import { runnerText } from '../../src/core/format/formatImpact';
import type { TestRunner } from '../../src/core/query/impact/ImpactSummary';

/**
 * How impact names a runner in its text, its comment and `--format tests`: one pair of
 * parentheses. tRPC's read "vitest (vitest.config.ts (not read: it builds its configuration at run
 * time (not an object literal …); the runner's defaults), in packages/openapi)", three deep.
 */
describe('runnerText: a runner in one flat line', () => {
  const runner = (over: Partial<TestRunner>): TestRunner => ({ name: 'vitest', dir: '', config: 'vitest.config.ts', testFiles: 4, tests: 1, command: 'x', suite: 'x', ...over });

  it('names the configuration, the projects and the folder', () => {
    assert.equal(runnerText(runner({ name: 'mocha', config: '.mocharc.json' })), 'mocha (.mocharc.json)');
    assert.equal(runnerText(runner({ dir: 'packages/app' })), 'vitest (vitest.config.ts, in packages/app)');
    assert.equal(runnerText(runner({ projects: 8 })), 'vitest (vitest.config.ts, 8 projects)');
    assert.equal(runnerText(runner({ projects: 1, dir: 'apps' })), 'vitest (vitest.config.ts, 1 project, in apps)');
  });

  it('says why the defaults stand in for a configuration, without nesting', () => {
    const text = runnerText(runner({ dir: 'packages/openapi', defaults: 'vitest.config.ts is built at run time' }));
    assert.equal(text, 'vitest (vitest.config.ts, in packages/openapi; its defaults, as vitest.config.ts is built at run time)');
    assert.equal(text.split('(').length, 2);
  });
});
