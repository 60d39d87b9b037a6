import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { indexWorkspace } from '../../src/core/indexer/indexWorkspace';
import type { CompilerMode } from '../../src/core/compiler/chooseCompiler';
import { FIXTURES_DIR } from '../support/loadFixture';
import { writeWorkspace } from '../support/hostileWorkspace';

/** Indexes `root` as a host does with no compiler asked for, and says which compiler built the graph and why. */
async function chosen(root: string, options: { compiler?: CompilerMode; nativeTypeScriptPath?: string } = {}) {
  const previous = process.env.TS_CODE_GRAPH_COMPILER;
  delete process.env.TS_CODE_GRAPH_COMPILER;
  const warnings: string[] = [];
  try {
    const { index, report } = await indexWorkspace({ root, ...options, logger: { info() {}, warn: (m) => warnings.push(m), error: (m) => warnings.push(m) } });
    index.dispose();
    return { kind: index.compiler.kind, compiler: report.compiler, warnings: report.warnings, logged: warnings };
  } finally {
    if (previous !== undefined) process.env.TS_CODE_GRAPH_COMPILER = previous;
  }
}

/**
 * Issue 40, item 4: which compiler builds the graph. Native by default wherever its binary is
 * installed; TypeScript 6 in process where 7 is known to give the projects a worse graph (the
 * differences test/compiler/sameGraph.test.ts lists: each of those fixtures is sent to 6 here, and no
 * other fixture is); the workspace's own TypeScript 7 when given and of this API.
 */
describe('which compiler builds the graph (auto, the default)', function () {
  this.timeout(300_000);

  it('native where its binary is installed, saying so', async () => {
    const r = await chosen(path.join(FIXTURES_DIR, 'sample'));
    assert.equal(r.kind, 'native');
    assert.match(r.compiler, /^TypeScript 7\.0\.2 \(native, @typescript\/typescript-[a-z0-9]+-[a-z0-9]+\), with TypeScript 7 defaults \(.*\); the default where its binary is installed$/);
    assert.deepEqual(r.warnings, []);
  });

  for (const [fixture, why] of [
    ['js-shapes', /in process: TypeScript 7 would give 1 of the \d+ files the configs include a worse graph than 6: lib\/shapes\.js defines methods on a constructor function's prototype, which TypeScript 7 reads as no class/],
    ['express-4.21.2', /in process: TypeScript 7 would give 3 of the \d+ files the configs include a worse graph than 6: lib\/router\/layer\.js defines methods on a constructor function's prototype/],
    ['js-factories', /in process: TypeScript 7 would give 1 of the \d+ files the configs include a worse graph than 6: lib\/reply\.js defines methods on a constructor function's prototype/],
    ['commonjs-repro', /in process: TypeScript 7 would give 1 of the \d+ files the configs include a worse graph than 6: route\.js defines methods/],
    ['path-aliases', /in process: TypeScript 7 would give 1 of the \d+ files the configs include a worse graph than 6: 'src\/config\/defaults' in src\/services\/userService\.ts resolves only through baseUrl, which TypeScript 7 removed \(its calls have no target\)$/],
    ['ts5-defaults', /^the bundled TypeScript 6\.0\.3, with TypeScript 5\.x defaults .*; in process: TypeScript 7 would give 1 of the 1 file the configs include a worse graph than 6: 'dual-types' in src\/app\.ts resolves to node_modules\/dual-types\/legacy\.d\.ts through moduleResolution node10, which TypeScript 7 removed, to node_modules\/dual-types\/modern\.d\.ts under TypeScript 7$/],
  ] as const) {
    it(`${fixture}: in process, where 7 reads it worse (docs/INDEXING.md), saying why`, async () => {
      const r = await chosen(path.join(FIXTURES_DIR, fixture));
      assert.equal(r.kind, 'inprocess', r.compiler);
      assert.match(r.compiler, why);
    });
  }

  it('an import written inside a string or a comment is no import that 7 could lose', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-choice-strings-'));
    try {
      fs.cpSync(path.join(FIXTURES_DIR, 'path-aliases'), root, { recursive: true });
      // An ESLint rule's test cases (TanStack/query's eslint-plugin): code in template strings.
      fs.writeFileSync(path.join(root, 'src/lib/rule.ts'), "// import { x } from 'src/config/defaults'\nexport const cases = [`import { DEFAULTS } from 'src/config/defaults';`, \"require('src/config/defaults')\"];\n");
      const r = await chosen(root);
      assert.match(r.compiler, /TypeScript 7 would give 1 of the \d+ files the configs include a worse graph than 6: 'src\/config\/defaults' in src\/services\/userService\.ts resolves only through baseUrl/);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('every other fixture: native (7 reads it as 6 does)', async () => {
    const special = new Set(['js-shapes', 'js-factories', 'express-4.21.2', 'commonjs-repro', 'path-aliases', 'ts5-defaults']);
    for (const fixture of fs.readdirSync(FIXTURES_DIR).filter((f) => !special.has(f) && fs.statSync(path.join(FIXTURES_DIR, f)).isDirectory())) {
      const r = await chosen(path.join(FIXTURES_DIR, fixture));
      assert.equal(r.kind, 'native', `${fixture}: ${r.compiler}`);
    }
  });

  it("a workspace whose own TypeScript is 7: native, 7's reading being its compiler's", async () => {
    const r = await chosen(path.join(FIXTURES_DIR, 'ts7-native'));
    assert.equal(r.kind, 'native');
    assert.match(r.compiler, /; the workspace's own TypeScript is 7 \(node_modules\/typescript 7\.0\.2\)$/);
  });

  describe('few files of many read worse: native, with a warning naming them', () => {
    let root: string;
    afterEach(() => fs.rmSync(root, { recursive: true, force: true }));
    const workspace = (tsFiles: number) => {
      root = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-choice-'));
      fs.mkdirSync(path.join(root, 'src'));
      fs.writeFileSync(path.join(root, 'tsconfig.json'), JSON.stringify({ compilerOptions: { allowJs: true, noEmit: true, strict: true, types: [] }, include: ['src'] }));
      for (let i = 0; i < tsFiles; i++) fs.writeFileSync(path.join(root, 'src', `f${i}.ts`), `export function f${i}(): number { return ${i}; }\n`);
      fs.writeFileSync(path.join(root, 'src', 'legacy.js'), 'function Legacy() {}\nLegacy.prototype.run = function () { return 1; };\nmodule.exports = Legacy;\n');
      return root;
    };

    it('1 file in 30: native, and the warning names it and how to ask for 6', async () => {
      const r = await chosen(workspace(29));
      assert.equal(r.kind, 'native', r.compiler);
      assert.match(r.compiler, /; the default where its binary is installed, though it reads 1 file otherwise than 6 \(see the warnings\)$/);
      assert.deepEqual(r.warnings, ["compiler: TypeScript 7 would give 1 of the 30 files the configs include a worse graph than 6: src/legacy.js defines methods on a constructor function's prototype, which TypeScript 7 reads as no class (calls through its instances have no target); TS_CODE_GRAPH_COMPILER=inprocess indexes with 6"]);
    });

    // tRPC: "19 of 975 files" beside `Files: 977`, the 2 more being files a project imports but its
    // config does not include (the root's vitest.config.ts, imported by the packages' own).
    it('the count is of the files the configs include, which the graph\'s files may outnumber', async () => {
      workspace(29);
      fs.mkdirSync(path.join(root, 'scripts'));
      fs.writeFileSync(path.join(root, 'scripts', 'shared.ts'), 'export const shared = 1;\n');
      fs.writeFileSync(path.join(root, 'src', 'f0.ts'), "import { shared } from '../scripts/shared';\nexport function f0(): number { return shared; }\n");
      const previous = process.env.TS_CODE_GRAPH_COMPILER;
      delete process.env.TS_CODE_GRAPH_COMPILER;
      try {
        const { index, report } = await indexWorkspace({ root, logger: { info() {}, warn() {}, error() {} } });
        index.dispose();
        assert.equal(report.files, 31);
        assert.deepEqual(report.warnings.filter((w) => w.startsWith('compiler:')), ["compiler: TypeScript 7 would give 1 of the 30 files the configs include a worse graph than 6: src/legacy.js defines methods on a constructor function's prototype, which TypeScript 7 reads as no class (calls through its instances have no target); TS_CODE_GRAPH_COMPILER=inprocess indexes with 6"]);
      } finally {
        if (previous !== undefined) process.env.TS_CODE_GRAPH_COMPILER = previous;
      }
    });

    it('1 file in 10: in process', async () => {
      const r = await chosen(workspace(9));
      assert.equal(r.kind, 'inprocess', r.compiler);
      assert.deepEqual(r.warnings, []);
    });

    it('asked for, the native compiler indexes it anyway', async () => {
      const r = await chosen(workspace(9), { compiler: 'native' });
      assert.equal(r.kind, 'native');
      assert.match(r.compiler, /; as the caller asks$/);
    });
  });

  describe('a start from the cache', () => {
    let root: string;
    let cacheDir: string;
    beforeEach(() => {
      root = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-choice-cache-'));
      cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-choice-cache-dir-'));
    });
    afterEach(() => {
      fs.rmSync(root, { recursive: true, force: true });
      fs.rmSync(cacheDir, { recursive: true, force: true });
    });
    const writeFiles = (tsFiles: number, legacy: number) => {
      fs.mkdirSync(path.join(root, 'src'), { recursive: true });
      fs.writeFileSync(path.join(root, 'tsconfig.json'), JSON.stringify({ compilerOptions: { allowJs: true, noEmit: true, strict: true, types: [] }, include: ['src'] }));
      for (let i = 0; i < tsFiles; i++) fs.writeFileSync(path.join(root, 'src', `f${i}.ts`), `export function f${i}(): number { return ${i}; }\n`);
      for (let i = 0; i < legacy; i++) fs.writeFileSync(path.join(root, 'src', `legacy${i}.js`), `function Legacy${i}() {}\nLegacy${i}.prototype.run = function () { return 1; };\nmodule.exports = Legacy${i};\n`);
    };
    /** An index with the cache, as a host starts one in 'auto' mode: which compiler, what the report says, and whether the check ran. */
    const start = async () => {
      const previous = process.env.TS_CODE_GRAPH_COMPILER;
      delete process.env.TS_CODE_GRAPH_COMPILER;
      const info: string[] = [];
      try {
        const { index, report } = await indexWorkspace({ root, cacheDir, logger: { info: (m) => info.push(m), warn() {}, error() {} } });
        const files = index.graph.files();
        index.dispose();
        const checked = info.some((m) => /^compiler: checked in \d+ ms whether TypeScript 7 gives these projects a worse graph than 6/.test(m));
        return { kind: index.compiler.kind, compiler: report.compiler, warnings: report.warnings, cache: report.cache, checked, files };
      } finally {
        if (previous !== undefined) process.env.TS_CODE_GRAPH_COMPILER = previous;
      }
    };

    for (const [legacy, kind] of [[1, 'native'], [3, 'inprocess']] as const) {
      it(`the whole graph loaded: the compiler it was built with (${kind}), said as then, and no check (vercel/ai: 0.3-0.6 s a start)`, async () => {
        writeFiles(29, legacy);
        const first = await start();
        assert.equal(first.kind, kind, first.compiler);
        assert.ok(first.checked, 'the first index checks what TypeScript 7 reads worse');
        const again = await start();
        assert.equal(again.cache, 'full');
        assert.equal(again.checked, false, 'a start that indexes nothing does not check');
        assert.equal(again.kind, kind);
        assert.equal(again.compiler, first.compiler);
        assert.deepEqual(again.warnings, first.warnings);
      });
    }

    it('files changed: re-indexed by the compiler that built the rest, as an update does, without the check', async () => {
      writeFiles(29, 1);
      const first = await start();
      fs.writeFileSync(path.join(root, 'src', 'f0.ts'), 'export function f0(): number { return 100; }\n');
      const edited = await start();
      assert.equal(edited.cache, 'partial');
      assert.equal(edited.checked, false);
      assert.equal(edited.kind, 'native');
      assert.equal(edited.compiler, first.compiler);
    });

    it('the cache unusable (a config changed), checked: the other compiler indexes everything', async () => {
      writeFiles(29, 1);
      assert.equal((await start()).kind, 'native');
      // 3 files of 32 that 7 reads worse (more than 1 in 20), and a config edited: a full index.
      writeFiles(29, 3);
      fs.writeFileSync(path.join(root, 'tsconfig.json'), JSON.stringify({ compilerOptions: { allowJs: true, noEmit: true, strict: true, types: [], noUnusedLocals: false }, include: ['src'] }));
      const now = await start();
      assert.ok(now.checked);
      assert.equal(now.kind, 'inprocess', now.compiler);
      assert.match(now.compiler, /in process: TypeScript 7 would give 3 of the 32 files the configs include a worse graph than 6/);
      assert.equal(now.cache, undefined);
      assert.ok(now.files.includes('src/legacy2.js'), now.files.join(', '));
      const again = await start();
      assert.equal(again.cache, 'full');
      assert.equal(again.kind, 'inprocess');
      assert.equal(again.checked, false);
    });
  });

  describe("a monorepo's packages imported by name, unbuilt", () => {
    let root: string;
    afterEach(() => fs.rmSync(root, { recursive: true, force: true }));
    const monorepo = (references: boolean) => {
      const lib = { composite: true, rootDir: 'src', outDir: 'dist', strict: true, module: 'esnext', moduleResolution: 'bundler', types: [] };
      root = writeWorkspace('tcg-choice-refs-', {
        'package.json': JSON.stringify({ name: 'ws', private: true, workspaces: ['packages/*'] }),
        // Its types are outputs nobody built: only its sources, or a reference to its project, reach its code.
        'packages/util/package.json': JSON.stringify({ name: '@ws/util', type: 'module', exports: { '.': { types: './dist/index.d.ts', import: './dist/index.js' } } }),
        'packages/util/tsconfig.json': JSON.stringify({ compilerOptions: lib, include: ['src'] }),
        'packages/util/src/index.ts': 'export function pad(s: string): string {\n  return ` ${s}`;\n}\n',
        'packages/app/package.json': JSON.stringify({ name: '@ws/app', type: 'module', dependencies: { '@ws/util': '*' } }),
        'packages/app/tsconfig.json': JSON.stringify({ compilerOptions: lib, include: ['src'], ...(references ? { references: [{ path: '../util' }] } : {}) }),
        'packages/app/src/main.ts': "import { pad } from '@ws/util';\nexport function main(): string {\n  return pad('x');\n}\n",
      });
      fs.mkdirSync(path.join(root, 'packages/app/node_modules/@ws'), { recursive: true });
      fs.symlinkSync(path.join(root, 'packages/util'), path.join(root, 'packages/app/node_modules/@ws/util'), 'dir');
      return root;
    };

    it('with project references: native, as 7 reads a referenced project\'s sources for its outputs (vercel/ai: 4,070 of 5,969 files were thought lost)', async () => {
      const r = await chosen(monorepo(true));
      assert.equal(r.kind, 'native', r.compiler);
      assert.deepEqual(r.warnings, []);
      // And 7 does reach them: the call lands on the source.
      const previous = process.env.TS_CODE_GRAPH_COMPILER;
      process.env.TS_CODE_GRAPH_COMPILER = 'native';
      const { index } = await indexWorkspace({ root });
      try {
        const calls = [...index.graph.allEdges()].filter((e) => e.type === 'CALLS').map((e) => `${e.from} -> ${e.to}`);
        assert.ok(calls.includes('packages/app/src/main.ts#main@function -> packages/util/src/index.ts#pad@function'), calls.join('\n'));
      } finally {
        index.dispose();
        if (previous === undefined) delete process.env.TS_CODE_GRAPH_COMPILER;
        else process.env.TS_CODE_GRAPH_COMPILER = previous;
      }
    });

    it('without: native too, as 7 reads what our overlay answers as its configs\' paths (sourcePaths)', async () => {
      const r = await chosen(monorepo(false));
      assert.equal(r.kind, 'native', r.compiler);
      assert.deepEqual(r.warnings, []);
      const { index } = await indexWorkspace({ root, compiler: 'native' });
      try {
        const calls = [...index.graph.allEdges()].filter((e) => e.type === 'CALLS').map((e) => `${e.from} -> ${e.to}`);
        assert.ok(calls.includes('packages/app/src/main.ts#main@function -> packages/util/src/index.ts#pad@function'), calls.join('\n'));
      } finally {
        index.dispose();
      }
    });
  });

  it("the workspace's own TypeScript 7 package of this API: that one runs", async () => {
    const own = path.dirname(require.resolve('@typescript/native/package.json'));
    const r = await chosen(path.join(FIXTURES_DIR, 'sample'), { nativeTypeScriptPath: own });
    assert.equal(r.kind, 'native');
    assert.match(r.compiler, new RegExp(`^TypeScript 7\\.0\\.2 \\(native, the workspace's, ${own.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\), `));
  });

  it("the workspace's own TypeScript 7 of another API: the pinned one runs, and the log says why", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-ts71-'));
    try {
      fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'typescript', version: '7.1.0', exports: { './unstable/sync': './dist/api/sync/api.js' } }));
      const r = await chosen(path.join(FIXTURES_DIR, 'sample'), { nativeTypeScriptPath: dir });
      assert.equal(r.kind, 'native');
      assert.match(r.compiler, /^TypeScript 7\.0\.2 \(native, @typescript\/typescript-[^)]*\), .*; the default where its binary is installed; the workspace's TypeScript 7 \(.*\) is not used: its version 7\.1\.0 speaks another API than the 7\.0\.x this version of TS Code Graph reads$/);
      assert.ok(r.logged.some((m) => m.includes('is not used: its version 7.1.0')), r.logged.join('\n'));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
