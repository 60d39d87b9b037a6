import type { JsonSchema, ToolDescription, ToolNaming } from '../core/query/QueryDescriptor';
import type { QueryName } from '../core/query/QueryResult';
import { TOOL_QUERIES } from '../core/query/queries';

/**
 * The tools every agent host offers, from the queries' descriptors (each query folder's `tool`):
 * names, descriptions and input schemas. package.json's `contributes.languageModelTools` is generated from it (`npm run
 * tools:sync`; `toolMetadata.test.ts` fails when the two drift) and the MCP server lists it as is.
 *
 * Descriptions name the sibling tools, and each host names them its own way (VS Code needs a
 * globally unique `tsCodeGraph_dependentsOf`; an MCP client prefixes the server's name itself, so
 * there they are `dependentsOf`): a description is a function of the naming.
 */

/** VS Code's names (package.json `languageModelTools[].name`): globally unique. */
export const LM_TOOL_NAMES: ToolNaming = Object.fromEntries(TOOL_QUERIES.map((q) => [q.name, `tsCodeGraph_${q.name}`]));

/** The MCP server's names: the queries' own. */
export const MCP_TOOL_NAMES: ToolNaming = Object.fromEntries(TOOL_QUERIES.map((q) => [q.name, q.name]));

export type { JsonSchema, ToolNaming };

/** A tool: its query's name and description (the descriptor's `tool`). */
export interface ToolMetadata extends ToolDescription {
  query: QueryName;
}

export const TOOLS: readonly ToolMetadata[] = TOOL_QUERIES.map((q) => ({ ...q.tool, query: q.name }));

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
