import type { PrintableGraph } from '../worker/printAnswer';
import type { PrintedAnswer } from '../worker/protocol';
import type { ChangedSymbol } from '../core/query/impact/changedSymbols';
import { renderHtml } from './renderHtml';
import { CliCommand, FailOn, isImpactCommand } from './parseCliArgs';

/** The part of `CodeGraph` the CLI prints from; tests may hand in a graph they built (see `runCli`'s `deps`). */
export type QueryableGraph = PrintableGraph;

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

/** Prints a command's answer (the graph worker's `print`, or the same in a test's process); the exit code it earns. */
export function runCommand(command: CliCommand, answer: PrintedAnswer, io: CliIo): number {
  switch (answer.kind) {
    case 'failed':
      // No graph to answer from (the worker died, ran out of memory, the index failed): the shared failure text.
      io.stderr(`${answer.text}\n`);
      return ExitCode.internalError;
    case 'refused':
      io.stderr(answer.text);
      return ExitCode.badInput;
  }
  let output = answer.output;
  try {
    if (answer.diagram) output = withNewline(renderHtml(answer.diagram.model, answer.diagram.root));
  } catch (err) {
    // Only --format html can fail here (its renderer file is missing: a broken install), and says how to fix it.
    io.stderr(`ts-code-graph: ${err instanceof Error ? err.message : String(err)}.\n`);
    return ExitCode.internalError;
  }
  io.stdout(output);
  // Written whatever the code: `--format html > x.html` keeps the answer, notes included.
  const code = answer.incomplete ? ExitCode.incomplete : ExitCode.ok;
  if (!isImpactCommand(command)) return code;
  // A file that does not parse is compared only up to its error: said on stderr too, whatever the format.
  for (const u of answer.unparsed ?? []) io.stderr(`ts-code-graph: error: ${u.file} does not parse (line ${u.line}: ${u.message}); impact compared it only up to there.\n`);
  const changed = answer.changed ?? [];
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

function withNewline(s: string): string {
  return s.endsWith('\n') ? s : `${s}\n`;
}
