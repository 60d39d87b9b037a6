import * as assert from 'assert';
import * as vscode from 'vscode';
import { TOOLS, activateExtension, eventually, fixturePath, invoke } from './helpers';

/** Put the cursor on `word` (its first occurrence on `line`, 1-based) of a fixture file. */
async function cursorOn(rel: string, line: number, word: string): Promise<vscode.TextEditor> {
  const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(fixturePath(rel)));
  const editor = await vscode.window.showTextDocument(doc);
  const column = doc.lineAt(line - 1).text.indexOf(word);
  assert.ok(column >= 0, `${word} is not on line ${line} of ${rel}`);
  const at = new vscode.Position(line - 1, column + 1);
  editor.selection = new vscode.Selection(at, at);
  return editor;
}

function activeResult(uri: vscode.Uri | undefined): vscode.TextDocument {
  assert.ok(uri, 'the command returned no result URI');
  const doc = vscode.window.activeTextEditor?.document;
  assert.ok(doc, 'no active editor after the command');
  assert.strictEqual(doc.uri.toString(), uri.toString(), 'the result document is not the active editor');
  assert.strictEqual(doc.uri.scheme, 'ts-code-graph');
  return doc;
}

suite('commands', () => {
  suiteSetup(activateExtension);

  test('dependencies of the symbol at the cursor open the tool\'s text as a read-only document', async () => {
    await cursorOn('app/src/orders/orderService.ts', 11, 'processOrder');
    const uri = await vscode.commands.executeCommand<vscode.Uri>('tsCodeGraph.dependenciesOf');
    const doc = activeResult(uri);
    assert.strictEqual(doc.getText(), await invoke(TOOLS.dependenciesOf, { file_path: 'src/orders/orderService.ts', symbol: 'processOrder' }));
  });

  test('dependents of the symbol at the cursor, from inside its body', async () => {
    await cursorOn('app/src/utils/format.ts', 2, 'toISOString');
    const uri = await vscode.commands.executeCommand<vscode.Uri>('tsCodeGraph.dependentsOf');
    const doc = activeResult(uri);
    // The cursor is on a library call inside formatDate's body: the enclosing symbol is meant.
    assert.strictEqual(doc.getText(), await invoke(TOOLS.dependentsOf, { file_path: 'src/utils/format.ts', symbol: 'formatDate' }));
  });

  test('dependents of a symbol at a call site (go to definition)', async function () {
    this.timeout(90000);
    const editor = await cursorOn('app/src/api/handler.ts', 5, 'formatDate');
    // Wait for the TypeScript language service (it starts slowly on a busy machine), so the command's
    // definition lookup does not time out. The host ships it: its absence is a failure, not a skip.
    const deadline = Date.now() + 60000;
    let found: unknown[] | undefined;
    while (!found?.length && Date.now() < deadline) {
      found = await vscode.commands.executeCommand<unknown[]>('vscode.executeDefinitionProvider', editor.document.uri, editor.selection.active);
      if (!found?.length) await new Promise((r) => setTimeout(r, 250));
    }
    assert.ok(found?.length, "VS Code's TypeScript language features found no definition of formatDate within 60 s");
    const uri = await vscode.commands.executeCommand<vscode.Uri>('tsCodeGraph.dependentsOf');
    assert.strictEqual(activeResult(uri).getText(), await invoke(TOOLS.dependentsOf, { file_path: 'src/utils/format.ts', symbol: 'formatDate' }));
  });

  test('paths between two symbols (arguments instead of the pickers)', async () => {
    const pair = { from: { file_path: 'src/api/handler.ts', symbol: 'handleRequest' }, to: { file_path: 'src/db/queries.ts', symbol: 'executeQuery' } };
    const uri = await vscode.commands.executeCommand<vscode.Uri>('tsCodeGraph.pathsBetween', pair);
    assert.strictEqual(activeResult(uri).getText(), await invoke(TOOLS.pathsBetween, pair));
  });

  test('paths between two symbols picked in the QuickPicks (the cursor symbol is offered first)', async () => {
    await cursorOn('app/src/db/queries.ts', 6, 'executeQuery');
    let uri: vscode.Uri | undefined;
    let done = false;
    const running = vscode.commands.executeCommand<vscode.Uri>('tsCodeGraph.pathsBetween').then((u) => ((done = true), (uri = u)));
    // Accept the active item of each picker as it shows: first the cursor's executeQuery, then the
    // first symbol listed (folder, file, line order: handleRequest in app/src/api/handler.ts).
    for (const deadline = Date.now() + 15000; !done && Date.now() < deadline; ) {
      await new Promise((r) => setTimeout(r, 300));
      await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    }
    await running;
    const expected = await invoke(TOOLS.pathsBetween, { from: { file_path: 'src/db/queries.ts', symbol: 'executeQuery' }, to: { file_path: 'src/api/handler.ts', symbol: 'handleRequest' } });
    assert.strictEqual(activeResult(uri).getText(), expected);
  });

  test('node lines link to the code (click opens the file at the offset)', async () => {
    const uri = await vscode.commands.executeCommand<vscode.Uri>('tsCodeGraph.dependentsOf', { file_path: 'src/utils/format.ts', symbol: 'formatDate' });
    const text = activeResult(uri).getText();
    const block = /^(\w+):\n {2}file: (\S+)\n {2}offset: (\d+),/m.exec(text.slice(text.indexOf('## Nodes')));
    assert.ok(block, `no node block in:\n${text}`);
    const [, , file, offset] = block;
    const links = await vscode.commands.executeCommand<vscode.DocumentLink[]>('vscode.executeLinkProvider', uri);
    const target = links.map((l) => l.target).find((t) => t && t.fsPath === fixturePath(`app/${file}`) && t.fragment === `L${offset}`);
    assert.ok(target, `no link to ${file}#L${offset}; links: ${links.map((l) => l.target?.toString()).join(', ')}`);
    await vscode.commands.executeCommand('vscode.open', target);
    const editor = vscode.window.activeTextEditor;
    assert.strictEqual(editor?.document.uri.fsPath, fixturePath(`app/${file}`));
    assert.strictEqual(editor.selection.active.line + 1, Number(offset));
  });

  test('rebuild re-indexes, and queries wait for it', async () => {
    await vscode.commands.executeCommand('tsCodeGraph.rebuild');
    const input = { file_path: 'src/utils/format.ts', symbol: 'formatDate' };
    const text = await invoke(TOOLS.dependentsOf, input);
    assert.match(text, /^## Graph\n/);
  });

  test('show log opens the log, with what the extension logged', async () => {
    await vscode.commands.executeCommand('tsCodeGraph.showLog');
    // The output view shows the channel as a document of the `output` scheme, which extensions see too.
    const log = await eventually(
      async () => vscode.workspace.textDocuments.find((d) => d.uri.scheme === 'output' && /TS Code Graph/.test(decodeURIComponent(d.uri.toString())))?.getText() ?? '',
      (text) => /\[app\] indexed \d+ files/.test(text),
      'the TS Code Graph log shown, with the indexing of app',
    );
    assert.match(log, /\[lib\] indexed \d+ files/);
  });
});
