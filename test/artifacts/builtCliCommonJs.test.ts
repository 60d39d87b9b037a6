import * as assert from 'node:assert/strict';
import { fixtureDir, repoRoot } from '../support/goldenFixtures';
import { runBuiltCli } from './builtArtifacts';

/**
 * Issue 11's "done when", on what ships: the built dist/cli.js, run on the issue's three-file
 * CommonJS reproduction with no config, exports the four missing nodes and the five missing edges.
 * (The CommonJS golden cases also run on dist/cli.js in builtCli.test.ts.)
 */
describe('built dist/cli.js on CommonJS / prototype-style JavaScript', function () {
  this.timeout(120_000);

  it('exports the nodes and edges of exports.f, expandos, X.prototype.m, require() and this.m()', () => {
    const run = runBuiltCli(['--root', fixtureDir('commonjs-repro'), 'export'], repoRoot);
    assert.equal(run.code, 0, run.stderr);
    const graph = JSON.parse(run.stdout) as { nodes: Array<{ id: string; name: string; file: string; kind: string }>; edges: Array<{ from: string; to: string; type: string }> };
    const label = (id: string) => {
      const n = graph.nodes.find((x) => x.id === id);
      return n ? `${n.file}:${n.name}` : id;
    };
    const nodes = graph.nodes.map((n) => `${n.file}:${n.name} ${n.kind}`);
    for (const expected of ['app.js:app.init function', 'app.js:app.set function', 'route.js:Route.dispatch method', 'route.js:Route.handle method', 'route.js:Route class']) {
      assert.ok(nodes.includes(expected), `${expected} in\n${nodes.join('\n')}`);
    }
    const calls = graph.edges.filter((e) => e.type === 'CALLS').map((e) => `${label(e.from)} -> ${label(e.to)}`);
    for (const expected of [
      'app.js:app.init -> utils.js:compileTrust',
      'app.js:app.init -> app.js:app.set',
      'app.js:app.set -> utils.js:normalize',
      'route.js:Layer.match -> route.js:Route.dispatch',
      'route.js:Route.dispatch -> route.js:Route.handle',
    ]) {
      assert.ok(calls.includes(expected), `${expected} in\n${calls.join('\n')}`);
    }
  });
});
