import * as assert from 'assert';
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { CodeGraph } from '../../../src/core/CodeGraph';
import { formatMarkdown, markdownLinkRoot } from '../../../src/core/format/formatMarkdown';
import { gitChanges } from '../../../src/core/query/impact/gitChanges';
import type { ImpactShown } from '../../../src/vscode/commands/impactOfChanges';
import type { GraphViewPanel } from '../../../src/vscode/graphView/GraphViewPanel';
import { activateExtension, assertClearText, editAndSave, fixturePath } from './helpers';
import { previewClick, previewEval, screenshot, until, viewEval } from './webviewBridge';

const ARTIFACTS = path.resolve(__dirname, '..', '..', '..', 'artifacts');

/**
 * What `ts-code-graph impact --format markdown` renders for the app folder now (a fresh full index, the
 * same git changes), in the formatter's editor variant: the same parts, the dependents before the tests,
 * each `file:line` linked from the first workspace folder (where the preview resolves `/` links).
 */
async function cliMarkdown(): Promise<string> {
  const root = fixturePath('app');
  const listed = gitChanges(root, { kind: 'working-tree' });
  assert.ok(!('error' in listed), JSON.stringify(listed));
  const graph = await CodeGraph.open({ root });
  return formatMarkdown(graph.impact(listed.changes, listed.base), 'editor', markdownLinkRoot(vscode.workspace.workspaceFolders![0].uri.fsPath, root));
}

/**
 * How long the preview may take to appear and render. It is VS Code's own webview: the Markdown extension
 * activates on its first use, then the webview loads its scripts and renders, while the worker's first
 * answer and the graph view beside it share the machine's 2 cores. With 15 s for the preview (and mocha's
 * 30 s for the whole test) that failed in 2 of 4 runs; every wait on it polls for its condition until this
 * deadline, and the tests' own timeouts leave room for each wait.
 */
const PREVIEW_WAIT_MS = 60000;

/**
 * How long a shown preview may stay without its page before it is shown again (renderedPreview). A
 * webview whose page loads at all has it within a few seconds, even on one busy core.
 */
const BLANK_PREVIEW_MS = 20000;

/** The tabs showing VS Code's Markdown preview of `uri`'s document (labelled "Preview <name>"). */
function previewTabs(uri: vscode.Uri): vscode.Tab[] {
  const name = path.posix.basename(uri.path);
  return vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.includes('markdown.preview') && t.label.includes(name));
}

/**
 * The preview of `uri`'s document, once its tab is open and in front in its group: a webview that is
 * not in front has no page to read (VS Code drops it and draws it again when it is shown).
 */
async function shownPreview(uri: vscode.Uri, what: string): Promise<vscode.Tab> {
  const [tab] = await until(() => Promise.resolve(previewTabs(uri)), (tabs) => tabs.length === 1 && tabs[0].isActive, what, PREVIEW_WAIT_MS);
  return tab;
}

/**
 * `expression` evaluated in the rendered preview of `uri`'s document (read through the webview bridge)
 * once `ok` holds of it.
 *
 * A preview left without its page is shown again, at most twice. Under code-server every webview is
 * served from the workbench's own origin, so all of them share one service-worker scope (desktop VS Code
 * gives each webview an origin of its own): when two webviews load at once, the one whose worker lost
 * the race can wait for a controller change that already happened, and its page never loads (the
 * browser logs "Found unexpected service worker controller … Waiting for controllerchange", and the
 * webview frame stays empty). The command now opens the preview only once the graph view's page has
 * loaded (or after 10 s); this stays as a guard, and says when it fires. Hiding the preview drops that
 * webview; showing it again loads a new one while nothing else loads. What is read, and what it must
 * show, stay the same.
 */
async function renderedPreview<T>(uri: vscode.Uri, expression: string, ok: (v: T) => boolean, what: string): Promise<T> {
  for (let shown = 1; ; shown++) {
    await shownPreview(uri, `${what}: its tab in front`);
    try {
      return await until(() => previewEval<T>(HEADING, expression), ok, what, shown < 3 ? BLANK_PREVIEW_MS : PREVIEW_WAIT_MS);
    } catch (err) {
      const blank = await previewEval<boolean>(HEADING, 'true', 10000).then(() => false, () => true);
      // A page that is there but not yet as expected (a refresh still on its way) gets the whole wait.
      if (!blank) return until(() => previewEval<T>(HEADING, expression), ok, what, PREVIEW_WAIT_MS);
      if (shown === 3) throw err;
      console.warn(`${what}: the preview has no page after ${BLANK_PREVIEW_MS / 1000} s (code-server's shared webview service worker); showing it again`);
      await showAgain(uri);
    }
  }
}

/**
 * Hides the preview of `uri`'s document behind its source in the same group, shows it again, and has it
 * drawn afresh from the document: a new answer that reached the blank preview went as a message to the
 * page that never loaded, and the new webview starts from the page first drawn.
 */
async function showAgain(uri: vscode.Uri): Promise<void> {
  const group = (await shownPreview(uri, 'the preview to hide')).group;
  await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri), { viewColumn: group.viewColumn, preview: false });
  await until(() => Promise.resolve(previewTabs(uri)), (tabs) => tabs.length === 1 && !tabs[0].isActive, 'the preview hidden', PREVIEW_WAIT_MS);
  await vscode.commands.executeCommand('markdown.showPreview', uri);
  await vscode.commands.executeCommand('markdown.preview.refresh');
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
/** A test of formatDate, committed with the app: the answer lists it among the tests to run, after the dependents. */
const FORMAT_TEST = 'app/src/utils/format.test.ts';
const HEADING = 'Impact of my changes';
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
    fs.writeFileSync(fixturePath(FORMAT_TEST), `import { formatDate } from './format';\n\nexport function formatsEpoch(): boolean {\n  return formatDate(0) === '1970-01-01T00:00:00.000Z';\n}\n`);
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
    fs.rmSync(fixturePath(FORMAT_TEST), { force: true });
    // The repository stays (the workspace is a throwaway copy): VS Code's git extension has opened it,
    // and with .git gone its ignore check for the next file shown runs `git check-ignore --stdin` in a
    // folder that is no repository; that git exits before reading, and the extension's EPIPE is
    // uncaught in the extension host, failing whichever later test is running (seen in CI).
  });

  test('on uncommitted edits: the CLI\'s Markdown rendered in the preview, changed symbols, dependents, then the tests folded, and the graph with the changed symbols highlighted', async function () {
    this.timeout(4 * PREVIEW_WAIT_MS);
    await editAndSave(FORMAT, (t) => t.replace('toISOString()', 'toUTCString()'));
    const result = await vscode.commands.executeCommand<ImpactShown | undefined>('tsCodeGraph.impactOfChanges', { folder: fixturePath('app') });
    assert.ok(result && 'uri' in result, `no document: ${JSON.stringify(result)}`);
    shown = result;
    const doc = await vscode.workspace.openTextDocument(result.uri);
    assert.strictEqual(doc.languageId, 'markdown');
    const text = doc.getText();
    assert.strictEqual(text, await cliMarkdown());
    assert.match(text, /^### Impact of my changes\n\n\*\*1 changed symbol\*\* in 1 file \(1 body changed\) · \*\*4 dependents\*\* \(3 in code, 1 in tests\) · \*\*1 test file to run\*\* · working tree vs HEAD\n/);
    // The changed symbols, the dependents (by folder, then the affected code, open), then the tests: the
    // command, and the files folded. Each place links to the code, from the first workspace folder (app): `/src/…#Lline`.
    const order = [
      '| `formatDate` | body changed, exported | [`src/utils/format.ts:1`](/src/utils/format.ts#L1) |',
      '**Dependents by folder**',
      '**Affected code, nearest first (3)**',
      '- `handleRequest` [`src/api/handler.ts:4`](/src/api/handler.ts#L4)',
      '- `legacyReport` [`src/legacy/report.ts:3`](/src/legacy/report.ts#L3)',
      '- `processOrder` [`src/orders/orderService.ts:11`](/src/orders/orderService.ts#L11)',
      '**Tests to run**',
      '<details><summary>1 test file, nearest first, with what links each to a change</summary>',
      '- [`src/utils/format.test.ts`](/src/utils/format.test.ts): `formatsEpoch',
    ];
    const at = order.map((part) => text.indexOf(part));
    assert.ok(at.every((i, n) => i >= 0 && (n === 0 || i > at[n - 1])), `in this order: ${order.join(' | ')}\n${text}`);
    assert.doesNotMatch(text, /```mermaid/, 'no picture (the graph view draws it)');
    const links = await vscode.commands.executeCommand<vscode.DocumentLink[]>('vscode.executeLinkProvider', result.uri);
    assert.ok(links.some((l) => l.target?.fsPath === fixturePath('app/src/orders/orderService.ts')), 'the dependents link to their code');

    // Rendered: VS Code's Markdown preview of the document, in front, the same parts in the same order, wrapped to the panel.
    const page = await renderedPreview<{ parts: string[]; tables: number; wide: boolean; folded: { summary: string; open: boolean; items: string[] }[] }>(
      result.uri,
      `({
        parts: [...document.querySelectorAll('h3, p > strong, li, summary')].filter((e) => e.tagName === 'SUMMARY' || !e.closest('details')).map((e) => e.textContent.trim()),
        tables: document.querySelectorAll('table').length,
        wide: document.documentElement.scrollWidth > document.documentElement.clientWidth + 1,
        folded: [...document.querySelectorAll('details')].map((d) => ({ summary: d.querySelector('summary').textContent.trim(), open: d.open, items: [...d.querySelectorAll('li')].map((li) => li.textContent.trim()) })),
      })`,
      (r) => r.parts.length > 0,
      'the rendered preview',
    );
    assert.deepStrictEqual(page.parts, [
      HEADING,
      '1 changed symbol',
      '4 dependents',
      '1 test file to run',
      'Dependents by folder',
      'Affected code, nearest first (3)',
      'handleRequest src/api/handler.ts:4',
      'legacyReport src/legacy/report.ts:3',
      'processOrder src/orders/orderService.ts:11',
      'Tests to run',
      '1 test file, nearest first, with what links each to a change',
    ]);
    assert.deepStrictEqual(page.folded, [{ summary: '1 test file, nearest first, with what links each to a change', open: false, items: ['src/utils/format.test.ts: formatsEpoch --CALLS--> formatDate'] }], 'the test files folded, last');
    assert.strictEqual(page.tables, 2, 'the changed symbols and the dependents by folder as tables');
    assert.strictEqual(page.wide, false, 'no line runs past the panel');
    await screenshot(path.join(ARTIFACTS, 'impact-preview-host.png'));
    // A dependent's place, clicked in the preview: its code at that line.
    await previewClick(HEADING, 'a[data-href$="/src/orders/orderService.ts#L11"]', PREVIEW_WAIT_MS);
    const opened = await until(
      () => Promise.resolve(vscode.window.activeTextEditor),
      (e) => e?.document.uri.fsPath === fixturePath('app/src/orders/orderService.ts'),
      'orderService.ts opened from the preview',
      PREVIEW_WAIT_MS,
    );
    assert.strictEqual(opened?.selection.active.line, 10, 'at line 11');
    // It opened beside the preview (which stays in front, for the next test to read again after a save).
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    await shownPreview(result.uri, 'the preview in front again');

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

  test('a save answers again: the document, its preview and the graph view show the new changes, a new function nothing calls too, each marked', async function () {
    this.timeout(3 * PREVIEW_WAIT_MS);
    assert.ok(shown, 'the first test opened the answer');
    const uri = shown.uri;
    await editAndSave(FORMAT, (t) => `${t.replace('toFixed(2)', 'toFixed(3)')}export function addedLately(): number {\n  return 1;\n}\n`);
    const current = () => Promise.resolve(vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString())?.getText() ?? '');
    const text = await until(current, (t) => t.includes('`formatMoney` | body changed') && t.includes('`addedLately` | added'), 'the refreshed document');
    assert.strictEqual(text, await cliMarkdown());
    assert.match(text, /3 changed symbols/);
    await renderedPreview<string>(uri, 'document.body.textContent', (t) => t.includes('addedLately'), 'the preview showing the new answer');
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
