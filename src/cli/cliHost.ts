import type { Logger } from '../core/Logger';
import { silentLogger } from '../core/Logger';
import { filesOf } from '../core/query/QueryRequest';
import { graphCacheDir } from '../nodehost/cacheDir';
import { readVersion } from '../nodehost/readVersion';
import { Workspace, resolveWorkspaceArgs } from '../nodehost/workspaceArgs';
import type { AnswerFormat, PrintQuestion, PrintedAnswer } from '../worker/protocol';
import { createProgressLogger, createStderrLogger } from './createStderrLogger';
import { CliCommand, isImpactCommand, isQueryCommand, parseCliArgs } from './parseCliArgs';
import { CliIo, ExitCode, runCommand } from './runCommand';
import { helpHint, usageText } from './usageText';

/** What the CLI opens: the checked workspace, the persisted graph's place, the files a query names. */
export interface CliWorkspace extends Workspace {
  /** The persisted graph (graphCacheDir) and the version that writes it; none with --no-cache or TS_CODE_GRAPH_NO_CACHE. */
  cacheDir?: string;
  toolVersion?: string;
  /** A query's files: their projects are indexed first. */
  first?: string[];
}

/** The graph the CLI asks: the graph worker through the host kit (workerGraphs.ts), or a test's graph in process. */
export interface CliGraph {
  print(question: PrintQuestion, format: AnswerFormat, options: { what: string; whole: boolean; first?: (text: string) => void }): Promise<PrintedAnswer>;
  /** Done asking: the worker writes what it keeps (graph cache, compiled code) and ends. */
  close(): Promise<void>;
}

/** `stop`: stops the workspace's daemon, if one runs; says what it did. */
export type StopDaemon = (workspace: CliWorkspace) => Promise<string>;

export type OpenCliGraph = (workspace: CliWorkspace, log: { logger: Logger; onProgress?: (done: number, total: number, projects?: { done: number; total: number }) => void }) => CliGraph;

/**
 * `ts-code-graph <command>` on the host's side: parse, check the input, ask the graph, print. Returns
 * the exit code (see `ExitCode`) and never throws. The graph answers in the host kit's `print`
 * request's terms (PrintedAnswer), whoever holds it.
 */
export async function runCliHost(argv: string[], io: CliIo, openGraph: OpenCliGraph, serveMcp: (workspace: Workspace, io: CliIo) => Promise<number>, stopDaemon?: StopDaemon): Promise<number> {
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
  if (command.name === 'mcp') return serveMcp({ root, tsconfig, exclude }, io);
  if (command.name === 'stop') {
    if (!stopDaemon) return badInput(io, 'This ts-code-graph runs no daemon (only the installed command does).');
    io.stdout(`${await stopDaemon({ root, tsconfig, exclude, ...(options.noCache ? {} : { cacheDir: graphCacheDir(root, tsconfig) }) })}
`);
    return ExitCode.ok;
  }

  const logger = options.verbose ? createStderrLogger(io.stderr) : silentLogger;
  try {
    const onProgress = options.verbose ? createProgressLogger(logger) : undefined;
    // The persisted graph the MCP server keeps too (graphCacheDir): a second call on an unchanged
    // workspace loads it instead of indexing, files changed since are re-indexed alone, and any
    // indexing writes it back. `--no-cache` or TS_CODE_GRAPH_NO_CACHE: neither.
    const cache = options.noCache || process.env.TS_CODE_GRAPH_NO_CACHE ? {} : { cacheDir: graphCacheDir(root, tsconfig), toolVersion: readVersion() };
    const question = questionOf(command);
    const graph = openGraph({ root, tsconfig, exclude, ...cache, ...(question.kind === 'query' ? { first: filesOf(question.args) } : {}) }, { logger, onProgress });
    let answer: PrintedAnswer;
    try {
      // On a terminal, a text query's first answer (before its project is indexed) is printed before the full one.
      const first = question.kind === 'query' && io.terminal && options.format === 'text' ? (text: string) => io.stdout(`${text}\n`) : undefined;
      answer = await graph.print(question, options.format, { what: question.kind === 'query' ? question.args.query : command.name, whole: true, first });
    } finally {
      await graph.close();
    }
    if (answer.kind === 'failed') return runCommand(command, answer, io);
    const { files, nodes, edges, millis } = answer.index;
    logger.info(`Indexed ${files} files: ${nodes} nodes, ${edges} edges in ${Math.round(millis)} ms`);
    // A graph known to be incomplete says so, whatever --verbose says, and in the exit code: a
    // script (or an agent) must not mistake a degraded answer for a complete one. A query is
    // degraded only when a failure can change its answer (the answer then carries `Incomplete:`
    // notes, and runCommand exits 3); any other answer is clean, with one line saying why.
    const { errors, warnings } = answer.index;
    // impact answers like a query: its `Incomplete:` notes are scoped to its walk.
    const query = isQueryCommand(command) || isImpactCommand(command);
    if (!query) for (const error of errors) io.stderr(`ts-code-graph: error: ${error}\n`);
    // A graph loaded whole from the cache has the warnings of the run that built it, printed then: one
    // line, not kilobytes on every question (vercel/ai: 9 warnings, 3.9 KB, before each answer);
    // `stats` lists them in its own output.
    // The workspace's daemon: the command that saw them first printed them (warnedBefore).
    if ((answer.index.fromCache || answer.index.warnedBefore) && warnings.length > 0) {
      if (command.name !== 'stats') io.stderr(`ts-code-graph: ${warnings.length} warning${warnings.length === 1 ? '' : 's'} about this workspace's index, unchanged since it was built (\`ts-code-graph stats\` lists ${warnings.length === 1 ? 'it' : 'them'})\n`);
    } else for (const warning of warnings) io.stderr(`ts-code-graph: warning: ${warning}\n`);
    const code = runCommand(command, answer, io);
    if (!query) return code === ExitCode.ok && errors.length > 0 ? ExitCode.incomplete : code;
    if (code === ExitCode.incomplete) for (const error of errors) io.stderr(`ts-code-graph: error: ${error}\n`);
    else if (code === ExitCode.ok && errors.length > 0) io.stderr(`ts-code-graph: note: ${unaffectedNote(errors.length)}\n`);
    return code;
  } catch (err) {
    // Bad input never reaches here (it is checked above or comes back as a refused answer), so this is a bug.
    io.stderr(`ts-code-graph failed unexpectedly: ${firstLine(err)}. Please report it with the --verbose output.\n`);
    if (options.verbose && err instanceof Error && err.stack) io.stderr(`${err.stack}\n`);
    return ExitCode.internalError;
  }
}

/** What a command asks the graph to print. */
function questionOf(command: Exclude<CliCommand, { name: 'mcp' } | { name: 'stop' }>): PrintQuestion {
  if (isQueryCommand(command)) return { kind: 'query', args: command.request };
  if (isImpactCommand(command)) return { kind: 'changes', base: command.base };
  return { kind: command.name };
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
