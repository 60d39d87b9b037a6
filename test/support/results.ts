import { GraphEdge, GraphNode } from '../../src/core/graph/GraphTypes';
import { GraphResult } from '../../src/core/query/QueryResult';

/** Hand-built results for golden tests: a function node with a readable id. */
export function fn(name: string, file: string, offset: number, limit: number): GraphNode {
  return { id: `${file}#${name}@function`, name, kind: 'function', file, offset, limit };
}

/** A CALLS edge, with the call-site lines that become `>` marks. */
export function call(from: GraphNode, to: GraphNode, lines?: number[]): GraphEdge {
  return { from: from.id, to: to.id, type: 'CALLS', ...(lines ? { lines } : {}) };
}

/** A dependenciesOf result; `inputs` are ids or names of nodes in `nodes`. */
export function graph(nodes: GraphNode[], edges: GraphEdge[], inputs: string[]): GraphResult {
  const ids = inputs.map((i) => nodes.find((n) => n.id === i || n.name === i)?.id ?? i);
  return { kind: 'graph', query: 'dependenciesOf', inputs: ids, nodes, edges };
}
