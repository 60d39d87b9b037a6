import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { pathToFileURL } from 'url';
import { runBuiltCli, startBuiltWorker } from '../artifacts/builtArtifacts';
import { graphViewHtml } from '../../src/webview/graphViewHtml';
import { REPO_ROOT } from '../support/loadFixture';
import { ensureRealWorkspace } from '../support/realWorkspace';
import { Readable, readabilityProbe } from '../support/readabilityProbe';

/**
 * What the graph page's Chromium suites share (test/html): the browser, the answers of the real
 * workspace at the three sizes the issues name (each computed once per run), and what a page shows.
 */
export const ARTIFACTS = path.join(REPO_ROOT, 'out', 'artifacts');
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
/** The editor's font size the CLI's page uses (VS Code's default --vscode-font-size): no node name is drawn smaller. */
export const EDITOR_PX = 13;

/* eslint-disable @typescript-eslint/no-explicit-any -- playwright-core is loaded from test/host at run time, untyped here */
export type Page = any;
export type Browser = any;

export interface ModelNode {
  id: string;
  name: string;
  label: string;
  file: string;
  offset: number;
  input?: boolean;
}

export function loadChromium(): { launch(options: unknown): Promise<Browser> } {
  let resolved: string;
  try {
    resolved = require.resolve('playwright-core', { paths: [path.join(REPO_ROOT, 'test', 'host')] });
  } catch {
    throw new Error('playwright-core is missing from test/host/node_modules: run `bash test/host/setup.sh` once.');
  }
  if (!fs.existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: run \`bash test/host/setup.sh\` once (or set CHROMIUM_PATH).`);
  return (require(resolved) as { chromium: { launch(options: unknown): Promise<Browser> } }).chromium;
}

/** The answer's model as the page got it (from the file's graph-data script). */
export function modelOf(html: string): { nodes: ModelNode[]; edges: Array<{ from: string; to: string; type: string; sites?: Array<{ line: number; text: string }> }>; notes: string[]; reserve?: { nodes: ModelNode[] } } {
  const m = /<script id="graph-data" type="application\/json">([\s\S]*?)<\/script>/.exec(html);
  return (JSON.parse(m![1]) as { model: ReturnType<typeof modelOf> }).model;
}

/** Pixel heights of the node names drawn (in view only, or all), and whether the queried symbol is in view. */
export async function readability(page: Page, inViewOnly: boolean): Promise<Readable> {
  // Names at rest: a node growing into place is drawn smaller for ~200 ms.
  await settled(page);
  return page.evaluate(readabilityProbe(inViewOnly)) as Promise<Readable>;
}

/**
 * The three sizes the issues name, from a real workspace: ra-core 5.4.0 with its sources, fetched
 * from npm into .cache/real-workspaces (test/support/realWorkspace.ts).
 */
let realRoot: string | undefined;
export function real(): string {
  realRoot ??= ensureRealWorkspace().root;
  return realRoot;
}
/** The CLI on the real workspace indexes 483 files each run (no persisted graph in tests): each answer once. */
const realAnswers = new Map<string, string>();
export function realCli(args: string[]): string {
  const key = args.join('\0');
  if (!realAnswers.has(key)) {
    const run = runBuiltCli(['--root', real(), ...args]);
    assert.ok(run.code === 0 || run.code === 3, `exit ${run.code}: ${run.stderr}`);
    realAnswers.set(key, run.stdout);
  }
  return realAnswers.get(key)!;
}
export const SMALL = ['dependenciesOf', 'src/core/useGetRecordRepresentation.ts', 'useGetRecordRepresentation'];
export const FIFTY = ['dependentsOf', 'src/types.ts', 'RaRecord'];
export const SIZES: Array<{ name: string; html: () => Promise<string>; min: number; max: number }> = [
  { name: 'small', min: 10, max: 20, html: async () => realCli([...SMALL, '--format', 'html']) },
  { name: 'fifty', min: 50, max: 51, html: async () => realCli([...FIFTY, '--format', 'html']) },
  { name: 'thousand', min: 1000, max: Infinity, html: () => largeAnswerHtml() },
];

let large: string | undefined;
/**
 * 1,000+ nodes: what the VS Code view shows after a person opens badges (no single answer has more
 * than 51), computed by the built graph worker over the real workspace exactly as the extension asks
 * for it, and drawn by the same page in its standalone form. The person here opens, again and again,
 * the biggest badge not opened yet (all its levels), from "dependents of RaRecord" on.
 */
export async function largeAnswerHtml(): Promise<string> {
  if (large) return large;
  const worker = startBuiltWorker();
  try {
    await worker.request('open', { folder: { key: 'k', name: 'ra-core', root: real() } });
    const args = { query: FIFTY[0], file_path: FIFTY[1], symbol: FIFTY[2] };
    type Answer = { model: { title: string; nodes: Array<{ id: string; more: Record<'dependents' | 'dependencies', number> }> } };
    const expansions: Array<{ id: string; direction: string; depth: number }> = [];
    let answer = await worker.request<Answer>('diagram', { args, expansions });
    while (answer.model.nodes.length < 1000) {
      let best: { id: string; direction: string; count: number } | undefined;
      for (const n of answer.model.nodes) {
        for (const d of ['dependents', 'dependencies'] as const) {
          if (n.more[d] > (best?.count ?? 0) && !expansions.some((e) => e.id === n.id && e.direction === d)) best = { id: n.id, direction: d, count: n.more[d] };
        }
      }
      assert.ok(best, `no badge left to open at ${answer.model.nodes.length} nodes`);
      expansions.push({ id: best.id, direction: best.direction, depth: 30 });
      answer = await worker.request<Answer>('diagram', { args, expansions });
    }
    const code = fs.readFileSync(path.join(REPO_ROOT, 'dist', 'graphView.js'), 'utf8');
    large = graphViewHtml({ mode: 'standalone', model: answer.model as never, root: real() }, { kind: 'inline', code }, answer.model.title);
    return large;
  } finally {
    await worker.terminate();
  }
}

/**
 * Waits until every animation on the page has ended (an opening grows its new nodes into place over
 * ~200 ms): what a test measures after a step is the picture at rest. One evaluation awaiting the
 * animations' own `finished` promises, no polling (a cancelled animation counts as ended).
 */
export async function settled(page: Page): Promise<void> {
  await page.evaluate('Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))).then(() => true)');
}

/** The page at rest: its animations done and no redraw for 300 ms (a resize redraws 120 ms after it). Returns how many drawings it made. */
export async function atRest(page: Page): Promise<number> {
  await settled(page);
  for (let drawn = await page.evaluate('document.body.dataset.drawn'); ; ) {
    await page.waitForTimeout(300);
    const now = await page.evaluate('document.body.dataset.drawn');
    if (now === drawn) return Number(now);
    drawn = now;
  }
}

/**
 * Writes `html` as `out/artifacts/<name>.html` (kept for a look after the run), opens it in a new
 * light-themed context of `browser` at `viewport`, and waits for the page's `data-ready`; console
 * errors and page errors go to `problems`.
 */
export async function openPage(browser: Browser, problems: string[], html: string, name: string, viewport: { width: number; height: number }, options: { bypassCSP?: boolean; reducedMotion?: 'reduce' | 'no-preference' } = {}): Promise<Page> {
  const file = path.join(ARTIFACTS, `${name}.html`);
  fs.writeFileSync(file, html);
  const context = await browser.newContext({ viewport, colorScheme: 'light', acceptDownloads: true, bypassCSP: !!options.bypassCSP, reducedMotion: options.reducedMotion ?? 'no-preference' });
  const page = await context.newPage();
  page.on('console', (m: any) => m.type() === 'error' && problems.push(`console: ${m.text()}`));
  page.on('pageerror', (e: Error) => problems.push(`pageerror: ${e.message}`));
  await page.goto(pathToFileURL(file).href);
  await page.waitForSelector('body[data-ready]');
  return page;
}
