import * as assert from 'node:assert/strict';
import { MAX_INPUT_CHARS, toQueryRequest } from '../../src/tools/toolInput';
import { TOOLS } from '../../src/tools/toolMetadata';

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

  it('refuses a file_path or symbol over MAX_INPUT_CHARS at once, echoing a few characters of it', () => {
    const huge = 'src/'.repeat(262_144); // 1 MB
    const text = toQueryRequest('dependentsOf', { file_path: huge, symbol: 'f' }) as string;
    assert.equal(text, `Invalid input: file_path is 1048576 characters long; at most ${MAX_INPUT_CHARS} are accepted. Pass the path of the file that declares the symbol, like "src/utils/format.ts", not '${'src/'.repeat(10)}… (1048576 characters)'.`);
    assert.match(toQueryRequest('pathsBetween', { from: { file_path: 'a.ts', symbol: 'f' }, to: { file_path: 'b.ts', symbol: 'g'.repeat(MAX_INPUT_CHARS + 1) } }) as string, /^Invalid input: to\.symbol is 4097 characters long; at most 4096 are accepted\. Pass the declared name, like "formatDate"/);
    // The limit itself passes: the core's resolver then answers (and echoes at most 200 characters).
    assert.equal(typeof toQueryRequest('dependentsOf', { file_path: 'a'.repeat(MAX_INPUT_CHARS), symbol: 'f' }), 'object');
  });

  it("is what the schemas' maxLength says", () => {
    for (const tool of TOOLS) {
      const refs = tool.query === 'pathsBetween' ? [tool.inputSchema.properties!.from, tool.inputSchema.properties!.to] : [tool.inputSchema];
      for (const ref of refs) for (const field of ['file_path', 'symbol']) assert.equal(ref.properties![field].maxLength, MAX_INPUT_CHARS);
    }
  });
});
