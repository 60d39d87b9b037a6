import { QueryResult } from '../query/QueryResult';
import { SourceReader } from './SourceReader';

/** The one text format (spec 000 + 004 `>` marks) for tools, commands and the CLI. PLACEHOLDER: being written. */
export function formatText(result: QueryResult, _source: SourceReader): string {
  return result.kind === 'message' ? result.message : JSON.stringify(result);
}
