import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { requireBuilt } from '../artifacts/builtArtifacts';
import type { DiagramModel } from '../../src/core/diagram/DiagramTypes';
import { graphViewHtml } from '../../src/webview/graphViewHtml';
import { REPO_ROOT } from '../support/loadFixture';
import { ARTIFACTS, atRest, Browser, CHROMIUM, EDITOR_PX, loadChromium, openPage, Page, readability } from './pageHarness';

/**
 * `npm run test:html`: the page's opening view at window sizes from a laptop's to a large monitor's,
 * on an answer with many dependents over six levels whose names are long (who depends on tRPC's
 * getTRPCErrorFromUnknown: 51 nodes, 72 edges; test/html/fixtures/trpc-dependents.json is that
 * answer's model as the CLI wrote it on tRPC 11.18.0, MIT, without code or call sites). The page
 * opened it cut off at 1280 to 1600 px (3, then all 6 levels, the far column cut mid-name, Fit
 * unable to show it), one level at 1920 and three at 2560. Screenshots: out/artifacts/opening-*.png.
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

describe('the opening view fits the window, with more levels in a larger one (CLI page, headless Chromium)', function () {
  this.timeout(300_000);
  let browser: Browser;
  let html: string;
  const problems: string[] = [];

  before(async () => {
    requireBuilt(PAGE_SCRIPT);
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    const model = JSON.parse(fs.readFileSync(FIXTURE, 'utf8')) as DiagramModel;
    html = graphViewHtml({ mode: 'standalone', model, root: '/trpc' }, { kind: 'inline', code: fs.readFileSync(PAGE_SCRIPT, 'utf8') }, model.title);
    browser = await loadChromium().launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
  });
  after(async () => {
    await browser?.close();
  });
  afterEach(() => {
    assert.deepEqual(problems.splice(0), [], 'console errors');
  });

  it('at 1280x800 up to 2560x1440: all of the drawing in view, names at the editor\'s size, Fit keeps it so; the levels opened never fewer in a larger window', async function () {
    const levels: string[] = [];
    const failures: string[] = [];
    for (const viewport of WINDOWS) {
      const size = `${viewport.width}x${viewport.height}`;
      const page: Page = await openPage(browser, problems, html, `opening-${size}`, viewport);
      await atRest(page);
      await page.screenshot({ path: path.join(ARTIFACTS, `opening-${size}.png`) });
      const level = Number(await page.textContent('.level-value'));
      levels.push(`${size}: ${level}`);
      const first = await readability(page, false);
      if (!first.wholeInView) failures.push(`${size}, ${level} levels open: outside the view at first: ${((await page.evaluate(OUTSIDE)) as string[]).slice(0, 5).join(', ')}`);
      if (!first.inputInView) failures.push(`${size}: the queried symbol is not in view`);
      if (Math.min(...first.heights) < EDITOR_PX - 0.05) failures.push(`${size}: names ${Math.min(...first.heights).toFixed(1)} px high`);
      // Fit zooms and pans only: the drawing stays whole in view, at the editor's size.
      await page.click('button.fit');
      const fitted = await readability(page, false);
      if (!fitted.wholeInView) failures.push(`${size}: outside the view after Fit: ${((await page.evaluate(OUTSIDE)) as string[]).slice(0, 5).join(', ')}`);
      if (Math.min(...fitted.heights) < EDITOR_PX - 0.05) failures.push(`${size}: after Fit names ${Math.min(...fitted.heights).toFixed(1)} px high`);
      await page.context().close();
    }
    assert.deepEqual(failures, [], `levels opened: ${levels.join(', ')}`);
    const opened = levels.map((l) => Number(l.split(': ')[1]));
    assert.ok(opened.every((n, i) => i === 0 || n >= opened[i - 1]), `fewer levels open in a larger window: ${levels.join(', ')}`);
    assert.ok(opened[opened.length - 1] >= 1, `the largest window opens the query's own level at least: ${levels.join(', ')}`);
  });
});
