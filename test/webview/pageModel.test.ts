import * as assert from 'node:assert/strict';
import type { DiagramModel, DiagramNode } from '../../src/core/diagram/diagramModel';
import { overlap, placeLabels } from '../../src/webview/page/layout/labels';
import { stackRows } from '../../src/webview/page/layout/fileBox';
import { branchingDirs, FoldState, Item, visibleGraph } from '../../src/webview/page/foldModel';
import { notesOf } from '../../src/webview/page/state';

/** The graph view's pure parts (no DOM): folders worth a cluster, folded folders, class boxes, label placement. */
function node(file: string, name: string, offset: number, input = false): DiagramNode {
  const id = `${file}#${name}@function`;
  return { id, label: name, name, kind: 'function', group: name.includes('.') ? 'method' : 'function', file, offset, limit: 1, input, cut: 0, more: { dependencies: 0, dependents: 0 } } as DiagramNode;
}

function model(nodes: DiagramNode[]): DiagramModel {
  const root = nodes.find((n) => n.input)!;
  const edges = nodes.filter((n) => n !== root).map((n) => ({ from: root.id, to: n.id, type: 'CALLS' as const, family: 'runtime' as const }));
  return { query: 'dependenciesOf', title: 't', nodes, edges, notes: [], mermaid: '' } as unknown as DiagramModel;
}

const fold = (over: Partial<FoldState> = {}): FoldState => ({ depth: 5, grain: 0, opened: new Set(), revealed: new Set(), closedFiles: new Set(), closedDirs: new Set(), ...over });

describe('graph view page model', () => {
  it('a folder is worth a cluster only when it holds two or more files or folders (chains collapse)', () => {
    const dirs = branchingDirs(['node_modules/typescript/lib/a.d.ts', 'node_modules/typescript/lib/b.d.ts', 'src/a/x.ts', 'src/b/y.ts', 'top.ts']);
    assert.deepEqual([...dirs].sort(), ['node_modules/typescript/lib', 'src']);
  });

  it('a folded folder draws everything in it as one counted box, the queried symbol excepted', () => {
    const nodes = [node('src/a/root.ts', 'root', 1, true), node('src/a/x.ts', 'x', 1), node('src/a/b/y.ts', 'y', 1), node('src/c/z.ts', 'z', 1)];
    const vis = visibleGraph(model(nodes), fold({ closedDirs: new Set(['src/a']) }));
    const bundles = vis.items.filter((i) => i.kind === 'bundle');
    assert.deepEqual(bundles.map((b) => [b.id, b.kind === 'bundle' ? b.members.length : 0]), [['bundle:dir:src/a', 2]]);
    assert.deepEqual(vis.items.filter((i) => i.kind === 'node').map((i) => i.id).sort(), [nodes[0].id, nodes[3].id].sort());
    // Opened again (the page deletes it from closedDirs): every node drawn.
    assert.equal(visibleGraph(model(nodes), fold()).items.filter((i) => i.kind === 'bundle').length, 0);
  });

  it("a class's members are stacked inside the class's box, under the class", () => {
    const items: Item[] = [node('f.ts', 'helper', 30), node('f.ts', 'K.m2', 12), node('f.ts', 'K', 5), node('f.ts', 'K.m1', 8), node('f.ts', 'main', 1, true)].map((n) => ({ kind: 'node', id: n.id, node: n, cluster: 'c:f.ts' }));
    const box = stackRows(items, () => 100, 40);
    const order = box.rows.map((r) => (r.item.kind === 'node' ? r.item.node.name : ''));
    assert.deepEqual(order, ['main', 'K', 'K.m1', 'K.m2', 'helper'], 'the queried symbol first, then source order, members under their class');
    assert.equal(box.frames.length, 1);
    const frame = box.frames[0];
    for (const r of box.rows.filter((x) => x.item.kind === 'node' && x.item.node.name.startsWith('K'))) {
      assert.ok(r.x >= frame.x && r.x + r.width <= frame.x + frame.width && r.y >= frame.y && r.y + 38 <= frame.y + frame.height, `${r.item.id} inside the class box`);
    }
    for (const r of box.rows.filter((x) => x.item.kind === 'node' && !x.item.node.name.startsWith('K'))) assert.ok(r.y + 38 <= frame.y || r.y >= frame.y + frame.height);
    assert.ok(box.height >= frame.y + frame.height && box.width >= frame.x + frame.width);
  });

  it('labels never overlap each other or a node: each takes the first free spot along its edge, or none', () => {
    const spots = [{ x: 100, y: 100 }, { x: 100, y: 112 }, { x: 100, y: 124 }];
    const requests = Array.from({ length: 4 }, (_, i) => ({ id: `e${i}`, width: 40, height: 12, spots }));
    const placed = placeLabels(requests, [{ x: 60, y: 125, width: 100, height: 40 }]);
    const boxes = [...placed.values()].filter((p) => p !== undefined).map((p) => ({ x: p!.x - 20, y: p!.y - 6, width: 40, height: 12 }));
    assert.equal(boxes.length, 2, 'two free spots (the third meets the node)');
    assert.ok(!overlap(boxes[0], boxes[1]));
    assert.equal(placed.get('e3'), undefined);
  });

  it('after Show more (the query expanded whole) the cut note is left out, in either wording; before it, or after a badge, it stays', () => {
    const m = model([node('q.ts', 'q', 1, true), node('a.ts', 'a', 1)]);
    const q = m.nodes[0].id;
    const detail = 'Showing 50 of 160 nodes in detail (code before tests, nearest first); 110 more were cut: 110 in the root folder.';
    const nearest = 'Showing the 50 nearest of 1,160 nodes (BFS from the query); 1,110 more were cut. To see further, query one of the farthest nodes shown.';
    const notes = [detail, nearest, 'Other note.'];
    assert.deepEqual(notesOf({ ...m, notes }, []), notes, 'before Show more: every note');
    assert.deepEqual(notesOf({ ...m, notes }, [{ id: q, direction: 'dependencies', depth: 1 }]), notes, 'a badge opened one level: the answer is still cut');
    assert.deepEqual(notesOf({ ...m, notes }, [{ id: q, direction: 'dependencies', depth: 30 }]), ['Other note.'], 'after Show more: the cut notes go');
  });
});
