import { toQueryRequest, symbolLabel } from '../../tools/toolInput';
import { LM_TOOL_NAMES } from '../../tools/toolMetadata';
import { QueryArgs } from '../../worker/protocol';
import { GraphTool } from './GraphTool';

/** Input of tsCodeGraph_dependenciesOf: its inputSchema in src/tools/toolMetadata.ts. */
export interface DependenciesOfInput {
  file_path: string;
  symbol: string;
}

/** "What does this symbol depend on?" (spec 000). */
export class DependenciesOfTool extends GraphTool<DependenciesOfInput> {
  static readonly toolName = LM_TOOL_NAMES.dependenciesOf;

  protected toArgs(input: DependenciesOfInput): QueryArgs | string {
    return toQueryRequest('dependenciesOf', input);
  }

  protected action(input: DependenciesOfInput): string {
    return `Finding dependencies of ${symbolLabel(input)}`;
  }
}
