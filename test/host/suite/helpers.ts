import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { CodeGraph } from '../../../src/core/CodeGraph';
import { createFileSourceReader } from '../../../src/core/format/FileSourceReader';
import { fitToBudget } from '../../../src/core/format/fitToBudget';
import { formatText } from '../../../src/core/format/formatText';
import { runQuery } from '../../../src/core/query/QueryRequest';
import type { TsCodeGraphApi } from '../../../src/vscode/extension';
import type { QueryArgs } from '../../../src/worker/protocol';

export const EXTENSION_ID = 'ts-code-graph.ts-code-graph';
export const TOOLS = { dependenciesOf: 'tsCodeGraph_dependenciesOf', dependentsOf: 'tsCodeGraph_dependentsOf', pathsBetween: 'tsCodeGraph_pathsBetween' } as const;

export async function activateExtension(): Promise<vscode.Extension<TsCodeGraphApi>> {
  const ext = vscode.extensions.getExtension<TsCodeGraphApi>(EXTENSION_ID);
  assert.ok(ext, `extension ${EXTENSION_ID} not found`);
  await ext.activate();
  return ext;
}

/** Absolute path of a fixture file, `app/src/...` or `lib/src/...` (first segment = workspace folder name). */
export function fixturePath(rel: string): string {
  const [name, ...rest] = rel.split('/');
  const folder = vscode.workspace.workspaceFolders?.find((f) => f.name === name);
  assert.ok(folder, `workspace folder ${name} is not open (folders: ${vscode.workspace.workspaceFolders?.map((f) => f.name).join(', ')})`);
  return path.join(folder.uri.fsPath, ...rest);
}

/** The text a tool returns (its LanguageModelTextParts joined). */
export async function invoke(tool: string, input: object, tokenization?: vscode.LanguageModelToolTokenizationOptions, token?: vscode.CancellationToken): Promise<string> {
  const result = await vscode.lm.invokeTool(tool, { input, toolInvocationToken: undefined, tokenizationOptions: tokenization }, token);
  return result.content
    .filter((p): p is vscode.LanguageModelTextPart => p instanceof vscode.LanguageModelTextPart)
    .map((p) => p.value)
    .join('');
}

/**
 * What the core itself says for the same query on the fixture as it is on disk now: a fresh
 * full index of the folder, then the shared formatter (and fitToBudget with a budget). So the
 * tools are checked against "incremental update == full rebuild" and "one formatter".
 */
export async function expectedText(folder: 'app' | 'lib', args: QueryArgs, tokenBudget?: number): Promise<string> {
  const root = fixturePath(folder);
  const graph = await CodeGraph.open({ root });
  const result = runQuery(graph, args);
  const reader = createFileSourceReader(root);
  return tokenBudget === undefined ? formatText(result, reader) : fitToBudget(result, reader, tokenBudget);
}

/** Replace a fixture file's text through the editor API and save it (awaits the save). */
export async function editAndSave(rel: string, transform: (text: string) => string): Promise<void> {
  const uri = vscode.Uri.file(fixturePath(rel));
  const doc = await vscode.workspace.openTextDocument(uri);
  const before = doc.getText();
  const after = transform(before);
  assert.notStrictEqual(after, before, `the edit of ${rel} changed nothing`);
  const edit = new vscode.WorkspaceEdit();
  edit.replace(uri, new vscode.Range(doc.positionAt(0), doc.positionAt(before.length)), after);
  assert.ok(await vscode.workspace.applyEdit(edit), `applyEdit failed for ${rel}`);
  assert.ok(await doc.save(), `save failed for ${rel}`);
  assert.strictEqual(fs.readFileSync(uri.fsPath, 'utf8'), after);
}

/** For changes that reach the extension through a file-system watcher (asynchronous by nature). */
export async function eventually(ask: () => Promise<string>, ok: (text: string) => boolean, what: string, timeoutMs = 10000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  let text = await ask();
  while (!ok(text)) {
    if (Date.now() > deadline) assert.fail(`${what}: not seen within ${timeoutMs} ms. Last answer:\n${text}`);
    await new Promise((r) => setTimeout(r, 150));
    text = await ask();
  }
  return text;
}

/** The Graph section's lines (empty for a message answer). */
export function graphLines(text: string): string[] {
  const start = text.indexOf('## Graph\n');
  const end = text.indexOf('\n## Nodes');
  return start < 0 || end < 0 ? [] : text.slice(start + 9, end).split('\n').filter((l) => l.trim() !== '');
}

/** A message answer for a model: text, no stack trace. */
export function assertClearText(text: string, mentions: string[]): void {
  assert.ok(text.trim().length > 0, 'empty answer');
  assert.ok(!/\n\s+at .+:\d+:\d+/.test(text), `answer contains a stack trace:\n${text}`);
  for (const m of mentions) assert.ok(text.includes(m), `answer should mention ${JSON.stringify(m)}:\n${text}`);
}
