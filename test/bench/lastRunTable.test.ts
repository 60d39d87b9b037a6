import * as assert from 'node:assert/strict';
import { BEGIN, END, lastRunSection, withLastRun } from '../../bench/lastRunTable';

describe('bench: the last run written into docs/BENCHMARKS.md', () => {
  const rows = [
    ['rxjs 7.8.2', 'full index vs tsc', '0.44x', '<= 0.5x', 'PASS'],
    ['ra-core 5.4.0', 'full index vs tsc', '0.71x', '<= 0.5x', 'MISS'],
    ['ra-core 5.4.0', 'a | in a value', 'a | b', '-', 'info'],
  ];
  const section = lastRunSection(rows, '2026-11-25', 'BENCH_SCALE=0');

  it('lists every row, MISS included, with the counts, date and settings', () => {
    assert.match(section, /Run of 2026-11-25 \(BENCH_SCALE=0\): 1 PASS, 1 MISS\./);
    assert.match(section, /\| ra-core 5\.4\.0 \| full index vs tsc \| 0\.71x \| <= 0\.5x \| MISS \|/);
    assert.match(section, /\| a \\\| b \|/, 'a | inside a cell is escaped');
    assert.equal(section.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| workload')).length, rows.length);
  });

  it('replaces only what lies between the markers, and appends the section to a document without them', () => {
    const doc = `# Benchmarks\n\ncurated\n\n${BEGIN}\nold rows\n${END}\n\n## After\n`;
    const next = withLastRun(doc, section);
    assert.ok(next.startsWith('# Benchmarks\n\ncurated\n\n'));
    assert.ok(next.endsWith('\n\n## After\n'));
    assert.ok(!next.includes('old rows'));
    assert.equal(withLastRun(next, section), next, 'writing the same run twice changes nothing');
    const appended = withLastRun('# Benchmarks\n', section);
    assert.ok(appended.includes('## The last run, every row') && appended.includes(END));
  });
});
