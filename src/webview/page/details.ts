import type { Direction } from '../../core/diagram/neighbours';
import type { FromPage, PageData } from '../messages';
import { fileUrl } from './dom';
import type { Frame } from './frame';
import { edgeKinds, texts } from './layout/labels';
import { Action, nodeOf, PageState } from './state';

/** What the details need besides the state: where to write, how to act, and the view to centre. */
export interface DetailsContext {
  details: HTMLDivElement;
  intro: string;
  data: PageData;
  inVsCode: boolean;
  dispatch: (a: Action) => void;
  send: (m: FromPage) => void;
  centre: (id: string) => void;
}

/** A drawn thing's name: the node's label, or what a folded box says. */
export function labelOf(s: PageState, frame: Frame | undefined, id: string): string {
  const node = nodeOf(s, id);
  if (node) return node.label;
  const item = frame?.vis.items.find((i) => i.id === id);
  return item ? texts(item)[0] : id;
}

/**
 * The details under the drawing: the selected edge's call sites, else the selected node (its
 * place, who uses it and what it uses, Centre, +N, Collapse), else the hint; and the last sentence
 * said. Built again when any of these changed: a button that had the keyboard's focus gets it back
 * in the new details, or, gone or disabled, the node does.
 */
export function renderDetails(s: PageState, frame: Frame | undefined, c: DetailsContext): void {
  const active = document.activeElement;
  const refocus = active instanceof HTMLElement && c.details.contains(active) ? active.className : undefined;
  const node = s.edge ? undefined : nodeOf(s, s.selected);
  c.details.textContent = '';
  delete c.details.dataset.node;
  if (s.edge && frame) edgeDetails(s, frame, c, s.edge);
  else if (node && frame) nodeDetails(s, frame, c, node.id);
  else c.details.innerHTML = c.intro;
  if (s.said) {
    const line = document.createElement('div');
    line.className = 'said';
    line.textContent = s.said;
    c.details.appendChild(line);
  }
  if (refocus !== undefined && node) {
    const again = refocus ? c.details.querySelector<HTMLButtonElement | HTMLSelectElement>(`.${refocus.trim().split(/\s+/).join('.')}`) : null;
    if (again && !again.disabled) again.focus({ preventScroll: true });
    else frame?.drawing?.nodes.get(node.id)?.focus({ preventScroll: true });
  }
}

function nodeDetails(s: PageState, frame: Frame, c: DetailsContext, id: string): void {
  const node = nodeOf(s, id)!;
  const callers = new Set<string>();
  const callees = new Set<string>();
  for (const e of frame.vis.edges) {
    if (e.to === id) callers.add(e.from);
    if (e.from === id) callees.add(e.to);
  }
  c.details.dataset.node = node.id;
  const where = document.createElement('span');
  where.className = 'where';
  where.textContent = `${node.label} — ${node.kind}, ${node.file}:${node.offset}`;
  c.details.appendChild(where);
  const list = (title: string, ids: Set<string>, cls: string): void => {
    if (ids.size === 0) return;
    const span = document.createElement('span');
    span.className = `neighbours ${cls}`;
    span.append(`${title} (${ids.size}): `);
    for (const other of ids) {
      const b = document.createElement('button');
      b.className = 'link';
      b.textContent = labelOf(s, frame, other);
      b.addEventListener('click', () => (other.startsWith('bundle:') ? c.dispatch({ type: 'openBox', id: other }) : c.dispatch({ type: 'show', id: other })));
      span.appendChild(b);
    }
    c.details.appendChild(span);
  };
  list('Used by', callers, 'callers');
  list('Uses', callees, 'callees');
  const button = (text: string, cls: string, onClick: () => void, disabled = false): void => {
    const b = document.createElement('button');
    b.textContent = text;
    b.className = cls;
    b.disabled = disabled;
    b.addEventListener('click', onClick);
    c.details.appendChild(b);
  };
  button('Centre', 'recentre', () => c.centre(node.id));
  if (c.data.mode === 'standalone' && c.data.root) {
    const link = document.createElement('a');
    link.href = fileUrl(c.data.root, node.file);
    link.textContent = 'Open file';
    c.details.appendChild(link);
  }
  const b = frame.badges.get(node.id);
  // In VS Code the extension can open several levels at once: the person picks how deep.
  let depth: HTMLSelectElement | undefined;
  if (c.inVsCode) {
    depth = document.createElement('select');
    depth.className = 'expand-depth';
    depth.setAttribute('aria-label', 'Levels to open');
    for (const n of [1, 2, 3, 5]) depth.add(new Option(n === 1 ? '1 level' : `${n} levels`, String(n)));
  }
  for (const d of ['dependents', 'dependencies'] as Direction[]) {
    const count = b?.[d] ?? 0;
    button(count > 0 ? `+ ${count} ${d}` : `No more ${d}`, `expand-${d}`, () => c.dispatch({ type: 'expand', id: node.id, direction: d, depth: Number(depth?.value ?? 1), inVsCode: c.inVsCode }), count === 0);
  }
  if (depth) c.details.appendChild(depth);
  if (c.inVsCode && s.expansions.some((e) => e.id === node.id)) button('Collapse', 'collapse', () => c.dispatch({ type: 'collapse', id: node.id }));
}

function edgeDetails(s: PageState, frame: Frame, c: DetailsContext, edgeId: string): void {
  const e = frame.vis.edges.find((x) => x.id === edgeId);
  if (!e) return;
  const head = document.createElement('span');
  head.className = 'where';
  head.textContent = `${labelOf(s, frame, e.from)} → ${labelOf(s, frame, e.to)}: ${edgeKinds(e.edges.map((x) => x.type))}`;
  c.details.appendChild(head);
  const sites = document.createElement('ul');
  sites.className = 'sites';
  for (const me of e.edges) {
    const from = nodeOf(s, me.from);
    for (const site of me.sites ?? []) {
      const li = document.createElement('li');
      const link = document.createElement(c.inVsCode ? 'button' : 'a');
      link.className = 'site';
      link.textContent = `${from?.file ?? ''}:${site.line}`;
      if (c.inVsCode) link.addEventListener('click', () => c.send({ type: 'open', id: me.from, line: site.line }));
      else (link as HTMLAnchorElement).href = fileUrl(c.data.root, from?.file ?? '');
      const code = document.createElement('code');
      code.textContent = `> ${site.text}`;
      li.append(link, ' ', code);
      sites.appendChild(li);
    }
  }
  if (sites.childElementCount === 0) {
    const li = document.createElement('li');
    li.textContent = e.edges.some((x) => x.family !== 'runtime') ? 'A type or structure edge: it is in the declaration, not at a call site.' : 'No call site recorded for this edge.';
    sites.appendChild(li);
  }
  c.details.appendChild(sites);
}
