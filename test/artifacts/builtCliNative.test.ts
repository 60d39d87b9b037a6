import * as assert from 'node:assert/strict';
import { goldenCases } from '../golden/cases';
import { checkGolden } from '../support/checkGolden';
import { fixtureDir, goldenFile, repoRoot } from '../support/goldenFixtures';
import { formatGoldenRun } from '../support/goldenRun';
import { runBuiltCli } from './builtArtifacts';

/**
 * The built dist/cli.js on the native path: TypeScript 7's client bundled, its binary found in
 * node_modules/@typescript/typescript-<platform>-<arch>. The stdlib-inference cases pass only when
 * that compiler finds its standard library (calls through Array callbacks and Promise results);
 * `stats` must say which compiler built the graph.
 */
describe('built dist/cli.js, indexing with the native compiler', function () {
  this.timeout(120_000);
  const env = { ...process.env, TS_CODE_GRAPH_NO_CACHE: '1', TS_CODE_GRAPH_COMPILER: 'native' };

  it('says in stats that TypeScript 7 built the graph', () => {
    const r = runBuiltCli(['--root', fixtureDir('stdlib-inference'), 'stats'], repoRoot, undefined, env);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^Compiler: +TypeScript 7\.0\.2 \(native, @typescript\/typescript-[a-z0-9]+-[a-z0-9]+\), with TypeScript \d defaults/m);
    assert.doesNotMatch(r.stdout, /Errors:|Warnings:/);
  });

  for (const c of goldenCases.filter((g) => g.fixture === 'stdlib-inference' || g.fixture === 'sample')) {
    it(`reproduces golden ${c.fixture}/${c.name}`, () => {
      const root = fixtureDir(c.fixture);
      const previous = process.env.TS_CODE_GRAPH_COMPILER;
      process.env.TS_CODE_GRAPH_COMPILER = 'native'; // goldenFile picks a case's TypeScript 7 golden, if it has one
      try {
        const run = runBuiltCli(['--root', root, ...c.argv], repoRoot, undefined, env);
        checkGolden(goldenFile(c.fixture, c.name), formatGoldenRun(c.argv, { code: run.code ?? -1, stdout: run.stdout, stderr: run.stderr }, root));
      } finally {
        if (previous === undefined) delete process.env.TS_CODE_GRAPH_COMPILER;
        else process.env.TS_CODE_GRAPH_COMPILER = previous;
      }
    });
  }
});
