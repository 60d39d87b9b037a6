import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { CodeGraph } from '../../src/core/CodeGraph';
import { createFileSourceReader } from '../../src/core/format/FileSourceReader';
import { formatText } from '../../src/core/format/formatText';
import { GraphSupervisor, RequestCancelledError, SupervisorHost } from '../../src/worker/GraphSupervisor';
import { FolderSpec, HostWords, OpenResult, QueryArgs, UpdateResult } from '../../src/worker/protocol';

// The tsc output of graphWorker.ts next to this compiled test (the hosts run esbuild's dist/worker.js).
const WORKER = path.resolve(__dirname, '../../src/worker/graphWorker.js');
const FIXTURE = path.resolve(__dirname, '../../../test/host/workspace/app');
const WORDS: HostWords = { log: 'THE-HOST-LOG', rebuild: 'DO-THE-HOST-REBUILD', heap: 'RAISE-THE-HOST-HEAP', exclude: 'THE-HOST-EXCLUDE' };

/** A host that records what the supervisor tells it and opens the folders it is given. */
class RecordingHost implements SupervisorHost {
  readonly opens: { key: string; cache: 'use' | 'refresh'; result?: OpenResult; error?: string }[] = [];
  readonly updates: { key: string; result: UpdateResult }[] = [];
  readonly restarting: string[] = [];
  readonly stopped: string[] = [];
  readonly logs: string[] = [];
  supervisor!: GraphSupervisor;

  constructor(private readonly specs: Omit<FolderSpec, 'words'>[]) {}

  openFolders(cache: 'use' | 'refresh'): void {
    for (const spec of this.specs) {
      const open: (typeof this.opens)[number] = { key: spec.key, cache };
      this.opens.push(open);
      this.supervisor.open({ ...spec, cacheMode: cache }, { opened: (r) => (open.result = r), failed: (e) => (open.error = e.message) });
    }
  }
  onUpdated(key: string, result: UpdateResult): void {
    this.updates.push({ key, result });
  }
  onRestarting(reason: string): void {
    this.restarting.push(reason);
  }
  onStopped(failure: string): void {
    this.stopped.push(failure);
  }
}

async function until(what: string, check: () => boolean, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('GraphSupervisor (the one supervisor of the graph worker, for every host)', function () {
  this.timeout(60_000);
  let tmp: string;
  let host: RecordingHost;
  let supervisor: GraphSupervisor;
  const args: QueryArgs = { query: 'dependentsOf', file_path: 'src/utils/format.ts', symbol: 'formatDate' };

  const copy = (name: string): string => {
    const root = path.join(tmp, name);
    fs.cpSync(FIXTURE, root, { recursive: true });
    return root;
  };
  const expected = async (root: string): Promise<string> =>
    formatText((await CodeGraph.open({ root })).dependentsOf('src/utils/format.ts', 'formatDate'), createFileSourceReader(root));

  function startWith(specs: Omit<FolderSpec, 'words'>[]): void {
    host = new RecordingHost(specs);
    const log = { info: (m: string) => host.logs.push(m), warn: (m: string) => host.logs.push(m), error: (m: string) => host.logs.push(m) };
    supervisor = new GraphSupervisor({ workerPath: WORKER, log, words: WORDS, worker: { testHooks: true, heapMb: 512 } }, host);
    host.supervisor = supervisor;
    supervisor.start();
  }
  const opened = (n: number): Promise<void> => until(`${n} opens succeeded`, () => host.opens.filter((o) => o.result).length >= n);

  beforeEach(() => (tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tscg-supervisor-'))));
  afterEach(async () => {
    await supervisor?.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('asks a query again when the worker dies under it, after restarting the worker and re-opening the folders', async () => {
    const root = copy('app');
    startWith([{ key: 'app', name: 'app', root }]);
    await opened(1);
    supervisor.crashForTests('exit');
    // Posted after the crash request: the worker dies with this query in flight.
    const answer = await supervisor.query(args);
    assert.equal(answer?.text, await expected(root));
    assert.equal(host.restarting.length, 1);
    assert.match(host.restarting[0], /exited unexpectedly \(exit code 70\)/);
    assert.ok(host.logs.some((l) => /exit code 70\)\. Restarting it in 500 ms \(restart 1\)/.test(l)), host.logs.join('\n'));
    assert.deepEqual(host.opens.map((o) => [o.key, o.cache, !!o.result]), [['app', 'use', true], ['app', 'use', true]]);
  });

  it('batches file changes and sends each to the folder that contains it', async () => {
    const a = copy('a');
    const b = copy('b');
    startWith([{ key: 'a', name: 'a', root: a }, { key: 'b', name: 'b', root: b }]);
    await opened(2);
    const caller = path.join(b, 'src', 'audit.ts');
    fs.writeFileSync(caller, "import { formatDate } from './utils/format';\nexport function audit(): string {\n  return formatDate(1);\n}\n");
    supervisor.changes.changed(caller);
    supervisor.changes.flush();
    const inB = await supervisor.query({ ...args, file_path: path.join(b, 'src/utils/format.ts') });
    assert.match(inB?.text ?? '', /audit/);
    assert.equal(inB?.text, await expected(b));
    const inA = await supervisor.query({ ...args, file_path: path.join(a, 'src/utils/format.ts') });
    assert.doesNotMatch(inA?.text ?? '', /audit/);
    await until('the update was reported', () => host.updates.length > 0);
    assert.deepEqual(host.updates.map((u) => u.key), ['b']);
  });

  it('stops after repeated deaths and says why; requests then get nothing; rebuild starts it again from scratch', async () => {
    const root = copy('app');
    startWith([{ key: 'app', name: 'app', root }]);
    await opened(1);
    for (let death = 1; death <= 2; death++) {
      supervisor.crashForTests('exit');
      await opened(death + 1);
    }
    supervisor.crashForTests('exit');
    await until('the supervisor stopped', () => host.stopped.length > 0);
    assert.match(host.stopped[0], /^the graph worker exited unexpectedly \(exit code 70\); it died 3 times .*, so it is not restarted again$/);
    assert.equal(supervisor.failure, host.stopped[0]);
    assert.equal(supervisor.alive, false);
    assert.equal(await supervisor.query(args), undefined);
    supervisor.rebuild();
    assert.equal(supervisor.failure, undefined);
    assert.equal((await supervisor.query(args))?.text, await expected(root));
    assert.deepEqual(host.opens.map((o) => o.cache), ['use', 'use', 'use', 'refresh']);
  });

  it("gives up waiting for a restart when the caller cancels", async () => {
    const root = copy('app');
    startWith([{ key: 'app', name: 'app', root }]);
    await opened(1);
    supervisor.crashForTests('exit');
    await until('the worker is restarting', () => host.restarting.length > 0);
    const abort = new AbortController();
    const asked = supervisor.query(args, { signal: abort.signal });
    abort.abort();
    await assert.rejects(asked, RequestCancelledError);
  });

  /**
   * With the native compiler's request timeout at `timeoutMs`: folder 'a' opened, its native process
   * stopped (SIGSTOP), and an update sent that reaches it, so the worker's thread blocks in a request
   * that will not be answered; then `run`. False when this platform has no native compiler (nothing to stop).
   */
  async function blockedOnNative(timeoutMs: number, run: (a: string, pid: number) => Promise<void>): Promise<boolean> {
    const previous = process.env.TS_CODE_GRAPH_NATIVE_TIMEOUT_MS;
    process.env.TS_CODE_GRAPH_NATIVE_TIMEOUT_MS = String(timeoutMs);
    try {
      const a = copy('a');
      startWith([{ key: 'a', name: 'a', root: a }]);
      await opened(1);
      const started = host.logs.map((l) => /native compiler started: .*, process (\d+)$/.exec(l)).find(Boolean);
      if (!started) return false;
      const pid = Number(started[1]);
      process.kill(pid, 'SIGSTOP');
      const caller = path.join(a, 'src', 'audit.ts');
      fs.writeFileSync(caller, "import { formatDate } from './utils/format';\nexport function audit(): string {\n  return formatDate(1);\n}\n");
      supervisor.changes.changed(caller);
      supervisor.changes.flush();
      await run(a, pid);
      return true;
    } finally {
      if (previous === undefined) delete process.env.TS_CODE_GRAPH_NATIVE_TIMEOUT_MS;
      else process.env.TS_CODE_GRAPH_NATIVE_TIMEOUT_MS = previous;
    }
  }

  it('closing a folder whose worker is blocked in the native compiler stops that process at once, and the worker goes on', async function () {
    // Were the cancellation not to reach it, the stopped process would be killed by its watchdog after 20 s.
    const ran = await blockedOnNative(20_000, async (_a, pid) => {
      await new Promise((r) => setTimeout(r, 500));
      const closed = Date.now();
      supervisor.closeFolder('a');
      await until('the native process is gone', () => !alive(pid), 10_000);
      assert.ok(Date.now() - closed < 5_000, `stopped ${Date.now() - closed} ms after the close`);
      // The worker's thread is free again: a folder opened now is indexed and answers.
      const b = copy('b');
      supervisor.open({ key: 'b', name: 'b', root: b });
      const answer = await supervisor.query({ ...args, file_path: path.join(b, 'src/utils/format.ts') });
      assert.equal(answer?.text, await expected(b));
    });
    if (!ran) this.skip(); // no native compiler on this platform: nothing to stop
  });

  it("a native compiler that stops answering in the worker is stopped by the host's watchdog (the worker's thread is blocked), and the update redone", async function () {
    const ran = await blockedOnNative(1_500, async (a, pid) => {
      await until('the update is done', () => host.updates.length > 0, 20_000);
      assert.ok(!alive(pid), 'the process that did not answer is gone');
      assert.ok(host.logs.some((l) => /did not answer within 2 s and was stopped/.test(l)), host.logs.join('\n'));
      const answer = await supervisor.query({ ...args, file_path: path.join(a, 'src/utils/format.ts') });
      assert.equal(answer?.text, await expected(a));
      assert.match(answer?.text ?? '', /audit/);
    });
    if (!ran) this.skip(); // no native compiler on this platform: nothing to watch
  });

  it("puts the host's own words into every folder it opens, so failure texts name the host's remedies", async () => {
    const broken = path.join(tmp, 'typescript.js');
    fs.writeFileSync(broken, "module.exports = { version: '9.9.9', createProgram() { throw new Error('no compiler here'); } };\n");
    startWith([{ key: 'app', name: 'app', root: copy('app'), tsPath: broken }]);
    await until('the open failed', () => host.opens.some((o) => o.error));
    const answer = await supervisor.query(args);
    assert.equal(answer?.isError, true);
    assert.match(answer?.text ?? '', /THE-HOST-LOG/);
    assert.match(answer?.text ?? '', /DO-THE-HOST-REBUILD/);
  });
});

/** The process runs (not gone, not a zombie waiting for its parent to reap it). */
function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}
