import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { exportGraph, formatExport } from '../../src/worker/exportGraph';
import { CodeGraph } from '../../src/core/CodeGraph';
import { Logger } from '../../src/core/Logger';
import { packedPackage } from '../support/realWorkspace';

/**
 * A start from a partly stale cache that re-indexes a few files (the CLI after a one-file edit)
 * builds, with the native compiler, a program of those files and of whatever may declare globals,
 * not the project's whole program: the graph it leaves is the one a fresh index builds, on a fixture
 * whose edited file uses a script's global, a `declare global` and a module augmentation it does not
 * import, and on rxjs. What needs more (files created, many files) goes through the whole program,
 * and the log says which.
 */
describe('a start from a partly stale cache re-indexes a few files through a program scoped to them', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  });
  const tempDir = (prefix: string) => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    dirs.push(d);
    return d;
  };

  async function open(root: string, cacheDir: string | undefined, tsconfig?: string): Promise<{ exported: string; lines: string[] }> {
    const lines: string[] = [];
    const logger: Logger = { info: (m) => lines.push(m), warn: (m) => lines.push(m), error: (m) => lines.push(m) } as Logger;
    const graph = await CodeGraph.open({ root, tsconfig, cacheDir, logger, compiler: 'native' });
    try {
      assert.equal(graph.report.compiler.includes('native'), true, graph.report.compiler);
      return { exported: formatExport(exportGraph(graph.graph, graph.root)), lines };
    } finally {
      graph.dispose();
    }
  }

  /** Index with a cache, `edit`, start again from the cache: its graph, the fresh index's, and the second start's log. */
  async function afterEdit(root: string, edit: () => void, tsconfig?: string): Promise<{ again: string; fresh: string; lines: string[] }> {
    const cacheDir = tempDir('tcg-scoped-cache-');
    await open(root, cacheDir, tsconfig);
    edit();
    const second = await open(root, cacheDir, tsconfig);
    const fresh = await open(root, undefined, tsconfig);
    return { again: second.exported, fresh: fresh.exported, lines: second.lines };
  }

  const scoped = (lines: string[]) => lines.some((l) => /^cache: re-indexing \d+ files through a program scoped to them/.test(l));
  const whole = (lines: string[], why: RegExp) => lines.some((l) => /^cache: re-indexing \d+ files through the whole program \(not a scoped one: /.test(l) && why.test(l));

  /** Writes root-relative files under `root`, their folders made as needed. */
  const writerIn = (root: string) => (rel: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  };

  function writeFixture(fillers = 0): string {
    const root = tempDir('tcg-scoped-');
    const write = writerIn(root);
    write('tsconfig.json', JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: 'es2022', module: 'esnext', moduleResolution: 'bundler' }, include: ['src'] }));
    // A script: its function is global.
    write('src/globals.ts', 'function formatAmount(n: number): string {\n  return n.toFixed(2);\n}\n');
    // A module that declares globals.
    write(
      'src/augmentGlobal.ts',
      'export {};\ndeclare global {\n  interface Array<T> {\n    lastItem(): T | undefined;\n  }\n  function trace(message: string): void;\n}\n' +
        'Array.prototype.lastItem = function () {\n  return this[this.length - 1];\n};\n',
    );
    write('src/box.ts', 'export class Box {\n  constructor(readonly size: number) {}\n  area(): number {\n    return this.size * this.size;\n  }\n}\n');
    // A module augmentation of box.ts, which nothing imports.
    write(
      'src/boxExtra.ts',
      "import { Box } from './box';\ndeclare module './box' {\n  interface Box {\n    double(): number;\n  }\n}\nBox.prototype.double = function (this: Box) {\n  return this.size * 2;\n};\n",
    );
    write(
      'src/report.ts',
      "import { Box } from './box';\nexport function report(values: number[]): string {\n  const box = new Box(values.length);\n  trace('report');\n  const last = values.lastItem();\n  Reflect.metaOf(box);\n  return formatAmount(box.double() + box.area() + (last ?? 0));\n}\n",
    );
    // A package that declares globals, imported by another file only (as `reflect-metadata` is).
    write('node_modules/@acme/reflect/package.json', JSON.stringify({ name: '@acme/reflect', version: '1.0.0', types: 'index.d.ts' }));
    write('node_modules/@acme/reflect/index.d.ts', 'export {};\ndeclare global {\n  namespace Reflect {\n    function metaOf(target: object): string;\n  }\n}\n');
    write('src/main.ts', "import '@acme/reflect';\nimport { report } from './report';\nexport function main(): string {\n  return report([1, 2, 3]);\n}\n");
    for (let i = 0; i < fillers; i++) write(`src/filler${i}.ts`, `export function filler${i}(n: number): number {\n  return n + ${i};\n}\n`);
    return root;
  }

  const editFile = (root: string, rel: string, from: string | RegExp, to: string) => () => {
    const abs = path.join(root, rel);
    const text = fs.readFileSync(abs, 'utf8');
    assert.ok(typeof from === 'string' ? text.includes(from) : from.test(text), `${rel} has ${from}`);
    fs.writeFileSync(abs, text.replace(from, to));
  };

  it("a body edit of a file using a script's global, a declare global and a module augmentation it does not import: the fresh index's graph", async () => {
    const root = writeFixture();
    const { again, fresh, lines } = await afterEdit(root, editFile(root, 'src/report.ts', "trace('report');", "trace('report, edited');"));
    assert.ok(scoped(lines), lines.join('\n'));
    // The edges only the files it does not import give it are there.
    for (const to of ['src/globals.ts#formatAmount@function', 'src/boxExtra.ts#Box.double@method-signature', 'src/augmentGlobal.ts#Array.lastItem@method-signature', 'src/augmentGlobal.ts#trace@function', 'node_modules/@acme/reflect/index.d.ts#Reflect.metaOf@function']) {
      assert.ok(fresh.includes(`{"from":"src/report.ts#report@function","to":"${to}"`), `the fixture's edge to ${to}:\n${fresh}`);
    }
    assert.equal(again, fresh);
  });

  /**
   * Two projects: app's program holds a file of lib's (imported by another of app's files) that
   * declares a global, and a package only app imports that declares one; lib has a file and a
   * package of its own declaring globals that app's program does not hold. The edited file of app
   * uses all four: only the first two may resolve, as in app's whole program.
   */
  function writeMonorepo(): string {
    const root = tempDir('tcg-scoped-mono-');
    const write = writerIn(root);
    const config = JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: 'es2022', module: 'esnext', moduleResolution: 'bundler', noImplicitAny: false }, include: ['src'] });
    write('app/tsconfig.json', config);
    write('lib/tsconfig.json', config);
    write('lib/src/shared.ts', 'export const shared = 1;\ndeclare global {\n  function fromShared(): string;\n}\n');
    write('lib/src/onlyLib.ts', 'export {};\ndeclare global {\n  function onlyLib(): string;\n}\n');
    write('lib/src/index.ts', "import '@acme/lib-globals';\nimport './onlyLib';\nexport function libMain(): string {\n  return onlyLib() + libGlobal();\n}\n");
    write('node_modules/@acme/app-globals/package.json', JSON.stringify({ name: '@acme/app-globals', version: '1.0.0', types: 'index.d.ts' }));
    write('node_modules/@acme/app-globals/index.d.ts', 'export {};\ndeclare global {\n  function appGlobal(): string;\n}\n');
    write('node_modules/@acme/lib-globals/package.json', JSON.stringify({ name: '@acme/lib-globals', version: '1.0.0', types: 'index.d.ts' }));
    write('node_modules/@acme/lib-globals/index.d.ts', 'export {};\ndeclare global {\n  function libGlobal(): string;\n}\n');
    write('app/src/main.ts', "import '@acme/app-globals';\nimport { shared } from '../../lib/src/shared';\nimport { use } from './use';\nexport function main(): string {\n  return use() + shared;\n}\n");
    write('app/src/use.ts', 'export function use(): string {\n  // first\n  return fromShared() + appGlobal() + onlyLib() + libGlobal();\n}\n');
    return root;
  }

  it("two projects: a body edit in one goes through a program scoped to it, from what the cache recorded of that project's program: the fresh index's graph", async () => {
    const root = writeMonorepo();
    const { again, fresh, lines } = await afterEdit(root, editFile(root, 'app/src/use.ts', '// first', '// edited'));
    assert.ok(scoped(lines), lines.join('\n'));
    // What app's whole program holds declares these; lib's own globals stay unresolved, as there.
    for (const to of ['lib/src/shared.ts#fromShared@function', 'node_modules/@acme/app-globals/index.d.ts#appGlobal@function']) {
      assert.ok(fresh.includes(`{"from":"app/src/use.ts#use@function","to":"${to}"`), `the fixture's edge to ${to}:\n${fresh}`);
    }
    for (const to of ['onlyLib', 'libGlobal']) assert.ok(!new RegExp(`"from":"app/src/use.ts#use@function","to":"[^"]*#${to}@`).test(fresh), `no edge to ${to} in app's graph:\n${fresh}`);
    assert.equal(again, fresh);
  });

  it('two projects, edited twice: the record a scoped start wrote scopes the next one as well', async () => {
    const root = writeMonorepo();
    const cacheDir = tempDir('tcg-scoped-cache-');
    await open(root, cacheDir);
    editFile(root, 'app/src/use.ts', '// first', '// second')();
    assert.ok(scoped((await open(root, cacheDir)).lines));
    editFile(root, 'app/src/use.ts', '// second', '// third')();
    const third = await open(root, cacheDir);
    assert.ok(scoped(third.lines), third.lines.join('\n'));
    assert.equal(third.exported, (await open(root, undefined)).exported);
  });

  it("an edit that removes the only import of a package declaring globals: through the whole program, the fresh index's graph", async () => {
    const root = writeFixture();
    // report.ts itself imports the package whose global it calls; nothing else does.
    editFile(root, 'src/main.ts', "import '@acme/reflect';\n", '')();
    editFile(root, 'src/report.ts', "import { Box } from './box';\n", "import '@acme/reflect';\nimport { Box } from './box';\n")();
    const { again, fresh, lines } = await afterEdit(root, editFile(root, 'src/report.ts', "import '@acme/reflect';\n", ''));
    assert.ok(!fresh.includes('Reflect.metaOf'), `the package left the program, and its global with it:\n${fresh}`);
    assert.ok(whole(lines, /src\/report\.ts no longer imports or references all it did/), lines.join('\n'));
    assert.equal(again, fresh);
  });

  it('the full index learns which libraries may declare globals while the compiler answers: the first such start reads no file to choose the roots', async () => {
    const root = writeFixture();
    const cacheDir = tempDir('tcg-scoped-cache-');
    await open(root, cacheDir);
    editFile(root, 'src/report.ts', "trace('report');", "trace('first');")();
    const first = await open(root, cacheDir);
    assert.ok(first.lines.some((l) => /through a program scoped to them: .*, 0 files read\)/.test(l)), first.lines.join('\n'));
    assert.equal(first.lines.filter((l) => /\(scoped\) for/.test(l)).length, 1, first.lines.join('\n'));
    assert.equal(first.exported, (await open(root, undefined)).exported);
  });

  it('a second such start reads no file to choose the roots: the cache recorded which declare globals (an index that did not learn them: no overlap)', async () => {
    const root = writeFixture();
    const cacheDir = tempDir('tcg-scoped-cache-');
    // Without the overlap nothing runs while the compiler answers: the full index learns no library's flag.
    const saved = process.env.TS_CODE_GRAPH_NATIVE_OVERLAP;
    process.env.TS_CODE_GRAPH_NATIVE_OVERLAP = '0';
    try {
      await open(root, cacheDir);
    } finally {
      if (saved === undefined) delete process.env.TS_CODE_GRAPH_NATIVE_OVERLAP;
      else process.env.TS_CODE_GRAPH_NATIVE_OVERLAP = saved;
    }
    editFile(root, 'src/report.ts', "trace('report');", "trace('first');")();
    const first = await open(root, cacheDir);
    assert.ok(first.lines.some((l) => /through a program scoped to them: .*, 1 files read\)/.test(l)), `the library, once:\n${first.lines.join('\n')}`);
    // Read before the build, the library that declares globals is a root of the one program built (not of a second, in a new process).
    assert.equal(first.lines.filter((l) => /\(scoped\) for/.test(l)).length, 1, first.lines.join('\n'));
    editFile(root, 'src/report.ts', "trace('first');", "trace('second');")();
    const second = await open(root, cacheDir);
    assert.ok(second.lines.some((l) => /through a program scoped to them: .*, 0 files read\)/.test(l)), second.lines.join('\n'));
    assert.equal(second.exported, (await open(root, undefined)).exported);
  });

  it('a shape edit whose few dependents are re-indexed too: the fresh index\'s graph', async () => {
    const root = writeFixture();
    const { again, fresh, lines } = await afterEdit(root, editFile(root, 'src/box.ts', 'area(): number {', 'area(scale = 1): number {'));
    assert.equal(lines.filter((l) => /^cache: re-indexing \d+ files through a program scoped to them/.test(l)).length, 2, lines.join('\n'));
    assert.equal(again, fresh);
  });

  it("a shape edit with many dependents: the edited file through a scoped program, its dependents through the whole one in the same process, the fresh index's graph", async () => {
    const root = writeFixture();
    for (let i = 0; i < 21; i++) fs.writeFileSync(path.join(root, `src/user${i}.ts`), `import { Box } from './box';\nexport const user${i} = (): number => new Box(${i}).area();\n`);
    const { again, fresh, lines } = await afterEdit(root, editFile(root, 'src/box.ts', 'area(): number {', 'area(scale = 1): number {'));
    assert.ok(scoped(lines), lines.join('\n'));
    assert.ok(whole(lines, /files to re-index, more than 20/), lines.join('\n'));
    assert.equal(again, fresh);
  });

  it("a long-running host after it (prepareForUpdates, then a save): the whole program is built in a new process, the fresh index's graph", async () => {
    const root = writeFixture();
    const cacheDir = tempDir('tcg-scoped-cache-');
    await open(root, cacheDir);
    editFile(root, 'src/report.ts', "trace('report');", "trace('edited');")();
    const lines: string[] = [];
    const logger: Logger = { info: (m) => lines.push(m), warn: (m) => lines.push(m), error: (m) => lines.push(m) } as Logger;
    const graph = await CodeGraph.open({ root, cacheDir, logger, compiler: 'native' });
    try {
      assert.ok(scoped(lines), lines.join('\n'));
      await graph.prepareForUpdates();
      editFile(root, 'src/box.ts', 'area(): number {', 'area(scale = 1): number {')();
      await graph.update([path.join(root, 'src/box.ts')], []);
      assert.equal(formatExport(exportGraph(graph.graph, graph.root)), (await open(root, undefined)).exported);
    } finally {
      graph.dispose();
    }
  });

  it('a file created: through the whole program, the fresh index\'s graph', async () => {
    const root = writeFixture();
    const { again, fresh, lines } = await afterEdit(root, () => {
      fs.writeFileSync(path.join(root, 'src/added.ts'), "import { report } from './report';\nexport const added = (): string => report([4]);\n");
    });
    assert.ok(whole(lines, /files were created or deleted/), lines.join('\n'));
    assert.ok(!scoped(lines), lines.join('\n'));
    assert.equal(again, fresh);
  });

  it('more than 20 files to re-index: through the whole program, the fresh index\'s graph', async () => {
    const root = writeFixture(21);
    const { again, fresh, lines } = await afterEdit(root, () => {
      for (let i = 0; i < 21; i++) editFile(root, `src/filler${i}.ts`, `n + ${i}`, `n - ${i}`)();
    });
    assert.ok(whole(lines, /21 files to re-index, more than 20/), lines.join('\n'));
    assert.equal(again, fresh);
  });

  it('rxjs 7.8.2: a body edit of an operator, the fresh index\'s graph', async function () {
    this.timeout(600_000);
    // Its sources and configs, copied: the edit must not touch the shared download.
    const packed = packedPackage('rxjs@7.8.2');
    const root = tempDir('tcg-scoped-rxjs-');
    fs.cpSync(path.join(packed, 'src'), path.join(root, 'src'), { recursive: true });
    for (const f of ['tsconfig.json', 'package.json']) fs.copyFileSync(path.join(packed, f), path.join(root, f));
    const tsconfig = 'src/tsconfig.base.json';
    const { again, fresh, lines } = await afterEdit(root, editFile(root, 'src/internal/operators/pairwise.ts', /\}\s*$/, '  // edited\n}\n'), tsconfig);
    assert.ok(scoped(lines), lines.join('\n'));
    const built = lines.find((l) => /^program of \d+ root files \(scoped\)/.test(l));
    assert.ok(built, lines.join('\n'));
    assert.equal(again, fresh);
  });
});
