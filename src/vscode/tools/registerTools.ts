import * as vscode from 'vscode';
import { TOOL_QUERIES } from '../../core/query/queries';
import { LM_TOOL_NAMES } from '../../tools/toolMetadata';
import { GraphService } from '../graph/GraphService';
import { GraphTool } from './GraphTool';

/** The language-model tools of package.json's contributes.languageModelTools: one per query with a `tool`. */
export function registerTools(context: vscode.ExtensionContext, service: GraphService): void {
  context.subscriptions.push(...TOOL_QUERIES.map((q) => vscode.lm.registerTool(LM_TOOL_NAMES[q.name], new GraphTool(q, service))));
}
