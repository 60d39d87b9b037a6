import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { fixtureDir } from '../support/goldenFixtures';
import { BUILT_WORKER, startBuiltWorker } from './builtArtifacts';

/** Issue 7 for the extension: the VSIX's worker bundles TypeScript too, and must find its standard library. */
describe('built dist/worker.js', function () {
  this.timeout(60_000);

  for (const [compiler, expected] of [
    [undefined, /^TypeScript 7\.0\.2 \(native, @typescript\/typescript-[a-z0-9]+-[a-z0-9]+\), .*; the default where its binary is installed$/],
    ['inprocess', /^the bundled TypeScript 6\.\d+\.\d+, .*; in process, as TS_CODE_GRAPH_COMPILER=inprocess asks$/],
  ] as const) {
    it(`${compiler ? 'with its bundled TypeScript 6' : 'with the native compiler, its default'}, keeps the calls that need the standard library to infer their receiver`, async () => {
      const previous = process.env.TS_CODE_GRAPH_COMPILER;
      if (compiler) process.env.TS_CODE_GRAPH_COMPILER = compiler;
      else delete process.env.TS_CODE_GRAPH_COMPILER;
      const worker = startBuiltWorker();
      try {
        const opened = await worker.request<{ errors: string[]; typescript: string }>('open', { folder: { key: 'k', name: 'inference', root: fixtureDir('stdlib-inference') } });
        assert.match(opened.typescript, expected);
        assert.deepEqual(opened.errors, []);
        const answer = await worker.request<{ text: string }>('query', { args: { query: 'dependentsOf', file_path: 'src/TableColumn.ts', symbol: 'TableColumn.clone' } });
        assert.match(answer.text, /^Table\.clone --CALLS--> TableColumn\.clone$/m);
        assert.match(answer.text, /^rename --CALLS--> TableColumn\.clone$/m);
      } finally {
        await worker.terminate();
        if (previous === undefined) delete process.env.TS_CODE_GRAPH_COMPILER;
        else process.env.TS_CODE_GRAPH_COMPILER = previous;
      }
    });
  }

  it('a folder whose node_modules/typescript is the native 7: the native compiler with 7\'s defaults, and says so', async () => {
    const worker = startBuiltWorker();
    try {
      const opened = await worker.request<{ errors: string[]; typescript: string }>('open', { folder: { key: 'k', name: 'ts7', root: fixtureDir('ts7-native') } });
      assert.match(opened.typescript, /^TypeScript 7\.0\.2 \(native, [^)]*\), with TypeScript 7 defaults \(node_modules\/typescript 7\.0\.2, which has no JavaScript API to load\); the workspace's own TypeScript is 7 \(node_modules\/typescript 7\.0\.2\)$/);
      assert.deepEqual(opened.errors, []);
      const answer = await worker.request<{ text: string }>('query', { args: { query: 'dependenciesOf', file_path: 'src/app.ts', symbol: 'welcome' } });
      assert.match(answer.text, /^welcome --CALLS--> greet$/m);
    } finally {
      await worker.terminate();
    }
  });

  it('a worker that ran without its library leaves no cache behind: the repaired one answers with every call', async () => {
    const bare = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-nolib-worker-'));
    const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-worker-cache-'));
    const folder = { key: 'k', name: 'inference', root: fixtureDir('stdlib-inference'), cacheDir };
    const query = { args: { query: 'dependentsOf', file_path: 'src/TableColumn.ts', symbol: 'TableColumn.clone' } };
    try {
      for (const f of ['worker.js', 'workerCore.js', 'typescript.js']) fs.copyFileSync(path.join(path.dirname(BUILT_WORKER), f), path.join(bare, f));
      const broken = startBuiltWorker(path.join(bare, 'worker.js'));
      try {
        const opened = await broken.request<{ errors: string[] }>('open', { folder });
        assert.match(opened.errors.join('\n'), /standard library file lib\.es2020\.full\.d\.ts was not found/);
        await broken.request('query', query);
      } finally {
        await broken.terminate();
      }
      const repaired = startBuiltWorker();
      try {
        const opened = await repaired.request<{ errors: string[] }>('open', { folder });
        assert.deepEqual(opened.errors, []);
        const answer = await repaired.request<{ text: string }>('query', query);
        assert.match(answer.text, /^Table\.clone --CALLS--> TableColumn\.clone$/m);
        assert.match(answer.text, /^rename --CALLS--> TableColumn\.clone$/m);
      } finally {
        await repaired.terminate();
      }
    } finally {
      fs.rmSync(bare, { recursive: true, force: true });
      fs.rmSync(cacheDir, { recursive: true, force: true });
    }
  });

  it('draws the graph view: the answer grown by an expansion, in the worker (diagram request)', async () => {
    const worker = startBuiltWorker();
    type Answer = { model: { title: string; nodes: Array<{ id: string; input: boolean; snippet?: string[]; next?: { dependencies: string[] }; more?: { dependencies: number } }>; edges: Array<{ from: string; to: string }>; message?: { text: string } }; expansions: unknown[] };
    try {
      await worker.request('open', { folder: { key: 'k', name: 'sample', root: fixtureDir('sample') } });
      const args = { query: 'dependentsOf', file_path: 'src/utils/format.ts', symbol: 'formatDate' };
      const plain = await worker.request<Answer>('diagram', { args, expansions: [] });
      assert.equal(plain.model.title, 'Dependents of formatDate');
      assert.deepEqual(plain.model.nodes.filter((n) => n.input).map((n) => n.id), ['src/utils/format.ts#formatDate@function']);
      assert.ok(plain.model.nodes.some((n) => n.snippet?.some((l) => l.includes('formatDate'))), 'hover snippets come from the files');
      const processOrder = 'src/orders/orderService.ts#processOrder@function';
      const expansions = [{ id: processOrder, direction: 'dependencies', depth: 1 }, { id: 'src/gone.ts#gone@function', direction: 'dependents', depth: 1 }];
      const grown = await worker.request<Answer>('diagram', { args, expansions });
      assert.deepEqual(grown.expansions, [expansions[0]], 'an expansion of a node that is not in the graph is dropped');
      const ids = new Set(grown.model.nodes.map((n) => n.id));
      for (const n of plain.model.nodes) assert.ok(ids.has(n.id));
      assert.ok(ids.has('src/orders/validate.ts#validate@function'));
      // Exactly what processOrder's dependencies badge counted: its one-step dependencies not drawn before.
      const promised = plain.model.nodes.find((n) => n.id === processOrder)?.next?.dependencies.filter((id) => !plain.model.nodes.some((n) => n.id === id)) ?? [];
      assert.ok(promised.length > 0);
      assert.deepEqual([...ids].filter((id) => !plain.model.nodes.some((n) => n.id === id)).sort(), [...promised].sort());
      assert.equal(grown.model.nodes.find((n) => n.id === processOrder)?.more?.dependencies, 0, 'its badge is gone');
      for (const e of grown.model.edges) assert.ok(ids.has(e.from) && ids.has(e.to));
      const bad = await worker.request<Answer>('diagram', { args: { ...args, symbol: 'nope' }, expansions: [] });
      assert.match(bad.model.message?.text ?? '', /nope/);
    } finally {
      await worker.terminate();
    }
  });
  it('an external node\'s badge opens too: the workspace symbols that use the library symbol', async () => {
    const worker = startBuiltWorker();
    type Answer = { model: { nodes: Array<{ id: string; external?: boolean; group: string; next?: { dependents: string[] } }> }; expansions: unknown[] };
    try {
      await worker.request('open', { folder: { key: 'k', name: 'external', root: fixtureDir('external') } });
      const args = { query: 'dependenciesOf', file_path: 'src/posts.ts', symbol: 'toPost' };
      const plain = await worker.request<Answer>('diagram', { args, expansions: [] });
      const slugify = plain.model.nodes.find((n) => n.group === 'external' && n.id.includes('slugify'));
      assert.ok(slugify, plain.model.nodes.map((n) => n.id).join(', '));
      const promised = slugify.next?.dependents.filter((id) => !plain.model.nodes.some((n) => n.id === id)) ?? [];
      assert.deepEqual(promised, ['src/posts.ts#fetchPost@function'], 'its badge counts the one user not drawn');
      const expansions = [{ id: slugify.id, direction: 'dependents', depth: 1 }];
      const grown = await worker.request<Answer>('diagram', { args, expansions });
      assert.deepEqual(grown.expansions, expansions, 'the expansion of an external node is kept');
      assert.deepEqual(grown.model.nodes.map((n) => n.id).filter((id) => !plain.model.nodes.some((n) => n.id === id)), promised);
    } finally {
      await worker.terminate();
    }
  });
});
