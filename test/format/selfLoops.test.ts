import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { CodeGraph } from '../../src/core/CodeGraph';
import { diagramModel } from '../../src/core/diagram/diagramModel';
import { createFileSourceReader } from '../../src/core/format/FileSourceReader';
import { formatMermaid } from '../../src/core/format/formatMermaid';
import { formatText } from '../../src/core/format/formatText';
import { GraphResult } from '../../src/core/query/QueryResult';

/**
 * tRPC's answers held lines like `fastifyTRPCPlugin --REFERENCES--> fastifyTRPCPlugin` (the plugin
 * reads `fastifyTRPCPlugin.default` in its own body) and `resolveResponse.cleanup --REFERENCES-->
 * resolveResponse.cleanup` (a listener removing itself): a node pointing at itself tells an agent
 * nothing. The graph keeps the edge (find-all-references sees the use); the answers, in every form,
 * do not draw it, and the node's own block still marks the line (`>`).
 */
describe('self-loops in answers', function () {
  this.timeout(60_000);
  let root: string;
  let graph: CodeGraph;
  const plugin = [
    'export function plugin(opts: { retry?: number }): number {',
    "  if (typeof plugin.length !== 'number') return 0;",
    '  return countdown(opts.retry ?? 0);',
    '}',
    '',
    'export function countdown(n: number): number {',
    '  return n <= 0 ? 0 : countdown(n - 1);',
    '}',
    '',
    'export function alone(n: number): number {',
    '  return n <= 0 ? 0 : alone(n - 1);',
    '}',
    '',
  ].join('\n');

  before(async () => {
    root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-selfloop-')));
    fs.mkdirSync(path.join(root, 'src'));
    fs.writeFileSync(path.join(root, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true, types: [] }, include: ['src'] }));
    fs.writeFileSync(path.join(root, 'src', 'plugin.ts'), plugin);
    fs.writeFileSync(path.join(root, 'src', 'main.ts'), "import { plugin } from './plugin';\n\nexport function main(): number {\n  return plugin({});\n}\n");
    graph = await CodeGraph.open({ root });
  });

  after(() => {
    graph.dispose();
    fs.rmSync(root, { recursive: true, force: true });
  });

  const text = (result: ReturnType<CodeGraph['dependenciesOf']>) => formatText(result, createFileSourceReader(root));

  it('keeps the edges in the graph', () => {
    const self = (name: string) => graph.graph.outEdges(`src/plugin.ts#${name}@function`).filter((e) => e.to === e.from).map((e) => e.type);
    assert.deepEqual(self('plugin'), ['REFERENCES']);
    assert.deepEqual(self('countdown'), ['CALLS']);
  });

  it('draws no line from a node to itself, and marks its lines in its own block', () => {
    const result = graph.dependenciesOf('src/main.ts', 'main');
    assert.equal(result.kind, 'graph');
    // The data keeps them (JSON prints it as it is).
    assert.equal((result as GraphResult).edges.filter((e) => e.from === e.to).length, 2);
    const out = text(result);
    assert.equal(out.slice(out.indexOf('## Graph'), out.indexOf('## Nodes')).trim(), '## Graph\n\nmain --CALLS--> plugin --CALLS--> countdown');
    // The self-reference and the recursive call stay marked where they are.
    assert.match(out, /^ {2}> 2: {3}if \(typeof plugin\.length !== 'number'\) return 0;$/m);
    assert.match(out, /^ {2}> 7: {3}return n <= 0 \? 0 : countdown\(n - 1\);$/m);

    const mermaid = formatMermaid(result);
    assert.deepEqual(mermaid.split('\n').filter((l) => l.includes('-->')), ['  n0 -->|CALLS| n1', '  n1 -->|CALLS| n2']);
    const model = diagramModel(result, { graph: graph.graph });
    assert.deepEqual(model.edges.filter((e) => e.from === e.to), []);
    assert.deepEqual((model.reserve?.edges ?? []).filter((e) => e.from === e.to), []);
  });

  it("a query input's own self-loop is not drawn either; one with nothing else has no dependents", () => {
    const out = text(graph.dependentsOf('src/plugin.ts', 'countdown'));
    assert.equal(out.slice(out.indexOf('## Graph'), out.indexOf('## Nodes')).trim(), '## Graph\n\nmain --CALLS--> plugin --CALLS--> countdown');
    assert.match(text(graph.dependentsOf('src/plugin.ts', 'alone')), /^No dependents found/);
  });
});
