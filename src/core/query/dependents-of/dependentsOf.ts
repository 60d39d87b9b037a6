import { GraphNode, isDispatchEdge } from '../../graph/GraphTypes';
import { SymbolGraph } from '../../graph/SymbolGraph';
import { QueryContext } from '../QueryContext';
import { QueryResult, messageResult } from '../QueryResult';
import { resolveSymbol } from '../resolve/resolveSymbol';
import { describeLocation } from '../shared/describeNode';
import { membersHint } from '../traversal/membersHint';
import { backwardSteps } from '../traversal/stepPolicy';
import { toGraphResult } from '../traversal/toGraphResult';
import { traverse } from '../traversal/traverse';

/**
 * Who depends on `symbol`? Backward, transitive, nearest first (see ../TRAVERSAL.md for which
 * edges count). Bad input and empty answers come back as message results, never as throws.
 */
export function dependentsOf(ctx: QueryContext, filePath: string, symbol: string): QueryResult {
  const resolved = resolveSymbol(ctx, filePath, symbol);
  if (!resolved.ok) return messageResult('dependentsOf', resolved.message, true);

  const traversal = traverse(ctx.graph, resolved.node.id, backwardSteps);
  if (traversal.order.length > 1) return toGraphResult('dependentsOf', ctx.graph, traversal);
  return messageResult('dependentsOf', noDependentsMessage(ctx.graph, resolved.node), false, [resolved.node.id]);
}

function noDependentsMessage(graph: SymbolGraph, node: GraphNode): string {
  // A member is worth naming when something reaches it: a caller, or an interface method it implements.
  const hasDependents = (member: GraphNode) =>
    graph.inEdges(member.id).length > 0 || graph.outEdges(member.id).some((e) => isDispatchEdge(e, graph));
  const hint = membersHint(graph, node, hasDependents);
  if (hint) return hint;
  return `No dependents found: nothing in the indexed workspace calls, references, extends or uses ${describeLocation(node)}.`;
}
