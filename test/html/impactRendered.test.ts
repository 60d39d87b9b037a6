import * as assert from 'node:assert/strict';
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { pathToFileURL } from 'url';
import { BUILT_CLI, requireBuilt, runBuiltCli } from '../artifacts/builtArtifacts';
import { ImpactRepo, impactRepo } from '../artifacts/impactFixture';
import { REPO_ROOT } from '../support/loadFixture';
import type { GraphResult } from '../../src/core/query/QueryResult';

/**
 * Issue 32, "the PR-comment markdown renders", with the real parts: `impact --format markdown` of
 * the built CLI through a CommonMark/GFM renderer (markdown-it, what GitHub's renderer follows) and
 * its ```mermaid block through the real Mermaid library in headless Chromium, with GitHub's limits
 * (Mermaid's own defaults: 50,000 characters, 500 edges). Every Mermaid text the CLI prints (the
 * three queries' `--format mermaid`, with a cut and its `%%` note) must parse and draw exactly the
 * answer. And `impact --format html` draws every changed symbol, with its kind of change.
 * markdown-it, mermaid and playwright-core come from test/host (`bash test/host/setup.sh`), never the
 * root install or the VSIX. Screenshots go to out/artifacts/.
 */
const ARTIFACTS = path.join(REPO_ROOT, 'out', 'artifacts');
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const HOST = path.join(REPO_ROOT, 'test', 'host');
/** GitHub draws Mermaid with Mermaid's default limits; a comment is at most 65,536 characters. */
const GITHUB = { maxTextSize: 50_000, maxEdges: 500, maxComment: 65_536 };

/* eslint-disable @typescript-eslint/no-explicit-any -- playwright-core and markdown-it are loaded from test/host at run time, untyped here */
type Page = any;
type Browser = any;
interface DomEl {
  getAttribute(name: string): string | null;
  textContent: string | null;
  querySelectorAll(selector: string): DomEl[];
  classList: { contains(name: string): boolean };
}

function fromTestHost(name: string): string {
  try {
    return require.resolve(name, { paths: [HOST] });
  } catch {
    throw new Error(`${name} is missing from test/host/node_modules: run \`bash test/host/setup.sh\` once.`);
  }
}

interface Drawn {
  ok: boolean;
  error?: string;
  /** Per drawn Mermaid node: its label and classes. */
  nodes: Array<{ label: string; classes: string[] }>;
  edges: number;
  svgText: string;
}

type ImpactJson = Omit<GraphResult, 'impact'> & {
  impact: { changed: Array<{ node: { id: string; name: string; file: string; offset: number; kind: string }; change: string; exported: boolean }>; tests: Array<{ file: string }> };
};

describe('impact markdown and Mermaid, rendered for real (markdown-it, Mermaid, Chromium)', function () {
  this.timeout(180_000);
  let browser: Browser;
  let fixture: ImpactRepo;
  const problems: string[] = [];

  before(async () => {
    requireBuilt(BUILT_CLI);
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    fromTestHost('mermaid/package.json');
    fromTestHost('markdown-it');
    const playwright = require(fromTestHost('playwright-core')) as { chromium: { launch(options: unknown): Promise<Browser> } };
    if (!fs.existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: run \`bash test/host/setup.sh\` once (or set CHROMIUM_PATH).`);
    browser = await playwright.chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
    fixture = impactRepo();
    // A new function nothing calls yet: a changed symbol without dependents.
    fs.appendFileSync(path.join(fixture.repo, 'src/utils.ts'), 'export function brandNew(): number {\n  return 42;\n}\n');
  });
  after(async () => {
    await browser?.close();
    fixture?.dispose();
  });
  afterEach(() => assert.deepEqual(problems.splice(0), [], 'page errors or network requests'));

  function impactCli(...args: string[]): string {
    const run = fixture.cli('impact', ...args);
    assert.equal(run.code, 0, run.stderr);
    return run.stdout;
  }

  async function newPage(): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
    const page = await context.newPage();
    page.on('pageerror', (e: Error) => problems.push(`pageerror: ${e.message}`));
    page.on('request', (r: any) => {
      if (!r.url().startsWith('file:') && !r.url().startsWith('data:')) problems.push(`request: ${r.url()}`);
    });
    return page;
  }

  /**
   * Markdown as GitHub shows a comment: CommonMark + GFM tables, raw HTML (<details>) passed
   * through, then each ```mermaid block drawn by Mermaid (details opened, as a reader clicks).
   */
  async function renderMarkdown(markdown: string, name: string): Promise<{ page: Page; drawn: Drawn[] }> {
    const MarkdownIt = require(fromTestHost('markdown-it')) as new (options: unknown) => { render(md: string): string };
    const body = new MarkdownIt({ html: true, linkify: true }).render(markdown);
    return renderPage(body, name);
  }

  /** A page whose `code.language-mermaid` blocks are drawn by the real Mermaid, with GitHub's limits. */
  async function renderPage(body: string, name: string): Promise<{ page: Page; drawn: Drawn[] }> {
    const mermaidJs = pathToFileURL(fromTestHost('mermaid/dist/mermaid.min.js')).href;
    const html = `<!doctype html><html><head><meta charset="utf-8"><title>${name}</title>
<style>body{font-family:sans-serif;margin:16px;max-width:1100px} table{border-collapse:collapse} td,th{border:1px solid #d0d7de;padding:4px 10px} code{background:#f6f8fa}</style>
<script src="${mermaidJs}"></script></head><body>${body}
<script>
(async () => {
  mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', maxTextSize: ${GITHUB.maxTextSize}, maxEdges: ${GITHUB.maxEdges} });
  for (const d of document.querySelectorAll('details')) d.open = true;
  const drawn = [];
  let i = 0;
  for (const code of [...document.querySelectorAll('code.language-mermaid')]) {
    const text = code.textContent;
    const host = document.createElement('div');
    host.className = 'mermaid-out';
    code.parentElement.replaceWith(host);
    try {
      await mermaid.parse(text);
      const { svg } = await mermaid.render('m' + i++, text);
      host.innerHTML = svg;
      const nodes = [...host.querySelectorAll('g.node')].map((g) => ({ label: g.textContent.trim(), classes: [...g.classList] }));
      const edges = host.querySelectorAll('g.edgePaths > path').length;
      drawn.push({ ok: true, nodes, edges, svgText: host.textContent });
    } catch (e) {
      drawn.push({ ok: false, error: String((e && e.message) || e), nodes: [], edges: 0, svgText: '' });
    }
  }
  window.drawn = drawn;
  document.body.dataset.ready = '1';
})();
</script></body></html>`;
    const file = path.join(ARTIFACTS, `${name}.html`);
    fs.writeFileSync(file, html);
    const page = await newPage();
    await page.goto(pathToFileURL(file).href);
    await page.waitForSelector('body[data-ready]');
    const drawn = (await page.evaluate('window.drawn')) as Drawn[];
    await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });
    return { page, drawn };
  }

  /** Mermaid drew it: no error, no "too large" stand-in, and exactly the nodes and edges of the text. */
  function assertDrawn(d: Drawn, mermaidText: string, what: string): void {
    assert.ok(d.ok, `${what}: Mermaid failed: ${d.error}`);
    assert.doesNotMatch(d.svgText, /Syntax error|Maximum text size|exceeded/i, what);
    const declared = mermaidText.split('\n').filter((l) => /^ {2}\w+\["/.test(l)).length;
    const edgeLines = mermaidText.split('\n').filter((l) => / -->\|\w+\| /.test(l)).length;
    assert.equal(d.nodes.length, declared, `${what}: nodes drawn`);
    assert.equal(d.edges, edgeLines, `${what}: edges drawn`);
    assert.ok(mermaidText.length <= GITHUB.maxTextSize && edgeLines <= GITHUB.maxEdges, `${what}: within GitHub's Mermaid limits`);
  }

  const CLASS_OF: Record<string, string> = { added: 'added', removed: 'removed', body: 'body', 'body-type-inferred': 'changed', signature: 'changed', moved: 'changed' };

  it('the PR comment renders: a table of the changed symbols and a Mermaid picture of the answer, each change in its class', async () => {
    const result = JSON.parse(impactCli('--format', 'json')) as ImpactJson;
    const markdown = impactCli('--format', 'markdown');
    assert.ok(markdown.length < GITHUB.maxComment);
    const { page, drawn } = await renderMarkdown(markdown, 'impact-markdown');

    // The table: a real <table>, one row per changed symbol, in the answer's order and words (a file's top-level code as <module>).
    const head: string[] = await page.$$eval('table:first-of-type thead th', (ths: DomEl[]) => ths.map((th) => th.textContent));
    assert.deepEqual(head, ['Symbol', 'Change', 'Where']);
    const rows: string[][] = await page.$$eval('table:first-of-type tbody tr', (trs: DomEl[]) => trs.map((tr) => Array.from(tr.querySelectorAll('td'), (td) => td.textContent ?? '')));
    const label = (c: ImpactJson['impact']['changed'][number]) => (c.node.kind === 'module' ? c.node.file : c.node.name);
    const cellLabel = (c: ImpactJson['impact']['changed'][number]) => (c.node.kind === 'module' ? '<module>' : c.node.name);
    const words: Record<string, string> = { added: 'added', removed: 'removed', body: 'body changed', signature: 'signature changed', moved: 'moved from' };
    assert.deepEqual(
      rows.map((r) => [r[0], r[1].split(/,| src\//)[0], r[2]]),
      result.impact.changed.map((c) => [cellLabel(c), c.node.kind === 'module' ? 'top-level code changed' : words[c.change], `${c.node.file}:${c.node.offset}`]),
    );
    assert.ok(rows.some((r) => r[0] === 'brandNew' && r[1] === 'added, exported'));
    // The tests, folded: each file with the path that links it to a change; and the command that runs them.
    const tests: string[] = await page.$$eval('details', (ds: DomEl[]) =>
      ds.filter((d) => / test files?, nearest first/.test(d.querySelectorAll('summary')[0]?.textContent ?? '')).flatMap((d) => Array.from(d.querySelectorAll('li code:first-child'), (c) => c.textContent ?? '')),
    );
    assert.deepEqual(tests.sort(), result.impact.tests.map((t) => t.file).sort());
    assert.match(await page.textContent('body'), /mocha \(\.mocharc\.json\): \d of its \d test files/);
    // Dependents by folder: a second table, code and tests apart.
    const folders: string[][] = await page.$$eval('table:nth-of-type(2) tbody tr', (trs: DomEl[]) => trs.map((tr) => Array.from(tr.querySelectorAll('td'), (td) => td.textContent ?? '')));
    assert.ok(folders.some((r) => r[0] === 'src/' && r[1] === 'code') && folders.some((r) => r[1] === 'tests'), JSON.stringify(folders));

    // The picture: one Mermaid block, drawn whole; every node of the answer and every changed symbol
    // (brandNew, which nothing depends on, too), each change in the class of its kind.
    assert.equal(drawn.length, 1);
    const mermaidText = /```mermaid\n([\s\S]*?)```/.exec(markdown)![1];
    assertDrawn(drawn[0], mermaidText, 'PR comment');
    const labels = drawn[0].nodes.map((n) => n.label).sort();
    const expected = new Set([...result.nodes.map((n) => (n.kind === 'module' ? n.file : n.name)), ...result.impact.changed.map(label)]);
    assert.deepEqual(labels, [...expected].sort());
    assert.equal(drawn[0].edges, result.edges.length);
    for (const c of result.impact.changed) {
      const node = drawn[0].nodes.find((n) => n.label === label(c))!;
      assert.ok(node.classes.includes(CLASS_OF[c.change]), `${label(c)} (${c.change}) has class ${CLASS_OF[c.change]}: ${node.classes.join(' ')}`);
    }
    const plain = drawn[0].nodes.filter((n) => !result.impact.changed.some((c) => label(c) === n.label));
    assert.ok(plain.length > 0 && plain.every((n) => !Object.values(CLASS_OF).some((cls) => n.classes.includes(cls))), 'dependents carry no change class');
  });

  it('fits GitHub at 1,000+ dependents (the nearest are drawn) and says so when the changes alone are too many to draw', async () => {
    const big = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-impact-big-'));
    try {
      const git = (...args: string[]) => execFileSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], { cwd: big, encoding: 'utf8' });
      const N = 1100;
      fs.mkdirSync(path.join(big, 'src'));
      fs.writeFileSync(path.join(big, 'tsconfig.json'), '{"compilerOptions":{"strict":true,"module":"commonjs"},"include":["src"]}');
      fs.writeFileSync(path.join(big, 'src/core.ts'), 'export function core(x: number): number {\n  return x + 1;\n}\n');
      const users = ["import { core } from './core';", ...Array.from({ length: N }, (_, i) => `export function user${i}(): number {\n  return core(${i});\n}`)];
      fs.writeFileSync(path.join(big, 'src/users.ts'), `${users.join('\n')}\n`);
      const tops = ["import * as u from './users';", ...Array.from({ length: N }, (_, i) => `export function top${i}(): number {\n  return u.user${i}();\n}`)];
      fs.writeFileSync(path.join(big, 'src/tops.ts'), `${tops.join('\n')}\n`);
      git('init', '-q', '-b', 'main');
      git('add', '-A');
      git('commit', '-q', '-m', 'base');
      const impact = (...args: string[]) => {
        const run = runBuiltCli(['--root', big, 'impact', ...args]);
        assert.equal(run.code, 0, run.stderr);
        return run.stdout;
      };

      // One change, 2,200 dependents: the picture draws the nearest and says how many of all.
      fs.writeFileSync(path.join(big, 'src/core.ts'), 'export function core(x: number): number {\n  return x + 2;\n}\n');
      const result = JSON.parse(impact('--format', 'json')) as ImpactJson;
      assert.equal(result.truncation?.totalNodes, 2 * N);
      const markdown = impact('--format', 'markdown');
      assert.ok(markdown.length < GITHUB.maxComment);
      const shown = result.nodes.length - 1;
      assert.match(markdown, new RegExp(`<summary>Graph: the first ${shown} of 2,200 dependents \\(code first, nearest first\\)</summary>`));
      const { drawn } = await renderMarkdown(markdown, 'impact-markdown-1000');
      assert.equal(drawn.length, 1);
      const mermaidText = /```mermaid\n([\s\S]*?)```/.exec(markdown)![1];
      assertDrawn(drawn[0], mermaidText, '2,200 dependents');
      assert.equal(drawn[0].nodes.length, result.nodes.length);
      assert.match(mermaidText, /^ {2}%% Showing 50 of 2,200 nodes in detail/m);

      // 1,101 changed symbols: the table lists 100 and counts the rest; no picture GitHub could not draw.
      fs.writeFileSync(path.join(big, 'src/users.ts'), `${users.map((l) => l.replace(/core\((\d+)\)/, 'core($1 + 0)')).join('\n')}\n`);
      const many = impact('--format', 'markdown');
      assert.ok(many.length < GITHUB.maxComment);
      const rendered = await renderMarkdown(many, 'impact-markdown-many-changes');
      assert.equal(rendered.drawn.length, 0);
      assert.equal(await rendered.page.locator('table:first-of-type tbody tr').count(), 101);
      assert.match(await rendered.page.textContent('table:first-of-type tbody tr:last-child td'), /^… and 1,001 more \(--format json lists them all\)$/);
      assert.match(await rendered.page.textContent('body'), /The graph is too large to draw here; ts-code-graph impact --format html draws it\./);
    } finally {
      fs.rmSync(big, { recursive: true, force: true });
    }
  });

  it('every --format mermaid the CLI prints parses and draws exactly its answer: the three queries with a cut and its %% note, and impact', async () => {
    const ws = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-mermaid-'));
    try {
      // root calls 10 functions, each calling 6 leaves, each leaf calling sink; two same-named dup()s.
      const lines = ["import { dup as dupA } from './a/dup';", "import { dup as dupB } from './b/dup';", 'export function root(): void {', '  dupA();', '  dupB();', ...Array.from({ length: 10 }, (_, i) => `  mid${i}();`), '}', 'export function sink(): void {}'];
      for (let i = 0; i < 10; i++) {
        lines.push(`export function mid${i}(): void {`, ...Array.from({ length: 6 }, (_, j) => `  leaf${i}_${j}();`), '}');
        for (let j = 0; j < 6; j++) lines.push(`export function leaf${i}_${j}(): void {\n  sink();\n}`);
      }
      fs.mkdirSync(path.join(ws, 'a'));
      fs.mkdirSync(path.join(ws, 'b'));
      fs.writeFileSync(path.join(ws, 'hub.ts'), `${lines.join('\n')}\n`);
      fs.writeFileSync(path.join(ws, 'a/dup.ts'), 'export function dup(): string {\n  return "<a & b>";\n}\n');
      fs.writeFileSync(path.join(ws, 'b/dup.ts'), 'export function dup(): void {}\n');
      fs.writeFileSync(path.join(ws, 'tsconfig.json'), '{"compilerOptions":{"strict":true},"include":["**/*.ts"]}');
      const queries = [
        ['dependenciesOf', 'hub.ts', 'root'],
        ['dependentsOf', 'hub.ts', 'sink'],
        ['pathsBetween', 'hub.ts', 'root', 'hub.ts', 'sink'],
      ];
      const texts: string[] = [];
      const answers: Array<GraphResult | ImpactJson> = [];
      for (const q of queries) {
        const run = runBuiltCli(['--root', ws, ...q, '--format', 'mermaid']);
        const json = runBuiltCli(['--root', ws, ...q, '--format', 'json']);
        assert.equal(run.code, 0, run.stderr);
        texts.push(run.stdout);
        answers.push(JSON.parse(json.stdout) as GraphResult);
      }
      texts.push(impactCli('--format', 'mermaid'));
      answers.push(JSON.parse(impactCli('--format', 'json')) as ImpactJson);
      const body = texts.map((t, i) => `<h3>${i < queries.length ? queries[i].join(' ') : 'impact'}</h3><pre><code class="language-mermaid">${t.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</code></pre>`).join('\n');
      const { drawn } = await renderPage(body, 'mermaid-queries');
      assert.equal(drawn.length, 4);
      answers.forEach((answer, i) => {
        const what = i < queries.length ? queries[i][0] : 'impact';
        assertDrawn(drawn[i], texts[i], what);
        assert.equal(answer.kind, 'graph');
        const changed = (answer as ImpactJson).impact?.changed.map((c) => c.node.id) ?? [];
        assert.equal(drawn[i].nodes.length, new Set([...answer.nodes.map((n) => n.id), ...changed]).size, `${what}: every node of the answer`);
        assert.equal(drawn[i].edges, answer.edges.length, `${what}: every edge of the answer`);
        if (answer.truncation) assert.match(texts[i], /^ {2}%% Showing \d+ of [\d,]+ nodes in detail \(code before tests, nearest first\); \d+ more were cut: /m, `${what}: the cut is a %% note`);
      });
      assert.ok(answers[0].truncation && answers[1].truncation, 'both walks were cut');
      assert.ok(drawn[0].nodes.some((n) => n.label === 'dup#1') && drawn[0].nodes.some((n) => n.label === 'dup#2'), 'same-named nodes keep their #N');
    } finally {
      fs.rmSync(ws, { recursive: true, force: true });
    }
  });

  it('impact --format html draws every changed symbol, the one nothing depends on too, marked with its kind of change', async () => {
    const result = JSON.parse(impactCli('--format', 'json')) as ImpactJson;
    const file = path.join(ARTIFACTS, 'impact-graph.html');
    fs.writeFileSync(file, impactCli('--format', 'html'));
    const page = await newPage();
    await page.goto(pathToFileURL(file).href);
    await page.waitForSelector('body[data-ready]');
    if ((await page.locator('svg.graph g.node.bundle').count()) > 0) await page.click('.fold-status button.unfold-all');

    const marked: Array<[string, string | null, string | null]> = await page.$$eval('svg.graph g.node.changed', (gs: DomEl[]) =>
      gs.map((g) => [g.getAttribute('data-id') ?? '', g.getAttribute('data-change'), g.querySelectorAll('.change-mark title')[0]?.textContent ?? null]),
    );
    const byId = new Map(marked.map(([id, change, title]) => [id, { change, title }]));
    assert.deepEqual([...byId.keys()].sort(), result.impact.changed.map((c) => c.node.id).sort(), 'every changed symbol is drawn and marked');
    for (const c of result.impact.changed) {
      assert.equal(byId.get(c.node.id)!.change, c.change);
      assert.match(byId.get(c.node.id)!.title!, new RegExp(`: ${c.change === 'body' ? 'body changed|top-level code changed' : c.change}`));
    }
    const added = result.impact.changed.find((c) => c.node.name === 'brandNew')!;
    assert.equal(added.change, 'added');
    assert.ok(!result.nodes.some((n) => n.id === added.node.id), 'the answer itself leaves the added function out of its nodes');
    // Every other node of the answer is drawn, unmarked.
    const all: string[] = await page.$$eval('svg.graph g.node', (gs: DomEl[]) => gs.map((g) => g.getAttribute('data-id') ?? ''));
    assert.deepEqual(new Set(all), new Set([...result.nodes.map((n) => n.id), added.node.id]));

    // The legend names each kind of change drawn, with its count.
    const keys: string[] = await page.$$eval('.legend .change-key', (ks: DomEl[]) => ks.map((k) => k.textContent ?? ''));
    const counts = new Map<string, number>();
    for (const c of result.impact.changed) counts.set(c.change, (counts.get(c.change) ?? 0) + 1);
    assert.equal(keys.length, counts.size);
    for (const [change, n] of counts) assert.ok(keys.some((k) => k.includes(`${change} (${n})`)), `legend has ${change} (${n}): ${keys.join(' | ')}`);

    // Hover: the change in words, as the text says it.
    await page.hover(`svg.graph g.node[data-id="${added.node.id}"] text.label`);
    assert.match(await page.textContent('.tooltip'), /added, exported · function · src\/utils\.ts:\d+/);
    await page.screenshot({ path: path.join(ARTIFACTS, 'impact-graph.png') });
  });
});
