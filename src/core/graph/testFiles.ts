/**
 * THE rule for "is this a test file?" (one place: the cut of an answer uses it, and anything that
 * later asks "which tests to run" must ask the same). A root-relative posix path is a test file when
 * its name has a `.test.` or `.spec.` part (`user.test.ts`, `user.spec.tsx`, `user.test.d.ts`), or
 * one of its folders is named `__tests__`, `test`, `tests` or `e2e`. Library declarations
 * (`node_modules/…`) never are: their `test/` folders are not the workspace's tests.
 */
export function isTestFile(file: string): boolean {
  if (file.startsWith('node_modules/') || file.includes('/node_modules/')) return false;
  const parts = file.split('/');
  const name = parts[parts.length - 1];
  if (/\.(test|spec)\./.test(name)) return true;
  for (let i = 0; i < parts.length - 1; i++) if (TEST_FOLDERS.has(parts[i])) return true;
  return false;
}

const TEST_FOLDERS: ReadonlySet<string> = new Set(['__tests__', 'test', 'tests', 'e2e']);
