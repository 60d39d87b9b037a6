import { QueryContext } from '../QueryContext';
import { QueryResult, messageResult } from '../QueryResult';

/** What does `symbol` depend on? (forward, transitive). PLACEHOLDER: being written. */
export function dependenciesOf(_ctx: QueryContext, _filePath: string, _symbol: string): QueryResult {
  return messageResult('dependenciesOf', 'not implemented yet', true);
}
