import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { runBuiltCli } from './builtArtifacts';
import { callText, McpRun, startMcp, tempDir } from './mcpClient';

/**
 * Issue 33, as shipped (dist/cli.js, and dist/mcp.js through the official SDK client): on a workspace
 * written here, a central `save` with 5 code callers and 80 test files calling it (whose paths sort
 * first: in plain BFS order they filled the cut), 3 CLI commands behind a code caller (and `main` behind one of them), and one
 * that only probes `typeof store.save === 'function'`; a utility module, a module imported for
 * effect, and a barrel.
 */
describe('built artifacts: the cut, modules and barrels (issue 33)', function () {
  this.timeout(180_000);
  let root: string;
  let mcp: McpRun;

  const write = (rel: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  };
  const cli = (...args: string[]): string => {
    const r = runBuiltCli(['--root', root, ...args]);
    assert.equal(r.code, 0, r.stderr);
    return r.stdout.trimEnd();
  };

  before(async () => {
    root = tempDir('tcg-cut-');
    write('tsconfig.json', JSON.stringify({ compilerOptions: { strict: true, noEmit: true, module: 'commonjs', target: 'es2020', types: [] }, include: ['src', 'test'] }));
    write('src/store.ts', 'export class Store {\n  save(): void {}\n}\nexport const store = new Store();\n');
    for (let i = 0; i < 5; i++) {
      write(`src/svc/s${i}.ts`, `import { store } from '../store';\nimport { pad } from '../util';\n\nexport function persist${i}(): string {\n  store.save();\n  return pad('${i}');\n}\n`);
    }
    for (let i = 0; i < 80; i++) {
      const file = i % 2 ? `src/__tests__/save${i}.test.ts` : `test/unit/save${i}.ts`;
      const up = file.startsWith('src/') ? '..' : '../../src';
      write(file, `import { store } from '${up}/store';\n\nstore.save();\n`);
    }
    for (let i = 0; i < 3; i++) write(`src/cli/command${i}.ts`, `import { persist4 } from '../svc/s4';\n\nexport function command${i}(): string {\n  return persist4();\n}\n`);
    write('src/cli/probe.ts', "import { store } from '../store';\n\nexport function canSave(): boolean {\n  return typeof store.save === 'function';\n}\n");
    write('src/util.ts', "export function pad(s: string): string {\n  return s.padStart(3, '0');\n}\n");
    write('src/polyfill.ts', 'export const installed = true;\n');
    write('src/main.ts', "import './polyfill';\nimport { command0 } from './cli/command0';\n\nexport function main(): string {\n  return command0();\n}\n");
    write('src/index.ts', "export { persist0 as persist } from './svc/s0';\nexport * from './util';\n");
    mcp = await startMcp({ args: ['--root', root] });
  });

  after(async () => {
    await mcp?.close();
    if (root) fs.rmSync(root, { recursive: true, force: true });
  });

  it('keeps every code caller over the tests, counts the tests and names where to go next', async () => {
    const args = { file_path: 'src/store.ts', symbol: 'Store.save' };
    const answer = await callText(mcp.client, 'dependentsOf', args);
    assert.equal(answer.isError, false);
    for (let i = 0; i < 5; i++) assert.match(answer.text, new RegExp(`\\bpersist${i} --CALLS--> Store\\.save$`, 'm'));
    assert.equal(
      answer.text.split('\n')[0],
      'Showing 50 of 89 nodes in detail (code before tests, nearest first); the other 39 are named under ## More.',
    );
    // Code before tests: the callers further out (the three commands calling persist4, main) are
    // drawn in detail, and what is left out, named under ## More, is tests only.
    const at = answer.text.indexOf('\n## More');
    assert.ok(at > 0, 'a ## More section');
    const [detail, more] = [answer.text.slice(0, at), answer.text.slice(at)];
    for (const name of ['command0', 'command1', 'command2', 'main']) assert.match(detail, new RegExp(`^${name}:$`, 'm'), name);
    const listed = more.split('\n').filter((l) => /^  \S+: /.test(l));
    assert.equal(listed.length, 39, more);
    assert.match(more, /^test\/unit\/$/m);
    assert.doesNotMatch(more, /^src\//m, 'no code left out while tests are shown');
    assert.doesNotMatch(answer.text, /canSave/, 'a typeof probe is no use of save');
    assert.equal(answer.text.trimEnd(), cli('dependentsOf', args.file_path, args.symbol));
  });

  it("answers dependentsOf a file's module node with the code using it, and the importers for effect", async () => {
    const util = await callText(mcp.client, 'dependentsOf', { file_path: 'src/util.ts', symbol: '<module>' });
    assert.equal(util.isError, false);
    for (let i = 0; i < 5; i++) assert.match(util.text, new RegExp(`\\bpersist${i} --CALLS--> pad$`, 'm'));
    assert.match(util.text, /\bcommand0 --CALLS--> persist4\b/, 'and on from there');
    assert.equal(util.text.trimEnd(), cli('dependentsOf', 'src/util.ts', '<module>'));

    const polyfill = cli('dependentsOf', 'src/polyfill.ts', '<module>');
    assert.match(polyfill, /^src\/main\.ts --CALLS--> src\/polyfill\.ts$/m);
  });

  it('follows a name asked at a barrel to its declaration, saying so in one line', async () => {
    const renamed = await callText(mcp.client, 'dependentsOf', { file_path: 'src/index.ts', symbol: 'persist' });
    assert.equal(renamed.isError, false);
    assert.equal(renamed.text.split('\n')[0], '`persist` is re-exported by src/index.ts; answered for `persist0` in src/svc/s0.ts, where it is declared.');
    assert.equal(renamed.text.trimEnd(), cli('dependentsOf', 'src/index.ts', 'persist'));

    const star = cli('dependenciesOf', 'src/index.ts', 'pad');
    assert.equal(star.split('\n')[0], '`pad` is re-exported by src/index.ts; answered for src/util.ts, where it is declared.');
  });
});
