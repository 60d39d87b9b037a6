import * as assert from 'node:assert/strict';
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { GITHUB_COMMENT_LIMIT, MAX_COMMENT_CHARS } from '../../src/core/format/formatMarkdown';
import { ANSWER_CHARS } from '../../src/core/format/formatMore';
import { ensureRealWorkspace, packedPackage, REAL_TSCONFIG } from '../support/realWorkspace';
import { runBuiltCli } from './builtArtifacts';

/**
 * Issue 41: `impact` bounded by design, on a real history. The history is two releases of a real
 * package with its TypeScript sources and tests (ra-core 4.16.20, committed, then 5.4.0 in the
 * working tree: 406 changed files, 1,836 changed symbols, 116 tests), its dependencies installed
 * (test/support/realWorkspace). Before, the text was 199,581 characters (its graph drew the 2,918
 * edges between changed symbols); now: the pull-request comment stays within GitHub's limit, the
 * text within the tools' token budget, and JSON still has every dependent and every test.
 */
describe('built dist/cli.js impact on a real history (ra-core 4.16.20 → 5.4.0)', function () {
  this.timeout(900_000);

  let repo: string;
  let cacheHome: string;
  const impact = (...args: string[]) => {
    const run = runBuiltCli(['--root', repo, 'impact', ...args], undefined, undefined, { ...process.env, XDG_CACHE_HOME: cacheHome, TS_CODE_GRAPH_NO_CACHE: '' });
    assert.ok(run.code === 0 || run.code === 3, run.stderr);
    return run.stdout;
  };

  before(() => {
    const now = ensureRealWorkspace();
    const old = packedPackage('ra-core@4.16.20');
    repo = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-impact-real-'));
    cacheHome = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-impact-real-cache-'));
    const git = (...args: string[]) => execFileSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], { cwd: repo, encoding: 'utf8' });
    fs.cpSync(path.join(old, 'src'), path.join(repo, 'src'), { recursive: true });
    fs.writeFileSync(path.join(repo, 'tsconfig.json'), JSON.stringify(REAL_TSCONFIG, null, 2));
    fs.writeFileSync(path.join(repo, 'package.json'), JSON.stringify({ name: 'ra-core-history', private: true }));
    fs.writeFileSync(path.join(repo, '.gitignore'), 'node_modules\n');
    fs.symlinkSync(path.join(now.root, 'node_modules'), path.join(repo, 'node_modules'), 'dir');
    git('init', '-q', '-b', 'main');
    git('add', '-A');
    git('commit', '-q', '-m', 'ra-core 4.16.20');
    fs.rmSync(path.join(repo, 'src'), { recursive: true });
    fs.cpSync(path.join(now.root, 'src'), path.join(repo, 'src'), { recursive: true });
  });

  after(() => {
    for (const dir of [repo, cacheHome]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  interface ImpactJson {
    inputs: string[];
    nodes: Array<{ id: string; file: string }>;
    truncation?: { more?: Array<{ id: string; file: string }> };
    impact: { changed: Array<{ node: { file: string } }>; dependents: number; tests: Array<{ file: string }>; runners: unknown[] };
  }

  it('JSON has all of it: every dependent (in detail or listed) and every test', () => {
    const result = JSON.parse(impact('--format', 'json')) as ImpactJson;
    assert.ok(result.impact.changed.length > 1_000, `${result.impact.changed.length} changed symbols`);
    const inputs = new Set(result.inputs);
    const dependents = new Set([...result.nodes.filter((n) => !inputs.has(n.id)).map((n) => n.id), ...(result.truncation?.more ?? []).map((m) => m.id)]);
    assert.equal(dependents.size, result.impact.dependents);
    // No runner is configured in the package: its tests are the files with usual test names, changed or reached.
    const reached = [...result.impact.changed.map((c) => c.node), ...result.nodes, ...(result.truncation?.more ?? [])];
    const testFiles = new Set(reached.filter((n) => /\.(spec|test)\.tsx?$/.test(n.file)).map((n) => n.file));
    assert.deepEqual(new Set(result.impact.tests.map((t) => t.file)), testFiles);
    assert.ok(testFiles.size > 50, `${testFiles.size} tests`);
    assert.deepEqual(result.impact.runners, []);
  });

  it('the pull-request comment fits GitHub, and says what it could not list', () => {
    const markdown = impact('--format', 'markdown');
    assert.ok(markdown.length <= MAX_COMMENT_CHARS && markdown.length < GITHUB_COMMENT_LIMIT, `${markdown.length} characters`);
    assert.match(markdown, /^\*\*1,\d{3} changed symbols\*\* in \d{3} files \(\d+ removed, /m);
    assert.match(markdown, /^\| … and 1,\d{3} more \(`--format json` lists them all\) \| \| \|$/m);
    assert.match(markdown, /^<details><summary>\d+ test files, nearest first, with what links each to a change<\/summary>$/m);
    assert.match(markdown, /^\*\*Dependents by folder\*\*$/m);
  });

  it('the text fits the tools\' token budget, summary first, and draws a bounded number of the edges between changes', () => {
    const text = impact();
    assert.ok(text.length <= ANSWER_CHARS, `${text.length} characters`);
    const lines = text.split('\n');
    assert.match(lines[0], /^Impact \(working tree vs HEAD\): \d{3} changed files, 1,\d{3} changed symbols \(\d+ removed, \d+ signature changed, /);
    assert.ok(lines.some((l) => /^Dependents by folder: src\//.test(l)));
    assert.ok(lines.some((l) => /^50 of the [\d,]+ edges between changed symbols are drawn/.test(l)));
    assert.ok(lines.includes('## Graph') && lines.includes('## Nodes'));
    // No runner: the commands say whose tests they would be.
    assert.match(impact('--format', 'tests'), /^# No runner found for \d+ test files \(by their names\): src\//m);
  });
});
