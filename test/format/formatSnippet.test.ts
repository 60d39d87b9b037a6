import * as assert from 'node:assert/strict';
import { formatSnippet } from '../../src/core/format/formatSnippet';
import { fileWith } from '../support/memorySource';
import { snippetCoverage } from '../support/parseText';

describe(formatSnippet.name, () => {
  const file = fileWith(100, {});

  it('shows a range of at most 10 lines whole, with its call sites marked', () => {
    assert.deepEqual(formatSnippet(file, 5, 10, [7, 7, 99]), [
      '    5:   // line 5',
      '    6:   // line 6',
      '  > 7:   // line 7',
      ...[8, 9, 10, 11, 12, 13, 14].map((n) => `    ${n}:   // line ${n}`),
    ]);
  });

  it('shows the signature and each call site with one line of context, counting what it omits', () => {
    const snippet = formatSnippet(file, 10, 30, [20, 30]);
    assert.deepEqual(snippet, [
      '    10:   // line 10',
      '    ... omitted 8 lines ...',
      '    19:   // line 19',
      '  > 20:   // line 20',
      '    21:   // line 21',
      '    ... omitted 7 lines ...',
      '    29:   // line 29',
      '  > 30:   // line 30',
      '    31:   // line 31',
      '    ... omitted 8 lines ...',
    ]);
    assert.equal(snippetCoverage(snippet), 30);
  });

  it('merges overlapping contexts and shows a one-line gap as the line itself', () => {
    // Contexts 12–14 and 16–18 leave lines 11 and 15 alone: each is printed, never "omitted 1 lines".
    assert.deepEqual(formatSnippet(file, 10, 12, [13, 17, 18]), [
      '    10:   // line 10',
      '    11:   // line 11',
      '    12:   // line 12',
      '  > 13:   // line 13',
      '    14:   // line 14',
      '    15:   // line 15',
      '    16:   // line 16',
      '  > 17:   // line 17',
      '  > 18:   // line 18',
      '    19:   // line 19',
      '    ... omitted 2 lines ...',
    ]);
  });

  it('shows the first 3 lines of a long range without call sites, then how many it omits', () => {
    assert.deepEqual(formatSnippet(file, 40, 20, [5, 90]), ['    40:   // line 40', '    41:   // line 41', '    42:   // line 42', '    ... omitted 17 lines ...']);
  });

  it('clamps to the lines the file still has, and gives nothing when the range is gone', () => {
    const short = ['a', 'b', 'c', 'd', 'e'];
    assert.deepEqual(formatSnippet(short, 3, 10), ['    3: c', '    4: d', '    5: e']);
    assert.deepEqual(formatSnippet(short, 3, 40, [4]), ['    3: c', '  > 4: d', '    5: e']);
    assert.deepEqual(formatSnippet(short, 9, 2), []);
  });

  it('cuts lines longer than 160 characters with an ellipsis, never inside a surrogate pair', () => {
    const long = 'x'.repeat(200);
    assert.deepEqual(formatSnippet([long], 1, 1), [`    1: ${'x'.repeat(160)}…`]);
    const emoji = `${'y'.repeat(159)}😀tail`;
    assert.deepEqual(formatSnippet([emoji], 1, 1), [`    1: ${'y'.repeat(159)}…`]);
  });

  it('adds up to the range for every focus pattern (exhaustive over small ranges)', () => {
    for (let limit = 1; limit <= 16; limit++) {
      for (let mask = 0; mask < 1 << limit && mask < 4096; mask++) {
        const focus = [...Array(limit).keys()].filter((i) => mask & (1 << i)).map((i) => 50 + i);
        const snippet = formatSnippet(file, 50, limit, focus);
        assert.equal(snippetCoverage(snippet), limit, `limit ${limit}, focus ${focus}`);
        assert.ok(!snippet.includes('    ... omitted 1 lines ...'), `limit ${limit}, focus ${focus}`);
        assert.ok(snippet[0].startsWith('    50:') || snippet[0].startsWith('  > 50:'), 'signature first');
      }
    }
  });
});
