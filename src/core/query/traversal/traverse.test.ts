import * as assert from 'assert';
import { mulberry32 } from '../../test-support/mulberry32';
import { EDGE_TYPES, NodeKind } from '../../graph/GraphTypes';
import { TestGraph } from '../test-support/TestGraph';
import { backwardSteps, forwardSteps, forwardStepsWithTypes } from './stepPolicy';
import { toGraphResult } from './toGraphResult';
import { MAX_VISITED_NODES, traverse } from './traverse';

const KINDS: NodeKind[] = ['function', 'method', 'method-signature', 'property', 'class', 'interface', 'type', 'variable'];

/** A random graph dense enough that most walks pass the 50 shown nodes: hubs, cycles, dispatch. */
function randomGraph(seed: number, nodeCount: number) {
  const next = mulberry32(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)];
  const g = new TestGraph();
  const ids: string[] = [];
  for (let i = 0; i < nodeCount; i++) ids.push(g.node(`src/f${i % 17}.ts`, `n${i}`, pick(KINDS)));
  const hubs = ids.slice(0, 5);
  for (const from of ids) {
    const fanOut = 1 + Math.floor(next() * 4);
    for (let k = 0; k < fanOut; k++) g.edge(from, pick(EDGE_TYPES), next() < 0.3 ? pick(hubs) : pick(ids));
  }
  return { graph: g.build(), ids };
}

describe('traverse', () => {
  it('keeps only the edges touching the shown nodes, and the result is the one all edges give', () => {
    let truncated = 0;
    let fewerEdges = 0;
    for (let seed = 1; seed <= 12; seed++) {
      const { graph, ids } = randomGraph(seed, 150 + seed * 20);
      for (const start of ids.filter((_, i) => i % 3 === 0)) {
        for (const step of [forwardSteps, forwardStepsWithTypes, backwardSteps]) {
          const kept = traverse(graph, start, step);
          const all = traverse(graph, start, step, MAX_VISITED_NODES, Infinity);
          assert.deepEqual(kept.order, all.order);
          if (kept.order.length < 2) continue;
          assert.deepEqual(toGraphResult('dependenciesOf', graph, kept), toGraphResult('dependenciesOf', graph, all), `seed ${seed}, from ${start}`);
          if (kept.edges.length < all.edges.length) fewerEdges++;
          if (kept.order.length > 51) truncated++;
        }
      }
    }
    // The comparison means something only if walks went past the cut and dropped edges there.
    assert.ok(truncated > 100, `only ${truncated} walks passed the cut`);
    assert.ok(fewerEdges > 100, `only ${fewerEdges} walks dropped edges`);
  });

  it('with a small cap, stops early and still keeps every edge among the nodes it keeps', () => {
    const { graph, ids } = randomGraph(99, 300);
    const start = ids.find((id) => traverse(graph, id, forwardStepsWithTypes).order.length > 40)!;
    const capped = traverse(graph, start, forwardStepsWithTypes, 20, 10);
    assert.equal(capped.stoppedEarly, true);
    assert.equal(capped.order.length, 20);
    // The cut can keep any node as deep as the 10th: edges touching those are kept.
    const shown = new Set(capped.order.filter((_, i) => capped.depth[i] <= capped.depth[9]));
    assert.ok(capped.edges.every((e) => shown.has(e.from) || shown.has(e.to)));
    const uncut = traverse(graph, start, forwardStepsWithTypes, 20, Infinity);
    const inShown = (t: typeof capped) => t.edges.filter((e) => shown.has(e.from) && shown.has(e.to));
    assert.deepEqual(inShown(capped), inShown(uncut));
  });
});
