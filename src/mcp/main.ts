// Entry of dist/mcp.js: the MCP server (`ts-code-graph mcp`, or `ts-code-graph-mcp`). Thin: the
// graph worker (dist/worker.js, a thread) indexes; no compiler is loaded on this thread.
import * as path from 'path';
import { parseArgs } from 'node:util';
import { readVersion } from '../nodehost/readVersion';
import { EXCLUDE_NEEDS_GLOB, Workspace, resolveWorkspaceArgs } from '../nodehost/workspaceArgs';
import { codeCacheDir, graphCacheDir } from '../nodehost/cacheDir';
import { serveMcp } from './serveMcp';
import { TOOL_QUERIES } from '../core/query/queries';
import { HEAP_ENV, parseHeapMb } from '../worker/heapLimit';

const TOOL_NAMES = TOOL_QUERIES.map((q) => q.name);

const USAGE = `Usage: ts-code-graph mcp [--root <dir>] [--tsconfig <path>] [--exclude <glob>]...

Serves ${TOOL_NAMES.slice(0, -1).join(', ')} and ${TOOL_NAMES[TOOL_NAMES.length - 1]} as MCP tools on stdin/stdout for the
TypeScript/JavaScript workspace at --root (default: the current directory). Logs go to stderr;
the graph is cached under $XDG_CACHE_HOME/ts-code-graph (unset: ~/.cache/ts-code-graph). Stops when
stdin closes.
`;

/**
 * Serve one checked workspace on this process's stdio until stdin closes, a signal (SIGTERM, SIGINT,
 * SIGHUP) arrives or the parent process is gone; resolves with the exit code. Stopping is bounded
 * (see WatchedWorkspace.close): the process ends within a second, whatever still holds it.
 */
export async function serveMcpOnStdio(workspace: Workspace): Promise<number> {
  const noCache = !!process.env.TS_CODE_GRAPH_NO_CACHE;
  const code = await serveMcp({
    ...workspace,
    ...graphWorker(noCache),
    cacheDir: noCache ? undefined : graphCacheDir(workspace.root, workspace.tsconfig),
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

/**
 * The graph worker beside this file (dist/worker.js), which loads the core from V8's code cache in
 * the user's cache folder (compiling the core costs a worker's start 0.2-0.4 s); `--no-cache`: none.
 */
function graphWorker(noCache: boolean): { workerPath: string; codeCacheDir?: string } {
  return { workerPath: path.join(__dirname, 'worker.js'), codeCacheDir: noCache ? undefined : codeCacheDir() };
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

const OPTIONS = {
  root: { type: 'string' },
  tsconfig: { type: 'string' },
  exclude: { type: 'string', multiple: true },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean' },
} as const;

/** The server's own command line (`ts-code-graph-mcp`): the workspace options, help and version; else the message for bad input. */
function parseMcpArgs(argv: string[]): { kind: 'help' } | { kind: 'version' } | { kind: 'run'; root?: string; tsconfig?: string; exclude: string[] } | string {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, strict: true, options: OPTIONS });
  } catch (err) {
    const unknown = (err as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && /'([^']+)'/.exec(String((err as Error).message))?.[1];
    if (unknown) return `Unknown option '${unknown}'. Options: ${Object.keys(OPTIONS).map((o) => `--${o}`).join(', ')}.`;
    return err instanceof Error ? err.message : String(err);
  }
  const { values, positionals } = parsed;
  if (values.help) return { kind: 'help' };
  if (values.version) return { kind: 'version' };
  if (positionals.length > 0) return `mcp takes no arguments, got ${positionals.length}. Usage: ts-code-graph mcp`;
  const exclude = values.exclude ?? [];
  if (exclude.some((g) => g.trim() === '')) return EXCLUDE_NEEDS_GLOB;
  return { kind: 'run', root: values.root, tsconfig: values.tsconfig, exclude };
}

async function main(argv: string[]): Promise<number> {
  const request = parseMcpArgs(argv);
  if (typeof request === 'string') {
    process.stderr.write(`${request}\n${USAGE}`);
    return 2;
  }
  if (request.kind === 'help') {
    process.stdout.write(USAGE);
    return 0;
  }
  if (request.kind === 'version') {
    process.stdout.write(`${readVersion()}\n`);
    return 0;
  }
  const workspace = resolveWorkspaceArgs(process.cwd(), request);
  if (typeof workspace === 'string') {
    process.stderr.write(`${workspace}\n`);
    return 2;
  }
  return serveMcpOnStdio({ ...workspace, exclude: request.exclude });
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
