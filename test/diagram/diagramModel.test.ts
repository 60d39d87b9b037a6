import * as assert from 'node:assert/strict';
import { EDGE_TYPES, GraphNode } from '../../src/core/graph/GraphTypes';
import { dependenciesOf } from '../../src/core/query/dependencies-of/dependenciesOf';
import { dependentsOf } from '../../src/core/query/dependents-of/dependentsOf';
import { mergeResults } from '../../src/core/diagram/mergeResults';
import { GraphResult, messageResult } from '../../src/core/query/QueryResult';
import { TestGraph } from '../support/TestGraph';
import { diagramModel } from '../../src/core/diagram/diagramModel';
import { formatMermaid } from '../../src/core/format/formatMermaid';
import { formatText } from '../../src/core/format/formatText';
import { parseText } from '../support/parseText';
import { mulberry32, randomResult } from '../support/randomResult';
import { memorySource } from '../support/memorySource';

describe(diagramModel.name, () => {
  it('draws every edge of the text exactly once: the same edges, by the same labels (200 seeded cases)', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const result = randomResult(mulberry32(seed));
      const model = diagramModel(result);
      const ids = new Set(model.nodes.map((n) => n.id));
      assert.equal(ids.size, model.nodes.length, `seed ${seed}: each node once`);
      const label = new Map(model.nodes.map((n) => [n.id, n.label]));
      const drawn = model.edges.map((e) => `${label.get(e.from)} ${e.type} ${label.get(e.to)}`).sort();
      const told = parseText(formatText(result, memorySource({}), { snippets: 'none' })).edges.map((e) => e.join(' ')).sort();
      assert.deepEqual(drawn, told, `seed ${seed}`);
    }
  });

  it('tells same-named nodes apart with the #N of the text and highlights the input', () => {
    const a = fnNode('formatDate', 'src/a.ts');
    const b = fnNode('formatDate', 'src/b.ts');
    const h = fnNode('handle', 'src/h.ts');
    const result: GraphResult = {
      kind: 'graph',
      query: 'dependentsOf',
      inputs: [a.id],
      nodes: [a, h, b],
      edges: [
        { from: h.id, to: a.id, type: 'CALLS' },
        { from: b.id, to: a.id, type: 'REFERENCES' },
      ],
    };
    const model = diagramModel(result);
    assert.deepEqual(
      model.nodes.map((n) => [n.label, n.input]),
      [
        ['formatDate#1', true],
        ['handle', false],
        ['formatDate#2', false],
      ],
    );
    assert.equal(model.title, 'Dependents of formatDate#1');
    assert.equal(model.mermaid, formatMermaid(result));
    assert.deepEqual(
      model.edges.map((e) => e.family),
      ['runtime', 'runtime'],
    );
  });

  it('puts "more here" markers where the 50-node cut stopped, and the truncation line the text shows without its ## More', () => {
    const g = new TestGraph();
    const root = g.node('src/hub.ts', 'root', 'function');
    const mids: string[] = [];
    for (let i = 0; i < 10; i++) {
      const mid = g.node('src/hub.ts', `mid${i}`, 'function');
      mids.push(mid);
      g.edge(root, 'CALLS', mid);
      for (let j = 0; j < 6; j++) g.edge(mid, 'CALLS', g.node('src/leaves.ts', `leaf${i}_${j}`, 'function'));
    }
    const result = dependenciesOf(g.context(), 'src/hub.ts', 'root');
    assert.equal(result.kind, 'graph');
    const model = diagramModel(result);
    const cut = Object.fromEntries(model.nodes.filter((n) => n.cut > 0).map((n) => [n.name, n.cut]));
    // 10 mids + 40 leaves are shown: mid6 loses 2 leaves, mid7..mid9 lose all 6.
    assert.deepEqual(cut, { mid6: 2, mid7: 6, mid8: 6, mid9: 6 });
    assert.equal(model.nodes.reduce((s, n) => s + n.cut, 0), 70 - 50);
    // The picture has no ## More: its line counts the 20 where the text (naming them) would say so.
    const firstLine = formatText(result, memorySource({}), { maxListed: 0 }).split('\n')[0];
    assert.deepEqual(model.notes, [firstLine]);
    assert.match(firstLine, /^Showing 50 of 70 nodes in detail \(code before tests, nearest first\); 20 more were cut: 20 in src\. To see further, query `mid7`/);
  });

  it('with the graph: counts each node\'s missing neighbours per direction, exactly, and carries one page of them', () => {
    const g = new TestGraph();
    const root = g.node('src/hub.ts', 'root', 'function');
    const mids: string[] = [];
    for (let i = 0; i < 10; i++) {
      const mid = g.node('src/hub.ts', `mid${i}`, 'function');
      mids.push(mid);
      g.edge(root, 'CALLS', mid);
      for (let j = 0; j < 6; j++) g.edge(mid, 'CALLS', g.node('src/leaves.ts', `leaf${i}_${j}`, 'function'));
    }
    // Callers of the root and of one mid: dependents, which a dependencies answer never shows.
    const caller = g.node('src/app.ts', 'main', 'function');
    g.edge(caller, 'CALLS', root).edge(caller, 'CALLS', mids[0], [7]);
    const ctx = g.context();
    const result = dependenciesOf(ctx, 'src/hub.ts', 'root');
    const source = memorySource({ 'src/app.ts': Array.from({ length: 9 }, (_, i) => (i === 6 ? '  mid0();' : '')).join('\n') });
    const model = diagramModel(result, { graph: ctx.graph, source });
    const more = Object.fromEntries(model.nodes.filter((n) => n.more.dependencies + n.more.dependents > 0).map((n) => [n.name, n.more]));
    assert.deepEqual(more, {
      root: { dependencies: 0, dependents: 1 },
      mid0: { dependencies: 0, dependents: 1 },
      mid6: { dependencies: 2, dependents: 0 },
      mid7: { dependencies: 6, dependents: 0 },
      mid8: { dependencies: 6, dependents: 0 },
      mid9: { dependencies: 6, dependents: 0 },
    });
    // The reserve holds exactly the missing neighbours (20 leaves and the caller), each with the edges that reach it.
    const reserve = model.reserve!;
    assert.deepEqual(reserve.nodes.map((n) => n.name).sort(), ['main', 'leaf6_4', 'leaf6_5', ...[7, 8, 9].flatMap((i) => Array.from({ length: 6 }, (_, j) => `leaf${i}_${j}`))].sort());
    const label = new Map([...model.nodes, ...reserve.nodes].map((n) => [n.id, n.name]));
    assert.ok(reserve.edges.some((e) => label.get(e.from) === 'main' && label.get(e.to) === 'root'));
    const site = reserve.edges.find((e) => label.get(e.from) === 'main' && label.get(e.to) === 'mid0');
    assert.deepEqual(site?.sites, [{ line: 7, text: 'mid0();' }], 'the call site with its line, as the > line of the text');
    for (const e of reserve.edges) assert.ok(reserve.nodes.some((n) => n.id === e.from || n.id === e.to), 'a reserve edge touches a reserve node');
    // A host that asks for neighbours instead (VS Code) gets the same counts and no reserve.
    const lean = diagramModel(result, { graph: ctx.graph, reserve: false });
    assert.equal(lean.reserve, undefined);
    assert.deepEqual(lean.nodes.map((n) => n.more), model.nodes.map((n) => n.more));
  });

  it('without the graph: the cut count, on the side the query walked', () => {
    const g = new TestGraph();
    const root = g.node('src/hub.ts', 'root', 'function');
    for (let i = 0; i < 60; i++) g.edge(g.node('src/c.ts', `caller${i}`, 'function'), 'CALLS', root);
    const model = diagramModel(dependentsOf(g.context(), 'src/hub.ts', 'root'));
    const input = model.nodes.find((n) => n.input)!;
    assert.deepEqual(input.more, { dependencies: 0, dependents: 10 });
    assert.equal(model.reserve, undefined);
  });

  it('titles an empty answer with its symbol, never a bare "Dependents of"', () => {
    const g = new TestGraph();
    const lone = g.node('src/a.ts', 'lone', 'function');
    const ctx = g.context();
    const result = dependentsOf(ctx, 'src/a.ts', 'lone');
    assert.equal(result.kind, 'message');
    assert.equal(diagramModel(result, { graph: ctx.graph }).title, 'Dependents of lone');
    assert.equal(diagramModel(messageResult('dependentsOf', 'x', true)).title, 'Dependents');
    void lone;
  });

  it('gives each node its group for colour and shape, external included', () => {
    const g = new TestGraph();
    const cls = g.node('src/s.ts', 'Shape', 'class');
    const iface = g.node('src/s.ts', 'Drawable', 'interface');
    const m = g.node('src/s.ts', 'Shape.draw', 'method');
    const ext = g.external('node_modules/lib/index.d.ts', 'debounce');
    g.edge(cls, 'IMPLEMENTS', iface).edge(m, 'CALLS', ext).edge(cls, 'HAS_PROPERTY', m);
    const model = diagramModel(dependenciesOf(g.context(), 'src/s.ts', 'Shape'));
    const groups = Object.fromEntries(model.nodes.map((n) => [n.name, n.group]));
    assert.deepEqual(groups, { Shape: 'class', Drawable: 'type', 'Shape.draw': 'method', debounce: 'external' });
    const families = Object.fromEntries(model.edges.map((e) => [e.type, e.family]));
    assert.equal(families.IMPLEMENTS, 'structural');
    assert.equal(families.HAS_PROPERTY, 'type');
    assert.ok(model.edges.every((e) => EDGE_TYPES.includes(e.type)));
  });

  it('carries the snippet the text would show on hover, with its > marks', () => {
    const g = new TestGraph();
    const a = g.node('src/a.ts', 'a', 'function', { line: 1, limit: 3 });
    const b = g.node('src/a.ts', 'b', 'function', { line: 5, limit: 1 });
    g.edge(a, 'CALLS', b, [2]);
    const source = memorySource({ 'src/a.ts': 'function a() {\n  b();\n}\n\nfunction b() {}' });
    const model = diagramModel(dependenciesOf(g.context(), 'src/a.ts', 'a'), { source });
    assert.deepEqual(model.nodes.find((n) => n.name === 'a')?.snippet, ['  1: function a() {', '> 2:   b();', '  3: }']);
    assert.deepEqual(model.nodes.find((n) => n.name === 'b')?.snippet, ['  5: function b() {}']);
  });

  it('turns a message result into a message, not an empty drawing', () => {
    const model = diagramModel(messageResult('pathsBetween', 'No path found.', false));
    assert.deepEqual(model.message, { text: 'No path found.', isError: false });
    assert.equal(model.nodes.length, 0);
  });

  it('grows by an expansion without drawing anything twice, and clears the marker it resolved', () => {
    const g = new TestGraph();
    const root = g.node('src/hub.ts', 'root', 'function');
    for (let i = 0; i < 55; i++) g.edge(root, 'CALLS', g.node('src/leaves.ts', `leaf${i}`, 'function'));
    const caller = g.node('src/c.ts', 'caller', 'function');
    const leaf0 = 'src/leaves.ts#leaf0@function';
    g.edge(caller, 'CALLS', leaf0);
    const ctx = g.context();
    const base = dependenciesOf(ctx, 'src/hub.ts', 'root');
    const more = dependentsOf(ctx, 'src/leaves.ts', 'leaf0');
    const merged = mergeResults(base, [more]);
    const model = diagramModel(merged);
    assert.equal(model.nodes.length, 51 + 1, 'the 51 of the base plus caller');
    assert.equal(model.edges.length, 50 + 1);
    assert.equal(model.nodes.find((n) => n.name === 'root')?.cut, 5);
    assert.deepEqual(
      model.nodes.filter((n) => n.input).map((n) => n.name),
      ['root'],
    );
    assert.deepEqual(mergeResults(base, [messageResult('dependentsOf', 'No dependents found.', false)]), base);
  });

  it('impact: draws every changed symbol with its kind of change, the one nothing depends on too', () => {
    const changedFn = fnNode('formatDate', 'src/utils.ts');
    const added = fnNode('brandNew', 'src/utils.ts');
    const removed = fnNode('oldHelper', 'src/utils.ts');
    const caller = fnNode('report', 'src/report.ts');
    // As impactOf builds it: the cut leaves out an input without an edge (brandNew).
    const result: GraphResult = {
      kind: 'graph',
      query: 'impact',
      inputs: [changedFn.id, added.id, removed.id],
      nodes: [changedFn, removed, caller],
      edges: [
        { from: caller.id, to: changedFn.id, type: 'CALLS' },
        { from: caller.id, to: removed.id, type: 'CALLS' },
      ],
      impact: {
        base: 'working tree vs HEAD',
        files: [{ file: 'src/utils.ts', status: 'modified' }],
        changed: [
          { node: changedFn, change: 'body', exported: true },
          { node: added, change: 'added', exported: true },
          { node: removed, change: 'removed', exported: false },
        ],
        dependents: 1,
        tests: [],
        runners: [],
      },
    };
    const model = diagramModel(result, { source: memorySource({ 'src/utils.ts': 'export function formatDate() {}\n' }) });
    assert.deepEqual(
      model.nodes.map((n) => [n.label, n.input, n.change, n.changeText]),
      [
        ['formatDate', true, 'body', 'body changed, exported'],
        ['oldHelper', true, 'removed', 'removed'],
        ['report', false, undefined, undefined],
        ['brandNew', true, 'added', 'added, exported'],
      ],
    );
    // A removed symbol's lines are the base version's: no snippet from today's file.
    assert.equal(model.nodes.find((n) => n.change === 'removed')!.snippet, undefined);
    assert.ok(model.nodes.find((n) => n.change === 'body')!.snippet);
  });
});

function fnNode(name: string, file: string): GraphNode {
  return { id: `${file}#${name}@function`, name, kind: 'function', file, offset: 1, limit: 2 };
}
