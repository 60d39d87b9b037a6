// Entry of dist/cliCore.js: everything the CLI runs (the core, the bundled TypeScript 6), loaded only
// by what needs it: the worker thread a command that indexes runs in (runInWorker), or the launcher
// (main.ts) for what indexes nothing there (help, version, bad input, `mcp`). The launcher itself
// stays small, so a query compiles the 11 MB of this bundle once, in the worker, and not twice.
import { isMainThread, parentPort, workerData } from 'worker_threads';
import { runCli } from './runCli';
import { CliWorkerData, CliWorkerMessage } from './runInWorker';

export { runCli };

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
}
