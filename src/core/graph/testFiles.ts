/**
 * THE rule for "is this a test file?" (one place: the cut of an answer keeps code before tests with
 * it, and `impact` lists the tests to run with it). By the common conventions of the ecosystem's
 * runners (Jest, Vitest, Mocha, Node's test runner, Playwright, Cypress), a root-relative posix path
 * of a script is a test file when its name has a `.test.` / `.spec.` / `_test.` / `-test.` /
 * `.e2e-spec.` part (`user.test.ts`, `app.spec.tsx`, `user.test.d.ts`, `api.e2e-spec.ts`), or one of
 * its folders is named `__tests__`, `__test__`, `test`, `tests`, `spec`, `e2e` or `cypress`. Syntax
 * only: no runner configuration is read. Library files (`node_modules/…`) never are: their `test/`
 * folders are not the workspace's tests.
 */
export function isTestFile(file: string): boolean {
  if (!SCRIPT.test(file)) return false;
  const parts = file.split('/');
  if (parts.includes('node_modules')) return false;
  if (TEST_NAME.test(parts[parts.length - 1])) return true;
  for (let i = 0; i < parts.length - 1; i++) if (TEST_FOLDERS.has(parts[i])) return true;
  return false;
}

const SCRIPT = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
const TEST_NAME = /[.\-_](test|spec|e2e-spec|e2e|tests)\./;
const TEST_FOLDERS: ReadonlySet<string> = new Set(['__tests__', '__test__', 'test', 'tests', 'spec', 'e2e', 'cypress']);
