import type { DiagramNode } from '../../../core/diagram/DiagramTypes';
import type { Item } from '../foldModel';

/**
 * The inside of one file's box: its drawn symbols stacked in rows, a class's (or interface's,
 * namespace's) members in a box of their own under the class's row, the file's folded rest as the
 * last row. Pure arithmetic: positions relative to the box's top-left corner.
 */
export const NODE_HEIGHT = 38;
export const ROW_GAP = 6;
/** Room above a file's rows for its name. */
export const FILE_HEAD = 20;
export const BOX_PAD = 6;
/** Inside a class box: padding, and the owner's name when the class itself is not drawn. */
const CLASS_PAD = 5;
const CLASS_HEAD = 17;
const MEMBER_INDENT = 10;

export interface RowPlace {
  item: Item;
  x: number;
  y: number;
  width: number;
}

/** A class box: the class's row (when drawn) and its members' rows inside. */
export interface ClassFrame {
  owner: string;
  /** The owner's name as a header, when the class itself is not drawn (only its members are). */
  header?: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface StackedBox {
  rows: RowPlace[];
  frames: ClassFrame[];
  width: number;
  height: number;
}

type Group = { key: string; owner?: Item; members: Item[]; solo?: Item; first: number; input: boolean };

function ownerName(n: DiagramNode): string | undefined {
  const dot = n.name.indexOf('.');
  return dot > 0 ? n.name.slice(0, dot) : undefined;
}

/** Rows grouped by class: queried symbols' groups first, then source order; the folded rest last. */
function groupRows(items: readonly Item[]): { groups: Group[]; tail: Item[] } {
  const nodes = items.filter((i): i is Extract<Item, { kind: 'node' }> => i.kind === 'node');
  const owners = new Set(nodes.map((i) => ownerName(i.node)).filter((o): o is string => o !== undefined));
  const byKey = new Map<string, Group>();
  for (const item of nodes) {
    const n = item.node;
    const owner = ownerName(n);
    const key = owner ?? (owners.has(n.name) ? n.name : `solo:${item.id}`);
    const g = byKey.get(key) ?? byKey.set(key, { key, members: [], first: Infinity, input: false }).get(key)!;
    if (owner === undefined && owners.has(n.name) && !g.owner) g.owner = item;
    else if (owner === undefined && !owners.has(n.name)) g.solo = item;
    else g.members.push(item);
    g.first = Math.min(g.first, n.offset);
    g.input ||= n.input;
  }
  const groups = [...byKey.values()].sort((a, b) => Number(b.input) - Number(a.input) || a.first - b.first);
  for (const g of groups) g.members.sort((a, b) => offsetOf(a) - offsetOf(b));
  return { groups, tail: items.filter((i) => i.kind === 'bundle') };
}

function offsetOf(item: Item): number {
  return item.kind === 'node' ? item.node.offset : 1e9;
}

/**
 * Stacks `items` (one file's drawn things) given each one's natural width. `head`: the file's name
 * above the rows (its width counts), or none for a folder bundle's box of its own.
 */
export function stackRows(items: readonly Item[], widthOf: (item: Item) => number, headWidth: number | undefined): StackedBox {
  const { groups, tail } = groupRows(items);
  const top = headWidth === undefined ? 0 : FILE_HEAD + BOX_PAD;
  const pad = headWidth === undefined ? 0 : BOX_PAD;
  // The inner width: every row as wide as the widest, a member's row also its frame and indent.
  let inner = headWidth ?? 0;
  for (const g of groups) {
    const framed = g.members.length > 0 && (g.owner !== undefined || g.members.length > 1);
    for (const m of g.members) inner = Math.max(inner, widthOf(m) + (framed ? 2 * CLASS_PAD + MEMBER_INDENT : 0));
    if (g.owner) inner = Math.max(inner, widthOf(g.owner) + (framed ? 2 * CLASS_PAD : 0));
    if (g.solo) inner = Math.max(inner, widthOf(g.solo));
  }
  for (const t of tail) inner = Math.max(inner, widthOf(t));
  const rows: RowPlace[] = [];
  const frames: ClassFrame[] = [];
  let y = top;
  const row = (item: Item, x: number, width: number): void => {
    rows.push({ item, x, y, width });
    y += NODE_HEIGHT + ROW_GAP;
  };
  for (const g of groups) {
    if (g.solo) row(g.solo, pad, inner);
    const framed = g.members.length > 0 && (g.owner !== undefined || g.members.length > 1);
    if (!framed) {
      if (g.owner) row(g.owner, pad, inner);
      for (const m of g.members) row(m, pad, inner);
      continue;
    }
    const frameTop = y;
    y += g.owner ? CLASS_PAD : CLASS_HEAD;
    if (g.owner) row(g.owner, pad + CLASS_PAD, inner - 2 * CLASS_PAD);
    for (const m of g.members) row(m, pad + CLASS_PAD + MEMBER_INDENT, inner - 2 * CLASS_PAD - MEMBER_INDENT);
    y += CLASS_PAD - ROW_GAP;
    frames.push({ owner: g.key, header: g.owner ? undefined : g.key, x: pad, y: frameTop, width: inner, height: y - frameTop });
    y += ROW_GAP;
  }
  for (const t of tail) row(t, pad, inner);
  return { rows, frames, width: inner + 2 * pad, height: y - ROW_GAP + pad };
}
