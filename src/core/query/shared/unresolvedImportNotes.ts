import { SymbolGraph } from '../../graph/SymbolGraph';
import { isAssetImport, packageName } from '../../packageSpecifiers';
import type { QueryDescriptor } from '../QueryDescriptor';
import { QueryResult } from '../QueryResult';
import { backwardSteps, forwardSteps, forwardStepsWithTypes, StepFunction } from '../traversal/stepPolicy';
import { MAX_VISITED_NODES, traverse } from '../traversal/traverse';

/** Packages named one by one in a note; more are counted. */
const MAX_NAMED = 3;

/** What the answer needs to know of the workspace's packages: the name of the one whose folder holds a root-relative file, and that folder. */
export type PackageOf = (file: string) => { name: string; dir: string } | undefined;

/**
 * The answer, with a note where imports that resolve to no types hide part of it (`stats` and the
 * index's warnings say why and what fixes it; the answer says that it is touched):
 * - dependentsOf, impact: the walk reaches code of a workspace package that indexed files import
 *   by its name without resolving it (unbuilt, its types at a build output that does not exist; or
 *   imported from a folder nothing links it into). Their uses of it are not in the graph: on
 *   TanStack/query, the 96 example files that call `useQuery` through '@tanstack/react-query'.
 * - dependenciesOf, pathsBetween: a file the walk reaches imports a package that resolves to no
 *   types: its calls into it have no target.
 * Bad input gets nothing: it is not an answer.
 */
export function withUnresolvedImportNotes(graph: SymbolGraph, result: QueryResult, walk: QueryDescriptor['walk'], packageOf: PackageOf | undefined): QueryResult {
  if (result.kind === 'message' && result.isError) return result;
  const inputs = result.inputs ?? [];
  if (inputs.length === 0) return result;
  const unresolved = new Map<string, string[]>();
  for (const file of graph.files()) {
    const specifiers = graph.getContribution(file)?.unresolvedPackageImports?.filter((s) => !isAssetImport(s));
    if (specifiers?.length) unresolved.set(file, specifiers);
  }
  if (unresolved.size === 0) return result;
  const backward = walk === 'backward';
  const step: StepFunction = backward ? backwardSteps : walk === 'paths' ? forwardStepsWithTypes : forwardSteps;
  const reached = new Set<string>();
  for (const start of inputs) for (const id of traverse(graph, start, step, walk === 'paths' ? Number.POSITIVE_INFINITY : MAX_VISITED_NODES).order) reached.add(graph.getNode(id)?.file ?? '');
  reached.delete('');
  const note = backward ? importersNote(unresolved, reached, packageOf) : importedNote(unresolved, reached);
  return note ? { ...result, notes: [...(result.notes ?? []), note] } : result;
}

function importersNote(unresolved: ReadonlyMap<string, string[]>, reached: ReadonlySet<string>, packageOf: PackageOf | undefined): string | undefined {
  if (!packageOf) return undefined;
  const packages = new Map<string, string>();
  for (const file of reached) {
    const p = packageOf(file);
    if (p?.name) packages.set(p.name, p.dir);
  }
  const hidden: Array<{ name: string; dir: string; files: number }> = [];
  for (const [name, dir] of packages) {
    let files = 0;
    for (const specifiers of unresolved.values()) if (specifiers.some((s) => packageName(s) === name)) files++;
    if (files > 0) hidden.push({ name, dir, files });
  }
  if (hidden.length === 0) return undefined;
  hidden.sort((a, b) => b.files - a.files || a.name.localeCompare(b.name));
  const named = hidden.slice(0, MAX_NAMED).map((h) => `${h.files} file${h.files === 1 ? '' : 's'} import${h.files === 1 ? 's' : ''} '${h.name}' (${h.dir || 'the root folder'})`);
  const more = hidden.length - MAX_NAMED;
  return `Incomplete: uses of this code are missing where its package's name resolves to no types: ${named.join(', ')}${more > 0 ? `, and ${more} more packages` : ''}. \`ts-code-graph stats\` says why, and what fixes it.`;
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
