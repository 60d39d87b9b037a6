import type { QueryRequest } from '../core/query/QueryRequest';
import type { QueryName } from '../core/query/QueryResult';
import { queryNamed } from '../core/query/queries';

export { MAX_INPUT_CHARS, checkSymbolRef, inputTooLong, symbolLabel } from '../core/query/shared/symbolInput';

/**
 * A tool's input (whatever the agent sent, checked against nothing yet) → the query request, or
 * the message telling the model what to send instead (the query descriptor's `tool.parse`). Every
 * host (the LM tools, the MCP server) checks input here, so a bad call gets the same words everywhere.
 */
export function toQueryRequest(query: QueryName, input: unknown): QueryRequest | string {
  const tool = queryNamed(query).tool;
  if (!tool) return `Invalid input: ${query} is not a tool.`;
  const parsed = tool.parse(input);
  return typeof parsed === 'string' ? parsed : ({ query, ...parsed } as QueryRequest);
}
