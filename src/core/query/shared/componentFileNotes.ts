import * as path from 'path';
import { SymbolGraph } from '../../graph/SymbolGraph';
import { packageName } from '../../packageSpecifiers';
import type { QueryDescriptor } from '../QueryDescriptor';
import { QueryResult } from '../QueryResult';
import { joinLimited } from './describeNode';
import { ReachedNames, WORD } from './reachedNames';
import type { PackageOf } from './unresolvedImportNotes';

/** The module specifiers of a text: `from '…'`, `import '…'`, `import('…')`, `require('…')`. */
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)(['"])([^'"\n]+)\1/g;
/** Component files named one by one in the note; more are counted. */
const MAX_NAMED = 3;
/** What a specifier may end in that the file it names does not (`./util.js` for `util.ts`). */
const SCRIPT_EXTENSION = /\.(?:[cm]?[jt]sx?)$/;

/** One component file's text as the note reads it: its words and its module specifiers. */
interface ComponentText {
  words: Set<string>;
  specifiers: string[];
}

/**
 * dependentsOf and impact: the component files (`.vue`, `.svelte`, `.astro`: no program holds them,
 * so their uses are not in the graph) that import a file the answer reaches and name, as a whole
 * word, code of the answer in that file: their uses of it are missing. An import matches a reached
 * file by path (a relative specifier, resolved from the component's folder), by the last segment of
 * an aliased path (`$lib/stores/cart` for `src/lib/stores/cart.ts`, `@/utils` for `src/utils/index.ts`),
 * or by the name of the workspace package holding it. Only backward walks: the graph has no
 * component to start from or pass through.
 */
export function withComponentFileNotes(
  graph: SymbolGraph,
  result: QueryResult,
  walk: QueryDescriptor['walk'],
  components: readonly string[],
  reached: () => ReachedNames,
  packageOf: PackageOf | undefined,
  readText: (file: string) => string | undefined,
): QueryResult {
  if (components.length === 0 || walk !== 'backward') return result;
  if (result.kind === 'message' && result.isError) return result;
  if ((result.inputs ?? []).length === 0) return result;
  const targets = [...throughBarrels(graph, reached())].filter(([, names]) => names.size > 0).map(([file, names]) => ({ file, names, ...importNames(file), pkg: packageOf?.(file)?.name }));
  if (targets.length === 0) return result;
  const using: string[] = [];
  for (const component of components) {
    const text = readText(component);
    if (text === undefined) continue;
    const { words, specifiers } = scan(text);
    const uses = targets.some((t) => [...t.names].some((n) => words.has(n) || n === 'default') && specifiers.some((s) => importsFile(s, component, t)));
    if (uses) using.push(component);
  }
  if (using.length === 0) return result;
  const n = using.length;
  const note = `Incomplete: ${n} component file${n === 1 ? '' : 's'}, which TypeScript does not read, import${n === 1 ? 's' : ''} this answer's code and name${n === 1 ? 's' : ''} it: ${joinLimited(using, MAX_NAMED)}. Their uses are not in this answer.`;
  return { ...result, notes: [...(result.notes ?? []), note] };
}

/**
 * The reached files, and the files re-exporting their reached code (`index.ts` barrels, through any
 * number of them), each with the names an importer of it writes: svelte-query's own component tests
 * import `createQuery` from `../../src/index.js`.
 */
function throughBarrels(graph: SymbolGraph, reached: ReachedNames): Map<string, Set<string>> {
  const byTarget = new Map<string, Array<{ barrel: string; exported: string; name: string }>>();
  for (const barrel of graph.files()) {
    for (const r of graph.getContribution(barrel)?.reExports ?? []) {
      if (r.file === barrel) continue;
      const list = byTarget.get(r.file) ?? [];
      list.push({ barrel, exported: r.exported, name: r.name });
      byTarget.set(r.file, list);
    }
  }
  const importable = new Map([...reached].map(([file, names]) => [file, new Set(names)]));
  const queue = [...importable.keys()];
  while (queue.length) {
    const file = queue.pop()!;
    const names = importable.get(file)!;
    for (const r of byTarget.get(file) ?? []) {
      const passed = r.name === '*' ? [...names] : names.has(r.name) ? [r.exported] : [];
      const into = importable.get(r.barrel) ?? new Set<string>();
      const size = into.size;
      for (const n of passed) into.add(n);
      importable.set(r.barrel, into);
      if (into.size > size) queue.push(r.barrel);
    }
  }
  return importable;
}

function scan(text: string): ComponentText {
  const specifiers: string[] = [];
  for (const m of text.matchAll(SPECIFIER)) specifiers.push(m[2]);
  return { words: new Set(text.match(WORD)), specifiers };
}

/** How imports may name a root-relative file: its path without extension, and the last segment they end in. */
function importNames(file: string): { stem: string; segment: string } {
  const stem = file.replace(/\.d\.[cm]?ts$|\.[cm]?[jt]sx?$/, '');
  const base = path.posix.basename(stem);
  // `src/utils/index.ts` is imported as `…/utils`.
  if (base === 'index') return { stem: path.posix.dirname(stem), segment: path.posix.basename(path.posix.dirname(stem)) };
  return { stem, segment: base };
}

function importsFile(specifier: string, component: string, target: { stem: string; segment: string; pkg?: string }): boolean {
  const spec = specifier.replace(SCRIPT_EXTENSION, '').replace(/\/$/, '');
  if (spec.startsWith('.')) {
    const resolved = path.posix.join(path.posix.dirname(component), spec);
    return resolved === target.stem || resolved === `${target.stem}/index`;
  }
  if (target.pkg && packageName(spec) === target.pkg) return true;
  // An alias (`$lib/…`, `@/…`, `~/…`, `#…`, a paths mapping): its last segment.
  return (spec.includes('/') || /^[$#~]/.test(spec)) && path.posix.basename(spec).replace(/^[$#~]/, '') === target.segment;
}
