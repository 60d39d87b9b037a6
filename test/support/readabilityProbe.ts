/** What a graph page shows a person: the pixel height of each node name, whether the queried symbol and the whole drawing are in view. */
export interface Readable {
  heights: number[];
  inputInView: boolean;
  wholeInView: boolean;
  /** The page's redraw counter (body[data-ready]). */
  ready: number;
  nodes: number;
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
    ready: Number(document.body.dataset.ready || 0), nodes: document.querySelectorAll('svg.graph g.node').length };
})()`;
}
