import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { graphCacheDir } from '../../src/nodehost/cacheDir';

describe('graphCacheDir (where the MCP server keeps a workspace graph)', () => {
  it('follows XDG, ignoring a relative XDG_CACHE_HOME as the spec says; without it, each platform\'s folder', () => {
    assert.match(graphCacheDir('/ws/my app', undefined, { XDG_CACHE_HOME: '/xdg' }, 'linux'), /^\/xdg\/ts-code-graph\/my_app-[0-9a-f]{16}$/);
    assert.equal(path.dirname(graphCacheDir('/ws/a', undefined, {}, 'linux')), path.join(os.homedir(), '.cache', 'ts-code-graph'));
    assert.equal(path.dirname(graphCacheDir('/ws/a', undefined, { XDG_CACHE_HOME: 'rel' }, 'linux')), path.join(os.homedir(), '.cache', 'ts-code-graph'));
    assert.equal(path.dirname(graphCacheDir('/ws/a', undefined, {}, 'darwin')), path.join(os.homedir(), 'Library', 'Caches', 'ts-code-graph'));
    assert.equal(path.dirname(graphCacheDir('/ws/a', undefined, { LOCALAPPDATA: 'C:\\L' }, 'win32')), path.join('C:\\L', 'ts-code-graph'));
    // Set, it wins on every platform (test runs point it at a folder of their own).
    assert.equal(path.dirname(graphCacheDir('/ws/a', undefined, { XDG_CACHE_HOME: '/xdg' }, 'darwin')), path.join('/xdg', 'ts-code-graph'));
    assert.equal(path.dirname(graphCacheDir('/ws/a', undefined, { XDG_CACHE_HOME: '/xdg', LOCALAPPDATA: 'C:\\L' }, 'win32')), path.join('/xdg', 'ts-code-graph'));
  });

  it('is one folder per workspace root and tsconfig', () => {
    const env = { XDG_CACHE_HOME: '/xdg' };
    const a = graphCacheDir('/ws/a', undefined, env, 'linux');
    assert.equal(graphCacheDir('/ws/a', undefined, env, 'linux'), a);
    assert.notEqual(graphCacheDir('/other/a', undefined, env, 'linux'), a);
    assert.notEqual(graphCacheDir('/ws/a', '/ws/a/tsconfig.app.json', env, 'linux'), a);
  });

  it('is one folder whichever spelling of the root (a symlink to it) is given', () => {
    const env = { XDG_CACHE_HOME: '/xdg' };
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-cachedir-'));
    try {
      fs.mkdirSync(path.join(dir, 'real-ws'));
      fs.writeFileSync(path.join(dir, 'real-ws', 'tsconfig.json'), '{}');
      fs.symlinkSync(path.join(dir, 'real-ws'), path.join(dir, 'link'), 'dir');
      const real = graphCacheDir(path.join(dir, 'real-ws'), path.join(dir, 'real-ws', 'tsconfig.json'), env, 'linux');
      assert.equal(graphCacheDir(path.join(dir, 'link'), path.join(dir, 'link', 'tsconfig.json'), env, 'linux'), real);
      assert.match(real, /\/real-ws-[0-9a-f]{16}$/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
