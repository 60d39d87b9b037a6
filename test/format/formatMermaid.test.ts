import * as assert from 'node:assert/strict';
import { GraphNode } from '../../src/core/graph/GraphTypes';
import { GraphResult, messageResult } from '../../src/core/query/QueryResult';
import { formatMermaid } from '../../src/core/format/formatMermaid';

describe(formatMermaid.name, () => {
  it('keeps the cut line and the Incomplete notes as comments, so a pasted diagram does not look complete', () => {
    const [a, b] = [node('a', 'src/a.ts'), node('b', 'src/b.ts')];
    const result: GraphResult = {
      kind: 'graph',
      query: 'dependentsOf',
      inputs: [a.id],
      nodes: [a, b],
      edges: [{ from: b.id, to: a.id, type: 'CALLS' }],
      truncation: { shownNodes: 1, totalNodes: 7 },
      warnings: ['Incomplete: src/c.ts could not be analysed: it threw; calls inside it are missing.'],
    };
    const lines = formatMermaid(result).split('\n');
    assert.equal(lines[0], 'flowchart LR');
    assert.match(lines[1], /^  %% Showing the 1 nearest of 7 nodes .*6 more were cut/);
    assert.equal(lines[2], '  %% Incomplete: src/c.ts could not be analysed: it threw; calls inside it are missing.');
    assert.equal(lines[3], '  n0["a"]');
    const empty = formatMermaid({ ...messageResult('dependentsOf', 'No dependents found.', false), warnings: ['Incomplete: x.'] });
    assert.equal(empty, 'flowchart LR\n  %% Incomplete: x.\n  message["No dependents found."]\n');
  });

  it("draws spec 000's disambiguation example with the same #N labels as the text", () => {
    const [handle, fd1, fd2, iso, parse] = [
      node('handleRequest', 'src/api/handler.ts'),
      node('formatDate', 'src/api/utils.ts'),
      node('formatDate', 'src/legacy/utils.ts'),
      node('toISOString', 'node_modules/typescript/lib/lib.es5.d.ts'),
      node('parseDate', 'src/legacy/parse.ts'),
    ];
    const result: GraphResult = {
      kind: 'graph',
      query: 'dependenciesOf',
      inputs: [handle.id],
      nodes: [handle, fd1, fd2, iso, parse],
      edges: [
        { from: handle.id, to: fd1.id, type: 'CALLS' },
        { from: fd1.id, to: iso.id, type: 'CALLS' },
        { from: fd2.id, to: parse.id, type: 'REFERENCES' },
      ],
    };
    assert.equal(
      formatMermaid(result),
      `flowchart LR
  n0["handleRequest"]
  n1["formatDate#1"]
  n2["formatDate#2"]
  n3["toISOString"]
  n4["parseDate"]
  n0 -->|CALLS| n1
  n1 -->|CALLS| n3
  n2 -->|REFERENCES| n4
  classDef input stroke-width:3px,font-weight:bold
  class n0 input
`,
    );
  });

  it('has one edge line per edge, parallel edges included, no self-loop of a node it connects otherwise, and styles every input', () => {
    const [a, b] = [node('a', 'src/a.ts'), node('b', 'src/b.ts')];
    const result: GraphResult = {
      kind: 'graph',
      query: 'pathsBetween',
      inputs: [a.id, b.id],
      nodes: [a, b],
      edges: [
        { from: a.id, to: b.id, type: 'CALLS' },
        { from: a.id, to: b.id, type: 'REFERENCES' },
        { from: b.id, to: b.id, type: 'CALLS' },
      ],
    };
    const lines = formatMermaid(result).split('\n');
    assert.deepEqual(lines.filter((l) => l.includes('-->')), ['  n0 -->|CALLS| n1', '  n0 -->|REFERENCES| n1']);
    assert.ok(lines.includes('  class n0,n1 input'));
    // A node only its self-loop connects keeps it: the loop is what puts it in the picture.
    const c = node('c', 'src/c.ts');
    const alone = formatMermaid({ ...result, inputs: [a.id], nodes: [a, b, c], edges: [...result.edges, { from: c.id, to: c.id, type: 'CALLS' }] }).split('\n');
    assert.deepEqual(alone.filter((l) => l.includes('-->')), ['  n0 -->|CALLS| n1', '  n0 -->|REFERENCES| n1', '  n2 -->|CALLS| n2']);
  });

  it('escapes quotes, angle brackets, ampersands and would-be entity codes in labels', () => {
    const weird = node('Box<"T">&#x;', 'src/a.ts');
    const other = node('b', 'src/b.ts');
    const text = formatMermaid({
      kind: 'graph',
      query: 'dependentsOf',
      inputs: [other.id],
      nodes: [weird, other],
      edges: [{ from: weird.id, to: other.id, type: 'CALLS' }],
    });
    assert.ok(text.includes('  n0["Box#lt;#quot;T#quot;#gt;#amp;#35;x;"]\n'), text);
  });

  it('turns a message into a one-node flowchart that shows it', () => {
    assert.equal(formatMermaid(messageResult('pathsBetween', 'No path found.', false)), 'flowchart LR\n  message["No path found."]\n');
    assert.equal(
      formatMermaid(messageResult('dependentsOf', "Symbol 'a<b>' not found.\nTry: \"b\"", true)),
      'flowchart LR\n  message["Symbol \'a#lt;b#gt;\' not found.<br/>Try: #quot;b#quot;"]\n',
    );
  });

  it('impact: draws every changed symbol in the class of its change, one without dependents too', () => {
    const [changed, added, caller] = [node('formatDate', 'src/utils.ts'), node('brandNew', 'src/utils.ts'), node('report', 'src/report.ts')];
    const result: GraphResult = {
      kind: 'graph',
      query: 'impact',
      inputs: [changed.id, added.id],
      nodes: [changed, caller],
      edges: [{ from: caller.id, to: changed.id, type: 'CALLS' }],
      impact: {
        base: 'working tree vs HEAD',
        files: [{ file: 'src/utils.ts', status: 'modified' }],
        changed: [
          { node: changed, change: 'signature', exported: true },
          { node: added, change: 'added', exported: true },
        ],
        dependents: 1,
        tests: [],
        runners: [],
      },
    };
    const text = formatMermaid(result);
    assert.match(text, /^ {2}n2\["brandNew"\]$/m);
    assert.match(text, /^ {2}class n0 changed$/m);
    assert.match(text, /^ {2}class n2 added$/m);
  });
});

function node(name: string, file: string): GraphNode {
  return { id: `${file}#${name}@function`, name, kind: 'function', file, offset: 1, limit: 1 };
}
