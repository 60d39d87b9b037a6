/**
 * THE rule for "is this a test file?" (one place: the cut of an answer keeps code before tests with
 * it, and `impact` lists the tests to run with it). By the common conventions of the ecosystem's
 * runners (Jest, Vitest, Mocha, Node's test runner, Playwright, Cypress), a root-relative posix path
 * of a script is a test file when its name has a `.test.` / `.spec.` / `_test.` / `-test.` /
 * `.e2e-spec.` part (`user.test.ts`, `app.spec.tsx`, `user.test.d.ts`, `api.e2e-spec.ts`), or is a
 * Vitest type test's (`.test-d.` / `.spec-d.`: `stream-text.test-d.ts`), or one of
 * its folders is named `__tests__`, `__test__`, `test`, `tests`, `spec`, `e2e` or `cypress`. Syntax
 * only: no runner configuration is read. Library files (`node_modules/…`) never are: their `test/`
 * folders are not the workspace's tests.
 */
export function isTestFile(file: string): boolean {
  // One pass of three precompiled patterns, no splitting: the cut and its summaries ask it of every node of a walk.
  if (!SCRIPT.test(file) || LIBRARY.test(file)) return false;
  return TEST_NAME.test(file.slice(file.lastIndexOf('/') + 1)) || TEST_FOLDER.test(file);
}

const SCRIPT = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
const LIBRARY = /(^|\/)node_modules\//;
const TEST_NAME = /[.\-_](test|spec|e2e-spec|e2e|tests)(-d)?\./;
const TEST_FOLDER = /(^|\/)(__tests__|__test__|test|tests|spec|e2e|cypress)\//;

/**
 * An example, demo, playground or fixture file: code nothing of the workspace depends on, which the
 * cut of an answer keeps after the code that is (and before tests). A folder of its path is named
 * `examples`, `example`, `demos`, `demo`, `playgrounds`, `playground`, `sandboxes`, `sandbox`,
 * `fixtures`, `__fixtures__` or `__testfixtures__` (codemods' inputs). vercel/ai's `generateText`:
 * its 50 detailed dependents were 50 example scripts of `examples/ai-functions`, before the
 * library's own callers. Not a test file: `impact` runs none of these.
 */
export function isExampleFile(file: string): boolean {
  return (EXAMPLE_FOLDER.test(file) || FIXTURE_FOLDER.test(file)) && !LIBRARY.test(file);
}

/**
 * A fixture: data a test reads or a codemod rewrites (`fixtures`, `__fixtures__`, `__testfixtures__`
 * folders), not a use of the code it names: vercel/ai's codemod inputs import '@ai-sdk/react' by a
 * name that resolves to nothing, and are no missing uses of `useChat`.
 */
export function isFixtureFile(file: string): boolean {
  return FIXTURE_FOLDER.test(file) && !LIBRARY.test(file);
}

/**
 * The rank of a file's code when answers order it (the cut's detail, impact's changed symbols, the
 * other files declaring a name): 0 code, 1 examples and fixtures (`isExampleFile`), 2 tests.
 */
export function fileTier(file: string): 0 | 1 | 2 {
  return isTestFile(file) ? 2 : isExampleFile(file) ? 1 : 0;
}

const EXAMPLE_FOLDER = /(^|\/)(examples?|demos?|playgrounds?|sandbox(es)?)\//;
const FIXTURE_FOLDER = /(^|\/)(fixtures|__fixtures__|__testfixtures__)\//;
