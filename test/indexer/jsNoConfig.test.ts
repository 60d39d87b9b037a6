import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { SymbolGraph } from '../../src/core/graph/SymbolGraph';
import { fixtureRoot, loadFixture, sourceFilesOf } from '../support/loadFixture';
import { edge, hasNode, linesOf, node, span } from '../support/graphLookup';

const FORMAT = 'src/format.js';
const STORE = 'src/store.js';
const LIST = 'src/components/NoteList.jsx';
const INDEX = 'src/index.js';

describe('indexWorkspace: js-no-config fixture (ESM .js/.jsx, no tsconfig or jsconfig)', () => {
  let graph: SymbolGraph;

  before(async () => {
    ({ graph } = await loadFixture('js-no-config'));
  });

  it('really has no config file (the indexer must infer one)', () => {
    const root = fixtureRoot('js-no-config');
    assert.equal(fs.existsSync(path.join(root, 'tsconfig.json')), false);
    assert.equal(fs.existsSync(path.join(root, 'jsconfig.json')), false);
  });

  it('indexes every .js and .jsx file', () => {
    assert.deepEqual(sourceFilesOf('js-no-config'), [LIST, FORMAT, INDEX, STORE]);
    for (const file of sourceFilesOf('js-no-config')) assert.ok(graph.hasFile(file), `${file} is indexed`);
  });

  it('indexes JS functions, arrow consts and classes, without their JSDoc', () => {
    assert.deepEqual(span(node(graph, FORMAT, 'formatNote', 'function')), { offset: 5, limit: 3 });
    assert.deepEqual(span(node(graph, FORMAT, 'capitalize', 'function')), { offset: 9, limit: 3 });
    assert.deepEqual(span(node(graph, FORMAT, 'formatTitle', 'function')), { offset: 13, limit: 1 });
    assert.deepEqual(span(node(graph, STORE, 'NoteStore', 'class')), { offset: 3, limit: 15 });
    assert.deepEqual(span(node(graph, STORE, 'NoteStore.constructor', 'constructor')), { offset: 4, limit: 3 });
    assert.deepEqual(span(node(graph, STORE, 'NoteStore.add', 'method')), { offset: 8, limit: 5 });
    assert.deepEqual(span(node(graph, LIST, 'NoteList', 'function')), { offset: 7, limit: 9 });
    assert.equal(hasNode(graph, INDEX, 'store'), false, 'a non-exported variable is not a node');
  });

  it('resolves ESM imports with .js/.jsx extensions', () => {
    assert.deepEqual(linesOf(edge(graph, STORE, 'NoteStore.add', 'CALLS', FORMAT, 'formatTitle')), [9]);
    assert.deepEqual(linesOf(edge(graph, LIST, 'NoteItem', 'CALLS', FORMAT, 'formatNote')), [4]);
    assert.deepEqual(linesOf(edge(graph, INDEX, 'render', 'CALLS', LIST, 'NoteList')), [9]);
  });

  it('resolves methods on inferred JS types, and top-level code to the module', () => {
    assert.deepEqual(linesOf(edge(graph, INDEX, INDEX, 'CALLS', STORE, 'NoteStore')), [4]);
    assert.deepEqual(linesOf(edge(graph, INDEX, INDEX, 'CALLS', STORE, 'NoteStore.add')), [5, 6]);
    assert.deepEqual(linesOf(edge(graph, INDEX, 'render', 'CALLS', STORE, 'NoteStore.list')), [9]);
    assert.deepEqual(linesOf(edge(graph, FORMAT, 'formatTitle', 'CALLS', FORMAT, 'capitalize')), [13]);
  });

  it('records JSX in .jsx files as INCLUDES', () => {
    assert.deepEqual(linesOf(edge(graph, LIST, 'NoteList', 'INCLUDES', LIST, 'NoteItem')), [11]);
  });
});
