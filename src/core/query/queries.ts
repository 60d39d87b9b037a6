import { dependenciesQuery } from './dependencies-of/query';
import { dependentsQuery } from './dependents-of/query';
import { impactQuery } from './impact/query';
import { pathsQuery } from './paths-between/query';
import type { QueryDescriptor } from './QueryDescriptor';
import type { QueryName } from './QueryResult';

/**
 * Every query, in the order hosts list them (the tools' order in package.json and `tools/list`).
 * The one list: hosts and `runQuery` iterate over it, so a new query is its folder plus a line here.
 */
export const QUERIES: readonly QueryDescriptor[] = [dependenciesQuery, dependentsQuery, pathsQuery, impactQuery] as readonly unknown[] as readonly QueryDescriptor[];

/** The queries an agent calls as tools (VS Code's language-model tools, the MCP server's). */
export const TOOL_QUERIES: readonly (QueryDescriptor & { tool: NonNullable<QueryDescriptor['tool']> })[] = QUERIES.filter((q): q is QueryDescriptor & { tool: NonNullable<QueryDescriptor['tool']> } => q.tool !== undefined);

export function queryNamed<N extends QueryName>(name: N): QueryDescriptor<N> {
  const found = QUERIES.find((q) => q.name === name);
  if (!found) throw new Error(`unknown query '${name}'`);
  return found as unknown as QueryDescriptor<N>;
}

/** `name` when it is a query's (a worker message or CLI verb), else undefined. */
export function isQueryName(name: string): name is QueryName {
  return QUERIES.some((q) => q.name === name);
}
