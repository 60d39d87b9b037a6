import * as assert from 'assert';
import { mulberry32 } from '../../support/mulberry32';
import { EDGE_TYPES, GraphEdge, NodeKind } from '../../../src/core/graph/GraphTypes';
import { SymbolGraph } from '../../../src/core/graph/SymbolGraph';
import { TestGraph } from '../../support/TestGraph';
import { backwardSteps, forwardSteps, forwardStepsWithTypes, StepFunction } from '../../../src/core/query/traversal/stepPolicy';
import { toGraphResult } from '../../../src/core/query/traversal/toGraphResult';
import { MAX_RESULT_NODES, traverse } from '../../../src/core/query/traversal/traverse';

const KINDS: NodeKind[] = ['function', 'method', 'method-signature', 'property', 'class', 'interface', 'type', 'variable'];

/** A random graph dense enough that most walks pass the 50 shown nodes: hubs, cycles, dispatch; a third of its files are tests. */
function randomGraph(seed: number, nodeCount: number) {
  const next = mulberry32(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)];
  const g = new TestGraph();
  const ids: string[] = [];
  for (let i = 0; i < nodeCount; i++) ids.push(g.node(i % 3 === 2 ? `test/f${i % 17}.test.ts` : `src/f${i % 17}.ts`, `n${i}`, pick(KINDS)));
  const hubs = ids.slice(0, 5);
  for (const from of ids) {
    const fanOut = 1 + Math.floor(next() * 4);
    for (let k = 0; k < fanOut; k++) g.edge(from, pick(EDGE_TYPES), next() < 0.3 ? pick(hubs) : pick(ids));
  }
  return { graph: g.build(), ids };
}

/** The reference: the same walk keeping every edge it steps along (each once, in walk order). */
function allSteppedEdges(graph: SymbolGraph, start: string, step: StepFunction): GraphEdge[] {
  const t = traverse(graph, start, step);
  const visited = new Set(t.order);
  const edges: GraphEdge[] = [];
  const seen = new Set<GraphEdge>();
  for (const state of t.states) {
    for (const s of step(graph, state)) {
      if (!visited.has(s.to) || seen.has(s.edge)) continue;
      seen.add(s.edge);
      edges.push(s.edge);
    }
  }
  return edges;
}

describe('traverse and the cut', () => {
  it('keep code before tests, each kept node with the edge that reached it, and every stepped edge between kept nodes', () => {
    let truncated = 0;
    let testsLeftOut = 0;
    let codeOverTestsChecked = 0;
    for (let seed = 1; seed <= 8; seed++) {
      const { graph, ids } = randomGraph(seed, 150 + seed * 20);
      for (const start of ids.filter((_, i) => i % 4 === 0)) {
        for (const step of [forwardSteps, forwardStepsWithTypes, backwardSteps]) {
          const t = traverse(graph, start, step);
          if (t.order.length < 2) continue;
          const result = toGraphResult('dependenciesOf', graph, t);
          const kept = new Set(result.nodes.map((n) => n.id));
          const where = `seed ${seed}, from ${start}`;
          assert.ok(kept.size <= 1 + MAX_RESULT_NODES, where);
          // Every stepped edge between kept nodes, and no other, in walk order.
          assert.deepEqual(result.edges, allSteppedEdges(graph, start, step).filter((e) => kept.has(e.from) && kept.has(e.to)), where);
          // Each kept node's discovering edge is shown: the picture is connected.
          t.order.forEach((id, i) => i > 0 && kept.has(id) && assert.ok(result.edges.includes(t.via[i]!), `${where}: ${id} keeps its edge`));
          // Code before tests, at every depth: a node of code is left out only when it did not fit with
          // the nodes of its chain not kept (a test helper that reaches it among them).
          const isTest = (id: string) => graph.getNode(id)!.file.startsWith('test/');
          const place = new Map(t.order.map((id, i) => [id, i]));
          const unkeptChain = (i: number): number => {
            let n = 0;
            for (let at = i; !kept.has(t.order[at]); n++) {
              const e = t.via[at]!;
              at = place.get(e.from === t.order[at] ? e.to : e.from)!;
            }
            return n;
          };
          const shown = kept.size - 1;
          t.order.forEach((id, i) => {
            if (i > 0 && !kept.has(id) && !isTest(id)) assert.ok(shown + unkeptChain(i) > MAX_RESULT_NODES, `${where}: code ${id} left out though it fits`);
          });
          if (result.nodes.some((n) => isTest(n.id)) && t.order.some((id, i) => i > 0 && !kept.has(id) && !isTest(id))) codeOverTestsChecked++;
          // What is left out is listed, code first, in BFS order.
          const more = result.truncation?.more?.map((m) => m.id) ?? [];
          const leftOut = t.order.filter((id) => !kept.has(id));
          assert.deepEqual(more, [...leftOut.filter((id) => !isTest(id)), ...leftOut.filter(isTest)], where);
          if (t.order.length > 51) truncated++;
          if (more.some(isTest)) testsLeftOut++;
        }
      }
    }
    // The checks mean something only if walks went past the cut and left tests out.
    assert.ok(truncated > 100, `only ${truncated} walks passed the cut`);
    assert.ok(testsLeftOut > 100, `only ${testsLeftOut} walks left tests out`);
    assert.ok(codeOverTestsChecked > 0, 'no walk kept a test while leaving code out');
  });

  it('with a small cap, stops early and still keeps every stepped edge among the nodes it keeps', () => {
    const { graph, ids } = randomGraph(99, 300);
    const start = ids.find((id) => traverse(graph, id, forwardStepsWithTypes).order.length > 40)!;
    const capped = traverse(graph, start, forwardStepsWithTypes, 20);
    assert.equal(capped.stoppedEarly, true);
    assert.equal(capped.order.length, 20);
    const result = toGraphResult('dependenciesOf', graph, capped, undefined, 10);
    assert.equal(result.truncation?.stoppedEarly, true);
    assert.equal(result.truncation?.more?.length, 19 - result.truncation!.shownNodes);
    const kept = new Set(result.nodes.map((n) => n.id));
    assert.ok(result.edges.every((e) => kept.has(e.from) && kept.has(e.to)));
    capped.order.forEach((id, i) => i > 0 && kept.has(id) && assert.ok(result.edges.includes(capped.via[i]!)));
  });
});
