import type { QueryName } from '../core/query/QueryResult';
import { MAX_INPUT_CHARS } from './toolInput';

/**
 * The ONE definition of the three tools every agent host offers: names, descriptions and input
 * schemas. package.json's `contributes.languageModelTools` is generated from it (`npm run
 * tools:sync`; `toolMetadata.test.ts` fails when the two drift) and the MCP server lists it as is.
 *
 * Descriptions name the sibling tools, and each host names them its own way (VS Code needs a
 * globally unique `tsCodeGraph_dependentsOf`; an MCP client prefixes the server's name itself, so
 * there they are `dependentsOf`): a description is a function of the naming.
 */

/** How a host names each tool. */
export type ToolNaming = Record<QueryName, string>;

/** VS Code's names (package.json `languageModelTools[].name`). */
export const LM_TOOL_NAMES: ToolNaming = {
  dependenciesOf: 'tsCodeGraph_dependenciesOf',
  dependentsOf: 'tsCodeGraph_dependentsOf',
  pathsBetween: 'tsCodeGraph_pathsBetween',
};

/** The MCP server's names: the queries' own. */
export const MCP_TOOL_NAMES: ToolNaming = { dependenciesOf: 'dependenciesOf', dependentsOf: 'dependentsOf', pathsBetween: 'pathsBetween' };

/** A JSON Schema, as both VS Code and MCP take it. */
export interface JsonSchema {
  type: string;
  description?: string;
  /** Strings: what the host refuses past (toolInput's MAX_INPUT_CHARS). */
  maxLength?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
}

export interface ToolMetadata {
  query: QueryName;
  /** Human title ("Dependencies Of"); VS Code shows it after "TS Code Graph: ". */
  title: string;
  /** Shown to people (VS Code's tool picker). */
  userDescription: string;
  /** What the model reads to decide when and how to call the tool. */
  modelDescription(names: ToolNaming): string;
  inputSchema: JsonSchema;
  /** VS Code only. */
  icon: string;
  tags: string[];
}

const symbolRefProperties: Record<string, JsonSchema> = {
  file_path: {
    type: 'string',
    description: 'File that declares the symbol: relative to the workspace folder (e.g. "src/utils/format.ts") or absolute.',
    maxLength: MAX_INPUT_CHARS,
  },
  symbol: {
    type: 'string',
    description:
      'The symbol\'s name as declared in that file: a function, method, class, interface, type alias, enum or variable (e.g. "formatDate", or "OrderService.save" for a member).',
    maxLength: MAX_INPUT_CHARS,
  },
};

function symbolRefSchema(description?: string): JsonSchema {
  return { type: 'object', ...(description ? { description } : {}), properties: structuredClone(symbolRefProperties), required: ['file_path', 'symbol'] };
}

const INPUT = "Input: file_path, the file declaring the symbol (workspace-relative like 'src/utils/format.ts', or absolute), and symbol, its declared name ('formatDate', or 'OrderService.save' for a member).";

const sameOutput = (n: ToolNaming): string =>
  `Output: the same format as ${n.dependenciesOf} ('## Graph' edges with real-direction arrows, '## Nodes' with file and offset/limit for a file-reading tool, snippets with '>' on connecting lines); a plain sentence is an empty answer or an error: follow it.`;

export const TOOLS: readonly ToolMetadata[] = [
  {
    query: 'dependenciesOf',
    title: 'Dependencies Of',
    icon: '$(type-hierarchy-sub)',
    userDescription: 'What a TypeScript/JavaScript symbol depends on: everything it calls, references, extends or uses, transitively, with code snippets.',
    modelDescription: (n) =>
      `What does this TypeScript/JavaScript symbol depend on? Returns, transitively, the functions, methods and classes it calls, references or renders, including the implementations a call through an interface or base class can reach; for a class or type also what it extends, implements and holds. Use it to understand how a symbol works before changing, moving or testing it, instead of opening files one by one. For who uses a symbol use ${n.dependentsOf}; for how two known symbols connect use ${n.pathsBetween}. ${INPUT} Output (same for all three TS Code Graph tools): '## Graph' lists edges as chains like 'handleRequest --CALLS--> processOrder --CALLS--> formatDate' (arrows show the real direction; edge types CALLS, REFERENCES = function passed or stored, INCLUDES = JSX, EXTENDS, IMPLEMENTS, OVERRIDES, and type edges TAKES, RETURNS, HAS_TYPE, HAS_PROPERTY, DERIVES_FROM, ALIAS_FOR; 'name#2' tells same-named symbols apart). '## Nodes' gives each found symbol's file and offset/limit, exactly what a file-reading tool takes, and for up to 15 nodes a snippet where '>' marks the connecting lines. A first line saying nodes were cut means the answer was truncated. A plain sentence instead of these sections is an empty answer or an error (unknown file or symbol, with suggestions): follow it.`,
    tags: ['typescript', 'javascript', 'code-graph', 'dependencies', 'call-graph'],
    inputSchema: symbolRefSchema(),
  },
  {
    query: 'dependentsOf',
    title: 'Dependents Of',
    icon: '$(type-hierarchy-super)',
    userDescription: 'Who depends on a TypeScript/JavaScript symbol: every caller and user, transitively, with code snippets (the impact of a change).',
    modelDescription: (n) =>
      `Who depends on this TypeScript/JavaScript symbol? Returns, transitively, the code that calls, references, renders, extends, implements or uses it, following imports, aliases, re-exports and interface dispatch (more complete than a text search). Use it before changing a signature or behaviour, renaming or deleting, to find everything that must change or be re-tested (for a whole diff at once, with the tests to run, run 'ts-code-graph impact' in a terminal). For what a symbol itself uses use ${n.dependenciesOf}; for how two known symbols connect use ${n.pathsBetween}. ${INPUT} ${sameOutput(n)}`,
    tags: ['typescript', 'javascript', 'code-graph', 'dependents', 'references', 'impact'],
    inputSchema: symbolRefSchema(),
  },
  {
    query: 'pathsBetween',
    title: 'Paths Between',
    icon: '$(git-compare)',
    userDescription: 'How two TypeScript/JavaScript symbols are connected: the shortest call/reference paths between them, in either direction.',
    modelDescription: (n) =>
      `How are two TypeScript/JavaScript symbols connected? Returns up to 3 shortest paths between them through calls, references, inheritance and type use, searched in both directions (the order of from and to does not matter). Use it when you know both ends, e.g. how an API handler reaches the database, or why changing X breaks Y. Input: from and to, each {file_path, symbol} as for the other tools. 'No path found.' means they are not connected. ${sameOutput(n)}`,
    tags: ['typescript', 'javascript', 'code-graph', 'paths', 'call-graph'],
    inputSchema: {
      type: 'object',
      properties: { from: symbolRefSchema('One end of the path.'), to: symbolRefSchema('The other end of the path.') },
      required: ['from', 'to'],
    },
  },
];

/** One entry of package.json's `contributes.languageModelTools`, field order as VS Code documents it. */
export interface LanguageModelToolContribution {
  name: string;
  displayName: string;
  toolReferenceName: string;
  canBeReferencedInPrompt: boolean;
  icon: string;
  userDescription: string;
  modelDescription: string;
  tags: string[];
  inputSchema: JsonSchema;
}

/** What package.json's `contributes.languageModelTools` must hold (written by `npm run tools:sync`). */
export function languageModelTools(): LanguageModelToolContribution[] {
  return TOOLS.map((t) => ({
    name: LM_TOOL_NAMES[t.query],
    displayName: `TS Code Graph: ${t.title}`,
    toolReferenceName: t.query,
    canBeReferencedInPrompt: true,
    icon: t.icon,
    userDescription: t.userDescription,
    modelDescription: t.modelDescription(LM_TOOL_NAMES),
    tags: [...t.tags],
    inputSchema: structuredClone(t.inputSchema),
  }));
}

/** The MCP server's `tools/list` entries. */
export interface McpToolDefinition {
  name: string;
  title: string;
  description: string;
  inputSchema: JsonSchema;
  annotations: { title: string; readOnlyHint: true; openWorldHint: false };
}

export function mcpTools(): McpToolDefinition[] {
  return TOOLS.map((t) => ({
    name: MCP_TOOL_NAMES[t.query],
    title: `TS Code Graph: ${t.title}`,
    description: t.modelDescription(MCP_TOOL_NAMES),
    inputSchema: structuredClone(t.inputSchema),
    // Every tool only reads the workspace's code.
    annotations: { title: `TS Code Graph: ${t.title}`, readOnlyHint: true, openWorldHint: false },
  }));
}

/** The tool an MCP (or LM) name stands for, or undefined. */
export function toolByName(name: string, naming: ToolNaming): ToolMetadata | undefined {
  return TOOLS.find((t) => naming[t.query] === name);
}
