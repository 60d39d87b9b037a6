import { GraphNode } from '../../graph/GraphTypes';
import { isDispatchEdge } from '../../graph/dispatchEdge';
import { SymbolGraph } from '../../graph/SymbolGraph';
import { QueryContext } from '../QueryContext';
import { QueryResult, messageResult, withNotes } from '../QueryResult';
import { resolveSymbol } from '../resolve/resolveSymbol';
import { describeLocation } from '../shared/describeNode';
import { membersHint } from '../shared/membersHint';
import { backwardSteps, StepFunction } from '../traversal/stepPolicy';
import { toGraphResult } from '../traversal/toGraphResult';
import { traverse } from '../traversal/traverse';

/**
 * Who depends on `symbol`? Backward, transitive, nearest first (see ../TRAVERSAL.md for which
 * edges count). Bad input and empty answers come back as message results, never as throws.
 * A file's module node stands for the file: see `moduleDependents`.
 */
export function dependentsOf(ctx: QueryContext, filePath: string, symbol: string): QueryResult {
  const resolved = resolveSymbol(ctx, filePath, symbol);
  if (!resolved.ok) return messageResult('dependentsOf', resolved.message, true);
  return withNotes(answer(ctx.graph, resolved.node), [resolved.note]);
}

function answer(graph: SymbolGraph, node: GraphNode): QueryResult {
  if (node.kind === 'module') return moduleDependents(graph, node);
  const traversal = traverse(graph, node.id, backwardSteps);
  if (traversal.order.length > 1) return toGraphResult('dependentsOf', graph, traversal);
  return messageResult('dependentsOf', noDependentsMessage(graph, node), false, [node.id]);
}

/**
 * Who depends on a file? Nothing points at a module node but imports for effect (`import './x'`);
 * an import of its exports is recorded as the edges of their uses. So the file's dependents are the
 * dependents of the file itself and of every declaration in it that code outside it uses, walked as
 * one start (TRAVERSAL.md, "A file's module node"): the inputs are the module node and those
 * declarations, and from the file's own nodes only steps out of the file are taken (its own
 * helpers using each other are not dependents of the file).
 */
function moduleDependents(graph: SymbolGraph, module: GraphNode): QueryResult {
  const leavesFile: StepFunction = (g, state) => {
    const steps = backwardSteps(g, state);
    return g.getNode(state.id)?.file === module.file ? steps.filter((s) => g.getNode(s.to)?.file !== module.file) : steps;
  };
  const used = graph.nodesInFile(module.file).filter((n) => n.id !== module.id && leavesFile(graph, { id: n.id, mode: 'plain' }).length > 0);
  const traversal = traverse(graph, [module.id, ...used.map((n) => n.id)], leavesFile);
  if (traversal.order.length > traversal.starts) return toGraphResult('dependentsOf', graph, traversal);
  return messageResult(
    'dependentsOf',
    `No dependents found: nothing outside ${module.file} uses what it declares or imports it for effect (\`import './file'\`). ` +
      'An import whose names are never used is no dependency here.',
    false,
    [module.id, ...used.map((n) => n.id)],
  );
}

function noDependentsMessage(graph: SymbolGraph, node: GraphNode): string {
  // A member is worth naming when something reaches it: a caller, or an interface method it implements.
  const hasDependents = (member: GraphNode) =>
    graph.inEdges(member.id).length > 0 || graph.outEdges(member.id).some((e) => isDispatchEdge(e, graph));
  const hint = membersHint(graph, node, hasDependents);
  if (hint) return hint;
  return `No dependents found: nothing in the indexed workspace calls, references, extends or uses ${describeLocation(node)}.`;
}
