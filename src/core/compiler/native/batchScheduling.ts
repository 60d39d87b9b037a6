import * as childProcess from 'child_process';
import * as fs from 'fs';
import * as path from 'path';

/**
 * The native compiler's threads as Linux batch work (SCHED_BATCH), set by util-linux's `chrt` just
 * after the process starts (threads it makes later inherit the policy).
 *
 * Why: every request we write wakes the process's reader thread, and a woken thread of the normal
 * policy may take the CPU of the thread that woke it. Ours then waits while the compiler answers,
 * even where it was meant to walk the next file meanwhile (overlap.ts) and the second core was idle.
 * A batch thread never preempts on waking; it runs where a core is free, or at our thread's turn.
 * On @loopback/repository (two cores) the 402 writes of a full index took 56-82 ms with the default
 * policy and 20-23 ms as batch work; the index 4-5 % less. The compiler is background work for the
 * editor too: it no longer preempts the editor's threads either.
 *
 * Where `chrt` is missing, or on another platform, nothing changes (the log says so once).
 * TS_CODE_GRAPH_NATIVE_BATCH=0 leaves the policy alone (for comparing).
 */

/**
 * The system's folders only, never PATH: a PATH holding a relative or a workspace's folder (`.`,
 * `node_modules/.bin`) would run a `chrt` a workspace brings.
 */
const SYSTEM_FOLDERS = ['/usr/bin', '/bin', '/usr/sbin', '/sbin', '/usr/local/bin'];

function findChrt(): string | null {
  for (const dir of SYSTEM_FOLDERS) {
    const candidate = path.join(dir, 'chrt');
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

/**
 * Asks for process `pid`'s threads to run as batch work, without waiting for it (the request takes
 * a few milliseconds while the compiler starts anyway). Returns why not, where it cannot.
 */
export function scheduleAsBatch(pid: number): string | undefined {
  if (process.platform !== 'linux') return undefined;
  if (process.env.TS_CODE_GRAPH_NATIVE_BATCH === '0') return 'TS_CODE_GRAPH_NATIVE_BATCH=0';
  // Looked up at each start (a few stat calls): a system folder may gain or lose it.
  const chrt = findChrt();
  if (!chrt) return `no chrt (util-linux) in ${SYSTEM_FOLDERS.join(', ')}`;
  try {
    const child = childProcess.spawn(chrt, ['--all-tasks', '--batch', '--pid', '0', String(pid)], { stdio: 'ignore' });
    child.on('error', () => undefined);
    child.unref();
  } catch (err) {
    return `chrt did not start (${(err as Error).message})`;
  }
  return undefined;
}
