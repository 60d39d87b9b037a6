import { QueryContext, SymbolRef } from '../QueryContext';
import { QueryResult, messageResult } from '../QueryResult';

/** How are two symbols connected (either direction)? PLACEHOLDER: being written. */
export function pathsBetween(_ctx: QueryContext, _from: SymbolRef, _to: SymbolRef): QueryResult {
  return messageResult('pathsBetween', 'not implemented yet', true);
}
