import { CodeGraph } from '../core/CodeGraph';
import { createFileSourceReader } from '../core/format/FileSourceReader';
import { formatMermaid } from '../core/format/formatMermaid';
import { answerText } from '../core/format/fitToBudget';
import { QueryResult } from '../core/query/QueryResult';
import { exportGraph, formatExport } from './exportGraph';
import { renderHtml } from './renderHtml';
import { collectStats, formatStats } from './formatStats';
import { runQuery as dispatchQuery } from '../core/query/QueryRequest';
import { CliCommand, FailOn, ImpactCommand, OutputFormat, QueryCommand, isQueryCommand } from './parseCliArgs';
import { gitChanges } from '../core/query/impact/gitChanges';
import { ChangedSymbol } from '../core/query/impact/changedSymbols';
import { impactQuery } from '../core/query/impact/query';
import { formatMarkdown } from '../core/format/formatMarkdown';
import { formatTestCommands } from '../core/format/formatImpact';
import type { FirstAnswer } from './answerEarly';

/** The part of `CodeGraph` the CLI uses; tests may hand in a graph they built (see `runCli`'s `deps`). */
export type QueryableGraph = Pick<CodeGraph, 'root' | 'graph' | 'report' | 'answer'>;

export interface CliIo {
  stdout(s: string): void;
  stderr(s: string): void;
  /** Relative --root and --tsconfig resolve against this. */
  cwd: string;
  /**
   * stdout is a terminal: a text query's first answer (CodeGraph.firstAnswer) is printed before the
   * full one. Piped, only the full answer is: a script or an agent reads one answer.
   */
  terminal?: boolean;
}

export const ExitCode = {
  /** An answer, including "No path found." and other messages that are not errors. */
  ok: 0,
  /** A bug: the message says to report it. */
  internalError: 1,
  /** Bad input: unknown command, missing arguments, bad --format or --root, unknown file or symbol. */
  badInput: 2,
  /** The answer is printed, but a file that could not be analysed (or a missing library) may change it: stderr names it. */
  incomplete: 3,
  /** impact: the answer is printed, and a change matched `--fail-on` (stderr names the symbols). */
  failOn: 4,
} as const;

/** The action behind a parsed command line, once the graph is open. */
export async function runCommand(command: CliCommand, format: OutputFormat, graph: QueryableGraph, io: CliIo): Promise<number> {
  if (isQueryCommand(command)) return runQuery(command, format, graph, io);
  switch (command.name) {
    case 'export':
      io.stdout(formatExport(exportGraph(graph.graph, graph.root)));
      return ExitCode.ok;
    case 'stats': {
      const stats = collectStats(graph.graph, graph.report, graph.root);
      io.stdout(format === 'json' ? `${JSON.stringify(stats, null, 2)}\n` : formatStats(stats));
      return ExitCode.ok;
    }
    case impactQuery.name:
      return runImpact(command, format, graph, io);
    case 'mcp':
      // runCli hands `mcp` to the MCP server before any graph is opened here.
      throw new Error('mcp is served by runCli, not runCommand');
  }
}

/** `impact`: the changes from git, the answer from the graph; exit 4 when a change matches `--fail-on`. */
async function runImpact(command: ImpactCommand, format: OutputFormat, graph: QueryableGraph, io: CliIo): Promise<number> {
  const listed = gitChanges(graph.root, command.base);
  if ('error' in listed) {
    io.stderr(withNewline(listed.error));
    return ExitCode.badInput;
  }
  const result = graph.answer({ query: impactQuery.name, changes: listed.changes, base: listed.base });
  const code = await print(result, format, graph, io);
  // A file that does not parse is compared only up to its error: said on stderr too, whatever the format.
  for (const u of (result.kind === 'graph' && result.impact?.unparsed) || []) {
    io.stderr(`ts-code-graph: error: ${u.file} does not parse (line ${u.line}: ${u.message}); impact compared it only up to there.\n`);
  }
  if (code !== ExitCode.ok && code !== ExitCode.incomplete) return code;
  const changed = result.kind === 'graph' ? (result.impact?.changed ?? []) : [];
  const failing = command.failOn.map((rule) => [rule, changed.filter(FAILS[rule])] as const).filter(([, list]) => list.length > 0);
  for (const [rule, list] of failing) {
    const named = list.slice(0, 10).map((c) => `${c.node.name} (${c.node.file}:${c.node.offset})`).join(', ');
    io.stderr(`ts-code-graph: --fail-on ${rule}: ${list.length} symbol${list.length === 1 ? '' : 's'}: ${named}${list.length > 10 ? ', …' : ''}\n`);
  }
  return failing.length > 0 ? ExitCode.failOn : code;
}

/** Which changed symbols each `--fail-on` value fails on. A renamed file's symbols count as moved, not removed. */
const FAILS: Record<FailOn, (c: ChangedSymbol) => boolean> = {
  'removed-export': (c) => c.change === 'removed' && c.exported,
  'changed-export': (c) => c.exported && (c.change === 'removed' || c.change === 'signature'),
  removed: (c) => c.change === 'removed',
  any: () => true,
};

function runQuery(command: QueryCommand, format: OutputFormat, graph: QueryableGraph, io: CliIo): Promise<number> {
  return print(query(command, graph), format, graph, io);
}

/** On a terminal, a text query's first answer, before its project is indexed (CodeGraph.firstAnswer); the full one follows. */
export function firstAnswerOnTerminal(command: QueryCommand, format: OutputFormat, io: CliIo): FirstAnswer | undefined {
  if (!io.terminal || format !== 'text') return undefined;
  return {
    answer: (graph) => graph.firstAnswer(command.request),
    show: async (result, graph) => io.stdout(withNewline(await render(result, format, graph)) + '\n'),
  };
}

/** Writes an answer in `format`; the exit code it earns. */
async function print(result: QueryResult, format: OutputFormat, graph: QueryableGraph, io: CliIo): Promise<number> {
  // Bad input is an error whatever the format: stdout stays empty so `> out.txt` never keeps half an answer.
  if (result.kind === 'message' && result.isError) {
    io.stderr(withNewline(result.message));
    return ExitCode.badInput;
  }
  let output: string;
  try {
    output = await render(result, format, graph);
  } catch (err) {
    // Only --format html can fail here (its renderer file is missing: a broken install), and says how to fix it.
    io.stderr(`ts-code-graph: ${err instanceof Error ? err.message : String(err)}.\n`);
    return ExitCode.internalError;
  }
  io.stdout(withNewline(output));
  // Written whatever the code: `--format html > x.html` keeps the answer, notes included.
  return result.warnings?.length ? ExitCode.incomplete : ExitCode.ok;
}

/** A query command's result on `graph` (what `runCommand` prints for it). */
export function query(command: QueryCommand, graph: QueryableGraph): QueryResult {
  return dispatchQuery(graph, command.request);
}

async function render(result: QueryResult, format: OutputFormat, graph: QueryableGraph): Promise<string> {
  const root = graph.root;
  switch (format) {
    case 'text':
      // The tools' token budget holds in a terminal too: an agent reads this.
      return answerText(result, createFileSourceReader(root));
    case 'json':
      return JSON.stringify(result, null, 2);
    case 'mermaid':
      return formatMermaid(result);
    case 'html':
      return renderHtml(result, root, createFileSourceReader(root), graph.graph);
    case 'markdown':
      return formatMarkdown(result);
    case 'tests':
      return formatTestCommands(result.kind === 'graph' ? result.impact : undefined, result.kind === 'message' ? result.message : undefined);
  }
}

function withNewline(s: string): string {
  return s.endsWith('\n') ? s : `${s}\n`;
}
