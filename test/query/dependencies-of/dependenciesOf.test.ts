import assert from 'node:assert/strict';
import { SymbolGraph } from '../../../src/core/graph/SymbolGraph';
import { readGraph, readMessage } from '../../support/readResult';
import { shapesFixture } from '../../support/shapesFixture';
import { TestGraph } from '../../support/TestGraph';
import { MAX_RESULT_NODES } from '../../../src/core/query/traversal/traverse';
import { dependenciesOf } from '../../../src/core/query/dependencies-of/dependenciesOf';

describe(dependenciesOf.name, () => {
  const { ctx } = shapesFixture();

  it('puts the input first, then nodes in BFS order, with each traversed edge once', () => {
    const g = new TestGraph();
    const a = g.node('src/a.ts', 'a', 'function');
    const b = g.node('src/a.ts', 'b', 'function');
    const c = g.node('src/c.ts', 'c', 'function');
    g.edge(a, 'CALLS', b, [3]).edge(b, 'CALLS', c).edge(a, 'REFERENCES', c);
    const { result, names, edges } = readGraph(dependenciesOf(g.context(), 'src/a.ts', 'a'));
    assert.deepEqual(result.inputs, [a]);
    assert.deepEqual(names, ['a', 'b', 'c']);
    assert.deepEqual(edges, ['a --CALLS--> b', 'a --REFERENCES--> c', 'b --CALLS--> c']);
    assert.deepEqual(result.edges.find((e) => e.to === b)?.lines, [3]);
    assert.equal(result.truncation, undefined);
  });

  it('dispatches a call through an interface method to every implementation and override', () => {
    const { names, edges } = readGraph(dependenciesOf(ctx, 'src/app.ts', 'total'));
    assert.deepEqual(new Set(names), new Set(['total', 'Shape.area', 'Circle.area', 'Square.area', 'Sub.area', 'piTimes', 'squareOf', 'round']));
    // Dispatch edges keep their true direction.
    assert.ok(edges.includes('Circle.area --IMPLEMENTS--> Shape.area'));
    assert.ok(edges.includes('Sub.area --OVERRIDES--> Circle.area'));
    assert.ok(edges.includes('Square.area --CALLS--> squareOf'));
  });

  it('dispatches a call to a base-class method to its overrides', () => {
    const { names } = readGraph(dependenciesOf(ctx, 'src/app.ts', 'render'));
    assert.deepEqual(names, ['render', 'Base.draw', 'Derived.draw', 'stroke']);
  });

  it('does not fan out to sibling implementations from an implementation', () => {
    const { names, edges } = readGraph(dependenciesOf(ctx, 'src/shapes.ts', 'Circle.area'));
    assert.deepEqual(new Set(names), new Set(['Circle.area', 'Shape.area', 'piTimes']));
    assert.ok(edges.includes('Circle.area --IMPLEMENTS--> Shape.area'));
  });

  it('does not dispatch from the query input itself', () => {
    const message = readMessage(dependenciesOf(ctx, 'src/shapes.ts', 'Shape.area'));
    assert.equal(message.isError, false);
    assert.equal(message.message, "No dependencies found: 'Shape.area' (src/shapes.ts:7) calls, references, extends or uses nothing the index knows.");
  });

  it('from code, follows runtime edges only: the types a function takes are in its signature already', () => {
    const result = dependenciesOf(ctx, 'src/orders.ts', 'f');
    assert.equal(result.kind, 'message');
    assert.match(result.kind === 'message' ? result.message : '', /^No dependencies found: 'f'/);
  });

  it('from a type, follows its type edges', () => {
    const { names, edges } = readGraph(dependenciesOf(ctx, 'src/orders.ts', 'Order'));
    assert.deepEqual(names, ['Order', 'Item']);
    assert.deepEqual(edges, ['Order --HAS_PROPERTY--> Item']);
  });

  it('follows only structural and type edges out of type kinds', () => {
    const g = new TestGraph();
    const e = g.node('src/e.ts', 'Color', 'enum');
    const t = g.node('src/e.ts', 'Palette', 'type');
    const fn = g.node('src/e.ts', 'compute', 'function');
    g.edge(e, 'CALLS', fn).edge(t, 'ALIAS_FOR', e);
    assert.deepEqual(readGraph(dependenciesOf(g.context(), 'src/e.ts', 'Palette')).names, ['Palette', 'Color']);
  });

  it('follows every out-edge of a class', () => {
    const g = new TestGraph();
    const cls = g.node('src/c.ts', 'C', 'class');
    const base = g.node('src/c.ts', 'B', 'class');
    const init = g.node('src/c.ts', 'init', 'function');
    const T = g.node('src/c.ts', 'T', 'interface');
    g.edge(cls, 'EXTENDS', base).edge(cls, 'CALLS', init).edge(cls, 'HAS_PROPERTY', T);
    assert.deepEqual(readGraph(dependenciesOf(g.context(), 'src/c.ts', 'C')).names, ['C', 'B', 'init', 'T']);
  });

  it('ends in cycles and shows the edge that closes them', () => {
    const g = new TestGraph();
    const a = g.node('src/a.ts', 'a', 'function');
    const b = g.node('src/a.ts', 'b', 'function');
    const c = g.node('src/a.ts', 'c', 'function');
    g.edge(a, 'CALLS', b).edge(b, 'CALLS', c).edge(c, 'CALLS', a);
    const { names, edges } = readGraph(dependenciesOf(g.context(), 'src/a.ts', 'a'));
    assert.deepEqual(names, ['a', 'b', 'c']);
    assert.deepEqual(edges, ['a --CALLS--> b', 'b --CALLS--> c', 'c --CALLS--> a']);
  });

  it('treats external nodes as leaves', () => {
    const graph = new SymbolGraph();
    const ext = { id: 'node_modules/lib/index.d.ts#debounce@function', name: 'debounce', kind: 'function' as const, file: 'node_modules/lib/index.d.ts', offset: 1, limit: 1, external: true };
    const inner = { id: 'node_modules/lib/index.d.ts#inner@function', name: 'inner', kind: 'function' as const, file: 'node_modules/lib/index.d.ts', offset: 5, limit: 1, external: true };
    const a = { id: 'src/a.ts#a@function', name: 'a', kind: 'function' as const, file: 'src/a.ts', offset: 2, limit: 3 };
    graph.replaceFile({ file: 'src/a.ts', nodes: [a], edges: [{ from: a.id, to: ext.id, type: 'CALLS' }], externalNodes: [ext, inner] });
    // Even if some contribution carried an edge out of a library node, the traversal must stop there.
    graph.replaceFile({ file: 'src/odd.ts', nodes: [], edges: [{ from: ext.id, to: inner.id, type: 'CALLS' }], externalNodes: [] });
    const ctx = { graph, root: '/repo' };
    assert.deepEqual(readGraph(dependenciesOf(ctx, 'src/a.ts', 'a')).names, ['a', 'debounce']);
    assert.match(readMessage(dependenciesOf(ctx, 'node_modules/lib/index.d.ts', 'debounce')).message, /is declared in node_modules/);
  });

  it('keeps the 50 nearest nodes of a larger answer and reports the total', () => {
    const g = new TestGraph();
    const root = g.node('src/hub.ts', 'root', 'function');
    const firstLevel: string[] = [];
    for (let i = 0; i < 10; i++) {
      const mid = g.node('src/hub.ts', `mid${i}`, 'function');
      firstLevel.push(mid);
      g.edge(root, 'CALLS', mid);
      for (let j = 0; j < 5; j++) g.edge(mid, 'CALLS', g.node('src/leaves.ts', `leaf${i}_${j}`, 'function'));
    }
    const { result } = readGraph(dependenciesOf(g.context(), 'src/hub.ts', 'root'));
    assert.equal(result.nodes.length, 1 + MAX_RESULT_NODES);
    // The last two first-level nodes lost all 5 leaves each: that is where a diagram draws "+5 more".
    const { cutAt, more, queryNext, ...counts } = result.truncation ?? { shownNodes: 0, totalNodes: 0 };
    assert.deepEqual(counts, { shownNodes: 50, totalNodes: 60 });
    // The 10 leaves left out, nearest first, each `name:line` as a query can select it.
    assert.deepEqual(more?.map((m) => `${m.file} ${m.name}:${m.line}`), [8, 9].flatMap((i) => [0, 1, 2, 3, 4].map((j) => `src/leaves.ts leaf${i}_${j}:${g.build().getNode(`src/leaves.ts#leaf${i}_${j}@function`)!.offset}`)));
    assert.deepEqual({ ...cutAt }, { [firstLevel[8]]: 5, [firstLevel[9]]: 5 });
    assert.deepEqual(queryNext, [
      { name: 'mid8', file: 'src/hub.ts', cut: 5 },
      { name: 'mid9', file: 'src/hub.ts', cut: 5 },
    ]);
    const kept = new Set(result.nodes.map((n) => n.id));
    for (const mid of firstLevel) assert.ok(kept.has(mid), `nearest node ${mid} kept`);
    for (const e of result.edges) assert.ok(kept.has(e.from) && kept.has(e.to), 'edges only between kept nodes');
    for (const n of result.nodes.slice(1)) assert.ok(result.edges.some((e) => e.to === n.id), `${n.name} keeps the edge that reached it`);
  });

  it('points from a class without edges of its own to its busy members', () => {
    const g = new TestGraph();
    g.node('src/user.ts', 'User', 'class', { line: 3 });
    const save = g.node('src/user.ts', 'User.save', 'method', { line: 12 });
    g.node('src/user.ts', 'User.idle', 'method', { line: 20 });
    g.edge(save, 'CALLS', g.node('src/db.ts', 'write', 'function'));
    const message = readMessage(dependenciesOf(g.context(), 'src/user.ts', 'User'));
    assert.equal(message.isError, false);
    assert.equal(message.message, "'User' is a class; its members hold the call edges: User.save (method, line 12). Ask about one of them.");
  });

  it('returns resolver failures as error messages', () => {
    const message = readMessage(dependenciesOf(ctx, 'src/nope.ts', 'x'));
    assert.equal(message.isError, true);
    assert.match(message.message, /^File not indexed: src\/nope\.ts\./);
  });
});
