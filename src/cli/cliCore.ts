// Entry of dist/cliCore.js: everything the CLI runs (the core, the bundled TypeScript 6), loaded only
// by what needs it: the worker thread a command that indexes runs in (main.ts loads it there from V8's
// code cache, runInWorker), or the launcher (main.ts) for what indexes nothing there (help, version,
// bad input, `mcp`). The launcher itself stays small, so a query compiles the 11 MB of this bundle
// once, in the worker, and not twice.
import { runCli } from './runCli';
import { CliWorkerData, CliWorkerMessage } from './runInWorker';

export { runCli };

/** Runs the command a CLI worker thread was started for, sending its output and then its exit code. */
export function runCliJob(job: CliWorkerData['tsCodeGraphCli'], post: (message: CliWorkerMessage) => void): Promise<void> {
  return runCli(job.argv, { stdout: (text) => post({ kind: 'stdout', text }), stderr: (text) => post({ kind: 'stderr', text }), cwd: job.cwd, terminal: job.terminal }).then(
    (code) => post({ kind: 'done', code }),
    (err: unknown) => {
      post({ kind: 'stderr', text: `ts-code-graph failed unexpectedly: ${String(err)}\n` });
      post({ kind: 'done', code: 1 });
    },
  );
}
