import type { Frame } from './frame';
import { labelOf } from './details';
import { edgeLabel } from './layout/labels';
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
    head.textContent = e ? `${labelOf(s, frame, e.from)} → ${labelOf(s, frame, e.to)}: ${edgeLabel(e.edges.map((x) => x.type))}` : '';
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
