import type { Direction } from '../../../core/diagram/neighbours';
import type { ClassFrame } from './fileBox';

/** The layout's shared types: what an engine (columns.ts, dagre.ts) hands the drawing. No DOM, no engine here. */
export type Rankdir = 'LR' | 'TB';

export interface Point {
  x: number;
  y: number;
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where everything goes: dagre's answer, kept apart from the DOM so the page can try several folds and directions. */
export interface Layout {
  rankdir: Rankdir;
  /** Who placed it: dagre (dagre.ts), or our own columns (columns.ts). */
  engine: 'dagre' | 'columns';
  /** Into how many side-by-side columns the tallest rank was cut (columns only; 1: not cut). */
  wrap: number;
  width: number;
  height: number;
  /** Drawn item (node or bundle row) → its box on the drawing. */
  items: Map<string, Rect>;
  /** File boxes: the file's drawn symbols stacked in one box under its path (`label`: the path inside its folder). */
  clusters: Map<string, Rect & { file: string; label: string }>;
  /** Folder clusters holding file boxes, folded folders and folder clusters; `count`: the symbols in them. */
  folders: Map<string, Rect & { dir: string; label: string; count: number; depth: number }>;
  /** Class boxes inside file boxes. */
  classes: ClassFrame[];
  /** Visible edge id → its path, its label's text ('' for none: one label per bundle or fan) and spot (none: no room, shown on hover). */
  edges: Map<string, { d: string; label?: Point; text: string }>;
}

/** Badge counts per drawn node: neighbours the model does not have at all, per direction. */
export type Badges = Map<string, Record<Direction, number>>;
