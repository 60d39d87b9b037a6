import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { APP_FILE, CORE_FILE, writeWorkspaceFixture } from '../support/workspacePackagesFixture';
import { runBuiltCli } from './builtArtifacts';
import { callText, McpRun, startMcp, tempDir } from './mcpClient';

/**
 * Issue 41, item 5, as shipped: a workspace opened through a symlink (macOS's /tmp and /var are
 * links; people open folders through links) is one workspace. A monorepo whose app imports its own
 * package by name through node_modules (TypeScript resolves the link to the real path), queried with
 * `--root` through a link: its package resolves to its sources, a `file_path` in either spelling
 * names the same file, one cache serves both spellings, and the MCP server sees an edit made
 * through the real path.
 */
describe('built artifacts: a root reached through a symlink (issue 41)', function () {
  this.timeout(240_000);
  let real: string;
  let links: string;
  let link: string;
  let mcp: McpRun | undefined;

  before(() => {
    real = fs.realpathSync(writeWorkspaceFixture({ manager: 'npm' }));
    links = tempDir('tcg-links-');
    link = path.join(links, 'ws');
    fs.symlinkSync(real, link, 'dir');
  });

  after(async () => {
    await mcp?.close();
    for (const dir of [real, links]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  const cli = (root: string, ...args: string[]) => runBuiltCli(['--root', root, ...args]);

  it("resolves the monorepo's own package to its sources through the link, with no warning", () => {
    const r = cli(link, 'dependentsOf', CORE_FILE, 'createId');
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stderr, '');
    assert.match(r.stdout, /^run --CALLS--> createId$/m);
    assert.ok(r.stdout.includes(APP_FILE), r.stdout);
    assert.equal(r.stdout, cli(real, 'dependentsOf', CORE_FILE, 'createId').stdout, 'the same answer as through the real path');
  });

  it('takes a file_path in either spelling, whichever spelling --root has', () => {
    const viaReal = cli(link, 'dependenciesOf', path.join(real, APP_FILE), 'run');
    assert.equal(viaReal.code, 0, viaReal.stderr);
    assert.match(viaReal.stdout, /^run --CALLS--> createId --CALLS--> pad$/m);
    const viaLink = cli(real, 'dependenciesOf', path.join(link, APP_FILE), 'run');
    assert.equal(viaLink.code, 0, viaLink.stderr);
    assert.equal(viaLink.stdout, viaReal.stdout);
  });

  it('still refuses a path outside the workspace, naming the root as it was given', () => {
    const r = cli(link, 'dependentsOf', path.join(links, 'elsewhere.ts'), 'x');
    assert.equal(r.code, 2);
    assert.equal(r.stderr.trim(), `File path is outside the workspace: ${path.join(links, 'elsewhere.ts')}. Use a path inside ${link} (absolute or relative to it).`);
  });

  it('keeps one cache for both spellings: the second spelling loads what the first wrote', () => {
    const env: NodeJS.ProcessEnv = { ...process.env, XDG_CACHE_HOME: tempDir('tcg-link-cache-') };
    delete env.TS_CODE_GRAPH_NO_CACHE;
    try {
      const first = runBuiltCli(['--root', real, '--verbose', 'dependentsOf', CORE_FILE, 'createId'], undefined, undefined, env);
      assert.equal(first.code, 0, first.stderr);
      assert.doesNotMatch(first.stderr, /from the cache/);
      const second = runBuiltCli(['--root', link, '--verbose', 'dependentsOf', CORE_FILE, 'createId'], undefined, undefined, env);
      assert.equal(second.code, 0, second.stderr);
      assert.match(second.stderr, /loaded \d+ files from the cache/);
      assert.equal(second.stdout, first.stdout);
      assert.equal(fs.readdirSync(path.join(env.XDG_CACHE_HOME!, 'ts-code-graph')).length, 1);
    } finally {
      fs.rmSync(env.XDG_CACHE_HOME!, { recursive: true, force: true });
    }
  });

  it('MCP: answers through the link for a real path, and sees an edit written through the real path', async () => {
    mcp = await startMcp({ args: ['--root', link] });
    const before = await callText(mcp.client, 'dependentsOf', { file_path: path.join(real, CORE_FILE), symbol: 'createId' });
    assert.equal(before.isError, false, before.text);
    assert.match(before.text, /^run --CALLS--> createId$/m);

    const appReal = path.join(real, APP_FILE);
    fs.writeFileSync(appReal, `${fs.readFileSync(appReal, 'utf8')}\nexport function again(): string {\n  return createId('again');\n}\n`);
    let after = '';
    for (let i = 0; i < 50 && !/^again --CALLS--> createId$/m.test(after); i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      after = (await callText(mcp.client, 'dependentsOf', { file_path: CORE_FILE, symbol: 'createId' })).text;
    }
    assert.match(after, /^again --CALLS--> createId$/m, after);
  });
});
