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

/** The graph worker's entry beside this file (dist/worker.js). */
const WORKER = path.join(__dirname, 'worker.js');

function launch(): void {
  // `ts-code-graph export | head` closes the pipe early: that is not an error worth a stack trace.
  process.stdout.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(0);
    throw err;
  });
  const io = { stdout: (s: string) => void process.stdout.write(s), stderr: (s: string) => void process.stderr.write(s), cwd: process.cwd(), terminal: !!process.stdout.isTTY };
  // TS_CODE_GRAPH_NO_CACHE: nothing read or written in the cache folder, compiled code included.
  const graphs = workerGraphs({ workerPath: WORKER, heapMb: heapLimitMb(process.env[HEAP_ENV]), codeCacheDir: process.env.TS_CODE_GRAPH_NO_CACHE ? undefined : codeCacheDir() });
  runCliHost(process.argv.slice(2), io, graphs, serveMcpBesideThisFile).then(
    // exitCode, not exit(): lets a piped stdout flush before the process ends.
    (code) => (process.exitCode = code),
    (err: unknown) => {
      process.stderr.write(`ts-code-graph failed unexpectedly: ${String(err)}\n`);
      process.exitCode = 1;
    },
  );
}

launch();
