import { QueryArgs } from '../worker/protocol';
import { GraphTool, checkSymbolRef, symbolLabel } from './GraphTool';

/** Input of tsCodeGraph_dependenciesOf: mirrors its inputSchema in package.json. */
export interface DependenciesOfInput {
  file_path: string;
  symbol: string;
}

/** "What does this symbol depend on?" (spec 000). */
export class DependenciesOfTool extends GraphTool<DependenciesOfInput> {
  static readonly toolName = 'tsCodeGraph_dependenciesOf';

  protected toArgs(input: DependenciesOfInput): QueryArgs | string {
    return checkSymbolRef(input) ?? { query: 'dependenciesOf', file_path: input.file_path, symbol: input.symbol };
  }

  protected action(input: DependenciesOfInput): string {
    return `Finding dependencies of ${symbolLabel(input)}`;
  }
}
