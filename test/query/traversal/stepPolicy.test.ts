import assert from 'node:assert/strict';
import { EdgeType, isMemberKind, NodeKind } from '../../../src/core/graph/GraphTypes';
import { SymbolGraph } from '../../../src/core/graph/SymbolGraph';
import { moveKey } from '../../../src/core/query/paths-between/bidirectionalShortestPath';
import { shapesFixture } from '../../support/shapesFixture';
import { TestGraph } from '../../support/TestGraph';
import { callPredecessors, callSteps, forwardPredecessors, forwardPredecessorsWithTypes, forwardSteps, forwardStepsWithTypes, kindClass, Predecessor, StepFunction, TraversalState } from '../../../src/core/query/traversal/stepPolicy';
import { stateKey } from '../../../src/core/query/traversal/traverse';

/** Every forward move of the graph, seen from its source (forwardSteps) or from its target (forwardPredecessors). */
function movesBothWays(graph: SymbolGraph, steps: StepFunction = forwardSteps, predecessors: (g: SymbolGraph, s: TraversalState) => Predecessor[] = forwardPredecessors): { forward: string[]; backward: string[] } {
  const states: TraversalState[] = [];
  for (const node of graph.allNodes()) {
    states.push({ id: node.id, mode: 'plain' });
    if (isMemberKind(node.kind)) states.push({ id: node.id, mode: 'dispatch' });
  }
  const forward: string[] = [];
  const backward: string[] = [];
  for (const state of states) {
    const key = stateKey(state.id, state.mode);
    for (const step of steps(graph, state)) forward.push(moveKey(key, step, stateKey(step.to, step.mode)));
    for (const { from, step } of predecessors(graph, state)) backward.push(moveKey(stateKey(from.id, from.mode), step, key));
  }
  return { forward: forward.sort(), backward: backward.sort() };
}

describe('stepPolicy', () => {
  it('places every node kind in exactly one class', () => {
    const kinds: NodeKind[] = ['module', 'function', 'method', 'constructor', 'getter', 'setter', 'property', 'variable', 'method-signature', 'namespace'];
    for (const kind of kinds) assert.equal(kindClass(kind), 'function-like', kind);
    assert.equal(kindClass('class'), 'class');
    for (const kind of ['interface', 'type', 'enum'] as const) assert.equal(kindClass(kind), 'type');
  });

  it('keeps forwardPredecessors the exact inverse of forwardSteps on the dispatch fixture', () => {
    const { forward, backward } = movesBothWays(shapesFixture().ctx.graph);
    assert.ok(forward.length > 10);
    assert.deepEqual(backward, forward);
  });

  it('keeps forwardPredecessors the exact inverse of forwardSteps on a random mixed graph', () => {
    let seed = 7;
    const random = (n: number) => {
      seed = (Math.imul(seed, 48271) + 1) >>> 0;
      return seed % n;
    };
    const kinds: NodeKind[] = ['function', 'method', 'method-signature', 'getter', 'property', 'class', 'interface', 'type', 'enum', 'variable', 'module'];
    const types: EdgeType[] = ['CALLS', 'REFERENCES', 'INCLUDES', 'EXTENDS', 'IMPLEMENTS', 'OVERRIDES', 'TAKES', 'RETURNS', 'HAS_TYPE'];
    const g = new TestGraph();
    const ids: string[] = [];
    for (let i = 0; i < 120; i++) ids.push(g.node(`src/m${i % 7}.ts`, `n${i}`, kinds[random(kinds.length)]));
    for (let i = 0; i < 8; i++) ids.push(g.external('node_modules/lib/index.d.ts', `ext${i}`, i % 2 ? 'method' : 'function'));
    for (let i = 0; i < 600; i++) g.edge(ids[random(120)], types[random(types.length)], ids[random(ids.length)]);
    const built = g.build();
    const pairs = [[forwardSteps, forwardPredecessors], [forwardStepsWithTypes, forwardPredecessorsWithTypes], [callSteps, callPredecessors]] as const;
    for (const [steps, predecessors] of pairs) {
      const { forward, backward } = movesBothWays(built, steps, predecessors);
      assert.ok(forward.length > 50);
      assert.deepEqual(backward, forward, steps.name);
    }
    // Call chains are a strict part of the moves with types: no type edge, nothing into a type.
    const calls = movesBothWays(built, callSteps, callPredecessors).forward;
    assert.ok(calls.length < movesBothWays(built, forwardStepsWithTypes, forwardPredecessorsWithTypes).forward.length);
    assert.ok(calls.every((m) => !/TAKES|RETURNS|HAS_TYPE/.test(m)));
  });
});
