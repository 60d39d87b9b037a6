import type { QueryContext } from './QueryContext';
import type { QueryInputs, QueryName, QueryResult } from './QueryResult';

/**
 * Everything a host needs to offer one query, defined once in the query's folder: hosts (CLI, MCP
 * server, VS Code tools, the worker) and `runQuery` iterate over `QUERIES` (queries.ts) and never
 * name a query. A fourth query is a folder with a descriptor, and one line in queries.ts.
 */
export interface QueryDescriptor<N extends QueryName = QueryName> {
  readonly name: N;
  /**
   * Which way the answer walks from its inputs: `forward` (what they use), `backward` (who uses
   * them), `paths` (between them). Notes scope by it (which failed or unindexed files can change
   * the answer), the text draws a paths answer's ends apart, the graph view grows a walk its way.
   */
  readonly walk: 'forward' | 'backward' | 'paths';
  /** The graph view's title: `of` before the inputs' names ("Dependents of"), joined by `join`; `alone` without them. */
  readonly picture: { of: string; join: string; alone: string };
  /** The answer, from the graph in `ctx` (CodeGraph adds the notes every answer carries). */
  run(ctx: QueryContext, input: QueryInputs[N]): QueryResult;
  /** The root-relative or absolute files the input names, in order: what routing and prioritising look at. */
  files(input: QueryInputs[N]): string[];
  /** The input with `files` (as many as `files(input)` gave, same order) in place of its own: the worker makes them folder-relative. */
  withFiles(input: QueryInputs[N], files: readonly string[]): QueryInputs[N];
  /** The language-model tool (VS Code, MCP); absent for a query no agent calls as a tool. */
  readonly tool?: ToolDescription<N>;
  /** The CLI verb `ts-code-graph <name> <params…>`; absent when the CLI reads the input its own way (impact). */
  readonly cli?: CliVerb<N>;
}

/** How a host names each tool (VS Code: `tsCodeGraph_<name>`; MCP: the query's own name). */
export type ToolNaming = Readonly<Record<string, string>>;

/** A JSON Schema, as both VS Code and MCP take it. */
export interface JsonSchema {
  type: string;
  description?: string;
  /** Strings: what the host refuses past (MAX_INPUT_CHARS). */
  maxLength?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
}

export interface ToolDescription<N extends QueryName = QueryName> {
  /** Human title ("Dependencies Of"); VS Code shows it after "TS Code Graph: ". */
  title: string;
  /** The question in a few words, for a list of the tools ("what a symbol uses"). */
  question: string;
  /** Shown to people (VS Code's tool picker). */
  userDescription: string;
  /** What the model reads to decide when and how to call the tool; names the sibling tools the host's way. */
  modelDescription(names: ToolNaming): string;
  inputSchema: JsonSchema;
  /** VS Code only. */
  icon: string;
  tags: string[];
  /** Whatever the agent sent → the query's input, or the message telling the model what to send instead. */
  parse(input: unknown): QueryInputs[N] | string;
  /** "Finding dependents of formatDate", whatever the agent sent (VS Code's invocation message). */
  action(input: unknown): string;
}

export interface CliVerb<N extends QueryName = QueryName> {
  /** Positional parameter names, as the usage text shows them. */
  params: string[];
  /** The usage text's line for it: "What does the symbol depend on?" */
  summary: string;
  /** The positionals (as many as `params`, none empty) → the query's input. */
  input(args: readonly string[]): QueryInputs[N];
}
