import { createHash } from 'crypto';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { realPathOf } from '../core/indexer/workspaceRoot';

/** `TS_CODE_GRAPH_DAEMON`: 0 (or off, false) never uses one; 1 (on, true) uses one in CI too; unset: one unless CI is set. */
export const DAEMON_ENV = 'TS_CODE_GRAPH_DAEMON';
/** Seconds a daemon waits for its next command before it stops (default DEFAULT_IDLE_S). */
export const DAEMON_IDLE_ENV = 'TS_CODE_GRAPH_DAEMON_IDLE_S';
/** A quarter of an hour: an agent's pauses between questions, short enough not to hold a big graph's memory all day. */
export const DEFAULT_IDLE_S = 15 * 60;

/** What a daemon serves: one workspace, as one CLI build with one environment would index it. */
export interface DaemonIdentity {
  root: string;
  tsconfig?: string;
  exclude: readonly string[];
  /** The persisted graph's folder (graphCacheDir): a daemon writes there, so another folder is another daemon. */
  cacheDir: string;
  /** The bundles' build (daemonBuild): a new build never asks an old daemon. */
  build: string;
}

/**
 * Whether the CLI asks a daemon: not with TS_CODE_GRAPH_NO_CACHE (a daemon is a cache; `--no-cache`
 * leaves the command no cache folder, and daemonGraphs none to key one by), not when switched off, not
 * in CI unless switched on.
 */
export function daemonWanted(env: NodeJS.ProcessEnv): boolean {
  if (env.TS_CODE_GRAPH_NO_CACHE) return false;
  const setting = (env[DAEMON_ENV] ?? '').trim().toLowerCase();
  if (['0', 'off', 'false', 'no'].includes(setting)) return false;
  if (['1', 'on', 'true', 'yes'].includes(setting)) return true;
  // CI runs one command on a fresh machine: a process left behind there only holds the job open.
  const ci = (env.CI ?? '').trim().toLowerCase();
  return ci === '' || ci === '0' || ci === 'false';
}

/** The idle stop in milliseconds (DAEMON_IDLE_ENV, else a quarter of an hour). */
export function daemonIdleMs(env: NodeJS.ProcessEnv): number {
  const s = Number(env[DAEMON_IDLE_ENV]);
  return (Number.isFinite(s) && s > 0 ? s : DEFAULT_IDLE_S) * 1000;
}

/** The bundles whose build keys a daemon: the CLI's, the daemon's and the graph worker's (daemonBuild). */
export const DAEMON_BUILD_FILES = ['cli.js', 'daemon.js', 'worker.js', 'workerCore.js'] as const;

/**
 * The bundles' build, from the files a daemon runs (dist/daemon.js, the worker's core beside it): a
 * rebuild or an upgrade changes their size or time, so its CLI starts a daemon of its own and the
 * old one stops (serveDaemon's goneReason).
 */
export function daemonBuild(dir: string, files: readonly string[]): string {
  return files
    .map((f) => {
      const s = fs.statSync(path.join(dir, f), { throwIfNoEntry: false });
      return s ? `${f}:${s.size}:${s.mtimeMs}` : `${f}:-`;
    })
    .join('|');
}

/**
 * The daemon's key: the workspace (real paths), the build, and every setting of ours in the
 * environment (which compiler, heap and memory budgets...) but the daemon's own. A command with
 * another environment gets another daemon, never a graph built under other settings.
 */
export function daemonKey(id: DaemonIdentity, env: NodeJS.ProcessEnv): string {
  const settings = Object.keys(env)
    .filter((k) => (k.startsWith('TS_CODE_GRAPH_') && !k.startsWith(DAEMON_ENV)) || k === 'GOMEMLIMIT' || k === 'GOGC')
    .sort()
    .map((k) => `${k}=${env[k]}`);
  const parts = [realPathOf(id.root), id.tsconfig === undefined ? '' : realPathOf(id.tsconfig), ...[...id.exclude].sort(), id.cacheDir, id.build, ...settings];
  return createHash('sha256').update(parts.join('\0')).digest('hex').slice(0, 20);
}

export interface DaemonAddress {
  /** Where it listens: a Unix socket in a folder only this user may enter, or a Windows named pipe. */
  socket: string;
  /** Its log (stderr), beside the socket. */
  log: string;
}

/**
 * A daemon's address for `key`, the folder created when missing. Undefined when that folder is not
 * safely ours (another user's, a link): then no daemon is used, rather than talking to one we did not start.
 */
export function daemonAddress(key: string, platform: NodeJS.Platform = process.platform): DaemonAddress | undefined {
  const uid = typeof process.getuid === 'function' ? process.getuid() : undefined;
  const dir = path.join(os.tmpdir(), `ts-code-graph-${uid ?? os.userInfo().username.replace(/[^\w.-]+/g, '_')}`);
  try {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    const s = fs.lstatSync(dir);
    if (!s.isDirectory() || (uid !== undefined && s.uid !== uid) || (platform !== 'win32' && (s.mode & 0o077) !== 0)) return undefined;
  } catch {
    return undefined;
  }
  const socket = platform === 'win32' ? `\\\\.\\pipe\\ts-code-graph-${path.basename(dir)}-${key}` : path.join(dir, `${key}.sock`);
  // A Unix socket's path has room for about 100 bytes (104 on macOS, 108 on Linux).
  if (platform !== 'win32' && Buffer.byteLength(socket) > 100) return undefined;
  return { socket, log: path.join(dir, `${key}.log`) };
}
