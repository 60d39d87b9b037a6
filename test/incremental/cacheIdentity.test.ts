import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { fileStamp } from '../../src/core/compiler/fileStamp';
import { cacheFileFor } from '../../src/core/indexer/cache/IndexCache';
import { closureHash, indexerIdentity } from '../../src/core/indexer/cache/indexerIdentity';
import { indexWorkspace } from '../../src/core/indexer/indexWorkspace';
import { Logger } from '../../src/core/Logger';
import { FIXTURES_DIR } from '../support/loadFixture';

/**
 * Issue 38 and issue 41 (item 6): the persisted graph is used only by the indexer build that wrote it,
 * and only while every library file the programs read is the one they read then.
 */
describe('persisted graph cache: what wrote it and what it read', function () {
  this.timeout(120_000);
  let root: string;
  let cacheDir: string;
  let logged: string[];
  const logger: Logger = { info: (m) => logged.push(m), warn: (m) => logged.push(m), error: (m) => logged.push(m) };
  const cached = () => indexWorkspace({ root, cacheDir, logger });
  const fresh = async () => (await indexWorkspace({ root })).graph.snapshot();

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-cache-id-'));
    cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-cache-id-dir-'));
    fs.cpSync(path.join(FIXTURES_DIR, 'external'), root, { recursive: true });
    logged = [];
  });
  afterEach(() => {
    fs.rmSync(root, { recursive: true, force: true });
    fs.rmSync(cacheDir, { recursive: true, force: true });
  });

  it('a run with --exclude and one without keep a cache each: neither indexes the workspace again after the other', async () => {
    const run = (exclude?: string[]) => indexWorkspace({ root, cacheDir, logger, ...(exclude ? { exclude } : {}) });
    const all = (await run()).graph.files().length;
    const without = (await run(['src'])).graph.files().length;
    assert.ok(without < all, `--exclude src leaves ${without} of ${all} files`);
    for (const exclude of [undefined, ['src'], undefined, ['src']]) {
      const { report, graph } = await run(exclude);
      assert.equal(report.cache, 'full', `${exclude ? 'with' : 'without'} --exclude: the cache is loaded whole`);
      assert.equal(graph.files().length, exclude ? without : all);
    }
  });

  it('a cache written by another build of the indexer is refused, and rewritten by this one', async () => {
    await cached();
    const file = cacheFileFor(cacheDir, root);
    const snapshot = JSON.parse(fs.readFileSync(file, 'utf8'));
    assert.equal(snapshot.indexer, indexerIdentity());
    fs.writeFileSync(file, JSON.stringify({ ...snapshot, indexer: 'sources 0123456789abcdef' }));
    logged = [];
    const again = await cached();
    assert.equal(again.report.cache, undefined, 'indexed from scratch');
    assert.ok(logged.some((m) => /was written by another build of the indexer; indexing from scratch/.test(m)), logged.join('\n'));
    assert.deepEqual(again.graph.snapshot(), await fresh());
    assert.equal(JSON.parse(fs.readFileSync(file, 'utf8')).indexer, indexerIdentity());
    assert.equal((await cached()).report.cache, 'full');
  });

  it("a package's typings replaced in place (same size, same modification time) refuse the cache", async () => {
    const typings = path.join(root, 'node_modules/fake-lib/index.d.ts');
    // A whole-second modification time, as packed packages have (npm packs 1985-10-26T08:15:00Z), so it can be put back exactly.
    const packed = new Date('1985-10-26T08:15:00Z');
    fs.utimesSync(typings, packed, packed);
    const first = await cached();
    const before = first.graph.snapshot();
    assert.ok(before.edges.some((e) => /fetchPost.*"CALLS".*HttpClient\.get/.test(e)), before.edges.join('\n'));
    assert.deepEqual(Object.keys(JSON.parse(fs.readFileSync(cacheFileFor(cacheDir, root), 'utf8')).libraries), ['node_modules/fake-lib/index.d.ts']);
    assert.equal((await cached()).report.cache, 'full');

    // What `npm link`, patch-package or a reinstall does: other typings in place. Same size, and the
    // modification time put back, as tar and `cp -p` keep it: only the change time tells.
    const stat = fs.statSync(typings);
    const text = fs.readFileSync(typings, 'utf8');
    fs.writeFileSync(typings, text.replace('get(path: string', 'put(path: string'));
    fs.utimesSync(typings, packed, packed);
    assert.equal(fs.statSync(typings).size, stat.size);
    assert.equal(fs.statSync(typings).mtimeMs, stat.mtimeMs);

    logged = [];
    const after = await cached();
    assert.equal(after.report.cache, undefined, 'indexed from scratch');
    assert.ok(logged.some((m) => m === 'cache is from other dependencies: node_modules/fake-lib/index.d.ts changed since it was written; indexing from scratch'), logged.join('\n'));
    const expected = await fresh();
    assert.deepEqual(after.graph.snapshot(), expected);
    assert.notDeepEqual(expected, before, 'the new typings change the graph');
    assert.ok(!expected.edges.some((e) => /HttpClient\.get/.test(e)));
    assert.equal((await cached()).report.cache, 'full', 'the cache written then is used');
  });

  it('typings written again with the same text (a fresh `npm ci`, a CI runner restoring the cache) keep it, under their new stamps', async () => {
    const typings = path.join(root, 'node_modules/fake-lib/index.d.ts');
    await cached();
    const file = cacheFileFor(cacheDir, root);
    const written = JSON.parse(fs.readFileSync(file, 'utf8'));
    assert.deepEqual(Object.keys(written.libraryHashes), ['node_modules/fake-lib/index.d.ts']);
    // Another install of the same package: the same text, written anew (another change time), another modification time.
    const text = fs.readFileSync(typings, 'utf8');
    fs.rmSync(typings);
    fs.writeFileSync(typings, text);
    const later = new Date(Date.now() + 5_000);
    fs.utimesSync(typings, later, later);
    logged = [];
    const again = await cached();
    assert.equal(again.report.cache, 'full', logged.join('\n'));
    assert.ok(logged.includes('cache: 1 library files were written again since (a fresh install), with the texts it was built from'), logged.join('\n'));
    assert.deepEqual(again.graph.snapshot(), await fresh());
    // Nothing re-indexed, yet the cache is written again under the new stamp: the next start neither
    // hashes the typings nor says so again.
    assert.equal(JSON.parse(fs.readFileSync(file, 'utf8')).libraries['node_modules/fake-lib/index.d.ts'], fileStamp(typings));
    assert.ok(logged.some((m) => /^graph cache written again in \d+ ms, with the 1 library files' new stamps$/.test(m)), logged.join('\n'));
    logged = [];
    assert.equal((await cached()).report.cache, 'full');
    assert.ok(!logged.some((m) => /written again/.test(m)), logged.join('\n'));
    // The same text under another stamp is not proof of anything else: other text still refuses it.
    fs.writeFileSync(typings, text.replace('get(path: string', 'put(path: string'));
    logged = [];
    const changed = await cached();
    assert.equal(changed.report.cache, undefined, 'indexed from scratch');
    assert.ok(logged.some((m) => /fake-lib\/index\.d\.ts changed since it was written; indexing from scratch/.test(m)), logged.join('\n'));
    assert.deepEqual(changed.graph.snapshot(), await fresh());
  });

  it("a library deleted since the cache was written refuses it too", async () => {
    await cached();
    fs.rmSync(path.join(root, 'node_modules/fake-lib/index.d.ts'));
    logged = [];
    const after = await cached();
    assert.equal(after.report.cache, undefined);
    assert.ok(logged.some((m) => /node_modules\/fake-lib\/index\.d\.ts changed since it was written/.test(m)), logged.join('\n'));
    assert.deepEqual(after.graph.snapshot(), await fresh());
  });

  it("run from tsc's output, the identity is the hash of the compiled indexer: any change to it is another build", () => {
    assert.match(indexerIdentity(), /^compiled [0-9a-f]{16}$/);
    const compiled = path.resolve(__dirname, '../../src/core');
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-compiled-core-'));
    fs.cpSync(compiled, copy, { recursive: true });
    const entry = (dir: string) => path.join(dir, 'indexer/WorkspaceIndex.js');
    assert.equal(`compiled ${closureHash(entry(compiled))}`, indexerIdentity());
    assert.equal(closureHash(entry(copy)), closureHash(entry(compiled)), 'the same files elsewhere are the same build');
    const edit = (rel: string) => fs.appendFileSync(path.join(copy, rel), '\n// another build\n');
    edit('format/formatText.js');
    assert.equal(closureHash(entry(copy)), closureHash(entry(compiled)), 'the formatter is no part of the indexer');
    edit('indexer/file/extractEdges.js');
    const extractEdgesChanged = closureHash(entry(copy));
    assert.notEqual(extractEdgesChanged, closureHash(entry(compiled)), 'extraction changed');
    edit('graph/GraphTypes.js');
    assert.notEqual(closureHash(entry(copy)), extractEdgesChanged, 'what a contribution is changed');
    fs.rmSync(copy, { recursive: true, force: true });
  });
});
