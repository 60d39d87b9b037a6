import { EDGE_TYPES, EdgeType, GraphEdge, GraphNode } from '../../src/core/graph/GraphTypes';
import { GraphResult } from '../../src/core/query/QueryResult';
import { mulberry32 } from './mulberry32';

export { mulberry32 };


/** A few names for many nodes: collisions (and so `#N` labels) are common. */
const NAMES = ['run', 'load', 'save', 'format', 'User.save', 'parse', 'init', 'main'];

/**
 * A random, contract-respecting GraphResult: 1–40 nodes, unique (from, type, to) edges, at least
 * one edge, nodes = exactly the nodes the edges mention, 1–2 inputs. Half of the cases are DAGs
 * (edges only go forward in a hidden order), the other half allow cycles and self-loops. Node
 * order is shuffled, so "nearest first" is not always "sources first". Files are `src/fN.ts`,
 * each node spanning a random range with random call-site lines (some outside the range); every
 * seventh node is a module node, and two inputs make it a pathsBetween answer.
 */
export function randomResult(rand: () => number): GraphResult {
  const int = (n: number): number => Math.floor(rand() * n);
  const count = 1 + int(40);
  const cyclic = rand() < 0.5 || count === 1;
  const pool = NAMES.slice(0, 1 + int(NAMES.length));
  const all: GraphNode[] = Array.from({ length: count }, (_, i) => {
    const offset = 1 + int(50);
    return {
      id: `src/f${i % 5}.ts#n${i}@function`,
      name: rand() < 0.7 ? pool[int(pool.length)] : `fn${i}`,
      // Every seventh a module node, whose span comes from its call lines (drawn without a random number: seeds replay as before).
      kind: i % 7 === 6 ? 'module' : 'function',
      file: `src/f${i % 5}.ts`,
      offset,
      limit: 1 + int(30),
      ...(rand() < 0.1 ? { external: true } : {}),
    };
  });

  const keys = new Set<string>();
  const edges: GraphEdge[] = [];
  const density = rand() * 2.5;
  const tries = Math.max(1, Math.round(count * density));
  for (let t = 0; t < tries || edges.length === 0; t++) {
    let a = int(count);
    let b = int(count);
    if (!cyclic) {
      if (a === b) continue;
      if (a > b) [a, b] = [b, a];
    }
    const type: EdgeType = rand() < 0.6 ? 'CALLS' : EDGE_TYPES[int(EDGE_TYPES.length)];
    const key = `${a} ${type} ${b}`;
    if (keys.has(key)) continue;
    keys.add(key);
    const from = all[a];
    const lines = Array.from({ length: int(3) }, () => from.offset + int(from.limit + 2) - 1);
    edges.push({ from: from.id, to: all[b].id, type, ...(lines.length ? { lines } : {}) });
  }

  const mentioned = new Set(edges.flatMap((e) => [e.from, e.to]));
  const nodes = shuffle(all.filter((n) => mentioned.has(n.id)), rand);
  const inputs = [nodes[0].id];
  if (nodes.length > 2 && rand() < 0.3) inputs.push(nodes[1 + int(nodes.length - 1)].id);
  // Two inputs are a pathsBetween's ends (their call lines get blocks of their own).
  const query = inputs.length === 2 ? 'pathsBetween' : 'dependenciesOf';
  return { kind: 'graph', query, inputs, nodes, edges: shuffle(edges, rand) };
}

function shuffle<T>(items: T[], rand: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}
