import { toQueryRequest, symbolLabel } from '../../tools/toolInput';
import { LM_TOOL_NAMES } from '../../tools/toolMetadata';
import { QueryArgs } from '../../worker/protocol';
import { GraphTool } from './GraphTool';

/** Input of tsCodeGraph_dependentsOf: its inputSchema in src/tools/toolMetadata.ts. */
export interface DependentsOfInput {
  file_path: string;
  symbol: string;
}

/** "Who depends on this symbol?" (spec 000). */
export class DependentsOfTool extends GraphTool<DependentsOfInput> {
  static readonly toolName = LM_TOOL_NAMES.dependentsOf;

  protected toArgs(input: DependentsOfInput): QueryArgs | string {
    return toQueryRequest('dependentsOf', input);
  }

  protected action(input: DependentsOfInput): string {
    return `Finding dependents of ${symbolLabel(input)}`;
  }
}
