import { QueryArgs } from '../worker/protocol';
import { GraphTool, checkSymbolRef, symbolLabel } from './GraphTool';

/** Input of tsCodeGraph_pathsBetween: mirrors its inputSchema in package.json. */
export interface PathsBetweenInput {
  from: { file_path: string; symbol: string };
  to: { file_path: string; symbol: string };
}

/** "How are A and B connected?" in either direction (spec 000). */
export class PathsBetweenTool extends GraphTool<PathsBetweenInput> {
  static readonly toolName = 'tsCodeGraph_pathsBetween';

  protected toArgs(input: PathsBetweenInput): QueryArgs | string {
    if (typeof input !== 'object' || input === null) {
      return 'Invalid input: pass {"from": {"file_path": ..., "symbol": ...}, "to": {"file_path": ..., "symbol": ...}}.';
    }
    return checkSymbolRef(input.from, 'from.') ?? checkSymbolRef(input.to, 'to.') ?? { query: 'pathsBetween', from: input.from, to: input.to };
  }

  protected action(input: PathsBetweenInput): string {
    return `Finding paths between ${symbolLabel(input?.from)} and ${symbolLabel(input?.to)}`;
  }
}
