import type { Direction } from '../../core/query/neighbours';
import { isUnder, presentNodes } from './foldModel';
import { nodeById, post, say, st, viewport, vscode, rerender } from './pageState';
import { remember } from './history';

/**
 * Opens the neighbours a `+N` badge counts. In VS Code the extension adds them (exactly those, one
 * level; the next click on the same badge one level deeper), so they stay through redraws and
 * Collapse takes them back. In the CLI's file the page opens the ones its model carries (a page of 50).
 */
export function expand(id: string, direction: Direction, depth = 1): void {
  const node = nodeById(id);
  if (!node || !st.model) return;
  const have = new Set(presentNodes(st.model, st.fold.revealed).nodes.map((n) => n.id));
  const missing = node.next ? node.next[direction].filter((n) => !have.has(n)) : [];
  const noun = direction === 'dependents' ? 'dependents' : 'dependencies';
  if (node.next && missing.length === 0) return say(`${node.label} has no ${noun} that are not drawn already.`);
  if (vscode) {
    post({ type: 'expand', id, query: direction === 'dependents' ? 'dependentsOf' : 'dependenciesOf', depth });
    return;
  }
  const reserve = new Set((st.model.reserve?.nodes ?? []).map((n) => n.id));
  const here = missing.filter((n) => reserve.has(n));
  const command = `ts-code-graph ${direction === 'dependents' ? 'dependentsOf' : 'dependenciesOf'} ${node.file} ${node.name}`;
  if (here.length === 0) {
    const count = missing.length || (node.more?.[direction] ?? 0);
    return say(`${count} ${noun} of ${node.label} are not in this file: run \`${command}\` for them.`);
  }
  remember();
  st.autoFold = false;
  for (const n of here) st.fold.revealed.add(n);
  rerender('keep');
  const moved = st.drawing?.nodes.get(id);
  if (moved && !viewport.fitsReadably()) viewport.centerOn(moved);
  say(`Opened ${here.length} ${noun} of ${node.label}${missing.length > here.length ? `; ${missing.length - here.length} more are not in this file: run \`${command}\`` : ''}.`);
}

export function openBundle(id: string): void {
  const item = st.vis?.items.find((i) => i.id === id);
  if (!item || item.kind !== 'bundle') return;
  remember();
  st.autoFold = false;
  if (item.key.startsWith('file:')) st.fold.closedFiles.delete(item.key.slice('file:'.length));
  if (item.key.startsWith('dir:')) st.fold.closedDirs?.delete(item.key.slice('dir:'.length));
  st.fold.opened.add(item.key);
  rerender('keep');
  // Too big to see whole now: the first opened node in the middle.
  const first = item.members.map((m) => st.drawing?.nodes.get(m)).find((x) => x);
  if (first && !viewport.fitsReadably()) viewport.centerOn(first);
  // The box pressed is gone: the keyboard goes on from the first thing drawn now of what it held (a node, or a smaller box).
  const held = new Set(item.members);
  keepFocus(st.vis?.items.find((i) => (i.kind === 'bundle' ? i.members.some((m) => held.has(m)) : held.has(i.id)))?.id);
  say(`Opened ${item.members.length} in ${item.label === 'more in this file' ? item.key.slice('file:'.length) : item.label}.`);
}

export function foldFile(file: string): void {
  remember();
  st.autoFold = false;
  st.fold.closedFiles.add(file);
  st.fold.opened.delete(`file:${file}`);
  rerender('keep');
  // The file's name pressed is gone: the keyboard goes on from the file's box (a queried symbol keeps its file drawn).
  keepFocus(`bundle:file:${file}`);
}

/** Folds a folder's cluster into one counted box (the queried symbols stay drawn); the box opens it again. */
export function foldFolder(dir: string): void {
  if (!dir) return;
  remember();
  st.autoFold = false;
  (st.fold.closedDirs ??= new Set()).add(dir);
  for (const key of [...st.fold.opened]) {
    const path = key.slice(key.indexOf(':') + 1);
    if (key !== 'all' && isUnder(path, dir)) st.fold.opened.delete(key);
  }
  rerender('keep');
  const box = st.drawing?.nodes.get(`bundle:dir:${dir}`);
  if (box) {
    box.focus();
    say(`Folded ${dir}/ into one box of ${box.dataset.members} symbols: click it (or Enter) to open it again.`);
  }
}

/**
 * A redraw replaces every element of the drawing; render's draw() gives the focus back to a node still
 * drawn. What the person pressed here is gone (the box opened, the file's name folded): when the focus
 * fell to the page, the element drawn for `id` gets it, so Tab and Enter go on from where the person was.
 */
function keepFocus(id: string | undefined): void {
  const active = document.activeElement;
  if (active && active !== document.body && active.isConnected) return;
  const g = id ? st.drawing?.nodes.get(id) : undefined;
  g?.focus({ preventScroll: true });
}

export function setDepth(depth: number): void {
  if (!st.vis) return;
  remember();
  st.autoFold = false;
  st.fold.depth = Math.max(0, Math.min(st.vis.maxDistance, depth));
  st.fold.grain = 0;
  st.fold.splitLast = false;
  st.fold.opened.clear();
  rerender('keep');
}

export function fitNow(): void {
  if (viewport.fitsReadably()) return viewport.fit();
  // Too big to read whole: fold (fewer levels, coarser boxes) rather than shrink the text.
  remember();
  rerender('fold');
}
