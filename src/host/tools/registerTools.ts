import * as vscode from 'vscode';
import { GraphService } from '../graph/GraphService';
import { DependenciesOfTool } from './DependenciesOfTool';
import { DependentsOfTool } from './DependentsOfTool';
import { PathsBetweenTool } from './PathsBetweenTool';

/** The three language-model tools of package.json's contributes.languageModelTools. */
export function registerTools(context: vscode.ExtensionContext, service: GraphService): void {
  context.subscriptions.push(
    vscode.lm.registerTool(DependenciesOfTool.toolName, new DependenciesOfTool(service)),
    vscode.lm.registerTool(DependentsOfTool.toolName, new DependentsOfTool(service)),
    vscode.lm.registerTool(PathsBetweenTool.toolName, new PathsBetweenTool(service)),
  );
}
