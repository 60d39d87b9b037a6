import type { SymbolRef } from '../QueryContext';
import type { JsonSchema } from '../QueryDescriptor';
import { echoInput } from './echoInput';

/**
 * The checks every host applies to a query's input before it reaches the graph, so a bad call gets
 * the same words everywhere (LM tools, MCP server, CLI). Empty strings pass: the resolver then
 * says exactly which file or symbol to use.
 */

/**
 * The longest `file_path` or `symbol` any host accepts (the schemas' `maxLength`): 4096 is Linux's
 * PATH_MAX, and no declared name comes near it. Longer input is refused at once, before it reaches
 * the graph: a 1 MB path cost the suggestion search ~100 s and came back whole in the answer.
 */
export const MAX_INPUT_CHARS = 4096;

/**
 * Undefined when `value` has string `file_path` and `symbol` (possibly empty: the core then says
 * exactly what to pass), else the message for the model. `prefix` names the nesting (`from.`).
 */
export function checkSymbolRef(value: unknown, prefix = ''): string | undefined {
  const example = '{"file_path": "src/utils/format.ts", "symbol": "formatDate"}';
  if (typeof value !== 'object' || value === null) {
    return `Invalid input: ${prefix ? prefix.slice(0, -1) : 'the input'} must be an object like ${example}.`;
  }
  const ref = value as Record<string, unknown>;
  for (const field of ['file_path', 'symbol']) {
    const v = ref[field];
    if (typeof v !== 'string') return `Invalid input: ${prefix}${field} must be a string, as in ${example}.`;
    const tooLong = inputTooLong(`${prefix}${field}`, v);
    if (tooLong) return tooLong;
  }
  return undefined;
}

/** The checked `value` as a SymbolRef (extra fields dropped), or the message for the model. */
export function toSymbolRef(value: unknown, prefix = ''): SymbolRef | string {
  const problem = checkSymbolRef(value, prefix);
  if (problem) return problem;
  const ref = value as SymbolRef;
  return { file_path: ref.file_path, symbol: ref.symbol };
}

/** The message for a `file_path` or `symbol` over MAX_INPUT_CHARS (every host: tools and CLI), else undefined. */
export function inputTooLong(field: string, value: string): string | undefined {
  if (value.length <= MAX_INPUT_CHARS) return undefined;
  const what = /file/i.test(field) ? 'the path of the file that declares the symbol, like "src/utils/format.ts"' : 'the declared name, like "formatDate" or "OrderService.save"';
  return `Invalid input: ${field} is ${value.length} characters long; at most ${MAX_INPUT_CHARS} are accepted. Pass ${what}, not '${echoInput(value, 40)}'.`;
}

/** `formatDate` for a message, whatever the model sent. */
export function symbolLabel(value: unknown): string {
  const symbol = typeof value === 'object' && value !== null ? (value as { symbol?: unknown }).symbol : undefined;
  return typeof symbol === 'string' && symbol.trim() ? symbol.trim() : 'a symbol';
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

/** The input schema of one symbol (`{file_path, symbol}`). */
export function symbolRefSchema(description?: string): JsonSchema {
  return { type: 'object', ...(description ? { description } : {}), properties: structuredClone(symbolRefProperties), required: ['file_path', 'symbol'] };
}

export const SYMBOL_INPUT_TEXT = "Input: file_path, the file declaring the symbol (workspace-relative like 'src/utils/format.ts', or absolute), and symbol, its declared name ('formatDate', or 'OrderService.save' for a member).";

/** The tools' output, as every tool but the first describes it (the first spells it out). */
export const sameOutputText = (first: string): string =>
  `Output: the same format as ${first} ('## Graph' edges with real-direction arrows, '## Nodes' with file and offset/limit for a file-reading tool, snippets with '>' on connecting lines); a plain sentence is an empty answer or an error: follow it.`;

/** What the one-symbol queries share: input, files, CLI verb (`<file> <symbol>`). */
export const oneSymbol = {
  files: (input: SymbolRef): string[] => [input.file_path],
  withFiles: (input: SymbolRef, files: readonly string[]): SymbolRef => ({ ...input, file_path: files[0] }),
  parse: (input: unknown): SymbolRef | string => toSymbolRef(input),
  cliParams: ['file', 'symbol'],
  cliInput: (args: readonly string[]): SymbolRef => ({ file_path: args[0], symbol: args[1] }),
};
