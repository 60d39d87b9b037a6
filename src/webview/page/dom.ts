import type { PageData } from '../messages';

/**
 * The page's fixed elements, made when `mountPage` is called (never on import): the toolbar, the
 * notes, the legend, the fold line, the stage with the drawing and its tooltip, the details.
 */
export interface Elements {
  app: HTMLElement;
  svg: SVGSVGElement;
  tooltip: HTMLDivElement;
  details: HTMLDivElement;
  search: HTMLInputElement;
  /** The details' first text (the hint), shown again when nothing is selected. */
  intro: string;
  $<T extends Element>(selector: string): T;
}

export function mountPage(app: HTMLElement, data: PageData): Elements {
  const hint = `Click a node to see its callers and callees${data.mode === 'vscode' ? ' and open its code' : ''}; click an edge for its call sites; a +N badge or a folded box opens. Drag to pan, wheel to zoom.`;
  // The drawing comes first in the document (CSS puts it below the toolbar): one Tab from the page's
  // start reaches the queried symbol, the toolbar's controls follow the graph's nodes and edges.
  app.innerHTML = `
<div class="stage"><svg class="graph" role="group" tabindex="-1" aria-label="Graph: Tab walks its nodes (the queried symbol first); the arrow keys walk a node's edges; Enter opens or selects"></svg><div class="tooltip" hidden></div><div class="busy"></div></div>
<div class="toolbar">
  <div class="heading"><h1 class="title"></h1><span class="count"></span></div>
  <div class="controls" role="toolbar" aria-label="Graph controls">
    <button class="back" title="Back (Alt+Left)" aria-label="Back" disabled>◀</button>
    <button class="forward" title="Forward (Alt+Right)" aria-label="Forward" disabled>▶</button>
    <span class="find"><input type="search" class="search" placeholder="Find (/)…" aria-label="Find a node by name"><button class="find-prev" title="Previous match (Shift+Enter)" aria-label="Previous match">↑</button><button class="find-next" title="Next match (Enter)" aria-label="Next match">↓</button><span class="find-count" aria-live="polite"></span></span>
    <span class="levels" title="Levels around the queried symbol drawn node by node; farther ones are folded"><span class="levels-word">Levels </span><button class="level-down" aria-label="One level fewer">−</button><span class="level-value">0</span><button class="level-up" aria-label="One level more">+</button></span>
    <button class="fit" title="Show the whole drawing, names never smaller than the editor's (F)">Fit</button>
    <button class="zoom-in" title="Zoom in (+)" aria-label="Zoom in">+</button>
    <button class="zoom-out" title="Zoom out (−)" aria-label="Zoom out">−</button>
    <button class="more-actions" title="Save as SVG or PNG, copy as Mermaid" aria-label="More actions" aria-haspopup="true" aria-expanded="false">⋯</button>
    <span class="actions" role="group" aria-label="Save and copy">
      <button class="export-svg" title="Save what is drawn as SVG">SVG</button>
      <button class="export-png" title="Save what is drawn as PNG">PNG</button>
      <button class="copy-mermaid" title="Copy the graph as a Mermaid flowchart">Mermaid</button>
    </span>
  </div>
</div>
<div class="notes" hidden><span class="notes-text"></span><button class="notes-more" aria-expanded="false" title="Show the whole note">more</button><button class="notes-close" title="Hide this note (it comes back when the answer's notes change)" aria-label="Hide note">×</button></div>
<div class="legend"></div>
<div class="fold-status" aria-live="polite"></div>
<div class="details" aria-live="polite"><span class="where hint" title="${hint}">${hint}</span></div>`;
  const $ = <T extends Element>(selector: string): T => app.querySelector(selector) as T;
  const details = $<HTMLDivElement>('.details');
  return { app, svg: $<SVGSVGElement>('svg.graph'), tooltip: $<HTMLDivElement>('.tooltip'), details, search: $<HTMLInputElement>('.search'), intro: details.innerHTML, $ };
}

/** Text width at the node names' size, in the page's font (a canvas measures; none: an estimate). */
export function textMeasure(): (text: string) => number {
  const canvas = document.createElement('canvas').getContext('2d');
  return (text: string): number => {
    if (!canvas) return text.length * 7;
    canvas.font = `12px ${getComputedStyle(document.body).fontFamily}`;
    return canvas.measureText(text).width;
  };
}

export function fileUrl(root: string | undefined, file: string): string {
  return `file://${(root ?? '').replace(/\\/g, '/').replace(/^(?!\/)/, '/')}/${file}`;
}
