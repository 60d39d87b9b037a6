import type { QueryRequest } from '../core/query/QueryRequest';
import type { QueryName } from '../core/query/QueryResult';
import { echoInput } from '../core/query/shared/echoInput';

/**
 * The longest `file_path` or `symbol` any host accepts (the schemas' `maxLength`): 4096 is Linux's
 * PATH_MAX, and no declared name comes near it. Longer input is refused at once, before it reaches
 * the graph: a 1 MB path cost the suggestion search ~100 s and came back whole in the answer.
 */
export const MAX_INPUT_CHARS = 4096;

/**
 * A tool's input (whatever the agent sent, checked against nothing yet) → the query request, or
 * the message telling the model what to send instead. Every host (the LM tools, the MCP server)
 * checks input here, so a bad call gets the same words everywhere. Empty strings pass: the core's
 * resolver then says exactly which file or symbol to use.
 */
export function toQueryRequest(query: QueryName, input: unknown): QueryRequest | string {
  if (query === 'pathsBetween') {
    if (typeof input !== 'object' || input === null) {
      return 'Invalid input: pass {"from": {"file_path": ..., "symbol": ...}, "to": {"file_path": ..., "symbol": ...}}.';
    }
    const { from, to } = input as { from?: unknown; to?: unknown };
    const problem = checkSymbolRef(from, 'from.') ?? checkSymbolRef(to, 'to.');
    if (problem) return problem;
    const a = from as { file_path: string; symbol: string };
    const b = to as { file_path: string; symbol: string };
    return { query, from: { file_path: a.file_path, symbol: a.symbol }, to: { file_path: b.file_path, symbol: b.symbol } };
  }
  const problem = checkSymbolRef(input);
  if (problem) return problem;
  const ref = input as { file_path: string; symbol: string };
  return { query, file_path: ref.file_path, symbol: ref.symbol };
}

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
