import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { DAEMON_BUILD_FILES, daemonBuild } from '../../src/daemon/daemonAddress';
import { goneReason } from '../../src/daemon/serveDaemon';

describe('the CLI daemon stops by itself', () => {
  it('when its socket or its root is removed, or its bundles are rebuilt; not before', function () {
    if (process.platform === 'win32') this.skip();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-daemon-gone-'));
    const root = path.join(dir, 'root');
    const buildDir = path.join(dir, 'dist');
    fs.mkdirSync(root);
    fs.mkdirSync(buildDir);
    for (const f of DAEMON_BUILD_FILES) fs.writeFileSync(path.join(buildDir, f), `// ${f}\n`);
    const socket = path.join(dir, 'd.sock');
    fs.writeFileSync(socket, '');
    const options = { socket, root, buildDir, build: daemonBuild(buildDir, DAEMON_BUILD_FILES) };
    assert.equal(goneReason(options), undefined);
    fs.writeFileSync(path.join(buildDir, 'workerCore.js'), '// rebuilt, another size\n');
    assert.equal(goneReason(options), 'its build was replaced (a rebuild or an upgrade)');
    assert.equal(goneReason({ ...options, build: daemonBuild(buildDir, DAEMON_BUILD_FILES) }), undefined);
    fs.rmSync(root, { recursive: true });
    assert.equal(goneReason(options), 'its workspace root was removed');
    fs.rmSync(socket);
    assert.equal(goneReason(options), 'its socket was removed');
  });
});
