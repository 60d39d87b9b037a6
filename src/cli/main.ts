// Entry of the `ts-code-graph` bin (bundled to dist/cli.js; the bundler adds the #! banner): a small
// launcher. It reads the arguments; a command that indexes runs in a worker thread of this same file
// (runInWorker), under the graph worker's heap limit: running out of memory then ends the thread, and
// this one says what to do. In that thread, this file loads dist/cliCore.js (cliCore.ts: runCli, which
// holds all behaviour and is what tests call) from V8's code cache (codeCache.ts) and runs the command.
// Anything else loads runCli here (from the code cache too). The core is never loaded into this thread for a query.
import * as path from 'path';
import { isMainThread, parentPort, workerData } from 'worker_threads';
import { HEAP_ENV, heapLimitMb } from '../worker/heapLimit';
import { codeCacheDir } from '../nodehost/cacheDir';
import { CachedModule, requireWithCodeCache } from './codeCache';
import { parseCliArgs } from './parseCliArgs';
import { CliWorkerData, CliWorkerMessage, runCliInWorker } from './runInWorker';

/** The CLI's core bundle beside this file (dist/cliCore.js; out/src/cli/cliCore.js from the sources). */
const CORE = path.join(__dirname, 'cliCore.js');


function launch(): void {
  // `ts-code-graph export | head` closes the pipe early: that is not an error worth a stack trace.
  process.stdout.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(0);
    throw err;
  });
  const argv = process.argv.slice(2);
  const io = { stdout: (s: string) => void process.stdout.write(s), stderr: (s: string) => void process.stderr.write(s), cwd: process.cwd(), terminal: !!process.stdout.isTTY };
  const request = parseCliArgs(argv);
  // Help, version, bad input and `mcp` (whose own worker indexes) index nothing here.
  const indexes = request.kind === 'run' && request.command.name !== 'mcp';
  const core = indexes ? undefined : loadCore();
  // Read here, written only by the worker after a command that indexes: the code a query runs is in it then.
  const run = core ? (core.exports as typeof import('./cliCore')).runCli(argv, io) : runCliInWorker(__filename, argv, io, heapLimitMb(process.env[HEAP_ENV]));
  run.then(
    // exitCode, not exit(): lets a piped stdout flush before the process ends.
    (code) => (process.exitCode = code),
    (err: unknown) => {
      process.stderr.write(`ts-code-graph failed unexpectedly: ${String(err)}\n`);
      process.exitCode = 1;
    },
  );
}

/** The core bundle, from V8's code cache when there is one (TS_CODE_GRAPH_NO_CACHE: nothing read or written in the cache folder, compiled code included). */
function loadCore(): CachedModule {
  return requireWithCodeCache(CORE, process.env.TS_CODE_GRAPH_NO_CACHE ? undefined : codeCacheDir());
}

/** In the worker thread runInWorker started: the core from the code cache, the command, then the code cache written if it was not used. */
function runJob(job: CliWorkerData['tsCodeGraphCli']): void {
  const post = (message: CliWorkerMessage): void => parentPort!.postMessage(message);
  let core: CachedModule;
  try {
    core = loadCore();
  } catch (err) {
    post({ kind: 'stderr', text: `ts-code-graph failed unexpectedly: ${String(err)}\n` });
    post({ kind: 'done', code: 1 });
    return;
  }
  void (core.exports as typeof import('./cliCore')).runCliJob(job, post).then(() => core.saveCodeCache());
}

const job = isMainThread ? undefined : (workerData as Partial<CliWorkerData> | undefined)?.tsCodeGraphCli;
if (job) runJob(job);
else if (isMainThread) launch();
