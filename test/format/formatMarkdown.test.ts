import * as assert from 'assert';
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { CodeGraph } from '../../src/core/CodeGraph';
import { formatMarkdown, markdownLinkRoot } from '../../src/core/format/formatMarkdown';
import { gitChanges } from '../../src/core/query/impact/gitChanges';
import { QueryResult } from '../../src/core/query/QueryResult';

const FIXTURE = path.resolve(__dirname, '../../../test/host/workspace/app');

/**
 * `formatMarkdown`'s two readers: the pull-request comment (`impact --format markdown`) and the editor
 * ("Impact of My Changes" in VS Code's Markdown preview). One formatter: the editor's variant has the
 * comment's lines, the dependents before the tests, nothing folded and no Mermaid picture.
 */
describe('formatMarkdown: the comment and the editor variant', function () {
  this.timeout(60000);
  let tmp: string;
  let result: QueryResult;

  before(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tscg-impact-markdown-'));
    const root = path.join(tmp, 'app');
    fs.cpSync(FIXTURE, root, { recursive: true });
    fs.writeFileSync(path.join(root, 'src/utils/format.test.ts'), `import { formatDate } from './format';\n\nexport function formatsEpoch(): boolean {\n  return formatDate(0) === '1970-01-01T00:00:00.000Z';\n}\n`);
    const git = (...args: string[]) => execFileSync('git', ['-c', 'user.email=test@example.com', '-c', 'user.name=test', ...args], { cwd: root, encoding: 'utf8' });
    git('init', '-q', '-b', 'main');
    git('add', '-A');
    git('commit', '-q', '-m', 'base');
    const format = path.join(root, 'src/utils/format.ts');
    fs.writeFileSync(format, fs.readFileSync(format, 'utf8').replace('toISOString()', 'toUTCString()'));
    const listed = gitChanges(root, { kind: 'working-tree' });
    assert.ok(!('error' in listed), JSON.stringify(listed));
    result = (await CodeGraph.open({ root })).impact(listed.changes, listed.base);
  });

  after(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it('the editor variant: changed symbols, then the dependents open, then the tests last (their files folded), no picture, every line one the comment has', () => {
    const editor = formatMarkdown(result, 'editor');
    const comment = formatMarkdown(result);
    const order = [
      '| `formatDate` | body changed, exported | `src/utils/format.ts:1` |',
      '**Dependents by folder**',
      '**Affected code, nearest first (3)**',
      '- `processOrder` `src/orders/orderService.ts:11`',
      '**Tests to run**',
      '<details><summary>1 test file, nearest first, with what links each to a change</summary>',
      '- `src/utils/format.test.ts`: `formatsEpoch --CALLS--> formatDate`',
      '</details>',
    ];
    const at = order.map((part) => editor.indexOf(part));
    assert.ok(at.every((i, n) => i >= 0 && (n === 0 || i > at[n - 1])), `in this order: ${order.join(' | ')}\n${editor}`);
    assert.ok(editor.trimEnd().endsWith('</details>'), `the folded test files end it:\n${editor}`);
    // The comment keeps its order (the test commands right after the changed symbols) and folds its lists.
    assert.ok(comment.indexOf('**Tests to run**') < comment.indexOf('**Dependents by folder**'), comment);
    assert.match(comment, /<details><summary>Affected code, nearest first \(3\)<\/summary>/);
    assert.match(comment, /```mermaid/);
    assert.doesNotMatch(editor, /```mermaid|<summary>Affected code/);
    const commentLines = new Set(comment.split('\n'));
    const own = editor.split('\n').filter((l) => l && !commentLines.has(l));
    assert.deepStrictEqual(own, ['### Impact of my changes', '**Affected code, nearest first (3)**']);
  });

  it('each says "Tests to run" once: the commands; the folded list names the test files', () => {
    for (const text of [formatMarkdown(result), formatMarkdown(result, 'editor'), formatMarkdown(result, 'editor', '/')]) {
      assert.deepStrictEqual(text.match(/tests to run/gi), ['Tests to run'], text);
    }
  });

  it('with a link root, each file:line of the editor variant links there (the preview opens the code at the line)', () => {
    const editor = formatMarkdown(result, 'editor', '/../my app');
    assert.ok(editor.includes('| `formatDate` | body changed, exported | [`src/utils/format.ts:1`](/../my%20app/src/utils/format.ts#L1) |'), editor);
    assert.ok(editor.includes('- `processOrder` [`src/orders/orderService.ts:11`](/../my%20app/src/orders/orderService.ts#L11)'), editor);
    assert.ok(editor.includes('- [`src/utils/format.test.ts`](/../my%20app/src/utils/format.test.ts): `formatsEpoch --CALLS--> formatDate`'), editor);
    assert.strictEqual(formatMarkdown(result, 'editor', '/'), formatMarkdown(result, 'editor', '/').replace(/\]\(\/\/+/g, ']('), 'no double slash from the first folder');
    assert.strictEqual(formatMarkdown(result, 'comment', '/'), formatMarkdown(result), 'the comment has no links');
    assert.strictEqual(markdownLinkRoot(path.join(tmp, 'app'), path.join(tmp, 'app')), '/');
    assert.strictEqual(markdownLinkRoot(path.join(tmp, 'app'), path.join(tmp, 'lib')), '/../lib');
  });
});
