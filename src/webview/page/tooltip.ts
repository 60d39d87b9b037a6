import type { Frame } from './frame';
import { labelOf } from './details';
import { edgeKinds } from './layout/labels';
import { nodeOf, PageState } from './state';

/** The tooltip for what is under the pointer: a node's kind, place and snippet; an edge's call sites; a folded box. */
export function showTooltip(tooltip: HTMLDivElement, target: EventTarget | null, s: PageState, frame: Frame | undefined): void {
  const g = (target as Element | null)?.closest?.('g.node') as SVGGElement | null;
  const node = g?.dataset.id ? nodeOf(s, g.dataset.id) : undefined;
  const edge = (target as Element | null)?.closest?.('g.edge') as SVGGElement | null;
  tooltip.textContent = '';
  if (node) {
    const head = document.createElement('div');
    head.innerHTML = '<b></b> <span class="kind"></span>';
    head.querySelector('b')!.textContent = node.label;
    const b = frame?.badges.get(node.id);
    const more = b ? ` · not drawn: ${b.dependents} dependents, ${b.dependencies} dependencies` : '';
    head.querySelector('.kind')!.textContent = `${node.changeText ? `${node.changeText} · ` : ''}${node.kind} · ${node.file}:${node.offset}${more}`;
    tooltip.appendChild(head);
    if (node.snippet) {
      const pre = document.createElement('pre');
      pre.textContent = node.snippet.join('\n');
      tooltip.appendChild(pre);
    }
  } else if (edge) {
    const e = frame?.vis.edges.find((x) => x.id === edge.dataset.edge);
    const sites = (e?.edges ?? []).flatMap((me) => (me.sites ?? []).map((site) => `${nodeOf(s, me.from)?.file ?? ''}:${site.line}  > ${site.text}`));
    const head = document.createElement('div');
    head.textContent = e ? `${labelOf(s, frame, e.from)} → ${labelOf(s, frame, e.to)}: ${edgeKinds(e.edges.map((x) => x.type))}` : '';
    tooltip.appendChild(head);
    if (sites.length > 0) {
      const pre = document.createElement('pre');
      pre.textContent = sites.slice(0, 8).join('\n') + (sites.length > 8 ? `\n… ${sites.length - 8} more (click the edge)` : '');
      tooltip.appendChild(pre);
    }
  } else if (g?.classList.contains('bundle')) {
    // A folded box lists what it holds: the names a person looks for before opening it.
    const item = frame?.vis.items.find((i) => i.id === g.dataset.id);
    const names = item?.kind === 'bundle' ? item.members.map((m) => nodeOf(s, m)?.label ?? m) : [];
    const head = document.createElement('div');
    head.textContent = `${g.dataset.members} ${g.dataset.members === '1' ? 'symbol' : 'symbols'} folded here. Click (or Enter) to open.`;
    tooltip.appendChild(head);
    if (names.length > 0) {
      const list = document.createElement('pre');
      list.textContent = names.slice(0, 12).join('\n') + (names.length > 12 ? `\n… ${names.length - 12} more` : '');
      tooltip.appendChild(list);
    }
  } else {
    tooltip.hidden = true;
    return;
  }
  tooltip.hidden = false;
}

/**
 * Puts the tooltip beside `near` (the pointer, or a focused thing's box): inside the stage, and off
 * the queried symbol, trying below-right, below-left, above-right, above-left of it in turn.
 */
export function placeTooltip(tooltip: HTMLDivElement, stage: DOMRect, near: { left: number; top: number; right: number; bottom: number }, query: DOMRect | undefined): void {
  const w = tooltip.offsetWidth;
  const h = tooltip.offsetHeight;
  const clampX = (x: number): number => Math.max(4, Math.min(x, stage.width - w - 4));
  const clampY = (y: number): number => Math.max(4, Math.min(y, stage.height - h - 4));
  const spots = [
    { x: near.right + 12, y: near.bottom + 12 },
    { x: near.left - w - 12, y: near.bottom + 12 },
    { x: near.right + 12, y: near.top - h - 12 },
    { x: near.left - w - 12, y: near.top - h - 12 },
  ].map((p) => ({ x: clampX(p.x - stage.left), y: clampY(p.y - stage.top) }));
  const meets = (p: { x: number; y: number }): boolean =>
    !!query && p.x + stage.left < query.right && p.x + stage.left + w > query.left && p.y + stage.top < query.bottom && p.y + stage.top + h > query.top;
  const covers = (p: { x: number; y: number }): boolean => p.x + stage.left < near.right && p.x + stage.left + w > near.left && p.y + stage.top < near.bottom && p.y + stage.top + h > near.top;
  // Never over the thing it is about (nor the pointer on it): no such room in a small panel, no tooltip.
  const spot = spots.find((p) => !meets(p) && !covers(p)) ?? spots.find((p) => !covers(p));
  if (!spot) {
    tooltip.hidden = true;
    return;
  }
  tooltip.style.left = `${spot.x}px`;
  tooltip.style.top = `${spot.y}px`;
}
