// Entry of the `ts-code-graph` bin (bundled to dist/cli.js; the bundler adds the #! banner).
// Only wires the process to runCli, which holds all behaviour and is what tests call. A command
// that indexes runs in a worker thread of this same file, under the graph worker's heap limit
// (runInWorker): running out of memory then ends the thread, and this one says what to do.
import { isMainThread, parentPort, workerData } from 'worker_threads';
import { HEAP_ENV, heapLimitMb } from '../worker/heapLimit';
import { parseCliArgs } from './parseCliArgs';
import { runCli } from './runCli';
import { CliWorkerData, CliWorkerMessage, runCliInWorker } from './runInWorker';

const job = isMainThread ? undefined : (workerData as Partial<CliWorkerData> | undefined)?.tsCodeGraphCli;
if (job) {
  const post = (message: CliWorkerMessage): void => parentPort!.postMessage(message);
  runCli(job.argv, { stdout: (text) => post({ kind: 'stdout', text }), stderr: (text) => post({ kind: 'stderr', text }), cwd: job.cwd, terminal: job.terminal }).then(
    (code) => post({ kind: 'done', code }),
    (err: unknown) => {
      post({ kind: 'stderr', text: `ts-code-graph failed unexpectedly: ${String(err)}\n` });
      post({ kind: 'done', code: 1 });
    },
  );
} else if (isMainThread) {
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
  (indexes ? runCliInWorker(__filename, argv, io, heapLimitMb(process.env[HEAP_ENV])) : runCli(argv, io)).then(
    // exitCode, not exit(): lets a piped stdout flush before the process ends.
    (code) => (process.exitCode = code),
    (err: unknown) => {
      process.stderr.write(`ts-code-graph failed unexpectedly: ${String(err)}\n`);
      process.exitCode = 1;
    },
  );
}
