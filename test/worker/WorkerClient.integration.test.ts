import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { CodeGraph } from '../../src/core/CodeGraph';
import { createFileSourceReader } from '../../src/core/format/FileSourceReader';
import { formatText } from '../../src/core/format/formatText';
import { FolderSpec, WorkerEvent } from '../../src/worker/protocol';
import { WorkerClient, WorkerDiedError } from '../../src/worker/WorkerClient';

// The tsc output of graphWorker.ts next to this compiled test (the extension ships esbuild's dist/worker.js).
const WORKER = path.resolve(__dirname, '../../src/worker/graphWorker.js');
const FIXTURE = path.resolve(__dirname, '../../../test/host/workspace/app');

describe(`${WorkerClient.name} + graphWorker`, function () {
  this.timeout(60000);
  let tmp: string;
  let client: WorkerClient;
  let events: WorkerEvent[];

  beforeEach(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tscg-worker-'));
    events = [];
    client = new WorkerClient(WORKER, (e) => events.push(e), (reason) => assert.fail(reason));
  });

  afterEach(async () => {
    await client.dispose();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  const folder = (name: string, root: string): FolderSpec => ({ key: `file://${root}`, name, root });

  it('indexes a folder and answers with the shared formatter', async () => {
    const root = path.join(tmp, 'app');
    fs.cpSync(FIXTURE, root, { recursive: true });
    const opened = await client.request('open', { folder: folder('app', root) });
    assert.strictEqual(opened.files, 6);
    // The default: the native compiler where its binary is installed (test:inprocess asks for TypeScript 6).
    assert.match(opened.typescript, process.env.TS_CODE_GRAPH_COMPILER === 'inprocess' ? /^the bundled TypeScript 6/ : /^TypeScript 7\.0\.2 \(native, /);
    const answer = await client.request('query', { args: { query: 'dependentsOf', file_path: 'src/utils/format.ts', symbol: 'formatDate' } });
    const graph = await CodeGraph.open({ root });
    assert.strictEqual(answer.text, formatText(graph.dependentsOf('src/utils/format.ts', 'formatDate'), createFileSourceReader(root)));
    assert.strictEqual(answer.root, root);
    assert.strictEqual(answer.isError, false);
    assert.ok(events.some((e) => e.kind === 'log' && e.message.includes('[app] indexed 6 files')));
  });

  it('draws a query grown by an expansion in a direction: the node\'s missing neighbours that way, and the walk for the page', async () => {
    const root = path.join(tmp, 'app');
    fs.cpSync(FIXTURE, root, { recursive: true });
    await client.request('open', { folder: folder('app', root) });
    const args = { query: 'dependenciesOf', file_path: 'src/orders/orderService.ts', symbol: 'processOrder' } as const;
    const plain = await client.request('diagram', { args, expansions: [] });
    assert.strictEqual(plain.model.walk, 'forward');
    assert.deepStrictEqual(plain.model.verbs, { dependencies: 'dependenciesOf', dependents: 'dependentsOf' });
    const input = plain.model.nodes.find((n) => n.input)!;
    const grown = await client.request('diagram', { args, expansions: [{ id: input.id, direction: 'dependents', depth: 1 }] });
    assert.deepStrictEqual(grown.expansions, [{ id: input.id, direction: 'dependents', depth: 1 }]);
    const callers = grown.model.edges.filter((e) => e.to === input.id).map((e) => e.from);
    assert.ok(callers.length > 0 && callers.every((id) => !plain.model.nodes.some((n) => n.id === id)), JSON.stringify(grown.model.edges));
  });

  it('queries that arrive while the first index runs wait for it; the folder is indexed once', async () => {
    const root = path.join(tmp, 'app');
    fs.cpSync(FIXTURE, root, { recursive: true });
    const opening = client.request('open', { folder: folder('app', root) });
    const args = { query: 'dependentsOf', file_path: 'src/utils/format.ts', symbol: 'formatDate' } as const;
    const [first, second] = await Promise.all([client.request('query', { args }), client.request('query', { args })]);
    await opening;
    const expected = formatText((await CodeGraph.open({ root })).dependentsOf('src/utils/format.ts', 'formatDate'), createFileSourceReader(root));
    assert.strictEqual(first.text, expected);
    assert.strictEqual(second.text, expected);
    const logs = events.filter((e): e is Extract<WorkerEvent, { kind: 'log' }> => e.kind === 'log').map((e) => e.message);
    assert.strictEqual(logs.filter((m) => m.startsWith('[app] indexing ')).length, 1, logs.join('\n'));
    assert.strictEqual(logs.filter((m) => m.includes('[app] indexed 6 files')).length, 1, logs.join('\n'));
  });

  it('a query posted after an update sees it, without awaiting the update', async () => {
    const root = path.join(tmp, 'app');
    fs.cpSync(FIXTURE, root, { recursive: true });
    const opening = client.request('open', { folder: folder('app', root) });
    const file = path.join(root, 'src', 'api', 'audit.ts');
    fs.writeFileSync(file, "import { formatDate } from '../utils/format';\nexport function audit(): string {\n  return formatDate(1);\n}\n");
    void client.request('update', { key: folder('app', root).key, changed: [file], deleted: [] });
    const answer = await client.request('query', { args: { query: 'dependentsOf', file_path: 'src/utils/format.ts', symbol: 'formatDate' } });
    assert.match(answer.text, /^audit --CALLS--> formatDate$/m);
    await opening;
  });

  it('after a start from the cache it prepares for updates at once: the first save of a shared file re-indexes that file only', async () => {
    const root = path.join(tmp, 'app');
    fs.cpSync(FIXTURE, root, { recursive: true });
    const spec = { ...folder('app', root), cacheDir: path.join(tmp, 'cache') };
    await client.request('open', { folder: spec });
    const reopened = await client.request('open', { folder: spec });
    const logs = () => events.filter((e): e is Extract<WorkerEvent, { kind: 'log' }> => e.kind === 'log').map((e) => e.message);
    assert.ok(logs().some((m) => m.includes('[app] graph cache: loaded whole')), logs().join('\n'));
    assert.strictEqual(reopened.files, 6);
    const file = path.join(root, 'src/utils/format.ts');
    fs.appendFileSync(file, '\n// a comment\n');
    const updated = await client.request('update', { key: spec.key, changed: [file], deleted: [] });
    assert.strictEqual(updated.reindexed, 1, 'the dependents of format.ts are not re-indexed: its shape is unchanged');
    assert.ok(logs().some((m) => /\[app\] ready for updates in \d+ ms/.test(m)), logs().join('\n'));
    const answer = await client.request('query', { args: { query: 'dependentsOf', file_path: 'src/utils/format.ts', symbol: 'formatDate' } });
    assert.strictEqual(answer.text, formatText((await CodeGraph.open({ root })).dependentsOf('src/utils/format.ts', 'formatDate'), createFileSourceReader(root)));
  });

  it('finds the symbol at a position, and lists symbols for the picker', async () => {
    const root = path.join(tmp, 'app');
    fs.cpSync(FIXTURE, root, { recursive: true });
    await client.request('open', { folder: folder('app', root) });
    const handler = path.join(root, 'src', 'api', 'handler.ts');
    assert.deepStrictEqual(await client.request('symbolAt', { file: handler, line: 5, word: 'stamp' }), { file_path: 'src/api/handler.ts', symbol: 'handleRequest', root });
    assert.strictEqual(await client.request('symbolAt', { file: handler, line: 1 }), undefined);
    const symbols = await client.request('symbols', {});
    assert.ok(symbols.some((s) => s.name === 'formatDate' && s.file === 'src/utils/format.ts' && s.folder === 'app'));
    assert.ok(!symbols.some((s) => s.kind === 'module'));
  });

  it('a folder without a TypeScript project answers with text that says so', async () => {
    const root = path.join(tmp, 'empty');
    fs.mkdirSync(root);
    fs.writeFileSync(path.join(root, 'README.md'), 'no code here\n');
    await client.request('open', { folder: folder('empty', root) });
    const answer = await client.request('query', { args: { query: 'dependenciesOf', file_path: 'src/a.ts', symbol: 'a' } });
    assert.strictEqual(answer.isError, true);
    assert.match(answer.text, /no TypeScript project/i);
    assert.ok(!/\n\s+at /.test(answer.text), answer.text);
  });

  // How long the calling thread may stall is measured by `npm run bench` (its event-loop lag row);
  // here, that it runs at all: its timers fire between the worker's progress events, which arrive
  // while the index is being built, not in a burst at its end.
  it('keeps the calling thread running while a large workspace is indexed, with progress as it goes', async () => {
    const root = path.join(tmp, 'big');
    writeBigProject(root, 600);
    let ticks = 0;
    const ticksAtProgress: number[] = [];
    const timer = setInterval(() => ticks++, 5);
    const watched = new WorkerClient(WORKER, (e) => e.kind === 'progress' && ticksAtProgress.push(ticks), (reason) => assert.fail(reason));
    try {
      const opened = await watched.request('open', { folder: folder('big', root) });
      assert.strictEqual(opened.files, 600);
    } finally {
      clearInterval(timer);
      await watched.dispose();
    }
    assert.ok(ticksAtProgress.length >= 2, `progress events: ${ticksAtProgress.length}`);
    assert.ok(new Set(ticksAtProgress).size >= 2, `this thread's timer ran between the progress events (ticks at each: ${ticksAtProgress.join(', ')})`);
  });

  describe('when the worker dies', () => {
    const exitOf = (hooks: { heapMb?: number }) => {
      let exited!: (reason: string) => void;
      const reason = new Promise<string>((resolve) => (exited = resolve));
      const dying = new WorkerClient(WORKER, () => undefined, (r) => exited(r), { testHooks: true, ...hooks });
      return { dying, reason };
    };

    it('out of memory ends the worker (its own heap limit), never this thread, and says so', async () => {
      const { dying, reason } = exitOf({ heapMb: 64 });
      const inFlight = dying.request('crash', { how: 'oom' });
      assert.strictEqual(await reason, 'the graph worker ran out of memory (its heap limit is 64 MB)');
      await assert.rejects(inFlight, /ran out of memory/);
    });

    it('an uncaught exception or an exit is reported with what happened', async () => {
      const thrown = exitOf({});
      void thrown.dying.request('crash', { how: 'throw' }).catch(() => undefined);
      assert.match(await thrown.reason, /^the graph worker crashed: Error: simulated crash \(test hook\)$/);
      const exit = exitOf({});
      void exit.dying.request('crash', { how: 'exit' }).catch(() => undefined);
      assert.strictEqual(await exit.reason, 'the graph worker exited unexpectedly (exit code 70)');
    });

    it('requests in flight and requests after the death fail at once with WorkerDiedError, never hang', async () => {
      const { dying, reason } = exitOf({});
      void dying.request('crash', { how: 'exit' }).catch(() => undefined);
      const inFlight = dying.request('symbols', {});
      await assert.rejects(inFlight, (err: Error) => err instanceof WorkerDiedError && /exit code 70/.test(err.message));
      await reason;
      await dying.exited;
      await assert.rejects(dying.request('symbols', {}), (err: Error) => err instanceof WorkerDiedError && /exited unexpectedly/.test(err.message));
    });

    it('refuses the crash hook unless the host started it for tests', async () => {
      await assert.rejects(client.request('crash', { how: 'exit' }), /crash is a test hook/);
      assert.deepStrictEqual(await client.request('symbols', {}), []);
    });
  });
});

/** `count` modules in a chain, each with a few functions calling into the previous module. */
function writeBigProject(root: string, count: number): void {
  fs.mkdirSync(path.join(root, 'src'), { recursive: true });
  fs.writeFileSync(path.join(root, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true, noEmit: true, types: [], lib: ['ES2022'] }, include: ['src'] }));
  for (let i = 0; i < count; i++) {
    const prev = i > 0 ? `import { f${i - 1}a, f${i - 1}b } from './m${i - 1}';\n` : '';
    const call = i > 0 ? `f${i - 1}a(x) + f${i - 1}b(x)` : 'x';
    fs.writeFileSync(
      path.join(root, 'src', `m${i}.ts`),
      `${prev}export function f${i}a(x: number): number {\n  return ${call} + 1;\n}\nexport function f${i}b(x: number): number {\n  return f${i}a(x) * 2;\n}\nexport class C${i} {\n  run(x: number): number {\n    return f${i}b(x);\n  }\n}\n`,
    );
  }
}
