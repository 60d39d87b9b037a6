import { QueryContext } from '../QueryContext';
import { QueryResult, messageResult } from '../QueryResult';

/** Who depends on `symbol`? (backward, transitive). PLACEHOLDER: being written. */
export function dependentsOf(_ctx: QueryContext, _filePath: string, _symbol: string): QueryResult {
  return messageResult('dependentsOf', 'not implemented yet', true);
}
