import { QueryResult } from '../query/QueryResult';

/** Mermaid flowchart of a result. PLACEHOLDER: being written. */
export function formatMermaid(result: QueryResult): string {
  return result.kind === 'message' ? result.message : 'flowchart LR';
}
