import { GraphNode } from '../../graph/GraphTypes';
import { SymbolGraph } from '../../graph/SymbolGraph';
import { QueryContext } from '../QueryContext';
import { QueryResult, messageResult, withNotes } from '../QueryResult';
import { resolveSymbol } from '../resolve/resolveSymbol';
import { describeLocation } from '../shared/describeNode';
import { membersHint } from '../shared/membersHint';
import { forwardSteps } from '../traversal/stepPolicy';
import { toGraphResult } from '../traversal/toGraphResult';
import { traverse } from '../traversal/traverse';

/**
 * What does `symbol` depend on? Forward, transitive, nearest first (see ../TRAVERSAL.md for which
 * edges count). Bad input and empty answers come back as message results, never as throws.
 */
export function dependenciesOf(ctx: QueryContext, filePath: string, symbol: string): QueryResult {
  const resolved = resolveSymbol(ctx, filePath, symbol);
  if (!resolved.ok) return messageResult('dependenciesOf', resolved.message, true);

  const traversal = traverse(ctx.graph, resolved.node.id, forwardSteps);
  const result =
    traversal.order.length > 1
      ? toGraphResult('dependenciesOf', ctx.graph, traversal)
      : messageResult('dependenciesOf', noDependenciesMessage(ctx.graph, resolved.node), false, [resolved.node.id]);
  return withNotes(result, [resolved.note]);
}

function noDependenciesMessage(graph: SymbolGraph, node: GraphNode): string {
  if (node.external) {
    return (
      `No dependencies found: ${describeLocation(node)} is declared in node_modules, and the graph does not look inside libraries. ` +
      'Ask dependentsOf to see who uses it.'
    );
  }
  const hint = membersHint(graph, node, (member) => graph.outEdges(member.id).length > 0);
  if (hint) return hint;
  return `No dependencies found: ${describeLocation(node)} calls, references, extends or uses nothing the index knows.`;
}
