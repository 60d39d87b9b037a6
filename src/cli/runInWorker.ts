import { Worker } from 'worker_threads';
import { cliOutOfMemoryText } from '../worker/failureTexts';
import { graphWorkerResourceLimits } from '../worker/WorkerClient';
import type { CliIo } from './runCommand';

/** What the CLI's worker thread sends back: its output, in order, then its exit code. */
export type CliWorkerMessage = { kind: 'stdout' | 'stderr'; text: string } | { kind: 'done'; code: number };

/** The `workerData` that makes the CLI bundle run a command instead of starting as a process. */
export interface CliWorkerData {
  tsCodeGraphCli: { argv: string[]; cwd: string; terminal?: boolean };
}

/**
 * Runs a command of the CLI in a worker thread of this same bundle (`entry`), under the graph
 * worker's heap limit (`heapMb`, see heapLimit) and young generation, so that running out of
 * memory ends the worker and not this thread: this thread then says what happened and which
 * setting raises the limit, instead of V8's "Reached heap limit" abort and its stack dump. The
 * worker writes nothing itself; its output comes here as messages, in order. Resolves with the
 * exit code (1 after a death).
 *
 * Why a thread and not a child process: the limit is set per thread (resourceLimits), the death is
 * an event with a code (ERR_WORKER_OUT_OF_MEMORY) rather than a signal and text on stderr to parse,
 * and the CLI runs under exactly the limits the extension's and the MCP server's worker have.
 */
export function runCliInWorker(entry: string, argv: string[], io: CliIo, heapMb: number): Promise<number> {
  return new Promise((resolve) => {
    const data: CliWorkerData = { tsCodeGraphCli: { argv, cwd: io.cwd, terminal: io.terminal } };
    const worker = new Worker(entry, { workerData: data, resourceLimits: graphWorkerResourceLimits(heapMb), stdout: true, stderr: true });
    // Anything the worker prints by itself (a library's console.log) goes where it would have gone.
    worker.stdout.on('data', (chunk: Buffer) => io.stderr(chunk.toString()));
    worker.stderr.on('data', (chunk: Buffer) => io.stderr(chunk.toString()));
    let code: number | undefined;
    let death: string | undefined;
    worker.on('message', (message: CliWorkerMessage) => {
      if (message.kind === 'done') code = message.code;
      else io[message.kind](message.text);
    });
    worker.on('error', (err: Error & { code?: string }) => {
      death = err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? cliOutOfMemoryText(heapMb) : `ts-code-graph failed unexpectedly: ${(err.stack ?? err.message).split('\n', 1)[0]}. Please report it with the --verbose output.`;
    });
    worker.on('exit', () => {
      if (code !== undefined && death === undefined) return resolve(code);
      io.stderr(`${death ?? 'ts-code-graph failed unexpectedly: its worker thread ended without an answer. Please report it with the --verbose output.'}\n`);
      resolve(1);
    });
  });
}
