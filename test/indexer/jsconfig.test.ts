import * as assert from 'node:assert/strict';
import { SymbolGraph } from '../../src/core/graph/SymbolGraph';
import { loadFixture } from '../support/loadFixture';
import { edge, hasNode, linesOf, node, span } from '../support/graphLookup';

const STRINGS = 'lib/strings.js';
const REPORT = 'lib/report.js';
const CLI = 'bin/cli.js';

describe('indexWorkspace: jsconfig fixture (CommonJS project)', () => {
  let graph: SymbolGraph;

  before(async () => {
    ({ graph } = await loadFixture('jsconfig'));
  });

  it('indexes the files the jsconfig includes', () => {
    for (const file of [STRINGS, REPORT, CLI]) assert.ok(graph.hasFile(file), `${file} is indexed`);
  });

  it('indexes CommonJS functions and classes', () => {
    assert.deepEqual(span(node(graph, STRINGS, 'pad', 'function')), { offset: 3, limit: 3 });
    assert.deepEqual(span(node(graph, STRINGS, 'heading', 'function')), { offset: 7, limit: 3 });
    assert.deepEqual(span(node(graph, REPORT, 'Report', 'class')), { offset: 5, limit: 15 });
    assert.deepEqual(span(node(graph, REPORT, 'Report.addRow', 'method')), { offset: 11, limit: 4 });
    assert.deepEqual(span(node(graph, REPORT, 'createReport', 'function')), { offset: 21, limit: 3 });
    assert.deepEqual(span(node(graph, CLI, 'main', 'function')), { offset: 6, limit: 5 });
    assert.equal(hasNode(graph, CLI, 'createReport'), false, 'a destructured require binding is not a node');
  });

  it('resolves destructured require() of module.exports = { … } to the declarations', () => {
    assert.deepEqual(linesOf(edge(graph, REPORT, 'Report.addRow', 'CALLS', STRINGS, 'pad')), [12]);
    assert.deepEqual(linesOf(edge(graph, REPORT, 'Report.render', 'CALLS', STRINGS, 'heading')), [17]);
    assert.deepEqual(linesOf(edge(graph, CLI, 'main', 'CALLS', REPORT, 'createReport')), [7]);
  });

  it('resolves methods on the type a JS function returns, including inside a callback', () => {
    assert.deepEqual(linesOf(edge(graph, CLI, 'main', 'CALLS', REPORT, 'Report.addRow')), [8]);
    assert.deepEqual(linesOf(edge(graph, CLI, 'main', 'CALLS', REPORT, 'Report.render')), [9]);
    assert.deepEqual(linesOf(edge(graph, REPORT, 'createReport', 'CALLS', REPORT, 'Report')), [22]);
  });

  it('attributes the script entry call to the module node', () => {
    assert.deepEqual(linesOf(edge(graph, CLI, CLI, 'CALLS', CLI, 'main')), [12]);
  });
});
