// Entry of dist/mcp.js: the MCP server (`ts-code-graph mcp`, or `ts-code-graph-mcp`). Thin: the
// graph worker (dist/worker.js beside it) indexes; no compiler is loaded on this thread.
import * as path from 'path';
import { parseCliArgs } from '../cli/parseCliArgs';
import { readVersion } from '../cli/readVersion';
import { resolveWorkspaceArgs } from '../cli/workspaceArgs';
import { graphCacheDir } from './cacheDir';
import { serveMcp } from './serveMcp';
import type { McpWorkspace } from '../cli/runCli';
import { HEAP_ENV, parseHeapMb } from '../worker/heapLimit';

const USAGE = `Usage: ts-code-graph mcp [--root <dir>] [--tsconfig <path>] [--exclude <glob>]...

Serves dependenciesOf, dependentsOf and pathsBetween as MCP tools on stdin/stdout for the
TypeScript/JavaScript workspace at --root (default: the current directory). Logs go to stderr;
the graph is cached under $XDG_CACHE_HOME/ts-code-graph (unset: ~/.cache/ts-code-graph). Stops when
stdin closes.
`;

/**
 * Serve one checked workspace on this process's stdio until stdin closes, a signal (SIGTERM, SIGINT,
 * SIGHUP) arrives or the parent process is gone; resolves with the exit code. Stopping is bounded
 * (see McpSession.close): the process ends within a second, whatever still holds it.
 */
export async function serveMcpOnStdio(workspace: McpWorkspace): Promise<number> {
  const code = await serveMcp({
    ...workspace,
    workerPath: path.join(__dirname, 'worker.js'),
    cacheDir: process.env.TS_CODE_GRAPH_NO_CACHE ? undefined : graphCacheDir(workspace.root, workspace.tsconfig),
    heapMb: parseHeapMb(process.env[HEAP_ENV]),
    version: readVersion(),
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: (s) => void process.stderr.write(s),
    stop: stopRequested(),
  });
  // stdin stays open after a signal; nothing else may keep the process past its exit.
  process.stdin.destroy();
  setTimeout(() => process.exit(code), EXIT_GRACE_MS).unref();
  return code;
}

/** What the process may still flush (stdout, stderr) once the server has stopped. */
const EXIT_GRACE_MS = 300;
/**
 * How often the server checks that the process which started it is still there (`process.ppid`, one
 * cheap system call). Under `npx` a SIGTERM ends npm's `sh -c`, not the server: this check is how it
 * learns, and with the bounded close it must fit in a second (README, MCP).
 */
const PARENT_CHECK_MS = 100;

/**
 * Settles when the server must stop although stdin is open: a signal, or its parent gone. Under
 * `npx` the client's process is npm, which runs us through `sh -c`: a signal the client sends npm
 * may stop npm or the shell and never reach us, leaving stdin open and this process orphaned (its
 * parent id changes). A second signal ends the process at once.
 */
function stopRequested(): Promise<string> {
  return new Promise((resolve) => {
    const parent = process.ppid;
    const watch = setInterval(() => {
      if (process.ppid !== parent) resolve(`the process that started it (pid ${parent}) is gone`);
    }, PARENT_CHECK_MS);
    watch.unref();
    for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) {
      process.once(signal, () => {
        resolve(`received ${signal}`);
        process.once(signal, () => process.exit(1));
      });
    }
  });
}

async function main(argv: string[]): Promise<number> {
  const request = parseCliArgs(['mcp', ...argv]);
  if (request.kind === 'help') {
    process.stdout.write(USAGE);
    return 0;
  }
  if (request.kind === 'version') {
    process.stdout.write(`${readVersion()}\n`);
    return 0;
  }
  if (request.kind === 'bad-input') {
    process.stderr.write(`${request.message}\n${USAGE}`);
    return 2;
  }
  const workspace = resolveWorkspaceArgs(process.cwd(), request.options);
  if (typeof workspace === 'string') {
    process.stderr.write(`${workspace}\n`);
    return 2;
  }
  return serveMcpOnStdio({ ...workspace, exclude: request.options.exclude });
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      process.stderr.write(`ts-code-graph mcp failed unexpectedly: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
      process.exit(1);
    },
  );
}
