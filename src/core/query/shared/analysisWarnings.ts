import { fileFailureMessage } from '../../graph/GraphTypes';
import { SymbolGraph } from '../../graph/SymbolGraph';
import { QueryResult } from '../QueryResult';
import { backwardSteps, forwardSteps, forwardStepsWithTypes, StepFunction } from '../traversal/stepPolicy';
import { MAX_VISITED_NODES, traverse } from '../traversal/traverse';
import type { QueryDescriptor } from '../QueryDescriptor';

/** Which way the answer walked (its query's descriptor says). */
type Walk = QueryDescriptor['walk'];

/** Failed files named one by one in an answer; more are counted (stats lists them all). */
const MAX_NAMED = 3;

/**
 * The answer, with a warning for each workspace-wide error (e.g. a missing standard library: every
 * answer may be missing calls), and for each failed file (its analysis threw: see
 * `FileContribution.failure`) whose missing calls could change this answer (`mayChange`). Every
 * other answer is clean: a file that cannot reach the answer must not stamp it, or people learn
 * to ignore the note. Bad input gets none: it is not an answer.
 */
export function withAnalysisWarnings(graph: SymbolGraph, result: QueryResult, walk: Walk, globalErrors: readonly string[] = []): QueryResult {
  const failed = graph.failedFiles();
  const unparsed = graph.unparsedFiles();
  if ((failed.length === 0 && unparsed.length === 0 && globalErrors.length === 0) || (result.kind === 'message' && result.isError)) return result;
  let may: ((file: [string, unknown]) => boolean) | undefined;
  const mayChangeIt = (f: [string, unknown]) => (may ??= mayChange(graph, result, walk))(f);
  const relevant = failed.filter(mayChangeIt);
  // impact names the changed files that do not parse itself.
  const broken = unparsed.filter((f) => !result.warnings?.some((w) => w.includes(`${f[0]} does not parse`)) && mayChangeIt(f));
  if (relevant.length === 0 && broken.length === 0 && globalErrors.length === 0) return result;
  const warnings = [
    ...globalErrors.map((error) => `Incomplete: ${error}`),
    ...relevant.slice(0, MAX_NAMED).map(([file, reason]) => `Incomplete: ${fileFailureMessage(file, reason)}.`),
    ...broken.slice(0, MAX_NAMED).map(
      ([file, e]) => `Incomplete: ${file} does not parse (line ${e.line}: ${e.message}): it is indexed as far as it parses, and what follows the error may be missing or misplaced. Fix the syntax and ask again.`,
    ),
  ];
  const more = relevant.length - MAX_NAMED;
  if (more > 0) warnings.push(`Incomplete: ${more} more files could not be analysed (\`ts-code-graph stats\` or the log lists them).`);
  const moreBroken = broken.length - MAX_NAMED;
  if (moreBroken > 0) warnings.push(`Incomplete: ${moreBroken} more files do not parse (\`ts-code-graph stats\` lists them).`);
  return { ...result, warnings };
}

/**
 * Whether a failed file's missing calls (it has declarations but no edges) can change the answer.
 * The files the query's walk reaches are walked again, whole (up to the walk's own safeguard):
 * the answer counts them, not only the nodes it shows. Only failed workspaces pay for this.
 * - dependenciesOf: the walk reaches a node of the failed file (its calls would be followed on),
 *   or a file that depends on it (it may call a declaration the failed file lost).
 * - dependentsOf: the walk reaches a node of it, or a file it can call into: one it imports,
 *   directly or through the files those depend on (`dependsOnFiles`, which also covers types
 *   inferred through them), or a file whose declarations are global (`FileContribution.global`).
 *   Any other file is out of its reach: the compiler resolves a call only to what it can see.
 * - impact: as dependentsOf, from every changed symbol.
 * - pathsBetween: a walk from either end (unbounded) reaches it as dependenciesOf does; a path
 *   through its missing calls has to enter it first.
 */
function mayChange(graph: SymbolGraph, result: QueryResult, walk: Walk): (failed: [file: string, why: unknown]) => boolean {
  const inputs = result.inputs ?? [];
  if (inputs.length === 0) return () => true; // nothing to scope by: say so, as before
  const reached = new Set<string>();
  const reach = (step: StepFunction, limit: number) => {
    for (const start of inputs) for (const id of traverse(graph, start, step, limit).order) reached.add(graph.getNode(id)?.file ?? '');
  };
  // A reached file that depends on the failed one may call what it lost (a file the parser could
  // not handle keeps no declarations, so no edge leads into it).
  const entered = (file: string) => reached.has(file) || [...reached].some((r) => graph.getContribution(r)?.dependsOnFiles?.includes(file));
  switch (walk) {
    case 'forward':
      reach(forwardSteps, MAX_VISITED_NODES);
      return ([file]) => entered(file);
    case 'paths':
      reach(forwardStepsWithTypes, Number.POSITIVE_INFINITY);
      return ([file]) => entered(file);
    case 'backward': {
      reach(backwardSteps, MAX_VISITED_NODES);
      const anyGlobal = [...reached].some((file) => graph.getContribution(file)?.global);
      return ([file]) => anyGlobal || reached.has(file) || [...filesSeenBy(graph, file)].some((f) => reached.has(f));
    }
  }
}

/** The workspace files `file` can see: what it depends on, transitively (explicit stack). */
function filesSeenBy(graph: SymbolGraph, file: string): Set<string> {
  const seen = new Set<string>();
  const stack = [file];
  while (stack.length > 0) {
    for (const next of graph.getContribution(stack.pop()!)?.dependsOnFiles ?? []) {
      if (seen.has(next)) continue;
      seen.add(next);
      stack.push(next);
    }
  }
  return seen;
}
