import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { fixtureDir } from '../support/goldenFixtures';
import { BUILT_CLI, BUILT_WORKER, requireBuilt, runBuiltCli } from './builtArtifacts';

/**
 * The persisted graph as the built CLI keeps it (issue 38: the indexer that wrote it; issue 41, item
 * 6: the typings it was built from). Each workspace is a temporary copy with a cache folder of its own.
 */
describe('built dist/cli.js: the persisted graph', function () {
  this.timeout(180_000);
  let root: string;
  let env: NodeJS.ProcessEnv;
  const cli = (args: string[], bundle = BUILT_CLI) => {
    const r = runBuiltCli(['--root', root, ...args], root, bundle, env);
    assert.equal(r.code, 0, r.stderr);
    return r;
  };
  const cacheFile = (): string => {
    const base = path.join(env.XDG_CACHE_HOME!, 'ts-code-graph');
    const files = fs.readdirSync(base).flatMap((d) => fs.readdirSync(path.join(base, d)).map((f) => path.join(base, d, f)));
    // The graph, and beside it the record of the configs' discovery (program/discoveryCache.ts).
    assert.deepEqual(files.map((f) => path.basename(f).replace(/-.*/, '')).sort(), ['graph', 'projects'], files.join('\n'));
    return files.find((f) => path.basename(f).startsWith('graph-'))!;
  };

  beforeEach(() => {
    requireBuilt(BUILT_CLI);
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-built-cache-'));
    fs.cpSync(fixtureDir('external'), root, { recursive: true });
    env = { ...process.env, XDG_CACHE_HOME: fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-built-cache-xdg-')), TS_CODE_GRAPH_NO_CACHE: '' };
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it("carries the hash of the indexer's sources, the same in the CLI and the graph worker, and caches under it", () => {
    const identity = (bundle: string) => [...new Set(fs.readFileSync(bundle, 'utf8').match(/sources [0-9a-f]{16}/g))];
    // The launcher holds no indexer; its core bundle does (dist/workerCore.js).
    const core = path.join(path.dirname(BUILT_CLI), 'workerCore.js');
    assert.deepEqual(identity(BUILT_CLI), [], 'no indexer in the launcher');
    const [id] = identity(core);
    assert.deepEqual(identity(core), [id], 'one identity in dist/workerCore.js');
    // The CLI, the MCP server and the extension run one graph worker: its loader holds no indexer, it loads that core.
    assert.deepEqual(identity(BUILT_WORKER), []);
    assert.ok(fs.readFileSync(BUILT_WORKER, 'utf8').includes('workerCore.js'));
    cli(['dependenciesOf', 'src/posts.ts', 'fetchPost']);
    const snapshot = JSON.parse(fs.readFileSync(cacheFile(), 'utf8'));
    assert.equal(snapshot.indexer, id);
    assert.equal(snapshot.root, root);
  });

  it('refuses the graph another build of the indexer wrote, and that build refuses this one\'s', () => {
    cli(['dependenciesOf', 'src/posts.ts', 'fetchPost']);
    const warm = cli(['--verbose', 'dependenciesOf', 'src/posts.ts', 'fetchPost']).stderr;
    assert.match(warm, /loaded \d+ files from the cache/);
    // One question and the process ends: no program is built for updates that never come (a warm query's ~0.3 s).
    assert.doesNotMatch(warm, /ready for updates|programs for \d+ projects? built|native compiler started/);
    // Another build: the same bundles with another indexer identity (what any change to the indexer's sources gives).
    const other = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-other-build-'));
    fs.cpSync(path.dirname(BUILT_CLI), other, { recursive: true });
    const otherCli = path.join(other, 'cli.js');
    const otherCore = path.join(other, 'workerCore.js');
    fs.writeFileSync(otherCore, fs.readFileSync(otherCore, 'utf8').replace(/sources [0-9a-f]{16}/g, 'sources 0123456789abcdef'));
    const byOther = cli(['--verbose', 'dependenciesOf', 'src/posts.ts', 'fetchPost'], otherCli);
    assert.match(byOther.stderr, /was written by another build of the indexer; indexing from scratch/);
    assert.doesNotMatch(byOther.stderr, /loaded \d+ files from the cache/);
    assert.equal(JSON.parse(fs.readFileSync(cacheFile(), 'utf8')).indexer, 'sources 0123456789abcdef');
    assert.match(cli(['--verbose', 'dependenciesOf', 'src/posts.ts', 'fetchPost']).stderr, /was written by another build of the indexer; indexing from scratch/);
    fs.rmSync(other, { recursive: true, force: true });
  });

  // Issue 40: the run after a one-file edit loads the rest from the cache; its answer is the one a full index gives.
  it('after a one-file edit, re-indexes what the edit reaches and answers as --no-cache does', () => {
    fs.rmSync(root, { recursive: true, force: true });
    fs.cpSync(fixtureDir('sample'), root, { recursive: true });
    const dependents = ['dependentsOf', 'src/utils/format.ts', 'formatMoney'];
    cli(['stats']);
    const before = cli(dependents).stdout;
    assert.doesNotMatch(before, /handleRequest --CALLS--> formatMoney/);
    // A body edit: handleRequest now calls formatMoney too (the file's own edges change, its skeleton does not).
    const handler = path.join(root, 'src/api/handler.ts');
    fs.writeFileSync(handler, fs.readFileSync(handler, 'utf8').replace('const receivedAt = formatDate(timestamp);', 'const receivedAt = `${formatDate(timestamp)} ${formatMoney(0)}`;').replace("import { formatDate } from '../utils/format';", "import { formatDate, formatMoney } from '../utils/format';"));
    const edited = cli(['--verbose', ...dependents]);
    assert.match(edited.stderr, /cache: 1 files changed since it was written/);
    assert.match(edited.stderr, /cache: 1[23] files loaded, [12] re-indexed/, "the file and at most its importer");
    assert.match(edited.stdout, /handleRequest --CALLS--> formatMoney/);
    assert.equal(edited.stdout, cli(['--no-cache', ...dependents]).stdout);
    // A shape edit of the file others import: formatMoney renamed; its dependents are re-indexed too.
    const format = path.join(root, 'src/utils/format.ts');
    fs.writeFileSync(format, fs.readFileSync(format, 'utf8').replace('export function formatMoney(', 'export function formatCents('));
    const renamed = ['dependentsOf', 'src/utils/format.ts', 'formatCents'];
    const shaped = cli(['--verbose', ...renamed]);
    assert.match(shaped.stderr, /cache: 1 files changed since it was written/);
    assert.match(shaped.stderr, /cache: \d+ files loaded, [3-9] re-indexed/);
    assert.equal(shaped.stdout, cli(['--no-cache', ...renamed]).stdout);
    assert.equal(cli(['export']).stdout, cli(['--no-cache', 'export']).stdout, 'the whole graph, as a full index builds it');
    assert.match(cli(['--verbose', ...renamed]).stderr, /loaded 14 files from the cache/, 'the cache written after the edit is whole');
  });

  it("keeps the core bundle's compiled code beside the graphs, keyed by the bundle's text (and found by its stamp on disk): another build, or a damaged file, compiles from source", () => {
    const codeDir = path.join(env.XDG_CACHE_HOME!, 'ts-code-graph-code');
    const codeFiles = () => (fs.existsSync(codeDir) ? fs.readdirSync(codeDir) : []);
    const args = ['dependenciesOf', 'src/posts.ts', 'fetchPost'];
    const version = () => runBuiltCli(['--version'], root, BUILT_CLI, env);
    // Written only after a command that indexes (what a query runs is compiled then), never by --version.
    assert.equal(version().code, 0);
    assert.deepEqual(codeFiles(), []);
    const answer = cli(args).stdout;
    // The core's, and TypeScript 6's (dist/typescript.js: the configs were read with it).
    const [typescript, written] = codeFiles().sort();
    assert.equal(codeFiles().length, 2, codeFiles().join(' '));
    assert.match(written, /^workerCore\.js-[0-9a-f]{20}-[0-9a-f]{12}\.v8$/);
    assert.match(typescript, /^typescript\.js-[0-9a-f]{20}-[0-9a-f]{12}\.v8$/);
    const file = path.join(codeDir, written);
    const stamp = fs.statSync(file).mtimeMs;
    const typescriptStamp = fs.statSync(path.join(codeDir, typescript)).mtimeMs;
    assert.equal(cli(args).stdout, answer);
    assert.match(version().stdout, /^\d+\.\d+\.\d+/);
    assert.equal(fs.statSync(file).mtimeMs, stamp, 'used as it is, not written again');
    assert.equal(fs.statSync(path.join(codeDir, typescript)).mtimeMs, typescriptStamp, "TypeScript's used as it is (if it was needed), not written again");
    // Damaged: V8 refuses it, the run compiles from source, answers, and writes it anew.
    fs.writeFileSync(file, Buffer.alloc(1000, 7));
    assert.equal(cli(args).stdout, answer);
    assert.ok(fs.statSync(file).size > 1000);
    // Another build of the same length (another indexer identity): its own code, never this one's.
    const other = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-other-code-'));
    try {
      fs.cpSync(path.dirname(BUILT_CLI), other, { recursive: true });
      const otherCore = path.join(other, 'workerCore.js');
      fs.writeFileSync(otherCore, fs.readFileSync(otherCore, 'utf8').replace(/sources [0-9a-f]{16}/g, 'sources 0123456789abcdef'));
      assert.equal(cli(args, path.join(other, 'cli.js')).stdout, answer);
      assert.equal(JSON.parse(fs.readFileSync(cacheFile(), 'utf8')).indexer, 'sources 0123456789abcdef', 'the other build ran its own code');
      const cores = codeFiles().filter((f) => f.startsWith('workerCore.js-'));
      assert.equal(cores.length, 1, "one core bundle's code kept");
      assert.notDeepEqual(cores, [written]);
    } finally {
      fs.rmSync(other, { recursive: true, force: true });
    }
    // No cache: nothing written.
    fs.rmSync(codeDir, { recursive: true, force: true });
    assert.equal(runBuiltCli(['--root', root, ...args], root, BUILT_CLI, { ...env, TS_CODE_GRAPH_NO_CACHE: '1' }).stdout, answer);
    assert.deepEqual(codeFiles(), []);
  });

  it('with TypeScript 7, a start from the graph cache needs no TypeScript 6: bundles without dist/typescript.js answer after an edit, and a cold index without it fails loudly', function () {
    const native = { ...env, TS_CODE_GRAPH_COMPILER: 'native', TS_CODE_GRAPH_DAEMON: '0' };
    const run = (args: string[], bundle = BUILT_CLI) => runBuiltCli(['--root', root, ...args], root, bundle, native);
    const args = ['dependentsOf', 'src/posts.ts', 'toPost'];
    const first = run(['--verbose', ...args]);
    assert.equal(first.code, 0, first.stderr);
    if (!/native compiler started/.test(first.stderr)) return this.skip(); // no native compiler on this platform
    // The same package (the same indexer and version: the same graph cache) without TypeScript 6's file,
    // finding the native compiler's package where the built CLI does.
    const pkg = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-no-ts6-'));
    const repo = path.join(path.dirname(BUILT_CLI), '..');
    const bare = path.join(pkg, 'dist');
    try {
      fs.cpSync(path.dirname(BUILT_CLI), bare, { recursive: true });
      fs.rmSync(path.join(bare, 'typescript.js'));
      fs.copyFileSync(path.join(repo, 'package.json'), path.join(pkg, 'package.json'));
      fs.symlinkSync(path.join(repo, 'node_modules'), path.join(pkg, 'node_modules'), 'dir');
      const posts = path.join(root, 'src/posts.ts');
      fs.writeFileSync(posts, fs.readFileSync(posts, 'utf8').replace('return { title, slug: slugify(title) };', 'const slug = slugify(title);\n  return { title, slug };'));
      const edited = run(['--verbose', ...args], path.join(bare, 'cli.js'));
      assert.equal(edited.code, 0, edited.stderr);
      assert.match(edited.stderr, /cache: \d+ files loaded, 1 re-indexed/);
      assert.equal(edited.stdout, run(['--no-cache', ...args]).stdout, 'the answer a full index gives');
      // A full index reads the configs with TypeScript 6: without its file, an error that names it, not a silent graph.
      const cold = run(['--no-cache', ...args], path.join(bare, 'cli.js'));
      assert.notEqual(cold.code, 0);
      assert.match(cold.stderr, /TypeScript 6 \(.*typescript\.js\) is missing beside the bundle: install ts-code-graph again/);
    } finally {
      fs.rmSync(pkg, { recursive: true, force: true });
    }
  });

  it("re-indexes when a package's typings were replaced in place, answering as --no-cache does", () => {
    const args = ['dependenciesOf', 'src/posts.ts', 'fetchPost'];
    const typings = path.join(root, 'node_modules/fake-lib/index.d.ts');
    // A whole-second modification time, as packed packages have (npm packs 1985-10-26T08:15:00Z), so it can be put back exactly.
    const packed = new Date('1985-10-26T08:15:00Z');
    fs.utimesSync(typings, packed, packed);
    const before = cli(args).stdout;
    assert.match(before, /^fetchPost --CALLS--> HttpClient\.get$/m);
    assert.match(cli(['--verbose', ...args]).stderr, /loaded \d+ files from the cache/, 'the cached start');
    // `npm link`, patch-package, a reinstall keeping the lock file: other typings, same size and modification time.
    const stat = fs.statSync(typings);
    fs.writeFileSync(typings, fs.readFileSync(typings, 'utf8').replace('get(path: string', 'put(path: string'));
    fs.utimesSync(typings, packed, packed);
    assert.deepEqual([fs.statSync(typings).size, fs.statSync(typings).mtimeMs], [stat.size, stat.mtimeMs]);
    const after = cli(['--verbose', ...args]);
    assert.match(after.stderr, /cache is from other dependencies: node_modules\/fake-lib\/index\.d\.ts changed since it was written; indexing from scratch/);
    assert.equal(after.stdout, cli(['--no-cache', ...args]).stdout);
    assert.doesNotMatch(after.stdout, /HttpClient\.get/);
    assert.notEqual(after.stdout, before);
    assert.match(cli(['--verbose', ...args]).stderr, /loaded \d+ files from the cache/, 'the cache written then is used');
  });
});
