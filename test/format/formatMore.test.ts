import * as assert from 'node:assert/strict';
import { formatMore, moreLengths } from '../../src/core/format/formatMore';
import type { ListedNode } from '../../src/core/query/QueryResult';

/** The budget counts `## More` entry by entry (`moreLengths`); it must agree with the text `formatMore` writes, names of several lines in a file included. */
describe('moreLengths agrees with formatMore', () => {
  it('for every prefix of lists where names repeat within files, across folders', () => {
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const files = ['test/a.test.tsx', 'test/b.test.tsx', 'src/x.ts', 'run.ts', 'src/deep/y.ts'];
    const names = ['Page', 'Wrapper', 'run', '<module>', 'Store.save'];
    for (let round = 0; round < 50; round++) {
      const entries: ListedNode[] = Array.from({ length: 1 + random(40) }, () => {
        const file = files[random(files.length)];
        const name = names[random(names.length)];
        const line = 1 + random(2000);
        return { id: `${file}#${name}~${line}@function`, name, kind: 'function', file, line };
      });
      const lengths = moreLengths(entries);
      for (let i = 0; i < entries.length; i++) assert.equal(lengths[i], formatMore(entries.slice(0, i + 1)).length, `round ${round}, prefix ${i + 1}`);
    }
  });
});
