import { fileFailureMessage } from '../../graph/GraphTypes';
import { SymbolGraph } from '../../graph/SymbolGraph';
import { QueryResult } from '../QueryResult';

/** Failed files named one by one in an answer; more are counted (stats lists them all). */
const MAX_NAMED = 3;

/**
 * The answer, with a warning for each workspace-wide error (e.g. a missing standard library: every
 * answer may be missing calls), and for each failed file (its analysis threw: see
 * `FileContribution.failure`) that the answer may be missing calls from: a file holding a node of
 * the answer, and, for dependentsOf and pathsBetween, any failed file (its calls to anything are
 * unknown, so a dependent or a path may be missing). Bad input gets none: it is not an answer.
 */
export function withAnalysisWarnings(graph: SymbolGraph, result: QueryResult, globalErrors: readonly string[] = []): QueryResult {
  const failed = graph.failedFiles();
  if ((failed.length === 0 && globalErrors.length === 0) || (result.kind === 'message' && result.isError)) return result;
  const touched = result.kind === 'graph' ? new Set(result.nodes.map((n) => n.file)) : new Set<string>();
  const anyMayHide = result.query !== 'dependenciesOf';
  const relevant = failed.filter(([file]) => anyMayHide || touched.has(file));
  if (relevant.length === 0 && globalErrors.length === 0) return result;
  const warnings = [
    ...globalErrors.map((error) => `Incomplete: ${error}`),
    ...relevant.slice(0, MAX_NAMED).map(([file, reason]) => `Incomplete: ${fileFailureMessage(file, reason)}.`),
  ];
  const more = relevant.length - MAX_NAMED;
  if (more > 0) warnings.push(`Incomplete: ${more} more files could not be analysed (\`ts-code-graph stats\` or the log lists them).`);
  return { ...result, warnings };
}
