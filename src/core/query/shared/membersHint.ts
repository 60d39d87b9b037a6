import { GraphNode, isMemberKind } from '../../graph/GraphTypes';
import { SymbolGraph } from '../../graph/SymbolGraph';
import { describeNode, joinLimited } from './describeNode';

const MAX_LISTED_MEMBERS = 10;

/**
 * For an empty answer about a class or interface: "its members hold the call edges" plus the list.
 *
 * Calls go to `User.save`, not to `User`, so a question about the class itself often finds
 * nothing even though its methods are busy. Saying which members have edges (for this query's
 * direction, via `hasEdges`) turns a dead end into the next question to ask.
 * Returns undefined when the node is not a class/interface or no member has such edges.
 */
export function membersHint(graph: SymbolGraph, node: GraphNode, hasEdges: (member: GraphNode) => boolean): string | undefined {
  if (node.kind !== 'class' && node.kind !== 'interface') return undefined;
  const members = directMembers(graph, node).filter(hasEdges);
  if (members.length === 0) return undefined;
  const article = node.kind === 'interface' ? 'an interface' : 'a class';
  const listed = joinLimited(members.map(describeNode), MAX_LISTED_MEMBERS);
  return `'${node.name}' is ${article}; its members hold the call edges: ${listed}. Ask about one of them.`;
}

/** `User.save`, `User.create`, but not `User.save.helper` (a function nested in a method). */
function directMembers(graph: SymbolGraph, owner: GraphNode): GraphNode[] {
  const prefix = `${owner.name}.`;
  return graph
    .nodesInFile(owner.file)
    .filter((n) => isMemberKind(n.kind) && n.name.startsWith(prefix) && !n.name.slice(prefix.length).includes('.'));
}
