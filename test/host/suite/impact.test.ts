import * as assert from 'assert';
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as vscode from 'vscode';
import { CodeGraph } from '../../../src/core/CodeGraph';
import { createFileSourceReader } from '../../../src/core/format/FileSourceReader';
import { formatText } from '../../../src/core/format/formatText';
import { gitChanges } from '../../../src/core/query/impact/gitChanges';
import type { ImpactShown } from '../../../src/vscode/commands/impactOfChanges';
import type { GraphViewPanel } from '../../../src/vscode/graphView/GraphViewPanel';
import { activateExtension, assertClearText, editAndSave, fixturePath } from './helpers';
import { until, viewEval } from './webviewBridge';

/** What `ts-code-graph impact` prints for the app folder now: a fresh full index, the same git changes. */
async function cliAnswer(): Promise<string> {
  const root = fixturePath('app');
  const listed = gitChanges(root, { kind: 'working-tree' });
  assert.ok(!('error' in listed), JSON.stringify(listed));
  const graph = await CodeGraph.open({ root });
  return formatText(graph.impact(listed.changes, listed.base), createFileSourceReader(root));
}

function hasGit(): boolean {
  try {
    execFileSync('git', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const FORMAT = 'app/src/utils/format.ts';
/** The graph view's highlighted nodes (`g.node.input`): the changed symbols. */
const HIGHLIGHTED = `[...document.querySelectorAll('svg.graph g.node.input')].map((g) => g.dataset.id).sort()`;

/**
 * "Impact of My Changes" on a workspace folder with uncommitted edits: the test makes the app folder
 * a git repository and commits it, edits a file through the editor, runs the command, and checks the
 * document against the CLI's answer and the graph view's highlighted nodes; then a save refreshes both.
 */
suite('Impact of My Changes', () => {
  let original: string;
  let shown: Extract<ImpactShown, { uri: vscode.Uri }> | undefined;

  suiteSetup(async function () {
    if (!hasGit()) {
      // CI has git; a machine without it cannot run this command at all (it says so: see the last test).
      console.warn('Impact of My Changes: skipped, git is not on PATH (the command compares files with git).');
      this.skip();
    }
    await activateExtension();
    const root = fixturePath('app');
    const git = (...args: string[]) => execFileSync('git', ['-c', 'user.email=test@example.com', '-c', 'user.name=test', ...args], { cwd: root, encoding: 'utf8' });
    git('init', '-q', '-b', 'main');
    git('add', '-A');
    git('commit', '-q', '-m', 'base');
    original = fs.readFileSync(fixturePath(FORMAT), 'utf8');
  });

  suiteTeardown(async () => {
    if (original === undefined) return;
    if (fs.readFileSync(fixturePath(FORMAT), 'utf8') !== original) await editAndSave(FORMAT, () => original);
    shown?.view.dispose();
    // The repository stays (the workspace is a throwaway copy): VS Code's git extension has opened it,
    // and with .git gone its ignore check for the next file shown runs `git check-ignore --stdin` in a
    // folder that is no repository; that git exits before reading, and the extension's EPIPE is
    // uncaught in the extension host, failing whichever later test is running (seen in CI).
  });

  test('on uncommitted edits: the CLI\'s answer as a document with links, and the graph with the changed symbols highlighted', async () => {
    await editAndSave(FORMAT, (t) => t.replace('toISOString()', 'toUTCString()'));
    const result = await vscode.commands.executeCommand<ImpactShown | undefined>('tsCodeGraph.impactOfChanges', { folder: fixturePath('app') });
    assert.ok(result && 'uri' in result, `no document: ${JSON.stringify(result)}`);
    shown = result;
    const doc = await vscode.workspace.openTextDocument(result.uri);
    const text = doc.getText();
    assert.strictEqual(text, await cliAnswer());
    assert.match(text, /^Impact \(working tree vs HEAD\): 1 changed file, 1 changed symbol \(1 body changed\), 3 dependents/);
    assert.match(text, /formatDate: body changed, exported \(src\/utils\/format\.ts:1\)/);
    assert.match(text, /handleRequest --CALLS--> processOrder --CALLS--> formatDate/);
    assert.match(text, /legacyReport --CALLS--> formatDate/);
    const links = await vscode.commands.executeCommand<vscode.DocumentLink[]>('vscode.executeLinkProvider', result.uri);
    assert.ok(links.some((l) => l.target?.fsPath === fixturePath('app/src/orders/orderService.ts')), 'the dependents link to their code');

    assert.deepStrictEqual(result.view.current()?.nodes.filter((n) => n.change).map((n) => `${n.id} ${n.change}`), ['src/utils/format.ts#formatDate@function body']);
    // The page's heading is the drawing's title (the bridge finds the view by it).
    const title = 'Impact of formatDate (body changed, exported)';
    assert.strictEqual(result.view.current()?.title, title);
    const drawn = await until(() => viewEval<string[]>(title, HIGHLIGHTED), (ids) => ids.length > 0, 'the highlighted changed symbols');
    assert.deepStrictEqual(drawn, ['src/utils/format.ts#formatDate@function']);
    // A narrow panel folds far levels into boxes: open them all (as the graph view tests do), then every node is drawn.
    await viewEval<boolean>(title, `(document.querySelector('button.unfold-all')?.click(), true)`);
    const nodes = await until(
      () => viewEval<string[]>(title, `[...document.querySelectorAll('svg.graph g.node')].map((g) => g.dataset.id)`),
      (ids) => ids.length > 0 && !ids.some((id) => id.startsWith('bundle:')),
      'every node drawn one by one',
    );
    assert.deepStrictEqual([...nodes].sort(), result.view.current()!.nodes.map((n) => n.id).sort());
    assert.ok(nodes.includes('src/orders/orderService.ts#processOrder@function'), `a dependent is drawn: ${nodes.join(', ')}`);

    // "Show as Graph" on the document draws the same impact again.
    const again = await vscode.commands.executeCommand<GraphViewPanel>('tsCodeGraph.showResultAsGraph', result.uri);
    try {
      assert.deepStrictEqual(again.current()?.nodes.map((n) => `${n.id} ${n.change ?? ''}`), result.view.current()?.nodes.map((n) => `${n.id} ${n.change ?? ''}`));
    } finally {
      again.dispose();
    }
  });

  test('a save answers again: the document and the graph view show the new changes, a new function nothing calls too, each marked', async () => {
    assert.ok(shown, 'the first test opened the answer');
    const uri = shown.uri;
    await editAndSave(FORMAT, (t) => `${t.replace('toFixed(2)', 'toFixed(3)')}export function addedLately(): number {\n  return 1;\n}\n`);
    const current = () => Promise.resolve(vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString())?.getText() ?? '');
    const text = await until(current, (t) => t.includes('formatMoney: body changed') && t.includes('addedLately: added'), 'the refreshed document');
    assert.strictEqual(text, await cliAnswer());
    assert.match(text, /3 changed symbols/);
    const title = 'Impact of 3 changed symbols';
    const drawn = await until(() => viewEval<string[]>(title, HIGHLIGHTED), (ids) => ids.length === 3, 'the three changed symbols highlighted');
    assert.deepStrictEqual(drawn, ['src/utils/format.ts#addedLately@function', 'src/utils/format.ts#formatDate@function', 'src/utils/format.ts#formatMoney@function']);
    // Each with its kind of change: the mark, its words on hover, the legend.
    const marks = await viewEval<string[]>(title, `[...document.querySelectorAll('svg.graph g.node.changed')].map((g) => g.dataset.change + ' ' + g.querySelector('.change-mark title')?.textContent).sort()`);
    assert.deepStrictEqual(marks, ['added addedLately: added, exported', 'body formatDate: body changed, exported', 'body formatMoney: body changed, exported']);
    const legend = await viewEval<string[]>(title, `[...document.querySelectorAll('.legend .change-key')].map((k) => k.textContent)`);
    assert.deepStrictEqual(legend, ['▬ body (2)', '▬ added (1)']);
  });

  test('a folder that is not a git repository, and no change: a clear message, no document', async () => {
    const lib = await vscode.commands.executeCommand<ImpactShown | undefined>('tsCodeGraph.impactOfChanges', { folder: fixturePath('lib') });
    assert.ok(lib && 'message' in lib, JSON.stringify(lib));
    assert.strictEqual(lib.isError, true);
    assertClearText(lib.message, ['is not inside a git repository', "compares the files with git's versions of them"]);
    await editAndSave(FORMAT, () => original);
    // As the Source Control view calls it: with its repository (`rootUri`).
    const none = await vscode.commands.executeCommand<ImpactShown | undefined>('tsCodeGraph.impactOfChanges', { rootUri: vscode.Uri.file(fixturePath('app')) });
    assert.deepStrictEqual(none, { message: 'No TypeScript or JavaScript file changed (working tree vs HEAD).', isError: false });
  });
});
