import * as assert from 'node:assert/strict';
import { isTestFile } from '../../src/core/graph/testFiles';

describe('isTestFile', () => {
  it('knows test files by name and by folder', () => {
    for (const f of ['src/user.test.ts', 'src/user.spec.tsx', 'a.test.js', 'src/__tests__/user.ts', 'test/user.ts', 'packages/a/tests/x.ts', 'e2e/login.ts', 'src/x.test.d.ts']) {
      assert.equal(isTestFile(f), true, f);
    }
  });

  it('leaves code, look-alike names and libraries alone', () => {
    for (const f of ['src/user.ts', 'src/testing.ts', 'src/contest/x.ts', 'src/latest.ts', 'src/test.ts', 'src/tests.ts', 'node_modules/pkg/test/x.d.ts', 'src/attest.spectrum.ts']) {
      assert.equal(isTestFile(f), false, f);
    }
  });
});
