import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { TOOLS, activateExtension, editAndSave, eventually, expectedText, fixturePath, graphLines, invoke } from './helpers';

const formatDate = { file_path: 'src/utils/format.ts', symbol: 'formatDate' };
const dependentsOfFormatDate = () => invoke(TOOLS.dependentsOf, formatDate);

/**
 * Each test changes the fixture, then asks at once (saves: the next call must see the change)
 * or eventually (changes made outside the editor reach the extension through a file watcher).
 * Every answer must equal what a fresh full index gives: incremental == rebuild.
 */
suite('fresh after changes', () => {
  suiteSetup(async () => {
    await activateExtension();
    await dependentsOfFormatDate(); // index ready
  });

  test('added call (save, then ask at once)', async () => {
    await editAndSave('app/src/orders/orderService.ts', (t) => t.replace("executeQuery('DELETE", "formatDate(Date.now());\n  executeQuery('DELETE"));
    const text = await dependentsOfFormatDate();
    assert.ok(graphLines(text).some((l) => l.startsWith('cancelOrder --CALLS--> formatDate')), text);
    assert.strictEqual(text, await expectedText('app', { query: 'dependentsOf', ...formatDate }));
  });

  test('removed call', async () => {
    const formatMoney = { file_path: 'src/utils/format.ts', symbol: 'formatMoney' };
    assert.match(await invoke(TOOLS.dependentsOf, formatMoney), /processOrder/);
    await editAndSave('app/src/orders/orderService.ts', (t) => t.replace(' ${formatMoney(order.total)}', ''));
    const text = await invoke(TOOLS.dependentsOf, formatMoney);
    assert.doesNotMatch(text, /processOrder/);
    assert.strictEqual(text, await expectedText('app', { query: 'dependentsOf', ...formatMoney }));
  });

  test('renamed function', async () => {
    await editAndSave('app/src/orders/validate.ts', (t) => t.replace('function validate(', 'function checkOrder('));
    await editAndSave('app/src/orders/orderService.ts', (t) => t.replace("import { validate } from './validate';", "import { checkOrder } from './validate';").replace('!validate(order)', '!checkOrder(order)'));
    const processOrder = { file_path: 'src/orders/orderService.ts', symbol: 'processOrder' };
    const text = await invoke(TOOLS.dependenciesOf, processOrder);
    assert.ok(graphLines(text).some((l) => l.includes('--CALLS--> checkOrder')), text);
    assert.ok(!graphLines(text).some((l) => /\bvalidate\b/.test(l)), text);
    assert.strictEqual(text, await expectedText('app', { query: 'dependenciesOf', ...processOrder }));
    const old = { file_path: 'src/orders/validate.ts', symbol: 'validate' };
    const gone = await invoke(TOOLS.dependentsOf, old);
    assert.strictEqual(gone, await expectedText('app', { query: 'dependentsOf', ...old }));
    assert.doesNotMatch(gone, /^## Graph/);
  });

  test('deleted file', async () => {
    assert.match(await dependentsOfFormatDate(), /legacyReport/);
    const edit = new vscode.WorkspaceEdit();
    edit.deleteFile(vscode.Uri.file(fixturePath('app/src/legacy/report.ts')));
    assert.ok(await vscode.workspace.applyEdit(edit));
    const text = await eventually(dependentsOfFormatDate, (t) => !t.includes('legacyReport'), 'legacyReport gone');
    assert.strictEqual(text, await expectedText('app', { query: 'dependentsOf', ...formatDate }));
  });

  test('new file created in the editor and saved', async () => {
    const uri = vscode.Uri.file(fixturePath('app/src/reports/daily.ts'));
    const edit = new vscode.WorkspaceEdit();
    edit.createFile(uri, { ignoreIfExists: true });
    edit.insert(uri, new vscode.Position(0, 0), "import { formatDate } from '../utils/format';\n\nexport function dailyReport(): string {\n  return formatDate(Date.now());\n}\n");
    assert.ok(await vscode.workspace.applyEdit(edit));
    const doc = await vscode.workspace.openTextDocument(uri);
    assert.ok(await doc.save());
    const text = await dependentsOfFormatDate();
    assert.ok(graphLines(text).some((l) => l.startsWith('dailyReport --CALLS--> formatDate')), text);
    assert.strictEqual(text, await expectedText('app', { query: 'dependentsOf', ...formatDate }));
  });

  test('new file written outside the editor (file watcher)', async () => {
    fs.writeFileSync(fixturePath('app/src/reports/weekly.ts'), "import { formatDate } from '../utils/format';\n\nexport function weeklyReport(): string {\n  return formatDate(0);\n}\n");
    const text = await eventually(dependentsOfFormatDate, (t) => t.includes('weeklyReport'), 'weeklyReport');
    assert.strictEqual(text, await expectedText('app', { query: 'dependentsOf', ...formatDate }));
  });

  test('folder moved in outside the editor (one watcher event for the folder)', async () => {
    const staging = path.join(path.dirname(fixturePath('app')), 'staging-moved');
    fs.mkdirSync(path.join(staging, 'deep'), { recursive: true });
    fs.writeFileSync(path.join(staging, 'deep', 'moved.ts'), "import { formatDate } from '../../utils/format';\n\nexport function movedReport(): string {\n  return formatDate(2);\n}\n");
    fs.renameSync(staging, fixturePath('app/src/moved'));
    const text = await eventually(dependentsOfFormatDate, (t) => t.includes('movedReport'), 'movedReport');
    // Same content as a fresh index; the order is checked by the next test.
    assert.deepStrictEqual(sortedBlocks(text), sortedBlocks(await expectedText('app', { query: 'dependentsOf', ...formatDate })));
  });

  test('after incremental updates, answers are in the same order as from a fresh index', async () => {
    // Needs the core to order results canonically (today BFS follows edge insertion order, so a
    // file added by an update is listed last, while a full index lists it in file order).
    assert.strictEqual(await dependentsOfFormatDate(), await expectedText('app', { query: 'dependentsOf', ...formatDate }));
  });

  test('tsconfig change outside the editor rebuilds the project', async () => {
    const tsconfig = fixturePath('app/tsconfig.json');
    const config = JSON.parse(fs.readFileSync(tsconfig, 'utf8'));
    fs.writeFileSync(tsconfig, JSON.stringify({ ...config, exclude: ['src/reports'] }, null, 2));
    const text = await eventually(dependentsOfFormatDate, (t) => !t.includes('dailyReport') && !t.includes('weeklyReport'), 'src/reports excluded');
    assert.strictEqual(text, await expectedText('app', { query: 'dependentsOf', ...formatDate }));
  });

  test('no error in the log after all that', async () => {
    const log = (await activateExtension()).exports.recentLog();
    assert.deepStrictEqual(log.filter((l) => l.startsWith('[error]')), [], log.join('\n'));
  });
});

/** Graph lines and Nodes blocks, each sorted: the answer's content without its order. */
function sortedBlocks(text: string): { graph: string[]; nodes: string[] } {
  const nodesAt = text.indexOf('## Nodes');
  return {
    graph: graphLines(text).sort(),
    nodes: text.slice(nodesAt).split('\n\n').slice(1).map((b) => b.trimEnd()).sort(),
  };
}
