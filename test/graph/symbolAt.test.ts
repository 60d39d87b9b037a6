import * as assert from 'node:assert/strict';
import { GraphNode } from '../../src/core/graph/GraphTypes';
import { SymbolGraph } from '../../src/core/graph/SymbolGraph';
import { symbolAt } from '../../src/core/graph/symbolAt';

describe('symbolAt (the graph symbol a cursor means)', () => {
  const file = 'src/store.ts';
  const node = (name: string, kind: GraphNode['kind'], offset: number, limit: number): GraphNode => ({ id: `${file}#${name}@${kind}`, name, kind, file, offset, limit });
  // Lines: class Store 1–10, its method save 3–5, function helper 12–14; the module spans the file.
  const graph = new SymbolGraph();
  graph.replaceFile({
    file,
    nodes: [node(file, 'module', 1, 20), node('Store', 'class', 1, 10), node('Store.save', 'method', 3, 3), node('helper', 'function', 12, 3)],
    edges: [],
    externalNodes: [],
  });
  const at = (line: number, word?: string): string | undefined => symbolAt(graph, file, line, word)?.name;

  it('is the innermost declaration around the line when no name is given', () => {
    assert.equal(at(4), 'Store.save');
    assert.equal(at(2), 'Store');
    assert.equal(at(13), 'helper');
  });

  it('prefers the enclosing declaration named by the word, by its own name or its last segment', () => {
    assert.equal(at(4, 'Store'), 'Store');
    assert.equal(at(4, 'save'), 'Store.save');
    assert.equal(at(4, 'unrelated'), 'Store.save');
  });

  it('spans offset to offset + limit - 1, and the module is never the answer', () => {
    assert.equal(at(5), 'Store.save');
    assert.equal(at(6), 'Store');
    assert.equal(at(11), undefined);
    assert.equal(at(15), undefined);
    assert.equal(symbolAt(graph, 'src/other.ts', 4), undefined);
  });
});
