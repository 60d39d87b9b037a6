import type { CancellationToken } from '../Logger';
import { SymbolRef } from './QueryContext';
import { QueryResult } from './QueryResult';

/** A query as every surface receives it (the LM tools' input shape, spec 000). */
export type QueryRequest =
  | { query: 'dependenciesOf' | 'dependentsOf'; file_path: string; symbol: string }
  | { query: 'pathsBetween'; from: SymbolRef; to: SymbolRef };

/** Anything that answers the three queries (a CodeGraph, or a test double). */
export interface QueryTarget {
  dependenciesOf(filePath: string, symbol: string, token?: CancellationToken): QueryResult;
  dependentsOf(filePath: string, symbol: string, token?: CancellationToken): QueryResult;
  pathsBetween(from: SymbolRef, to: SymbolRef, token?: CancellationToken): QueryResult;
}

/** The one place a request is dispatched to its query (CLI, worker and tests all come through here). */
export function runQuery(target: QueryTarget, request: QueryRequest, token?: CancellationToken): QueryResult {
  switch (request.query) {
    case 'dependenciesOf':
      return target.dependenciesOf(request.file_path, request.symbol, token);
    case 'dependentsOf':
      return target.dependentsOf(request.file_path, request.symbol, token);
    case 'pathsBetween':
      return target.pathsBetween(request.from, request.to, token);
  }
}
