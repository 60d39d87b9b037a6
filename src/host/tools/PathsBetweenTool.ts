import { toQueryRequest, symbolLabel } from '../../tools/toolInput';
import { LM_TOOL_NAMES } from '../../tools/toolMetadata';
import { QueryArgs } from '../../worker/protocol';
import { GraphTool } from './GraphTool';

/** Input of tsCodeGraph_pathsBetween: its inputSchema in src/tools/toolMetadata.ts. */
export interface PathsBetweenInput {
  from: { file_path: string; symbol: string };
  to: { file_path: string; symbol: string };
}

/** "How are A and B connected?" in either direction (spec 000). */
export class PathsBetweenTool extends GraphTool<PathsBetweenInput> {
  static readonly toolName = LM_TOOL_NAMES.pathsBetween;

  protected toArgs(input: PathsBetweenInput): QueryArgs | string {
    return toQueryRequest('pathsBetween', input);
  }

  protected action(input: PathsBetweenInput): string {
    return `Finding paths between ${symbolLabel(input?.from)} and ${symbolLabel(input?.to)}`;
  }
}
