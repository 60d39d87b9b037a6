import * as assert from 'assert';
import * as path from 'path';
import * as vscode from 'vscode';
import { CodeGraph } from '../../../src/core/CodeGraph';
import { diagramModel } from '../../../src/core/diagram/diagramModel';
import { runQuery } from '../../../src/core/query/QueryRequest';
import type { GraphViewPanel } from '../../../src/vscode/graphView/GraphViewPanel';
import type { QueryArgs } from '../../../src/worker/protocol';
import { Readable, readabilityProbe } from '../../support/readabilityProbe';
import { activateExtension, editAndSave, fixturePath } from './helpers';
import { screenshot, until, viewClick, viewEval, viewPress } from './webviewBridge';

/** out/artifacts/ of the repository (this file runs from out/test/host/suite). */
const ARTIFACTS = path.resolve(__dirname, '..', '..', '..', 'artifacts');

interface Drawn {
  nodes: Array<{ id: string; label: string }>;
  edges: string[];
  ready: number;
}

/** What the view's DOM shows right now: nodes (id, label) and edges (`from TYPE to`). */
const READ_DOM = `(() => ({
  nodes: [...document.querySelectorAll('svg.graph g.node')].map((g) => ({ id: g.dataset.id, label: g.querySelector('text.label').textContent })),
  edges: [...document.querySelectorAll('svg.graph g.edge')].map((g) => g.dataset.from + ' ' + g.dataset.type + ' ' + g.dataset.to),
  ready: Number(document.body.dataset.ready || 0),
}))()`;

/** The core's own drawing of the query on the fixture as it is on disk now (fresh full index). */
async function expectedModel(args: QueryArgs): Promise<{ nodes: Array<{ id: string; label: string }>; edges: string[] }> {
  const graph = await CodeGraph.open({ root: fixturePath('app') });
  const model = diagramModel(runQuery(graph, args));
  return { nodes: model.nodes.map((n) => ({ id: n.id, label: n.label })), edges: model.edges.map((e) => `${e.from} ${e.type} ${e.to}`) };
}

const sorted = <T>(list: T[]): T[] => [...list].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

suite('graph view', () => {
  suiteSetup(activateExtension);

  const formatDateArgs: QueryArgs = { query: 'dependentsOf', file_path: 'src/utils/format.ts', symbol: 'formatDate' };
  const title = 'Dependents of formatDate';

  test('draws the answer from a command: the same nodes, labels and edges as the core', async () => {
    const view = await vscode.commands.executeCommand<GraphViewPanel>('tsCodeGraph.dependentsOfGraph', { file_path: fixturePath('app/src/utils/format.ts'), symbol: 'formatDate' });
    assert.ok(view?.current(), 'the command returned no graph view');
    const expected = await expectedModel(formatDateArgs);
    const drawn = await until(() => viewEval<Drawn>(title, READ_DOM), (d) => d.nodes.length > 0, 'the drawing');
    assert.deepStrictEqual(sorted(drawn.nodes), sorted(expected.nodes));
    assert.deepStrictEqual(sorted(drawn.edges), sorted(expected.edges));
    assert.deepStrictEqual(await viewEval<string[]>(title, `[...document.querySelectorAll('g.node.input')].map((g) => g.dataset.id)`), ['src/utils/format.ts#formatDate@function']);
    // The page's CSP is strict: nonce'd script only, no network.
    const csp = await viewEval<string>(title, `document.querySelector('meta[http-equiv="Content-Security-Policy"]').content`);
    assert.match(csp, /default-src 'none'; script-src 'nonce-[^']+' /);
    assert.match(csp, /connect-src 'none'/);
  });

  test('a click on a node opens its file at its line', async () => {
    const id = 'src/orders/orderService.ts#processOrder@function';
    await viewClick(title, `g.node[data-id="${id}"]`);
    const editor = await until(
      async () => vscode.window.activeTextEditor,
      (e) => e?.document.uri.fsPath === fixturePath('app/src/orders/orderService.ts'),
      'orderService.ts in the editor',
    );
    assert.strictEqual(editor!.selection.active.line + 1, 11, 'the cursor is on processOrder\'s first line');
    await screenshot(path.join(ARTIFACTS, 'graph-view-host-click.png'));
  });

  test('from the keyboard: Space selects a node; Enter shows its code beside and the focus stays in the graph', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const view = await vscode.commands.executeCommand<GraphViewPanel>('tsCodeGraph.dependentsOfGraph', { file_path: fixturePath('app/src/utils/format.ts'), symbol: 'formatDate' });
    assert.ok(view?.current());
    await until(() => viewEval<Drawn>(title, READ_DOM), (d) => d.nodes.length > 0, 'the drawing');
    const id = 'src/orders/orderService.ts#processOrder@function';
    const file = fixturePath('app/src/orders/orderService.ts');
    const shown = (): boolean => vscode.window.visibleTextEditors.some((e) => e.document.uri.fsPath === file);
    await viewPress(title, ' ', `g.node[data-id="${id}"]`);
    await until(() => viewEval<string>(title, `document.querySelector('g.node.selected')?.dataset.id ?? ''`), (s) => s === id, 'the node selected');
    await new Promise((r) => setTimeout(r, 500));
    assert.strictEqual(shown(), false, 'Space only selects');
    await viewPress(title, 'Enter', `g.node[data-id="${id}"]`);
    const editor = await until(async () => vscode.window.visibleTextEditors.find((e) => e.document.uri.fsPath === file), (e) => e !== undefined, 'orderService.ts beside the graph');
    assert.strictEqual(editor!.selection.active.line + 1, 11, 'at processOrder\'s first line');
    assert.notStrictEqual(vscode.window.activeTextEditor?.document.uri.fsPath, file, 'the editor did not take the focus');
    assert.strictEqual(await viewEval<string>(title, `document.hasFocus() ? document.activeElement?.closest('g.node')?.dataset.id ?? 'focus on ' + document.activeElement?.outerHTML.slice(0, 120) : 'the page has no focus'`), id, 'the focus stays on the node');
  });

  /** The drawing once every node is drawn one by one: a small answer opens whole, even in a narrow panel. */
  async function drawnWhole(view: string): Promise<Drawn> {
    return until(() => viewEval<Drawn>(view, READ_DOM), (d) => d.nodes.length > 0 && !d.nodes.some((n) => n.id.startsWith('bundle:')), 'every node drawn one by one');
  }

  test('expands a node in place (its dependencies join the drawing) and collapses it again', async () => {
    const before = await drawnWhole(title);
    const id = 'src/orders/orderService.ts#processOrder@function';
    await viewClick(title, `g.node[data-id="${id}"]`);
    await viewClick(title, 'button.expand-dependencies');
    const grown = await until(() => viewEval<Drawn>(title, READ_DOM), (d) => d.ready > before.ready, 'the expanded drawing');
    const ids = grown.nodes.map((n) => n.id);
    for (const n of before.nodes) assert.ok(ids.includes(n.id), `${n.id} is still drawn`);
    assert.ok(ids.includes('src/orders/validate.ts#validate@function'), 'processOrder\'s dependency validate was added');
    assert.ok(grown.edges.includes(`${id} CALLS src/orders/validate.ts#validate@function`));
    await viewClick(title, `g.node[data-id="${id}"]`);
    await viewClick(title, 'button.collapse');
    const collapsed = await until(() => viewEval<Drawn>(title, READ_DOM), (d) => d.ready > grown.ready, 'the collapsed drawing');
    assert.deepStrictEqual(sorted(collapsed.nodes), sorted(before.nodes));
  });

  test('redraws after a save changes the answer', async () => {
    const before = await drawnWhole(title);
    const file = 'app/src/orders/validate.ts';
    let original = '';
    await editAndSave(file, (text) => {
      original = text;
      return `${text}\nimport { formatDate as stampOf } from '../utils/format';\nexport function auditStamp(at: number): string {\n  return stampOf(at);\n}\n`;
    });
    try {
      await until(() => viewEval<Drawn>(title, READ_DOM), (d) => d.ready > before.ready, 'the redrawing', 20000);
      const after = await until(() => viewEval<Drawn>(title, READ_DOM), (d) => d.nodes.some((n) => n.label === 'auditStamp'), 'auditStamp in the drawing', 20000);
      assert.ok(after.ready > before.ready);
      assert.ok(after.edges.includes('src/orders/validate.ts#auditStamp@function CALLS src/utils/format.ts#formatDate@function'));
      const expected = await expectedModel(formatDateArgs);
      assert.deepStrictEqual(sorted(after.nodes), sorted(expected.nodes));
    } finally {
      await editAndSave(file, () => original);
    }
    await until(() => viewEval<Drawn>(title, READ_DOM), (d) => !d.nodes.some((n) => n.label === 'auditStamp'), 'auditStamp gone after the undo', 20000);
  });

  test('"Show as Graph" on a text result draws the same query', async () => {
    const uri = await vscode.commands.executeCommand<vscode.Uri>('tsCodeGraph.dependenciesOf', { file_path: fixturePath('app/src/api/handler.ts'), symbol: 'handleRequest' });
    const view = await vscode.commands.executeCommand<GraphViewPanel>('tsCodeGraph.showResultAsGraph', uri);
    const expected = await expectedModel({ query: 'dependenciesOf', file_path: 'src/api/handler.ts', symbol: 'handleRequest' });
    assert.strictEqual(view.current()?.nodes.length, expected.nodes.length);
    const title = 'Dependencies of handleRequest';
    await until(() => viewEval<Drawn>(title, READ_DOM), (d) => d.nodes.length > 0, 'the drawing');
    // Beside the text document the panel is narrow; a small answer is still drawn whole (no box to open first).
    const same = (d: Drawn) => JSON.stringify(sorted(d.edges)) === JSON.stringify(sorted(expected.edges));
    const drawn = await until(() => viewEval<Drawn>(title, READ_DOM), same, 'the drawing of every edge').catch(async () => viewEval<Drawn>(title, READ_DOM));
    assert.deepStrictEqual(sorted(drawn.edges), sorted(expected.edges));
    // Node by node and whole in the panel (smaller than the editor's size if need be), not folded into boxes nor cut off.
    const panel = await viewEval<string>(title, `(() => { const r = document.querySelector('svg.graph').getBoundingClientRect(); return Math.round(r.width) + 'x' + Math.round(r.height); })()`);
    const shown = await viewEval<Readable>(title, readabilityProbe(false));
    assert.strictEqual(shown.bundles, 0, `folded boxes in a ${panel} panel`);
    assert.strictEqual(shown.nodes, expected.nodes.length, `nodes drawn in a ${panel} panel`);
    assert.ok(shown.wholeInView, `the drawing whole in the ${panel} panel`);
  });

  test('paths between two symbols as a graph: both ends highlighted; Copy Mermaid puts the answer on the clipboard', async () => {
    const from = { file_path: fixturePath('app/src/api/handler.ts'), symbol: 'handleRequest' };
    const to = { file_path: fixturePath('app/src/db/queries.ts'), symbol: 'executeQuery' };
    const view = await vscode.commands.executeCommand<GraphViewPanel>('tsCodeGraph.pathsBetweenGraph', { from, to });
    const model = view.current();
    assert.ok(model && !model.message, 'a drawing, not a message');
    const viewTitle = 'Paths between handleRequest and executeQuery';
    assert.strictEqual(model.title, viewTitle);
    const inputs = await until(
      () => viewEval<string[]>(viewTitle, `[...document.querySelectorAll('g.node.input')].map((g) => g.dataset.id).sort()`),
      (ids) => ids.length > 0,
      'the highlighted ends',
    );
    assert.deepStrictEqual(inputs, ['src/api/handler.ts#handleRequest@function', 'src/db/queries.ts#executeQuery@function']);
    await vscode.env.clipboard.writeText('');
    // In a narrow column (this view's is about 250 px) Copy Mermaid sits in the ⋯ menu.
    if (await viewEval<boolean>(viewTitle, `getComputedStyle(document.querySelector('button.more-actions')).display !== 'none'`)) await viewClick(viewTitle, 'button.more-actions');
    await viewClick(viewTitle, 'button.copy-mermaid');
    const copied = await until(async () => vscode.env.clipboard.readText(), (t) => t !== '', 'the Mermaid text on the clipboard');
    assert.strictEqual(copied, model.mermaid);
    assert.match(copied, /^flowchart LR\n/);
  });

  test('follows the theme: screenshots in dark and light', async () => {
    const config = vscode.workspace.getConfiguration('workbench');
    const readBackground = (): Promise<string> => viewEval<string>('Dependencies of handleRequest', 'getComputedStyle(document.body).backgroundColor');
    try {
      await config.update('colorTheme', 'Default Dark Modern', vscode.ConfigurationTarget.Global);
      const dark = await until(readBackground, (c) => brightness(c) < 80, 'a dark background');
      await screenshot(path.join(ARTIFACTS, 'graph-view-host-dark.png'));
      await config.update('colorTheme', 'Default Light Modern', vscode.ConfigurationTarget.Global);
      const light = await until(readBackground, (c) => brightness(c) > 180, 'a light background');
      await screenshot(path.join(ARTIFACTS, 'graph-view-host-light.png'));
      assert.notStrictEqual(dark, light);
    } finally {
      await config.update('colorTheme', undefined, vscode.ConfigurationTarget.Global);
    }
  });
});

/** 0..255 mean of an `rgb(r, g, b)` colour. */
function brightness(css: string): number {
  const m = /rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(css);
  return m ? (Number(m[1]) + Number(m[2]) + Number(m[3])) / 3 : -1;
}
