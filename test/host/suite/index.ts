// extensionTestsPath entry (compiled to out/test/host/suite/index.js): the extension host calls
// run() and takes its promise as the test result. Used by both runners: code-server +
// headless Chromium (runTests.js) and @vscode/test-electron (runElectron.js).
import * as fs from 'fs';
import * as path from 'path';
import Mocha from 'mocha';

/**
 * In this order: the edits of freshness.test come late, they change the fixture; recovery.test kills
 * the worker, so it comes last. With the packed
 * VSIX installed instead of the development folder (runTests.js --vsix), only the tests of what ships.
 */
const FILES =
  process.env.HOST_SUITE === 'vsix'
    ? ['installedVsix.test.js']
    : ['activation.test.js', 'tools.test.js', 'commands.test.js', 'graphView.test.js', 'graphViewReal.test.js', 'impact.test.js', 'freshness.test.js', 'incomplete.test.js', 'recovery.test.js'];

export function run(): Promise<void> {
  const mocha = new Mocha({ ui: 'tdd', color: false, timeout: 30000, grep: process.env.HOST_TEST_GREP, forbidOnly: true });
  for (const f of FILES) mocha.addFile(path.join(__dirname, f));
  let passed = 0;
  const pending: string[] = [];
  return new Promise((resolve, reject) => {
    try {
      mocha
        .run((failures) => {
          // The runner prints this line last ("N passed, N failed, N pending"); a skip is named, never silent.
          for (const title of pending) console.log(`pending: ${title}`);
          const line = `${passed} passed, ${failures} failed, ${pending.length} pending`;
          if (process.env.PROBE_RESULT_FILE) fs.writeFileSync(process.env.PROBE_RESULT_FILE, `${line}\n`);
          if (failures > 0) reject(new Error(`${failures} tests failed.`));
          else resolve();
        })
        .on('pass', () => passed++)
        .on('pending', (test) => pending.push(test.fullTitle()));
    } catch (err) {
      reject(err instanceof Error ? err : new Error(String(err)));
    }
  });
}
