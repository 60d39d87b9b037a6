import { LEVEL_ONE_SLACK, WHOLE_UP_TO } from '../../src/webview/page/layout/choose';

/** What a graph page shows a person: the pixel height of each node name, whether the queried symbol and the whole drawing are in view. */
export interface Readable {
  heights: number[];
  inputInView: boolean;
  wholeInView: boolean;
  /** The page's redraw counter (body[data-ready]). */
  ready: number;
  nodes: number;
  /** Folded boxes drawn, and the levels around the query drawn one by one (the Levels control). */
  bundles: number;
  level: number;
}

/**
 * The smallest name height (px) the page may show an answer of `modelNodes` nodes at after Fit, its
 * opening or what the person grew from it: the editor's size, or the smaller one an opening drawn
 * whole allows (a small answer any, the query's own level LEVEL_ONE_SLACK of it). Mirrors layout/choose.ts.
 */
export function smallestNames(editorPx: number, modelNodes: number): number {
  return modelNodes <= WHOLE_UP_TO ? 0 : editorPx * LEVEL_ONE_SLACK;
}

/**
 * What the graph view's opening (and Fit on it) must show, as broken rules (none: it does): names at
 * the editor's size (`editorPx`), or smaller only where the page draws the opening whole in the view
 * rather than fold it: a small answer (up to WHOLE_UP_TO nodes, `modelNodes`) drawn node by node, or
 * the query's own level at LEVEL_ONE_SLACK of the editor's size at least. Mirrors layout/choose.ts.
 */
export function openingProblems(r: Readable, editorPx: number, modelNodes: number): string[] {
  const least = Math.min(...r.heights);
  const out: string[] = [];
  if (!r.inputInView) out.push('the queried symbol is not in view');
  if (least >= editorPx - 0.05) return out;
  const names = `names ${least.toFixed(1)} px high, under the editor's ${editorPx}`;
  if (modelNodes <= WHOLE_UP_TO) {
    if (r.bundles > 0) out.push(`${names}, yet ${r.bundles} folded boxes in a small answer`);
  } else if (r.level !== 1) out.push(`${names} with ${r.level} levels open (only the query's own level is shown smaller)`);
  else if (least < editorPx * LEVEL_ONE_SLACK - 0.05) out.push(`${names}: the query's own level is shown at ${LEVEL_ONE_SLACK * 100} % of it at least`);
  if (!r.wholeInView) out.push(`${names}, and not whole in the view`);
  return out;
}

/**
 * A script for the graph page (the CLI's html in Chromium, or the webview through the host bridge)
 * that measures a `Readable`: names in view only, or all of them.
 */
export function readabilityProbe(inViewOnly: boolean): string {
  return `(() => {
  const s = document.querySelector('svg.graph').getBoundingClientRect();
  const inView = (r) => r.left >= s.left - 1 && r.right <= s.right + 1 && r.top >= s.top - 1 && r.bottom <= s.bottom + 1;
  const meets = (r) => r.right > s.left && r.left < s.right && r.bottom > s.top && r.top < s.bottom;
  const heights = [];
  for (const t of document.querySelectorAll('svg.graph g.node text.label')) {
    if (${inViewOnly} && !meets(t.getBoundingClientRect())) continue;
    heights.push(t.getScreenCTM().a * parseFloat(getComputedStyle(t).fontSize));
  }
  const input = document.querySelector('svg.graph g.node.input');
  return { heights, inputInView: !!input && inView(input.getBoundingClientRect()), wholeInView: inView(document.querySelector('svg.graph g.viewport').getBoundingClientRect()),
    ready: Number(document.body.dataset.ready || 0), nodes: document.querySelectorAll('svg.graph g.node').length,
    bundles: document.querySelectorAll('svg.graph g.node.bundle').length, level: Number(document.querySelector('.level-value')?.textContent ?? -1) };
})()`;
}
