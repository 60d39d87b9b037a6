import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import { indexWorkspace } from '../../src/core/indexer/indexWorkspace';
import { exportGraph } from '../../src/worker/exportGraph';
import { writeWorkspace } from '../support/hostileWorkspace';
import { countNativeRequests } from '../support/nativeRequests';

/**
 * A pattern that destructures several names (`const { load, save, reset } = makeStore()`) costs the
 * native compiler one request for its type's properties, not one per name (ra-core destructured
 * 1,882 names). A name the properties do not list is still a property where the checker says so (a
 * function's `apply` and `bind` come from the global `Function`): asked on its own, as before.
 */
describe('the names a pattern destructures are looked up together', () => {
  let root: string;
  before(() => {
    root = writeWorkspace('tcg-destructured-once-', {
      'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true }, include: ['src'] }),
      'src/store.ts': 'export class Store {\n  load(): number { return 1; }\n  save(): void {}\n  reset(): void {}\n}\nexport function makeStore(): Store { return new Store(); }\n',
      'src/use.ts': [
        "import { makeStore } from './store';",
        'export function use(): number {',
        '  const { load, save, reset } = makeStore();',
        '  const { apply, bind } = makeStore;',
        '  save();',
        '  reset();',
        '  return load() + (apply ? 1 : 0) + (bind ? 1 : 0);',
        '}',
        '',
      ].join('\n'),
    });
  });
  after(() => fs.rmSync(root, { recursive: true, force: true }));

  it('native: one properties request per pattern; every destructured member is a REFERENCES of it, as in process', async () => {
    const graphs: Record<string, string[]> = {};
    const { asked } = await countNativeRequests(['getPropertyOfType', 'getPropertiesOfType'], async () => {
      for (const compiler of ['native', 'inprocess'] as const) {
        const { index } = await indexWorkspace({ root, compiler });
        graphs[compiler] = exportGraph(index.graph, root).edges.map((e) => `${e.from} -${e.type}-> ${e.to}`);
        index.dispose();
      }
    });
    for (const member of ['load', 'save', 'reset']) {
      assert.ok(graphs.native.includes(`src/use.ts#use@function -REFERENCES-> src/store.ts#Store.${member}@method`), `use references Store.${member}:\n${graphs.native.join('\n')}`);
    }
    assert.deepEqual(graphs.native, graphs.inprocess);
    // Without the tables: a getPropertyOfType for each of the five names.
    assert.equal(asked.get('getPropertiesOfType'), 2, 'one properties request per pattern');
    assert.ok((asked.get('getPropertyOfType') ?? 0) <= 2, `getPropertyOfType asked ${asked.get('getPropertyOfType')} times: only for apply and bind`);
  });
});
