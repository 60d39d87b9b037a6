import * as assert from 'assert';
import * as vscode from 'vscode';
import { BUDGET_SNIPPETS_NOTE } from '../../../src/core/format/fitToBudget';
import { TOOLS, activateExtension, assertClearText, expectedText, invoke } from './helpers';

interface ToolContribution {
  name: string;
  modelDescription: string;
  inputSchema: object;
  tags: string[];
}

suite('language model tools', () => {
  suiteSetup(activateExtension);

  test('the three tools are listed in vscode.lm.tools with their schemas', async () => {
    const contributed = ((await activateExtension()).packageJSON.contributes.languageModelTools as ToolContribution[]);
    assert.deepStrictEqual(contributed.map((t) => t.name).sort(), Object.values(TOOLS).sort());
    for (const c of contributed) {
      const listed = vscode.lm.tools.find((t) => t.name === c.name);
      assert.ok(listed, `${c.name} is not in vscode.lm.tools`);
      assert.deepStrictEqual(listed.inputSchema, c.inputSchema);
      assert.deepStrictEqual([...listed.tags], c.tags);
      assert.strictEqual(listed.description, c.modelDescription);
    }
    const paths = vscode.lm.tools.find((t) => t.name === TOOLS.pathsBetween)!.inputSchema as { required: string[]; properties: Record<string, { required: string[] }> };
    assert.deepStrictEqual(paths.required, ['from', 'to']);
    assert.deepStrictEqual(paths.properties.from.required, ['file_path', 'symbol']);
  });

  test('dependentsOf returns the core\'s text', async () => {
    const input = { file_path: 'src/utils/format.ts', symbol: 'formatDate' };
    const text = await invoke(TOOLS.dependentsOf, input);
    assert.strictEqual(text, await expectedText('app', { query: 'dependentsOf', ...input }));
    assert.match(text, /^## Graph\n/);
  });

  test('dependenciesOf returns the core\'s text', async () => {
    const input = { file_path: 'src/orders/orderService.ts', symbol: 'processOrder' };
    const text = await invoke(TOOLS.dependenciesOf, input);
    assert.strictEqual(text, await expectedText('app', { query: 'dependenciesOf', ...input }));
  });

  test('pathsBetween returns the core\'s text', async () => {
    const input = { from: { file_path: 'src/api/handler.ts', symbol: 'handleRequest' }, to: { file_path: 'src/db/queries.ts', symbol: 'executeQuery' } };
    const text = await invoke(TOOLS.pathsBetween, input);
    assert.strictEqual(text, await expectedText('app', { query: 'pathsBetween', ...input }));
  });

  test('multi-root: file_path picks the folder that contains it (relative, folder-prefixed, absolute)', async () => {
    const expected = await expectedText('lib', { query: 'dependentsOf', file_path: 'src/math.ts', symbol: 'add' });
    assert.match(expected, /sum/);
    assert.strictEqual(await invoke(TOOLS.dependentsOf, { file_path: 'src/math.ts', symbol: 'add' }), expected);
    assert.strictEqual(await invoke(TOOLS.dependentsOf, { file_path: 'lib/src/math.ts', symbol: 'add' }), expected);
    const absolute = vscode.Uri.joinPath(vscode.workspace.workspaceFolders!.find((f) => f.name === 'lib')!.uri, 'src', 'math.ts').fsPath;
    assert.strictEqual(await invoke(TOOLS.dependentsOf, { file_path: absolute, symbol: 'add' }), expected);
  });

  test('bad inputs come back as clear text', async () => {
    const unknownSymbol = { file_path: 'src/utils/format.ts', symbol: 'formatDat' };
    const text1 = await invoke(TOOLS.dependentsOf, unknownSymbol);
    assert.strictEqual(text1, await expectedText('app', { query: 'dependentsOf', ...unknownSymbol }));
    assertClearText(text1, ['formatDat']);

    assertClearText(await invoke(TOOLS.dependenciesOf, { file_path: 'src/nope.ts', symbol: 'x' }), ['src/nope.ts', 'app', 'lib']);
    assertClearText(await invoke(TOOLS.dependenciesOf, { file_path: 42, symbol: 'x' }), ['file_path must be a string']);
    assertClearText(await invoke(TOOLS.pathsBetween, { from: { file_path: 'src/utils/format.ts', symbol: 'formatDate' } }), ['to must be an object']);

    const same = { from: { file_path: 'src/utils/format.ts', symbol: 'formatDate' }, to: { file_path: 'src/utils/format.ts', symbol: 'formatDate' } };
    const text2 = await invoke(TOOLS.pathsBetween, same);
    assert.strictEqual(text2, await expectedText('app', { query: 'pathsBetween', ...same }));
    assertClearText(text2, ['same symbol']);

    const across = { from: { file_path: 'app/src/utils/format.ts', symbol: 'formatDate' }, to: { file_path: 'lib/src/math.ts', symbol: 'add' } };
    assertClearText(await invoke(TOOLS.pathsBetween, across), ['No path found', 'different workspace folders']);
  });

  test('tokenBudget: the answer fits, snippets go first, and it says what was cut', async () => {
    const input = { file_path: 'src/api/handler.ts', symbol: 'handleRequest' };
    const full = await invoke(TOOLS.dependenciesOf, input);
    const estimate = async (text: string) => Math.ceil(text.length / 4);
    const budget = Math.floor((await estimate(full)) / 2);
    const fitted = await invoke(TOOLS.dependenciesOf, input, { tokenBudget: budget, countTokens: estimate });
    assert.ok((await estimate(fitted)) <= budget, `over budget (${budget}):\n${fitted}`);
    // The same estimator as the core's default, so the text is exactly fitToBudget's.
    assert.strictEqual(fitted, await expectedText('app', { query: 'dependenciesOf', ...input }, budget));
    assert.ok(fitted.includes(BUDGET_SNIPPETS_NOTE) || /cut/i.test(fitted), `does not say what was cut:\n${fitted}`);

    // A tokenizer that counts more than the core's estimate: the host re-asks until it fits.
    const strict = async (text: string) => Math.ceil(text.length / 2);
    const tight = await invoke(TOOLS.dependenciesOf, input, { tokenBudget: budget, countTokens: strict });
    assert.ok((await strict(tight)) <= budget, `over budget with the strict tokenizer (${budget}):\n${tight}`);
    assert.ok(tight.length > 0);
  });

  // That the worker drops a call cancelled mid-wait (the shared flag, FolderGraphs.query) is checked on
  // the built MCP server, where a progress notification tells the call is in the worker: here the
  // early answer (as soon as app's program is built, tens of ms) leaves no window to aim a cancel at.
  test('a call cancelled while the worker rebuilds is rejected as cancelled, and the next call answers', async () => {
    await vscode.commands.executeCommand('tsCodeGraph.rebuild');
    const source = new vscode.CancellationTokenSource();
    const asked = invoke(TOOLS.dependentsOf, { file_path: 'src/utils/format.ts', symbol: 'formatDate' }, undefined, source.token);
    await new Promise((r) => setTimeout(r, 10));
    source.cancel();
    await assert.rejects(asked, (err: Error) => /cancel/i.test(`${err.name} ${err.message}`));
    assert.strictEqual(await invoke(TOOLS.dependentsOf, { file_path: 'src/utils/format.ts', symbol: 'formatDate' }), await expectedText('app', { query: 'dependentsOf', file_path: 'src/utils/format.ts', symbol: 'formatDate' }));
  });

  test('a cancelled call is cancelled', async () => {
    const source = new vscode.CancellationTokenSource();
    source.cancel();
    await assert.rejects(invoke(TOOLS.dependentsOf, { file_path: 'src/utils/format.ts', symbol: 'formatDate' }, undefined, source.token), (err: Error) => /cancel/i.test(`${err.name} ${err.message}`));
  });
});
