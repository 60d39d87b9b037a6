import type { DiagramModel, DiagramNode } from '../../core/diagram/DiagramTypes';
import type { Direction } from '../../core/diagram/neighbours';
import type { Expansion, FromPage } from '../messages';
import type { Picture, RenderMode } from './layout/choose';
import { foldKeysOf, FoldState, isUnder, presentNodes, VisibleGraph } from './foldModel';

/**
 * The graph page's one state and the one function that changes it. Every change is an `Action`
 * handed to `update`, which returns the next state without touching the DOM; the page's loop
 * (graphView.ts) then lays out again when `relayout` says so and renders. What the drawing derives
 * (the visible graph, the layout, the DOM) is not state: it is made from it.
 */
export interface Snapshot {
  fold: FoldState;
  autoFold: boolean;
  selected: string | undefined;
  /** The picture then: Back shows exactly it again. */
  picture: Picture | undefined;
}

/** Done once by the next render (then cleared): centre on a drawn thing, give it the focus. */
export interface Once {
  /** Centre on it. */
  centre?: string;
  /** Centre on it when the drawing does not fit the view whole (at a readable size, or the opening's smaller one: Picture.floor). */
  centreIfBig?: string;
  /** Focus it when the focus fell to the page (the element pressed is gone with the redraw). */
  focusIfLost?: string;
  focus?: string;
  /** Fit the whole drawing in the view (zoom and pan only). */
  fit?: boolean;
}

export interface PageState {
  model: DiagramModel | undefined;
  expansions: Expansion[];
  /** How the answer is folded; chosen by the page until the person opens or folds something. */
  fold: FoldState;
  autoFold: boolean;
  /**
   * What is drawn and where. State, not derived: a person's step grows the picture from the one
   * before (layout/grow.ts), so where things are depends on the steps taken, not only on the fold.
   */
  picture: Picture | undefined;
  /** Back or Forward: show the remembered picture as it was (when it still fits the answer). */
  restore: boolean;
  hiddenTypes: ReadonlySet<string>;
  /** Node kinds (groups) the person switched off in the legend; the queried symbols always stay. */
  hiddenGroups: ReadonlySet<string>;
  selected: string | undefined;
  /** The edge whose call sites the details show (a drawn edge's id). */
  edge: string | undefined;
  find: { text: string; index: number };
  past: Snapshot[];
  future: Snapshot[];
  legendOpen: boolean;
  notesOpen: boolean;
  /** The notes a person hid: the same notes stay hidden on redraws, other notes show again. */
  dismissedNotes: string;
  menuOpen: boolean;
  /** A sentence under the details (what an opening did, why nothing opened). */
  said: string | undefined;
  busy: string;
  /** The drawing's size when it was last laid out (a resize to another size lays out again). */
  lastBox: string;
  /** Lay out again before the next render (undefined: the drawing stands, only its marks change). */
  relayout: RenderMode | undefined;
  once: Once;
  /** A message for the extension (VS Code only), sent by the loop after the render. */
  post: FromPage | undefined;
}

export type Action =
  | { type: 'model'; model: DiagramModel; expansions: Expansion[] }
  | { type: 'resized'; box: string }
  | { type: 'select'; id: string | undefined; remembered?: boolean }
  | { type: 'edge'; id: string }
  /** Select, centre and focus a node (a link in the details). */
  | { type: 'show'; id: string }
  | { type: 'openBox'; id: string }
  | { type: 'foldFile'; file: string }
  | { type: 'foldFolder'; dir: string }
  | { type: 'expand'; id: string; direction: Direction; depth: number; inVsCode: boolean }
  | { type: 'collapse'; id: string }
  | { type: 'openAll' }
  /** Show more: the whole answer (VS Code asks the worker), or the neighbours this file carries (the CLI's page). */
  | { type: 'more'; inVsCode: boolean }
  | { type: 'depth'; depth: number }
  | { type: 'fit' }
  | { type: 'back' }
  | { type: 'forward' }
  | { type: 'toggleType'; edgeType: string }
  | { type: 'toggleGroup'; group: string }
  | { type: 'find'; text: string }
  | { type: 'findStep'; step: number }
  | { type: 'notes'; open?: boolean; dismiss?: boolean }
  | { type: 'legend' }
  | { type: 'menu'; open: boolean }
  | { type: 'busy'; text: string };

export function initialState(): PageState {
  return {
    model: undefined,
    expansions: [],
    fold: { depth: 0, grain: 0, opened: new Set(), revealed: new Set(), closedFiles: new Set(), closedDirs: new Set() },
    autoFold: true,
    picture: undefined,
    restore: false,
    hiddenTypes: new Set(),
    hiddenGroups: new Set(),
    selected: undefined,
    edge: undefined,
    find: { text: '', index: -1 },
    past: [],
    future: [],
    legendOpen: false,
    notesOpen: false,
    dismissedNotes: '',
    menuOpen: false,
    said: undefined,
    busy: '',
    lastBox: '',
    relayout: undefined,
    once: {},
    post: undefined,
  };
}

function copyFold(f: FoldState): FoldState {
  return { depth: f.depth, grain: f.grain, splitLast: f.splitLast, opened: new Set(f.opened), revealed: new Set(f.revealed), closedFiles: new Set(f.closedFiles), closedDirs: new Set(f.closedDirs) };
}

/** Before a change the person made: Back returns here (a copy of the fold, so later changes leave it as it was). */
function remember(s: PageState): PageState {
  const past = [...s.past, { fold: copyFold(s.fold), autoFold: s.autoFold, selected: s.selected, picture: s.picture }].slice(-100);
  return { ...s, past, future: [] };
}

/** A step of the person's own on the fold: remembered, no longer automatic, laid out again as the picture is. */
function personal(s: PageState, change: (fold: FoldState) => void): PageState {
  const next = remember(s);
  const fold = copyFold(s.fold);
  change(fold);
  return { ...next, fold, autoFold: false, relayout: 'keep', said: undefined };
}

export function nodeOf(s: PageState, id: string | undefined): DiagramNode | undefined {
  return s.model && id ? presentNodes(s.model, s.fold.revealed).nodes.find((n) => n.id === id) : undefined;
}

/** An expansion this deep on a queried symbol is Show more's: the whole answer (GraphViewPanel's WHOLE_DEPTH). */
const WHOLE_DEPTH = 30;

/**
 * The answer's notes that still hold: after Show more (the queried symbols expanded whole) the
 * text's cut note, "Showing 50 of 160 nodes in detail … 110 more were cut" or "Showing the 50
 * nearest of 160 nodes …", is left out: the page has the whole answer.
 */
export function notesOf(model: DiagramModel | undefined, expansions: readonly Expansion[]): string[] {
  const whole = model?.nodes.some((n) => n.input && expansions.some((e) => e.id === n.id && e.depth >= WHOLE_DEPTH)) ?? false;
  return (model?.notes ?? []).filter((n) => !(whole && /^Showing (?:the )?[\d,]+ (?:nearest )?of /.test(n)));
}

/** The present nodes whose names hold the find text. */
export function matchesOf(s: PageState): DiagramNode[] {
  const text = s.find.text.trim().toLowerCase();
  if (!text || !s.model) return [];
  return presentNodes(s.model, s.fold.revealed).nodes.filter((n) => n.label.toLowerCase().includes(text));
}

/** The next state after `a`. */
export function update(s: PageState, a: Action): PageState {
  const vis = s.picture?.vis;
  const cleared: PageState = { ...s, once: {}, post: undefined, restore: false };
  switch (a.type) {
    case 'model':
      return { ...cleared, model: a.model, expansions: a.expansions, busy: '', relayout: s.model === undefined || s.autoFold ? 'auto' : 'keep' };
    case 'resized':
      return s.model && s.autoFold && a.box !== s.lastBox ? { ...cleared, lastBox: a.box, relayout: 'auto' } : { ...cleared, lastBox: a.box };
    case 'select': {
      const base = a.remembered !== false && a.id !== s.selected ? remember(cleared) : cleared;
      return { ...base, selected: a.id, edge: undefined, said: undefined };
    }
    case 'show': {
      const base = a.id !== s.selected ? remember(cleared) : cleared;
      return { ...base, selected: a.id, edge: undefined, said: undefined, once: { centre: a.id, focus: a.id } };
    }
    case 'edge':
      return { ...cleared, edge: a.id, selected: undefined, said: undefined };
    case 'openBox':
      return openBox(cleared, a.id, vis);
    case 'foldFile':
      return {
        ...personal(cleared, (f) => {
          f.closedFiles.add(a.file);
          f.opened.delete(`file:${a.file}`);
        }),
        once: { focusIfLost: `bundle:file:${a.file}` },
      };
    case 'foldFolder':
      return foldFolder(cleared, a.dir);
    case 'expand':
      return expand(cleared, a);
    case 'collapse':
      return { ...cleared, post: { type: 'collapse', id: a.id }, busy: 'Updating…' };
    case 'openAll':
      return {
        ...personal(cleared, (f) => {
          f.depth = vis?.maxDistance ?? f.depth;
          f.splitLast = false;
          f.opened.clear();
          f.closedFiles.clear();
          f.closedDirs?.clear();
        }),
        once: { focus: inputOf(s) },
      };
    case 'more':
      return more(cleared, a.inVsCode);
    case 'depth':
      return personal(cleared, (f) => {
        f.depth = Math.max(0, Math.min(vis?.maxDistance ?? 0, a.depth));
        f.grain = 0;
        f.splitLast = false;
        f.opened.clear();
      });
    case 'fit':
      // Zoom and pan only: what the person opened stays drawn (too big to show whole: shown at the
      // readable size, or the opening's smaller one, round the query; the first view already fitted the answer).
      return { ...cleared, once: { fit: true } };
    case 'back':
    case 'forward':
      return travel(cleared, a.type === 'back');
    case 'toggleType':
      return { ...cleared, hiddenTypes: toggled(s.hiddenTypes, a.edgeType), relayout: s.autoFold ? 'auto' : 'keep' };
    case 'toggleGroup':
      return { ...cleared, hiddenGroups: toggled(s.hiddenGroups, a.group), relayout: s.autoFold ? 'auto' : 'keep' };
    case 'find':
      return showMatch({ ...cleared, find: { text: a.text, index: -1 } }, vis);
    case 'findStep':
      return stepMatch(cleared, a.step, vis);
    case 'notes':
      if (a.dismiss) return { ...cleared, dismissedNotes: notesOf(s.model, s.expansions).join('\n'), once: { focus: inputOf(s) } };
      return { ...cleared, notesOpen: a.open ?? !s.notesOpen };
    case 'legend':
      return { ...cleared, legendOpen: !s.legendOpen };
    case 'menu':
      return { ...cleared, menuOpen: a.open };
    case 'busy':
      return { ...cleared, busy: a.text };
  }
}

function toggled(set: ReadonlySet<string>, key: string): Set<string> {
  const next = new Set(set);
  if (next.has(key)) next.delete(key);
  else next.add(key);
  return next;
}

function inputOf(s: PageState): string | undefined {
  return s.model?.nodes.find((n) => n.input)?.id;
}

function openBox(s: PageState, id: string, vis: VisibleGraph | undefined): PageState {
  const item = vis?.items.find((i) => i.id === id);
  if (!item || item.kind !== 'bundle') return s;
  const next = personal(s, (f) => {
    if (item.key.startsWith('file:')) f.closedFiles.delete(item.key.slice('file:'.length));
    if (item.key.startsWith('dir:')) f.closedDirs?.delete(item.key.slice('dir:'.length));
    f.opened.add(item.key);
  });
  const where = item.label === 'more in this file' || item.label === 'in this file' ? item.key.slice('file:'.length) : item.label;
  // The box pressed is gone: the keyboard goes on from the first thing drawn now of what it held (render finds it).
  return { ...next, once: { centreIfBig: item.members[0], focusIfLost: `held:${item.members.join('\u0000')}` }, said: `Opened ${item.members.length} in ${where}.` };
}

/** Folds a folder's cluster into one counted box (the queried symbols stay drawn); the box opens it again. */
function foldFolder(s: PageState, dir: string): PageState {
  if (!dir || !s.model) return s;
  const next = personal(s, (f) => {
    (f.closedDirs ??= new Set()).add(dir);
    for (const key of [...f.opened]) {
      const path = key.slice(key.indexOf(':') + 1);
      if (key !== 'all' && isUnder(path, dir)) f.opened.delete(key);
    }
  });
  const held = presentNodes(s.model, s.fold.revealed).nodes.filter((n) => !n.input && !s.fold.revealed.has(n.id) && isUnder(n.file, dir)).length;
  return { ...next, once: { focus: `bundle:dir:${dir}` }, said: `Folded ${dir}/ into one box of ${held} symbols: click it (or Enter) to open it again.` };
}

/**
 * Opens the neighbours a `+N` badge counts. In VS Code the extension adds them (exactly those, one
 * level; the next click on the same badge one level deeper), so they stay through redraws and
 * Collapse takes them back. In the CLI's file the page opens the ones its model carries (a page of 50).
 */
function expand(s: PageState, a: Extract<Action, { type: 'expand' }>): PageState {
  const node = nodeOf(s, a.id);
  if (!node || !s.model) return s;
  const have = new Set(presentNodes(s.model, s.fold.revealed).nodes.map((n) => n.id));
  const missing = node.next ? node.next[a.direction].filter((n) => !have.has(n)) : [];
  const noun = a.direction;
  if (node.next && missing.length === 0) return { ...s, said: `${node.label} has no ${noun} that are not drawn already.` };
  if (a.inVsCode) return { ...s, post: { type: 'expand', id: a.id, direction: a.direction, depth: a.depth }, busy: 'Updating…' };
  const reserve = new Set((s.model.reserve?.nodes ?? []).map((n) => n.id));
  const here = missing.filter((n) => reserve.has(n));
  const command = `ts-code-graph ${s.model.verbs?.[a.direction] ?? ''} ${node.file} ${node.name}`;
  if (here.length === 0) {
    const count = missing.length || (node.more?.[a.direction] ?? 0);
    return { ...s, said: `${count} ${noun} of ${node.label} are not in this file: run \`${command}\` for them.` };
  }
  const next = personal(s, (f) => {
    for (const n of here) f.revealed.add(n);
  });
  const rest = missing.length > here.length ? `; ${missing.length - here.length} more are not in this file: run \`${command}\`` : '';
  return { ...next, once: { centreIfBig: a.id }, said: `Opened ${here.length} ${noun} of ${node.label}${rest}.` };
}

function more(s: PageState, inVsCode: boolean): PageState {
  if (!s.model) return s;
  // Drawn folded to fit, as a first view is: the page chooses the fold again.
  if (inVsCode) return { ...remember(s), autoFold: true, post: { type: 'more' }, busy: 'Asking for the whole answer…' };
  const reserve = (s.model.reserve?.nodes ?? []).filter((n) => !s.fold.revealed.has(n.id));
  const command = s.model.walk === 'paths' ? '' : ` (\`ts-code-graph ${s.model.query} …\` in a terminal gives the whole answer as text)`;
  if (reserve.length === 0) return { ...s, said: `This file holds no more of the answer${command}.` };
  const next = remember(s);
  const fold = copyFold(s.fold);
  for (const n of reserve) fold.revealed.add(n.id);
  return { ...next, fold, autoFold: true, relayout: 'auto', said: `Drew the ${reserve.length} more this file holds${command}.` };
}

function travel(s: PageState, back: boolean): PageState {
  const from = back ? s.past : s.future;
  const to = back ? s.future : s.past;
  const snap = from[from.length - 1];
  if (!snap) return s;
  const here: Snapshot = { fold: copyFold(s.fold), autoFold: s.autoFold, selected: s.selected, picture: s.picture };
  const rest = from.slice(0, -1);
  const other = [...to, here];
  return {
    ...s,
    past: back ? rest : other,
    future: back ? other : rest,
    fold: snap.fold,
    autoFold: snap.autoFold,
    selected: snap.selected,
    picture: snap.picture,
    restore: true,
    edge: undefined,
    relayout: 'keep',
    once: snap.selected ? { centre: snap.selected } : {},
  };
}

/** Typing: the matches marked, the first one shown when it is drawn (folded ones open on Enter). */
function showMatch(s: PageState, vis: VisibleGraph | undefined): PageState {
  const list = matchesOf(s);
  if (list.length === 0) return { ...s, find: { ...s.find, index: -1 } };
  const index = s.find.index < 0 || s.find.index >= list.length ? 0 : s.find.index;
  const target = list[index];
  const drawn = vis?.items.some((i) => i.id === target.id) ?? false;
  return { ...s, find: { ...s.find, index }, once: s.find.text.trim() && drawn ? { centre: target.id } : {} };
}

/** Enter (next) or Shift+Enter (previous): the match selected and shown, its folds opened when it is folded. */
function stepMatch(s: PageState, step: number, vis: VisibleGraph | undefined): PageState {
  const list = matchesOf(s);
  if (list.length === 0) return { ...s, find: { ...s.find, index: -1 } };
  const index = (s.find.index + step + list.length) % list.length;
  const target = list[index];
  const found = { ...s, find: { ...s.find, index } };
  if (vis?.items.some((i) => i.id === target.id)) return { ...found, selected: target.id, edge: undefined, once: { centre: target.id } };
  // Folded: open the boxes it is in (its folder's and its file's), then show it.
  const opened = personal(found, (f) => openFoldsOf(f, target));
  return { ...opened, selected: target.id, edge: undefined, once: { centre: target.id } };
}

export function openFoldsOf(f: FoldState, n: DiagramNode): void {
  f.closedFiles.delete(n.file);
  for (const dir of [...(f.closedDirs ?? [])]) if (isUnder(n.file, dir)) f.closedDirs?.delete(dir);
  for (const key of foldKeysOf(n.file)) f.opened.add(key);
}
