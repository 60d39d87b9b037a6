import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { indexWorkspace } from '../../src/core/indexer/indexWorkspace';
import { writeWorkspace } from '../support/hostileWorkspace';

/**
 * A fresh clone indexed before `npm ci`, then asked again after it: the lock file is unchanged, so
 * is the cache's fingerprint, and every cached file's text. The start took the whole graph, with no
 * call into the package just installed, and said nothing: the warning about it was gone, since the
 * import resolves now. The cache records where each unresolved package import led; one that
 * resolves elsewhere now re-indexes its file and what depends on it.
 */
describe('a start from the cache after a package is installed', function () {
  this.timeout(120_000);
  let root: string;
  let cacheDir: string;
  const cached = () => indexWorkspace({ root, cacheDir });
  const fresh = async () => (await indexWorkspace({ root })).graph.snapshot();
  const install = (name: string, files: Record<string, string>) => {
    for (const [rel, text] of Object.entries({ 'package.json': JSON.stringify({ name, version: '1.0.0', types: 'index.d.ts' }), ...files })) {
      const file = path.join(root, 'node_modules', name, rel);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, text);
    }
  };

  beforeEach(() => {
    root = writeWorkspace('tcg-installed-', {
      'package.json': JSON.stringify({ name: 'app', dependencies: { widgets: '1.0.0', globalish: '1.0.0' } }),
      'package-lock.json': '{}\n',
      'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, module: 'esnext', moduleResolution: 'bundler', types: [] }, include: ['src'] }),
      // Calls into the package, and returns what it makes: its type is inferred from the package.
      'src/make.ts': "import { create } from 'widgets';\nexport function make() {\n  return create();\n}\n",
      // Does not import the package: its call through `make()`'s type reaches it only once installed.
      'src/use.ts': "import { make } from './make';\nexport function go(): void {\n  make().spin();\n}\n",
      // A package whose typings are a script (globals, no module): installed from the start, its import resolves to no module, as before.
      'src/setup.ts': "import { helper } from 'globalish';\nexport const ready = typeof helper;\n",
    });
    install('globalish', { 'index.d.ts': 'declare function globalThing(): void;\n' });
    cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-installed-cache-'));
  });
  afterEach(() => {
    fs.rmSync(root, { recursive: true, force: true });
    fs.rmSync(cacheDir, { recursive: true, force: true });
  });

  it('re-indexes the files importing it and their dependents, equal to a fresh index', async () => {
    const first = await cached();
    const before = first.graph.snapshot();
    assert.ok(!before.edges.some((e) => e.includes('widgets')), 'nothing reaches the package before it is installed');
    // A script's import resolves where it did: no file is re-indexed for it.
    assert.equal((await cached()).report.cache, 'full');

    install('widgets', { 'index.d.ts': 'export interface Widget {\n  spin(): void;\n}\nexport declare function create(): Widget;\n' });
    const second = await cached();
    assert.equal(second.report.cache, 'partial');
    const expected = await fresh();
    assert.deepEqual(second.graph.snapshot(), expected);
    const edges = expected.edges.map((e) => (JSON.parse(e) as string[]).slice(0, 3).join(' '));
    assert.ok(edges.includes('src/make.ts#make@function CALLS node_modules/widgets/index.d.ts#create@function'), edges.join('\n'));
    assert.ok(edges.includes('src/use.ts#go@function CALLS node_modules/widgets/index.d.ts#Widget.spin@method-signature'), edges.join('\n'));

    // And the start after it takes the whole graph again.
    const third = await cached();
    assert.equal(third.report.cache, 'full');
    assert.deepEqual(third.graph.snapshot(), expected);
  });

  it('installed while a host runs: the cache it writes after keeps where the imports led when extracted', async () => {
    const host = await cached();
    install('widgets', { 'index.d.ts': 'export interface Widget {\n  spin(): void;\n}\nexport declare function create(): Widget;\n' });
    // A host writes the cache after every update: the graph it holds was extracted before the install.
    host.index.saveCache();
    host.index.dispose();
    const next = await cached();
    assert.equal(next.report.cache, 'partial');
    assert.deepEqual(next.graph.snapshot(), await fresh());
  });

  it('takes in typings installed since that files use without an import (`types`; under 5.x defaults every `@types` package)', async () => {
    fs.writeFileSync(path.join(root, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true, module: 'esnext', moduleResolution: 'bundler', types: ['fakeenv'] }, include: ['src'] }));
    fs.writeFileSync(path.join(root, 'src/boot.ts'), 'export function boot(): void {\n  envThing();\n}\n');
    const first = await cached();
    assert.ok(!first.graph.snapshot().edges.some((e) => e.includes('envThing')));
    install('@types/fakeenv', { 'index.d.ts': 'declare function envThing(): void;\n' });
    const second = await cached();
    assert.notEqual(second.report.cache, 'full');
    const expected = await fresh();
    assert.deepEqual(second.graph.snapshot(), expected);
    assert.ok(expected.edges.some((e) => e.startsWith('["src/boot.ts#boot@function","CALLS","node_modules/@types/fakeenv/index.d.ts#envThing@function"')), expected.edges.join('\n'));
  });
});
