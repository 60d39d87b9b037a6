import * as fs from 'fs';
import * as path from 'path';
import { CodeGraph } from '../core/CodeGraph';
import { IndexOptions } from '../core/indexer/indexWorkspace';
import { silentLogger } from '../core/Logger';
import { createProgressLogger, createStderrLogger } from './createStderrLogger';
import { isImpactCommand, isQueryCommand, parseCliArgs } from './parseCliArgs';
import { readVersion } from '../nodehost/readVersion';
import { CliIo, ExitCode, QueryableGraph, firstAnswerOnTerminal, query as queryResult, runCommand } from './runCommand';
import { FirstAnswer, openForAnswer } from './answerEarly';
import { Logger } from '../core/Logger';
import { QueryResult } from '../core/query/QueryResult';
import { filesOf } from '../core/query/QueryRequest';
import { helpHint, usageText } from './usageText';
import { Workspace, resolveWorkspaceArgs } from '../nodehost/workspaceArgs';
import { graphCacheDir } from '../nodehost/cacheDir';

/** What `mcp` serves: the checked --root and --tsconfig, and the --exclude globs. */
/** What `mcp` serves (the Node host kit's Workspace). */
export type McpWorkspace = Workspace;

export interface CliDeps {
  /** How to index a workspace. Tests pass a memoized `CodeGraph.open` (one index per fixture) or a hand-built graph. */
  openGraph(options: IndexOptions): Promise<QueryableGraph>;
  /**
   * A query: the graph once the query's answer is complete, indexing the query's files' projects
   * first (answerEarly). Without it, queries wait for `openGraph`'s whole index.
   */
  openForAnswer?(options: IndexOptions, files: readonly string[], ask: (graph: CodeGraph) => QueryResult, logger: Logger, first?: FirstAnswer): Promise<QueryableGraph>;
  /** `mcp`: serve until stdin closes (default: dist/mcp.js beside the CLI bundle). */
  serveMcp?(workspace: McpWorkspace): Promise<number>;
}

const defaultDeps: CliDeps = { openGraph: (options) => CodeGraph.open(options), openForAnswer };

/**
 * `ts-code-graph <command>`: parse, check the input, index, answer. Returns the exit code
 * (see `ExitCode`) and never throws; `main.ts` only wires this to the process.
 */
export async function runCli(argv: string[], io: CliIo, deps: CliDeps = defaultDeps): Promise<number> {
  const request = parseCliArgs(argv);
  switch (request.kind) {
    case 'help':
      io.stdout(usageText);
      return ExitCode.ok;
    case 'version':
      io.stdout(`${readVersion()}\n`);
      return ExitCode.ok;
    case 'bad-input':
      return badInput(io, `${request.message}\n${helpHint}`);
  }

  const { command, options } = request;
  const workspace = resolveWorkspaceArgs(io.cwd, options);
  if (typeof workspace === 'string') return badInput(io, workspace);
  const { root, tsconfig } = workspace;
  const exclude = options.exclude;
  if (command.name === 'mcp') return deps.serveMcp ? deps.serveMcp({ root, tsconfig, exclude }) : serveMcpBesideThisFile({ root, tsconfig, exclude }, io);

  const logger = options.verbose ? createStderrLogger(io.stderr) : silentLogger;
  try {
    const onProgress = options.verbose ? createProgressLogger(logger) : undefined;
    // The persisted graph the MCP server keeps too (graphCacheDir): a second call on an unchanged
    // workspace loads it instead of indexing, files changed since are re-indexed alone, and any
    // indexing writes it back (indexAll does). `--no-cache` or TS_CODE_GRAPH_NO_CACHE: neither.
    const cache = options.noCache || process.env.TS_CODE_GRAPH_NO_CACHE ? {} : { cacheDir: graphCacheDir(root, tsconfig), toolVersion: readVersion() };
    const indexOptions: IndexOptions = { root, tsconfig, exclude, logger, onProgress, ...cache };
    const asked = isQueryCommand(command) ? filesOf(command.request) : undefined;
    const graph =
      asked && deps.openForAnswer && isQueryCommand(command)
        ? await deps.openForAnswer(indexOptions, asked, (g) => queryResult(command, g), logger, firstAnswerOnTerminal(command, options.format, io))
        : await deps.openGraph(indexOptions);
    const { files, nodes, edges, millis } = graph.report;
    logger.info(`Indexed ${files} files: ${nodes} nodes, ${edges} edges in ${Math.round(millis)} ms`);
    // A graph known to be incomplete says so, whatever --verbose says, and in the exit code: a
    // script (or an agent) must not mistake a degraded answer for a complete one. A query is
    // degraded only when a failure can change its answer (the answer then carries `Incomplete:`
    // notes, and runCommand exits 3); any other answer is clean, with one line saying why.
    const errors = graph.report.errors ?? [];
    // impact answers like a query: its `Incomplete:` notes are scoped to its walk.
    const query = isQueryCommand(command) || isImpactCommand(command);
    if (!query) for (const error of errors) io.stderr(`ts-code-graph: error: ${error}\n`);
    for (const warning of graph.report.warnings ?? []) io.stderr(`ts-code-graph: warning: ${warning}\n`);
    const code = await runCommand(command, options.format, graph, io);
    if (!query) return code === ExitCode.ok && errors.length > 0 ? ExitCode.incomplete : code;
    if (code === ExitCode.incomplete) for (const error of errors) io.stderr(`ts-code-graph: error: ${error}\n`);
    else if (code === ExitCode.ok && errors.length > 0) io.stderr(`ts-code-graph: note: ${unaffectedNote(errors.length)}\n`);
    return code;
  } catch (err) {
    // Bad input never reaches here (it is checked above or comes back as a MessageResult), so this is a bug.
    io.stderr(`ts-code-graph failed unexpectedly: ${firstLine(err)}. Please report it with the --verbose output.\n`);
    if (options.verbose && err instanceof Error && err.stack) io.stderr(`${err.stack}\n`);
    return ExitCode.internalError;
  }
}

function unaffectedNote(failures: number): string {
  const what = failures === 1 ? 'one file could not be analysed' : `${failures} files could not be analysed`;
  return `${what} (\`ts-code-graph stats\` lists ${failures === 1 ? 'it' : 'them'}); ${failures === 1 ? 'it cannot' : 'none can'} change this answer.`;
}

function badInput(io: CliIo, message: string): number {
  io.stderr(`${message}\n`);
  return ExitCode.badInput;
}

function firstLine(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.split('\n', 1)[0].replace(/\.$/, '');
}

/**
 * `mcp` runs the MCP server bundle next to this one (dist/mcp.js): the protocol SDK stays out of
 * the CLI bundle, and the server's main thread never loads the compiler (its worker does).
 */
function serveMcpBesideThisFile(workspace: McpWorkspace, io: CliIo): Promise<number> {
  const server = path.join(__dirname, 'mcp.js');
  if (!fs.existsSync(server)) {
    io.stderr(`ts-code-graph: the MCP server is missing (${server}): this installation is incomplete. Reinstall ts-code-graph, or run \`npm run build\` in its repository.\n`);
    return Promise.resolve(ExitCode.internalError);
  }
  const { serveMcpOnStdio } = require(server) as { serveMcpOnStdio(w: McpWorkspace): Promise<number> };
  return serveMcpOnStdio(workspace);
}
