import * as assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { repoRoot } from '../support/goldenFixtures';
import { runBuiltCli } from './builtArtifacts';
import { ImpactRepo, impactRepo } from './impactFixture';

/**
 * Issue 32: `ts-code-graph impact`, through the built dist/cli.js, on a git repository the test
 * builds and commits to. The changes: a body edit (formatDate), a signature change behind an
 * interface (Shape.area), a removed export (oldHelper) and a renamed file (legacy.ts). The changed
 * symbols are the ones the fixture was written to change; the dependents and the tests to run must
 * be exactly what `dependentsOf` on each changed symbol gives, run one by one (for the removed
 * symbol, the nodes that still name it, and theirs).
 */
describe('built dist/cli.js impact', function () {
  this.timeout(300_000);

  let fixture: ImpactRepo;
  const cli = (...args: string[]) => fixture.cli(...args);
  const git = (...args: string[]) => fixture.git(...args);
  const edit = (rel: string, from: string, to: string) => fixture.edit(rel, from, to);

  before(() => {
    fixture = impactRepo();
  });

  after(() => fixture?.dispose());

  interface Node {
    id: string;
    name: string;
    file: string;
  }
  interface ImpactJson {
    kind: string;
    inputs: string[];
    nodes: Node[];
    edges: Array<{ from: string; to: string; type: string }>;
    impact: {
      base: string;
      changed: Array<{ node: Node; change: string; exported: boolean; movedFrom?: string }>;
      dependents: number;
      tests: Array<{ file: string; nodes: Node[]; edges: Array<{ from: string; to: string }>; runner?: number }>;
      runners: Array<Record<string, unknown>>;
    };
  }
  const impactJson = (...args: string[]): ImpactJson => {
    const r = cli('impact', '--format', 'json', ...args);
    assert.equal(r.code, 0, r.stderr);
    return JSON.parse(r.stdout) as ImpactJson;
  };
  const dependentIds = (file: string, symbol: string): string[] => {
    const r = cli('dependentsOf', file, symbol, '--format', 'json');
    assert.equal(r.code, 0, r.stderr);
    const result = JSON.parse(r.stdout) as { kind: string; inputs?: string[]; nodes?: Node[] };
    return result.kind === 'graph' ? result.nodes!.map((n) => n.id).filter((id) => !result.inputs!.includes(id)) : [];
  };
  const changeOf = (result: ImpactJson) => Object.fromEntries(result.impact.changed.map((c) => [c.node.id, `${c.change}${c.exported ? ', exported' : ''}${c.movedFrom ? ` from ${c.movedFrom}` : ''}`]));
  const EXPECTED_CHANGES = {
    'src/old-stuff.ts#legacyThing@function': 'moved, exported from src/legacy.ts',
    'src/report.ts#src/report.ts@module': 'body',
    'src/shapes.ts#Shape.area@method-signature': 'signature, exported',
    'src/utils.ts#formatDate@function': 'body, exported',
    'src/utils.ts#oldHelper@function': 'removed, exported',
  };

  it('lists the changed symbols, their dependents and the tests to run, as dependentsOf on each gives them', () => {
    const result = impactJson();
    assert.equal(result.impact.base, 'working tree vs HEAD');
    assert.deepEqual(changeOf(result), EXPECTED_CHANGES);

    // The oracle: dependentsOf on every changed symbol the graph still has; for the removed one, the
    // nodes that still name it (the import line, and report's call) and their dependents.
    const namers = ['src/report.ts#report@function', 'src/report.ts#src/report.ts@module'];
    const stillNaming = result.edges.filter((e) => e.to === 'src/utils.ts#oldHelper@function').map((e) => e.from).sort();
    assert.deepEqual(stillNaming, namers);
    const expected = new Set<string>(namers);
    for (const c of result.impact.changed) {
      if (c.change !== 'removed') for (const id of dependentIds(c.node.file, c.node.name)) expected.add(id);
    }
    for (const id of dependentIds('src/report.ts', 'report')) expected.add(id);
    for (const id of result.inputs) expected.delete(id);
    const shown = result.nodes.map((n) => n.id).filter((id) => !result.inputs.includes(id));
    assert.deepEqual(new Set(shown), expected);
    assert.equal(result.impact.dependents, expected.size);

    // Tests to run: the test files among those dependents, as mocha finds them (its spec), each with
    // a path of real steps to a change; the helper under test/ is a dependent, not a test (issue 41).
    const fileOf = new Map(result.nodes.map((n) => [n.id, n.file]));
    const dependentFiles = new Set([...expected].map((id) => fileOf.get(id)!));
    assert.ok(dependentFiles.has('test/helpers/dates.ts'), 'the helper depends on formatDate');
    const testFiles = new Set([...dependentFiles].filter((f) => f.endsWith('.test.ts')));
    assert.deepEqual(new Set(result.impact.tests.map((t) => t.file)), testFiles);
    assert.deepEqual([...testFiles].sort(), ['test/dates.test.ts', 'test/report.test.ts', 'test/shapes.test.ts']);
    assert.deepEqual(result.impact.runners, [
      {
        name: 'mocha',
        dir: '',
        config: '.mocharc.json',
        testFiles: 4,
        tests: 3,
        command: 'npx mocha --no-config --require ts-node/register test/dates.test.ts test/report.test.ts test/shapes.test.ts',
        suite: 'npx mocha',
      },
    ]);
    for (const t of result.impact.tests) {
      assert.equal(t.nodes[0].file, t.file);
      assert.ok(result.inputs.includes(t.nodes[t.nodes.length - 1].id), `${t.file}'s path ends at a change`);
      t.edges.forEach((e, i) => assert.deepEqual([e.from, e.to].sort(), [t.nodes[i].id, t.nodes[i + 1].id].sort()));
    }
  });

  it('prints the same answer as text, markdown with a Mermaid picture, and gates CI with --fail-on', () => {
    const text = cli('impact');
    assert.equal(text.code, 0, text.stderr);
    assert.match(text.stdout, /^Impact \(working tree vs HEAD\): 4 changed files, 5 changed symbols \(1 removed, 1 signature changed, 1 body changed, 1 top-level code changed, 1 moved\), \d+ dependents, 3 test files to run\.$/m);
    assert.match(text.stdout, /^Tests to run with mocha \(\.mocharc\.json\): the whole suite \(3 of its 4 test files\): npx mocha; exactly: npx mocha --no-config --require ts-node\/register test\/dates\.test\.ts test\/report\.test\.ts test\/shapes\.test\.ts$/m);
    assert.match(text.stdout, /^ {2}oldHelper: removed, exported \(src\/utils\.ts:4\)$/m);
    assert.match(text.stdout, /^ {2}formatDate: body changed, exported \(src\/utils\.ts:1\)$/m);
    assert.match(text.stdout, /^ {2}test\/shapes\.test\.ts: testCircle --CALLS--> Circle\.area --IMPLEMENTS--> Shape\.area$/m);
    // The edge, alone or at the end of the chain that reaches it (the chains start at what the walk met first).
    assert.match(text.stdout, /(^|--> )report --REFERENCES--> oldHelper$/m);
    assert.match(text.stdout, /\n## Graph\n[\s\S]*\n## Nodes\n/);

    const md = cli('impact', '--format', 'markdown');
    assert.equal(md.code, 0, md.stderr);
    assert.match(md.stdout, /^\| `oldHelper` \| removed, exported \| `src\/utils\.ts:4` \|$/m);
    assert.match(md.stdout, /^mocha \(\.mocharc\.json\): 3 of its 4 test files, most of its suite: run it whole\n\n```sh\nnpx mocha\n```$/m);
    assert.match(md.stdout, /```mermaid\nflowchart LR\n[\s\S]*\n {2}class \S+ removed\n[\s\S]*```/);

    const gated = cli('impact', '--fail-on', 'removed-export');
    assert.equal(gated.code, 4);
    assert.equal(gated.stdout, text.stdout);
    assert.match(gated.stderr, /--fail-on removed-export: 1 symbol: oldHelper \(src\/utils\.ts:4\)/);
    assert.equal(cli('impact', '--fail-on', 'removed-export', '--staged').code, 0, 'nothing removed is staged');
  });

  it('--format tests prints a shell script: one command per runner for exactly the tests to run', () => {
    const r = cli('impact', '--format', 'tests');
    assert.equal(r.code, 0, r.stderr);
    assert.equal(
      r.stdout,
      '# Impact (working tree vs HEAD): 3 test files to run.\n' +
        '# mocha (.mocharc.json): 3 of its 4 test files\n' +
        'npx mocha --no-config --require ts-node/register test/dates.test.ts test/report.test.ts test/shapes.test.ts\n',
    );
  });

  it('says a changed file does not parse, exits 3 and reports none of its declarations removed (issue 41)', () => {
    const file = path.join(fixture.repo, 'src/shapes.ts');
    const kept = fs.readFileSync(file, 'utf8');
    try {
      // A lost closing brace: the parser reads the rest of the file as area's body.
      fs.writeFileSync(file, kept.replace('    return Math.PI * this.r * this.r;\n  }', '    return Math.PI * this.r * this.r;\n'));
      const r = cli('impact', '--format', 'json');
      assert.equal(r.code, 3, r.stderr);
      assert.match(r.stderr, /^ts-code-graph: error: src\/shapes\.ts does not parse \(line \d+: [^)]+\); impact compared it only up to there\.$/m);
      const result = JSON.parse(r.stdout) as ImpactJson & { warnings: string[]; impact: { unparsed: unknown[] } };
      assert.equal(result.impact.unparsed.length, 1);
      assert.ok(!result.impact.changed.some((c) => c.node.file === 'src/shapes.ts' && c.change === 'removed'), 'nothing of the broken file reported removed');
      assert.ok(result.warnings.some((w) => /^Incomplete: src\/shapes\.ts does not parse/.test(w)));
    } finally {
      fs.writeFileSync(file, kept);
    }
  });

  it('the printed command runs exactly the tests to run under the workspace\'s own mocha, and its helper is no test', () => {
    const ws = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-impact-mocha-'));
    try {
      const put = (rel: string, text: string) => {
        fs.mkdirSync(path.dirname(path.join(ws, rel)), { recursive: true });
        fs.writeFileSync(path.join(ws, rel), text);
      };
      const wsGit = (...args: string[]) => execFileSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], { cwd: ws, encoding: 'utf8' });
      put('package.json', JSON.stringify({ name: 'mocha-ws', private: true, scripts: { test: 'mocha' } }));
      put('.mocharc.json', JSON.stringify({ spec: ['test/**/*.test.js'], timeout: 5000, 'check-leaks': true }));
      put('jsconfig.json', JSON.stringify({ compilerOptions: { checkJs: false, module: 'commonjs' }, include: ['src', 'test'] }));
      put('src/price.js', "function total(items) {\n  return items.reduce((s, i) => s + i, 0);\n}\nmodule.exports = { total };\n");
      put('src/label.js', "function label(name) {\n  return `<${name}>`;\n}\nmodule.exports = { label };\n");
      put('test/helpers/cart.js', "const { total } = require('../../src/price');\nfunction cartOf(n) {\n  return total(Array.from({ length: n }, () => 1));\n}\nmodule.exports = { cartOf };\n");
      put('test/price/total.test.js', "const { cartOf } = require('../helpers/cart');\ndescribe('total', () => {\n  it('adds the items', () => {\n    if (cartOf(3) !== 3) throw new Error('bad total');\n  });\n});\n");
      put('test/price/empty.test.js', "const { total } = require('../../src/price');\ndescribe('empty', () => {\n  it('is zero', () => {\n    if (total([]) !== 0) throw new Error('not zero');\n  });\n});\n");
      put('test/label.test.js', "const { label } = require('../src/label');\ndescribe('label', () => {\n  it('wraps', () => {\n    if (label('a') !== '<a>') throw new Error('bad label');\n  });\n});\n");
      // The workspace's mocha, as `npm ci` would have put it there.
      fs.mkdirSync(path.join(ws, 'node_modules', '.bin'), { recursive: true });
      fs.symlinkSync(path.join(repoRoot, 'node_modules', 'mocha'), path.join(ws, 'node_modules', 'mocha'));
      fs.symlinkSync(path.join(repoRoot, 'node_modules', '.bin', 'mocha'), path.join(ws, 'node_modules', '.bin', 'mocha'));
      put('.gitignore', 'node_modules\n');
      wsGit('init', '-q', '-b', 'main');
      wsGit('add', '-A');
      wsGit('commit', '-q', '-m', 'base');
      put('src/price.js', "function total(items) {\n  let sum = 0;\n  for (const i of items) sum += i;\n  return sum;\n}\nmodule.exports = { total };\n");

      const r = runBuiltCli(['--root', ws, 'impact', '--format', 'tests'], repoRoot);
      assert.equal(r.code, 0, r.stderr);
      const command = r.stdout.split('\n').find((l) => l.startsWith('npx mocha'))!;
      // Both tests of test/price run (one through the helper): the folder is one glob; label's test does not.
      assert.equal(command, "npx mocha --no-config --timeout 5000 --check-leaks 'test/price/**/*.test.js'");
      const run = spawnSync('sh', ['-c', command], { cwd: ws, encoding: 'utf8', env: { ...process.env, npm_config_yes: 'false', npm_config_offline: 'true' } });
      assert.equal(run.status, 0, run.stdout + run.stderr);
      assert.match(run.stdout, /adds the items/);
      assert.match(run.stdout, /is zero/);
      assert.doesNotMatch(run.stdout, /wraps/);
      assert.match(run.stdout, /2 passing/);
    } finally {
      fs.rmSync(ws, { recursive: true, force: true });
    }
  });

  it('starts from the persisted graph on a second run, with the same answer', () => {
    const first = cli('--verbose', 'impact', '--format', 'json');
    const second = cli('--verbose', 'impact', '--format', 'json');
    assert.equal(second.code, 0, second.stderr);
    assert.match(second.stderr, /loaded \d+ files from the cache/);
    assert.equal(second.stdout, first.stdout);
  });

  it('--staged compares what is staged; --base compares with where the branch left the ref', () => {
    git('add', '-A');
    git('commit', '-q', '-m', 'feature');
    // main moves on after the branch: its change is not this branch's.
    git('checkout', '-q', 'main');
    edit('src/unused.ts', 'return 1;', 'return 2 - 1;');
    git('commit', '-q', '-am', 'main moves on');
    git('checkout', '-q', 'feature');

    assert.match(cli('impact').stdout, /^No TypeScript or JavaScript file changed \(working tree vs HEAD\)\.$/m);
    const vsMain = impactJson('--base', 'main');
    assert.match(vsMain.impact.base, /^working tree vs main \(merge base [0-9a-f]{7}\)$/);
    assert.deepEqual(changeOf(vsMain), EXPECTED_CHANGES);

    edit('src/shapes.ts', 'return shapes.reduce((s, x) => s + x.area(), 0);', 'return shapes.reduce((sum, x) => sum + x.area(), 0);');
    git('add', 'src/shapes.ts');
    edit('src/unused.ts', 'return 1;', 'return 3 - 2;'); // not staged
    const staged = impactJson('--staged');
    assert.equal(staged.impact.base, 'staged changes vs HEAD');
    assert.deepEqual(changeOf(staged), { 'src/shapes.ts#total@function': 'body, exported' });
  });

  it('says what is wrong with bad input: not a repository, an unknown ref, options of another command', () => {
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-not-git-'));
    try {
      fs.writeFileSync(path.join(outside, 'a.ts'), 'export const a = 1;\n');
      const r = runBuiltCli(['--root', outside, 'impact'], repoRoot);
      assert.equal(r.code, 2);
      assert.match(r.stderr, /is not inside a git repository: impact compares the files with git's versions of them\./);
    } finally {
      fs.rmSync(outside, { recursive: true, force: true });
    }
    const unknown = cli('impact', '--base', 'origin/nope');
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /^Unknown git ref 'origin\/nope': no commit has that name here\. For a remote branch, fetch it first/);
    const misplaced = cli('stats', '--base', 'main');
    assert.equal(misplaced.code, 2);
    assert.match(misplaced.stderr, /^--base belongs to impact, not stats\./);
  });
});
