import * as fs from 'fs';
import * as path from 'path';
import type { IndexOptions } from '../core/indexer/indexWorkspace';
import { heapLimitMb, HEAP_ENV } from '../worker/heapLimit';
import { printAnswer } from '../worker/printAnswer';
import type { Workspace } from '../nodehost/workspaceArgs';
import { OpenCliGraph, runCliHost } from './cliHost';
import { CliIo, QueryableGraph } from './runCommand';
import { workerGraphs } from './workerGraphs';
import { serveMcpBesideThisFile } from './serveMcpBeside';

/** What `mcp` serves (the Node host kit's Workspace). */
export type McpWorkspace = Workspace;

export interface CliDeps {
  /**
   * A graph in this process instead of the graph worker: tests pass a memoized `CodeGraph.open` (one
   * index per fixture) or a hand-built graph. It is printed by the worker's own `printAnswer`.
   */
  openGraph?(options: IndexOptions): Promise<QueryableGraph>;
  /** The graph worker's entry (default: the compiled sources' graphWorker.js, or dist/worker.js beside a bundle). */
  workerPath?: string;
  /** `mcp`: serve until stdin closes (default: dist/mcp.js beside the CLI bundle). */
  serveMcp?(workspace: McpWorkspace): Promise<number>;
}

/**
 * `ts-code-graph <command>` as tests and the sources run it: the host (cliHost.ts) asking the graph
 * worker through the host kit, or, with `deps.openGraph`, a graph in this process. Returns the exit
 * code and never throws. The bin (main.ts) runs the same host with the worker in its own bundle.
 */
export function runCli(argv: string[], io: CliIo, deps: CliDeps = {}): Promise<number> {
  const openGraph = deps.openGraph ? inProcess(deps.openGraph) : workerGraphs({ workerPath: deps.workerPath ?? defaultWorkerPath(), heapMb: heapLimitMb(process.env[HEAP_ENV]) });
  const serveMcp = (workspace: Workspace, hostIo: CliIo): Promise<number> => (deps.serveMcp ? deps.serveMcp(workspace) : serveMcpBesideThisFile(workspace, hostIo));
  return runCliHost(argv, io, openGraph, serveMcp);
}

/** A graph opened in this process (tests), printed as the worker prints. */
function inProcess(open: (options: IndexOptions) => Promise<QueryableGraph>): OpenCliGraph {
  return (workspace, { logger, onProgress }) => {
    const { root, tsconfig, exclude, cacheDir, toolVersion } = workspace;
    const opened = open({ root, tsconfig, exclude, logger, onProgress, ...(cacheDir ? { cacheDir, toolVersion } : {}) });
    return {
      print: async (question, format) => printAnswer(await opened, question, format),
      close: async () => undefined,
    };
  };
}

/** The compiled sources' worker (out/src/worker/graphWorker.js), else dist/worker.js beside this bundle. */
function defaultWorkerPath(): string {
  const sources = path.join(__dirname, '..', 'worker', 'graphWorker.js');
  return fs.existsSync(sources) ? sources : path.join(__dirname, 'worker.js');
}
