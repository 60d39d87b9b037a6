import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { spawnSync } from 'child_process';

/**
 * `requireWithCodeCache` in a process of its own, as the CLI runs it once per process (a second
 * compile of the same text in one process is answered by V8's own in-memory cache, whatever the file
 * holds): how it compiled, the module's answer, and whether it then saved the code (`save`).
 */
function load(file: string, cacheDir: string | undefined, save = true): { compiled: string; answer: number; where: string; me: boolean } {
  const script = `
    const { requireWithCodeCache } = require(${JSON.stringify(require.resolve('../../src/worker/codeCache'))});
    const m = requireWithCodeCache(${JSON.stringify(file)}, ${JSON.stringify(cacheDir)});
    if (${save}) m.saveCodeCache();
    process.stdout.write(JSON.stringify({ compiled: m.compiled, answer: m.exports.answer(), where: m.exports.where, me: m.exports.me }));`;
  const r = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout);
}

/** How the CLI loads its core bundle: as `require` would, compiled from V8's code cache once one is written. */
describe('requireWithCodeCache', () => {
  let dir: string;
  let cacheDir: string;
  const write = (name: string, text: string) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, text);
    return file;
  };
  const module = (answer: number) =>
    // The same length whatever the answer (one digit): V8's own check of a code cache compares lengths only.
    `const helper = require('./helper.js');\nexports.answer = () => helper.twice(${answer});\nexports.where = __dirname;\nexports.me = module.id === __filename;\n`;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-code-cache-'));
    cacheDir = path.join(dir, 'cache');
    write('helper.js', 'exports.twice = (n) => n * 2;\n');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('loads a CommonJS file as require does (its require, __dirname, module), then from the code cache it wrote', () => {
    const file = write('core.js', module(1));
    assert.deepEqual(load(file, cacheDir, false), { compiled: 'from source', answer: 2, where: dir, me: true });
    assert.equal(fs.existsSync(cacheDir), false, 'nothing written before saveCodeCache');
    assert.equal(load(file, cacheDir).compiled, 'from source');
    const [name] = fs.readdirSync(cacheDir);
    const stamp = fs.statSync(path.join(cacheDir, name)).mtimeMs;
    assert.deepEqual(load(file, cacheDir), { compiled: 'from cache', answer: 2, where: dir, me: true });
    assert.deepEqual(fs.readdirSync(cacheDir), [name]);
    assert.equal(fs.statSync(path.join(cacheDir, name)).mtimeMs, stamp, 'a cache that was used is not written again');
  });

  it("never runs another text's code: a file of the same length compiles from source, and its code replaces the other's", () => {
    const file = write('core.js', module(1));
    load(file, cacheDir);
    const [old] = fs.readdirSync(cacheDir);
    fs.writeFileSync(file, module(4));
    assert.deepEqual(load(file, cacheDir), { compiled: 'from source', answer: 8, where: dir, me: true });
    assert.equal(fs.readdirSync(cacheDir).length, 1);
    assert.notEqual(fs.readdirSync(cacheDir)[0], old);
    assert.equal(load(file, cacheDir).compiled, 'from cache');
  });

  it("finds its code by the file's stamp on disk without hashing its text, and not once the file is written again", () => {
    const file = write('core.js', module(5));
    load(file, cacheDir);
    const [name] = fs.readdirSync(cacheDir);
    // The text's hash in the name made unmatchable: only the stamp can find it.
    const renamed = name.replace(/^(core\.js-)[0-9a-f]+(-[0-9a-f]+\.v8)$/, '$1ffffffffffffffffffff$2');
    assert.notEqual(renamed, name);
    fs.renameSync(path.join(cacheDir, name), path.join(cacheDir, renamed));
    assert.equal(load(file, cacheDir).compiled, 'from cache', 'found by the stamp');
    // The same text written again (a new change time): the stamp no longer matches, the hash finds no cache.
    fs.writeFileSync(file, module(5));
    assert.equal(load(file, cacheDir).compiled, 'from source');
    assert.equal(load(file, cacheDir).compiled, 'from cache');
  });

  it('takes the code of the same text installed anew (found by its hash), and stamps it so the next start needs no hash', () => {
    const file = write('core.js', module(6));
    load(file, cacheDir);
    const [before] = fs.readdirSync(cacheDir);
    // `npm ci` writes the same bundle again: a new inode and change time, the same text.
    fs.rmSync(file);
    write('core.js', module(6));
    assert.equal(load(file, cacheDir, false).compiled, 'from cache', 'found by the hash of its text');
    const [after] = fs.readdirSync(cacheDir);
    assert.notEqual(after, before, 'stamped anew');
    assert.equal(after.split('-')[1], before.split('-')[1], 'the same text');
    // Found by the new stamp alone now: the hash in the name made unmatchable.
    fs.renameSync(path.join(cacheDir, after), path.join(cacheDir, after.replace(/^(core\.js-)[0-9a-f]+/, '$1ffffffffffffffffffff')));
    assert.equal(load(file, cacheDir, false).compiled, 'from cache', 'found by the stamp');
  });

  it('compiles from source when the cache is damaged or there is no cache folder, and still answers', () => {
    const file = write('core.js', module(3));
    load(file, cacheDir);
    const [name] = fs.readdirSync(cacheDir);
    fs.writeFileSync(path.join(cacheDir, name), Buffer.alloc(64, 1));
    assert.deepEqual(load(file, cacheDir), { compiled: 'from source', answer: 6, where: dir, me: true });
    assert.ok(fs.statSync(path.join(cacheDir, name)).size > 64, 'written anew');
    assert.equal(load(file, undefined).compiled, 'from source');
  });
});
