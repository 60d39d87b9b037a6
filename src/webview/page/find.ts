import type { DiagramNode } from '../../core/format/diagramModel';
import { foldKeysOf, isUnder, presentNodes } from './foldModel';
import { $, st, viewport, rerender } from './pageState';
import { remember } from './history';
import { select } from './selection';

let matchIndex = -1;
/** The text changed: the next Enter starts from the first match. */
export function resetMatch(): void {
  matchIndex = -1;
}
export function matches(): DiagramNode[] {
  const text = $<HTMLInputElement>('.search').value.trim().toLowerCase();
  if (!text || !st.model) return [];
  return presentNodes(st.model, st.fold.revealed).nodes.filter((n) => n.label.toLowerCase().includes(text));
}

/** Marks the matches drawn; `step` moves to the next (1) or previous (-1) match, opening its fold. */
export function applySearch(move: boolean, step = 1): void {
  const list = matches();
  const ids = new Set(list.map((n) => n.id));
  const text = $<HTMLInputElement>('.search').value.trim();
  for (const [id, g] of st.drawing?.nodes ?? new Map<string, SVGGElement>()) {
    g.classList.toggle('match', ids.has(id));
    g.classList.toggle('dim', text !== '' && !ids.has(id));
  }
  if (list.length === 0) {
    matchIndex = -1;
    $('.find-count').textContent = text ? 'no match' : '';
    return;
  }
  if (move || matchIndex < 0 || matchIndex >= list.length) matchIndex = move ? (matchIndex + step + list.length) % list.length : 0;
  $('.find-count').textContent = `${matchIndex + 1} of ${list.length}`;
  const target = list[matchIndex];
  if (!move) {
    // Typing shows the first match when it is drawn; folded ones open on Enter (next / previous).
    const g = text ? st.drawing?.nodes.get(target.id) : undefined;
    if (g) viewport.centerOn(g);
    return;
  }
  if (!st.drawing?.nodes.has(target.id)) {
    // Folded: open the boxes it is in (its folder's and its file's), then show it.
    remember();
    st.autoFold = false;
    openFoldsOf(target);
    rerender('keep');
    applySearch(false);
    $('.find-count').textContent = `${matchIndex + 1} of ${list.length}`;
  }
  const g = st.drawing?.nodes.get(target.id);
  if (g) {
    select(target.id, false);
    viewport.centerOn(g);
  }
}

export function openFoldsOf(n: DiagramNode): void {
  st.fold.closedFiles.delete(n.file);
  for (const dir of [...(st.fold.closedDirs ?? [])]) if (isUnder(n.file, dir)) st.fold.closedDirs?.delete(dir);
  for (const key of foldKeysOf(n.file)) st.fold.opened.add(key);
}
