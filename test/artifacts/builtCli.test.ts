import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { goldenCases } from '../golden/cases';
import { checkGolden } from '../support/checkGolden';
import { fixtureDir, goldenFile, repoRoot } from '../support/goldenFixtures';
import { formatGoldenRun } from '../support/goldenRun';
import { BUILT_CLI, requireBuilt, runBuiltCli } from './builtArtifacts';

/**
 * Issue 7: what ships must build the same graph the tests see. Every golden case, run on the built
 * dist/cli.js instead of the sources, must print exactly its golden file; the stdlib-inference cases
 * only pass when the compiler in the bundle finds its standard library. And a bundle without the
 * library must say so loudly, never answer as if nothing were wrong.
 */
describe('built dist/cli.js', function () {
  this.timeout(120_000);

  for (const c of goldenCases) {
    it(`reproduces golden ${c.fixture}/${c.name}`, () => {
      const root = fixtureDir(c.fixture);
      const run = runBuiltCli(['--root', root, ...c.argv], repoRoot);
      checkGolden(goldenFile(c.fixture, c.name), formatGoldenRun(c.argv, { code: run.code ?? -1, stdout: run.stdout, stderr: run.stderr }, root));
    });
  }

  it('the bin is a small launcher: the core is in dist/workerCore.js, TypeScript 6 beside it, loaded in its worker thread', () => {
    requireBuilt(BUILT_CLI);
    const launcher = fs.readFileSync(BUILT_CLI, 'utf8');
    // TypeScript 6's program builder: loading it here too cost a second compile of 11 MB.
    assert.ok(!launcher.includes('function createProgram('), 'dist/cli.js bundles the compiler');
    // Nor in the core: a start from the graph cache with TypeScript 7 reads 2 MB, not 11 (dist/typescript.js is loaded when first used).
    const core = fs.readFileSync(path.join(path.dirname(BUILT_CLI), 'workerCore.js'), 'utf8');
    assert.ok(!core.includes('function createProgram('), 'dist/workerCore.js bundles the compiler');
    assert.ok(core.includes('typescript.js'));
    assert.ok(fs.readFileSync(path.join(path.dirname(BUILT_CLI), 'typescript.js'), 'utf8').includes('function createProgram('));
    assert.ok(launcher.length < 2_000_000, `dist/cli.js is ${launcher.length} bytes`);
    // Its worker thread runs a loader of the core, not the launcher again (10-20 ms of every command).
    const worker = fs.readFileSync(path.join(path.dirname(BUILT_CLI), 'worker.js'), 'utf8');
    assert.ok(worker.length < 20_000 && worker.includes('workerCore.js'), `dist/worker.js is ${worker.length} bytes`);
  });

  it('ships the standard library next to the bundle', () => {
    const libs = fs.readdirSync(path.dirname(BUILT_CLI)).filter((f) => /^lib(\..+)?\.d\.ts$/.test(f));
    for (const needed of ['lib.d.ts', 'lib.es5.d.ts', 'lib.es2020.full.d.ts', 'lib.esnext.full.d.ts', 'lib.dom.d.ts']) assert.ok(libs.includes(needed), needed);
  });

  it('without its standard library, names the missing file on stderr, warns in the answer and exits 3', () => {
    requireBuilt(BUILT_CLI);
    const bare = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-nolib-'));
    try {
      for (const f of ['cli.js', 'workerCore.js', 'worker.js', 'typescript.js']) fs.copyFileSync(path.join(path.dirname(BUILT_CLI), f), path.join(bare, f));
      const root = fixtureDir('stdlib-inference');
      const r = runBuiltCli(['--root', root, 'dependentsOf', 'src/TableColumn.ts', 'TableColumn.clone'], repoRoot, path.join(bare, 'cli.js'));
      assert.equal(r.code, 3);
      assert.match(r.stderr, /^ts-code-graph: error: TypeScript's standard library file lib\.es2020\.full\.d\.ts was not found \(looked in .*tcg-nolib-[^)]*\): calls through inferred types/);
      assert.match(r.stdout, /\n\nIncomplete: TypeScript's standard library file lib\.es2020\.full\.d\.ts was not found/);
    } finally {
      fs.rmSync(bare, { recursive: true, force: true });
    }
  });

  // Issue 39: on payload the CLI died with V8's "Reached heap limit" and its stack dump, naming no setting.
  it('out of memory: one clear message naming the limit, the setting and --exclude, exit 1, no V8 abort', () => {
    const root = fixtureDir('stdlib-inference');
    // In process: the compiler's heap is the worker's (the native compiler's is its own process).
    const r = runBuiltCli(['--root', root, 'stats'], repoRoot, BUILT_CLI, { ...process.env, TS_CODE_GRAPH_NO_CACHE: '1', TS_CODE_GRAPH_WORKER_HEAP_MB: '40', TS_CODE_GRAPH_COMPILER: 'inprocess' });
    assert.equal(r.code, 1, r.stderr);
    assert.equal(r.stdout, '');
    assert.equal(
      r.stderr,
      'ts-code-graph ran out of memory while indexing (its heap limit is 40 MB). Raise the limit (set TS_CODE_GRAPH_WORKER_HEAP_MB to more MB, e.g. TS_CODE_GRAPH_WORKER_HEAP_MB=80 ts-code-graph …) or leave folders out (--exclude <glob>, once per glob).\n',
    );
    // With the default limit (half of this machine's memory) the same command answers.
    const ok = runBuiltCli(['--root', root, 'stats'], repoRoot);
    assert.equal(ok.code, 0, ok.stderr);
    assert.match(ok.stdout, /^Files: +\d+$/m);
  });

  it('analyses a file owned by a jsx: react-jsx project and imported by a jsx: preserve one (no compiler failure)', () => {
    const root = fixtureDir('jsx-two-configs');
    const stats = runBuiltCli(['--root', root, 'stats'], repoRoot);
    assert.equal(stats.code, 0, stats.stderr);
    assert.doesNotMatch(stats.stdout, /Errors:/);
    const run = runBuiltCli(['--root', root, 'dependenciesOf', 'examples/demo/App.tsx', 'App'], repoRoot);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /^App --INCLUDES--> Badge --CALLS--> shout$/m);
    assert.match(run.stdout, /^App --CALLS--> shout$/m);
  });
});
