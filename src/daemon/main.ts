// Entry of dist/daemon.js: the CLI's daemon (serveDaemon.ts), started by the CLI itself, detached,
// its stderr in its log file beside its socket. Thin: the graph worker (dist/worker.js, a thread)
// indexes; no compiler is loaded on this thread.
import type { DaemonOptions } from './serveDaemon';
import { serveDaemon } from './serveDaemon';

if (require.main === module) {
  let options: DaemonOptions | undefined;
  try {
    options = JSON.parse(process.argv[2] ?? '') as DaemonOptions;
  } catch {
    process.stderr.write('ts-code-graph daemon: started without its options; the CLI starts it (ts-code-graph <command>), not a person.\n');
    process.exit(2);
  }
  process.on('uncaughtException', (err) => {
    process.stderr.write(`${new Date().toISOString()} error: the daemon failed unexpectedly: ${err.stack ?? err.message}\n`);
    process.exit(1);
  });
  serveDaemon(options, (s) => void process.stderr.write(s)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      process.stderr.write(`${new Date().toISOString()} error: the daemon could not start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
      process.exit(1);
    },
  );
}
