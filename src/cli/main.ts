// Entry of the `ts-code-graph` bin (bundled to dist/cli.js; the bundler adds the #! banner).
// Only wires the process to runCli, which holds all behaviour and is what tests call.
import { runCli } from './runCli';

// `ts-code-graph export | head` closes the pipe early: that is not an error worth a stack trace.
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code === 'EPIPE') process.exit(0);
  throw err;
});

runCli(process.argv.slice(2), {
  stdout: (s) => void process.stdout.write(s),
  stderr: (s) => void process.stderr.write(s),
  cwd: process.cwd(),
}).then(
  // exitCode, not exit(): lets a piped stdout flush before the process ends.
  (code) => (process.exitCode = code),
  (err: unknown) => {
    process.stderr.write(`ts-code-graph failed unexpectedly: ${String(err)}\n`);
    process.exitCode = 1;
  },
);
