import { QueryArgs } from '../worker/protocol';
import { GraphTool, checkSymbolRef, symbolLabel } from './GraphTool';

/** Input of tsCodeGraph_dependentsOf: mirrors its inputSchema in package.json. */
export interface DependentsOfInput {
  file_path: string;
  symbol: string;
}

/** "Who depends on this symbol?" (spec 000). */
export class DependentsOfTool extends GraphTool<DependentsOfInput> {
  static readonly toolName = 'tsCodeGraph_dependentsOf';

  protected toArgs(input: DependentsOfInput): QueryArgs | string {
    return checkSymbolRef(input) ?? { query: 'dependentsOf', file_path: input.file_path, symbol: input.symbol };
  }

  protected action(input: DependentsOfInput): string {
    return `Finding dependents of ${symbolLabel(input)}`;
  }
}
