import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { BUILT_CLI, requireBuilt } from '../artifacts/builtArtifacts';
import { ARTIFACTS, Browser, CHROMIUM, loadChromium, openPage, Page, settled, SIZES } from './pageHarness';

/**
 * `npm run test:html`, issue 43's clutter: a fan of same-type edges out of (or into) one node into
 * one column says its type once; no edge line crosses a file's or folder's name; the first layout
 * of the 1,000+ node answer draws few long curves. On the CLI's page with the real answers, at first
 * and after opening folded boxes one by one. Screenshots go to out/artifacts/edges-*.png.
 */

/**
 * Labels shown more than once for one fan: per node, per side, per column of the other ends (their
 * screen position in 40 px bands, across the ranks' axis), per types named, the labels shown.
 */
const LABEL_REPEATS = `(() => {
  const box = (id) => document.querySelector('svg.graph g.node[data-id="' + CSS.escape(id) + '"] .shape')?.getBoundingClientRect();
  const groups = new Map();
  for (const g of document.querySelectorAll('svg.graph g.edge')) {
    const t = g.querySelector('text.edge-label:not(.crowded)');
    if (!t || getComputedStyle(t).display === 'none') continue;
    // The types the label names ('CALLS ×3': CALLS; 'CALLS · TAKES'; '7 edges': the edge's own).
    const said = t.textContent.replace(/ ×\\d+$/, '');
    const types = /^\\d+ edges$/.test(said) ? g.getAttribute('data-types').split(' ').sort().join(' · ') : said.split(' · ').sort().join(' · ');
    for (const [end, other] of [['data-from', 'data-to'], ['data-to', 'data-from']]) {
      const o = box(g.getAttribute(other));
      if (!o) continue;
      const band = document.body.dataset.rankdir === 'TB' ? o.top : o.left;
      const key = end + ' ' + g.getAttribute(end) + ' ' + types + ' ' + Math.round(band / 40);
      (groups.get(key) ?? groups.set(key, []).get(key)).push(t.textContent);
    }
  }
  return [...groups].filter(([, l]) => l.length > 1).map(([k, l]) => k + ': ' + l.join(', '));
})()`;

/** Edges whose line (sampled every 2 px along its length) passes inside a file's or folder's name. */
const EDGES_OVER_NAMES = `(() => {
  const names = [...document.querySelectorAll('svg.graph text.cluster-label, svg.graph text.folder-label')].map((t) => [t.textContent, t.getBoundingClientRect()]);
  const out = [];
  for (const g of document.querySelectorAll('svg.graph g.edge')) {
    const path = g.querySelector('path.line');
    const m = path.getScreenCTM();
    const length = path.getTotalLength();
    for (let at = 0; at <= length; at += 2) {
      const q = path.getPointAtLength(at);
      const p = { x: m.a * q.x + m.c * q.y + m.e, y: m.b * q.x + m.d * q.y + m.f };
      const hit = names.find(([, r]) => p.x > r.left + 0.5 && p.x < r.right - 0.5 && p.y > r.top + 0.5 && p.y < r.bottom - 0.5);
      if (hit) { out.push(g.getAttribute('data-from') + ' -> ' + g.getAttribute('data-to') + ' over ' + hit[0]); break; }
    }
  }
  return out;
})()`;

/**
 * The edges, how many of them are long curves (a curve piece that climbs or falls more than 120 px
 * of the drawing: a trunk's rounded corners are not), and how many pairs of edges without a common
 * end cross (their paths sampled at 25 points each).
 */
const CURVES = `(() => {
  let long = 0, edges = 0;
  const polys = [];
  for (const g of document.querySelectorAll('svg.graph g.edge')) {
    edges++;
    const path = g.querySelector('path.line');
    const d = path.getAttribute('d');
    const nums = (d.match(/-?[\\d.]+(?:e-?\\d+)?/g) || []).map(Number);
    // Walk the commands: a C whose ends are far apart vertically is a long curve.
    const re = /([MLC])([^MLC]*)/g;
    let m, at = [0, 0], isLong = false;
    while ((m = re.exec(d))) {
      const v = (m[2].match(/-?[\\d.]+(?:e-?\\d+)?/g) || []).map(Number);
      const end = [v[v.length - 2], v[v.length - 1]];
      if (m[1] === 'C' && Math.abs(end[1] - at[1]) > 120) isLong = true;
      at = end;
    }
    if (isLong) long++;
    const length = path.getTotalLength();
    const pts = [];
    for (let s = 0; s <= 24; s++) { const q = path.getPointAtLength((length * s) / 24); pts.push([q.x, q.y]); }
    polys.push({ pts, ends: [g.getAttribute('data-from'), g.getAttribute('data-to')] });
  }
  const cross = (a, b, c, d) => {
    const o = (p, q, r) => Math.sign((q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]));
    return o(a, b, c) * o(a, b, d) < 0 && o(c, d, a) * o(c, d, b) < 0;
  };
  let crossings = 0;
  for (let i = 0; i < polys.length; i++) for (let j = i + 1; j < polys.length; j++) {
    const [p, q] = [polys[i], polys[j]];
    if (p.ends.some((e) => q.ends.includes(e))) continue;
    let hit = false;
    for (let a = 1; a < p.pts.length && !hit; a++) for (let b = 1; b < q.pts.length && !hit; b++) if (cross(p.pts[a - 1], p.pts[a], q.pts[b - 1], q.pts[b])) hit = true;
    if (hit) crossings++;
  }
  return { edges, long, crossings };
})()`;

/** The whole drawing scaled into the view (for a screenshot of all of it; the page's own zoom stops at a readable size). */
const WHOLE = `(() => {
  const svg = document.querySelector('svg.graph');
  const g = svg.querySelector('g.viewport');
  const b = g.getBBox();
  const s = svg.getBoundingClientRect();
  const k = Math.min(s.width / (b.x + b.width), s.height / (b.y + b.height));
  g.setAttribute('transform', 'scale(' + k + ')');
  return k;
})()`;

/** Edges whose accessible name does not name each of their types (an unlabelled edge of a fan tells its type there, in its tooltip and its colour). */
const TYPES_UNNAMED = `(() => [...document.querySelectorAll('svg.graph g.edge')]
  .filter((g) => g.getAttribute('data-types').split(' ').some((t) => !g.getAttribute('aria-label').includes(t)))
  .map((g) => g.getAttribute('aria-label')))()`;

interface Seen {
  edges: number;
  long: number;
  crossings: number;
  repeats: string[];
  over: string[];
  unnamed: string[];
}

describe('graph view edges: one label per fan, no line over a name, few long curves (issue 43), in headless Chromium', function () {
  this.timeout(900_000);
  let browser: Browser;
  const problems: string[] = [];
  /** `<size>-<width> first|opened` → what the page showed. */
  const seen = new Map<string, Seen>();
  const CASES = [
    { size: 'small', viewport: { width: 700, height: 900 } },
    { size: 'fifty', viewport: { width: 1400, height: 900 } },
    { size: 'fifty', viewport: { width: 700, height: 900 } },
    { size: 'thousand', viewport: { width: 1400, height: 900 } },
    { size: 'thousand', viewport: { width: 700, height: 900 } },
    // Where its opening has two levels open (at 700 px it opens the query's own level, whole: 23 edges).
    { size: 'thousand', viewport: { width: 1920, height: 1080 } },
  ];

  const open = (html: string, name: string, viewport: { width: number; height: number }): Promise<Page> => openPage(browser, problems, html, name, viewport);

  async function look(page: Page): Promise<Seen> {
    await settled(page);
    const curves = (await page.evaluate(CURVES)) as { edges: number; long: number; crossings: number };
    return { ...curves, repeats: await page.evaluate(LABEL_REPEATS), over: await page.evaluate(EDGES_OVER_NAMES), unnamed: await page.evaluate(TYPES_UNNAMED) };
  }

  // Each page is looked at once (the 1,000+ answer is slow to draw): at first, and after opening up to 8 folded boxes one by one.
  before(async () => {
    requireBuilt(BUILT_CLI);
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    browser = await loadChromium().launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
    for (const c of CASES) {
      const name = `edges-${c.size}-${c.viewport.width}`;
      const page = await open(await SIZES.find((s) => s.name === c.size)!.html(), name, c.viewport);
      seen.set(`${name} first`, await look(page));
      await page.screenshot({ path: path.join(ARTIFACTS, `${name}-first.png`) });
      await page.evaluate(WHOLE);
      await page.screenshot({ path: path.join(ARTIFACTS, `${name}-first-whole.png`) });
      await page.click('button.fit');
      for (let step = 0; step < 8; step++) {
        const box = await page.evaluate('document.querySelector("svg.graph g.node.bundle")?.getAttribute("data-id") ?? null');
        if (box === null) break;
        await page.focus(`svg.graph g.node[data-id=${JSON.stringify(box)}]`);
        await page.keyboard.press('Enter');
        await settled(page);
      }
      seen.set(`${name} opened`, await look(page));
      await page.screenshot({ path: path.join(ARTIFACTS, `${name}-opened.png`) });
      await page.evaluate(WHOLE);
      await page.screenshot({ path: path.join(ARTIFACTS, `${name}-opened-whole.png`) });
      await page.context().close();
    }
    fs.writeFileSync(path.join(ARTIFACTS, 'edges-seen.json'), JSON.stringify(Object.fromEntries(seen), null, 1));
  });
  after(async () => {
    await browser?.close();
  });
  afterEach(() => {
    assert.deepEqual(problems.splice(0), [], 'console errors or network requests');
  });

  it('a fan of same-type edges out of (or into) one node into one column is labelled once, and every edge still names its types', () => {
    for (const [key, s] of seen) {
      // After openings a fan may keep a second label where both its labelled edges are the one label of another fan: at most 1 in 100 edges.
      const allowed = key.endsWith('first') ? 0 : Math.floor(s.edges / 100);
      assert.ok(s.repeats.length <= allowed, `${key}: ${s.repeats.length} fans labelled more than once (of ${s.edges} edges): ${s.repeats.slice(0, 5).join('; ')}`);
      assert.deepEqual(s.unnamed, [], `${key}: edges whose name leaves out a type`);
    }
  });

  it('no edge line passes over a file\'s or a folder\'s name, at first and after openings', () => {
    for (const [key, s] of seen) assert.deepEqual(s.over, [], `${key}: ${s.over.length} edges over a name`);
  });

  // Its two levels were first drawn at 700 px, cut off at the side (14 long curves and 197 crossings of 57
  // edges, then 5 and 178 in one column per rank); they open whole at 1920x1080 now, each tall rank in two
  // columns: 8 long curves and 98 crossings of 55 edges (the same layout before the opening changed).
  it('the first layout of the 1,000+ node answer with two levels open: few long curves and crossings', () => {
    const levels = seen.get('edges-thousand-1920 first')!;
    assert.ok(levels.edges >= 50, `${levels.edges} edges drawn`);
    assert.ok(levels.long <= 8, `${levels.long} long curves of ${levels.edges} edges`);
    assert.ok(levels.crossings <= 190, `${levels.crossings} crossings`);
    const wide = seen.get('edges-thousand-1400 first')!;
    assert.ok(wide.long <= 2, `${wide.long} long curves of ${wide.edges} edges at 1400 px`);
  });
});
