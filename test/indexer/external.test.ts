import * as assert from 'node:assert/strict';
import { GraphNode } from '../../src/core/graph/GraphTypes';
import { SymbolGraph } from '../../src/core/graph/SymbolGraph';
import { loadFixture } from '../support/loadFixture';
import { label, linesOf, node } from '../support/graphLookup';

const POSTS = 'src/posts.ts';

describe('indexWorkspace: external fixture (an installed package in node_modules)', () => {
  let graph: SymbolGraph;

  before(async () => {
    ({ graph } = await loadFixture('external'));
  });

  function external(name: string): GraphNode {
    const found = graph.nodesNamed(name).filter((n) => n.file.startsWith('node_modules/'));
    assert.equal(found.length, 1, `one external node ${name}: ${found.map(label).join(', ') || 'none'}`);
    return found[0];
  }

  function callLines(fromName: string, to: GraphNode): number[] {
    const from = node(graph, POSTS, fromName);
    const calls = graph.outEdges(from.id).filter((e) => e.type === 'CALLS' && e.to === to.id);
    assert.equal(calls.length, 1, `${label(from)} --CALLS--> ${label(to)}`);
    return linesOf(calls[0]);
  }

  it('makes an external leaf for a called package function, in the package folder', () => {
    const slugify = external('slugify');
    assert.equal(slugify.external, true);
    assert.ok(slugify.file.startsWith('node_modules/fake-lib/'), slugify.file);
    assert.deepEqual(callLines('toPost', slugify), [11]);
    assert.deepEqual(callLines('fetchPost', slugify), [15]);
  });

  it('makes external leaves for a package class and its method', () => {
    const client = external('HttpClient');
    const get = external('HttpClient.get');
    assert.equal(client.external, true);
    assert.equal(get.external, true);
    assert.deepEqual(callLines(POSTS, client), [8]);
    assert.deepEqual(callLines('fetchPost', get), [15]);
  });

  it('never traverses into the package: external nodes have no outgoing edges', () => {
    for (const n of graph.allNodes()) {
      if (n.external) assert.deepEqual(graph.outEdges(n.id), [], `${label(n)} has no outgoing edges`);
    }
  });

  it('does not index package files as workspace files', () => {
    for (const file of graph.files()) assert.ok(!file.includes('node_modules'), `unexpected workspace file ${file}`);
    for (const n of graph.allNodes()) {
      assert.equal(!!n.external, n.file.startsWith('node_modules/'), `${label(n)}: external exactly when in node_modules`);
    }
    assert.deepEqual(graph.nodesNamed('RequestOptions'), [], 'an unused package type is not a node');
  });

  it('still resolves workspace calls around the package', () => {
    const feed = node(graph, 'src/feed.ts', 'buildFeed');
    const targets = graph.outEdges(feed.id).filter((e) => e.type === 'CALLS').map((e) => label(graph.getNode(e.to)!)).sort();
    assert.deepEqual(targets, [`${POSTS}:fetchPost`, `${POSTS}:toPost`]);
  });
});
