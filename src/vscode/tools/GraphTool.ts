import * as vscode from 'vscode';
import { TOOL_QUERIES } from '../../core/query/queries';
import { toQueryRequest } from '../../tools/toolInput';
import { GraphService } from '../graph/GraphService';

type ToolQuery = (typeof TOOL_QUERIES)[number];

/**
 * One language-model tool per query with a `tool` (its descriptor's): the invocation message
 * (saying when the call will first wait for the index), the query through the worker, the token
 * budget, and errors as text. Nothing here names a query.
 */
export class GraphTool implements vscode.LanguageModelTool<unknown> {
  constructor(
    private readonly query: ToolQuery,
    private readonly service: GraphService,
  ) {}

  prepareInvocation(options: vscode.LanguageModelToolInvocationPrepareOptions<unknown>): vscode.PreparedToolInvocation {
    // The tools only read: no confirmation.
    const action = this.query.tool.action(options.input);
    const indexing = this.service.indexingText();
    if (!indexing) return { invocationMessage: `${action}…` };
    return { invocationMessage: `Waiting for the TS Code Graph index (${indexing}), then ${action.charAt(0).toLowerCase()}${action.slice(1)}…` };
  }

  async invoke(options: vscode.LanguageModelToolInvocationOptions<unknown>, token: vscode.CancellationToken): Promise<vscode.LanguageModelToolResult> {
    const args = toQueryRequest(this.query.name, options.input);
    if (typeof args === 'string') return textResult(args);
    const answer = await this.service.query(args, token, options.tokenizationOptions);
    return textResult(answer.text);
  }
}

function textResult(text: string): vscode.LanguageModelToolResult {
  return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(text)]);
}
