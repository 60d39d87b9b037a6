import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import { dependentsByFolder } from '../../../src/core/format/impactCounts';
import { GitRepo, gitRepo, workingTreeImpact } from '../../support/gitRepo';

/**
 * A changed method that implements a library's interface is run by every caller of that interface:
 * the walk passes through the library's declaration to reach them. That declaration is no dependent
 * of the change (the library does not depend on it): TanStack/query's impact counted
 * "node_modules 5 (2 files)" for `ReactiveController.hostConnected` and `LitElement.connectedCallback`.
 */
describe('impact: library declarations the walk passes through are not dependents', function () {
  this.timeout(120000);
  let repo: GitRepo;
  before(() => {
    repo = gitRepo('tcg-impact-lib-', {
      'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, module: 'commonjs', target: 'es2022' }, include: ['src'] }),
      'node_modules/lib-x/package.json': JSON.stringify({ name: 'lib-x', types: 'index.d.ts' }),
      'node_modules/lib-x/index.d.ts': 'export interface Controller {\n  hostConnected(): void;\n}\n',
      'src/helper.ts': 'export function helper(): number {\n  return 1;\n}\n',
      'src/ctrl.ts': "import type { Controller } from 'lib-x';\nimport { helper } from './helper';\nexport class MyCtrl implements Controller {\n  hostConnected(): void {\n    helper();\n  }\n}\n",
      'src/use.ts': "import type { Controller } from 'lib-x';\nexport function run(c: Controller): void {\n  c.hostConnected();\n}\n",
    });
  });

  after(() => fs.rmSync(repo.root, { recursive: true, force: true }));

  it('counts the code reached through the interface, not the interface member', async () => {
    const { root, write, git } = repo;
    write('src/helper.ts', 'export function helper(): number {\n  return 2;\n}\n');
    try {
      await workingTreeImpact(root, (result) => {
        const names = result.nodes.map((n) => `${n.external ? 'lib:' : ''}${n.name}`);
        // The walk does pass through the library's member on its way to `run`.
        assert.ok(names.includes('lib:Controller.hostConnected'), names.join(', '));
        assert.ok(names.includes('run'), names.join(', '));
        const external = result.nodes.filter((n) => n.external).length;
        assert.equal(result.impact.dependents, result.nodes.length - result.inputs!.length - external);
        const byFolder = dependentsByFolder(result, 6);
        assert.deepEqual(byFolder.code.map((f) => f.folder), ['src']);
        assert.equal(byFolder.codeNodes, result.impact.dependents);
      });
    } finally {
      git('checkout', '-q', '--', '.');
    }
  });
});
