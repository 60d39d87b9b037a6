import * as assert from 'node:assert/strict';
import { fixtureDir } from '../support/goldenFixtures';
import { startBuiltWorker } from './builtArtifacts';

/** Issue 7 for the extension: the VSIX's worker bundles TypeScript too, and must find its standard library. */
describe('built dist/worker.js', function () {
  this.timeout(60_000);

  it('with its bundled TypeScript, keeps the calls that need the standard library to infer their receiver', async () => {
    const worker = startBuiltWorker();
    try {
      const opened = await worker.request<{ errors: string[]; typescript: string }>('open', { folder: { key: 'k', name: 'inference', root: fixtureDir('stdlib-inference') } });
      assert.match(opened.typescript, /bundled TypeScript/);
      assert.deepEqual(opened.errors, []);
      const answer = await worker.request<{ text: string }>('query', { args: { query: 'dependentsOf', file_path: 'src/TableColumn.ts', symbol: 'TableColumn.clone' } });
      assert.match(answer.text, /^Table\.clone --CALLS--> TableColumn\.clone$/m);
      assert.match(answer.text, /^rename --CALLS--> TableColumn\.clone$/m);
    } finally {
      await worker.terminate();
    }
  });
});
