import * as assert from 'node:assert/strict';
import { GraphEdge, GraphNode } from '../../src/core/graph/GraphTypes';
import { declarationFilesOf, implementationFilesOf, implementationOf, isDeclarationLink } from '../../src/core/graph/implementationTwin';

describe('implementationTwin', () => {
  const node = (name: string, kind: GraphNode['kind'], isStatic?: boolean): GraphNode => ({ id: `a.js#${name}@${kind}`, name, kind, file: 'a.js', offset: 1, limit: 1, ...(isStatic ? { isStatic } : {}) });

  it('pairs declaration files with the JavaScript they describe, both ways', () => {
    assert.deepEqual(implementationFilesOf('lib/a.d.ts'), ['lib/a.js', 'lib/a.jsx']);
    assert.deepEqual(implementationFilesOf('a.d.mts'), ['a.mjs']);
    assert.deepEqual(implementationFilesOf('a.d.cts'), ['a.cjs']);
    assert.deepEqual(implementationFilesOf('a.ts'), []);
    assert.deepEqual(declarationFilesOf('lib/a.jsx'), ['lib/a.d.ts']);
    assert.deepEqual(declarationFilesOf('a.mjs'), ['a.d.mts']);
    assert.deepEqual(declarationFilesOf('a.cjs'), ['a.d.cts']);
    assert.deepEqual(declarationFilesOf('a.ts'), []);
  });

  it('finds the implementation by name and staticness, the same kind first, never for a type', () => {
    const fn = node('f', 'function');
    const variable = node('f', 'variable');
    assert.equal(implementationOf({ name: 'f', kind: 'variable' }, [fn, variable]), variable);
    assert.equal(implementationOf({ name: 'f', kind: 'variable' }, [fn]), fn, 'declare const f may be implemented by function f');
    const instance = node('C.m', 'method');
    const statics = node('C.m', 'method', true);
    assert.equal(implementationOf({ name: 'C.m', kind: 'method', isStatic: true }, [instance, statics]), statics);
    assert.equal(implementationOf({ name: 'C.m', kind: 'method' }, [statics]), undefined);
    assert.equal(implementationOf({ name: 'I', kind: 'interface' }, [node('I', 'variable')]), undefined);
    assert.equal(implementationOf({ name: 'f', kind: 'function' }, [node('f', 'type')]), undefined);
  });

  it("tells a node's link to its own declaration from other IMPLEMENTS edges", () => {
    const at = (file: string, name: string, kind: GraphNode['kind']): GraphNode => ({ id: `${file}#${name}@${kind}`, name, kind, file, offset: 1, limit: 1 });
    const nodes = [at('lib/a.js', 'C.m', 'method'), at('lib/a.d.ts', 'C.m', 'method'), at('a.mjs', 'f', 'function'), at('a.d.mts', 'f', 'function'), at('lib/a.js', 'Circle', 'class'), at('lib/a.d.ts', 'Shape', 'interface'), at('lib/b.js', 'C', 'class'), at('lib/a.d.ts', 'C', 'class')];
    const graph = { getNode: (id: string) => nodes.find((n) => n.id === id) };
    const link = (from: GraphNode, to: GraphNode, type: GraphEdge['type'] = 'IMPLEMENTS') => isDeclarationLink({ from: from.id, to: to.id, type }, graph);
    assert.equal(link(nodes[0], nodes[1]), true);
    assert.equal(link(nodes[2], nodes[3]), true);
    assert.equal(link(nodes[4], nodes[5]), false, 'a JSDoc @implements beside its interface');
    assert.equal(link(nodes[6], nodes[7]), false, 'another file');
    assert.equal(link(nodes[0], nodes[1], 'CALLS'), false);
  });
});
