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

  it('exports the accessors and methods of object-literal modules and their this.x and require() edges (issue 29)', () => {
    const run = runBuiltCli(['--root', fixtureDir('js-objects'), 'export'], repoRoot);
    assert.equal(run.code, 0, run.stderr);
    const graph = JSON.parse(run.stdout) as { nodes: Array<{ id: string; name: string; file: string; kind: string }>; edges: Array<{ from: string; to: string; type: string }> };
    const label = (id: string) => {
      const n = graph.nodes.find((x) => x.id === id);
      return n ? `${n.file}:${n.name} ${n.kind}` : id;
    };
    const nodes = graph.nodes.map((n) => `${n.file}:${n.name} ${n.kind}`);
    for (const expected of ['lib/request.js:header getter', 'lib/request.js:header setter', 'lib/request.js:is method', 'lib/request.js:limits.body getter', 'lib/qs.js:cursor.position getter']) {
      assert.ok(nodes.includes(expected), `${expected} in\n${nodes.join('\n')}`);
    }
    const edges = graph.edges.map((e) => `${label(e.from)} ${e.type} ${label(e.to)}`);
    for (const expected of [
      'lib/request.js:href getter REFERENCES lib/request.js:host getter',
      'lib/request.js:is method CALLS lib/request.js:accepts method',
      'lib/request.js:query setter REFERENCES lib/request.js:querystring setter',
      'lib/untyped.js:reset method REFERENCES lib/untyped.js:header setter',
      'lib/server.js:handle function CALLS lib/request.js:is method',
      'lib/server.js:handle function REFERENCES lib/request.js:host getter',
      'lib/server.js:handle function REFERENCES lib/request.js:query setter',
    ]) {
      assert.ok(edges.includes(expected), `${expected} in\n${edges.join('\n')}`);
    }
  });

  it('answers dependentsOf a getter of koa 3.3.0\'s request with the getters that read it', () => {
    const run = runBuiltCli(['--root', fixtureDir('koa-3.3.0'), 'dependentsOf', 'lib/request.js', 'get host'], repoRoot);
    assert.equal(run.code, 0, run.stderr);
    for (const reader of ['href', 'hostname', 'URL']) assert.match(run.stdout, new RegExp(`(^| )${reader} --REFERENCES--> host$`, 'm'), run.stdout);
  });
});
