import * as assert from 'node:assert/strict';
import { toQueryRequest } from './toolInput';

describe('toQueryRequest (every host checks tool input here)', () => {
  it('keeps only the schema fields', () => {
    assert.deepEqual(toQueryRequest('dependentsOf', { file_path: 'a.ts', symbol: 'f', extra: 1 }), { query: 'dependentsOf', file_path: 'a.ts', symbol: 'f' });
    assert.deepEqual(toQueryRequest('pathsBetween', { from: { file_path: 'a.ts', symbol: 'f', x: 1 }, to: { file_path: 'b.ts', symbol: 'g' } }), {
      query: 'pathsBetween',
      from: { file_path: 'a.ts', symbol: 'f' },
      to: { file_path: 'b.ts', symbol: 'g' },
    });
  });

  it('says what to send instead of bad input', () => {
    assert.match(toQueryRequest('dependenciesOf', null) as string, /^Invalid input: the input must be an object like \{"file_path"/);
    assert.match(toQueryRequest('dependenciesOf', { file_path: 3, symbol: 'f' }) as string, /^Invalid input: file_path must be a string/);
    assert.match(toQueryRequest('pathsBetween', { from: { file_path: 'a.ts', symbol: 'f' } }) as string, /^Invalid input: to must be an object/);
    assert.match(toQueryRequest('pathsBetween', { from: { file_path: 'a.ts' }, to: {} }) as string, /^Invalid input: from\.symbol must be a string/);
    assert.match(toQueryRequest('pathsBetween', 'x') as string, /^Invalid input: pass \{"from"/);
  });
});
