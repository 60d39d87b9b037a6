import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { requireBuilt, runBuiltCli } from '../artifacts/builtArtifacts';
import type { DiagramModel } from '../../src/core/diagram/DiagramTypes';
import { graphViewHtml } from '../../src/webview/graphViewHtml';
import { REPO_ROOT } from '../support/loadFixture';
import { openingProblems } from '../support/readabilityProbe';
import { ARTIFACTS, atRest, Browser, CHROMIUM, EDITOR_PX, FIFTY, loadChromium, modelOf, openPage, Page, readability, realCli, SMALL } from './pageHarness';

/**
 * `npm run test:html`: the page's opening view (the fold and zoom it chooses) from a narrow VS Code
 * panel to a large monitor. Two answers of ~50 nodes: who depends on tRPC's getTRPCErrorFromUnknown
 * (51 nodes, 72 edges over six levels, long names; test/html/fixtures/trpc-dependents.json is its
 * model as the CLI wrote it on tRPC 11.18.0, MIT, without code or call sites) and ra-core's
 * dependents of RaRecord; and two small ones in a panel as narrow as VS Code's beside a text
 * document. Screenshots: out/artifacts/opening-*.png.
 */
const FIXTURE = path.join(REPO_ROOT, 'test', 'html', 'fixtures', 'trpc-dependents.json');
const PAGE_SCRIPT = path.join(REPO_ROOT, 'dist', 'graphView.js');
/** Smallest first. */
const WINDOWS = [
  { width: 1280, height: 800 },
  { width: 1400, height: 900 },
  { width: 1500, height: 950 },
  { width: 1600, height: 1000 },
  { width: 1920, height: 1080 },
  { width: 2560, height: 1440 },
];

/** The drawn nodes, frames and folder names that reach past the drawing's panel (their text). */
const OUTSIDE = `(() => {
  const s = document.querySelector('svg.graph').getBoundingClientRect();
  const out = [];
  for (const g of document.querySelectorAll('svg.graph g.node, svg.graph g.cluster, svg.graph g.folder')) {
    const r = g.getBoundingClientRect();
    if (r.left < s.left - 1 || r.right > s.right + 1 || r.top < s.top - 1 || r.bottom > s.bottom + 1) out.push(g.querySelector('text')?.textContent ?? g.getAttribute('data-id'));
  }
  return out;
})()`;

describe('the opening view: whole in the window, never fewer levels in a larger one, a small answer node by node (CLI page, headless Chromium)', function () {
  this.timeout(300_000);
  let browser: Browser;
  const problems: string[] = [];

  before(async () => {
    requireBuilt(PAGE_SCRIPT);
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    browser = await loadChromium().launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
  });
  after(async () => {
    await browser?.close();
  });
  afterEach(() => {
    assert.deepEqual(problems.splice(0), [], 'console errors');
  });

  /** The page opened at `viewport` and at rest: what it shows first, and after Fit. */
  async function opening(html: string, name: string, viewport: { width: number; height: number }, modelNodes: number): Promise<{ level: number; drawn: number; failures: string[] }> {
    const size = `${viewport.width}x${viewport.height}`;
    const page: Page = await openPage(browser, problems, html, `opening-${name}-${size}`, viewport);
    try {
      await atRest(page);
      await page.screenshot({ path: path.join(ARTIFACTS, `opening-${name}-${size}.png`) });
      const failures: string[] = [];
      const first = await readability(page, false);
      const outside = (await page.evaluate(OUTSIDE)) as string[];
      if (outside.length > 0) failures.push(`${size}, ${first.level} levels open: outside the view at first: ${outside.slice(0, 5).join(', ')}`);
      failures.push(...openingProblems(first, EDITOR_PX, modelNodes).map((p) => `${size} at first: ${p}`));
      // Fit zooms and pans only: the opening stays whole in the view, at the same size.
      await page.click('button.fit');
      const fitted = await readability(page, false);
      if (!fitted.wholeInView) failures.push(`${size}: outside the view after Fit: ${((await page.evaluate(OUTSIDE)) as string[]).slice(0, 5).join(', ')}`);
      failures.push(...openingProblems(fitted, EDITOR_PX, modelNodes).map((p) => `${size} after Fit: ${p}`));
      return { level: first.level, drawn: first.nodes - first.bundles, failures };
    } finally {
      await page.context().close();
    }
  }

  /** Over the windows, smallest first: each opening whole, and neither its levels nor its nodes drawn one by one fewer in a larger one. */
  async function sweep(html: string, name: string, windows: Array<{ width: number; height: number }>, modelNodes: number): Promise<number[]> {
    const seen: string[] = [];
    const levels: number[] = [];
    const drawn: number[] = [];
    const failures: string[] = [];
    for (const viewport of windows) {
      const o = await opening(html, name, viewport, modelNodes);
      seen.push(`${viewport.width}x${viewport.height}: ${o.level} levels, ${o.drawn} nodes one by one`);
      levels.push(o.level);
      drawn.push(o.drawn);
      failures.push(...o.failures);
    }
    assert.deepEqual(failures, [], seen.join('; '));
    assert.ok(levels.every((n, i) => i === 0 || n >= levels[i - 1]), `fewer levels open in a larger window: ${seen.join('; ')}`);
    assert.ok(drawn.every((n, i) => i === 0 || n >= drawn[i - 1]), `fewer nodes drawn one by one in a larger window: ${seen.join('; ')}`);
    return levels;
  }

  // Before the fold search kept only the query's own level below the readable size, and only whole in
  // the view: levels 3, 6, 6, 6, 1, 3, the drawing cut off (mid-name) at 1280 to 1600 px.
  it('tRPC\'s 51 dependents of getTRPCErrorFromUnknown at 1280x800 up to 2560x1440', async () => {
    const model = JSON.parse(fs.readFileSync(FIXTURE, 'utf8')) as DiagramModel;
    const html = graphViewHtml({ mode: 'standalone', model, root: '/trpc' }, { kind: 'inline', code: fs.readFileSync(PAGE_SCRIPT, 'utf8') }, model.title);
    const levels = await sweep(html, 'trpc', WINDOWS, model.nodes.length);
    assert.ok(levels[levels.length - 1] >= 2, `the largest window opens more than the query's own level: ${levels.join(', ')}`);
  });

  // Before: 3 levels at 1280x800 cut off at the side (34 things outside), 1 at 1400x900; at 700x900 its
  // level 1 at the editor's size, cut at the side.
  it('ra-core\'s dependents of RaRecord (50 of 160 nodes) at 700x900 and 1280x800 up to 2560x1440; at 700 px its direct neighbours one by one (issue 43)', async () => {
    const html = realCli([...FIFTY, '--format', 'html']);
    const model = modelOf(html);
    await sweep(html, 'fifty', [{ width: 700, height: 900 }, ...WINDOWS], model.nodes.length);
    const input = model.nodes.find((n) => n.input)!;
    const level1 = new Set(model.edges.flatMap((e) => (e.from === input.id ? [e.to] : e.to === input.id ? [e.from] : [])));
    level1.delete(input.id);
    const page: Page = await openPage(browser, problems, html, 'opening-fifty-700-level1', { width: 700, height: 900 });
    try {
      await atRest(page);
      const drawn = new Set<string>(await page.$$eval('svg.graph g.node:not(.bundle)', (gs: Array<{ getAttribute(n: string): string }>) => gs.map((g) => g.getAttribute('data-id'))));
      const missing = [...level1].filter((id) => !drawn.has(id));
      assert.deepEqual(missing, [], `${missing.length} of ${level1.size} direct neighbours folded`);
    } finally {
      await page.context().close();
    }
  });

  // Before: the fixture's 7 nodes at the editor's size, cut off, at 400x500 and 340x470; folded into
  // two boxes at 300x600. ra-core's 14 nodes cut off at every size here.
  for (const [name, answer] of [
    ['app', () => cli(['--root', path.join(REPO_ROOT, 'test', 'host', 'workspace', 'app'), 'dependenciesOf', 'src/api/handler.ts', 'handleRequest', '--format', 'html'])],
    ['small', () => realCli([...SMALL, '--format', 'html'])],
  ] as const) {
    it(`a small answer (${name}) in a narrow panel (VS Code's beside a text document is about 345x470): every node one by one, whole in the view`, async () => {
      const html = answer();
      const model = modelOf(html);
      assert.ok(model.nodes.length >= 5 && model.nodes.length <= 20, `${model.nodes.length} nodes`);
      const failures: string[] = [];
      for (const viewport of [{ width: 300, height: 600 }, { width: 340, height: 470 }, { width: 400, height: 500 }, { width: 700, height: 900 }]) {
        const o = await opening(html, name, viewport, model.nodes.length);
        if (o.drawn !== model.nodes.length) failures.push(`${viewport.width}x${viewport.height}: ${o.drawn} of ${model.nodes.length} nodes drawn one by one`);
        failures.push(...o.failures);
      }
      assert.deepEqual(failures, []);
    });
  }
});

function cli(args: string[]): string {
  const run = runBuiltCli(args);
  assert.ok(run.code === 0 || run.code === 3, `exit ${run.code}: ${run.stderr}`);
  return run.stdout;
}
