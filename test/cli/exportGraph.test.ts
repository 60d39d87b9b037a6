import * as assert from 'node:assert/strict';
import { exportGraph, formatExport } from '../../src/worker/exportGraph';
import { messageResult } from '../../src/core/query/QueryResult';
import { handBuiltGraph, nodes } from './handBuiltGraph';
import { runCaptured } from './runCaptured';

describe(exportGraph.name, () => {
  it('prints the documented shape: root, nodes sorted by file and line, live edges sorted, external only when true', async () => {
    const { deps } = handBuiltGraph('/ws', messageResult('dependentsOf', 'unused', false));
    const run = await runCaptured(['export'], process.cwd(), deps);
    assert.equal(run.code, 0);
    assert.equal(run.stderr, '');
    assert.deepEqual(JSON.parse(run.stdout), {
      root: '/ws',
      nodes: [
        { id: nodes.toISOString.id, name: 'Date.toISOString', kind: 'method', file: nodes.toISOString.file, offset: 900, limit: 1, external: true },
        { id: nodes.moduleA.id, name: 'src/a.ts', kind: 'module', file: 'src/a.ts', offset: 1, limit: 10 },
        { id: nodes.handle.id, name: 'handle', kind: 'function', file: 'src/a.ts', offset: 3, limit: 4 },
        { id: nodes.moduleB.id, name: 'src/b.ts', kind: 'module', file: 'src/b.ts', offset: 1, limit: 9 },
        { id: nodes.formatDate.id, name: 'formatDate', kind: 'function', file: 'src/b.ts', offset: 2, limit: 3 },
      ],
      // No `lines`, and no pending edge to src/gone.ts.
      edges: [
        { from: nodes.moduleA.id, to: nodes.handle.id, type: 'REFERENCES' },
        { from: nodes.handle.id, to: nodes.formatDate.id, type: 'CALLS' },
        { from: nodes.formatDate.id, to: nodes.toISOString.id, type: 'CALLS' },
      ],
    });
  });

  it('writes one node or edge per line', () => {
    const text = formatExport({
      root: '/ws',
      nodes: [{ id: 'a#f@function', name: 'f', kind: 'function', file: 'a', offset: 1, limit: 1 }],
      edges: [],
    });
    assert.equal(
      text,
      '{\n  "root": "/ws",\n  "nodes": [\n    {"id":"a#f@function","name":"f","kind":"function","file":"a","offset":1,"limit":1}\n  ],\n  "edges": []\n}\n',
    );
  });

  it('rejects --format other than json (via the CLI)', async () => {
    const run = await runCaptured(['export', '--format', 'mermaid'], process.cwd());
    assert.equal(run.code, 2);
    assert.equal(run.stdout, '');
  });
});
