import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { Logger } from '../../src/core/Logger';
import { FolderGraphs } from '../../src/worker/FolderGraphs';

/**
 * The log an agent or a person reads (MCP server's stderr, VS Code's output, the CLI's --verbose):
 * each problem the index finds once, where it finds it; the worker does not log the report's list again.
 */
describe('the graph worker logs each problem once', function () {
  this.timeout(120_000);
  let root: string;
  before(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-worker-problems-'));
    fs.mkdirSync(path.join(root, 'src'));
    // A config problem (a base config that does not exist) and a package that resolves to no types.
    fs.writeFileSync(path.join(root, 'tsconfig.json'), JSON.stringify({ extends: './missing-base.json', compilerOptions: { strict: true }, include: ['src'] }));
    fs.writeFileSync(path.join(root, 'src/a.ts'), "import { thing } from 'not-installed-anywhere';\nexport function a(): unknown {\n  return thing();\n}\n");
  });
  after(() => fs.rmSync(root, { recursive: true, force: true }));

  it('a config problem and a warning of the index: in the report, and once each in the log', async () => {
    const warnings: string[] = [];
    const log: Logger = { info: () => undefined, warn: (m) => warnings.push(m), error: () => undefined };
    const graphs = new FolderGraphs(log, () => undefined);
    const result = await graphs.open({ key: 'k', name: 'w', root, plainLog: true });
    graphs.close('k');
    const config = result.problems.find((p) => p.includes('missing-base.json'));
    const packages = result.problems.find((p) => p.includes("'not-installed-anywhere'"));
    assert.ok(config && packages, result.problems.join('\n'));
    assert.match(config, /^tsconfig\.json: Cannot read file 'missing-base\.json'\.$/, `named by its root-relative path: ${config}`);
    for (const problem of [config, packages]) assert.equal(warnings.filter((w) => w === problem).length, 1, `${problem}\nlogged:\n${warnings.join('\n')}`);
  });
});
