import { GraphNode } from '../../graph/GraphTypes';

/**
 * How messages name a node: `formatDate (function, line 15)`, `User.create (static method, line 4)`.
 * Kind and line are what tell same-named candidates apart, and the line is what a reader can check
 * with the Read tool, so every suggestion and candidate list in the query messages uses this one form.
 */
export function describeNode(node: GraphNode): string {
  return `${node.name} (${describeKind(node)}, line ${node.offset})`;
}

/** `method`, `static method`, `getter`...: the kind as a reader would say it. */
export function describeKind(node: GraphNode): string {
  return node.isStatic ? `static ${node.kind}` : node.kind;
}

/** `'formatDate' (src/utils.ts:15)`: a node named with its location, for "nothing found" answers. */
export function describeLocation(node: GraphNode): string {
  return `'${node.name}' (${node.file}:${node.offset})`;
}

/** Joins at most `max` items with ", " and says how many were left out. */
export function joinLimited(items: string[], max: number): string {
  if (items.length <= max) return items.join(', ');
  return `${items.slice(0, max).join(', ')} and ${items.length - max} more`;
}
