import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { pathToFileURL } from 'url';
import { BUILT_CLI, requireBuilt, runBuiltCli } from '../artifacts/builtArtifacts';
import { REPO_ROOT } from '../support/loadFixture';
import type { GraphResult } from '../../src/core/query/QueryResult';

/**
 * `npm run test:html`: the built CLI's `--format html` file opened in real Debian Chromium
 * (playwright-core from test/host, installed by `bash test/host/setup.sh`). The drawing must show
 * exactly the answer's nodes and edges, react to the person (hover, click, legend, search, export),
 * log no error and request nothing from the network. Screenshots go to out/artifacts/.
 */
const ARTIFACTS = path.join(REPO_ROOT, 'out', 'artifacts');
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/* eslint-disable @typescript-eslint/no-explicit-any -- playwright-core is loaded from test/host at run time, untyped here */
type Page = any;
type Browser = any;
/** What page.$$eval hands back: elements of the page (no DOM types in the Node test project). */
interface DomEl {
  getAttribute(name: string): string | null;
  textContent: string | null;
}

function loadChromium(): { launch(options: unknown): Promise<Browser> } {
  let resolved: string;
  try {
    resolved = require.resolve('playwright-core', { paths: [path.join(REPO_ROOT, 'test', 'host')] });
  } catch {
    throw new Error('playwright-core is missing from test/host/node_modules: run `bash test/host/setup.sh` once.');
  }
  if (!fs.existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: run \`bash test/host/setup.sh\` once (or set CHROMIUM_PATH).`);
  return (require(resolved) as { chromium: { launch(options: unknown): Promise<Browser> } }).chromium;
}

interface Opened {
  page: Page;
  problems: string[];
}

describe('CLI --format html in headless Chromium', function () {
  this.timeout(180_000);
  let browser: Browser;
  const opened: Opened[] = [];

  before(async () => {
    requireBuilt(BUILT_CLI);
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    browser = await loadChromium().launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
  });
  after(async () => {
    await browser?.close();
  });
  afterEach(() => {
    // Every page of a test: no console error, no page error, no request that leaves the file.
    for (const o of opened.splice(0)) assert.deepEqual(o.problems, [], 'console errors or network requests');
  });

  async function open(html: string, name: string, colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
    const file = path.join(ARTIFACTS, `${name}.html`);
    fs.writeFileSync(file, html);
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, colorScheme, acceptDownloads: true });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (m: any) => {
      if (m.type() === 'error') problems.push(`console: ${m.text()}`);
    });
    page.on('pageerror', (e: Error) => problems.push(`pageerror: ${e.message}`));
    page.on('request', (r: any) => {
      if (!r.url().startsWith('file:') && !r.url().startsWith('data:') && !r.url().startsWith('blob:')) problems.push(`request: ${r.url()}`);
    });
    opened.push({ page, problems });
    await page.goto(pathToFileURL(file).href);
    await page.waitForSelector('body[data-ready]');
    return page;
  }

  function cli(args: string[], root: string): string {
    const run = runBuiltCli(['--root', root, ...args]);
    assert.ok(run.code === 0 || run.code === 3, `exit ${run.code}: ${run.stderr}`);
    return run.stdout;
  }

  it('draws the sample answer exactly: every node and edge of the JSON answer, the input highlighted', async () => {
    const sample = path.join(REPO_ROOT, 'test', 'fixtures', 'sample');
    const query = ['dependentsOf', 'src/utils/format.ts', 'formatDate'];
    const result = JSON.parse(cli([...query, '--format', 'json'], sample)) as GraphResult;
    const page = await open(cli([...query, '--format', 'html'], sample), 'graph-sample');

    const ids: string[] = await page.$$eval('svg.graph g.node', (gs: DomEl[]) => gs.map((g) => g.getAttribute('data-id')));
    assert.deepEqual([...ids].sort(), result.nodes.map((n) => n.id).sort());
    const edges: string[] = await page.$$eval('svg.graph g.edge', (gs: DomEl[]) => gs.map((g) => `${g.getAttribute('data-from')} ${g.getAttribute('data-type')} ${g.getAttribute('data-to')}`));
    assert.deepEqual([...edges].sort(), result.edges.map((e) => `${e.from} ${e.type} ${e.to}`).sort());
    const inputs: string[] = await page.$$eval('svg.graph g.node.input', (gs: DomEl[]) => gs.map((g) => g.getAttribute('data-id')));
    assert.deepEqual(inputs, result.inputs);
    assert.equal(await page.textContent('h1.title'), 'Dependents of formatDate');
    // Laid out: every node has a position, and no two nodes sit on the same spot.
    const spots: string[] = await page.$$eval('svg.graph g.node', (gs: DomEl[]) => gs.map((g) => g.getAttribute('transform')));
    assert.equal(new Set(spots).size, spots.length);
    await page.screenshot({ path: path.join(ARTIFACTS, 'graph-sample-light.png') });
  });

  it('answers the person: hover shows file, kind and snippet; click selects; legend hides a type; search finds', async () => {
    const sample = path.join(REPO_ROOT, 'test', 'fixtures', 'sample');
    const page = await open(cli(['dependenciesOf', 'src/orders/orderService.ts', 'processOrder', '--format', 'html'], sample), 'graph-sample-deps', 'dark');
    const node = page.locator('svg.graph g.node', { hasText: 'formatDate' }).first();
    await node.hover();
    const tip: string = await page.textContent('.tooltip');
    assert.match(tip, /formatDate/);
    assert.match(tip, /function · src\/utils\/format\.ts:\d+/);
    assert.match(tip, /\d+: .*formatDate/, 'the snippet of the declaration');
    await node.click();
    assert.match(await page.textContent('.details'), /formatDate — function, src\/utils\/format\.ts:\d+/);
    assert.equal(await page.locator('svg.graph g.node.selected').count(), 1);

    const calls = await page.locator('svg.graph g.edge[data-type="CALLS"]').count();
    assert.ok(calls > 0);
    await page.locator('.legend label[data-type="CALLS"] input').uncheck();
    assert.equal(await page.locator('svg.graph g.edge.hidden').count(), calls);
    await page.locator('.legend label[data-type="CALLS"] input').check();
    assert.equal(await page.locator('svg.graph g.edge.hidden').count(), 0);

    await page.fill('input.search', 'executeQ');
    assert.deepEqual(await page.$$eval('svg.graph g.node.match', (gs: DomEl[]) => gs.map((g) => g.textContent)), [await page.locator('svg.graph g.node', { hasText: 'executeQuery' }).textContent()]);
    await page.fill('input.search', '');
    await page.click('button.fit');
    await page.screenshot({ path: path.join(ARTIFACTS, 'graph-sample-dark.png') });

    const [download] = await Promise.all([page.waitForEvent('download'), page.click('button.export-svg')]);
    const svgText = fs.readFileSync(await download.path(), 'utf8');
    assert.match(svgText, /^<svg/);
    assert.equal((svgText.match(/class="node /g) ?? []).length, await page.locator('svg.graph g.node').count());
    const [png] = await Promise.all([page.waitForEvent('download'), page.click('button.export-png')]);
    const bytes = fs.readFileSync(await png.path());
    assert.equal(bytes.subarray(1, 4).toString('latin1'), 'PNG');
    assert.ok(bytes.readUInt32BE(16) > 400 && bytes.readUInt32BE(20) > 200, 'a PNG of the whole drawing (2x)');
  });

  it('marks where the 50-node cut stopped and shows the truncation line of the text', async () => {
    const ws = fs.mkdtempSync(path.join(os.tmpdir(), 'tscg-html-'));
    try {
      // root calls 10 functions, each calling 6 more: 70 nodes, 50 shown.
      const lines = ['export function root() {', ...Array.from({ length: 10 }, (_, i) => `  mid${i}();`), '}'];
      for (let i = 0; i < 10; i++) {
        lines.push(`export function mid${i}() {`, ...Array.from({ length: 6 }, (_, j) => `  leaf${i}_${j}();`), '}');
        for (let j = 0; j < 6; j++) lines.push(`export function leaf${i}_${j}() {}`);
      }
      fs.writeFileSync(path.join(ws, 'hub.ts'), lines.join('\n'));
      fs.writeFileSync(path.join(ws, 'tsconfig.json'), '{"compilerOptions":{"strict":true},"include":["*.ts"]}');
      const text = cli(['dependenciesOf', 'hub.ts', 'root'], ws);
      const page = await open(cli(['dependenciesOf', 'hub.ts', 'root', '--format', 'html'], ws), 'graph-cut');
      assert.equal(await page.locator('svg.graph g.node').count(), 51);
      assert.equal(await page.textContent('.notes-text'), text.split('\n')[0]);
      const cuts: number[] = await page.$$eval('svg.graph g.cut', (gs: DomEl[]) => gs.map((g) => Number(g.getAttribute('data-cut'))));
      assert.equal(cuts.reduce((a, b) => a + b, 0), 20, 'the 20 cut nodes, each marked at its neighbour');
      await page.screenshot({ path: path.join(ARTIFACTS, 'graph-cut.png') });
      await page.click('.notes-close');
      assert.equal(await page.isHidden('.notes'), true, 'the note can be dismissed');
    } finally {
      fs.rmSync(ws, { recursive: true, force: true });
    }
  });

  it('says "No path found." instead of an empty drawing', async () => {
    const sample = path.join(REPO_ROOT, 'test', 'fixtures', 'sample');
    const page = await open(cli(['pathsBetween', 'src/utils/format.ts', 'formatDate', 'src/db/queries.ts', 'executeQuery', '--format', 'html'], sample), 'graph-no-path');
    assert.match(await page.textContent('.message'), /No path found/);
    assert.equal(await page.locator('svg.graph g.node').count(), 0);
  });

  it('draws a real workspace (this repository, a few hundred files) and stays readable', async () => {
    const query = ['dependenciesOf', 'src/cli/runCli.ts', 'runCli'];
    const result = JSON.parse(cli([...query, '--format', 'json'], REPO_ROOT)) as GraphResult;
    const page = await open(cli([...query, '--format', 'html'], REPO_ROOT), 'graph-real');
    assert.equal(await page.locator('svg.graph g.node').count(), result.nodes.length);
    assert.equal(await page.locator('svg.graph g.edge').count(), result.edges.length);
    // Readable at a glance: labels drawn at 60 % or more, around the queried symbol, which is in view.
    const scaleOf = (): Promise<number> => page.$eval('svg.graph g.viewport', (g: DomEl) => Number(/scale\(([\d.]+)\)/.exec(g.getAttribute('transform') ?? '')?.[1]));
    assert.ok((await scaleOf()) >= 0.6, `scale ${await scaleOf()}`);
    const inView: boolean = await page.evaluate(`(() => {
      const s = document.querySelector('svg.graph').getBoundingClientRect();
      const n = document.querySelector('svg.graph g.node.input').getBoundingClientRect();
      return n.left >= s.left && n.right <= s.right && n.top >= s.top && n.bottom <= s.bottom;
    })()`);
    assert.ok(inView, 'the queried symbol is in view');
    await page.screenshot({ path: path.join(ARTIFACTS, 'graph-real-readable.png') });
    // Fit shows the whole picture, however small.
    await page.click('button.fit');
    const whole: boolean = await page.evaluate(`(() => {
      const s = document.querySelector('svg.graph').getBoundingClientRect();
      const v = document.querySelector('svg.graph g.viewport').getBoundingClientRect();
      return v.left >= s.left - 1 && v.right <= s.right + 1 && v.top >= s.top - 1 && v.bottom <= s.bottom + 1;
    })()`);
    assert.ok(whole, 'Fit shows the whole drawing');
    await page.screenshot({ path: path.join(ARTIFACTS, 'graph-real.png') });
  });
});
