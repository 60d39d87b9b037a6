import * as path from 'path';
import { ask } from '../worker/ask';
import { cliOutOfMemoryText } from '../worker/failureTexts';
import { GraphSupervisor } from '../worker/GraphSupervisor';
import type { HostWords, PrintedAnswer } from '../worker/protocol';
import type { CliGraph, OpenCliGraph } from './cliHost';

/** The CLI's words for its remedies, in the shared failure texts (a command line has no log but --verbose). */
export const CLI_WORDS: HostWords = {
  log: 'the --verbose output',
  rebuild: 'run the command again',
  heap: 'set TS_CODE_GRAPH_WORKER_HEAP_MB to more MB',
  exclude: '--exclude <glob>, once per glob',
};

const KEY = 'root';
/** How long closing waits for the worker to write what it keeps (a graph cache after an update, V8's compiled code). */
const CLOSE_WAIT_MS = 60_000;

export interface WorkerGraphOptions {
  /** The graph worker's entry: dist/worker.js (its thread loads dist/workerCore.js), or the compiled sources' graphWorker.js. */
  workerPath: string;
  /** The worker's heap limit (heapLimit). */
  heapMb: number;
  /** Where the worker's thread keeps V8's compiled code of the core (none: compiled from source). */
  codeCacheDir?: string;
}

/**
 * The CLI's graph: one graph worker, started and supervised by the GraphSupervisor the other hosts
 * use, asked through `ask` (a worker that dies under the question is restarted and asked again; a
 * failure comes back in the shared failure texts). Out of memory keeps the CLI's own advice
 * (cliOutOfMemoryText): a command line names an environment variable and --exclude.
 */
export function workerGraphs(options: WorkerGraphOptions): OpenCliGraph {
  return (workspace, { logger, onProgress }) => {
    let outOfMemory = false;
    const spec = { key: KEY, name: path.basename(workspace.root) || workspace.root, plainLog: true, oneQuestion: true, ...workspace };
    const supervisor: GraphSupervisor = new GraphSupervisor(
      { workerPath: options.workerPath, log: logger, words: CLI_WORDS, worker: { heapMb: options.heapMb, stdoutToStderr: true, codeCacheDir: options.codeCacheDir } },
      {
        // A one-shot answer stops the index it no longer needs: that open then fails, and the answer says all.
        openFolders: () => void supervisor.open(spec, { failed: () => undefined }),
        onProgress: (_key, done, total, projects) => onProgress?.(done, total, projects),
        onStopped: (_failure, memory) => void (outOfMemory = memory),
      },
    );
    supervisor.start();
    const graph: CliGraph = {
      print: (question, format, { what, whole, first }) =>
        ask<PrintedAnswer>(supervisor, CLI_WORDS, logger, {
          what,
          request: (client) => client.request('print', { key: KEY, question, format, whole, first: !!first }, first),
          failed: (text) => ({ kind: 'failed', text: outOfMemory ? cliOutOfMemoryText(options.heapMb) : text }),
        }),
      close: () => supervisor.stop(CLOSE_WAIT_MS),
    };
    return graph;
  };
}
