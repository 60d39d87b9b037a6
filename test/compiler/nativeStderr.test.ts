import * as assert from 'node:assert/strict';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

/**
 * The native compiler's process writes on stderr when it is stopped mid-work (Go's "context
 * canceled", a panic's stack when its pipe closes under a callback); its API client lets it inherit
 * ours. The CLI's and the MCP server's stderr must stay meaningful: what it writes goes to the log.
 */
describe('the native compiler\'s stderr', function () {
  this.timeout(180_000);

  it('never reaches ours: an ES module spawning a child that writes on stderr, as the API client does', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-native-stderr-'));
    try {
      // The client's own shape: an ES module importing `spawn` by name, stdio ['pipe', 'pipe', 'inherit'].
      fs.writeFileSync(path.join(dir, 'client.mjs'), "import { spawn } from 'node:child_process';\nexport function start() { return spawn(process.execPath, ['-e', \"console.error('context canceled')\"], { stdio: ['pipe', 'pipe', 'inherit'] }); }\n");
      const stderrModule = path.join(__dirname, '../../src/core/compiler/native/NativeStderr.js');
      const script = `
        const { NativeStderr } = require(${JSON.stringify(stderrModule)});
        const { start } = require(${JSON.stringify(path.join(dir, 'client.mjs'))});
        const captured = new NativeStderr();
        const child = captured.capture(() => start());
        child.on('exit', () => {
          process.stdout.write(JSON.stringify({ said: captured.news() }));
          captured.close();
          // A spawn after the capture inherits stderr again.
          require('child_process').spawnSync(process.execPath, ['-e', "console.error('after')"], { stdio: ['ignore', 'ignore', 'inherit'] });
        });`;
      const r = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
      assert.equal(r.status, 0, r.stderr);
      assert.deepEqual(JSON.parse(r.stdout), { said: 'context canceled' });
      assert.equal(r.stderr, 'after\n', 'only what was spawned after the capture reached our stderr');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
