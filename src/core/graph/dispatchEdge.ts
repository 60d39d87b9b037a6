import { GraphEdge, GraphNode, isMemberKind } from './GraphTypes';
import { isDeclarationLink } from './implementationTwin';

/** Member-level IMPLEMENTS/OVERRIDES: what lets a call through an interface or base method reach implementations. */
export function isDispatchEdge(edge: GraphEdge, graph: { getNode(id: string): GraphNode | undefined }): boolean {
  if ((edge.type !== 'IMPLEMENTS' && edge.type !== 'OVERRIDES') || isDeclarationLink(edge, graph)) return false;
  const from = graph.getNode(edge.from);
  return !!from && isMemberKind(from.kind);
}
