import { spawn } from 'child_process';
import * as fs from 'fs';
import * as net from 'net';
import * as path from 'path';
import { setTimeout as sleep } from 'timers/promises';
import { Logger, silentLogger } from '../core/Logger';
import { DaemonAddress, daemonAddress, daemonIdleMs, daemonKey } from '../daemon/daemonAddress';
import { DaemonMessage, DaemonRequest, readLines, writeLine } from '../daemon/daemonProtocol';
import type { DaemonOptions } from '../daemon/serveDaemon';
import type { PrintedAnswer } from '../worker/protocol';
import type { CliGraph, CliWorkspace, OpenCliGraph, StopDaemon } from './cliHost';

export interface DaemonGraphOptions {
  /** dist/daemon.js, or the compiled sources' daemon/main.js (tests). */
  daemonPath: string;
  /** What the daemon runs its graph worker from, and where it keeps the worker core's compiled code. */
  workerPath: string;
  codeCacheDir?: string;
  heapMb?: number;
  /** The bundles' build (daemonBuild): part of the daemon's key. */
  build: string;
  toolVersion: string;
  env: NodeJS.ProcessEnv;
  /** The graph without a daemon: the graph worker in this process (workerGraphs). */
  withoutDaemon: OpenCliGraph;
  /** Where a daemon's failure is said (the answer then comes without it): stderr. */
  stderr(s: string): void;
}

/** How long a command waits for the daemon it started to listen (it does before it indexes: well under a second). */
const START_WAIT_MS = 15_000;
/** Its log is started again when it has grown past this. */
const LOG_MAX_BYTES = 4 * 1024 * 1024;

/**
 * The CLI's graph through the workspace's daemon (serveDaemon.ts): started by the first command
 * that finds none, asked by every later one, so a command after an edit costs the CLI's start and
 * the re-index of what the edit reaches. A daemon that cannot be started or reached, or that dies
 * under the question, costs that command the daemon, not the answer: it is asked of the graph
 * worker in this process (`withoutDaemon`), and stderr says why.
 */
export function daemonGraphs(options: DaemonGraphOptions): OpenCliGraph {
  return (workspace, log) => {
    const cacheDir = workspace.cacheDir;
    const address = cacheDir === undefined ? undefined : addressOf(workspace, cacheDir, options);
    if (!address || cacheDir === undefined) return options.withoutDaemon(workspace, log);
    let fallback: CliGraph | undefined;
    return {
      async print(question, format, opts) {
        const request: DaemonRequest = { kind: 'print', question, format, what: opts.what, whole: opts.whole, first: !!opts.first, verbose: log.logger !== silentLogger };
        try {
          const socket = await connectOrStart(address, () => startDaemon(address, { ...options, workspace, cacheDir }), log.logger);
          const { answer, pid } = await askDaemon(socket, request, log.logger, log.onProgress, opts.first);
          log.logger.info(`answered by the workspace's daemon (pid ${pid}; its log: ${address.log})`);
          return answer;
        } catch (err) {
          options.stderr(`ts-code-graph: note: the workspace's daemon ${err instanceof Error ? err.message : String(err)} (its log: ${address.log}); answering without it.\n`);
          fallback = options.withoutDaemon(workspace, log);
          return fallback.print(question, format, opts);
        }
      },
      close: async () => fallback?.close(),
    };
  };
}

/** How long `stop` waits for the daemon to end (it writes the graph cache of the last edits first). */
const STOP_WAIT_MS = 15_000;

/** `ts-code-graph stop`: asks the workspace's daemon (as this build and environment key it) to stop, and waits until it has. */
export function stopDaemon(options: Pick<DaemonGraphOptions, 'build' | 'env'>): StopDaemon {
  return async (workspace) => {
    const none = `No daemon serves ${workspace.root}.`;
    if (workspace.cacheDir === undefined) return `${none} (--no-cache never starts one.)`;
    const address = addressOf(workspace, workspace.cacheDir, options);
    if (!address) return none;
    let socket: net.Socket;
    try {
      socket = await connect(address.socket);
    } catch {
      return none;
    }
    const pid = await new Promise<number | undefined>((resolve) => {
      readLines(socket, (line) => {
        const message = parseMessage(line);
        if (message?.kind === 'stopping') resolve(message.pid);
      });
      socket.on('close', () => resolve(undefined));
      socket.on('error', () => resolve(undefined));
      writeLine(socket, { kind: 'stop' });
    });
    if (pid === undefined) return `The daemon of ${workspace.root} did not confirm it stops (its log: ${address.log}).`;
    for (const deadline = Date.now() + STOP_WAIT_MS; alive(pid); ) {
      if (Date.now() > deadline) return `The daemon of ${workspace.root} (pid ${pid}) is stopping; it has not ended within ${STOP_WAIT_MS / 1000} s (its log: ${address.log}).`;
      await sleep(20);
    }
    return `Stopped the daemon of ${workspace.root} (pid ${pid}).`;
  };
}

/** The workspace's daemon's address, as this build and environment key it (daemonKey). */
function addressOf(workspace: CliWorkspace, cacheDir: string, options: Pick<DaemonGraphOptions, 'build' | 'env'>): DaemonAddress | undefined {
  return daemonAddress(daemonKey({ ...workspace, exclude: workspace.exclude ?? [], cacheDir, build: options.build }, options.env));
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Connects to the daemon; none listening (no socket, or one a killed daemon left): starts one and waits for it to listen. */
async function connectOrStart(address: DaemonAddress, start: () => { exited(): string | undefined }, logger: Logger): Promise<net.Socket> {
  try {
    return await connect(address.socket);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'ECONNREFUSED') throw new Error(`could not be reached (${code ?? String(err)})`);
  }
  logger.info(`starting the workspace's daemon (its log: ${address.log})`);
  const started = start();
  const deadline = Date.now() + START_WAIT_MS;
  for (;;) {
    try {
      return await connect(address.socket);
    } catch (err) {
      // Ours ended and nobody listens (a daemon that loses the socket to another command's ends only once that one answers).
      const exit = started.exited();
      if (exit !== undefined) throw new Error(`ended before it listened (${exit})`);
      if (Date.now() > deadline) throw new Error(`did not start within ${START_WAIT_MS / 1000} s (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
      await sleep(20);
    }
  }
}

/** A line of the daemon's, or undefined for one that is not JSON (protocol garbage is no crash of the command). */
function parseMessage(line: string): DaemonMessage | undefined {
  try {
    return JSON.parse(line) as DaemonMessage;
  } catch {
    return undefined;
  }
}

function connect(socket: string): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const s = net.connect(socket, () => {
      s.removeListener('error', reject);
      resolve(s);
    });
    s.once('error', reject);
  });
}

/** Sends the request; passes the daemon's log lines, progress and first answer on; resolves with its answer. */
function askDaemon(
  socket: net.Socket,
  request: DaemonRequest,
  logger: Logger,
  onProgress: ((done: number, total: number) => void) | undefined,
  first: ((text: string) => void) | undefined,
): Promise<{ answer: PrintedAnswer; pid: number }> {
  return new Promise((resolve, reject) => {
    let answered = false;
    readLines(socket, (line) => {
      const message = parseMessage(line);
      if (!message) {
        socket.destroy();
        return reject(new Error('answered with a line that is not JSON'));
      }
      switch (message.kind) {
        case 'log':
          return logger[message.level](message.text);
        case 'progress':
          return onProgress?.(message.done, message.total);
        case 'first':
          return first?.(message.text);
        case 'answer':
          answered = true;
          socket.end();
          return resolve({ answer: message.answer, pid: message.pid });
      }
    });
    socket.on('error', (err) => reject(new Error(`failed while answering (${err.message})`)));
    socket.on('close', () => {
      if (!answered) reject(new Error('closed the connection before it answered'));
    });
    writeLine(socket, request);
  });
}

/** Starts the daemon detached (it outlives this command), its stderr appended to its log; `exited` says how it ended, if it has. */
function startDaemon(address: DaemonAddress, o: DaemonGraphOptions & { workspace: CliWorkspace; cacheDir: string }): { exited(): string | undefined } {
  if (!fs.existsSync(o.daemonPath)) throw new Error(`is missing (${o.daemonPath}): this installation is incomplete; reinstall ts-code-graph, or run \`npm run build\` in its repository`);
  const { root, tsconfig, exclude } = o.workspace;
  const args: DaemonOptions = {
    root,
    ...(tsconfig ? { tsconfig } : {}),
    exclude: exclude ?? [],
    cacheDir: o.cacheDir,
    toolVersion: o.toolVersion,
    socket: address.socket,
    log: address.log,
    idleMs: daemonIdleMs(o.env),
    workerPath: o.workerPath,
    build: o.build,
    buildDir: path.dirname(o.daemonPath),
    ...(o.codeCacheDir ? { codeCacheDir: o.codeCacheDir } : {}),
    ...(o.heapMb ? { heapMb: o.heapMb } : {}),
  };
  const size = fs.statSync(address.log, { throwIfNoEntry: false })?.size ?? 0;
  const out = fs.openSync(address.log, size > LOG_MAX_BYTES ? 'w' : 'a', 0o600);
  let exit: string | undefined;
  try {
    const child = spawn(process.execPath, [o.daemonPath, JSON.stringify(args)], { detached: true, stdio: ['ignore', out, out], cwd: root, env: o.env, windowsHide: true });
    child.on('error', (err) => (exit = err.message));
    child.on('exit', (code, signal) => (exit = signal ? `signal ${signal}` : `exit code ${code}`));
    child.unref();
  } finally {
    fs.closeSync(out);
  }
  return { exited: () => exit };
}
