import assert from 'node:assert/strict';
import { GraphResult, MessageResult, QueryResult } from '../../src/core/query/QueryResult';

export interface ReadableGraph {
  result: GraphResult;
  /** Node names in result order, inputs included. */
  names: string[];
  /** `from --TYPE--> to` by node name, sorted. */
  edges: string[];
}

/** Asserts a graph result and turns it into names, so tests read like the text output. */
export function readGraph(result: QueryResult): ReadableGraph {
  assert.equal(result.kind, 'graph', result.kind === 'message' ? `expected a graph, got message: ${result.message}` : '');
  const graph = result as GraphResult;
  const byId = new Map(graph.nodes.map((n) => [n.id, n.name]));
  const edges = graph.edges.map((e) => `${byId.get(e.from) ?? `?${e.from}`} --${e.type}--> ${byId.get(e.to) ?? `?${e.to}`}`).sort();
  return { result: graph, names: graph.nodes.map((n) => n.name), edges };
}

/** Asserts a message result and returns it. */
export function readMessage(result: QueryResult): MessageResult {
  assert.equal(result.kind, 'message', result.kind === 'graph' ? `expected a message, got a graph of ${result.nodes.length} nodes` : '');
  return result as MessageResult;
}
