import type { CancellationToken } from '../Logger';
import type { QueryContext } from './QueryContext';
import type { QueryInputs, QueryName, QueryResult } from './QueryResult';
import { queryNamed } from './queries';

/** A query as every surface receives it: its name and its input (the LM tools' input shape, spec 000). */
export type QueryRequest = { [N in QueryName]: { query: N } & QueryInputs[N] }[QueryName];

/** Anything that answers a request (a CodeGraph, or a test double). */
export interface QueryTarget {
  answer(request: QueryRequest, token?: CancellationToken): QueryResult;
}

/** The one entry every host comes through (CLI, worker, tests): the request's answer on `target`. */
export function runQuery(target: QueryTarget, request: QueryRequest, token?: CancellationToken): QueryResult {
  return target.answer(request, token);
}

/** The request's answer in `ctx`, by its query's descriptor (what CodeGraph.answer runs). */
export function answerIn(ctx: QueryContext, request: QueryRequest): QueryResult {
  return queryNamed(request.query).run(ctx, request as never);
}

/** The request with its files (the descriptor's `files`) in place of its own: routed, made folder-relative. */
export function withFiles(request: QueryRequest, files: readonly string[]): QueryRequest {
  return { query: request.query, ...queryNamed(request.query).withFiles(request as never, files) } as QueryRequest;
}

/** The root-relative or absolute files a request names, in order. */
export function filesOf(request: QueryRequest): string[] {
  return queryNamed(request.query).files(request as never);
}
