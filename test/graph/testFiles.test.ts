import * as assert from 'node:assert/strict';
import { isExampleFile, isTestFile } from '../../src/core/graph/testFiles';

describe('isTestFile', () => {
  it('knows test files by name and by folder', () => {
    for (const f of ['src/user.test.ts', 'src/user.spec.tsx', 'a.test.js', 'src/__tests__/user.ts', 'test/user.ts', 'packages/a/tests/x.ts', 'e2e/login.ts', 'src/x.test.d.ts', 'src/stream-text.test-d.ts', 'src/a.spec-d.tsx']) {
      assert.equal(isTestFile(f), true, f);
    }
  });

  it('leaves code, look-alike names and libraries alone', () => {
    for (const f of ['src/user.ts', 'src/testing.ts', 'src/contest/x.ts', 'src/latest.ts', 'src/test.ts', 'src/tests.ts', 'node_modules/pkg/test/x.d.ts', 'src/attest.spectrum.ts', 'src/test-data.ts', 'src/contest-d.ts']) {
      assert.equal(isTestFile(f), false, f);
    }
  });
});

describe('isExampleFile', () => {
  it('knows examples, demos, playgrounds, sandboxes and fixtures by folder; never a library\'s', () => {
    for (const f of ['examples/ai-functions/src/a.ts', 'packages/x/example/b.ts', 'demo/c.tsx', 'apps/demos/d.ts', 'playground/e.ts', 'sandbox/f.ts', 'test-app/fixtures/g.ts', 'src/__fixtures__/h.ts', 'src/__testfixtures__/i.input.ts']) {
      assert.equal(isExampleFile(f), true, f);
    }
    for (const f of ['src/example.ts', 'src/examples.ts', 'packages/ai/src/demo-mode.ts', 'node_modules/pkg/examples/a.js', 'apps/docs/page.tsx']) {
      assert.equal(isExampleFile(f), false, f);
    }
  });
});
