import { NODE_HEIGHT } from './fileBox';
import { branchingDirs, isUnder, Item, parentDir, VisibleGraph } from '../foldModel';
import { texts } from './labels';
import type { Badges } from './types';

/** What both engines share before placing anything: each drawn thing's size, the boxes (files, folded folders) and the folder frames round them. */
const PAD_X = 14;
/** The queried symbol's name against the others' (drawn larger and bold). */
export const INPUT_SCALE = 1.2;

/** A `+N` badge's count as drawn: 1,000 and more in thousands. */
export function shortCount(n: number): string {
  return n > 999 ? `${Math.floor(n / 1000)}k` : String(n);
}

/** A `+N` badge's room on its node: sized to its count (an arrow, a plus, the digits at 10 px bold) and a margin. */
export function badgeWidth(count: number): number {
  return Math.ceil(16 + 6.6 * (shortCount(count).length + 2));
}

export function itemSize(item: Item, measure: (text: string) => number, badges: Badges): { width: number; height: number } {
  const b = item.kind === 'node' ? badges.get(item.id) : undefined;
  const extra = (b?.dependencies ? badgeWidth(b.dependencies) : 0) + (b?.dependents ? badgeWidth(b.dependents) : 0);
  const [label, sub] = texts(item);
  // A bundle's name is italic: a little wider than measured upright; the queried symbol's larger and bold.
  const slack = item.kind === 'bundle' ? 1.08 : item.node.input ? INPUT_SCALE * 1.08 : 1;
  return { width: Math.max(measure(label) * slack, measure(sub) * 0.85) + 2 * PAD_X + extra, height: NODE_HEIGHT };
}

export interface Box {
  /** The file, for a file's box; none for a folded folder's box. */
  file?: string;
  /** The path the box stands for (its file, or the folded folder), and the folder it sits in. */
  path: string;
  rows: Item[];
}

/** Each drawn item's box: a file's box (its nodes and its folded rest), or a folded folder's own box. */
export function boxesOf(vis: VisibleGraph): Map<string, Box> {
  const boxes = new Map<string, Box>();
  for (const item of vis.items) {
    const file = item.cluster ? vis.clusters.get(item.cluster) ?? item.cluster.slice(2) : undefined;
    const id = item.cluster ?? `b:${item.id}`;
    const path = file ?? (item.kind === 'bundle' && item.key.startsWith('dir:') ? item.key.slice(4) : '.');
    (boxes.get(id) ?? boxes.set(id, { file, path, rows: [] }).get(id)!).rows.push(item);
  }
  return boxes;
}

/** A file box's name: its path inside the folder frame (`d:<folder>`) it is drawn in. */
export function fileLabel(file: string, frame: string | undefined): string {
  return frame ? file.slice(frame.length - 1) : file;
}

/** Room a file box's name needs (drawn a little smaller than a node's name). */
export function headWidth(label: string, measure: (text: string) => number): number {
  return measure(label) * 0.92 + 8;
}

/** Folder clusters: the folders holding two or more drawn boxes or clusters, each in its nearest such folder. */
export function foldersOf(boxes: Map<string, Box>): { parentOf: Map<string, string>; frames: Map<string, string | undefined> } {
  // A folded folder's box counts as a thing inside that folder: with the folder's nearer files drawn,
  // the folder is a cluster holding them and the box of the rest.
  const pathOf = (box: Box): string => (box.file || box.path === '.' ? box.path : `${box.path}/…`);
  const paths = [...boxes.values()].map(pathOf).filter((p) => p !== '.');
  const dirs = branchingDirs(paths);
  // A folder holding every box tells nothing (the drawing is that folder): no cluster for it.
  for (const d of [...dirs]) if (paths.every((p) => isUnder(p, d))) dirs.delete(d);
  const nearest = (path: string): string | undefined => {
    for (let d = parentDir(path); d !== '.'; d = parentDir(d)) if (dirs.has(d)) return d;
    return undefined;
  };
  const parentOf = new Map<string, string>();
  for (const [id, box] of boxes) {
    const d = box.path === '.' ? undefined : nearest(pathOf(box));
    if (d) parentOf.set(id, `d:${d}`);
  }
  const frames = new Map<string, string | undefined>();
  for (const d of dirs) frames.set(d, nearest(d));
  return { parentOf, frames };
}
