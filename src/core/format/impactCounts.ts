import { thousands } from './thousands';
import { isTestFile } from '../graph/testFiles';
import { ChangeKind, ImpactSummary, TestToRun } from '../query/impact/ImpactSummary';
import { GraphResult } from '../query/QueryResult';

/** Dependents (or tests) in one folder: how many nodes, in how many files. */
export interface FolderCount {
  folder: string;
  nodes: number;
  files: number;
  /** Some of its subfolders are counted apart: these are the rest of it. */
  rest?: boolean;
}

/** Every dependent of an impact result by folder: code and test code apart, each most first. */
export interface DependentsByFolder {
  code: FolderCount[];
  tests: FolderCount[];
  codeNodes: number;
  testNodes: number;
}

/**
 * The dependents an impact result holds (its nodes but the changed symbols and library declarations,
 * and `truncation.more`: all of them), by folder, code apart from test code (`isTestFile`). Folders are coarsened (merged
 * into their parents, deepest first) until at most `maxFolders` are left on each side, so one test
 * per folder (`test/functional/x/y/`) still reads as `test/functional`.
 */
export function dependentsByFolder(result: GraphResult, maxFolders: number): DependentsByFolder {
  const inputs = new Set(result.inputs);
  // A library's declaration is reached only on the way to code (the interface member a changed method
  // implements, whose callers may run it): the library does not depend on the change, nothing there to review.
  const files = [...result.nodes.filter((n) => !inputs.has(n.id) && !n.external).map((n) => n.file), ...(result.truncation?.more ?? []).filter((m) => !m.external).map((m) => m.file)];
  const code = files.filter((f) => !isTestFile(f));
  const tests = files.filter((f) => isTestFile(f));
  return { code: byFolder(code, maxFolders), tests: byFolder(tests, maxFolders), codeNodes: code.length, testNodes: tests.length };
}

/** The test files to run by folder (coarsened as dependentsByFolder's), most first. */
export function testsByFolder(tests: readonly TestToRun[], maxFolders: number): FolderCount[] {
  return byFolder(tests.map((t) => t.file), maxFolders);
}

function byFolder(files: readonly string[], maxFolders: number): FolderCount[] {
  const groups = new Map<string, { nodes: number; files: Set<string> }>();
  for (const file of files) {
    const folder = parentOf(file);
    const g = groups.get(folder) ?? { nodes: 0, files: new Set<string>() };
    g.nodes++;
    g.files.add(file);
    groups.set(folder, g);
  }
  // The smallest of the deepest folders goes into its parent, one at a time: big folders stay named.
  while (groups.size > maxFolders) {
    let pick: string | undefined;
    for (const [folder, g] of groups) {
      if (folder === '.') continue;
      const best = pick === undefined ? undefined : groups.get(pick)!;
      if (!best || depthOf(folder) > depthOf(pick!) || (depthOf(folder) === depthOf(pick!) && g.nodes < best.nodes)) pick = folder;
    }
    if (pick === undefined) break;
    const g = groups.get(pick)!;
    groups.delete(pick);
    const up = parentOf(pick);
    const into = groups.get(up) ?? { nodes: 0, files: new Set<string>() };
    into.nodes += g.nodes;
    for (const f of g.files) into.files.add(f);
    groups.set(up, into);
  }
  const names = [...groups.keys()];
  return [...groups]
    .map(([folder, g]): FolderCount => ({ folder, nodes: g.nodes, files: g.files.size, ...(names.some((n) => n !== folder && (folder === '.' || n.startsWith(`${folder}/`))) ? { rest: true } : {}) }))
    .sort((a, b) => b.nodes - a.nodes || b.files - a.files || (a.folder < b.folder ? -1 : 1));
}

function parentOf(path: string): string {
  const at = path.lastIndexOf('/');
  return at < 0 ? '.' : path.slice(0, at);
}

function depthOf(folder: string): number {
  return folder === '.' ? 0 : folder.split('/').length;
}

/** `src/cli 12 (3 files)`; the root as `the root folder`; `src (rest) 40` when subfolders of it are counted apart. */
export function folderText(f: FolderCount): string {
  return `${folderName(f)} ${thousands(f.nodes)}${f.files > 1 ? ` (${thousands(f.files)} files)` : ''}`;
}

export function folderName(f: FolderCount): string {
  return `${f.folder === '.' ? 'the root folder' : f.folder}${f.rest ? ' (rest)' : ''}`;
}

/** `1 removed, 1 signature changed, 2 body changed`: the changed symbols by kind of change, what breaks dependents first. */
export function changeKinds(summary: ImpactSummary): string {
  const counts = new Map<ChangeKind | 'top-level', number>();
  for (const c of summary.changed) {
    const kind = c.node.kind === 'module' && c.change === 'body' ? 'top-level' : c.change;
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  return KIND_ORDER.filter((k) => counts.has(k))
    .map((k) => `${thousands(counts.get(k)!)} ${KIND_WORDS[k]}`)
    .join(', ');
}

const KIND_ORDER: Array<ChangeKind | 'top-level'> = ['removed', 'signature', 'body-type-inferred', 'body', 'top-level', 'moved', 'added'];

const KIND_WORDS: Record<ChangeKind | 'top-level', string> = {
  added: 'added',
  removed: 'removed',
  body: 'body changed',
  'body-type-inferred': 'body changed (type inferred)',
  signature: 'signature changed',
  moved: 'moved',
  'top-level': 'top-level code changed',
};

export function plural(n: number, what: string): string {
  return `${thousands(n)} ${what}${n === 1 ? '' : 's'}`;
}
