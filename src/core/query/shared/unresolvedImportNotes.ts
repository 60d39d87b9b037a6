import { SymbolGraph } from '../../graph/SymbolGraph';
import { isFixtureFile } from '../../graph/testFiles';
import { isAssetImport, packageName } from '../../packageSpecifiers';
import type { QueryDescriptor } from '../QueryDescriptor';
import { QueryResult } from '../QueryResult';
import { ReachedNames, WORD } from './reachedNames';

/** Packages named one by one in a note; more are counted. */
const MAX_NAMED = 3;
/** Importing files named for each package; more are elided. */
const MAX_FILES = 2;

/** What the answer needs to know of the workspace's packages: the name of the one whose folder holds a root-relative file, and that folder. */
export type PackageOf = (file: string) => { name: string; dir: string } | undefined;

/**
 * The answer, with a note where imports that resolve to no types hide part of it (`stats` and the
 * index's warnings say why and what fixes it; the answer says that it is touched):
 * - dependentsOf, impact: the walk reaches code of a workspace package that indexed files import
 *   by its name without resolving it (unbuilt, its types at a build output that does not exist; or
 *   imported from a folder nothing links it into), and those files name that code. Their uses of it
 *   are not in the graph: on TanStack/query, 33 of the 96 example files importing
 *   '@tanstack/react-query' call `useQuery`.
 * - dependenciesOf, pathsBetween: a file the walk reaches imports a package that resolves to no
 *   types: its calls into it have no target.
 * Bad input gets nothing: it is not an answer.
 */
export function withUnresolvedImportNotes(graph: SymbolGraph, result: QueryResult, walk: QueryDescriptor['walk'], reached: () => ReachedNames, packageOf: PackageOf | undefined, readText?: (file: string) => string | undefined): QueryResult {
  if (result.kind === 'message' && result.isError) return result;
  if ((result.inputs ?? []).length === 0) return result;
  const unresolved = new Map<string, string[]>();
  for (const file of graph.files()) {
    const specifiers = graph.getContribution(file)?.unresolvedPackageImports?.filter((s) => !isAssetImport(s));
    if (specifiers?.length) unresolved.set(file, specifiers);
  }
  if (unresolved.size === 0) return result;
  const note = walk === 'backward' ? importersNote(unresolved, reached(), packageOf, readText) : importedNote(unresolved, new Set(reached().keys()));
  return note ? { ...result, notes: [...(result.notes ?? []), note] } : result;
}

/**
 * The files importing a reached workspace package by a name that resolves to nothing, and naming
 * (as a whole word) one of the answer's declarations there: the uses the graph cannot hold. Without
 * a way to read them, every such importer counts.
 */
function importersNote(unresolved: ReadonlyMap<string, string[]>, reached: ReachedNames, packageOf: PackageOf | undefined, readText: ((file: string) => string | undefined) | undefined): string | undefined {
  if (!packageOf) return undefined;
  const packages = new Map<string, { dir: string; names: Set<string> }>();
  for (const [file, names] of reached) {
    const p = packageOf(file);
    if (!p?.name) continue;
    const entry = packages.get(p.name) ?? { dir: p.dir, names: new Set<string>() };
    for (const n of names) entry.names.add(n);
    packages.set(p.name, entry);
  }
  // Each importer's words once, however many of the answer's packages it imports.
  const words = new Map<string, Set<string> | null>();
  const wordsOf = (file: string) => {
    let w = words.get(file);
    if (w === undefined) {
      const text = readText?.(file);
      words.set(file, (w = text === undefined ? null : new Set(text.match(WORD))));
    }
    return w;
  };
  const hidden: Array<{ name: string; dir: string; files: string[] }> = [];
  for (const [name, { dir, names }] of packages) {
    const files: string[] = [];
    for (const [file, specifiers] of unresolved) {
      // A fixture's import is data (a codemod's input), not a use.
      if (isFixtureFile(file) || !specifiers.some((s) => packageName(s) === name)) continue;
      const w = wordsOf(file);
      if (w === null || [...names].some((n) => w.has(n))) files.push(file);
    }
    if (files.length > 0) hidden.push({ name, dir, files: files.sort() });
  }
  if (hidden.length === 0) return undefined;
  hidden.sort((a, b) => b.files.length - a.files.length || a.name.localeCompare(b.name));
  // The files themselves, the first few: vercel/ai's "2 files naming it import 'ai'" took a search by hand.
  const which = (files: string[]) => files.slice(0, MAX_FILES).join(', ') + (files.length > MAX_FILES ? ', …' : '');
  const named = hidden.slice(0, MAX_NAMED).map((h) => `${h.files.length} file${h.files.length === 1 ? '' : 's'} naming its code import${h.files.length === 1 ? 's' : ''} '${h.name}' (${h.dir || 'the root folder'}; ${which(h.files)})`);
  const more = hidden.length - MAX_NAMED;
  return `Incomplete: uses of this code may be missing where its package's name resolves to no types: ${named.join(', ')}${more > 0 ? `, and ${more} more packages` : ''}. \`ts-code-graph stats\` says why, and what fixes it.`;
}

function importedNote(unresolved: ReadonlyMap<string, string[]>, reached: ReadonlySet<string>): string | undefined {
  const packages = new Map<string, number>();
  for (const file of reached) for (const name of new Set((unresolved.get(file) ?? []).map(packageName))) packages.set(name, (packages.get(name) ?? 0) + 1);
  if (packages.size === 0) return undefined;
  const ranked = [...packages].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const named = ranked.slice(0, MAX_NAMED).map(([name]) => `'${name}'`);
  const more = ranked.length - MAX_NAMED;
  return `Incomplete: code this answer reaches imports ${named.join(', ')}${more > 0 ? ` and ${more} more packages` : ''}, which resolve${ranked.length === 1 ? 's' : ''} to no types: calls into ${ranked.length === 1 ? 'it' : 'them'} are missing (\`ts-code-graph stats\` says why, and what fixes it).`;
}
