/**
 * Whether a root-relative posix path is a test file by the common conventions of the ecosystem's
 * runners (Jest, Vitest, Mocha, Node's test runner, Playwright, Cypress): a `.test.` / `.spec.` /
 * `_test.` / `-test.` name part before a script extension (`utils.test.ts`, `app.spec.tsx`,
 * `api.e2e-spec.ts`), or any file under a folder named `__tests__`, `__test__`, `test`, `tests`,
 * `spec`, `e2e` or `cypress`. Syntax only: no runner configuration is read. Files under
 * `node_modules` never are.
 */
export function isTestFile(rel: string): boolean {
  if (!SCRIPT.test(rel)) return false;
  const parts = rel.split('/');
  if (parts.includes('node_modules')) return false;
  const base = parts[parts.length - 1];
  if (TEST_NAME.test(base)) return true;
  return parts.slice(0, -1).some((dir) => TEST_DIRS.has(dir));
}

const SCRIPT = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
const TEST_NAME = /[.\-_](test|spec|e2e-spec|e2e|tests)\.[cm]?[jt]sx?$/;
const TEST_DIRS = new Set(['__tests__', '__test__', 'test', 'tests', 'spec', 'e2e', 'cypress']);
