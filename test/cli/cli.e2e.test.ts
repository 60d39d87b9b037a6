import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import { ExportedGraph } from '../../src/worker/exportGraph';
import { EDGE_TYPES, NodeKind } from '../../src/core/graph/GraphTypes';
import { fixtureDir, openGraphOnce, repoRoot } from '../support/goldenFixtures';
import { runCaptured } from './runCaptured';

const NODE_KINDS: NodeKind[] = [
  'module', 'function', 'method', 'constructor', 'getter', 'setter', 'property',
  'class', 'interface', 'method-signature', 'type', 'enum', 'variable', 'namespace',
];

/** The CLI on the real indexer and test/fixtures/sample; exact outputs are the golden tests' job. */
describe('ts-code-graph on test/fixtures/sample (e2e)', function () {
  this.timeout(120_000);
  const root = fixtureDir('sample');
  // Shares one index of the fixture across tests; the first test goes through the real default opener.
  const run = (...argv: string[]) => runCaptured(['--root', root, ...argv], repoRoot, openGraphOnce);

  before(() => assert.ok(fs.existsSync(root), 'test/fixtures/sample is missing'));

  it('answers a query with the default CodeGraph.open, from the root as cwd', async () => {
    const result = await runCaptured(['dependentsOf', 'src/utils/format.ts', 'formatDate'], root);
    assert.equal(result.stderr, '');
    assert.equal(result.code, 0);
    assert.match(result.stdout, /^## Graph\n/);
  });

  for (const argv of [
    ['dependentsOf', 'src/utils/format.ts', 'formatDate'],
    ['dependenciesOf', 'src/orders/orderService.ts', 'processOrder'],
    ['pathsBetween', 'src/api/handler.ts', 'handleRequest', 'src/db/queries.ts', 'executeQuery'],
  ]) {
    it(`${argv[0]} ${argv[2]}: exit 0, stdout starts with ## Graph, quiet stderr`, async () => {
      const result = await run(...argv);
      assert.equal(result.stderr, '');
      assert.equal(result.code, 0);
      assert.match(result.stdout, /^## Graph\n/);
      assert.match(result.stdout, /\n## Nodes\n/);
    });
  }

  it('--format json prints the QueryResult, --format mermaid a flowchart', async () => {
    const json = await run('dependenciesOf', 'src/orders/orderService.ts', 'processOrder', '--format', 'json');
    assert.equal(json.code, 0);
    const result = JSON.parse(json.stdout);
    assert.equal(result.kind, 'graph');
    assert.equal(result.query, 'dependenciesOf');
    const mermaid = await run('dependentsOf', 'src/utils/format.ts', 'formatDate', '--format', 'mermaid');
    assert.equal(mermaid.code, 0);
    assert.match(mermaid.stdout, /^(flowchart|graph) /);
  });

  it('exports every edge between exported nodes, with valid names and kinds', async () => {
    const result = await run('export');
    assert.equal(result.code, 0);
    const graph = JSON.parse(result.stdout) as ExportedGraph;
    assert.deepEqual(Object.keys(graph), ['root', 'nodes', 'edges']);
    assert.equal(graph.root, root);
    const ids = new Set(graph.nodes.map((n) => n.id));
    assert.equal(ids.size, graph.nodes.length, 'node ids are unique');
    for (const n of graph.nodes) {
      assert.ok(NODE_KINDS.includes(n.kind), `kind of ${n.id}: ${n.kind}`);
      assert.ok(n.name.length > 0 && !n.file.includes('\\') && !n.file.startsWith('/'), `name/file of ${n.id}`);
      assert.ok(Number.isInteger(n.offset) && n.offset >= 1 && Number.isInteger(n.limit) && n.limit >= 1, `lines of ${n.id}`);
      assert.deepEqual(Object.keys(n), ['id', 'name', 'kind', 'file', 'offset', 'limit', ...(n.external ? ['external'] : [])]);
      if ('external' in n) assert.equal(n.external, true);
    }
    assert.ok(graph.edges.length > 0, 'the sample has edges');
    for (const e of graph.edges) {
      assert.ok(ids.has(e.from) && ids.has(e.to), `edge endpoints are nodes: ${JSON.stringify(e)}`);
      assert.ok((EDGE_TYPES as readonly string[]).includes(e.type), `edge type ${e.type}`);
      assert.deepEqual(Object.keys(e), ['from', 'to', 'type']);
    }
    const names = new Set(graph.nodes.map((n) => n.name));
    for (const name of ['handleRequest', 'formatDate', 'processOrder', 'executeQuery']) assert.ok(names.has(name), name);
  });

  it('prints stats as text and as JSON', async () => {
    const text = await run('stats');
    assert.equal(text.code, 0);
    // The default compiler: native where its binary is installed (test:inprocess asks for TypeScript 6).
    const compiler = process.env.TS_CODE_GRAPH_COMPILER === 'inprocess' ? 'the bundled TypeScript \\d+\\.\\d+\\.\\d+' : 'TypeScript 7\\.0\\.2 \\(native, [^)]+\\)';
    assert.match(text.stdout, new RegExp(`^Root: .*\\nProjects: .*\\nCompiler: +${compiler}, with TypeScript \\d+(\\.x)? defaults \\(.*\\); .*\\nFiles: +\\d+\\nNodes: +\\d+ \\(\\d+ external\\)\\nEdges: +\\d+\\n`));
    assert.match(text.stdout, /^Memory: +peak [\d.]+ [MG]B in the indexer's process/m);
    const json = await run('stats', '--format', 'json');
    assert.equal(json.code, 0);
    const stats = JSON.parse(json.stdout);
    assert.ok(stats.files >= 4 && stats.nodes > 0 && stats.edges > 0, json.stdout);
  });

  for (const [title, argv] of [
    ['an unknown symbol', ['dependenciesOf', 'src/orders/orderService.ts', 'noSuchSymbol']],
    ['an unknown file', ['dependentsOf', 'src/noSuchFile.ts', 'formatDate']],
    ['the same symbol twice', ['pathsBetween', 'src/utils/format.ts', 'formatDate', 'src/utils/format.ts', 'formatDate']],
  ]) {
    it(`exits 2 with a message on stderr only for ${title}`, async () => {
      const result = await run(...argv);
      assert.equal(result.code, 2);
      assert.equal(result.stdout, '');
      assert.ok(result.stderr.trim().length > 0);
      assert.doesNotMatch(result.stderr, /\n\s+at /, 'no stack trace');
    });
  }

  it('logs indexing to stderr with --verbose, leaving stdout unchanged', async () => {
    const quiet = await run('dependentsOf', 'src/utils/format.ts', 'formatDate');
    const verbose = await runCaptured(['--root', root, '--verbose', 'dependentsOf', 'src/utils/format.ts', 'formatDate'], repoRoot);
    assert.equal(verbose.code, 0);
    assert.equal(verbose.stdout, quiet.stdout);
    assert.match(verbose.stderr, /Indexed \d+ files: \d+ nodes, \d+ edges in \d+ ms\n$/);
  });
});
