import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import { CodeGraph } from '../../../src/core/CodeGraph';
import { QueryResult } from '../../../src/core/query/QueryResult';
import { writeWorkspace } from '../../support/hostileWorkspace';

/**
 * Vue, Svelte and Astro components hold code TypeScript never reads: TanStack/query's Svelte and Vue
 * packages, a SvelteKit or Nuxt app. Their calls into the workspace's code are missing from the
 * graph; `stats` says the files are not indexed, and an answer whose code they import and name says
 * which ones, instead of answering as if they were not there.
 */
describe('component files (.vue, .svelte, .astro), which no program holds', function () {
  this.timeout(120000);
  let root: string;
  let graph: CodeGraph;
  const notes = (r: QueryResult) => (r.notes ?? []).filter((n) => n.includes('component'));

  before(async () => {
    root = writeWorkspace('tcg-component-notes-', {
      'package.json': JSON.stringify({ name: 'shop', private: true, type: 'module' }),
      'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, module: 'esnext', moduleResolution: 'bundler', target: 'es2022' }, include: ['src'] }),
      'src/lib/cart.ts': 'export function addToCart(id: string): string[] {\n  return [id];\n}\nexport function total(items: string[]): number {\n  return addToCart(items[0]).length;\n}\n',
      'src/lib/format/index.ts': 'export function price(n: number): string {\n  return `$${n}`;\n}\n',
      // A barrel: its importers use cart.ts's code.
      'src/lib/index.ts': "export * from './cart';\nexport { alone as single } from './alone';\n",
      // Imports addToCart through the barrel.
      'src/routes/Cart.svelte': "<script lang=\"ts\">\n  import { addToCart } from '$lib';\n  addToCart('w');\n</script>\n",
      'src/lib/alone.ts': 'export function alone(): number {\n  return 1;\n}\n',
      'src/main.ts': "import { total } from './lib/cart';\nexport const sum = total(['a']);\n",
      // An alias ($lib) naming addToCart: a use.
      'src/routes/+page.svelte': "<script lang=\"ts\">\n  import { addToCart } from '$lib/cart';\n  const items = addToCart('x');\n</script>\n<button on:click={() => addToCart('y')}>Add</button>\n",
      // A relative import of a folder's index, naming price.
      'src/components/Price.vue': "<script setup lang=\"ts\">\nimport { price } from '../lib/format';\nconst shown = price(3);\n</script>\n<template><span>{{ shown }}</span></template>\n",
      // Imports cart but names none of the answer's code: no use of it.
      'src/components/Empty.vue': "<script setup lang=\"ts\">\nimport { total } from '../lib/cart';\n</script>\n<template><b>{{ total([]) }}</b></template>\n",
      // Names addToCart without importing its file: another addToCart.
      'src/pages/index.astro': "---\nimport { addToCart } from '../other/cart';\naddToCart('z');\n---\n<p>hi</p>\n",
      // Imports alone through the barrel, under the name the barrel gives it.
      'src/components/Single.vue': "<script setup lang=\"ts\">\nimport { single } from '../lib';\nsingle();\n</script>\n",
      // Under node_modules: no component of the workspace's.
      'node_modules/ui/Button.svelte': "<script>import { addToCart } from '../../src/lib/cart';</script>\n",
    });
    graph = await CodeGraph.open({ root });
  });

  after(() => {
    graph?.dispose();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('the index warns once that they are not indexed, counted by kind, node_modules left out', () => {
    const warnings = graph.report.warnings.filter((w) => w.includes('component'));
    assert.deepEqual(warnings, [
      '6 component files are not indexed (3 .vue, 2 .svelte, 1 .astro; in src/components (3), src/routes (2), src/pages (1)): TypeScript reads no .vue, .svelte or .astro files, so what their scripts call is missing from the graph. dependentsOf and impact name the ones that import and name the code they answer about.',
    ]);
  });

  it('dependentsOf names the components that import the answer\'s file (by alias, by relative path to a folder\'s index) and name its code', () => {
    // total calls addToCart: Empty.vue, naming total, uses addToCart through it; Cart.svelte imports it through the barrel.
    assert.deepEqual(notes(graph.dependentsOf('src/lib/cart.ts', 'addToCart')), [
      "Incomplete: 3 component files, which TypeScript does not read, import this answer's code and name it: src/components/Empty.vue, src/routes/+page.svelte, src/routes/Cart.svelte. Their uses are not in this answer.",
    ]);
    // Through the barrel's alias.
    assert.deepEqual(notes(graph.dependentsOf('src/lib/alone.ts', 'alone')), [
      "Incomplete: 1 component file, which TypeScript does not read, imports this answer's code and names it: src/components/Single.vue. Their uses are not in this answer.",
    ]);
    // +page.svelte imports cart.ts but names only addToCart, no dependent of total's.
    assert.deepEqual(notes(graph.dependentsOf('src/lib/cart.ts', 'total')), [
      "Incomplete: 1 component file, which TypeScript does not read, imports this answer's code and names it: src/components/Empty.vue. Their uses are not in this answer.",
    ]);
    assert.deepEqual(notes(graph.dependentsOf('src/lib/format/index.ts', 'price')), [
      "Incomplete: 1 component file, which TypeScript does not read, imports this answer's code and names it: src/components/Price.vue. Their uses are not in this answer.",
    ]);
  });

  it('says nothing where no component uses the answer, and nothing on forward questions', () => {
    assert.deepEqual(notes(graph.dependentsOf('src/main.ts', 'sum')), []);
    assert.deepEqual(notes(graph.dependenciesOf('src/main.ts', 'sum')), []);
  });

  it('asked about a component file: says why it is not indexed', () => {
    const result = graph.dependentsOf('src/components/Price.vue', 'price');
    assert.equal(result.kind, 'message');
    assert.match(JSON.stringify(result), /It exists on disk, but it is a \.vue component: TypeScript reads no \.vue, \.svelte or \.astro files/);
  });

  it('an excluded folder\'s components are not counted', async () => {
    const excluded = await CodeGraph.open({ root, exclude: ['src/components/**'] });
    try {
      assert.match(excluded.report.warnings.find((w) => w.includes('component')) ?? '', /^3 component files are not indexed \(2 \.svelte, 1 \.astro; in src\/routes \(2\), src\/pages \(1\)\)/);
    } finally {
      excluded.dispose();
    }
  });
});

