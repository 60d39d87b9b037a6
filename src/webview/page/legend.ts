import type { DiagramModel, DiagramNode } from '../../core/diagram/DiagramTypes';
import { EDGE_COLOURS } from '../graphViewStyles';
import { CHANGE_WORDS } from './layout/labels';
import type { Action, PageState } from './state';

/**
 * The legend of a model: a filter per edge type (a checkbox), a toggle per node kind, the change
 * marks' colours. Built once per model; `syncLegend` marks it after every other change.
 */
export function drawLegend(legend: HTMLDivElement, m: DiagramModel, s: PageState, dispatch: (a: Action) => void): void {
  legend.textContent = '';
  // First, and kept in view while the one line scrolls sideways: shows every filter wrapped, or one line again.
  const toggle = document.createElement('button');
  toggle.className = 'legend-more';
  toggle.addEventListener('click', () => dispatch({ type: 'legend' }));
  legend.appendChild(toggle);
  const edges = [...m.edges, ...(m.reserve?.edges ?? [])];
  const types = [...new Set(m.edges.map((e) => e.type))];
  for (const type of types) {
    const label = document.createElement('label');
    label.className = `t-${type}`;
    label.dataset.type = type;
    const box = document.createElement('input');
    box.type = 'checkbox';
    box.checked = !s.hiddenTypes.has(type);
    box.setAttribute('aria-label', `Show ${type} edges`);
    box.addEventListener('change', () => dispatch({ type: 'toggleType', edgeType: type }));
    const family = edges.find((e) => e.type === type)?.family ?? 'runtime';
    label.append(box, swatch(type, family), document.createTextNode(`${type} (${m.edges.filter((e) => e.type === type).length})`));
    legend.appendChild(label);
  }
  const groups = document.createElement('span');
  groups.className = 'groups';
  for (const group of [...new Set(m.nodes.map((n) => n.group))]) {
    // A toggle, like the edge types: hiding a kind hides its nodes and what only they connected.
    const item = document.createElement('button');
    item.className = `kind-toggle lg-${group}`;
    item.dataset.group = group;
    item.title = `Show or hide ${GROUP_NAMES[group]} nodes`;
    // The square in the kind's colour, the words in the legend's (a chart colour on the background is too faint for text).
    const mark = document.createElement('span');
    mark.className = 'swatch';
    mark.textContent = '■';
    mark.setAttribute('aria-hidden', 'true');
    item.append(mark, ` ${GROUP_NAMES[group]} (${m.nodes.filter((n) => n.group === group).length})`);
    item.addEventListener('click', () => dispatch({ type: 'toggleGroup', group }));
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
      const mark = document.createElement('span');
      mark.className = 'swatch';
      mark.textContent = '▬';
      mark.setAttribute('aria-hidden', 'true');
      item.append(mark, ` ${CHANGE_WORDS[change]} (${m.nodes.filter((n) => n.change === change).length})`);
      key.appendChild(item);
    }
    legend.appendChild(key);
  }
  syncLegend(legend, s);
}

/** The legend as the state says: open or one line, each filter on or off. */
export function syncLegend(legend: HTMLDivElement, s: PageState): void {
  legend.classList.toggle('open', s.legendOpen);
  const toggle = legend.querySelector<HTMLButtonElement>('.legend-more');
  if (toggle) {
    toggle.textContent = s.legendOpen ? '▾' : '▸';
    toggle.title = s.legendOpen ? 'Show the legend as one line' : 'Show the whole legend';
    toggle.setAttribute('aria-label', toggle.title);
    toggle.setAttribute('aria-expanded', String(s.legendOpen));
  }
  legend.querySelectorAll<HTMLLabelElement>('label[data-type]').forEach((label) => {
    label.querySelector('input')!.checked = !s.hiddenTypes.has(label.dataset.type ?? '');
  });
  legend.querySelectorAll<HTMLButtonElement>('button.kind-toggle').forEach((item) => {
    const hidden = s.hiddenGroups.has(item.dataset.group ?? '');
    item.classList.toggle('off', hidden);
    item.setAttribute('aria-pressed', String(!hidden));
  });
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

export function applyHidden(svg: SVGSVGElement, hiddenTypes: ReadonlySet<string>): void {
  svg.querySelectorAll<SVGGElement>('g.edge').forEach((e) => e.classList.toggle('hidden', hiddenTypes.has(e.dataset.type ?? '')));
}
