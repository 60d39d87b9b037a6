import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { pathToFileURL } from 'url';
import { BUILT_CLI, requireBuilt, runBuiltCli } from '../artifacts/builtArtifacts';
import { REPO_ROOT } from '../support/loadFixture';
import type { GraphResult } from '../../src/core/query/QueryResult';
import { openingProblems, smallestNames } from '../support/readabilityProbe';
import { ARTIFACTS, CHROMIUM, EDITOR_PX, FIFTY, loadChromium, modelOf, readability, real, realCli, settled, SIZES } from './pageHarness';

/**
 * `npm run test:html`: the built CLI's `--format html` file opened in real Debian Chromium
 * (playwright-core from test/host, installed by `bash test/host/setup.sh`). The drawing must show
 * exactly the answer's nodes and edges, react to the person (hover, click, legend, search, export),
 * log no error and request nothing from the network. Screenshots go to out/artifacts/.
 */

/* eslint-disable @typescript-eslint/no-explicit-any -- playwright-core is loaded from test/host at run time, untyped here */
type Page = any;
type Browser = any;
/** What page.$$eval hands back: elements of the page (no DOM types in the Node test project). */
interface DomEl {
  getAttribute(name: string): string | null;
  textContent: string | null;
  querySelector(selector: string): DomEl | null;
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

  async function open(html: string, name: string, colorScheme: 'light' | 'dark' = 'light', viewport = { width: 1400, height: 900 }): Promise<Page> {
    const file = path.join(ARTIFACTS, `${name}.html`);
    fs.writeFileSync(file, html);
    const context = await browser.newContext({ viewport, colorScheme, acceptDownloads: true });
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

    // Small enough to draw whole: no folded box.
    assert.equal(await page.locator('svg.graph g.node.bundle').count(), 0);
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
    const drawnBefore = await page.locator('svg.graph g.node').count();
    await page.locator('.legend label[data-type="CALLS"] input').uncheck();
    assert.equal(await page.locator('svg.graph g.edge[data-type="CALLS"]').count(), 0);
    // What only CALLS edges connected to the query goes with them (no orphan left in place).
    const left = await page.locator('svg.graph g.node').count();
    assert.ok(left < drawnBefore, `${left} < ${drawnBefore}`);
    await page.locator('.legend label[data-type="CALLS"] input').check();
    assert.equal(await page.locator('svg.graph g.edge[data-type="CALLS"]').count(), calls);
    assert.equal(await page.locator('svg.graph g.node').count(), drawnBefore);
    // The node kinds filter too.
    const methods = await page.locator('svg.graph g.node.g-method').count();
    assert.ok(methods > 0);
    await page.click('.legend button.kind-toggle[data-group="method"]');
    assert.equal(await page.locator('svg.graph g.node.g-method').count(), 0);
    await page.click('.legend button.kind-toggle[data-group="method"]');
    assert.equal(await page.locator('svg.graph g.node.g-method').count(), methods);

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
      // The text's cut line names its ## More section; the picture has none: the same counts, the rest said as cut.
      assert.equal(text.split('\n')[0], 'Showing 50 of 70 nodes in detail (code before tests, nearest first); the other 20 are named under ## More.');
      assert.match((await page.textContent('.notes-text')) ?? '', /^Showing 50 of 70 nodes in detail \(code before tests, nearest first\); 20 more were cut: 20 in the root folder\. To see further, query `mid\d` in hub\.ts/);
      // Every node of the answer is drawn, one by one or counted in a folded box.
      const single = await page.locator('svg.graph g.node:not(.bundle)').count();
      const folded: number[] = await page.$$eval('svg.graph g.node.bundle', (gs: DomEl[]) => gs.map((g) => Number(g.getAttribute('data-members'))));
      assert.equal(single + folded.reduce((a, b) => a + b, 0), 51);
      await page.click('.fold-status button.unfold-all');
      assert.equal(await page.locator('svg.graph g.node').count(), 51);
      const badges: Array<[string, number]> = await page.$$eval('svg.graph g.more', (gs: DomEl[]) => gs.map((g) => [g.getAttribute('data-direction'), Number(g.getAttribute('data-more'))]));
      assert.ok(badges.every(([d]) => d === 'dependencies'), 'the cut leaves out dependencies only: no badge points the other way');
      assert.equal(badges.reduce((a, [, n]) => a + n, 0), 20, 'the 20 cut nodes, each counted at its neighbour');
      await page.screenshot({ path: path.join(ARTIFACTS, 'graph-cut.png') });
      await page.click('.notes-close');
      assert.equal(await page.isHidden('.notes'), true, 'the note can be dismissed');
    } finally {
      fs.rmSync(ws, { recursive: true, force: true });
    }
  });

  /** A workspace with nested folders, a class with members and one crowded file (root calls 8 functions beside it). */
  function nestedWorkspace(): string {
    const ws = fs.mkdtempSync(path.join(os.tmpdir(), 'tscg-nested-'));
    const write = (file: string, text: string): void => {
      fs.mkdirSync(path.dirname(path.join(ws, file)), { recursive: true });
      fs.writeFileSync(path.join(ws, file), text);
    };
    const locals = Array.from({ length: 8 }, (_, i) => `l${i}`);
    write(
      'hub.ts',
      [
        "import { K } from './a/b/x';",
        "import { y1 } from './a/b/y';",
        "import { z1 } from './a/c/z';",
        "import { w1 } from './d/w';",
        'export function root(): void {',
        '  K.s1();',
        '  K.s2();',
        '  y1();',
        '  z1();',
        '  w1();',
        ...locals.map((l) => `  ${l}();`),
        '}',
        ...locals.map((l, i) => `export function ${l}(): void {${i + 1 < locals.length ? ` ${locals[i + 1]}();` : ''} }`),
      ].join('\n'),
    );
    write('a/b/x.ts', 'export class K {\n  static s1(): void {}\n  static s2(): void {\n    K.s1();\n  }\n}\n');
    write('a/b/y.ts', 'export function y1(): void {}\n');
    write('a/c/z.ts', 'export function z1(): void {}\n');
    write('d/w.ts', 'export function w1(): void {}\n');
    write('tsconfig.json', '{"compilerOptions":{"strict":true},"include":["**/*.ts"]}');
    return ws;
  }

  /** Rectangles on screen of what a selector matches (id attribute → rect). */
  async function rects(page: Page, selector: string, attr: string): Promise<Record<string, { left: number; top: number; right: number; bottom: number }>> {
    return page.evaluate(`(() => {
      const out = {};
      for (const el of document.querySelectorAll(${JSON.stringify(selector)})) {
        const r = (el.querySelector('rect') ?? el).getBoundingClientRect();
        out[el.getAttribute(${JSON.stringify(attr)})] = { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
      }
      return out;
    })()`);
  }
  const inside = (a: { left: number; top: number; right: number; bottom: number }, b: { left: number; top: number; right: number; bottom: number }): boolean =>
    a.left >= b.left - 0.5 && a.right <= b.right + 0.5 && a.top >= b.top - 0.5 && a.bottom <= b.bottom + 0.5;

  it('folders are nested clusters with counts that fold into a counted box and open again (mouse and keyboard); a class is a box of its members', async () => {
    const ws = nestedWorkspace();
    try {
      const html = cli(['dependenciesOf', 'hub.ts', 'root', '--format', 'html'], ws);
      const model = modelOf(html);
      const page = await open(html, 'graph-nested');
      assert.equal(await page.locator('svg.graph g.node.bundle').count(), 0, 'a small answer is drawn whole');
      // Folders holding two or more things are clusters: a (b and c), a/b (x.ts and y.ts); a/c and d hold one file each.
      const folders: Array<[string, number]> = await page.$$eval('svg.graph g.folder', (gs: DomEl[]) => gs.map((g) => [g.getAttribute('data-dir'), Number(g.getAttribute('data-count'))]));
      const under = (dir: string): number => model.nodes.filter((n) => n.file.startsWith(`${dir}/`)).length;
      assert.deepEqual(folders.map(([d]) => d).sort(), ['a', 'a/b']);
      for (const [dir, count] of folders) assert.equal(count, under(dir), `${dir}'s count`);
      assert.deepEqual([...(await page.$$eval('svg.graph g.folder text.folder-label', (ts: DomEl[]) => ts.map((t) => t.textContent ?? '')))].sort(), [`a/ (${under('a')})`, `b/ (${under('a/b')})`]);
      const folderBoxes = await rects(page, 'svg.graph g.folder', 'data-dir');
      const fileBoxes = await rects(page, 'svg.graph g.cluster', 'data-file');
      assert.ok(inside(folderBoxes['a/b'], folderBoxes.a), 'a/b is drawn inside a');
      for (const file of ['a/b/x.ts', 'a/b/y.ts']) assert.ok(inside(fileBoxes[file], folderBoxes['a/b']), `${file} inside a/b`);
      assert.ok(inside(fileBoxes['a/c/z.ts'], folderBoxes.a) && !inside(fileBoxes['a/c/z.ts'], folderBoxes['a/b']), 'z.ts in a, not in a/b');
      for (const file of ['hub.ts', 'd/w.ts']) assert.ok(!inside(fileBoxes[file], folderBoxes.a), `${file} outside a`);
      // The class K is a box holding its members, inside its file's box.
      const classes = await rects(page, 'svg.graph g.classbox', 'data-owner');
      assert.ok(classes.K, 'a box for class K');
      assert.ok(inside(classes.K, fileBoxes['a/b/x.ts']));
      const nodes = await rects(page, 'svg.graph g.node', 'data-id');
      const members = model.nodes.filter((n) => n.name.startsWith('K.'));
      assert.equal(members.length, 2);
      for (const m of members) assert.ok(inside(nodes[m.id], classes.K), `${m.name} inside K's box`);
      await page.screenshot({ path: path.join(ARTIFACTS, 'graph-nested-open.png') });

      // Keyboard: Enter on a folder's name folds it into one box counting what it holds.
      await page.focus('svg.graph g.folder[data-dir="a/b"] text.folder-label');
      await page.keyboard.press('Enter');
      const box = page.locator('svg.graph g.node.bundle[data-key="dir:a/b"]');
      assert.equal(await box.count(), 1);
      assert.equal(Number(await box.getAttribute('data-members')), under('a/b'));
      assert.match(await box.textContent(), new RegExp(`${under('a/b')} symbols in a/b/`));
      assert.equal(await page.locator('svg.graph g.folder[data-dir="a/b"]').count(), 0);
      assert.equal(await page.locator('svg.graph g.cluster[data-file^="a/b/"]').count(), 0, 'no file of a/b drawn');
      assert.ok(inside((await rects(page, 'svg.graph g.node.bundle', 'data-key'))['dir:a/b'], (await rects(page, 'svg.graph g.folder', 'data-dir')).a), 'the folded box stays in a');
      await page.screenshot({ path: path.join(ARTIFACTS, 'graph-nested-folded.png') });
      // Enter on the box opens it again: the same nodes as before.
      await page.focus('svg.graph g.node.bundle[data-key="dir:a/b"]');
      await page.keyboard.press('Enter');
      assert.equal(await page.locator('svg.graph g.node.bundle').count(), 0);
      assert.equal(await page.locator('svg.graph g.node').count(), model.nodes.length);
      // Mouse: the outer folder folds (its inner folder with it) and opens.
      await page.click('svg.graph g.folder[data-dir="a"] text.folder-label');
      assert.equal(Number(await page.locator('svg.graph g.node.bundle[data-key="dir:a"]').getAttribute('data-members')), under('a'));
      assert.equal(await page.locator('svg.graph g.folder').count(), 0);
      await page.click('svg.graph g.node.bundle[data-key="dir:a"]');
      assert.equal(await page.locator('svg.graph g.node').count(), model.nodes.length);
      assert.equal(await page.locator('svg.graph g.folder').count(), 2);
    } finally {
      fs.rmSync(ws, { recursive: true, force: true });
    }
  });

  /** Visible edge labels' screen rectangles (hidden, crowded ones left out). */
  async function visibleLabels(page: Page): Promise<Array<{ text: string; left: number; top: number; right: number; bottom: number }>> {
    return page.evaluate(`(() => [...document.querySelectorAll('svg.graph g.edge text')]
      .filter((t) => getComputedStyle(t).display !== 'none' && !t.closest('.hidden'))
      .map((t) => { const r = t.getBoundingClientRect(); return { text: t.textContent, left: r.left, top: r.top, right: r.right, bottom: r.bottom }; }))()`);
  }

  it('edge labels never overlap: crowded ones wait hidden and show when their edge is hovered', async () => {
    const ws = nestedWorkspace();
    try {
      const html = cli(['dependenciesOf', 'hub.ts', 'root', '--format', 'html'], ws);
      for (const viewport of [
        { width: 1400, height: 900 },
        { width: 700, height: 900 },
      ]) {
        const page = await open(html, `graph-labels-${viewport.width}`, 'light', viewport);
        const labels = await visibleLabels(page);
        assert.ok(labels.length >= 5, `${labels.length} labels shown`);
        for (let i = 0; i < labels.length; i++) {
          for (let j = i + 1; j < labels.length; j++) {
            const a = labels[i];
            const b = labels[j];
            const overlaps = a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
            assert.ok(!overlaps, `"${a.text}" and "${b.text}" overlap at ${viewport.width}px`);
          }
        }
        await page.screenshot({ path: path.join(ARTIFACTS, `graph-labels-${viewport.width}.png`) });
        // A label with no room is still there: hovering its edge shows it.
        const crowded = page.locator('svg.graph g.edge text.crowded');
        if ((await crowded.count()) > 0) {
          const edge = page.locator('svg.graph g.edge:has(text.crowded)').first();
          await edge.focus();
          assert.notEqual(await edge.locator('text').evaluate(new Function('t', 'return getComputedStyle(t).display') as (t: unknown) => string), 'none', 'the focused edge shows its label');
        }
      }
    } finally {
      fs.rmSync(ws, { recursive: true, force: true });
    }
  });

  it('a small answer opens whole in a narrow, short panel: no folded box, whole in the view', async () => {
    const sample = path.join(REPO_ROOT, 'test', 'fixtures', 'sample');
    const html = cli(['dependenciesOf', 'src/orders/orderService.ts', 'processOrder', '--format', 'html'], sample);
    const model = modelOf(html);
    assert.ok(model.nodes.length >= 15 && model.nodes.length <= 20, `${model.nodes.length} nodes`);
    for (const viewport of [
      { width: 700, height: 900 },
      { width: 600, height: 500 },
    ]) {
      const page = await open(html, `graph-small-whole-${viewport.width}`, 'dark', viewport);
      assert.equal(await page.locator('svg.graph g.node.bundle').count(), 0, `no folded box at ${viewport.width}x${viewport.height}`);
      assert.equal(await page.locator('svg.graph g.node').count(), model.nodes.length);
      // Whole in the view: at the editor's size where that fits, else smaller (it was cut off at 700x900 and 600x500).
      const first = await readability(page, false);
      assert.ok(first.wholeInView, `whole in the view at ${viewport.width}x${viewport.height}`);
      assert.deepEqual(openingProblems(first, EDITOR_PX, model.nodes.length), []);
      await page.screenshot({ path: path.join(ARTIFACTS, `graph-small-whole-${viewport.width}.png`) });
    }
  });

  for (const viewport of [
    { width: 1400, height: 900 },
    { width: 700, height: 900 },
  ]) {
    it(`the 50-node answer opens with all of level 1 drawn one by one at ${viewport.width} px, whole in the view, names readable (at 700 px a little smaller), the query in view`, async function () {
      this.timeout(300_000);
      const html = await SIZES.find((s) => s.name === 'fifty')!.html();
      const model = modelOf(html);
      const input = model.nodes.find((n) => n.input)!;
      const level1 = new Set(model.edges.flatMap((e) => (e.from === input.id ? [e.to] : e.to === input.id ? [e.from] : [])));
      level1.delete(input.id);
      assert.ok(level1.size >= 10, `${level1.size} direct neighbours`);
      const page = await open(html, viewport.width === 1400 ? 'graph-fifty-wrapped' : `graph-fifty-level1-${viewport.width}`, 'light', viewport);
      const drawn = new Set<string>(await page.$$eval('svg.graph g.node:not(.bundle)', (gs: DomEl[]) => gs.map((g) => g.getAttribute('data-id'))));
      const missing = [...level1].filter((id) => !drawn.has(id));
      assert.deepEqual(missing, [], `${missing.length} of ${level1.size} direct neighbours folded`);
      assert.ok(Number(await page.textContent('.level-value')) >= 1, 'level 1 open');
      // At 700 px level 1 is shown whole at about 73 % of the editor's size (it was shown at that size, cut at the side).
      const first = await readability(page, false);
      assert.ok(first.inputInView, 'the queried symbol is in view');
      assert.ok(first.wholeInView, 'the opening lies whole in the view');
      assert.deepEqual(openingProblems(first, EDITOR_PX, model.nodes.length), []);
      if (viewport.width === 1400) assert.ok(Math.min(...first.heights) >= EDITOR_PX - 0.05, `names ${Math.min(...first.heights).toFixed(1)} px high`);
      await page.screenshot({ path: path.join(ARTIFACTS, viewport.width === 1400 ? 'graph-fifty-wrapped.png' : `graph-fifty-level1-${viewport.width}.png`) });
    });
  }

  /**
   * Each drawn edge's path, sampled along its length, against the screen rectangles of every node
   * row and file box but its own two ends (and the file boxes holding them): the points inside one.
   */
  async function edgesOverBoxes(page: Page): Promise<string[]> {
    return page.evaluate(`(() => {
      const shrink = (r) => ({ left: r.left + 2, top: r.top + 2, right: r.right - 2, bottom: r.bottom - 2 });
      const rows = [...document.querySelectorAll('svg.graph g.node')].map((g) => ({ id: g.getAttribute('data-id'), r: shrink(g.querySelector('.shape').getBoundingClientRect()) }));
      const boxes = [...document.querySelectorAll('svg.graph g.cluster')].map((g) => ({ id: g.getAttribute('data-file'), r: shrink(g.querySelector('rect.cluster-box').getBoundingClientRect()) }));
      const within = (p, r) => p.x > r.left && p.x < r.right && p.y > r.top && p.y < r.bottom;
      const holds = (outer, inner) => inner.left >= outer.left - 3 && inner.right <= outer.right + 3 && inner.top >= outer.top - 3 && inner.bottom <= outer.bottom + 3;
      const out = [];
      for (const g of document.querySelectorAll('svg.graph g.edge')) {
        const from = g.getAttribute('data-from');
        const to = g.getAttribute('data-to');
        const ends = rows.filter((n) => n.id === from || n.id === to).map((n) => n.r);
        const others = [
          ...rows.filter((n) => n.id !== from && n.id !== to),
          ...boxes.filter((b) => !ends.some((e) => holds(b.r, e))),
        ];
        const path = g.querySelector('path.line');
        const m = path.getScreenCTM();
        const length = path.getTotalLength();
        for (let at = 0; at <= length; at += 3) {
          const q = path.getPointAtLength(at);
          const p = { x: m.a * q.x + m.c * q.y + m.e, y: m.b * q.x + m.d * q.y + m.f };
          const hit = others.find((o) => within(p, o.r));
          if (hit) { out.push(from + ' -> ' + to + ' over ' + hit.id); break; }
        }
      }
      return out;
    })()`) as Promise<string[]>;
  }

  for (const [size, viewport] of [
    ['fifty', { width: 1400, height: 900 }],
    ['fifty', { width: 700, height: 900 }],
    ['small', { width: 1400, height: 900 }],
    ['small', { width: 700, height: 900 }],
  ] as const) {
    it(`${size} answer at ${viewport.width} px: no edge passes over a node or a file box other than its own ends`, async function () {
      this.timeout(300_000);
      const html = await SIZES.find((s) => s.name === size)!.html();
      const page = await open(html, `graph-lanes-${size}-${viewport.width}`, 'light', viewport);
      assert.ok((await page.locator('svg.graph g.edge').count()) > 5);
      const over = await edgesOverBoxes(page);
      await page.screenshot({ path: path.join(ARTIFACTS, `graph-lanes-${size}-${viewport.width}.png`) });
      assert.deepEqual(over, [], `${over.length} edges pass over other boxes`);
    });
  }

  it('a narrow, short panel: one toolbar row, the notes and the legend one line each that open whole, save and copy behind ⋯', async function () {
    this.timeout(300_000);
    const html = await SIZES.find((s) => s.name === 'fifty')!.html();
    const viewport = { width: 360, height: 640 };
    const page = await open(html, 'graph-narrow-chrome', 'dark', viewport);
    type Box = { top: number; bottom: number; left: number; right: number; height: number; width: number };
    const box = (selector: string): Promise<Box> =>
      page.$eval(selector, (e: DomEl) => {
        const r = (e as unknown as { getBoundingClientRect(): Box }).getBoundingClientRect();
        return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, height: r.height, width: r.width };
      });
    const lineHeight = (await box('.fold-status')).height;
    // The toolbar: the title's row and one row of controls, every control in reach without scrolling sideways.
    const controls = await box('.toolbar .controls');
    assert.ok(controls.height <= 1.5 * lineHeight, `controls ${controls.height} px high`);
    assert.equal(await page.$eval('.toolbar .controls', (e: DomEl) => { const c = e as unknown as { scrollWidth: number; clientWidth: number }; return c.scrollWidth <= c.clientWidth; }), true, 'no control scrolled out of the row');
    for (const control of ['button.back', 'input.search', 'button.level-down', 'button.fit', 'button.zoom-out', 'button.more-actions']) assert.ok((await box(control)).right <= viewport.width, `${control} in view`);
    // The notes: one line, the whole text in the element (its first line is the answer's first line), and a toggle that shows it whole.
    const head = realCli(FIFTY).split('\n')[0].split(';')[0];
    assert.ok(((await page.textContent('.notes-text')) ?? '').startsWith(`${head}; 110 more were cut`), head);
    const oneLine = (await box('.notes')).height;
    assert.ok(oneLine <= 1.5 * lineHeight, `notes ${oneLine} px high`);
    await page.click('.notes-more');
    assert.equal(await page.getAttribute('.notes-more', 'aria-expanded'), 'true');
    assert.ok((await box('.notes')).height >= 3 * oneLine, 'the whole note shows');
    await page.screenshot({ path: path.join(ARTIFACTS, 'graph-narrow-chrome-notes.png') });
    await page.click('.notes-more');
    assert.equal((await box('.notes')).height, oneLine);
    // The legend: one line; every filter is reached by keyboard (Tab) and works; the toggle shows it whole.
    const legend = await box('.legend');
    assert.ok(legend.height <= 1.6 * lineHeight, `legend ${legend.height} px high`);
    const types: string[] = await page.$$eval('.legend label[data-type]', (ls: DomEl[]) => ls.map((l) => l.getAttribute('data-type') ?? ''));
    const kinds = await page.locator('.legend button.kind-toggle').count();
    assert.ok(types.length >= 3 && kinds >= 1);
    const last = types[types.length - 1];
    await page.click('.fold-status button.unfold-all');
    await page.focus('.legend .legend-more');
    for (let i = 0; i < types.length; i++) await page.keyboard.press('Tab');
    assert.equal(await page.evaluate('document.activeElement.closest("label")?.dataset.type'), last, 'Tab reaches the last edge type');
    const edges = await page.locator(`svg.graph g.edge[data-type="${last}"]:not(.hidden)`).count();
    await page.keyboard.press('Space');
    assert.equal(await page.$eval(`.legend label[data-type="${last}"] input`, (i: DomEl) => (i as unknown as { checked: boolean }).checked), false);
    assert.ok(edges > 0, `${last} edges drawn`);
    assert.equal(await page.locator(`svg.graph g.edge[data-type="${last}"]:not(.hidden)`).count(), 0, 'the edge type is hidden');
    await page.keyboard.press('Space');
    assert.equal(await page.locator(`svg.graph g.edge[data-type="${last}"]:not(.hidden)`).count(), edges);
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate('document.activeElement.classList.contains("kind-toggle")'), true, 'Tab reaches the node kinds');
    await page.keyboard.press('Space');
    assert.equal(await page.evaluate('document.activeElement.getAttribute("aria-pressed")'), 'false', 'Space switches a node kind off');
    await page.keyboard.press('Space');
    await page.click('.legend .legend-more');
    assert.equal(await page.getAttribute('.legend .legend-more', 'aria-expanded'), 'true');
    const whole = await box('.legend');
    assert.ok(whole.height > 2 * legend.height, 'the whole legend shows');
    for (const type of types) assert.ok((await box(`.legend label[data-type="${type}"]`)).bottom <= whole.bottom + 0.5, `${type} in view`);
    await page.screenshot({ path: path.join(ARTIFACTS, 'graph-narrow-chrome-legend.png') });
    await page.click('.legend .legend-more');
    assert.equal((await box('.legend')).height, legend.height);
    // Save and copy: behind ⋯, a menu that opens, saves, and closes (Escape too).
    assert.equal(await page.isVisible('button.export-svg'), false);
    await page.click('button.more-actions');
    assert.equal(await page.getAttribute('button.more-actions', 'aria-expanded'), 'true');
    for (const b of ['button.export-svg', 'button.export-png', 'button.copy-mermaid']) assert.ok(await page.isVisible(b), `${b} in the menu`);
    await page.screenshot({ path: path.join(ARTIFACTS, 'graph-narrow-chrome-menu.png') });
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('button.export-svg')]);
    assert.match(fs.readFileSync(await download.path(), 'utf8'), /^<svg/);
    assert.equal(await page.isVisible('button.export-png'), false, 'the menu closes after a choice');
    await page.click('button.more-actions');
    await page.keyboard.press('Escape');
    assert.equal(await page.isVisible('button.export-png'), false, 'Escape closes the menu');
    assert.equal(await page.evaluate('document.activeElement.className'), 'more-actions');
  });

  it('says "No path found." instead of an empty drawing', async () => {
    const sample = path.join(REPO_ROOT, 'test', 'fixtures', 'sample');
    const page = await open(cli(['pathsBetween', 'src/utils/format.ts', 'formatDate', 'src/db/queries.ts', 'executeQuery', '--format', 'html'], sample), 'graph-no-path');
    assert.match(await page.textContent('.message'), /No path found/);
    assert.equal(await page.locator('svg.graph g.node').count(), 0);
  });

  for (const size of SIZES) {
    for (const theme of ['light', 'dark'] as const) {
      for (const viewport of [
        { width: 1400, height: 900 },
        { width: 700, height: 900 },
        // A narrow third editor column, and a short one.
        { width: 400, height: 800 },
        { width: 360, height: 640 },
      ]) {
        it(`${size.name} answer (${size.min}+ nodes), ${theme}, ${viewport.width}x${viewport.height}: names at the editor's size at first and after Fit (smaller only where drawn whole), which zooms and pans only`, async function () {
          this.timeout(300_000);
          const html = await size.html();
          const model = modelOf(html);
          assert.ok(model.nodes.length >= size.min && model.nodes.length <= size.max, `${model.nodes.length} nodes`);
          const name = `graph-${size.name}-${theme}-${viewport.width}${viewport.width < 700 ? `x${viewport.height}` : ''}`;
          const page = await open(html, name, theme, viewport);
          await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`) });
          // The toolbar, notes, legend and fold line leave the drawing most of the panel's height.
          const stage: number = await page.$eval('svg.graph', (s: DomEl) => (s as unknown as { getBoundingClientRect(): { height: number } }).getBoundingClientRect().height);
          assert.ok(stage >= 0.6 * viewport.height, `the drawing gets ${stage.toFixed(0)} of ${viewport.height} px`);
          // A figure for the report, not a timed assertion (the machine's load varies).
          console.log(`      ${name}: first drawing in ${await page.evaluate('document.body.dataset.firstDrawMs')} ms (${await page.evaluate('[document.body.dataset.engine, document.body.dataset.rankdir, "wrap " + document.body.dataset.wrap].join(" ")')})`);
          const first = await readability(page, true);
          assert.ok(first.inputInView, 'the queried symbol is in view');
          assert.ok(first.heights.length > 0);
          // At the editor's size, or smaller where the opening is drawn whole rather than folded.
          assert.deepEqual(openingProblems(first, EDITOR_PX, model.nodes.length), [], 'at first');
          // A badge's count is readable on its pill, on every node alike (an external node's grey text once hid it).
          const readInk = (): Promise<string[]> => page.$$eval('svg.graph g.more', (gs: DomEl[]) => {
            const fill = (e: unknown): string => (globalThis as unknown as { getComputedStyle(e: unknown): { fill: string } }).getComputedStyle(e).fill;
            return gs.map((g) => `${fill(g.querySelector('text'))} on ${fill(g.querySelector('rect'))}`);
          });
          const readable = (ink: string[]): boolean => new Set(ink).size <= 1 && ink.every((i) => i.split(' on ')[0] !== i.split(' on ')[1]);
          let badgeInk = await readInk();
          if (!readable(badgeInk)) {
            // Once in CI (2026-12-02) a read here failed and no run since has repeated it: say what was
            // read, then read again at rest; a stylesheet that really hides the count fails both reads.
            console.log(`      ${name}: badge ink at first read: ${[...new Set(badgeInk)].join(', ')}`);
            await settled(page);
            await page.waitForTimeout(300);
            badgeInk = await readInk();
          }
          assert.ok(new Set(badgeInk).size <= 1, `badge counts in several colours: ${[...new Set(badgeInk)].join(', ')}`);
          assert.ok(badgeInk.every((ink) => ink.split(' on ')[0] !== ink.split(' on ')[1]), `a badge count in its pill's colour: ${[...new Set(badgeInk)].join(', ')}`);
          // Every node of the answer is there: drawn one by one, or counted in a folded box.
          const single = await page.locator('svg.graph g.node:not(.bundle)').count();
          const folded: number[] = await page.$$eval('svg.graph g.node.bundle', (gs: DomEl[]) => gs.map((g) => Number(g.getAttribute('data-members'))));
          assert.equal(single + folded.reduce((a, b) => a + b, 0), model.nodes.length);
          const drawnBefore: string[] = await page.$$eval('svg.graph g.node', (gs: DomEl[]) => gs.map((g) => g.getAttribute('data-id')));
          await page.click('button.fit');
          const fitted = await readability(page, false);
          assert.deepEqual(await page.$$eval('svg.graph g.node', (gs: DomEl[]) => gs.map((g) => g.getAttribute('data-id'))), drawnBefore, 'Fit folds nothing away');
          // Whole in view when it fits at the editor's size; else shown at that size round the query.
          if ((await page.evaluate('document.body.dataset.fits')) === 'true') assert.ok(fitted.wholeInView, 'after Fit nothing drawn lies outside the view');
          assert.ok(fitted.inputInView, 'after Fit the queried symbol is in view');
          assert.deepEqual(openingProblems(fitted, EDITOR_PX, model.nodes.length), [], 'after Fit');
          await page.screenshot({ path: path.join(ARTIFACTS, `${name}-fit.png`) });
        });
      }
    }
  }

  for (const size of SIZES) {
    it(`${size.name} answer: a +N badge opens exactly the neighbours it counts, on its side; again it says there are none`, async function () {
      this.timeout(300_000);
      const html = await size.html();
      const model = modelOf(html);
      const page = await open(html, `graph-badge-${size.name}`);
      if ((await page.locator('.fold-status button.unfold-all').count()) > 0) await page.click('.fold-status button.unfold-all');
      // A badge of a node that is not the input whose neighbours this file carries (the model or its reserve).
      const target: { id: string; direction: 'dependents' | 'dependencies'; count: number; missing: string[]; inFile: boolean } | undefined = await page.evaluate(`(() => {
        const model = JSON.parse(document.getElementById('graph-data').textContent).model;
        const inFile = new Set([...model.nodes, ...((model.reserve && model.reserve.nodes) || [])].map((n) => n.id));
        const drawn = new Set([...document.querySelectorAll('svg.graph g.node')].map((g) => g.getAttribute('data-id')));
        for (const b of document.querySelectorAll('svg.graph g.node:not(.input) g.more')) {
          const id = b.closest('g.node').getAttribute('data-id');
          const direction = b.getAttribute('data-direction');
          const count = Number(b.getAttribute('data-more'));
          const node = [...model.nodes, ...((model.reserve && model.reserve.nodes) || [])].find((n) => n.id === id);
          const missing = ((node && node.next && node.next[direction]) || []).filter((n) => !drawn.has(n));
          if (count >= 1 && count <= 50 && missing.length === count && missing.every((n) => inFile.has(n))) return { id, direction, count, missing, inFile: true };
        }
        // The 1,000+ drawing comes from the extension's worker, which carries no reserve: every badge points out of the file.
        for (const b of document.querySelectorAll('svg.graph g.node:not(.input) g.more')) {
          const count = Number(b.getAttribute('data-more'));
          if (count >= 1 && count <= 50) return { id: b.closest('g.node').getAttribute('data-id'), direction: b.getAttribute('data-direction'), count, missing: [], inFile: false };
        }
      })()`);
      assert.ok(target, 'a node with a badge');
      const node = [...model.nodes, ...(model.reserve?.nodes ?? [])].find((n) => n.id === target.id)!;
      const command = [target.direction === 'dependents' ? 'dependentsOf' : 'dependenciesOf', node.file, `${node.name}:${node.offset}`];
      if (!target.inFile) {
        // The badge says how to see them: the count and a command that really lists them.
        assert.equal(size.name, 'thousand', 'the CLI\'s own answers carry their neighbours');
        await page.focus(`svg.graph g.node[data-id="${target.id}"]`);
        await page.keyboard.press('Enter');
        await page.click(`.details button.expand-${target.direction}`);
        const said = await page.textContent('.details .said');
        assert.match(said, new RegExp(`^${target.count} ${target.direction} of .* are not in this file: run \`ts-code-graph ${command[0]} ${node.file} ${node.name.replace(/[.$]/g, '\\$&')}\``));
        const truth = JSON.parse(realCli([...command, '--format', 'json'])) as GraphResult;
        const drawn = new Set(model.nodes.map((n) => n.id));
        const direct = truth.edges.filter((e) => (target.direction === 'dependents' ? e.to === target.id : e.from === target.id)).map((e) => (target.direction === 'dependents' ? e.from : e.to));
        assert.equal(new Set(direct.filter((id) => !drawn.has(id))).size, target.count, 'the command lists as many new neighbours as the badge counts');
        return;
      }
      const before = new Set<string>(await page.$$eval('svg.graph g.node', (gs: DomEl[]) => gs.map((g) => g.getAttribute('data-id'))));
      const shape = 'document.body.dataset.engine + " " + document.body.dataset.rankdir';
      const shapeBefore = await page.evaluate(shape);
      // By keyboard: select the node, then the details' button for that side.
      await page.focus(`svg.graph g.node[data-id="${target.id}"]`);
      await page.keyboard.press('Enter');
      await page.click(`.details button.expand-${target.direction}`);
      const after: string[] = await page.$$eval('svg.graph g.node', (gs: DomEl[]) => gs.map((g) => g.getAttribute('data-id')));
      const added = after.filter((id) => !before.has(id));
      assert.deepEqual([...added].sort(), [...target.missing].sort(), 'exactly the neighbours the badge counted');
      assert.equal(added.length, target.count);
      assert.equal(await page.evaluate(shape), shapeBefore, 'the picture grows where it is: same layout, same direction');
      // Each is a neighbour on that side by the CLI's own answer for the node, and an edge joins them.
      const truth = JSON.parse(realCli([...command, '--format', 'json'])) as GraphResult;
      // Its cut keeps code before tests: a test among them is named under More, not in detail.
      const side = new Set([...truth.nodes, ...(truth.truncation?.more ?? [])].map((n) => n.id));
      for (const id of added) {
        assert.ok(side.has(id), `${id} is one of the ${target.direction} of ${node.name}`);
        const edge = target.direction === 'dependents' ? `svg.graph g.edge[data-from="${id}"][data-to="${target.id}"]` : `svg.graph g.edge[data-from="${target.id}"][data-to="${id}"]`;
        assert.ok((await page.locator(edge).count()) > 0, `an edge joins ${id}`);
      }
      assert.equal(await page.locator(`svg.graph g.node[data-id="${target.id}"] g.more[data-direction="${target.direction}"]`).count(), 0, 'the badge is gone');
      assert.match(await page.textContent('.details'), new RegExp(`Opened ${target.count} ${target.direction} of `));
      assert.equal(await page.isDisabled(`.details button.expand-${target.direction}`), true);
      assert.match(await page.textContent(`.details button.expand-${target.direction}`), new RegExp(`No more ${target.direction}`));
      await page.screenshot({ path: path.join(ARTIFACTS, `graph-badge-${size.name}-opened.png`) });
      // Back undoes the opening, Forward redoes it.
      await page.click('button.back');
      assert.equal(await page.locator('svg.graph g.node').count(), before.size);
      await page.click('button.forward');
      assert.equal(await page.locator('svg.graph g.node').count(), after.length);
    });
  }

  for (const size of SIZES) {
    it(`${size.name} answer: an edge lists its call sites (file:line and the > line); find steps through matches with a count; the SVG keeps labels and notes`, async function () {
      this.timeout(300_000);
      const html = await size.html();
      const model = modelOf(html);
      const page = await open(html, `graph-edges-${size.name}`, 'dark');
      // Folded boxes open first; then every edge of the model is drawn.
      if ((await page.locator('.fold-status button.unfold-all').count()) > 0) await page.click('.fold-status button.unfold-all');
      const between = (from: string, to: string) => model.edges.filter((e) => (e.from === from && e.to === to) || (e.from === to && e.to === from));
      const withSites = model.edges.find((e) => (e.sites?.length ?? 0) > 0 && between(e.from, e.to).length === 1);
      assert.ok(withSites, 'an edge with its call sites');
      // Keyboard: the edge is focusable; Enter shows its sites.
      await page.focus(`svg.graph g.edge[data-from="${withSites.from}"][data-to="${withSites.to}"]`);
      await page.keyboard.press('Enter');
      const sites: string[] = await page.$$eval('.details .sites li', (lis: DomEl[]) => lis.map((l) => l.textContent ?? ''));
      const file = model.nodes.find((n) => n.id === withSites.from)!.file;
      const source = fs.readFileSync(path.join(real(), file), 'utf8').split('\n');
      assert.deepEqual(
        sites,
        withSites.sites!.map((s) => `${file}:${s.line} > ${source[s.line - 1].trim()}`),
      );

      if (size.name !== 'small') {
        await page.fill('input.search', 'Record');
        const total = Number(/of (\d+)/.exec(await page.textContent('.find-count'))?.[1]);
        assert.ok(total >= 3, `${total} matches`);
        assert.equal(await page.textContent('.find-count'), `1 of ${total}`);
        await page.press('input.search', 'Enter');
        await page.press('input.search', 'Enter');
        assert.equal(await page.textContent('.find-count'), `3 of ${total}`);
        await page.press('input.search', 'Shift+Enter');
        assert.equal(await page.textContent('.find-count'), `2 of ${total}`);
        await page.click('button.find-prev');
        await page.click('button.find-prev');
        assert.equal(await page.textContent('.find-count'), `${total} of ${total}`, 'previous from the first wraps to the last');
        // The match is drawn (opened if it was folded) and selected.
        const selected: string | null = await page.$eval('svg.graph g.node.selected', (g: DomEl) => g.textContent);
        assert.match(selected ?? '', /record/i);
        await page.fill('input.search', '');
      }
      // Clearing the search redraws (a match opened from a fold closes again): export what is drawn once it settles.
      const readLabels = (): Promise<string[]> => page.$$eval('svg.graph g.edge text', (ts: DomEl[]) => ts.map((t) => t.textContent ?? ''));
      let labels = await readLabels();
      for (let i = 0; i < 40; i++) {
        await page.waitForTimeout(250);
        const again = await readLabels();
        if (JSON.stringify(again) === JSON.stringify(labels)) break;
        labels = again;
      }
      assert.ok(labels.length > 0);
      const [download] = await Promise.all([page.waitForEvent('download'), page.click('button.export-svg')]);
      const svgText = fs.readFileSync(await download.path(), 'utf8');
      const exported = [...svgText.matchAll(/<g class="edge [^"]*"[^>]*>(?:(?!<\/g>)[\s\S])*?<text([^>]*)>([^<]*)<\/text>/g)];
      assert.deepEqual(exported.map((m) => m[2]).sort(), [...labels].sort(), 'every edge label is in the file');
      // Painted under the text: the outline (stroke) first, or it covers the label.
      for (const m of exported) assert.match(m[1], /paint-order="stroke"/);
      assert.ok(!model.notes[0] || svgText.includes(model.notes[0].slice(0, 40)), 'the cut note is in the image');
      assert.ok(svgText.includes(await page.textContent('h1.title')), 'the title is in the image');
      fs.writeFileSync(path.join(ARTIFACTS, `graph-edges-${size.name}-export.svg`), svgText);
    });
  }

  /**
   * Where the keyboard's focus is: which selector it matches, and whether it is in the drawing and in
   * view there (an edge only needs to cross the view: a long one may be wider than it).
   */
  async function focused(page: Page, selector: string): Promise<{ matches: boolean; inSvg: boolean; inView: boolean; what: string; id: string | null }> {
    // Where the focus is once what a step opened has grown into place.
    await settled(page);
    return page.evaluate(`(() => {
      const a = document.activeElement;
      if (!a || a === document.body) return { matches: false, inSvg: false, inView: false, what: 'the page (focus lost)', id: null };
      const s = document.querySelector('svg.graph').getBoundingClientRect();
      const r = a.getBoundingClientRect();
      const edge = !!a.closest('g.edge');
      const inView = edge
        ? r.right > s.left && r.left < s.right && r.bottom > s.top && r.top < s.bottom
        : r.left >= s.left - 1 && r.right <= s.right + 1 && r.top >= s.top - 1 && r.bottom <= s.bottom + 1;
      const g = a.closest('g.node');
      return { matches: a.matches(${JSON.stringify(selector)}), inSvg: !!a.closest('svg.graph'), inView, what: a.getAttribute('aria-label') || a.textContent.slice(0, 60), id: g ? g.getAttribute('data-id') : null };
    })()`);
  }

  /** Tab (or Shift+Tab) until the focus is on `selector`; every stop in the drawing must be in view (the view follows). */
  async function tabTo(page: Page, selector: string, back = false, max = 400): Promise<void> {
    for (let i = 0; i < max; i++) {
      await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
      const at = await focused(page, selector);
      if (at.inSvg) assert.ok(at.inView, `"${at.what}" has the keyboard's focus out of view`);
      if (at.matches) return;
    }
    assert.fail(`${max} Tabs never reached ${selector}`);
  }

  it('every action without a mouse: Tab to nodes (the view follows), boxes open and files fold with the focus kept, badges, back/forward, find, Fit, levels, legend, export', async function () {
    this.timeout(300_000);
    const html = await SIZES[1].html();
    const model = modelOf(html);
    const page = await open(html, 'graph-keyboard', 'light', { width: 700, height: 900 });
    const count = (selector: string): Promise<number> => page.locator(selector).count();
    const drawnIds = (): Promise<string[]> => page.$$eval('svg.graph g.node', (gs: DomEl[]) => gs.map((g) => g.getAttribute('data-id') ?? ''));
    // Start where a person starts: the page, no element focused.
    await page.keyboard.press('/');
    assert.equal((await focused(page, 'input.search')).matches, true, '/ goes to Find');

    // A folded box: Tab to it, Enter opens it, and the focus goes on to one of the nodes it held.
    assert.ok((await count('svg.graph g.node.bundle')) > 0, 'folded boxes at 700 px');
    await tabTo(page, 'svg.graph g.node.bundle');
    const box = (await focused(page, '*')).id!;
    const members = await page.$eval(`svg.graph g.node[data-id="${box}"]`, (g: DomEl) => Number(g.getAttribute('data-members')));
    const before = await drawnIds();
    await page.keyboard.press('Enter');
    const opened = (await drawnIds()).filter((id) => !before.includes(id));
    assert.ok(opened.length > 0 && !(await drawnIds()).includes(box), `the box of ${members} opened`);
    const afterOpen = await focused(page, 'svg.graph g.node');
    assert.ok(afterOpen.matches && opened.includes(afterOpen.id ?? ''), `the focus is on what the box held (a node or a smaller box), not on ${afterOpen.what}`);
    assert.ok(afterOpen.inView, 'and in view');

    // Alt+Left goes back (the box folded again), Alt+Right forward.
    await page.keyboard.press('Alt+ArrowLeft');
    assert.deepEqual((await drawnIds()).sort(), [...before].sort(), 'Back folds the box again');
    await page.keyboard.press('Alt+ArrowRight');
    assert.ok((await drawnIds()).includes(opened[0]), 'Forward opens it again');

    // Open all (the fold status's button), then Tab through the drawing: each stop is in view (tabTo checks).
    await tabTo(page, '.fold-status button.unfold-all', true);
    await page.keyboard.press('Enter');
    assert.equal(await count('svg.graph g.node.bundle'), 0, 'every box open');
    assert.ok((await focused(page, 'svg.graph g.node.input')).matches, 'the focus goes on from the queried symbol');
    await page.keyboard.press('/');
    await tabTo(page, 'svg.graph g.node');
    for (let i = 0; i < 25; i++) await tabTo(page, 'svg.graph g.node');

    // A file's name: Enter folds the file into its box, which keeps the focus; Enter on it opens the file again.
    const file = model.nodes.find((n) => !n.input && model.nodes.filter((m) => m.file === n.file).length >= 2)!.file;
    // One of its nodes selected first (Enter): once folded away, the details no longer describe it.
    await tabTo(page, `svg.graph g.node[data-id^="${file}#"]`);
    await page.keyboard.press('Enter');
    const chosenId = (await focused(page, '*')).id;
    const chosen = model.nodes.find((n) => n.id === chosenId)!;
    assert.ok((await page.textContent('.details')).startsWith(`${chosen.label} — `), 'the details describe the selected node');
    await tabTo(page, `svg.graph g.cluster[data-file="${file}"] text.cluster-label`, true);
    await page.keyboard.press('Enter');
    assert.match(await page.textContent('.details'), /^Click a node to see its callers/, 'the folded node\'s details went, the hint is back');
    const fileBox = await focused(page, `svg.graph g.node.bundle[data-key="file:${file}"]`);
    assert.ok(fileBox.matches, `${file} folded and its box has the focus, not ${fileBox.what}`);
    await page.keyboard.press('Enter');
    const back = await focused(page, 'svg.graph g.node:not(.bundle)');
    assert.ok(back.matches && model.nodes.find((n) => n.id === back.id)?.file === file, `the file opened and the focus is on one of its nodes, not ${back.what}`);

    // A +N badge by keyboard: Enter selects its node, Tab to the details' button, Enter opens; the focus stays with the node.
    const target: { id: string; direction: string; count: number } | undefined = await page.evaluate(`(() => {
      const model = JSON.parse(document.getElementById('graph-data').textContent).model;
      const all = [...model.nodes, ...((model.reserve && model.reserve.nodes) || [])];
      const inFile = new Set(all.map((n) => n.id));
      const drawn = new Set([...document.querySelectorAll('svg.graph g.node')].map((g) => g.getAttribute('data-id')));
      for (const b of document.querySelectorAll('svg.graph g.node:not(.input) g.more')) {
        const id = b.closest('g.node').getAttribute('data-id');
        const direction = b.getAttribute('data-direction');
        const node = all.find((n) => n.id === id);
        const missing = ((node && node.next && node.next[direction]) || []).filter((n) => !drawn.has(n));
        if (missing.length > 0 && missing.length === Number(b.getAttribute('data-more')) && missing.every((n) => inFile.has(n))) return { id, direction, count: missing.length };
      }
    })()`);
    assert.ok(target, 'a badge whose neighbours this file carries');
    await page.keyboard.press('/');
    await tabTo(page, `svg.graph g.node[data-id="${target.id}"]`);
    await page.keyboard.press('Enter');
    assert.equal(await count(`svg.graph g.node.selected[data-id="${target.id}"]`), 1, 'Enter selects the node');
    await tabTo(page, `.details button.expand-${target.direction}`);
    const nodesBefore = (await drawnIds()).length;
    await page.keyboard.press('Enter');
    assert.equal((await drawnIds()).length, nodesBefore + target.count, `the badge's ${target.count} ${target.direction} opened`);
    const afterBadge = await focused(page, `svg.graph g.node[data-id="${target.id}"]`);
    assert.ok(afterBadge.matches, `the focus is back on the node (its button is now "No more"), not on ${afterBadge.what}`);
    // Centre: a button of the details.
    await tabTo(page, '.details button.recentre');
    await page.keyboard.press('Enter');
    assert.ok((await focused(page, '.details button.recentre')).matches);

    // Find: Enter / Shift+Enter step through the matches with a count; Escape empties the box.
    await page.keyboard.press('/');
    await page.keyboard.type('Record');
    const total = Number(/of (\d+)/.exec(await page.textContent('.find-count'))?.[1]);
    assert.ok(total >= 3);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Shift+Enter');
    assert.equal(await page.textContent('.find-count'), `2 of ${total}`);
    await tabTo(page, 'button.find-prev');
    await page.keyboard.press('Enter');
    assert.equal(await page.textContent('.find-count'), `1 of ${total}`);
    await tabTo(page, 'input.search', true);
    await page.keyboard.press('Escape');
    assert.equal(await page.inputValue('input.search'), '');

    // Levels − / + and Fit: toolbar buttons (Tab, Enter); F fits from anywhere but a text box.
    const level = async (): Promise<number> => Number(await page.textContent('.level-value'));
    await tabTo(page, 'button.level-down');
    const l0 = await level();
    await page.keyboard.press('Enter');
    assert.equal(await level(), Math.max(0, l0 - 1), 'one level fewer');
    await tabTo(page, 'button.level-up');
    await page.keyboard.press('Enter');
    assert.equal(await level(), Math.max(0, l0 - 1) + 1, 'one level more');
    await tabTo(page, 'button.fit');
    await page.keyboard.press('f');
    const fitted = await readability(page, false);
    assert.ok((await page.evaluate('document.body.dataset.fits')) === 'true' ? fitted.wholeInView : fitted.inputInView, 'F fits (round the query when too big to read whole)');
    assert.ok(Math.min(...fitted.heights) >= Math.min(EDITOR_PX, smallestNames(EDITOR_PX, model.nodes.length)) - 0.05, 'F never shrinks the names below the editor\'s size (or the opening\'s smaller one)');

    // Legend: an edge type's checkbox (Space) and a node kind's toggle (Enter).
    const type = await page.getAttribute('.legend label[data-type]', 'data-type');
    await tabTo(page, `.legend label[data-type="${type}"] input`);
    await page.keyboard.press('Space');
    assert.equal(await count(`svg.graph g.edge[data-type="${type}"]:not(.hidden)`), 0, `${type} edges hidden`);
    await page.keyboard.press('Space');
    await tabTo(page, '.legend button.kind-toggle');
    await page.keyboard.press('Enter');
    assert.equal(await page.getAttribute('.legend button.kind-toggle', 'aria-pressed'), 'false', 'a node kind switched off');
    await page.keyboard.press('Enter');

    // Exports: SVG and PNG download, Mermaid copies (the browser may refuse the clipboard: it says which).
    // At 700 px they are in the ⋯ menu: Enter opens it, a choice closes it.
    const menu = async (): Promise<void> => {
      if (!(await page.isVisible('button.more-actions'))) return;
      await tabTo(page, 'button.more-actions');
      await page.keyboard.press('Enter');
    };
    for (const format of ['svg', 'png']) {
      await menu();
      await tabTo(page, `button.export-${format}`);
      const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
      assert.match(download.suggestedFilename(), new RegExp(`\\.${format}$`));
    }
    await menu();
    await tabTo(page, 'button.copy-mermaid');
    await page.keyboard.press('Enter');
    // Polled from here: waitForFunction would evaluate a string in the page, which its CSP forbids.
    for (let i = 0; i < 100 && (await page.textContent('button.copy-mermaid')) === 'Mermaid'; i++) await page.waitForTimeout(50);
    assert.notEqual(await page.textContent('button.copy-mermaid'), 'Mermaid', 'the Mermaid button says what it did');
  });
});
