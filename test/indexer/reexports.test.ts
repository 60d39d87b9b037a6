import * as assert from 'node:assert/strict';
import { SymbolGraph } from '../../src/core/graph/SymbolGraph';
import { loadFixture } from '../support/loadFixture';
import { edge, label, linesOf, node, span, targetsOf } from '../support/graphLookup';

const APP = 'src/app.ts';
const STRINGS = 'src/lib/strings.ts';
const MATH = 'src/lib/math.ts';
const LOGGER = 'src/lib/logger.ts';
const BARRELS = ['src/lib/index.ts', 'src/public.ts', 'src/lib/defaults.ts'];

describe('indexWorkspace: reexports fixture', () => {
  let graph: SymbolGraph;

  before(async () => {
    ({ graph } = await loadFixture('reexports'));
  });

  it('indexes the real declarations', () => {
    assert.deepEqual(span(node(graph, STRINGS, 'capitalize', 'function')), { offset: 1, limit: 3 });
    assert.deepEqual(span(node(graph, STRINGS, 'truncate', 'function')), { offset: 5, limit: 3 });
    assert.deepEqual(span(node(graph, MATH, 'clamp', 'function')), { offset: 1, limit: 3 });
    assert.deepEqual(span(node(graph, MATH, 'sum', 'function')), { offset: 5, limit: 3 });
    assert.deepEqual(span(node(graph, APP, 'run', 'function')), { offset: 8, limit: 8 });
  });

  it('names a named default export by its own name', () => {
    assert.deepEqual(span(node(graph, LOGGER, 'formatLog', 'function')), { offset: 1, limit: 3 });
  });

  it('gives barrels a module node and nothing else', () => {
    for (const barrel of BARRELS) {
      assert.deepEqual(
        graph.nodesInFile(barrel).map((n) => `${n.name} (${n.kind})`),
        [`${barrel} (module)`],
        `${barrel} declares nothing of its own`,
      );
    }
    for (const alias of ['limit', 'cap', 'shorten', 'u', 'lib', 'logLine', 'shortenDefault']) {
      assert.deepEqual(graph.nodesNamed(alias).map(label), [], `an import or re-export alias (${alias}) is not a node`);
    }
  });

  it('resolves `export *` through the barrel to the declaration', () => {
    assert.ok(linesOf(edge(graph, APP, 'run', 'CALLS', STRINGS, 'capitalize')).includes(9));
  });

  it('resolves a renamed re-export (`export { clamp as limit }`)', () => {
    assert.deepEqual(linesOf(edge(graph, APP, 'run', 'CALLS', MATH, 'clamp')), [10]);
  });

  it('resolves a member of a namespace import of a module and of a barrel', () => {
    assert.ok(linesOf(edge(graph, APP, 'run', 'CALLS', STRINGS, 'truncate')).includes(11), 'u.truncate(...)');
    assert.deepEqual(linesOf(edge(graph, APP, 'run', 'CALLS', MATH, 'sum')), [12], 'lib.sum(...)');
  });

  it('resolves a default export re-exported under a name, and the default import itself', () => {
    assert.deepEqual(linesOf(edge(graph, APP, 'run', 'CALLS', LOGGER, 'formatLog')), [13]);
  });

  it('follows a two-level chain and `export default <imported function>`', () => {
    assert.deepEqual(linesOf(edge(graph, APP, 'run', 'CALLS', STRINGS, 'capitalize')), [9, 14], 'capitalize and cap');
    assert.deepEqual(linesOf(edge(graph, APP, 'run', 'CALLS', STRINGS, 'truncate')), [11, 14], 'u.truncate, shorten and shortenDefault');
  });

  it('resolves `export default X as T` to X, imported by default or through a barrel', () => {
    // The compiler makes a wrapped default export an expression, not an alias: the JSX tags of
    // ra-core's `export default WithPermissions as ComponentType<…>` had no edges.
    assert.deepEqual(linesOf(edge(graph, 'src/typedUse.ts', 'shoutTwice', 'CALLS', 'src/lib/typed.ts', 'exclaim')), [5]);
  });

  it('resolves by import, not by name, when two files declare the same name', () => {
    assert.deepEqual(graph.nodesNamed('capitalize').map(label).sort(), ['src/legacy.ts:capitalize', `${STRINGS}:capitalize`]);
    assert.deepEqual(span(node(graph, 'src/legacy.ts', 'capitalize', 'function')), { offset: 2, limit: 3 });
    assert.deepEqual(targetsOf(graph, 'src/legacy.ts', 'shout', 'CALLS'), ['src/legacy.ts:capitalize']);
    assert.deepEqual(linesOf(edge(graph, 'src/legacy.ts', 'shout', 'CALLS', 'src/legacy.ts', 'capitalize')), [7]);
  });

  it('calls exactly the real declarations, and no edge ends in a barrel', () => {
    assert.deepEqual(targetsOf(graph, APP, 'run', 'CALLS'), [
      `${LOGGER}:formatLog`,
      `${MATH}:clamp`,
      `${MATH}:sum`,
      `${STRINGS}:capitalize`,
      `${STRINGS}:truncate`,
    ]);
    for (const e of graph.allEdges()) {
      const target = graph.getNode(e.to)!;
      assert.ok(!BARRELS.includes(target.file), `edge into a barrel: ${label(graph.getNode(e.from)!)} --${e.type}--> ${label(target)}`);
    }
  });
});
