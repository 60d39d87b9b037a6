import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { generateWorkspace } from '../../bench/generateWorkspace';
import { indexWorkspace } from '../../src/core/indexer/indexWorkspace';
import { writeMonorepo } from '../support/monorepoWorkspace';

/** Every way a start can meet the cache must give exactly the graph a fresh index gives. */
describe('persisted graph cache', function () {
  this.timeout(120_000);
  let root: string;
  let cacheDir: string;
  const fresh = async () => (await indexWorkspace({ root })).graph.snapshot();
  const cached = () => indexWorkspace({ root, cacheDir });
  const edit = (rel: string, change: (text: string) => string) => fs.writeFileSync(path.join(root, rel), change(fs.readFileSync(path.join(root, rel), 'utf8')));

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-cache-ws-'));
    cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-cache-'));
    generateWorkspace(root, { files: 30, functionsPerFile: 3, fanOut: 2, filesPerModule: 6, jsxEvery: 5, seed: 3 });
  });
  afterEach(() => {
    fs.rmSync(root, { recursive: true, force: true });
    fs.rmSync(cacheDir, { recursive: true, force: true });
  });

  it('a second start with no change loads everything from the cache, equal to a fresh index', async () => {
    const first = await cached();
    assert.equal(first.report.cache, undefined);
    const second = await cached();
    assert.equal(second.report.cache, 'full');
    assert.deepEqual(second.graph.snapshot(), await fresh());
  });

  it('after edits between runs (rename, barrel change, deleted and new file) it re-indexes what changed and equals a fresh index', async () => {
    await cached();
    edit('src/m0/f1.ts', (t) => t.replace('function f1_0(', 'function f1_0_renamed('));
    edit('src/m1/index.ts', (t) => t.split('\n').slice(1).join('\n'));
    fs.rmSync(path.join(root, 'src/m2/f13.ts'));
    fs.writeFileSync(path.join(root, 'src/m2/extra.ts'), "import { f2_1 } from '../m0';\n\nexport function extra(): string {\n  return f2_1(1);\n}\n");
    const second = await cached();
    assert.equal(second.report.cache, 'partial');
    assert.deepEqual(second.graph.snapshot(), await fresh());
  });

  it('a file created between runs reaches the files whose imports it resolves, or now resolves instead', async () => {
    // lateUser.ts waits for ./lateTarget; every importer of '../m0' found m0/index.ts, and finds m0.ts once it exists.
    fs.writeFileSync(path.join(root, 'src/lateUser.ts'), "import { late } from './lateTarget';\n\nexport function lateUser(): number {\n  return late();\n}\n");
    await cached();
    assert.ok(!(await fresh()).edges.some((e) => e.includes('src/lateUser.ts#lateUser@function')), 'no edge while the import is unresolved');
    fs.writeFileSync(path.join(root, 'src/lateTarget.ts'), 'export function late(): number {\n  return 1;\n}\n');
    const importsM0 = fs.readFileSync(path.join(root, 'src/m2/f13.ts'), 'utf8').includes("from '../m0'");
    assert.ok(importsM0, 'the generated workspace imports the m0 barrel');
    fs.writeFileSync(path.join(root, 'src/m0.ts'), "export * from './m1';\n");
    const second = await cached();
    assert.equal(second.report.cache, 'partial');
    const expected = await fresh();
    assert.ok(expected.edges.some((e) => e.includes('src/lateUser.ts#lateUser@function') && e.includes('src/lateTarget.ts#late@function')));
    assert.deepEqual(second.graph.snapshot(), expected);
  });

  it('a corrupt or truncated cache file is ignored with a warning, not trusted', async () => {
    await cached();
    const names = fs.readdirSync(cacheDir).sort();
    // The graph, and the record of the configs' discovery (discoveryCache), per workspace.
    assert.deepEqual(names.map((n) => n.replace(/-.*/, '')), ['graph', 'projects']);
    const candidates = names.map((f) => path.join(cacheDir, f));
    const warnings: string[] = [];
    for (const damage of ['{ not json', fs.readFileSync(candidates[0], 'utf8').slice(0, 500), JSON.stringify({ format: 3, fingerprint: 'x', files: { 'a.ts': [1, null] } })]) {
      fs.writeFileSync(candidates[0], damage);
      // A damaged record of the discovery is no record: the configs are searched again.
      fs.writeFileSync(candidates[1], damage);
      const again = await indexWorkspace({ root, cacheDir, logger: { info() {}, warn: (m) => warnings.push(m), error() {} } });
      assert.notEqual(again.report.cache, 'full');
      assert.deepEqual(again.graph.snapshot(), await fresh());
    }
    assert.ok(warnings.some((w) => /ignored cache/.test(w)), warnings.join('\n'));
  });

  it('a config change invalidates the whole cache', async () => {
    await cached();
    const config = JSON.parse(fs.readFileSync(path.join(root, 'tsconfig.json'), 'utf8'));
    config.exclude = ['src/m0/f2.ts'];
    fs.writeFileSync(path.join(root, 'tsconfig.json'), JSON.stringify(config));
    const second = await cached();
    assert.equal(second.report.cache, undefined);
    assert.deepEqual(second.graph.snapshot(), await fresh());
  });

  it('the first update after a start from the cache equals a fresh index', async () => {
    await cached();
    const second = await cached();
    assert.equal(second.report.cache, 'full');
    edit('src/m0/index.ts', (t) => t.replace("export * from './f1';\n", ''));
    await second.index.update(['src/m0/index.ts'], []);
    assert.deepEqual(second.graph.snapshot(), await fresh());
  });

  it("'refresh' (the rebuild command) never reads the cache, and rewrites it", async () => {
    await cached();
    const refreshed = await indexWorkspace({ root, cacheDir, cacheMode: 'refresh' });
    assert.equal(refreshed.report.cache, undefined);
    assert.equal((await cached()).report.cache, 'full');
    const rebuilt = await refreshed.index.rebuildFromScratch();
    assert.equal(rebuilt.cache, undefined);
    assert.deepEqual(refreshed.graph.snapshot(), await fresh());
  });

  it('a file saved after its last update is not cached under its new text with its old edges', async () => {
    const first = await cached();
    edit('src/m0/index.ts', (t) => t.replace("export * from './f1';\n", ''));
    first.index.saveCache(); // the host's delayed save, before the change reached update()
    const second = await cached();
    assert.notEqual(second.report.cache, 'full');
    assert.deepEqual(second.graph.snapshot(), await fresh());
  });

  it('the first update after a start from the cache picks up a created file', async () => {
    await cached();
    const second = await cached();
    assert.equal(second.report.cache, 'full');
    fs.writeFileSync(path.join(root, 'src/m0/fresh.ts'), "import { f2_1 } from './f2';\n\nexport function freshOne(): string {\n  return f2_1(1);\n}\n");
    await second.index.update(['src/m0/fresh.ts'], []);
    assert.ok(second.graph.hasFile('src/m0/fresh.ts'));
    assert.deepEqual(second.graph.snapshot(), await fresh());
  });
  // A host answers queries from the loaded graph while it prepares: each program build holds the
  // thread, so the thread must come free between them (payload: 17 builds, 42 s, a query waited all).
  it('while it prepares after a start from the cache, the thread comes free between program builds', async () => {
    const mono = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-cache-mono-'));
    try {
      writeMonorepo(mono, { packages: 6, filesPerPackage: 2 });
      await indexWorkspace({ root: mono, cacheDir });
      let turns = 0;
      const builds: Array<{ text: string; turns: number }> = [];
      const logger = { info: (m: string) => void (/^programs? for .* built in \d+ ms/.test(m) && builds.push({ text: m, turns })), warn() {}, error() {} };
      // groupMs: a host's bound on one build of the native compiler's (small: several builds here).
      const second = await indexWorkspace({ root: mono, cacheDir, logger, groupMs: 1 });
      assert.equal(second.report.cache, 'full');
      let preparing = true;
      const spin = () => {
        if (!preparing) return;
        turns++;
        setImmediate(spin);
      };
      setImmediate(spin);
      await second.index.prepareForUpdates();
      preparing = false;
      const shown = builds.map((b) => `${b.turns}: ${b.text}`).join('\n');
      assert.ok(builds.length >= 2, `more than one build:\n${shown}`);
      for (let i = 1; i < builds.length; i++) assert.ok(builds[i].turns > builds[i - 1].turns, `the thread stayed held from one build to the next:\n${shown}`);
    } finally {
      fs.rmSync(mono, { recursive: true, force: true });
    }
  });
  // Long-running hosts prepare at once after a start from the cache, so the first save is an ordinary update.
  it('prepared after a start from the cache, a body edit of the most-depended-on file re-indexes that file only', async () => {
    await cached();
    const second = await cached();
    assert.equal(second.report.cache, 'full');
    const prepared = await second.index.prepareForUpdates();
    assert.deepEqual(prepared.reindexed, [], 'nothing changed on disk');
    const hub = second.graph.files().reduce((a, b) => (second.graph.filesDependingOn(b).length > second.graph.filesDependingOn(a).length ? b : a));
    assert.ok(second.graph.filesDependingOn(hub).length >= 3, hub);
    edit(hub, (t) => `${t}\n// a comment\n`);
    assert.deepEqual((await second.index.update([hub], [])).reindexed, [hub]);
    assert.deepEqual(second.graph.snapshot(), await fresh());
    const name = second.graph.nodesInFile(hub).find((n) => n.kind === 'function')!.name;
    edit(hub, (t) => t.replace(new RegExp(`\\b${name}\\b`, 'g'), `${name}Renamed`));
    await second.index.update([hub], []);
    assert.deepEqual(second.graph.snapshot(), await fresh());
  });

  // The CLI's run after one edit (issue 40): what other files can see of the edited one decides.
  it('a start from the cache after a body edit of the most-depended-on file re-indexes that file only; after a signature edit, its dependents too', async () => {
    await cached();
    const g = (await cached()).graph;
    const hub = g.files().filter((f) => f.endsWith('.ts')).reduce((a, b) => (g.filesDependingOn(b).length > g.filesDependingOn(a).length ? b : a));
    const dependents = g.filesDependingOn(hub).length;
    assert.ok(dependents >= 3, hub);
    const logged: string[] = [];
    const start = () => indexWorkspace({ root, cacheDir, logger: { info: (m) => logged.push(m), warn() {}, error() {} } });
    // A comment, and a body whose return type is written out: the skeleton stays.
    edit(hub, (t) => `${t.replace(/(\): \w+ \{\n)/, '$1  void 0;\n')}\n// a comment\n`);
    const body = await start();
    assert.equal(body.report.cache, 'partial');
    assert.ok(logged.includes(`cache: ${body.report.files - 1} files loaded, 1 re-indexed (changed, or depending on a change other files can see)`), logged.join('\n'));
    assert.deepEqual(body.graph.snapshot(), await fresh());
    // A new parameter: every file that can see it looks again.
    logged.length = 0;
    edit(hub, (t) => t.replace(/\(([^)]*)\): (\w+) \{/, (_m, params: string, type: string) => `(${params}${params ? ', ' : ''}extra?: number): ${type} {`));
    const signature = await start();
    const reindexed = Number(/^cache: \d+ files loaded, (\d+) re-indexed/m.exec(logged.join('\n'))?.[1]);
    assert.ok(reindexed > dependents, `${reindexed} re-indexed for ${dependents} direct dependents`);
    assert.deepEqual(signature.graph.snapshot(), await fresh());
  });

  it('a file changed on disk after the cache was read, and reported only later, still reaches its dependents', async () => {
    await cached();
    for (const prepare of [true, false]) {
      const second = await cached();
      assert.equal(second.report.cache, 'full');
      // Un-exported or exported again (node ids unchanged) on disk before any program exists; the
      // watcher's report is still on its way.
      edit('src/m0/f1.ts', (t) => (t.includes('export function f1_0(') ? t.replace('export function f1_0(', 'function f1_0(') : t.replace('function f1_0(', 'export function f1_0(')));
      if (prepare) assert.ok((await second.index.prepareForUpdates()).reindexed.includes('src/m0/f1.ts'));
      else await second.index.update(['src/m2/f13.ts'], []); // some other save builds the programs
      await second.index.update(['src/m0/f1.ts'], []);
      assert.deepEqual(second.graph.snapshot(), await fresh(), prepare ? 'prepared' : 'first update');
      second.index.saveCache();
    }
  });
  it('a file deleted after the cache was read, before its report, is gone once the programs are built', async () => {
    await cached();
    const second = await cached();
    assert.equal(second.report.cache, 'full');
    assert.ok(second.graph.filesDependingOn('src/m0/f1.ts').length > 0);
    fs.rmSync(path.join(root, 'src/m0/f1.ts'));
    await second.index.prepareForUpdates();
    assert.ok(!second.graph.hasFile('src/m0/f1.ts'));
    assert.deepEqual(second.graph.snapshot(), await fresh());
    await second.index.update([], ['src/m0/f1.ts']);
    assert.deepEqual(second.graph.snapshot(), await fresh());
  });
});
