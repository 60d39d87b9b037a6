import * as assert from 'node:assert/strict';
import { indexSet, indexesOf } from '../../../src/core/indexer/cache/IndexCache';

/** The sets of indexes the cache keeps by project (CacheSnapshot.programReads): what goes in comes out, ascending, once. */
describe('indexSet', () => {
  it('gives back the indexes it was made of, ascending and without repeats', () => {
    const indexes = [0, 7, 8, 9, 63, 64, 1000, 9438, 8, 0];
    assert.deepEqual(indexesOf(indexSet(indexes)), [0, 7, 8, 9, 63, 64, 1000, 9438]);
  });

  it('an empty set, and one of a single large index', () => {
    assert.deepEqual(indexesOf(indexSet([])), []);
    assert.deepEqual(indexesOf(indexSet([121_022])), [121_022]);
  });

  it('is small: a bit per index of the table', () => {
    const all = Array.from({ length: 9_439 }, (_, i) => i);
    assert.ok(indexSet(all).length <= Math.ceil(9_439 / 8 / 3) * 4, `${indexSet(all).length} characters`);
  });
});
