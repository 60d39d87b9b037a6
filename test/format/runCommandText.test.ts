import * as assert from 'node:assert/strict';
import { runCommandText } from '../../src/core/format/formatImpact';
import type { TestRunner } from '../../src/core/query/impact/ImpactSummary';

/** When `impact` recommends a runner's whole suite instead of its exact tests: from three quarters of it on. */
describe('runCommandText: the whole suite or the exact tests', () => {
  const runner = (tests: number, testFiles: number): TestRunner => ({
    name: 'vitest',
    dir: 'packages/angular',
    config: 'vite.config.ts',
    testFiles,
    tests,
    command: '(cd packages/angular && pnpm exec vitest run src/a.test.ts)',
    suite: '(cd packages/angular && pnpm exec vitest run)',
  });

  it('about half a suite gets its exact command (TanStack/query: 9 of 17 read as "the whole suite")', () => {
    assert.equal(runCommandText(runner(9, 17)), '9 of its 17 test files: (cd packages/angular && pnpm exec vitest run src/a.test.ts)');
  });

  it('three quarters or more: the whole suite, with the exact command after it', () => {
    assert.equal(
      runCommandText(runner(3, 4)),
      'the whole suite (3 of its 4 test files): (cd packages/angular && pnpm exec vitest run); exactly: (cd packages/angular && pnpm exec vitest run src/a.test.ts)',
    );
  });
});
