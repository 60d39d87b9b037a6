import type { DiagramModel, DiagramNode } from '../../core/format/diagramModel';
import { EDGE_COLOURS } from '../graphViewStyles';
import { CHANGE_WORDS } from './layout';
import { $, hiddenGroups, hiddenTypes, st, svg, rerender } from './pageState';

/** Whether the person opened the legend whole (a narrow or short panel shows it as one line). */
let legendOpen = false;

export function drawLegend(m: DiagramModel): void {
  const legend = $<HTMLDivElement>('.legend');
  legend.textContent = '';
  // First, and kept in view while the one line scrolls sideways: shows every filter wrapped, or one line again.
  const toggle = document.createElement('button');
  toggle.className = 'legend-more';
  const showOpen = (): void => {
    legend.classList.toggle('open', legendOpen);
    toggle.textContent = legendOpen ? '▾' : '▸';
    toggle.title = legendOpen ? 'Show the legend as one line' : 'Show the whole legend';
    toggle.setAttribute('aria-label', toggle.title);
    toggle.setAttribute('aria-expanded', String(legendOpen));
  };
  toggle.addEventListener('click', () => {
    legendOpen = !legendOpen;
    showOpen();
  });
  showOpen();
  legend.appendChild(toggle);
  const edges = [...m.edges, ...(m.reserve?.edges ?? [])];
  const types = [...new Set(m.edges.map((e) => e.type))];
  for (const type of types) {
    const label = document.createElement('label');
    label.className = `t-${type}`;
    label.dataset.type = type;
    const box = document.createElement('input');
    box.type = 'checkbox';
    box.checked = !hiddenTypes.has(type);
    box.addEventListener('change', () => {
      if (box.checked) hiddenTypes.delete(type);
      else hiddenTypes.add(type);
      rerender(st.autoFold ? 'auto' : 'keep');
    });
    const family = edges.find((e) => e.type === type)?.family ?? 'runtime';
    label.append(box, swatch(type, family), document.createTextNode(`${type} (${m.edges.filter((e) => e.type === type).length})`));
    legend.appendChild(label);
  }
  const groups = document.createElement('span');
  groups.className = 'groups';
  for (const group of [...new Set(m.nodes.map((n) => n.group))]) {
    // A toggle, like the edge types: hiding a kind hides its nodes and what only they connected.
    const item = document.createElement('button');
    item.className = `kind-toggle lg-${group}${hiddenGroups.has(group) ? ' off' : ''}`;
    item.dataset.group = group;
    item.setAttribute('aria-pressed', String(!hiddenGroups.has(group)));
    item.title = `Show or hide ${GROUP_NAMES[group]} nodes`;
    item.textContent = `■ ${GROUP_NAMES[group]} (${m.nodes.filter((n) => n.group === group).length})`;
    item.addEventListener('click', () => {
      if (hiddenGroups.has(group)) hiddenGroups.delete(group);
      else hiddenGroups.add(group);
      item.classList.toggle('off', hiddenGroups.has(group));
      item.setAttribute('aria-pressed', String(!hiddenGroups.has(group)));
      rerender(st.autoFold ? 'auto' : 'keep');
    });
    groups.appendChild(item);
  }
  legend.appendChild(groups);
  // impact: what each change mark's colour means, for the kinds of change drawn.
  const changes = [...new Set(m.nodes.map((n) => n.change).filter((c) => c !== undefined))];
  if (changes.length > 0) {
    const key = document.createElement('span');
    key.className = 'changes';
    for (const change of changes) {
      const item = document.createElement('span');
      item.className = `change-key ch-${change}`;
      item.dataset.change = change;
      item.title = `Changed symbols marked ${CHANGE_WORDS[change]}`;
      item.textContent = `▬ ${CHANGE_WORDS[change]} (${m.nodes.filter((n) => n.change === change).length})`;
      key.appendChild(item);
    }
    legend.appendChild(key);
  }
}

export const GROUP_NAMES: Record<DiagramNode['group'], string> = {
  function: 'function',
  method: 'method',
  class: 'class',
  type: 'interface/type',
  module: 'module',
  variable: 'variable',
  external: 'external (node_modules)',
};

export function swatch(type: string, family: string): SVGSVGElement {
  const s = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  s.setAttribute('width', '26');
  s.setAttribute('height', '8');
  s.setAttribute('class', `edge f-${family}`);
  const line = document.createElementNS('http://www.w3.org/2000/svg', 'path');
  line.setAttribute('d', 'M0,4 L26,4');
  line.setAttribute('class', 'line');
  line.style.stroke = EDGE_COLOURS[type] ?? 'currentColor';
  s.appendChild(line);
  return s;
}

export function applyHidden(): void {
  svg.querySelectorAll<SVGGElement>('g.edge').forEach((e) => e.classList.toggle('hidden', hiddenTypes.has(e.dataset.type ?? '')));
}
