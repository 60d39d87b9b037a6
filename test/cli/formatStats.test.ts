import * as assert from 'node:assert/strict';
import { EDGE_TYPES, fileFailureMessage } from '../../src/core/graph/GraphTypes';
import { formatMillis, formatStats } from '../../src/worker/formatStats';
import { messageResult } from '../../src/core/query/QueryResult';
import { handBuiltGraph } from './handBuiltGraph';
import { runCaptured } from './runCaptured';

describe(formatStats.name, () => {
  const { deps } = handBuiltGraph('/ws', messageResult('dependentsOf', 'unused', false));

  it('prints files, nodes, edges by type (non-zero only), index time and problems', async () => {
    const run = await runCaptured(['stats'], process.cwd(), deps);
    assert.equal(run.code, 0);
    assert.equal(
      run.stdout,
      [
        'Root:      /ws',
        'Projects:  tsconfig.json',
        'Compiler:  the bundled TypeScript 6.0.3, with TypeScript 6 defaults (its own)',
        'Files:     2',
        'Nodes:     5 (1 external)',
        'Edges:     3',
        '  CALLS       2',
        '  REFERENCES  1',
        'Indexed in 1.2 s (TypeScript building its programs: 800 ms)',
        'Problems:  1',
        '  src/b.ts: syntax error',
        '',
      ].join('\n'),
    );
  });

  it('what was left out follows the edges by type, not between `Edges:` and them', async () => {
    const stats = JSON.parse((await runCaptured(['stats', '--format', 'json'], process.cwd(), deps)).stdout);
    const lines = formatStats({ ...stats, excluded: ['examples/**'] }).split('\n');
    assert.deepEqual(lines.slice(5, 9), ['Edges:     3', '  CALLS       2', '  REFERENCES  1', 'Excluded:  examples/**']);
  });

  it("a monorepo's projects: the first ten, then how many more (a payload stats line held 151 paths)", async () => {
    const stats = JSON.parse((await runCaptured(['stats', '--format', 'json'], process.cwd(), deps)).stdout);
    const projects = Array.from({ length: 25 }, (_, i) => `packages/p${i}/tsconfig.json`);
    const line = formatStats({ ...stats, projects }).split('\n')[1];
    assert.equal(line, `Projects:  25: ${projects.slice(0, 10).join(', ')}, and 15 more (--format json lists all)`);
    assert.equal(formatStats({ ...stats, projects: projects.slice(0, 10) }).split('\n')[1], `Projects:  ${projects.slice(0, 10).join(', ')}`);
  });

  it('gives every edge type a key in --format json', async () => {
    const run = await runCaptured(['stats', '--format', 'json'], process.cwd(), deps);
    assert.equal(run.code, 0);
    const stats = JSON.parse(run.stdout);
    assert.deepEqual(Object.keys(stats.edgesByType), [...EDGE_TYPES]);
    assert.equal(stats.edgesByType.CALLS, 2);
    assert.equal(stats.edgesByType.EXTENDS, 0);
    assert.deepEqual(
      { ...stats, edgesByType: undefined },
      { root: '/ws', projects: ['tsconfig.json'], files: 2, nodes: 5, externalNodes: 1, edges: 3, edgesByType: undefined, millis: 1234, programMillis: 800, compiler: 'the bundled TypeScript 6.0.3, with TypeScript 6 defaults (its own)', excluded: [], skipped: [], problems: ['src/b.ts: syntax error'], errors: [] },
    );
  });

  it('lists every loud error before the problems, saying the graph is incomplete', () => {
    const text = formatStats({
      root: '/ws', projects: [], files: 1, nodes: 1, externalNodes: 0, edges: 0, edgesByType: {}, millis: 5, programMillis: 0, compiler: 'TypeScript', excluded: [], skipped: [],
      problems: ['src/b.ts:3: syntax error'],
      errors: [fileFailureMessage('src/gen/big.ts', 'Maximum call stack size exceeded')],
    });
    assert.match(text, /^Indexed in 5 ms$/m, 'no program time when no program was built');
    // From the cache: not an index of the whole workspace in that time (vercel/ai: "Indexed in 1.3 s").
    const base = { root: '/ws', projects: [], files: 1, nodes: 1, externalNodes: 0, edges: 0, edgesByType: {}, millis: 1300, programMillis: 0, compiler: 'TypeScript', excluded: [], skipped: [], problems: [], errors: [] };
    assert.match(formatStats({ ...base, cache: 'full' }), /^Loaded from the cache in 1\.3 s \(nothing changed since it was indexed\)$/m);
    assert.match(formatStats({ ...base, cache: 'partial', programMillis: 400 }), /^Loaded from the cache in 1\.3 s, the files changed since re-indexed \(TypeScript building its programs: 400 ms\)$/m);
    assert.match(text, /Errors: {4}1 \(the graph is incomplete\)\n {2}src\/gen\/big.ts could not be analysed: Maximum call stack size exceeded; calls inside it are missing\nProblems:/);
  });

  it('shows time in ms under a second, else in seconds', () => {
    assert.equal(formatMillis(12.4), '12 ms');
    assert.equal(formatMillis(999), '999 ms');
    assert.equal(formatMillis(61_250), '61.3 s');
  });
});
