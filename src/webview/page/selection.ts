import type { Direction } from '../../core/query/neighbours';
import { edgeLabel } from './layout';
import { data, details, fileUrl, itemOf, labelOf, nodeById, post, st, svg, tooltip, viewport, vscode } from './pageState';
import { remember } from './history';
import { expand, openBundle } from './opening';

/** What the details say before anything is selected (the page's own hint, kept to show again). */
const INTRO = details.innerHTML;

export function select(id: string | undefined, remembered = true): void {
  if (remembered && id !== st.selected) remember();
  st.selected = id;
  const node = id ? nodeById(id) : undefined;
  const callers = new Set<string>();
  const callees = new Set<string>();
  if (node && st.vis) {
    for (const e of st.vis.edges) {
      if (e.to === id) callers.add(e.from);
      if (e.from === id) callees.add(e.to);
    }
  }
  st.drawing?.nodes.forEach((g, nid) => {
    g.classList.toggle('selected', nid === id);
    g.classList.toggle('caller', callers.has(nid));
    g.classList.toggle('callee', callees.has(nid));
  });
  svg.querySelectorAll<SVGGElement>('g.edge').forEach((e) => e.classList.toggle('near', !!id && (e.dataset.from === id || e.dataset.to === id)));
  if (!node) {
    // Nothing selected now (Escape, or the node was folded into a box): its details go, the hint comes back.
    if (details.dataset.node) {
      details.innerHTML = INTRO;
      delete details.dataset.node;
    }
    return;
  }
  details.dataset.node = node.id;
  // The details are built again (a redraw after an opening selects again): a button that had the
  // keyboard's focus gets it back in the new details, or, gone or disabled, the node does.
  const active = document.activeElement;
  const refocus = active instanceof HTMLElement && details.contains(active) ? active.className : undefined;
  details.textContent = '';
  const where = document.createElement('span');
  where.className = 'where';
  where.textContent = `${node.label} — ${node.kind}, ${node.file}:${node.offset}`;
  details.appendChild(where);
  const list = (title: string, ids: Set<string>, cls: string): void => {
    if (ids.size === 0) return;
    const span = document.createElement('span');
    span.className = `neighbours ${cls}`;
    span.append(`${title} (${ids.size}): `);
    for (const other of ids) {
      const b = document.createElement('button');
      b.className = 'link';
      b.textContent = labelOf(other);
      b.addEventListener('click', () => focusItem(other));
      span.appendChild(b);
    }
    details.appendChild(span);
  };
  list('Used by', callers, 'callers');
  list('Uses', callees, 'callees');
  const button = (text: string, cls: string, onClick: () => void, disabled = false): void => {
    const b = document.createElement('button');
    b.textContent = text;
    b.className = cls;
    b.disabled = disabled;
    b.addEventListener('click', onClick);
    details.appendChild(b);
  };
  button('Centre', 'recentre', () => {
    const g = st.drawing?.nodes.get(node.id);
    if (g) viewport.centerOn(g);
  });
  if (data.mode === 'standalone' && data.root) {
    const link = document.createElement('a');
    link.href = fileUrl(node.file);
    link.textContent = 'Open file';
    details.appendChild(link);
  }
  const b = st.badges.get(node.id);
  // In VS Code the extension can open several levels at once: the person picks how deep.
  let depth: HTMLSelectElement | undefined;
  if (vscode) {
    depth = document.createElement('select');
    depth.className = 'expand-depth';
    depth.setAttribute('aria-label', 'Levels to open');
    for (const n of [1, 2, 3, 5]) depth.add(new Option(n === 1 ? '1 level' : `${n} levels`, String(n)));
  }
  for (const d of ['dependents', 'dependencies'] as Direction[]) {
    const count = b?.[d] ?? 0;
    button(count > 0 ? `+ ${count} ${d}` : `No more ${d}`, `expand-${d}`, () => expand(node.id, d, Number(depth?.value ?? 1)), count === 0);
  }
  if (depth) details.appendChild(depth);
  const expanded = st.expansions.filter((e) => e.id === node.id);
  if (vscode && expanded.length > 0) button('Collapse', 'collapse', () => post({ type: 'collapse', id: node.id }));
  if (refocus !== undefined) {
    const again = refocus ? details.querySelector<HTMLButtonElement | HTMLSelectElement>(`.${refocus.trim().split(/\s+/).join('.')}`) : null;
    if (again && !again.disabled) again.focus({ preventScroll: true });
    else st.drawing?.nodes.get(node.id)?.focus({ preventScroll: true });
  }
}

/**
 * Tab onto something outside the view (a node, a folded box, an edge, a file's or folder's name):
 * the view follows the keyboard and centres it. Only for keyboard focus (:focus-visible), so a click
 * on a node half in view does not move the drawing under the pointer.
 */
svg.addEventListener('focusin', (event) => {
  const target = event.target as SVGGElement;
  if (!target.matches?.(':focus-visible')) return;
  const r = target.getBoundingClientRect();
  const s = svg.getBoundingClientRect();
  if (r.left >= s.left && r.right <= s.right && r.top >= s.top && r.bottom <= s.bottom) return;
  viewport.centerOn(target);
});

export function focusItem(id: string): void {
  const g = st.drawing?.nodes.get(id);
  if (!g) return;
  if (id.startsWith('bundle:')) return openBundle(id);
  select(id);
  viewport.centerOn(g);
  g.focus();
}

export function showEdge(g: SVGGElement): void {
  const e = st.vis?.edges.find((x) => x.id === g.dataset.edge);
  if (!e) return;
  details.textContent = '';
  delete details.dataset.node;
  const head = document.createElement('span');
  head.className = 'where';
  head.textContent = `${labelOf(e.from)} → ${labelOf(e.to)}: ${edgeLabel(e.edges.map((x) => x.type))}`;
  details.appendChild(head);
  const sites = document.createElement('ul');
  sites.className = 'sites';
  for (const me of e.edges) {
    const from = nodeById(me.from);
    for (const s of me.sites ?? []) {
      const li = document.createElement('li');
      const where = `${from?.file ?? ''}:${s.line}`;
      const link = document.createElement(vscode ? 'button' : 'a');
      link.className = 'site';
      link.textContent = where;
      if (vscode) link.addEventListener('click', () => post({ type: 'open', id: me.from, line: s.line }));
      else (link as HTMLAnchorElement).href = fileUrl(from?.file ?? '');
      const code = document.createElement('code');
      code.textContent = `> ${s.text}`;
      li.append(link, ' ', code);
      sites.appendChild(li);
    }
  }
  if (sites.childElementCount === 0) {
    const li = document.createElement('li');
    li.textContent = e.edges.some((x) => x.family !== 'runtime') ? 'A type or structure edge: it is in the declaration, not at a call site.' : 'No call site recorded for this edge.';
    sites.appendChild(li);
  }
  details.appendChild(sites);
}

/** The tooltip for what is under the pointer: a node's kind, place and snippet; an edge's call sites; a folded box. */
export function showTooltip(target: EventTarget | null): void {
  const g = itemOf(target);
  const node = g?.dataset.id ? nodeById(g.dataset.id) : undefined;
  const edge = (target as Element).closest?.('g.edge') as SVGGElement | null;
  tooltip.textContent = '';
  if (node) {
    const head = document.createElement('div');
    head.innerHTML = '<b></b> <span class="kind"></span>';
    head.querySelector('b')!.textContent = node.label;
    const b = st.badges.get(node.id);
    const more = b ? ` · not drawn: ${b.dependents} dependents, ${b.dependencies} dependencies` : '';
    head.querySelector('.kind')!.textContent = `${node.changeText ? `${node.changeText} · ` : ''}${node.kind} · ${node.file}:${node.offset}${more}`;
    tooltip.appendChild(head);
    if (node.snippet) {
      const pre = document.createElement('pre');
      pre.textContent = node.snippet.join('\n');
      tooltip.appendChild(pre);
    }
  } else if (edge) {
    const e = st.vis?.edges.find((x) => x.id === edge.dataset.edge);
    const sites = (e?.edges ?? []).flatMap((me) => (me.sites ?? []).map((s) => `${nodeById(me.from)?.file ?? ''}:${s.line}  > ${s.text}`));
    const head = document.createElement('div');
    head.textContent = e ? `${labelOf(e.from)} → ${labelOf(e.to)}: ${edgeLabel(e.edges.map((x) => x.type))}` : '';
    tooltip.appendChild(head);
    if (sites.length > 0) {
      const pre = document.createElement('pre');
      pre.textContent = sites.slice(0, 8).join('\n') + (sites.length > 8 ? `\n… ${sites.length - 8} more (click the edge)` : '');
      tooltip.appendChild(pre);
    }
  } else if (g?.classList.contains('bundle')) {
    tooltip.textContent = `${g.dataset.members} symbols folded here. Click (or Enter) to open.`;
  } else {
    tooltip.hidden = true;
    return;
  }
  tooltip.hidden = false;
}
