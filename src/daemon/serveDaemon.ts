import * as fs from 'fs';
import * as net from 'net';
import type { Logger } from '../core/Logger';
import { WatchedWorkspace, WatchedWorkspaceOptions } from '../nodehost/WatchedWorkspace';
import type { HostWords, PrintedAnswer } from '../worker/protocol';
import { DAEMON_BUILD_FILES, daemonBuild } from './daemonAddress';
import { DaemonRequest, readLines, writeLine } from './daemonProtocol';

/** What `dist/daemon.js` is started with (one JSON argument, written by the CLI that starts it). */
export interface DaemonOptions extends Pick<WatchedWorkspaceOptions, 'root' | 'tsconfig' | 'toolVersion' | 'workerPath' | 'codeCacheDir' | 'heapMb'> {
  exclude: string[];
  /** The persisted graph's folder: loaded at the start, written after updates, as the MCP server does. */
  cacheDir: string;
  /** Where it listens (daemonAddress). */
  socket: string;
  /** Its log file, named in its failure texts. */
  log: string;
  /** It stops after this long without a command. */
  idleMs: number;
  /** The bundles' build it runs (daemonBuild of `buildDir`): a rebuild or an upgrade replaces it, and it stops. */
  build?: string;
  buildDir?: string;
}

/** How often it checks that its socket, its root and its build are still there (goneReason): else it stops. */
const CHECK_MS = 30_000;
/** How long stopping waits for the worker to write the graph cache of the last edits. */
const CLOSE_WAIT_MS = 10_000;

/**
 * The CLI's daemon: one workspace's graph kept in memory and fresh between commands (a file
 * watcher, as the MCP server's), answering the CLI's commands over a local socket. A command after
 * an edit then costs the CLI's start, the re-index of what the edit reaches and the answer, instead
 * of loading the persisted graph and building a program in a new process. Stops after `idleMs`
 * without a command, on a signal, on a `stop` request, or when its socket or root disappears.
 * Resolves with the exit code; 0 at once when another daemon already serves this address.
 */
export async function serveDaemon(options: DaemonOptions, stderr: (s: string) => void): Promise<number> {
  const listeners = new Set<net.Socket>();
  const log = fanOutLogger(stderr, listeners);
  const words: HostWords = {
    log: `the daemon's log (${options.log})`,
    rebuild: 'run `ts-code-graph stop` in the workspace, then the command again',
    heap: 'set TS_CODE_GRAPH_WORKER_HEAP_MB to more MB',
    exclude: '--exclude <glob>, once per glob',
  };
  const workspace = new WatchedWorkspace({ ...options, words, log, closeWaitMs: CLOSE_WAIT_MS });
  // Warnings about the index that an answer has carried: a later command says them in one line, as a start from the cache does.
  const warned = new Set<string>();
  const warnedOnce = (answer: PrintedAnswer): PrintedAnswer => {
    if (answer.kind === 'failed') return answer;
    const before = answer.index.warnings.every((w) => warned.has(w));
    for (const w of answer.index.warnings) warned.add(w);
    return before ? { ...answer, index: { ...answer.index, warnedBefore: true } } : answer;
  };
  let active = 0;
  let stop!: (reason: string) => void;
  const stopped = new Promise<string>((resolve) => (stop = resolve));
  const idle = idleTimer(options.idleMs, () => active === 0 && stop(`no command for ${Math.round(options.idleMs / 1000)} s`));

  const server = net.createServer((socket) => {
    socket.on('error', () => undefined); // a client gone mid-answer (Ctrl-C): nothing to tell it
    let asked = false;
    readLines(socket, (line) => {
      if (asked) return;
      asked = true;
      let request: DaemonRequest;
      try {
        request = JSON.parse(line) as DaemonRequest;
      } catch {
        return socket.destroy();
      }
      if (request.kind === 'stop') {
        writeLine(socket, { kind: 'stopping', pid: process.pid });
        socket.end();
        return stop('asked to stop (`ts-code-graph stop`)');
      }
      if (request.kind !== 'print') return socket.destroy();
      active++;
      idle.reset();
      if (request.verbose) listeners.add(socket);
      const unsubscribe = request.verbose ? workspace.onProgress((done, total) => writeLine(socket, { kind: 'progress', done, total })) : () => false;
      const first = request.first ? (text: string) => writeLine(socket, { kind: 'first', text }) : undefined;
      workspace
        .print(request.question, request.format, { what: request.what, whole: request.whole, first })
        .then(
          (answer) => writeLine(socket, { kind: 'answer', answer: warnedOnce(answer), pid: process.pid }),
          (err: unknown) => log.error(`${request.what} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`),
        )
        .finally(() => {
          unsubscribe();
          listeners.delete(socket);
          socket.end();
          active--;
          idle.reset();
        });
    });
  });

  if (!(await listen(server, options.socket, log))) return 0;
  log.info(`daemon ${process.pid} serves ${options.root} on ${options.socket}; it stops after ${Math.round(options.idleMs / 1000)} s without a command`);
  workspace.start();
  idle.reset();
  const check = setInterval(() => {
    const reason = goneReason(options);
    if (reason) stop(reason);
  }, CHECK_MS);
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.once(signal, () => stop(`received ${signal}`));

  const reason = await stopped;
  log.info(`daemon ${process.pid} stopping: ${reason}`);
  clearInterval(check);
  idle.clear();
  server.close();
  if (process.platform !== 'win32') fs.rmSync(options.socket, { force: true });
  await workspace.close();
  return 0;
}

/**
 * Why the daemon has no reason to run on, if it has none: its socket removed (a cleaned temporary
 * folder: no command can reach it), its root removed, or its bundles rebuilt or upgraded (the next
 * command starts a daemon of the new build; this one would only hold memory until idle).
 */
export function goneReason(options: Pick<DaemonOptions, 'socket' | 'root' | 'build' | 'buildDir'>): string | undefined {
  if (process.platform !== 'win32' && !fs.existsSync(options.socket)) return 'its socket was removed';
  if (!fs.existsSync(options.root)) return 'its workspace root was removed';
  if (options.build && options.buildDir && daemonBuild(options.buildDir, DAEMON_BUILD_FILES) !== options.build) return 'its build was replaced (a rebuild or an upgrade)';
  return undefined;
}

/**
 * Listens on `socket`. Another daemon already there (it answers a connection): false, this one is
 * not needed (two commands started one each at once). A socket file no process holds (a daemon
 * killed): removed, and listened on.
 */
async function listen(server: net.Server, socket: string, log: Logger): Promise<boolean> {
  for (let attempt = 0; ; attempt++) {
    const error = await new Promise<NodeJS.ErrnoException | undefined>((resolve) => {
      server.once('error', resolve);
      server.listen(socket, () => {
        server.removeListener('error', resolve);
        resolve(undefined);
      });
    });
    if (!error) return true;
    if (error.code !== 'EADDRINUSE' || attempt > 0) throw error;
    if (await answers(socket)) {
      log.info(`another daemon already serves ${socket}: this one (pid ${process.pid}) stops`);
      return false;
    }
    if (process.platform !== 'win32') fs.rmSync(socket, { force: true });
  }
}

function answers(socket: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.connect(socket, () => {
      probe.destroy();
      resolve(true);
    });
    probe.on('error', () => resolve(false));
  });
}

function idleTimer(ms: number, fire: () => void): { reset(): void; clear(): void } {
  let timer: NodeJS.Timeout | undefined;
  return {
    reset() {
      if (timer) clearTimeout(timer);
      timer = setTimeout(fire, ms);
    },
    clear() {
      if (timer) clearTimeout(timer);
    },
  };
}

/** Log lines to the daemon's log (stderr, with the time) and to every client that asked for them (--verbose). */
function fanOutLogger(stderr: (s: string) => void, listeners: ReadonlySet<net.Socket>): Logger {
  const line = (level: 'info' | 'warn' | 'error', text: string): void => {
    stderr(`${new Date().toISOString()} ${level === 'info' ? '' : `${level}: `}${text}\n`);
    for (const socket of listeners) writeLine(socket, { kind: 'log', level, text });
  };
  return { info: (t) => line('info', t), warn: (t) => line('warn', t), error: (t) => line('error', t) };
}
