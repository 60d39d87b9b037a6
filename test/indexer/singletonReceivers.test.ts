import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import { CodeGraph } from '../../src/core/CodeGraph';
import { indexWorkspace } from '../../src/core/indexer/indexWorkspace';
import { writeWorkspace } from '../support/hostileWorkspace';

/**
 * `export const notifyManager = createNotifyManager()`, then `notifyManager.batch(…)` elsewhere: the
 * call lands on the factory's method, and `dependentsOf notifyManager` missed every such caller
 * (TanStack/query: ~20 code files). The caller now references the variable too; an object literal's
 * own members (`api.get`) lead to it already, and get no second edge.
 */
describe('calls through a module-level instance reference it', function () {
  this.timeout(120000);
  let root: string;
  before(() => {
    root = writeWorkspace('tcg-singletons-', {
      'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, target: 'es2022', module: 'commonjs', types: [] }, include: ['src'] }),
      'src/notify.ts':
        'function createNotifyManager() {\n  return {\n    batch(cb: () => void): void {\n      cb();\n    },\n  };\n}\n' +
        'export const notifyManager = createNotifyManager();\n' +
        'export const api = {\n  get(): number {\n    return 1;\n  },\n};\n' +
        'export class Client {\n  fetch(): number {\n    return 1;\n  }\n}\nexport const client = new Client();\n',
      'src/use.ts':
        "import { notifyManager, api, client } from './notify';\n" +
        'export function run(): number {\n  notifyManager.batch(() => undefined);\n  if (typeof client.fetch === "function") client.fetch();\n  return api.get();\n}\n',
    });
  });
  after(() => fs.rmSync(root, { recursive: true, force: true }));

  for (const compiler of ['inprocess', 'native'] as const) {
    it(`${compiler}: the caller references the instance, not an object literal it calls a member of`, async () => {
      const { index, graph } = await indexWorkspace({ root, compiler });
      try {
        const out = graph.outEdges('src/use.ts#run@function').map((e) => `${e.type} ${e.to.replace('src/notify.ts#', '')}`).sort();
        assert.deepEqual(out, ['CALLS Client.fetch@method', 'CALLS api.get@method', 'CALLS createNotifyManager.batch@method', 'REFERENCES client@variable', 'REFERENCES notifyManager@variable']);
      } finally {
        index.dispose();
      }
    });
  }

  it('dependentsOf the instance lists its members\' callers', async () => {
    const graph = await CodeGraph.open({ root });
    try {
      const result = graph.dependentsOf('src/notify.ts', 'notifyManager');
      assert.ok(result.kind === 'graph', JSON.stringify(result));
      assert.deepEqual(result.nodes.map((n) => n.name).sort(), ['notifyManager', 'run']);
    } finally {
      graph.dispose();
    }
  });
});
