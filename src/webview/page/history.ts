// Back and forward through what the person did (folds opened or closed, selections).
import { FoldState } from './foldModel';
import { $, st, viewport, rerender } from './pageState';


export interface Snapshot {
  fold: FoldState;
  autoFold: boolean;
  selected: string | undefined;
}
export const past: Snapshot[] = [];
export const future: Snapshot[] = [];
function snapshot(): Snapshot {
  return {
    fold: { depth: st.fold.depth, grain: st.fold.grain, splitLast: st.fold.splitLast, opened: new Set(st.fold.opened), revealed: new Set(st.fold.revealed), closedFiles: new Set(st.fold.closedFiles), closedDirs: new Set(st.fold.closedDirs) },
    autoFold: st.autoFold,
    selected: st.selected,
  };
}
/** Before a change the person made: Back returns here. */
export function remember(): void {
  past.push(snapshot());
  if (past.length > 100) past.shift();
  future.length = 0;
  updateHistoryButtons();
}
export function travel(from: Snapshot[], to: Snapshot[]): void {
  const s = from.pop();
  if (!s) return;
  to.push(snapshot());
  st.fold = s.fold;
  st.autoFold = s.autoFold;
  st.selected = s.selected;
  rerender('keep');
  if (st.selected && st.drawing?.nodes.get(st.selected)) viewport.centerOn(st.drawing.nodes.get(st.selected)!);
  updateHistoryButtons();
}
function updateHistoryButtons(): void {
  $<HTMLButtonElement>('.back').disabled = past.length === 0;
  $<HTMLButtonElement>('.forward').disabled = future.length === 0;
}
$('.back').addEventListener('click', () => travel(past, future));
$('.forward').addEventListener('click', () => travel(future, past));
