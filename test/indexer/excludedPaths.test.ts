import * as assert from 'node:assert/strict';
import { ExcludedPaths } from '../../src/core/indexer/excludedPaths';

describe('ExcludedPaths (tsCodeGraph.exclude, --exclude)', () => {
  const root = '/work/repo';

  it('leaves out what a glob matches and everything under a matched folder, as files.exclude does', () => {
    const rule = ExcludedPaths.of(root, ['examples', 'templates/with-*', '**/fixtures', 'src/**/*.generated.ts']);
    for (const p of ['examples', 'examples/auth/src/app.ts', 'templates/with-postgres/src/a.ts', 'test/fixtures/x.ts', 'packages/ui/src/fixtures/y.tsx', 'src/api/types.generated.ts']) {
      assert.ok(rule.excludes(p), p);
    }
    for (const p of ['src/examples.ts', 'packages/examples/a.ts', 'templates/blank/src/a.ts', 'src/api/types.ts', 'fixtures2/a.ts']) assert.ok(!rule.excludes(p), p);
  });

  it('reads ./x, x/, backslashes and an absolute path inside the root as the same glob; blanks are nothing', () => {
    for (const glob of ['./examples', 'examples/', '/work/repo/examples', 'examples\\']) assert.ok(ExcludedPaths.of(root, [glob]).excludes('examples\\auth\\a.ts'), glob);
    const blank = ExcludedPaths.of(root, ['', '  ']);
    assert.equal(blank.empty, true);
    assert.equal(blank.excludes('anything.ts'), false);
  });

  it('never leaves out a path outside the root, and takes absolute paths under it', () => {
    const rule = ExcludedPaths.of(root, ['**']);
    assert.equal(rule.excludes('../other/a.ts'), false);
    assert.equal(rule.excludesAbsolute(root, '/elsewhere/a.ts'), false);
    assert.equal(ExcludedPaths.of(root, ['test']).excludesAbsolute(root, '/work/repo/test/a.ts'), true);
  });

  it('matches dot folders and braces', () => {
    const rule = ExcludedPaths.of(root, ['{docs,scripts}', '.storybook']);
    assert.ok(rule.excludes('docs/a.ts') && rule.excludes('scripts/b.js') && rule.excludes('.storybook/main.ts'));
  });
});
