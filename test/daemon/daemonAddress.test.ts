import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { DaemonIdentity, daemonAddress, daemonBuild, daemonIdleMs, daemonKey, daemonWanted } from '../../src/daemon/daemonAddress';

describe('the CLI daemon: when one is used, and which', () => {
  it('is used unless switched off, in CI, or without the cache (TS_CODE_GRAPH_NO_CACHE); TS_CODE_GRAPH_DAEMON=1 uses one in CI too', () => {
    assert.equal(daemonWanted({}), true);
    assert.equal(daemonWanted({ TS_CODE_GRAPH_NO_CACHE: '1' }), false);
    for (const off of ['0', 'off', 'false', 'no', ' OFF ']) assert.equal(daemonWanted({ TS_CODE_GRAPH_DAEMON: off }), false, off);
    for (const ci of ['true', '1', 'yes']) assert.equal(daemonWanted({ CI: ci }), false, `CI=${ci}`);
    for (const notCi of ['', 'false', '0']) assert.equal(daemonWanted({ CI: notCi }), true, `CI=${notCi}`);
    assert.equal(daemonWanted({ CI: 'true', TS_CODE_GRAPH_DAEMON: '1' }), true);
    assert.equal(daemonWanted({ TS_CODE_GRAPH_DAEMON: '1', TS_CODE_GRAPH_NO_CACHE: '1' }), false, 'a daemon is a cache: no cache wins');
  });

  it('stops after a quarter of an hour without a command, or TS_CODE_GRAPH_DAEMON_IDLE_S', () => {
    assert.equal(daemonIdleMs({}), 15 * 60 * 1000);
    assert.equal(daemonIdleMs({ TS_CODE_GRAPH_DAEMON_IDLE_S: '2' }), 2000);
    assert.equal(daemonIdleMs({ TS_CODE_GRAPH_DAEMON_IDLE_S: 'soon' }), 15 * 60 * 1000);
  });

  it('is another daemon for another workspace, cache folder, build, exclude list or setting of ours, the same for the same', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-daemon-key-'));
    const id: DaemonIdentity = { root, exclude: ['a', 'b'], cacheDir: '/c/x', build: 'b1' };
    const env = { TS_CODE_GRAPH_COMPILER: 'native', PATH: '/bin' };
    const key = daemonKey(id, env);
    assert.match(key, /^[0-9a-f]{20}$/);
    assert.equal(daemonKey({ ...id, exclude: ['b', 'a'] }, env), key, 'the order of --exclude does not matter');
    assert.equal(daemonKey(id, { ...env, PATH: '/usr/bin', TS_CODE_GRAPH_DAEMON: '1', TS_CODE_GRAPH_DAEMON_IDLE_S: '5' }), key, 'nor other variables, nor the daemon own');
    const others = [
      daemonKey({ ...id, root: os.tmpdir() }, env),
      daemonKey({ ...id, tsconfig: path.join(root, 'tsconfig.json') }, env),
      daemonKey({ ...id, exclude: ['a'] }, env),
      daemonKey({ ...id, cacheDir: '/c/y' }, env),
      daemonKey({ ...id, build: 'b2' }, env),
      daemonKey(id, { ...env, TS_CODE_GRAPH_COMPILER: 'inprocess' }),
      daemonKey(id, { ...env, TS_CODE_GRAPH_WORKER_HEAP_MB: '9000' }),
      daemonKey(id, { ...env, GOMEMLIMIT: '1GiB' }),
      daemonKey(id, { ...env, GOGC: '400' }),
    ];
    assert.equal(new Set([key, ...others]).size, others.length + 1);
    // A root through a symlink is the same workspace.
    const link = `${root}-link`;
    fs.symlinkSync(root, link);
    assert.equal(daemonKey({ ...id, root: link }, env), key);
  });

  it("changes its build when a bundle it runs is rebuilt", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-daemon-build-'));
    fs.writeFileSync(path.join(dir, 'daemon.js'), 'one');
    const before = daemonBuild(dir, ['daemon.js', 'worker.js']);
    fs.writeFileSync(path.join(dir, 'daemon.js'), 'one more');
    assert.notEqual(daemonBuild(dir, ['daemon.js', 'worker.js']), before);
  });

  it("listens in a folder only this user may enter, and uses none it did not make so", function () {
    if (process.platform === 'win32') this.skip();
    const address = daemonAddress('0123456789abcdef0123')!;
    assert.ok(address, 'an address in the temporary folder');
    const dir = path.dirname(address.socket);
    assert.equal(fs.statSync(dir).mode & 0o777, 0o700);
    assert.equal(path.dirname(address.log), dir);
    fs.chmodSync(dir, 0o755);
    try {
      assert.equal(daemonAddress('0123456789abcdef0123'), undefined, 'others may enter it: no daemon');
    } finally {
      fs.chmodSync(dir, 0o700);
    }
  });
});
