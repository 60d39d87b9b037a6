// Entry of the `ts-code-graph` bin (bundled to dist/cli.js; the bundler adds the #! banner): a thin
// host. Its main thread parses the arguments and asks the graph worker through the host kit (cliHost,
// workerGraphs); the graph worker is a thread of dist/worker.js (worker/workerLoader.ts), which loads
// dist/workerCore.js (the core and the worker) from V8's code cache (codeCache.ts) and serves the
// worker protocol. The core is never loaded into the main thread.
import * as path from 'path';
import { HEAP_ENV, heapLimitMb } from '../worker/heapLimit';
import { codeCacheDir } from '../nodehost/cacheDir';
import { runCliHost } from './cliHost';
import { serveMcpBesideThisFile } from './serveMcpBeside';
import { workerGraphs } from './workerGraphs';
import { daemonGraphs, stopDaemon } from './daemonGraphs';
import { DAEMON_BUILD_FILES, daemonBuild, daemonWanted } from '../daemon/daemonAddress';
import { readVersion } from '../nodehost/readVersion';

/** The graph worker's entry beside this file (dist/worker.js). */
const WORKER = path.join(__dirname, 'worker.js');
/** The daemon's entry beside this file (dist/daemon.js). */
const DAEMON = path.join(__dirname, 'daemon.js');

function launch(): void {
  // `ts-code-graph export | head` closes the pipe early: that is not an error worth a stack trace.
  process.stdout.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(0);
    throw err;
  });
  const io = { stdout: (s: string) => void process.stdout.write(s), stderr: (s: string) => void process.stderr.write(s), cwd: process.cwd(), terminal: !!process.stdout.isTTY };
  // TS_CODE_GRAPH_NO_CACHE: nothing read or written in the cache folder, compiled code included.
  const heapMb = heapLimitMb(process.env[HEAP_ENV]);
  const code = process.env.TS_CODE_GRAPH_NO_CACHE ? undefined : codeCacheDir();
  const inThisProcess = workerGraphs({ workerPath: WORKER, heapMb, codeCacheDir: code });
  // The workspace's daemon (README: the daemon) unless switched off, in CI, or without the cache.
  const build = daemonBuild(__dirname, DAEMON_BUILD_FILES);
  const graphs = daemonWanted(process.env)
    ? daemonGraphs({ daemonPath: DAEMON, workerPath: WORKER, codeCacheDir: code, heapMb, build, toolVersion: readVersion(), env: process.env, withoutDaemon: inThisProcess, stderr: io.stderr })
    : inThisProcess;
  runCliHost(process.argv.slice(2), io, graphs, serveMcpBesideThisFile, stopDaemon({ build, env: process.env })).then(
    // exitCode, not exit(): lets a piped stdout flush before the process ends.
    (code) => (process.exitCode = code),
    (err: unknown) => {
      process.stderr.write(`ts-code-graph failed unexpectedly: ${String(err)}\n`);
      process.exitCode = 1;
    },
  );
}

launch();
