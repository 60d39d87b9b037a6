#!/usr/bin/env node
// `npm run test:host:electron`: the same in-host suite, the standard way on a developer machine
// with desktop VS Code: @vscode/test-electron downloads (or reuses, VSCODE_EXECUTABLE_PATH) a
// VS Code build and runs the suite in its extension host. Not possible on the CI machine (no
// desktop VS Code, no internet): there, `npm run test:host` runs it through code-server.
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const { runTests } = require('@vscode/test-electron');

const repo = path.resolve(__dirname, '..', '..');

async function main() {
  // The suite edits the fixture: give it a throwaway copy.
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tscg-electron-'));
  const ws = path.join(tmp, 'ws');
  fs.cpSync(path.join(__dirname, 'workspace'), ws, { recursive: true });
  try {
    await runTests({
      version: process.env.VSCODE_VERSION || 'stable',
      vscodeExecutablePath: process.env.VSCODE_EXECUTABLE_PATH || undefined,
      extensionDevelopmentPath: repo,
      extensionTestsPath: path.join(repo, 'out', 'test', 'host', 'suite', 'index.js'),
      launchArgs: [path.join(ws, 'fixture.code-workspace'), '--disable-workspace-trust', '--skip-welcome', '--skip-release-notes'],
      // A call waits for its ordinary answer however loaded the machine (the first answer's grace: issue 40, item 7).
      extensionTestsEnv: { TS_CODE_GRAPH_FIRST_ANSWER_MS: process.env.TS_CODE_GRAPH_FIRST_ANSWER_MS ?? '600000' },
    });
    fs.rmSync(tmp, { recursive: true, force: true });
  } catch (err) {
    console.error(`Host tests failed (workspace copy kept at ${ws}):`, err);
    process.exit(1);
  }
}

main();
