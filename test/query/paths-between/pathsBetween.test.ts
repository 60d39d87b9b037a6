import assert from 'node:assert/strict';
import { GraphResult } from '../../../src/core/query/QueryResult';
import { readGraph, readMessage } from '../../support/readResult';
import { shapesFixture } from '../../support/shapesFixture';
import { TestGraph } from '../../support/TestGraph';
import { pathsBetween } from '../../../src/core/query/paths-between/pathsBetween';

describe(pathsBetween.name, () => {
  const { ctx } = shapesFixture();
  const ref = (file_path: string, symbol: string) => ({ file_path, symbol });

  function chain() {
    const g = new TestGraph();
    const handle = g.node('src/api/handler.ts', 'handleRequest', 'function');
    const service = g.node('src/orders/service.ts', 'processOrder', 'function');
    const query = g.node('src/db/queries.ts', 'executeQuery', 'function');
    const other = g.node('src/other.ts', 'unrelated', 'function');
    g.edge(handle, 'CALLS', service, [18]).edge(service, 'CALLS', query);
    return { ctx: g.context(), handle, service, query, other };
  }

  it('walks type edges from code too when no call chain exists: a function is connected to the types it takes, and the first line says so', () => {
    const result = pathsBetween(ctx, ref('src/orders.ts', 'f'), ref('src/orders.ts', 'Item'));
    const { edges } = readGraph(result);
    assert.deepEqual(edges, ['Order --HAS_PROPERTY--> Item', 'f --TAKES--> Order']);
    assert.deepEqual((result as GraphResult).notes, [
      'Through types only: no chain of calls or references connects these symbols; the TAKES, HAS_PROPERTY edges below are types they take, return, hold, extend or implement, not code that runs.',
    ]);
  });

  // Issue 39: on payload, `pathsBetween findOperation killTransaction` answered an 11-hop chain
  // through shared types (TAKES, EXTENDS, DERIVES_FROM, ALIAS_FOR) that an agent read as calls.
  it('prefers a call chain to a shorter path through types, and never labels a call chain as types', () => {
    const g = new TestGraph();
    const find = g.node('src/find.ts', 'findOperation', 'function');
    const kill = g.node('src/kill.ts', 'killTransaction', 'function');
    const args = g.node('src/types.ts', 'Args', 'interface');
    const step = g.node('src/step.ts', 'step', 'function');
    const step2 = g.node('src/step.ts', 'step2', 'function');
    // findOperation takes Args, whose property's type is `typeof killTransaction`: two steps through types.
    g.edge(find, 'TAKES', args).edge(args, 'HAS_PROPERTY', kill);
    g.edge(find, 'CALLS', step).edge(step, 'CALLS', step2).edge(step2, 'CALLS', kill);
    const result = pathsBetween(g.context(), ref('src/find.ts', 'findOperation'), ref('src/kill.ts', 'killTransaction'));
    const { edges } = readGraph(result);
    assert.deepEqual(edges, ['findOperation --CALLS--> step', 'step --CALLS--> step2', 'step2 --CALLS--> killTransaction']);
    assert.equal((result as GraphResult).notes, undefined);
  });

  it('a path only through types is labelled with the edges it goes through', () => {
    const g = new TestGraph();
    const find = g.node('src/find.ts', 'findOperation', 'function');
    const args = g.node('src/types.ts', 'Args', 'type');
    const req = g.node('src/types.ts', 'Req', 'interface');
    const base = g.node('src/types.ts', 'BaseArgs', 'interface');
    const impl = g.node('src/impl.ts', 'Impl', 'class');
    g.edge(find, 'TAKES', args).edge(args, 'ALIAS_FOR', req).edge(req, 'EXTENDS', base).edge(impl, 'IMPLEMENTS', req);
    const notes = (pathsBetween(g.context(), ref('src/find.ts', 'findOperation'), ref('src/types.ts', 'BaseArgs')) as GraphResult).notes ?? [];
    assert.match(notes[0] ?? '', /^Through types only: .*the TAKES, ALIAS_FOR, EXTENDS edges below/);
    // A class implementing an interface is a type relation too, not a call.
    const implNotes = (pathsBetween(g.context(), ref('src/impl.ts', 'Impl'), ref('src/types.ts', 'BaseArgs')) as GraphResult).notes ?? [];
    assert.match(implNotes[0] ?? '', /^Through types only: .*the IMPLEMENTS, EXTENDS edges below/);
  });

  it('finds the path from → to with edges in true direction', () => {
    const c = chain();
    const { result, names, edges } = readGraph(pathsBetween(c.ctx, ref('src/api/handler.ts', 'handleRequest'), ref('src/db/queries.ts', 'executeQuery')));
    assert.deepEqual(result.inputs, [c.handle, c.query]);
    assert.deepEqual(names, ['handleRequest', 'processOrder', 'executeQuery']);
    assert.deepEqual(edges, ['handleRequest --CALLS--> processOrder', 'processOrder --CALLS--> executeQuery']);
    assert.equal(result.truncation, undefined);
  });

  it('finds the same path when asked the other way round', () => {
    const c = chain();
    const { result, names, edges } = readGraph(pathsBetween(c.ctx, ref('src/db/queries.ts', 'executeQuery'), ref('src/api/handler.ts', 'handleRequest')));
    assert.deepEqual(result.inputs, [c.query, c.handle]);
    assert.deepEqual(names, ['handleRequest', 'processOrder', 'executeQuery']);
    assert.deepEqual(edges, ['handleRequest --CALLS--> processOrder', 'processOrder --CALLS--> executeQuery']);
  });

  it('follows dispatch: a caller of the interface method reaches an implementation', () => {
    for (const [from, to] of [
      [ref('src/app.ts', 'total'), ref('src/shapes.ts', 'Square.area')],
      [ref('src/shapes.ts', 'Square.area'), ref('src/app.ts', 'total')],
    ]) {
      const { names, edges } = readGraph(pathsBetween(ctx, from, to));
      assert.deepEqual(names, ['total', 'Shape.area', 'Square.area']);
      assert.deepEqual(edges, ['Square.area --IMPLEMENTS--> Shape.area', 'total --CALLS--> Shape.area']);
    }
  });

  it('does not connect sibling implementations through their interface', () => {
    assert.equal(readMessage(pathsBetween(ctx, ref('src/shapes.ts', 'Circle.area'), ref('src/shapes.ts', 'Square.area'))).message, 'No path found.');
  });

  it('returns three shortest paths when more exist', () => {
    const g = new TestGraph();
    const s = g.node('src/s.ts', 's', 'function');
    const t = g.node('src/s.ts', 't', 'function');
    for (const name of ['a', 'b', 'c', 'd']) {
      const mid = g.node('src/s.ts', name, 'function');
      g.edge(s, 'CALLS', mid).edge(mid, 'CALLS', t);
    }
    const { result } = readGraph(pathsBetween(g.context(), ref('src/s.ts', 's'), ref('src/s.ts', 't')));
    assert.equal(result.nodes.length, 5, 's, t and three middles');
    assert.equal(result.edges.length, 6);
  });

  it('tops up with next-shortest paths, shortest first, within a bounded detour', () => {
    const g = new TestGraph();
    const s = g.node('src/s.ts', 's', 'function');
    const t = g.node('src/s.ts', 't', 'function');
    const [a, b, c, w, x, y, z] = ['a', 'b', 'c', 'w', 'x', 'y', 'z'].map((n) => g.node('src/s.ts', n, 'function'));
    g.edge(s, 'CALLS', t);
    g.edge(s, 'CALLS', a).edge(a, 'CALLS', t);
    g.edge(s, 'CALLS', b).edge(b, 'CALLS', c).edge(c, 'CALLS', t);
    g.edge(s, 'CALLS', w).edge(w, 'CALLS', x).edge(x, 'CALLS', y).edge(y, 'CALLS', z).edge(z, 'CALLS', t);
    const { names, edges } = readGraph(pathsBetween(g.context(), ref('src/s.ts', 's'), ref('src/s.ts', 't')));
    assert.deepEqual(names, ['s', 't', 'a', 'b', 'c']);
    assert.deepEqual(edges, ['a --CALLS--> t', 'b --CALLS--> c', 'c --CALLS--> t', 's --CALLS--> a', 's --CALLS--> b', 's --CALLS--> t']);
  });

  it('finds next-shortest paths through dispatch too', () => {
    const g = new TestGraph();
    const s = g.node('src/s.ts', 's', 'function');
    const t = g.node('src/s.ts', 't', 'function');
    const im = g.node('src/s.ts', 'I.m', 'method-signature');
    const am = g.node('src/s.ts', 'A.m', 'method');
    g.edge(s, 'CALLS', t).edge(s, 'CALLS', im).edge(am, 'IMPLEMENTS', im).edge(am, 'CALLS', t);
    const { names, edges } = readGraph(pathsBetween(g.context(), ref('src/s.ts', 's'), ref('src/s.ts', 't')));
    assert.deepEqual(names, ['s', 't', 'I.m', 'A.m']);
    assert.deepEqual(edges, ['A.m --CALLS--> t', 'A.m --IMPLEMENTS--> I.m', 's --CALLS--> I.m', 's --CALLS--> t']);
  });

  it('stops at external nodes', () => {
    const g = new TestGraph();
    const a = g.node('src/a.ts', 'a', 'function');
    const ext = g.external('node_modules/lib/index.d.ts', 'debounce');
    g.edge(a, 'CALLS', ext);
    const c = g.context();
    assert.deepEqual(readGraph(pathsBetween(c, ref('src/a.ts', 'a'), ref('node_modules/lib/index.d.ts', 'debounce'))).names, ['a', 'debounce']);
  });

  it('answers "No path found." for unconnected symbols', () => {
    const c = chain();
    const message = readMessage(pathsBetween(c.ctx, ref('src/api/handler.ts', 'handleRequest'), ref('src/other.ts', 'unrelated')));
    assert.deepEqual(message, {
      kind: 'message',
      query: 'pathsBetween',
      message: 'No path found.',
      isError: false,
      inputs: ['src/api/handler.ts#handleRequest@function', 'src/other.ts#unrelated@function'],
    });
  });

  it('refuses the same symbol as source and target', () => {
    const c = chain();
    const message = readMessage(pathsBetween(c.ctx, ref('src/api/handler.ts', 'handleRequest'), ref('./src/api/handler.ts', 'handleRequest')));
    assert.deepEqual(message, { kind: 'message', query: 'pathsBetween', message: 'Invalid query: source and target are the same symbol.', isError: true });
  });

  it('says which endpoint could not be resolved', () => {
    const c = chain();
    const bad = readMessage(pathsBetween(c.ctx, ref('src/api/handler.ts', 'handleRequest'), ref('src/db/queries.ts', 'executeQuerry')));
    assert.equal(bad.isError, true);
    assert.match(bad.message, /^`to` endpoint: Symbol 'executeQuerry' not found in src\/db\/queries\.ts\. Closest in that file: executeQuery/);
    assert.match(readMessage(pathsBetween(c.ctx, ref('nope.ts', 'x'), ref('src/db/queries.ts', 'executeQuery'))).message, /^`from` endpoint: File not indexed/);
  });

  it('finds shortest paths in a 10k-node, 50k-edge random graph', () => {
    const { ctx: big, names, edgesOut, planted } = randomGraph(10_000, 50_000);
    const started = process.hrtime.bigint();
    const plantedResult = pathsBetween(big, ref(planted.fromFile, planted.from), ref(planted.toFile, planted.to));
    const randomResult = pathsBetween(big, ref('src/f0.ts', names[0]), ref('src/f99.ts', names[9_999]));
    const elapsedMs = Number(process.hrtime.bigint() - started) / 1e6;
    console.log(`      (two pathsBetween queries on 10k nodes / 50k edges: ${elapsedMs.toFixed(1)} ms)`);

    // The planted chain is the only way into its target: exactly that path comes back.
    assert.deepEqual(readGraph(plantedResult).names, planted.path);

    // A random pair: every returned edge exists, and the union holds a path of the true shortest length.
    const result = readGraph(randomResult).result;
    const expected = bfsDistance(edgesOut, 0, 9_999);
    assert.ok(expected !== undefined && expected > 1, 'the random pair is connected');
    for (const e of result.edges) assert.ok(big.graph.outEdges(e.from).some((x) => x.to === e.to), 'edge exists');
    assert.equal(distanceWithin(result, result.inputs[0], result.inputs[1]), expected);
  });
});

/** Seeded so failures reproduce. */
function randomGraph(nodeCount: number, edgeCount: number) {
  // mulberry32: 32-bit integer arithmetic only (a float LCG loses precision and cycles early).
  let seed = 12345;
  const random = (n: number) => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) % n;
  };
  const g = new TestGraph();
  const ids: string[] = [];
  const names: string[] = [];
  for (let i = 0; i < nodeCount; i++) {
    names.push(`fn${i}`);
    ids.push(g.node(`src/f${Math.floor(i / 100)}.ts`, `fn${i}`, 'function'));
  }
  const edgesOut: number[][] = ids.map(() => []);
  const seen = new Set<number>();
  while (seen.size < edgeCount) {
    const a = random(nodeCount);
    const b = random(nodeCount);
    if (a === b || seen.has(a * nodeCount + b)) continue;
    seen.add(a * nodeCount + b);
    edgesOut[a].push(b);
    g.edge(ids[a], 'CALLS', ids[b]);
  }
  // A target nothing else reaches, behind a chain of fresh nodes.
  const chain = ['p1', 'p2', 'p3'].map((n) => g.node('src/planted.ts', n, 'function'));
  const target = g.node('src/planted.ts', 'plantedTarget', 'function');
  g.edge(ids[42], 'CALLS', chain[0]).edge(chain[0], 'CALLS', chain[1]).edge(chain[1], 'CALLS', chain[2]).edge(chain[2], 'CALLS', target);
  const planted = { fromFile: 'src/f0.ts', from: 'fn42', toFile: 'src/planted.ts', to: 'plantedTarget', path: ['fn42', 'p1', 'p2', 'p3', 'plantedTarget'] };
  return { ctx: g.context(), names, edgesOut, planted };
}

function bfsDistance(edgesOut: number[][], from: number, to: number): number | undefined {
  const dist = new Map<number, number>([[from, 0]]);
  const queue = [from];
  for (let head = 0; head < queue.length; head++) {
    const n = queue[head];
    if (n === to) return dist.get(n);
    for (const m of edgesOut[n]) {
      if (!dist.has(m)) {
        dist.set(m, dist.get(n)! + 1);
        queue.push(m);
      }
    }
  }
  return undefined;
}

/** Shortest from → to distance using only the result's edges. */
function distanceWithin(result: GraphResult, from: string, to: string): number | undefined {
  const dist = new Map<string, number>([[from, 0]]);
  const queue = [from];
  for (let head = 0; head < queue.length; head++) {
    const n = queue[head];
    if (n === to) return dist.get(n);
    for (const e of result.edges) {
      if (e.from === n && !dist.has(e.to)) {
        dist.set(e.to, dist.get(n)! + 1);
        queue.push(e.to);
      }
    }
  }
  return undefined;
}
