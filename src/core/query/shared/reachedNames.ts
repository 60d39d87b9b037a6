import { SymbolGraph } from '../../graph/SymbolGraph';
import type { QueryDescriptor } from '../QueryDescriptor';
import { backwardSteps, forwardSteps, forwardStepsWithTypes, StepFunction } from '../traversal/stepPolicy';
import { MAX_VISITED_NODES, traverse } from '../traversal/traverse';

/** A word of a text, as an identifier is written: what the notes match an importer's text against. */
export const WORD = /[A-Za-z_$][\w$]*/g;

/** Reached root-relative file → the names an importer writes for the answer's code there. */
export type ReachedNames = ReadonlyMap<string, ReadonlySet<string>>;

/**
 * The workspace files an answer's walk reaches from its inputs, each with the top-level names of the
 * reached declarations there (`QueryClient` for `QueryClient.fetchQuery`; a file reached only as a
 * module has none). The walk is the query's own (backward, forward, or paths with types, unbounded
 * as pathsBetween's is); the notes that read importers' texts share one walk per answer.
 */
export function reachedNames(graph: SymbolGraph, inputs: readonly string[], walk: QueryDescriptor['walk']): ReachedNames {
  const step: StepFunction = walk === 'backward' ? backwardSteps : walk === 'paths' ? forwardStepsWithTypes : forwardSteps;
  const reached = new Map<string, Set<string>>();
  for (const start of inputs) {
    for (const id of traverse(graph, start, step, walk === 'paths' ? Number.POSITIVE_INFINITY : MAX_VISITED_NODES).order) {
      const node = graph.getNode(id);
      if (!node || node.external) continue;
      const names = reached.get(node.file) ?? new Set<string>();
      if (node.kind !== 'module') names.add(node.name.split('.')[0]);
      reached.set(node.file, names);
    }
  }
  return reached;
}
