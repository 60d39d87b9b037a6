import assert from 'node:assert/strict';
import { EdgeType, FileContribution, GraphEdge, GraphNode } from '../../src/core/graph/GraphTypes';
import { mulberry32 } from '../support/mulberry32';
import { SymbolGraph } from '../../src/core/graph/SymbolGraph';

const HUB = 'src/hub.ts';
const HUB_TARGETS = [`${HUB}#log@function`, `${HUB}#format@function`, `${HUB}#Store@class`];
const TYPES: EdgeType[] = ['CALLS', 'REFERENCES'];

function hubFile(): FileContribution {
  return {
    file: HUB,
    nodes: [{ id: `${HUB}@module`, name: HUB, kind: 'module', file: HUB, offset: 0, limit: 999 } as GraphNode].concat(
      HUB_TARGETS.map((id, i) => ({ id, name: id.slice(id.indexOf('#') + 1, id.indexOf('@')), kind: 'function' as const, file: HUB, offset: 10 * (i + 1), limit: 10 * (i + 1) + 5 })),
    ),
    edges: [],
    externalNodes: [],
  };
}

/** One version of file `f<i>`: a few functions at random offsets, each calling hub targets and other files' functions. */
function fileVersion(i: number, next: () => number, files: number): FileContribution {
  const file = `src/f${String(i).padStart(3, '0')}.ts`;
  const count = 1 + Math.floor(next() * 4);
  const offsets = [...new Set(Array.from({ length: count }, () => Math.floor(next() * 500)))].sort((a, b) => a - b);
  const nodes = offsets.map((offset, k) => ({ id: `${file}#fn${k}@function`, name: `fn${k}`, kind: 'function' as const, file, offset, limit: offset + 1 }));
  const edges: GraphEdge[] = [];
  for (const n of nodes) {
    for (const to of HUB_TARGETS) if (next() < 0.7) edges.push({ from: n.id, to, type: TYPES[Math.floor(next() * TYPES.length)], lines: [n.offset] });
    if (next() < 0.5) {
      const other = Math.floor(next() * files);
      edges.push({ from: n.id, to: `src/f${String(other).padStart(3, '0')}.ts#fn0@function`, type: 'CALLS' });
    }
  }
  return { file, nodes, edges, externalNodes: [], dependsOnFiles: [HUB] };
}

/** Every node's incoming list as (source, type) pairs, in the graph's order. */
function incoming(graph: SymbolGraph): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const node of graph.allNodes()) out.set(node.id, graph.inEdges(node.id).map((e) => `${e.from} ${e.type}`));
  return out;
}

describe('SymbolGraph incoming lists', () => {
  for (const seed of [1, 2, 3, 4, 5, 6]) {
    it(`keep code order through replaced, removed and swapped-back files, like a graph loaded fresh (seed ${seed})`, () => {
      const next = mulberry32(seed);
      const FILES = 40;
      const graph = new SymbolGraph();
      const current = new Map<string, FileContribution>();
      const load = (c: FileContribution) => {
        graph.replaceFile(c);
        current.set(c.file, c);
      };
      load(hubFile());
      for (let i = 0; i < FILES; i++) load(fileVersion(i, next, FILES));
      graph.settle();
      const previous = new Map<string, FileContribution>();
      for (let step = 0; step < 60; step++) {
        // A batch of changes, as one update makes them, read part-way at random (a query between loads).
        const batch = 1 + Math.floor(next() * (step % 10 === 9 ? FILES : 4));
        for (let b = 0; b < batch; b++) {
          const i = Math.floor(next() * FILES);
          const file = `src/f${String(i).padStart(3, '0')}.ts`;
          const roll = next();
          if (roll < 0.15 && current.has(file)) {
            graph.removeFile(file);
            current.delete(file);
          } else if (roll < 0.3 && previous.has(file)) {
            load(previous.get(file)!); // the same contribution object swapped back in
          } else {
            if (current.has(file)) previous.set(file, current.get(file)!);
            load(fileVersion(i, next, FILES));
          }
          if (next() < 0.2) graph.inEdges(HUB_TARGETS[Math.floor(next() * HUB_TARGETS.length)]);
        }
        if (next() < 0.5) graph.settle();
        const fresh = new SymbolGraph();
        for (const c of [...current.values()].sort(() => next() - 0.5)) fresh.replaceFile(c);
        fresh.settle();
        assert.deepEqual(incoming(graph), incoming(fresh), `seed ${seed}, step ${step}`);
      }
    });
  }
});
