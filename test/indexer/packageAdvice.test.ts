import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { CodeGraph } from '../../src/core/CodeGraph';
import { indexWorkspace } from '../../src/core/indexer/indexWorkspace';
import { foundNodes } from '../support/graphLookup';
import { ADVICE_WARNINGS, writeAdviceFixture } from '../support/packageAdviceFixture';
import { writeWorkspace } from '../support/hostileWorkspace';

/**
 * Issue 29, item 5: when a package resolves to no types, the warning names the real cause (not
 * installed; installed but not found under the config's moduleResolution, naming the settings that
 * do find it; a workspace package not built), never advice we cannot back ("install the
 * dependencies" for a package that is installed).
 *
 * Read as TypeScript 6 resolves (the fixture is a 5.x workspace: node10 for `module: commonjs`):
 * since 7 reaches a workspace package's sources as 6 does (sourcePaths), the compiler check no
 * longer sends it to 6, and 7 (no node10) would resolve `exp-only` by its `exports`.
 */
describe('the advice for imported packages that resolve to no types', () => {
  let root: string;
  beforeEach(() => {
    root = writeAdviceFixture();
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('names each cause with the right advice, and nothing for a workspace package mapped to its sources', async () => {
    const { report } = await indexWorkspace({ root, compiler: 'inprocess' });
    assert.deepEqual(report.warnings, ADVICE_WARNINGS);
    for (const w of report.warnings) assert.ok(report.problems.includes(w));
  });

  it('the moduleResolution it names does resolve the package: with it, that warning is gone and the call is there', async () => {
    const config = path.join(root, 'packages/app/tsconfig.json');
    const json = JSON.parse(fs.readFileSync(config, 'utf8'));
    json.compilerOptions.module = 'esnext';
    json.compilerOptions.moduleResolution = 'bundler';
    fs.writeFileSync(config, JSON.stringify(json));
    const cg = await CodeGraph.open({ root, compiler: 'inprocess' });
    assert.deepEqual(cg.report.warnings, [ADVICE_WARNINGS[0], ADVICE_WARNINGS[2], ADVICE_WARNINGS[3]]);
    const targets = cg.graph.outEdges('packages/app/src/main.ts#run@function').map((e) => e.to);
    assert.ok(targets.some((t) => t.includes('exp-only') && t.includes('feature')), targets.join(', '));
  });

  it('a workspace package built as its warning says resolves: no warning for it', async () => {
    fs.mkdirSync(path.join(root, 'packages/legacy/dist/esm'), { recursive: true });
    fs.writeFileSync(path.join(root, 'packages/legacy/dist/esm/index.d.ts'), 'export declare function legacy(): number;\n');
    const cg = await CodeGraph.open({ root, compiler: 'inprocess' });
    assert.deepEqual(cg.report.warnings, [ADVICE_WARNINGS[0], ADVICE_WARNINGS[1], ADVICE_WARNINGS[3]]);
  });

  it('a workspace package given a source condition resolves to its sources: no warning, and its callers are found', async () => {
    const manifest = path.join(root, 'packages/legacy/package.json');
    const json = JSON.parse(fs.readFileSync(manifest, 'utf8'));
    json.exports = { '.': { development: './src/index.ts', types: './dist/esm/index.d.ts', default: './dist/esm/index.js' } };
    fs.writeFileSync(manifest, JSON.stringify(json));
    const cg = await CodeGraph.open({ root, compiler: 'inprocess' });
    assert.deepEqual(cg.report.warnings, [ADVICE_WARNINGS[0], ADVICE_WARNINGS[1], ADVICE_WARNINGS[3]]);
    const callers = foundNodes(cg.dependentsOf('packages/legacy/src/index.ts', 'legacy')).map((n) => `${n.file}:${n.name}`);
    assert.deepEqual(callers, ['packages/app/src/main.ts:run']);
  });

  // TanStack/query's packages export their sources under `@tanstack/custom-condition`; its examples'
  // configs do not list it, and the advice said no export condition leads to the sources.
  it('a workspace package whose own export condition leads to its sources: names it and the customConditions that reach them', async () => {
    const manifest = path.join(root, 'packages/legacy/package.json');
    const json = JSON.parse(fs.readFileSync(manifest, 'utf8'));
    json.exports = { '.': { '@acme/source': './src/index.ts', types: './dist/esm/index.d.ts', default: './dist/esm/index.js' } };
    fs.writeFileSync(manifest, JSON.stringify(json));
    const cg = await CodeGraph.open({ root, compiler: 'inprocess' });
    const legacy = cg.report.warnings.find((w) => w.includes("'@acme/legacy'"));
    assert.match(
      legacy ?? '',
      /^1 imported package resolves to no types: a package of this workspace not built: '@acme\/legacy' \(1 file\) in packages\/legacy declares its types at packages\/legacy\/dist\/esm\/index\.d\.ts, which does not exist; its "@acme\/source" export condition leads to its sources, which the importing configs do not ask for: add "customConditions": \["@acme\/source"\] to them, or build it \(its "build" script/,
    );
  });

  // Found in TanStack Form: `import '@testing-library/jest-dom'` resolves to a declaration script
  // (`/// <reference …>` to a `declare global` file, no exports), and `import '@mantine/core/styles.css'`
  // is a stylesheet; both were reported as packages resolving to no types, with false advice.
  it('an import resolving to a declaration script, and a package stylesheet, get no warning; the script\'s globals are there', async () => {
    const write = (rel: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
      fs.writeFileSync(path.join(root, rel), text);
    };
    write('node_modules/dom-matchers/package.json', JSON.stringify({ name: 'dom-matchers', types: 'types/index.d.ts', exports: { '.': { types: './types/index.d.ts', default: './dist/index.js' } } }));
    write('node_modules/dom-matchers/types/index.d.ts', '/// <reference path="matchers.d.ts" />\n');
    write('node_modules/dom-matchers/types/matchers.d.ts', 'declare global {\n  function toBeInDom(node: unknown): boolean;\n}\nexport {};\n');
    write('node_modules/ui-kit/package.json', JSON.stringify({ name: 'ui-kit', types: 'index.d.ts' }));
    write('node_modules/ui-kit/index.d.ts', 'export declare function Button(): unknown;\n');
    write('node_modules/ui-kit/styles.css', '.button { color: red; }\n');
    write('packages/app/src/setup.ts', "import 'dom-matchers';\nimport 'ui-kit/styles.css';\n\nexport function check(node: unknown): boolean {\n  return toBeInDom(node);\n}\n");
    const cg = await CodeGraph.open({ root, compiler: 'inprocess' });
    assert.deepEqual(cg.report.warnings, ADVICE_WARNINGS);
    const targets = cg.graph.outEdges('packages/app/src/setup.ts#check@function').map((e) => e.to);
    assert.ok(targets.some((t) => t.includes('toBeInDom')), targets.join(', '));
  });

  // Found in pmndrs/jotai: its examples/* and website/ are apps with their own package.json, outside
  // the workspace, taking `jotai` from the registry; the root package is `jotai` and builds to dist/.
  // The advice was "a package of this workspace not built: build it", which would not make it resolve.
  it('an app outside the workspace importing a workspace package by name: outside the workspace, not "build it"', async () => {
    const write = (rel: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
      fs.writeFileSync(path.join(root, rel), text);
    };
    write('package.json', JSON.stringify({ name: 'acme', types: 'index.d.ts', private: true, workspaces: ['packages/*'], scripts: { build: 'rollup -c' } }));
    write('examples/demo/package.json', JSON.stringify({ name: 'demo', private: true, dependencies: { acme: '^1.0.0' } }));
    write('examples/demo/tsconfig.json', JSON.stringify({ compilerOptions: { strict: true, module: 'esnext', moduleResolution: 'bundler', types: [], noEmit: true }, include: ['src'] }));
    write('examples/demo/src/app.ts', "import { thing } from 'acme';\nexport const app = (): unknown => thing();\n");
    // Issue 39: its dependencies not installed, the app is left out, and a warning says so.
    const skipped = await CodeGraph.open({ root, compiler: 'inprocess' });
    assert.deepEqual(skipped.report.warnings.slice(0, 4), ADVICE_WARNINGS);
    assert.match(skipped.report.warnings[4], /^1 project was not indexed because its dependencies are not installed .*: examples\/demo\./);
    // Installed (its registry packages, none of them `acme`): "not installed" would be beside the point; the folder is outside the workspace.
    fs.mkdirSync(path.join(root, 'examples/demo/node_modules'));
    const cg = await CodeGraph.open({ root, compiler: 'inprocess' });
    const outside = "1 imported package resolves to no types: a package of this workspace imported only from folders that are not workspace members: 'acme' (1 file), from examples/demo (its own package.json, not listed as a member of the workspace). The package manager links workspace packages into members only, so building it changes nothing there: install those folders' own dependencies, or leave them out (exclude). Calls into it, and calls TypeScript would infer through its types, are missing.";
    assert.deepEqual(cg.report.warnings, [...ADVICE_WARNINGS.slice(0, 3), outside, ADVICE_WARNINGS[3]]);
  });
});

/**
 * Issue 39, item 4 (found on payload): "a package of this workspace not built: build it" was said
 * for `@payloadcms/plugin-ecommerce/react`, a subpath the package does not export (its types already
 * point at src), and for packages imported only from templates that are not workspace members.
 * Building fixes neither; the advice must say what is true.
 */
describe('the advice for imports no build can fix', () => {
  let root: string;
  const write = (rel: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  };
  beforeEach(() => {
    root = writeAdviceFixture();
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('a subpath the package does not export: says so, names what it exports (the near one first), never "build it"', async () => {
    const src = (file: string) => ({ types: `./src/${file}`, default: `./src/${file}` });
    write('packages/shop/package.json', JSON.stringify({ name: '@acme/shop', types: 'src/index.ts', exports: { '.': src('index.ts'), './types': src('types.ts'), './client/react': src('client/react.ts') }, scripts: { build: 'tsc' } }));
    write('packages/shop/src/index.ts', 'export const cart = (): number => 1;\n');
    write('packages/shop/src/types.ts', 'export type Cart = { n: number };\n');
    write('packages/shop/src/client/react.ts', 'export const useCart = (): number => 2;\n');
    fs.symlinkSync(path.join(root, 'packages/shop'), path.join(root, 'node_modules/@acme/shop'), 'dir');
    write('packages/app/src/shop.ts', "import { cart } from '@acme/shop';\nimport { useCart } from '@acme/shop/react';\nexport const buy = (): number => cart() + useCart();\n");
    const cg = await CodeGraph.open({ root, compiler: 'inprocess' });
    const unexported = cg.report.warnings.filter((w) => w.includes('@acme/shop'));
    assert.deepEqual(unexported, [
      "1 import names a subpath its package does not export, so no setting, install or build makes it resolve: '@acme/shop/react' (1 file): the package exports '.', './types', './client/react', not './react' (did you mean '@acme/shop/client/react'?). Calls through it are missing until the import names an exported subpath.",
    ]);
    assert.deepEqual(cg.report.warnings.filter((w) => !w.includes('@acme/shop')), ADVICE_WARNINGS);
    // The exported root still resolves: its call is there.
    assert.ok(cg.graph.outEdges('packages/app/src/shop.ts#buy@function').some((e) => e.to === 'packages/shop/src/index.ts#cart@function'));
  });

  // tRPC's examples/deno-deploy imports `std/async/delay.ts`, which its deno.json maps to
  // https://deno.land/std@0.192.0/: the advice was "not installed: install the dependencies (npm install)".
  it('a name a Deno import map gives: says so, and what to do, never "npm install"', async () => {
    write('examples/deno/deno.json', JSON.stringify({ imports: { 'std/': 'https://deno.land/std@0.192.0/', zod: 'npm:zod@3.21.4' }, tasks: { start: 'deno run src/main.ts' } }));
    write('examples/deno/tsconfig.json', JSON.stringify({ compilerOptions: { strict: true, module: 'esnext', moduleResolution: 'bundler', allowImportingTsExtensions: true, types: [], noEmit: true }, include: ['src'] }));
    write('examples/deno/src/main.ts', "import { delay } from 'std/async/delay.ts';\nimport { z } from 'zod';\nexport const main = (): unknown => [delay(1), z];\n");
    // Its `importMap` file, from a deno.jsonc (comments allowed).
    write('examples/oak/deno.jsonc', '{\n  // the map is its own file\n  "importMap": "./import_map.json",\n}\n');
    write('examples/oak/import_map.json', JSON.stringify({ imports: { oak: 'https://deno.land/x/oak@v12.6.1/mod.ts' } }));
    write('examples/oak/tsconfig.json', JSON.stringify({ compilerOptions: { strict: true, module: 'esnext', moduleResolution: 'bundler', types: [], noEmit: true }, include: ['src'] }));
    write('examples/oak/src/server.ts', "import { Application } from 'oak';\nexport const app = (): unknown => new Application();\n");
    const cg = await CodeGraph.open({ root, compiler: 'inprocess' });
    assert.deepEqual(cg.report.warnings.filter((w) => w.includes('Deno')), [
      "2 imported packages resolve to no types: 'oak' (1 file; examples/oak/deno.jsonc maps 'oak' to https://deno.land/x/oak@v12.6.1/mod.ts), 'std' (1 file; examples/deno/deno.json maps 'std/' to https://deno.land/std@0.192.0/). They are names of Deno import maps, which TypeScript does not read; no install puts what they map to where TypeScript looks. Calls into them, and calls TypeScript would infer through their types, are missing: leave that Deno code out (exclude examples/deno, examples/oak), or accept it.",
    ]);
    // An `npm:` target is a package npm installs: not installed, as any other.
    assert.ok(cg.report.warnings.some((w) => w.startsWith("2 imported packages resolve to no types: 'lodash' (2 files), 'zod' (1 file). They are not installed")), cg.report.warnings.join('\n'));
    assert.ok(!cg.report.warnings.some((w) => w.includes("'std'") && w.includes('npm install')), cg.report.warnings.join('\n'));
  });

  // tRPC's `next-auth/providers` (next-auth 4 exports `./providers/*`, not `./providers`, and ships
  // providers/index.d.ts): "no setting, install or build makes it resolve" was false, node10 does.
  it('a subpath not exported where a file is: resolves only under node10, which ignores exports; one with no file: under no setting', async () => {
    const both = (file: string) => ({ types: `./${file}.d.ts`, default: `./${file}.js` });
    write('node_modules/authlib/package.json', JSON.stringify({ name: 'authlib', exports: { '.': both('index'), './providers/*': both('providers/*') } }));
    write('node_modules/authlib/index.d.ts', 'export declare function auth(): void;\n');
    write('node_modules/authlib/providers/index.d.ts', 'export type Providers = string[];\n');
    write('node_modules/authlib/providers/github.d.ts', 'export default function github(): string;\n');
    write('packages/web/package.json', JSON.stringify({ name: '@acme/web' }));
    write('packages/web/tsconfig.json', JSON.stringify({ compilerOptions: { strict: true, module: 'esnext', moduleResolution: 'bundler', types: [], noEmit: true }, include: ['src'] }));
    write('packages/web/src/auth.ts', "import type { Providers } from 'authlib/providers';\nimport github from 'authlib/providers/github';\nimport { session } from 'authlib/session';\nexport const all = (p: Providers): unknown => [p, github(), session()];\n");
    const cg = await CodeGraph.open({ root, compiler: 'inprocess' });
    assert.deepEqual(cg.report.warnings.filter((w) => w.includes('authlib')), [
      "1 import names a subpath its package does not export, so no setting, install or build makes it resolve: 'authlib/session' (1 file): the package exports '.', './providers/*', not './session'. Calls through it are missing until the import names an exported subpath.",
      "1 import names a subpath its package does not export, which resolves only under \"moduleResolution\": \"node10\" (\"node\"), as it ignores exports (TypeScript 7 removed it): 'authlib/providers' (1 file): the package exports '.', './providers/*', not './providers'; node10 finds authlib/providers/index.d.ts. At run time Node and bundlers that honour exports reject it too (an import of types only never reaches them). Calls through it are missing until the import names an exported subpath.",
    ]);
    assert.deepEqual(cg.report.warnings.filter((w) => !w.includes('authlib')), ADVICE_WARNINGS);
    assert.ok(cg.graph.outEdges('packages/web/src/auth.ts#all@function').some((e) => e.to.includes('authlib/providers/github')));
  });

  // tRPC's examples/next-prisma-websockets-starter asks for "moduleResolution": "node", which TypeScript
  // 7 (indexing it) removed: TypeScript 6 resolves its `next-auth/providers`, and the advice says so.
  it('a subpath not exported where a file is, from a config asking for node10: TypeScript 6 resolves it, as the advice says', async () => {
    const both = (file: string) => ({ types: `./${file}.d.ts`, default: `./${file}.js` });
    const ws = writeWorkspace('tcg-node10-advice-', {
      'package.json': JSON.stringify({ name: 'site', private: true }),
      'node_modules/typescript/package.json': JSON.stringify({ name: 'typescript', version: '5.9.3' }),
      'node_modules/authlib/package.json': JSON.stringify({ name: 'authlib', exports: { '.': both('index'), './providers/*': both('providers/*') } }),
      'node_modules/authlib/index.d.ts': 'export declare function auth(): void;\n',
      'node_modules/authlib/providers/index.d.ts': 'export declare function providers(): string[];\n',
      'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, module: 'esnext', moduleResolution: 'node', types: [], noEmit: true }, include: ['src'] }),
      'src/auth.ts': "import { providers } from 'authlib/providers';\nexport const all = (): unknown => providers();\n",
    });
    try {
      const seven = await indexWorkspace({ root: ws, compiler: 'native' });
      seven.index.dispose();
      assert.deepEqual(seven.report.warnings.filter((w) => w.includes('authlib')), [
        "1 import names a subpath its package does not export, which resolves only under \"moduleResolution\": \"node10\" (\"node\"), as it ignores exports (TypeScript 7 removed it): 'authlib/providers' (1 file): the package exports '.', './providers/*', not './providers'; node10 finds authlib/providers/index.d.ts; tsconfig.json asks for node10, which TypeScript 6 has (TS_CODE_GRAPH_COMPILER=inprocess). At run time Node and bundlers that honour exports reject it too (an import of types only never reaches them). Calls through it are missing until the import names an exported subpath, or TypeScript 6 indexes a config asking for node10.",
      ]);
      const six = await indexWorkspace({ root: ws, compiler: 'inprocess' });
      six.index.dispose();
      assert.deepEqual(six.report.warnings.filter((w) => w.includes('authlib')), []);
      assert.ok(six.index.graph.outEdges('src/auth.ts#all@function').some((e) => e.to.includes('authlib/providers')));
    } finally {
      fs.rmSync(ws, { recursive: true, force: true });
    }
  });

  it('a workspace package imported only from a folder that is not a member: says so and where, never "build it"', async () => {
    // A template with its own package.json (not under the root's `workspaces`), its registry
    // dependencies installed, importing a package the workspace builds from source.
    write('templates/site/package.json', JSON.stringify({ name: 'site', private: true, dependencies: { '@acme/legacy': 'latest', 'left-pad': '1.0.0' } }));
    write('templates/site/node_modules/left-pad/package.json', JSON.stringify({ name: 'left-pad', version: '1.0.0' }));
    write('templates/site/tsconfig.json', JSON.stringify({ compilerOptions: { strict: true, module: 'esnext', moduleResolution: 'bundler', types: [], noEmit: true }, include: ['src'] }));
    write('templates/site/src/page.ts', "import { legacy } from '@acme/legacy';\nexport const page = (): number => legacy();\n");
    const only = async () => (await CodeGraph.open({ root, compiler: 'inprocess' })).report.warnings.filter((w) => w.includes('not workspace members'));
    // Imported from the member app too: the member speaks for it, and there building does help.
    assert.deepEqual(await only(), []);
    write('packages/app/src/main.ts', "export function run(): unknown {\n  return 1;\n}\n");
    const cg = await CodeGraph.open({ root, compiler: 'inprocess' });
    assert.deepEqual(cg.report.warnings.filter((w) => w.includes('@acme/legacy')), [
      "1 imported package resolves to no types: a package of this workspace imported only from folders that are not workspace members: '@acme/legacy' (1 file), from templates/site (its own package.json, not listed as a member of the workspace). The package manager links workspace packages into members only, so building it changes nothing there: install those folders' own dependencies, or leave them out (exclude). Calls into it, and calls TypeScript would infer through its types, are missing.",
    ]);
    assert.ok(!cg.report.warnings.some((w) => /build it/.test(w)), cg.report.warnings.join('\n'));
  });
});

describe('the advice never names a tsconfig paths alias as a package', () => {
  // Found in payload's templates/ecommerce: `@/app/(frontend)/next/preview/route` under `"@/*": ["./src/*"]`,
  // a file that template does not have, was advised as a package '@/app' to install.
  it('an alias whose file does not exist is not a package "not installed"', async () => {
    const root = writeWorkspace('tcg-alias-advice-', {
      'package.json': JSON.stringify({ name: 'acme', private: true, workspaces: ['packages/*'] }),
      'packages/core/package.json': JSON.stringify({ name: '@acme/core' }),
      'packages/core/tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, noEmit: true, types: [] }, include: ['src'] }),
      'packages/core/src/index.ts': "import { gone } from 'missing-lib';\nexport const id = (): unknown => gone();\n",
      'templates/site/tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, noEmit: true, types: [], paths: { '@/*': ['./src/*'] } }, include: ['src'] }),
      'templates/site/src/app/route.ts': 'export type Params = { slug: string };\n',
      'templates/site/src/util.ts': "import type { Params } from '@/app/route';\nimport type { Preview } from '@/app/preview/route';\nexport const slugOf = (p: Params, q: Preview): string => p.slug + String(q);\n",
    });
    try {
      const { report } = await indexWorkspace({ root, compiler: 'inprocess' });
      const advice = report.warnings.filter((w) => /resolves? to no types/.test(w));
      assert.ok(advice.some((w) => w.includes("'missing-lib'")), advice.join('\n'));
      assert.ok(advice.every((w) => !w.includes('@/app')), advice.join('\n'));
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
