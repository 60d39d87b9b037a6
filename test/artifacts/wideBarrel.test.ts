import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { runBuiltCli } from './builtArtifacts';
import { callText, McpRun, startMcp, tempDir } from './mcpClient';

/**
 * Issue 41, item 4, as shipped: a barrel that `export *`s from more files than the re-export walk
 * once allowed in total (typeorm's src/index.ts has ~140 such lines; `Repository` and `DataSource`
 * were "not found" there while `Column` worked), and a second wide barrel behind it.
 */
describe('built artifacts: names at a wide barrel (issue 41)', function () {
  this.timeout(180_000);
  let root: string;
  let mcp: McpRun;

  const write = (rel: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  };

  before(async () => {
    root = tempDir('tcg-wide-barrel-');
    write('tsconfig.json', JSON.stringify({ compilerOptions: { strict: true, noEmit: true, module: 'commonjs', target: 'es2020', types: [] }, include: ['src'] }));
    const index: string[] = [];
    for (let i = 0; i < 90; i++) {
      write(`src/part/p${i}.ts`, `export function part${i}(): number {\n  return ${i};\n}\n`);
      index.push(`export * from './part/p${i}';`);
    }
    const deep: string[] = [];
    for (let i = 0; i < 70; i++) {
      write(`src/repo/r${i}.ts`, `export class Repo${i} {\n  find(): number {\n    return ${i};\n  }\n}\n`);
      deep.push(`export * from './r${i}';`);
    }
    write('src/repo/index.ts', `${deep.join('\n')}\n`);
    index.push("export * from './repo';");
    write('src/index.ts', `${index.join('\n')}\n`);
    write('src/app.ts', "import { part89, Repo69 } from './index';\n\nexport function app(): number {\n  return part89() + new Repo69().find();\n}\n");
    mcp = await startMcp({ args: ['--root', root] });
  });

  after(async () => {
    await mcp?.close();
    if (root) fs.rmSync(root, { recursive: true, force: true });
  });

  it('answers for a name declared past the 50th `export *` file, on the CLI and the MCP server', async () => {
    const cli = runBuiltCli(['--root', root, 'dependentsOf', 'src/index.ts', 'part89']);
    assert.equal(cli.code, 0, cli.stderr);
    assert.equal(cli.stdout.split('\n')[0], '`part89` is re-exported by src/index.ts; answered for src/part/p89.ts, where it is declared.');
    assert.match(cli.stdout, /^app --CALLS--> part89$/m);

    const answer = await callText(mcp.client, 'dependentsOf', { file_path: 'src/index.ts', symbol: 'Repo69.find' });
    assert.equal(answer.isError, false, answer.text);
    assert.equal(answer.text.split('\n')[0], '`Repo69.find` is re-exported by src/index.ts; answered for src/repo/r69.ts, where it is declared.');
    assert.match(answer.text, /^app --CALLS--> Repo69\.find$/m);
  });

  it('still refuses, with suggestions, a name no file behind the barrel declares', () => {
    const r = runBuiltCli(['--root', root, 'dependentsOf', 'src/index.ts', 'Repo70']);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /^Symbol 'Repo70' not found in src\/index\.ts/);
  });
});
