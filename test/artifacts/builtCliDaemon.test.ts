import * as assert from 'node:assert/strict';
import { execFileSync, spawn } from 'child_process';
import * as fs from 'fs';
import * as net from 'net';
import * as os from 'os';
import * as path from 'path';
import { fixtureDir } from '../support/goldenFixtures';
import { graphCacheDir } from '../../src/nodehost/cacheDir';
import { DAEMON_BUILD_FILES, daemonAddress, daemonBuild, daemonKey } from '../../src/daemon/daemonAddress';
import { BUILT_CLI, CliRun, requireBuilt, runBuiltCli } from './builtArtifacts';

/**
 * The workspace's daemon as the built CLI starts and asks it (dist/cli.js → dist/daemon.js → dist/worker.js):
 * the answers are those of the CLI without it, right after each edit an agent makes, and a daemon
 * that is killed, answers garbage or is switched off never costs an answer. Each test has a copy of
 * the sample workspace and a cache folder of its own; every daemon started is stopped after it.
 */
describe('built dist/cli.js: the workspace daemon', function () {
  this.timeout(180_000);
  let root: string;
  let env: NodeJS.ProcessEnv;
  const pids = new Set<number>();
  const cli = (args: string[], more: NodeJS.ProcessEnv = {}): CliRun => runBuiltCli(['--root', root, ...args], root, BUILT_CLI, { ...env, ...more });
  /** The answer and the daemon that gave it (--verbose names it). */
  const ask = (args: string[], more: NodeJS.ProcessEnv = {}): { stdout: string; pid: number } => {
    const r = cli(['--verbose', ...args], more);
    assert.equal(r.code, 0, r.stderr);
    const pid = daemonPid(r.stderr);
    pids.add(pid);
    return { stdout: r.stdout, pid };
  };
  /** The same question of the CLI without a daemon (the graph worker in its own process, the cache it finds). */
  const withoutDaemon = (args: string[]): string => {
    const r = cli(args, { TS_CODE_GRAPH_DAEMON: '0' });
    assert.equal(r.code, 0, r.stderr);
    assert.doesNotMatch(r.stderr, /workspace's daemon/);
    return r.stdout;
  };
  const dependents = ['dependentsOf', 'src/utils/format.ts', 'formatDate'];

  beforeEach(() => {
    requireBuilt(BUILT_CLI);
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-daemon-'));
    fs.cpSync(fixtureDir('sample'), root, { recursive: true });
    env = { ...process.env, XDG_CACHE_HOME: fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-daemon-xdg-')), TS_CODE_GRAPH_NO_CACHE: '', TS_CODE_GRAPH_DAEMON: '1' };
  });
  afterEach(async () => {
    cli(['stop']);
    for (const pid of pids) if (alive(pid)) process.kill(pid, 'SIGKILL');
    pids.clear();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('answers as the CLI without it, every later command from the same daemon, which outlives the command', () => {
    // A warning about the index: printed whole to the command that started the daemon, in one line to the next ones.
    fs.writeFileSync(path.join(root, 'src/usesMissing.ts'), "import { pad } from 'no-such-package';\nexport const padded = pad('x');\n");
    const warned = cli(dependents);
    assert.match(warned.stderr, /warning: 1 imported package resolves to no types: 'no-such-package'/);
    const again = cli(dependents);
    assert.equal(again.stderr, "ts-code-graph: 1 warning about this workspace's index, unchanged since it was built (`ts-code-graph stats` lists it)\n");
    const first = ask(dependents);
    assert.match(first.stdout, /processOrder --CALLS--> formatDate/);
    assert.ok(alive(first.pid), 'the daemon runs on after the command that started it');
    assert.equal(first.stdout, withoutDaemon(dependents));
    const dependencies = ['dependenciesOf', 'src/orders/orderService.ts', 'processOrder'];
    const second = ask(dependencies);
    assert.equal(second.pid, first.pid);
    assert.equal(second.stdout, withoutDaemon(dependencies));
    // The html page is drawn by the command from the daemon's model of the answer.
    const html = cli(['--format', 'html', ...dependents]);
    assert.equal(html.code, 0, html.stderr);
    assert.match(html.stdout, /^<!DOCTYPE html>/i);
    assert.ok(html.stdout.includes('formatDate'));
  });

  it('answers right after each edit an agent makes: a new caller, an export renamed everywhere, a file deleted', () => {
    const { pid } = ask(dependents);
    fs.writeFileSync(path.join(root, 'src/newCaller.ts'), "import { formatDate } from './utils/format';\nexport function newCaller(): string {\n  return formatDate(1);\n}\n");
    const added = ask(dependents);
    assert.match(added.stdout, /newCaller --CALLS--> formatDate/);
    assert.equal(added.stdout, withoutDaemon(dependents));

    // A rename across the workspace, as a refactoring writes it: every file at once.
    for (const file of listFiles(path.join(root, 'src'))) {
      const text = fs.readFileSync(file, 'utf8');
      if (text.includes('formatDate')) fs.writeFileSync(file, text.replace(/\bformatDate\b/g, 'formatDay'));
    }
    const old = cli(dependents);
    assert.equal(old.code, 2, 'the old name is gone');
    assert.match(old.stderr, /formatDate/);
    const renamed = ['dependentsOf', 'src/utils/format.ts', 'formatDay'];
    const now = ask(renamed);
    assert.match(now.stdout, /newCaller --CALLS--> formatDay/);
    assert.match(now.stdout, /processOrder --CALLS--> formatDay/);
    assert.equal(now.stdout, withoutDaemon(renamed));

    fs.rmSync(path.join(root, 'src/newCaller.ts'));
    const deleted = ask(renamed);
    assert.doesNotMatch(deleted.stdout, /newCaller/);
    assert.equal(deleted.stdout, withoutDaemon(renamed));
    assert.deepEqual(new Set([added.pid, now.pid, deleted.pid]), new Set([pid]), 'one daemon all along');
  });

  it('killed, it is started again by the next command, which answers all the same', async () => {
    const first = ask(dependents);
    process.kill(first.pid, 'SIGKILL');
    await until(() => !alive(first.pid));
    const next = ask(dependents);
    assert.notEqual(next.pid, first.pid);
    assert.equal(next.stdout, first.stdout);
  });

  it('one that answers garbage or hangs up costs the command its daemon, not its answer, and stderr says so', async () => {
    const address = daemonAddress(daemonKey({ root, exclude: [], cacheDir: graphCacheDir(root, undefined, env), build: daemonBuild(path.dirname(BUILT_CLI), DAEMON_BUILD_FILES) }, env))!;
    const expected = withoutDaemon(dependents);
    for (const [behaviour, said] of [
      [(s: net.Socket) => s.end('this is not JSON\n'), /answered with a line that is not JSON/],
      [(s: net.Socket) => s.destroy(), /closed the connection before it answered|failed while answering/],
    ] as const) {
      // resume(): the request read, so the connection ends and the fake can close.
      const fake = net.createServer((socket) => behaviour(socket.resume()));
      await new Promise<void>((resolve) => fake.listen(address.socket, resolve));
      try {
        // Not spawnSync: the fake answers from this process's event loop.
        const r = await runAsync(dependents);
        assert.equal(r.code, 0, r.stderr);
        assert.equal(r.stdout, expected);
        assert.match(r.stderr, said);
        assert.match(r.stderr, /ts-code-graph: note: the workspace's daemon .*; answering without it\./);
      } finally {
        await new Promise((resolve) => fake.close(resolve));
      }
    }
  });

  it('a broken install (its daemon missing, or failing at its start) answers at once without it, and says so', () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-daemon-dist-'));
    fs.cpSync(path.dirname(BUILT_CLI), dist, { recursive: true });
    const copy = path.join(dist, 'cli.js');
    const expected = withoutDaemon(dependents);
    for (const [broken, said] of [
      [() => fs.rmSync(path.join(dist, 'daemon.js')), /the workspace's daemon is missing \(.*daemon\.js\): this installation is incomplete/],
      [() => fs.writeFileSync(path.join(dist, 'daemon.js'), 'process.exit(3);\n'), /the workspace's daemon ended before it listened \(exit code 3\)/],
    ] as const) {
      broken();
      const started = Date.now();
      const r = runBuiltCli(['--root', root, ...dependents], root, copy, env);
      assert.equal(r.code, 0, r.stderr);
      assert.equal(r.stdout, expected);
      assert.match(r.stderr, said);
      assert.ok(Date.now() - started < 10_000, 'no wait for a daemon that cannot come');
    }
  });

  it('on a terminal, the first answer before the index comes through the daemon that indexes, then the full one', () => {
    // A terminal for the command (util-linux `script`, in Debian's essential bsdutils): only there is a first answer printed.
    const command = [process.execPath, BUILT_CLI, '--root', root, ...dependents].map((a) => `'${a}'`).join(' ');
    const run = () => execFileSync('script', ['-qec', command, '/dev/null'], { cwd: root, env: { ...env, TS_CODE_GRAPH_FIRST_ANSWER_MS: '0' }, encoding: 'utf8' }).replace(/\r\n/g, '\n');
    const cold = run();
    assert.match(cold, /^Partial: indexing 1 of 1 projects; direct dependents found by the compiler, the full graph follows\.\n/);
    assert.ok(cold.includes(withoutDaemon(dependents)), 'then the full answer');
    // Asked again, the daemon's graph is whole: one answer.
    assert.equal(run(), withoutDaemon(dependents));
    // Its own daemon: TS_CODE_GRAPH_FIRST_ANSWER_MS is one of the settings that key it.
    assert.match(cli(['stop'], { TS_CODE_GRAPH_FIRST_ANSWER_MS: '0' }).stdout, /^Stopped the daemon of /);
  });

  it('`stop` stops it, its graph cache written; a second `stop` finds none', () => {
    const { pid } = ask(dependents);
    const stopped = cli(['stop']);
    assert.equal(stopped.code, 0, stopped.stderr);
    assert.equal(stopped.stdout, `Stopped the daemon of ${root} (pid ${pid}).\n`);
    assert.ok(!alive(pid));
    assert.ok(fs.readdirSync(graphCacheDir(root, undefined, env)).some((f) => f.startsWith('graph-')), 'its graph cache');
    assert.equal(cli(['stop']).stdout, `No daemon serves ${root}.\n`);
  });

  it('stops by itself after TS_CODE_GRAPH_DAEMON_IDLE_S without a command', async () => {
    const { pid } = ask(dependents, { TS_CODE_GRAPH_DAEMON_IDLE_S: '1' });
    await until(() => !alive(pid), 20_000);
  });

  it('two commands at once on a cold workspace: one daemon answers both', async () => {
    const [a, b] = await Promise.all([runAsync(['--verbose', ...dependents]), runAsync(['--verbose', ...dependents])]);
    for (const r of [a, b]) assert.equal(r.code, 0, r.stderr);
    assert.equal(a.stdout, b.stdout);
    const [pa, pb] = [daemonPid(a.stderr), daemonPid(b.stderr)];
    pids.add(pa).add(pb);
    assert.equal(pa, pb);
  });

  it('in CI none is started unless TS_CODE_GRAPH_DAEMON=1; --no-cache never starts one', () => {
    const { TS_CODE_GRAPH_DAEMON: _, ...rest } = env;
    for (const [args, more] of [
      [dependents, { ...rest, CI: 'true' }],
      [['--no-cache', ...dependents], env],
    ] as const) {
      const r = runBuiltCli(['--root', root, '--verbose', ...args], root, BUILT_CLI, more);
      assert.equal(r.code, 0, r.stderr);
      assert.doesNotMatch(r.stderr, /workspace's daemon/);
    }
    assert.equal(cli(['stop']).stdout, `No daemon serves ${root}.\n`);
  });

  function runAsync(args: readonly string[]): Promise<CliRun> {
    return new Promise((resolve) => {
      const child = spawn(process.execPath, [BUILT_CLI, '--root', root, ...args], { cwd: root, env });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d) => (stdout += d));
      child.stderr.on('data', (d) => (stderr += d));
      child.on('close', (code) => resolve({ code, stdout, stderr }));
    });
  }
});

function daemonPid(stderr: string): number {
  const pid = /answered by the workspace's daemon \(pid (\d+)/.exec(stderr)?.[1];
  assert.ok(pid, `answered by a daemon:\n${stderr}`);
  return Number(pid);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until(done: () => boolean, withinMs = 10_000): Promise<void> {
  for (const deadline = Date.now() + withinMs; !done(); ) {
    assert.ok(Date.now() < deadline, `not within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function listFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? listFiles(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}
