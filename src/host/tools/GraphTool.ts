import * as vscode from 'vscode';
import { GraphService } from '../graph/GraphService';
import { QueryArgs } from '../../worker/protocol';

/**
 * What the three tools share: the invocation message (saying when the call will first wait for
 * the index), the query through the worker, the token budget, and errors as text. Subclasses
 * only map their input (`inputSchema` in src/tools/toolMetadata.ts) to query arguments.
 */
export abstract class GraphTool<I> implements vscode.LanguageModelTool<I> {
  constructor(private readonly service: GraphService) {}

  /** Query arguments, or a message saying what is wrong with the input. */
  protected abstract toArgs(input: I): QueryArgs | string;

  /** "Finding dependents of formatDate" */
  protected abstract action(input: I): string;

  prepareInvocation(options: vscode.LanguageModelToolInvocationPrepareOptions<I>): vscode.PreparedToolInvocation {
    // The tools only read: no confirmation.
    const action = this.action(options.input);
    const indexing = this.service.indexingText();
    if (!indexing) return { invocationMessage: `${action}…` };
    return { invocationMessage: `Waiting for the TS Code Graph index (${indexing}), then ${action.charAt(0).toLowerCase()}${action.slice(1)}…` };
  }

  async invoke(options: vscode.LanguageModelToolInvocationOptions<I>, token: vscode.CancellationToken): Promise<vscode.LanguageModelToolResult> {
    const args = this.toArgs(options.input);
    if (typeof args === 'string') return textResult(args);
    const answer = await this.service.query(args, token, options.tokenizationOptions);
    return textResult(answer.text);
  }
}

function textResult(text: string): vscode.LanguageModelToolResult {
  return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(text)]);
}
