import { parseArgs } from 'node:util';
import type { ImpactBase } from '../core/query/impact/gitChanges';
import { impactQuery } from '../core/query/impact/query';
import { QUERIES } from '../core/query/queries';
import type { QueryRequest } from '../core/query/QueryRequest';
import { inputTooLong } from '../core/query/shared/symbolInput';
import { EXCLUDE_NEEDS_GLOB } from '../nodehost/workspaceArgs';

/**
 * What the command line asks for. Pure: no file system, no cwd, so every rule here is unit-tested
 * without an index. Checks that need the disk (does --root exist?) happen in `runCli`.
 */
export type CliRequest =
  | { kind: 'help' }
  | { kind: 'version' }
  | { kind: 'run'; command: CliCommand; options: CliOptions }
  | { kind: 'bad-input'; message: string };

/** A query's verb (each query folder's `cli`): the request it makes. */
export interface QueryCommand {
  name: 'query';
  request: QueryRequest;
}

export type CliCommand = QueryCommand | ImpactCommand | { name: 'export' } | { name: 'stats' } | { name: 'mcp' } | { name: 'stop' };

/** `impact`: what the changes since `base` affect; `failOn` makes some changes exit 4 (CI gates). */
export interface ImpactCommand {
  name: typeof impactQuery.name;
  base: ImpactBase;
  failOn: FailOn[];
}

/** `--fail-on` values: which changed symbols fail the run (exit 4, the answer printed all the same). */
export const FAIL_ON = ['removed-export', 'changed-export', 'removed', 'any'] as const;
export type FailOn = (typeof FAIL_ON)[number];

/** A verb as typed: a query's name, or one of the CLI's own (impact, export, stats, mcp). */
export type CommandName = string;

export type OutputFormat = 'text' | 'json' | 'mermaid' | 'html' | 'markdown' | 'tests';

export interface CliOptions {
  /** As typed (relative to the cwd), undefined for the cwd itself. */
  root?: string;
  /** As typed (relative to the cwd). */
  tsconfig?: string;
  format: OutputFormat;
  verbose: boolean;
  /** `--no-cache`: neither read nor write the persisted graph. */
  noCache: boolean;
  /** `--exclude <glob>`, once per glob: folders and files left out of the index (ExcludedPaths). */
  exclude: string[];
}

interface CommandSpec {
  /** Positional parameter names, as the usage text shows them. */
  params: string[];
  /** Accepted `--format` values, the default first. */
  formats: OutputFormat[];
}

export const COMMANDS: Record<CommandName, CommandSpec> = {
  // The queries' verbs, from their descriptors.
  ...Object.fromEntries(QUERIES.flatMap((q) => (q.cli ? [[q.name, { params: q.cli.params, formats: ['text', 'json', 'mermaid', 'html'] }]] : []))),
  // markdown: a pull-request comment (tables, the tests' commands, a Mermaid picture); tests: the commands alone, a shell script.
  [impactQuery.name]: { params: [], formats: ['text', 'json', 'mermaid', 'html', 'markdown', 'tests'] },
  export: { params: [], formats: ['json'] },
  stats: { params: [], formats: ['text', 'json'] },
  // The MCP server speaks JSON-RPC on stdio; --format does not apply (text is the tools' format).
  mcp: { params: [], formats: ['text'] },
  // Stops the workspace's daemon (README: the daemon).
  stop: { params: [], formats: ['text'] },
};

const COMMAND_NAMES = Object.keys(COMMANDS) as CommandName[];

export function parseCliArgs(argv: string[]): CliRequest {
  let parsed: ReturnType<typeof parseOptions>;
  try {
    parsed = parseOptions(argv);
  } catch (err) {
    // parseArgs throws TypeError with a readable message (unknown option, missing value). An unknown
    // option's comes with advice on positionals starting with '-', which no argument here does.
    const code = (err as { code?: string }).code;
    const unknown = code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && /'([^']+)'/.exec(String((err as Error).message))?.[1];
    if (unknown) return badInput(`Unknown option '${unknown}'. Options: ${Object.keys(OPTIONS).map((o) => `--${o}`).join(', ')}.`);
    return badInput(err instanceof Error ? err.message : String(err));
  }
  const { values, positionals } = parsed;
  if (values.help) return { kind: 'help' };
  if (values.version) return { kind: 'version' };

  const [name, ...args] = positionals;
  if (name === undefined) return badInput(`Missing command. Commands: ${COMMAND_NAMES.join(', ')}.`);
  if (!isCommandName(name)) return badInput(unknownCommandMessage(name));

  const spec = COMMANDS[name];
  if (args.length !== spec.params.length) return badInput(wrongArgCountMessage(name, args.length));
  if (args.some((a) => a.trim() === '')) return badInput(`Empty argument for ${name}: ${signature(name)}.`);
  for (const [i, param] of spec.params.entries()) {
    const tooLong = inputTooLong(`<${param}>`, args[i]);
    if (tooLong) return badInput(tooLong);
  }

  const format = values.format ?? spec.formats[0];
  if (!isFormatOf(spec, format)) {
    return badInput(`--format ${format} is not available for ${name}; use ${spec.formats.join(' or ')}.`);
  }
  const exclude = values.exclude ?? [];
  const blank = exclude.find((g) => g.trim() === '');
  if (blank !== undefined) return badInput(EXCLUDE_NEEDS_GLOB);
  const options: CliOptions = { root: values.root, tsconfig: values.tsconfig, format, verbose: values.verbose ?? false, noCache: values['no-cache'] ?? false, exclude };
  if (name !== impactQuery.name) {
    const misplaced = (['base', 'staged', 'fail-on'] as const).find((o) => values[o] !== undefined);
    if (misplaced) return badInput(`--${misplaced} belongs to ${impactQuery.name}, not ${name}.`);
    return { kind: 'run', command: toCommand(name, args), options };
  }
  if (values.base !== undefined && values.staged) return badInput('Use either --base <ref> or --staged, not both.');
  if (values.base !== undefined && values.base.trim() === '') return badInput('--base needs a git ref, e.g. --base origin/main.');
  const failOn = parseFailOn(values['fail-on']);
  if (typeof failOn === 'string') return badInput(failOn);
  const base: ImpactBase = values.base !== undefined ? { kind: 'ref', ref: values.base } : values.staged ? { kind: 'staged' } : { kind: 'working-tree' };
  return { kind: 'run', command: { name: impactQuery.name, base, failOn }, options };
}

/** `dependentsOf <file> <symbol>`: the form usage text and error messages show. */
export function signature(name: CommandName): string {
  return [name, ...COMMANDS[name].params.map((p) => `<${p}>`)].join(' ');
}

export function isQueryCommand(command: CliCommand): command is QueryCommand {
  return command.name === 'query';
}

export function isImpactCommand(command: CliCommand): command is ImpactCommand {
  return command.name === impactQuery.name;
}

const OPTIONS = {
  root: { type: 'string' },
  tsconfig: { type: 'string' },
  format: { type: 'string' },
  verbose: { type: 'boolean' },
  'no-cache': { type: 'boolean' },
  exclude: { type: 'string', multiple: true },
  base: { type: 'string' },
  staged: { type: 'boolean' },
  'fail-on': { type: 'string', multiple: true },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean' },
} as const;

function parseOptions(argv: string[]) {
  return parseArgs({ args: argv, allowPositionals: true, strict: true, options: OPTIONS });
}

function toCommand(name: CommandName, args: string[]): CliCommand {
  const verb = QUERIES.find((q) => q.cli && q.name === name);
  if (verb?.cli) return { name: 'query', request: { query: verb.name, ...verb.cli.input(args) } as QueryRequest };
  if (name === 'export' || name === 'stats' || name === 'mcp' || name === 'stop') return { name };
  throw new Error(`no command '${name}'`);
}

/** `--fail-on removed-export,changed-export` (or the option repeated). */
function parseFailOn(values: string[] | undefined): FailOn[] | string {
  const out: FailOn[] = [];
  for (const value of (values ?? []).flatMap((v) => v.split(','))) {
    const v = value.trim();
    if (!(FAIL_ON as readonly string[]).includes(v)) return `Unknown --fail-on value '${v}'. Use ${FAIL_ON.join(', ')} (comma-separated for several).`;
    if (!out.includes(v as FailOn)) out.push(v as FailOn);
  }
  return out;
}

function isCommandName(name: string): name is CommandName {
  return Object.prototype.hasOwnProperty.call(COMMANDS, name);
}

function isFormatOf(spec: CommandSpec, format: string): format is OutputFormat {
  return (spec.formats as string[]).includes(format);
}

function unknownCommandMessage(name: string): string {
  // Commands are camelCase like the tool names; `dependentsof` or `dependents-of` is a likely slip.
  const folded = name.toLowerCase().replace(/[-_]/g, '');
  const near = COMMAND_NAMES.find((c) => c.toLowerCase() === folded);
  const hint = near ? ` Did you mean '${near}'?` : ` Commands: ${COMMAND_NAMES.join(', ')}.`;
  return `Unknown command '${name}'.${hint}`;
}

function wrongArgCountMessage(name: CommandName, got: number): string {
  const want = COMMANDS[name].params.length;
  const expected = want === 0 ? 'no arguments' : `${want} argument${want === 1 ? '' : 's'}`;
  return `${name} takes ${expected}, got ${got}. Usage: ts-code-graph ${signature(name)}`;
}

function badInput(message: string): CliRequest {
  return { kind: 'bad-input', message };
}
