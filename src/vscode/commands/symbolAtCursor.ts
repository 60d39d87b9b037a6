import * as vscode from 'vscode';
import { GraphService } from '../graph/GraphService';
import { Requests } from '../../worker/protocol';
import { lineOf } from '../editorLines';

/** How long to wait for the TypeScript language service's go-to-definition before using the cursor's own spot. */
const DEFINITION_TIMEOUT_MS = 1500;

/**
 * The graph symbol meant by the cursor: where the word under it is declared (go to definition,
 * so a call site `formatDate(...)` means formatDate), else the declaration around the cursor
 * ("this function").
 */
export async function symbolAtCursor(service: GraphService, editor: vscode.TextEditor): Promise<Requests['symbolAt']['result']> {
  const doc = editor.document;
  const position = editor.selection.active;
  const wordRange = doc.getWordRangeAtPosition(position);
  const word = wordRange ? doc.getText(wordRange) : undefined;
  if (word) {
    const target = await definitionOf(doc.uri, position);
    if (target) {
      const found = await service.symbolAt(target.uri.fsPath, target.line, word);
      if (found) return found;
    }
  }
  return service.symbolAt(doc.uri.fsPath, lineOf(position), word);
}

async function definitionOf(uri: vscode.Uri, position: vscode.Position): Promise<{ uri: vscode.Uri; line: number } | undefined> {
  const lookup = vscode.commands.executeCommand<(vscode.Location | vscode.LocationLink)[] | undefined>('vscode.executeDefinitionProvider', uri, position);
  const timeout = new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), DEFINITION_TIMEOUT_MS));
  try {
    const found = await Promise.race([lookup, timeout]);
    for (const d of found ?? []) {
      const target = 'targetUri' in d ? d.targetUri : d.uri;
      const range = 'targetUri' in d ? (d.targetSelectionRange ?? d.targetRange) : d.range;
      if (target.scheme === 'file') return { uri: target, line: lineOf(range.start) };
    }
  } catch {
    // No definition provider for this language: the cursor's own position still works.
  }
  return undefined;
}
