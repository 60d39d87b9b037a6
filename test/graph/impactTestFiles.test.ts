import * as assert from 'node:assert/strict';
import { isTestFile } from '../../src/core/graph/testFiles';

describe('isTestFile', () => {
  it('takes the test and spec name conventions', () => {
    for (const f of ['src/utils.test.ts', 'a/app.spec.tsx', 'x.test.mjs', 'api.e2e-spec.ts', 'pkg/foo_test.js', 'foo-test.cjs']) assert.ok(isTestFile(f), f);
  });
  it('takes files under the conventional test folders', () => {
    for (const f of ['__tests__/a.ts', 'src/__tests__/deep/b.tsx', 'test/helpers.ts', 'packages/x/tests/run.js', 'spec/a.ts', 'e2e/login.ts']) assert.ok(isTestFile(f), f);
  });
  it('leaves out sources, non-scripts and node_modules', () => {
    for (const f of ['src/utils.ts', 'src/testing.ts', 'src/latest.ts', 'src/contest/a.ts', 'test/data.json', 'node_modules/x/test/a.js', 'src/attest.ts', 'src/protest.spec.md']) {
      assert.ok(!isTestFile(f), f);
    }
  });
});
