import * as assert from 'node:assert/strict';
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { REPO_ROOT } from '../support/loadFixture';
import { callText, copyFixture, startMcp, tempDir } from './mcpClient';

/**
 * Issue 10: installed the way MCP users install servers. `npm pack` (its prepack makes the
 * production build), the tarball installed into an empty project with no registry at all (the
 * bundles carry every dependency), then `npx ts-code-graph mcp` from there, through the SDK client.
 */
describe('npm pack tarball: npx ts-code-graph mcp', function () {
  this.timeout(600_000);

  let tarball: string;
  let project: string;
  before(() => {
    const packDir = tempDir('tcg-pack-');
    execFileSync('npm', ['pack', '--pack-destination', packDir], { cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
    const packed = fs.readdirSync(packDir).filter((f) => f.endsWith('.tgz'));
    assert.equal(packed.length, 1, `one tarball in ${packDir}`);
    tarball = path.join(packDir, packed[0]);
    project = tempDir('tcg-install-');
    fs.writeFileSync(path.join(project, 'package.json'), '{ "name": "uses-ts-code-graph", "version": "1.0.0", "private": true }\n');
    execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', tarball], { cwd: project, stdio: ['ignore', 'ignore', 'pipe'] });
  });

  it('ships the bundles and the standard library, and nothing else of the repository', () => {
    const files = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).split('\n').filter(Boolean);
    for (const f of ['package/package.json', 'package/README.md', 'package/LICENSE', 'package/dist/cli.js', 'package/dist/mcp.js', 'package/dist/worker.js', 'package/dist/graphView.js', 'package/dist/lib.es5.d.ts', 'package/dist/lib.es2020.full.d.ts']) {
      assert.ok(files.includes(f), `${f} is packed`);
    }
    const allowed = /^package\/(package\.json|README\.md|CHANGELOG\.md|LICENSE|dist\/(cli|mcp|worker|graphView)\.js|dist\/lib(\.[\w.]+)?\.d\.ts)$/;
    assert.deepEqual(files.filter((f) => !allowed.test(f)), [], 'nothing else is packed');
    // Installed with --offline: it needs nothing from the registry.
    assert.ok(fs.existsSync(path.join(project, 'node_modules/ts-code-graph/dist/mcp.js')));
    assert.deepEqual(fs.readdirSync(path.join(project, 'node_modules')).filter((d) => !d.startsWith('.')), ['ts-code-graph']);
  });

  it('`npx ts-code-graph mcp` from the installed package answers through the SDK client', async () => {
    const root = copyFixture('stdlib-inference');
    const mcp = await startMcp({ command: 'npx', args: ['--no', 'ts-code-graph', 'mcp', '--root', root], cwd: project });
    try {
      assert.deepEqual((await mcp.client.listTools()).tools.map((t) => t.name), ['dependenciesOf', 'dependentsOf', 'pathsBetween']);
      const r = await callText(mcp.client, 'dependentsOf', { file_path: 'src/TableColumn.ts', symbol: 'TableColumn.clone' });
      assert.equal(r.isError, false);
      // Needs the packed lib.*.d.ts: without them these inferred calls vanish.
      assert.match(r.text, /^Table\.clone --CALLS--> TableColumn\.clone$/m);
      assert.match(r.text, /^rename --CALLS--> TableColumn\.clone$/m);
      await mcp.stderrMatching(new RegExp(`graph cache: .*ts-code-graph`));
    } finally {
      await mcp.close();
    }
  });

  it('the installed CLI draws: --format html inlines the graph view renderer it ships', () => {
    const root = copyFixture('stdlib-inference');
    // The bin itself: npx would read --root and --format as its own options.
    const cli = path.join(project, 'node_modules/.bin/ts-code-graph');
    const html = execFileSync(cli, ['dependentsOf', 'src/TableColumn.ts', 'TableColumn.clone', '--root', root, '--format', 'html'], { cwd: project, encoding: 'utf8' });
    assert.match(html, /^<!DOCTYPE html>/);
    assert.match(html, /<title>Dependents of TableColumn\.clone<\/title>/);
    const renderer = fs.readFileSync(path.join(project, 'node_modules/ts-code-graph/dist/graphView.js'), 'utf8');
    assert.ok(html.includes(renderer.slice(0, 2000)), 'the packed dist/graphView.js is inlined');
  });

  it('the ts-code-graph-mcp bin starts the same server', async () => {
    const root = copyFixture('stdlib-inference');
    const mcp = await startMcp({ command: path.join(project, 'node_modules/.bin/ts-code-graph-mcp'), args: ['--root', root] });
    try {
      const r = await callText(mcp.client, 'pathsBetween', { from: { file_path: 'src/runner.ts', symbol: 'rename' }, to: { file_path: 'src/TableColumn.ts', symbol: 'TableColumn.clone' } });
      assert.match(r.text, /^rename --CALLS--> TableColumn\.clone$/m);
    } finally {
      await mcp.close();
    }
  });
});
