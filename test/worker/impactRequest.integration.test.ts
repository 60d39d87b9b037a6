import * as assert from 'assert';
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { CodeGraph } from '../../src/core/CodeGraph';
import { createFileSourceReader } from '../../src/core/format/FileSourceReader';
import { formatMarkdown } from '../../src/core/format/formatMarkdown';
import { formatText } from '../../src/core/format/formatText';
import { gitChanges } from '../../src/core/query/impact/gitChanges';
import { FolderGraphs } from '../../src/worker/FolderGraphs';
import { FolderSpec } from '../../src/worker/protocol';
import { WorkerClient } from '../../src/worker/WorkerClient';

// The tsc output of graphWorker.ts next to this compiled test (the extension ships esbuild's dist/worker.js).
const WORKER = path.resolve(__dirname, '../../src/worker/graphWorker.js');
const FIXTURE = path.resolve(__dirname, '../../../test/host/workspace/app');

/**
 * The worker's `impact` request (the extension's "Impact of My Changes"): answered from the worker's
 * own graph, kept fresh by updates, with git only listing the changed files and their base versions.
 * Its text must be exactly the CLI's: a fresh full index's `CodeGraph.impact` of the same git changes.
 */
describe('graphWorker impact request', function () {
  this.timeout(60000);
  let tmp: string;
  let root: string;
  let client: WorkerClient;
  const spec = (name: string, dir: string): FolderSpec => ({ key: `file://${dir}`, name, root: dir });
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.email=test@example.com', '-c', 'user.name=test', ...args], { cwd: root, encoding: 'utf8' });
  const format = path.join('src', 'utils', 'format.ts');

  /** What `ts-code-graph impact` prints for the working tree now (a fresh index, the same git changes). */
  async function cliAnswer(as: 'text' | 'editor markdown' = 'text'): Promise<string> {
    const listed = gitChanges(root, { kind: 'working-tree' });
    assert.ok(!('error' in listed), JSON.stringify(listed));
    const graph = await CodeGraph.open({ root });
    const result = graph.impact(listed.changes, listed.base);
    return as === 'text' ? formatText(result, createFileSourceReader(root)) : formatMarkdown(result, 'editor');
  }

  beforeEach(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tscg-impact-worker-'));
    root = path.join(tmp, 'app');
    fs.cpSync(FIXTURE, root, { recursive: true });
    git('init', '-q', '-b', 'main');
    git('add', '-A');
    git('commit', '-q', '-m', 'base');
    client = new WorkerClient(WORKER, () => undefined, (reason) => assert.fail(reason));
    await client.request('open', { folder: spec('app', root) });
  });

  afterEach(async () => {
    await client.dispose();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('no change: says so, not an error', async () => {
    const answer = await client.request('impact', { args: { folder: root } });
    assert.strictEqual(answer.isError, false);
    assert.strictEqual(answer.isMessage, true);
    assert.strictEqual(answer.text.trim(), 'No TypeScript or JavaScript file changed (working tree vs HEAD).');
    assert.strictEqual(answer.markdown, undefined, 'a sentence has no Markdown of its own');
    assert.strictEqual(answer.root, root);
  });

  it('after an update posted before it (not awaited): the CLI\'s answer, and a drawing with the changed symbols marked', async () => {
    const file = path.join(root, format);
    const text = fs.readFileSync(file, 'utf8');
    // Two body edits and a new function calling one of them: only a graph that has the update links it.
    fs.writeFileSync(file, `${text.replace('toISOString()', 'toUTCString()').replace('toFixed(2)', 'toFixed(3)')}\nexport function formatPercent(x: number): string {\n  return formatMoney(x * 100);\n}\n`);
    void client.request('update', { key: spec('app', root).key, changed: [file], deleted: [] });
    const answer = await client.request('impact', { args: { folder: root }, expansions: [] });
    assert.strictEqual(answer.isError, false, answer.text);
    assert.strictEqual(answer.isMessage, false);
    assert.strictEqual(answer.text, await cliAnswer());
    // The editor's Markdown ("Impact of My Changes" shows it in the preview): `--format markdown`'s formatter, dependents before tests.
    assert.strictEqual(answer.markdown, await cliAnswer('editor markdown'));
    assert.match(answer.markdown, /^### Impact of my changes\n/);
    // What the edit changed, and who depends on it (orderService.ts calls formatDate).
    assert.match(answer.text, /formatDate: body changed, exported/);
    assert.match(answer.text, /formatPercent: added, exported/);
    assert.match(answer.text, /processOrder --CALLS--> formatDate/);
    assert.match(answer.text, /formatPercent --CALLS--> formatMoney/);
    const model = answer.diagram?.model;
    assert.ok(model, 'a drawing was asked for');
    const marked = model.nodes.filter((n) => n.change).map((n) => `${n.name} ${n.change} ${n.input}`).sort();
    assert.deepStrictEqual(marked, ['formatDate body true', 'formatMoney body true', 'formatPercent added true']);
    assert.ok(model.nodes.some((n) => n.name === 'processOrder' && !n.change), 'a dependent is drawn, unmarked');
    assert.strictEqual(answer.diagram?.root, root);
  });

  it('asked in the same tick as an update (FolderGraphs itself, no message boundary between them): waits for it', async () => {
    const graphs = new FolderGraphs({ info() {}, warn() {}, error() {} }, () => undefined);
    await graphs.open(spec('app', root));
    const file = path.join(root, format);
    fs.writeFileSync(file, `${fs.readFileSync(file, 'utf8').replace('toFixed(2)', 'toFixed(3)')}\nexport function formatPercent(x: number): string {\n  return formatMoney(x * 100);\n}\n`);
    const updated = graphs.update(spec('app', root).key, [file], []);
    const answer = await graphs.impact({ folder: root });
    await updated;
    assert.match(answer.text, /formatPercent --CALLS--> formatMoney/);
    assert.strictEqual(answer.text, await cliAnswer());
  });

  it('a folder that is not in a git repository, and a path in no folder: clear messages, in the drawing too', async () => {
    const plain = path.join(tmp, 'plain');
    fs.cpSync(FIXTURE, plain, { recursive: true });
    await client.request('open', { folder: spec('plain', plain) });
    const answer = await client.request('impact', { args: { folder: plain }, expansions: [] });
    assert.strictEqual(answer.isError, true);
    assert.match(answer.text, /is not inside a git repository: impact compares the files with git's versions of them/);
    assert.strictEqual(answer.diagram?.model.message?.text, answer.text);
    const nowhere = await client.request('impact', { args: { folder: path.join(tmp, 'elsewhere') } });
    assert.strictEqual(nowhere.isError, true);
    assert.match(nowhere.text, /is in no indexed workspace folder/);
  });
});
