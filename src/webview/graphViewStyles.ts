/** One colour per edge type; the legend swatches use the same classes. */
export const EDGE_COLOURS: Record<string, string> = {
  CALLS: 'var(--vscode-charts-blue)',
  REFERENCES: 'var(--vscode-charts-purple)',
  INCLUDES: 'var(--vscode-charts-green)',
  EXTENDS: 'var(--vscode-charts-orange)',
  IMPLEMENTS: 'var(--vscode-charts-yellow)',
  OVERRIDES: 'var(--vscode-charts-red)',
  TAKES: 'var(--vscode-charts-foreground)',
  RETURNS: 'var(--vscode-charts-foreground)',
  HAS_TYPE: 'var(--vscode-charts-foreground)',
  HAS_PROPERTY: 'var(--vscode-charts-foreground)',
  DERIVES_FROM: 'var(--vscode-charts-foreground)',
  ALIAS_FOR: 'var(--vscode-charts-foreground)',
};

/**
 * The graph view's stylesheet. Colours come from VS Code's theme variables (a webview gets them on
 * <html>, which beats these :root defaults), so dark, light and high-contrast themes all apply; the
 * defaults make the CLI's standalone file follow the browser's light or dark preference.
 */
export const GRAPH_VIEW_CSS = `
:root {
  --vscode-font-family: system-ui, -apple-system, "Segoe UI", Ubuntu, sans-serif;
  --vscode-font-size: 13px;
  --vscode-editor-font-family: ui-monospace, "SF Mono", Menlo, Consolas, "DejaVu Sans Mono", monospace;
  --vscode-editor-background: #ffffff;
  --vscode-editor-foreground: #1f1f1f;
  --vscode-descriptionForeground: #616161;
  --vscode-editorWidget-background: #f8f8f8;
  --vscode-editorWidget-border: #c8c8c8;
  --vscode-focusBorder: #005fb8;
  --vscode-button-background: #005fb8;
  --vscode-button-foreground: #ffffff;
  --vscode-input-background: #ffffff;
  --vscode-input-foreground: #1f1f1f;
  --vscode-input-border: #c8c8c8;
  --vscode-editorWarning-foreground: #9a6700;
  --vscode-charts-blue: #1a85ff;
  --vscode-charts-purple: #8f4fd6;
  --vscode-charts-orange: #d18616;
  --vscode-charts-green: #388a34;
  --vscode-charts-yellow: #b89500;
  --vscode-charts-red: #e51400;
  --vscode-charts-foreground: #616161;
  --vscode-editor-findMatchHighlightBackground: rgba(234, 92, 0, 0.33);
}
@media (prefers-color-scheme: dark) {
  :root {
    --vscode-editor-background: #1f1f1f;
    --vscode-editor-foreground: #cccccc;
    --vscode-descriptionForeground: #9d9d9d;
    --vscode-editorWidget-background: #202020;
    --vscode-editorWidget-border: #454545;
    --vscode-focusBorder: #0078d4;
    --vscode-button-background: #0078d4;
    --vscode-input-background: #313131;
    --vscode-input-foreground: #cccccc;
    --vscode-input-border: #3c3c3c;
    --vscode-editorWarning-foreground: #cca700;
    --vscode-charts-blue: #3794ff;
    --vscode-charts-purple: #b180d7;
    --vscode-charts-orange: #d18616;
    --vscode-charts-green: #89d185;
    --vscode-charts-yellow: #cca700;
    --vscode-charts-red: #f14c4c;
    --vscode-charts-foreground: #cccccc;
  }
}
* { box-sizing: border-box; }
/* padding: a webview's default style pads the body 20 px each side, a tenth of a narrow column. */
html, body { margin: 0; padding: 0; height: 100%; overflow: hidden; }
body {
  background: var(--vscode-editor-background);
  color: var(--vscode-editor-foreground);
  font-family: var(--vscode-font-family);
  font-size: var(--vscode-font-size);
}
#app { display: flex; flex-direction: column; height: 100%; }
/* The stage is first in the document (Tab reaches the graph at once) and drawn under the chrome above it. */
#app > .toolbar { order: 1; } #app > .notes { order: 2; } #app > .legend { order: 3; } #app > .fold-status { order: 4; }
#app > .stage { order: 5; } #app > .details { order: 6; }
.toolbar { display: flex; flex-wrap: wrap; gap: 4px 10px; align-items: center; padding: 4px 8px;
  border-bottom: 1px solid var(--vscode-editorWidget-border); }
.toolbar .heading { display: flex; align-items: baseline; gap: 8px; min-width: 0; flex: 1 1 16em; }
.toolbar h1 { font-size: 1.1em; margin: 0; font-weight: 600; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.toolbar .count { color: var(--vscode-descriptionForeground); white-space: nowrap; }
/* One row of controls however narrow the panel: it scrolls sideways instead of wrapping to four rows. */
.toolbar .controls { display: flex; gap: 4px; align-items: center; flex-wrap: nowrap; overflow-x: auto; max-width: 100%; }
.toolbar .controls > * { flex: none; }
.find, .levels { display: inline-flex; align-items: center; gap: 2px; }
.find-count { color: var(--vscode-descriptionForeground); min-width: 5em; padding-left: 4px; }
.level-value { min-width: 1.5em; text-align: center; }
.fold-status { padding: 2px 8px; color: var(--vscode-descriptionForeground); min-height: 1.6em; flex: none; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.fold-status button { padding: 0 6px; }
button { background: var(--vscode-button-background); color: var(--vscode-button-foreground); border: none;
  padding: 3px 9px; border-radius: 2px; cursor: pointer; font: inherit; }
button:disabled { opacity: 0.5; cursor: default; }
button:focus-visible, input:focus-visible { outline: 1px solid var(--vscode-focusBorder); outline-offset: 1px; }
input[type=search] { background: var(--vscode-input-background); color: var(--vscode-input-foreground);
  border: 1px solid var(--vscode-input-border); padding: 3px 6px; font: inherit; width: 11em; }
select { background: var(--vscode-input-background); color: var(--vscode-input-foreground); border: 1px solid var(--vscode-input-border); font: inherit; }
button.link { background: none; color: var(--vscode-charts-blue); padding: 0 4px; text-decoration: underline; }
.details .neighbours { display: inline-flex; flex-wrap: wrap; align-items: center; gap: 2px; }
.details .said { flex-basis: 100%; }
.details .sites { flex-basis: 100%; margin: 2px 0; padding-left: 18px; max-height: 9em; overflow: auto; }
.details .sites code { font-family: var(--vscode-editor-font-family); font-size: 12px; }
.details .sites a, .details .sites button.site { font-family: var(--vscode-editor-font-family); font-size: 12px; }
/* The note's text in the editor's colour (the warning colour is 3.1:1 on a light theme), marked by a warning-coloured bar. */
.notes { display: flex; gap: 8px; align-items: flex-start; padding: 4px 8px; color: var(--vscode-editor-foreground);
  border-left: 3px solid var(--vscode-editorWarning-foreground); }
.notes[hidden] { display: none; }
.notes-text { flex: 1; white-space: pre-wrap; }
.notes-close { flex: none; }
.legend { display: flex; flex-wrap: wrap; gap: 4px 12px; padding: 4px 8px; color: var(--vscode-descriptionForeground);
  max-height: 5.5em; overflow-y: auto; flex: none; }
.legend label { display: inline-flex; align-items: center; gap: 4px; cursor: pointer; }
.legend svg { overflow: visible; }
.legend .groups { display: inline-flex; flex-wrap: wrap; gap: 4px 10px; margin-left: 12px; }
.legend .kind-toggle { background: none; padding: 0 2px; }
.legend .kind-toggle.off { opacity: 0.45; text-decoration: line-through; }
.stage { position: relative; flex: 1; min-height: 0; }
svg.graph { width: 100%; height: 100%; display: block; cursor: grab; user-select: none; }
svg.graph.panning { cursor: grabbing; }
.message { padding: 24px; font-size: 1.1em; }
.message.error { color: var(--vscode-charts-red); }
.busy { position: absolute; top: 8px; right: 8px; padding: 2px 8px; background: var(--vscode-editorWidget-background);
  border: 1px solid var(--vscode-editorWidget-border); }
.busy:empty { display: none; }

.node { cursor: pointer; }
.node .shape { fill: var(--vscode-editorWidget-background); stroke-width: 1.5px; }
.node text { fill: var(--vscode-editor-foreground); font-size: 12px; dominant-baseline: central; text-anchor: middle; }
.node .sub { fill: var(--vscode-descriptionForeground); font-size: 10px; }
.node.g-function .shape { stroke: var(--vscode-charts-blue); }
.node.g-method .shape { stroke: var(--vscode-charts-purple); }
.node.g-class .shape { stroke: var(--vscode-charts-orange); stroke-width: 2.5px; }
.node.g-type .shape { stroke: var(--vscode-charts-green); stroke-dasharray: 6 2; }
.node.g-module .shape { stroke: var(--vscode-charts-yellow); }
.node.g-variable .shape { stroke: var(--vscode-charts-foreground); }
.node.g-external .shape { stroke: var(--vscode-descriptionForeground); stroke-dasharray: 2 3; }
.node.g-external text { fill: var(--vscode-descriptionForeground); }
.node.input .shape { stroke-width: 3.5px; fill: var(--vscode-editor-findMatchHighlightBackground); }
.node.input text.label { font-weight: 700; font-size: 14.4px; }
.change-mark rect { stroke: var(--vscode-editor-background); stroke-width: 1px; }
.ch-added { --change: var(--vscode-charts-green); }
.ch-removed { --change: var(--vscode-charts-red); }
.ch-body { --change: var(--vscode-charts-yellow); }
.ch-body-type-inferred, .ch-signature { --change: var(--vscode-charts-orange); }
.ch-moved { --change: var(--vscode-charts-blue); }
.change-mark rect { fill: var(--change); }
.node.changed .shape { stroke: var(--change); }
.node.ch-removed .shape { stroke-dasharray: 5 3; }
.legend .changes { display: inline-flex; flex-wrap: wrap; gap: 4px 10px; margin-left: 12px; }
.legend .change-key .swatch { color: var(--change); }
.node.selected .shape { stroke: var(--vscode-focusBorder); stroke-width: 3px; }
.node.match .shape { stroke: var(--vscode-charts-red); stroke-width: 3px; }
/* Find dims what does not match, still legible (at 0.25 the rest of the map vanished). */
.dim { opacity: 0.45; }
.more { cursor: pointer; }
.more rect { fill: var(--vscode-editorWarning-foreground); }
/* .node .more: as specific as .node.g-external text, and later, so an external node's badge keeps its ink. */
.more text, .node .more text { fill: var(--vscode-editor-background); font-size: 10px; font-weight: 700; text-anchor: middle; dominant-baseline: central; }
.more:hover rect { fill: var(--vscode-focusBorder); }
.node.bundle .shape { fill: var(--vscode-editor-background); stroke: var(--vscode-descriptionForeground); stroke-width: 1.5px; stroke-dasharray: 4 3; }
.node.bundle text.label { font-style: italic; }
.node.caller .shape, .node.callee .shape { stroke-width: 3px; }
.node:focus-visible .shape, .edge:focus-visible path.line { stroke: var(--vscode-focusBorder); stroke-width: 3px; }
.node:focus, .edge:focus, .cluster-label:focus { outline: none; }
.cluster-box { fill: none; stroke: var(--vscode-editorWidget-border); stroke-width: 1px; }
.cluster-label { fill: var(--vscode-descriptionForeground); font-size: 11px; dominant-baseline: central; cursor: pointer; }
.cluster-label:hover, .cluster-label:focus-visible { fill: var(--vscode-focusBorder); text-decoration: underline; }
.folder-fill { fill: var(--vscode-editorWidget-background); fill-opacity: 0.35; stroke: none; }
.folder-back.depth-1 .folder-fill, .folder-back.depth-3 .folder-fill { fill: var(--vscode-editor-background); }
.folder-box { fill: none; stroke: var(--vscode-descriptionForeground); stroke-opacity: 0.55; stroke-width: 1px; stroke-dasharray: 5 3; pointer-events: none; }
.cluster-box { pointer-events: none; }
.folder-label { fill: var(--vscode-descriptionForeground); font-size: 11px; font-weight: 600; dominant-baseline: central; cursor: pointer; }
.folder-label:hover, .folder-label:focus-visible { fill: var(--vscode-focusBorder); text-decoration: underline; }
.folder-label:focus { outline: none; }
.classbox-box { fill: none; stroke: var(--vscode-charts-orange); stroke-opacity: 0.7; stroke-width: 1px; }
.classbox-label { fill: var(--vscode-charts-orange); font-size: 10px; font-style: italic; dominant-baseline: central; }

.edge path { fill: none; stroke-width: 1.5px; }
.edge path.hit { stroke: transparent; stroke-width: 10px; }
.edge { cursor: pointer; }
.edge.near path.line, .edge.chosen path.line { stroke-width: 3px; }
.edge.folded path.line { stroke-width: 2.5px; }
.edge text { font-size: 10px; fill: var(--vscode-descriptionForeground); text-anchor: middle; dominant-baseline: central;
  paint-order: stroke; stroke: var(--vscode-editor-background); stroke-width: 3px; stroke-linejoin: round; }
.legend .kind-toggle { color: var(--vscode-descriptionForeground); }
.lg-function .swatch { color: var(--vscode-charts-blue); } .lg-method .swatch { color: var(--vscode-charts-purple); }
.lg-class .swatch { color: var(--vscode-charts-orange); } .lg-type .swatch { color: var(--vscode-charts-green); }
.lg-module .swatch { color: var(--vscode-charts-yellow); } .lg-variable .swatch, .lg-external .swatch { color: var(--vscode-descriptionForeground); }
.edge.f-structural path.line { stroke-dasharray: 8 3; stroke-width: 2px; }
.edge.f-type path.line { stroke-dasharray: 2 3; }
.edge.hidden { display: none; }
.edge text.crowded { display: none; }
.edge:hover text.crowded, .edge:focus text.crowded, .edge.near text.crowded { display: inline; }
${edgeColours()}

.tooltip { position: absolute; max-width: min(60ch, 90%); max-height: 60%; overflow: auto; padding: 6px 8px; z-index: 2;
  background: var(--vscode-editorWidget-background); border: 1px solid var(--vscode-editorWidget-border); }
.tooltip[hidden] { display: none; }
.tooltip .kind { color: var(--vscode-descriptionForeground); }
.tooltip pre { margin: 4px 0 0; font-family: var(--vscode-editor-font-family); font-size: 11px; white-space: pre; overflow: hidden; }
.details { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; padding: 6px 8px; max-height: 9em; overflow-y: auto; flex: none;
  border-top: 1px solid var(--vscode-editorWidget-border); min-height: 2.4em; }
.details .where { color: var(--vscode-descriptionForeground); margin-right: auto; }
.details a { color: var(--vscode-charts-blue); }

/* Save and copy sit in the row in a wide panel; the toggles of the compact chrome below show only there. */
.toolbar { position: relative; }
.actions { display: inline-flex; gap: 4px; }
.more-actions, .notes-more, .legend-more { display: none; }
/*
 * A narrow (a second or third editor column) or short panel: the chrome above and below the drawing costs a few
 * lines, so the drawing keeps most of the height. The toolbar stays one row (smaller controls, find's
 * arrows once something is typed, save/copy in a menu behind ⋯), the notes and the legend are one line
 * each with a toggle that shows them whole, the hint under the drawing one line.
 */
@media (max-width: 759.98px), (max-height: 599.98px) {
  .toolbar { padding: 2px 6px; gap: 2px 8px; }
  .toolbar .controls { gap: 2px; }
  button { padding: 2px 6px; }
  .levels-word { display: none; }
  input[type=search] { width: 7em; padding: 2px 4px; }
  .search:placeholder-shown ~ .find-prev, .search:placeholder-shown ~ .find-next { display: none; }
  .find-count:empty { min-width: 0; padding: 0; }
  .more-actions { display: inline-block; }
  .actions { display: none; }
  .controls.menu-open .actions { display: flex; flex-direction: column; position: absolute; top: 100%; right: 6px; z-index: 3; padding: 4px;
    background: var(--vscode-editorWidget-background); border: 1px solid var(--vscode-editorWidget-border); }
  .notes { align-items: center; padding: 2px 8px; }
  .notes-more { display: inline-block; flex: none; padding: 0 6px; }
  .notes-close { padding: 0 6px; }
  .notes:not(.open) .notes-text { min-width: 0; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
  .notes.open { align-items: flex-start; }
  .notes.open .notes-text { max-height: 40vh; overflow-y: auto; }
  .legend { padding: 2px 8px; }
  .legend:not(.open) { flex-wrap: nowrap; overflow-x: auto; overflow-y: hidden; scrollbar-width: none; white-space: nowrap; }
  .legend:not(.open) > *, .legend:not(.open) .groups > *, .legend:not(.open) .changes > * { flex: none; }
  .legend:not(.open) .groups, .legend:not(.open) .changes { flex-wrap: nowrap; }
  .legend.open { max-height: 40vh; }
  .legend-more { display: inline-block; flex: none; position: sticky; left: 0; z-index: 1; padding: 0 6px; }
  .details { padding: 3px 8px; min-height: 0; max-height: 6.5em; }
  .details .hint { flex: 1; min-width: 0; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
}
`;

function edgeColours(): string {
  return Object.entries(EDGE_COLOURS)
    .map(([type, colour]) => `.t-${type} path.line, svg.edge.t-${type} path, .t-${type} line { stroke: ${colour}; } .t-${type} .arrow { fill: ${colour}; }`)
    .join('\n');
}
