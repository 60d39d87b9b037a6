import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { runBuiltCli } from './builtArtifacts';
import { callText, McpRun, startMcp, tempDir } from './mcpClient';

/**
 * Issue 41, item 7, as shipped (dist/cli.js, and dist/mcp.js through the official SDK client), on a
 * workspace written here: a file-name typo gets the file it misspells; commands implementing a
 * library's interface are no dependents of each other through the library's node; a default export
 * is found by the name its importers give it; a missing pathsBetween endpoint is said once; and a
 * worker out of memory names the variable that gives it more.
 */
describe('built artifacts: smaller defects of answers at real sizes (issue 41)', function () {
  this.timeout(240_000);
  let root: string;
  let mcp: McpRun;

  const write = (rel: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  };
  const cli = (...args: string[]) => runBuiltCli(['--root', root, ...args]);

  before(async () => {
    root = tempDir('tcg-defects-');
    write('tsconfig.json', JSON.stringify({ compilerOptions: { strict: true, noEmit: true, module: 'commonjs', target: 'es2020', types: [], allowJs: true, checkJs: false }, include: ['src', 'lib'] }));
    // A library's interface (typings only), implemented by three commands; two of them connect.
    write('node_modules/cmdlib/package.json', JSON.stringify({ name: 'cmdlib', version: '1.0.0', types: 'index.d.ts' }));
    write('node_modules/cmdlib/index.d.ts', 'export interface CommandModule {\n  command: string;\n  handler(args: string[]): Promise<void>;\n}\n');
    write('src/driver/Driver.ts', 'export class Driver {\n  async connect(): Promise<void> {}\n}\n\nexport async function open(): Promise<Driver> {\n  const d = new Driver();\n  await d.connect();\n  return d;\n}\n');
    for (const [name, body] of [['Run', 'await open();'], ['Revert', 'await open();'], ['Version', "console.log('1');"]]) {
      const imports = body.includes('open') ? "import { open } from '../driver/Driver';\n" : '';
      write(`src/commands/${name}Command.ts`, `import type { CommandModule } from 'cmdlib';\n${imports}\nexport class ${name}Command implements CommandModule {\n  command = '${name.toLowerCase()}';\n  async handler(args: string[]): Promise<void> {\n    ${body}\n  }\n}\n`);
    }
    write('src/entity-manager/Entity.ts', 'export class Entity {}\n');
    write('src/entity-manager/EntityManager.ts', 'export class EntityManager {\n  save(): void {}\n}\n');
    write('src/entity-manager/MongoEntityManager.ts', "import { EntityManager } from './EntityManager';\n\nexport class MongoEntityManager extends EntityManager {}\n");
    // Default exports: an anonymous CommonJS arrow, and an anonymous ESM one with a helper beside it.
    write('lib/on-finished/index.js', "'use strict';\nmodule.exports = (res, cb) => {\n  res.on('finish', cb);\n};\n");
    write('src/subset/harfbuzz-loader.ts', 'function load(): number {\n  return 1;\n}\n\nexport default (): number => load();\n');
    write('src/app.ts', "import loadHbSubset from './subset/harfbuzz-loader';\n\nexport function app(): number {\n  return loadHbSubset();\n}\n");
    write('lib/server.js', "const onFinished = require('./on-finished');\n\nfunction serve(res) {\n  onFinished(res, () => undefined);\n}\nmodule.exports = { serve };\n");
    mcp = await startMcp({ args: ['--root', root] });
  });

  after(async () => {
    await mcp?.close();
    if (root) fs.rmSync(root, { recursive: true, force: true });
  });

  it('suggests the file a typo misspells before files whose name is only part of it', () => {
    const r = cli('dependentsOf', 'src/entity-manager/EntityManagr.ts', 'save');
    assert.equal(r.code, 2);
    assert.match(r.stderr, /^File not indexed: src\/entity-manager\/EntityManagr\.ts\. Closest indexed files: src\/entity-manager\/EntityManager\.ts, /);
  });

  it("keeps commands implementing a library's interface out of each other's dependents and the library's node out of the answer", async () => {
    const answer = await callText(mcp.client, 'dependentsOf', { file_path: 'src/driver/Driver.ts', symbol: 'Driver.connect' });
    assert.equal(answer.isError, false, answer.text);
    assert.match(answer.text, /^RevertCommand\.handler --CALLS--> open --CALLS--> Driver\.connect$/m);
    assert.match(answer.text, /^RunCommand\.handler --CALLS--> open$/m);
    assert.doesNotMatch(answer.text, /CommandModule|VersionCommand/);
    assert.equal(answer.text.trimEnd(), cli('dependentsOf', 'src/driver/Driver.ts', 'Driver.connect').stdout.trimEnd());
  });

  it('finds a default export by the name its importers give it, saying what it answered for', async () => {
    const esm = await callText(mcp.client, 'dependentsOf', { file_path: 'src/subset/harfbuzz-loader.ts', symbol: 'loadHbSubset' });
    assert.equal(esm.isError, false, esm.text);
    assert.equal(esm.text.split('\n')[0], '`loadHbSubset` is not declared in src/subset/harfbuzz-loader.ts; answered for its default export, `default` (function, line 5), which importers name as they like.');
    assert.match(esm.text, /^app --CALLS--> default$/m);
    const cjs = cli('dependentsOf', 'lib/on-finished/index.js', 'onFinished');
    assert.equal(cjs.code, 0, cjs.stderr);
    assert.equal(cjs.stdout.split('\n')[0], '`onFinished` names the default export of lib/on-finished/index.js; answered for `index` (function, line 2).');
    assert.match(cjs.stdout, /\bserve --CALLS--> index$/m);
  });

  it("says a missing pathsBetween endpoint once, on the CLI's stderr and in the MCP answer", async () => {
    const expected = "`to` endpoint: Symbol 'Nope' not found in src/app.ts. Nothing there has a similar name; it declares: app (function, line 3).";
    const r = cli('pathsBetween', 'src/app.ts', 'app', 'src/app.ts', 'Nope');
    assert.equal(r.code, 2);
    assert.equal(r.stdout, '');
    assert.equal(r.stderr, `${expected}\n`);
    const answer = await callText(mcp.client, 'pathsBetween', { from: { file_path: 'src/app.ts', symbol: 'app' }, to: { file_path: 'src/app.ts', symbol: 'Nope' } });
    assert.deepEqual(answer, { text: expected, isError: true });
  });

  it('names TS_CODE_GRAPH_WORKER_HEAP_MB when the graph worker runs out of memory', async () => {
    const starved = await startMcp({ args: ['--root', root], env: { TS_CODE_GRAPH_WORKER_HEAP_MB: '16' } });
    try {
      const answer = await callText(starved.client, 'dependentsOf', { file_path: 'src/app.ts', symbol: 'app' });
      assert.equal(answer.isError, true);
      assert.match(answer.text, /the graph worker ran out of memory \(its heap limit is 16 MB\)/);
      assert.match(answer.text, /set TS_CODE_GRAPH_WORKER_HEAP_MB to more MB in the server's environment/);
    } finally {
      await starved.close();
    }
  });
});
