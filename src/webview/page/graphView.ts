// Entry of dist/graphView.js: the graph view page, in a VS Code webview or in the CLI's standalone
// HTML file. Reads its start data from <script id="graph-data">, draws the DiagramModel, and (in
// VS Code) talks to the extension through postMessage. No network, no eval.
//
// One loop: every event becomes an Action; `update` (state.ts) makes the next state; when it asks
// for it, the layout is chosen again (layout/choose.ts); `render` draws the state. The state is
// this file's one `state` variable, changed nowhere else.
import type { Expansion, FromPage, PageData, ToPage } from '../messages';
import { mountPage, textMeasure } from './dom';
import { computeBadges, Frame, modelForFold } from './frame';
import { arrange } from './layout/choose';
import { createRenderer } from './render';
import { Action, initialState, PageState, update } from './state';
import { wireEvents } from './events';
import { Viewport, ViewState } from './Viewport';

interface VsCodeApi {
  postMessage(message: FromPage): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

const data = JSON.parse(document.getElementById('graph-data')?.textContent ?? '{}') as PageData;
const vscode = data.mode === 'vscode' && typeof acquireVsCodeApi === 'function' ? acquireVsCodeApi() : undefined;
const send = (message: FromPage): void => vscode?.postMessage(message);
const els = mountPage(document.getElementById('app')!, data);
const viewport = new Viewport(els.svg);
// Node names at the editor's size: VS Code's --vscode-font-size on the body (13 px in the CLI's page).
viewport.setEditorFont(parseFloat(getComputedStyle(document.body).fontSize));
const measure = textMeasure();

let state: PageState = initialState();
let frame: Frame | undefined;

/**
 * The view (zoom, pan) each remembered step was seen in: Back and Forward show the picture where it
 * was, not at the scale a Fit since then chose. Kept beside the state (the view is the viewport's),
 * keyed by the state's own snapshots.
 */
const views = new WeakMap<object, ViewState>();

function dispatch(action: Action): void {
  const before = state;
  const view = viewport.save();
  state = update(state, action);
  for (const snap of [...state.past.slice(-1), ...state.future.slice(-1)]) if (!views.has(snap)) views.set(snap, view);
  const redraw = state.relayout && state.model ? state.relayout : undefined;
  if (redraw) {
    // What sits round the drawing first: the layout is made for the box the drawing gets.
    chrome(state);
    lay(state);
  }
  render(state, frame, redraw);
  if (action.type === 'back' || action.type === 'forward') {
    const from = action.type === 'back' ? before.past : before.future;
    const seen = from.length ? views.get(from[from.length - 1]) : undefined;
    if (seen) viewport.restore(seen);
  }
  if (state.post) send(state.post);
}

/** Lays the state out again (the fold too, when it is the page's choice), and keeps what follows in the state. */
function lay(s: PageState): void {
  const started = performance.now();
  const mode = s.relayout!;
  const m = modelForFold(s);
  const badges = computeBadges(s, m.nodes);
  const box = els.svg.getBoundingClientRect();
  const readable = viewport.readableScale();
  const budget = Math.max(6, Math.floor((box.width * box.height) / (210 * 70 * readable * readable)));
  const earlier = [...s.past, ...s.future].reverse().map((p) => p.picture);
  const next = arrange(m, s.fold, mode, s.picture, { measure, badges, fitScale: (w, h) => viewport.fitScale(w, h), budget, readable }, s.restore, earlier);
  frame = { vis: next.vis, layout: next.layout, badges, floor: next.floor };
  const selected = s.selected && next.vis.items.some((i) => i.id === s.selected) ? s.selected : undefined;
  const edge = s.edge && next.vis.edges.some((e) => e.id === s.edge) && mode === 'keep' ? s.edge : undefined;
  state = {
    ...s,
    fold: next.fold,
    picture: { vis: next.vis, layout: next.layout, floor: next.floor },
    restore: false,
    autoFold: next.auto ? true : s.autoFold,
    selected,
    edge,
    relayout: undefined,
    lastBox: `${Math.round(box.width)}x${Math.round(box.height)}`,
  };
  // How long the first picture took (fold search, layouts and drawing): tests report it.
  document.body.dataset.firstDrawMs ??= String(Math.round(performance.now() - started));
}

const { chrome, render } = createRenderer(els, viewport, {
  data,
  inVsCode: vscode !== undefined,
  dispatch,
  send,
  centre: (id) => {
    const g = frame?.drawing?.nodes.get(id);
    if (g) viewport.centerOn(g);
  },
});

wireEvents({ els, viewport, data, inVsCode: vscode !== undefined, dispatch, send, state: () => state, frame: () => frame });

window.addEventListener('message', (event: MessageEvent<ToPage>) => {
  const message = event.data;
  if (message.type === 'model') showModel(message.model, message.expansions);
  else if (message.type === 'busy') dispatch({ type: 'busy', text: message.text });
});

function showModel(model: NonNullable<PageData['model']>, expansions: Expansion[]): void {
  dispatch({ type: 'model', model, expansions });
  document.body.dataset.ready = String(Number(document.body.dataset.ready ?? '0') + 1);
}

if (data.model) showModel(data.model, []);
// The extension answers with the drawing (again, if it posted one before this script ran).
send({ type: 'ready' });
