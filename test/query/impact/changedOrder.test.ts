import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import { GitRepo, gitRepo, workingTreeImpact } from '../../support/gitRepo';

/**
 * impact lists what breaks others first: vercel/ai's "Changed:" opened with 60 example files added
 * and hid a removed export and two changed signatures under "… and 38 more". Removed, then re-signed
 * exports; code before examples and tests; additions last.
 */
describe('impact: the order of the changed symbols', function () {
  this.timeout(120000);
  let repo: GitRepo;
  before(() => {
    repo = gitRepo('tcg-impact-order-', {
      'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, module: 'commonjs', target: 'es2022', types: [] }, include: ['src', 'examples'] }),
      'src/api.ts': 'export function keep(a: number): number {\n  return a;\n}\nexport function gone(): number {\n  return 1;\n}\nfunction local(): number {\n  return 2;\n}\nexport const z = local();\n',
      'src/body.ts': 'export function body(): number {\n  return 1;\n}\n',
    });
  });
  after(() => fs.rmSync(repo.root, { recursive: true, force: true }));

  it('removed and re-signed exports first, then body changes, then code added (examples after code)', async () => {
    const { root, write, git } = repo;
    write('src/api.ts', 'export function keep(a: number, b = 0): number {\n  return a + b;\n}\nfunction local(): number {\n  return 3;\n}\nexport const z = local();\n');
    write('src/body.ts', 'export function body(): number {\n  return 2;\n}\n');
    write('examples/a.ts', 'export function demo(): number {\n  return 1;\n}\n');
    write('src/added.ts', 'export function fresh(): number {\n  return 1;\n}\n');
    try {
      const order = await workingTreeImpact(root, (result) => result.impact.changed.filter((c) => c.node.kind !== 'module').map((c) => `${c.node.name} ${c.change}${c.exported ? ' exported' : ''}`));
      assert.deepEqual(order, ['gone removed exported', 'keep signature exported', 'body body exported', 'local body', 'fresh added exported', 'demo added exported']);
    } finally {
      git('checkout', '-q', '--', '.');
      git('clean', '-qfd');
    }
  });
});
