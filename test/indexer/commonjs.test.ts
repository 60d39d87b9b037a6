import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { SymbolGraph } from '../../src/core/graph/SymbolGraph';
import { indexWorkspace } from '../../src/core/indexer/indexWorkspace';
import { CodeGraph } from '../../src/core/CodeGraph';
import { formatText } from '../../src/core/format/formatText';
import { createFileSourceReader } from '../../src/core/format/FileSourceReader';
import { fixtureRoot, loadFixture } from '../support/loadFixture';
import { assertNoEdge, edge, hasNode, linesOf, node, span } from '../support/graphLookup';

describe('indexWorkspace: CommonJS and prototype-style JavaScript', () => {
  describe('commonjs-repro (issue 11, no config: the inferred project)', () => {
    let graph: SymbolGraph;
    before(async () => {
      ({ graph } = await loadFixture('commonjs-repro'));
    });

    it('declares expandos on a local object and prototype methods as nodes', () => {
      assert.deepEqual(span(node(graph, 'app.js', 'app.init', 'function')), { offset: 4, limit: 1 });
      assert.deepEqual(span(node(graph, 'app.js', 'app.set', 'function')), { offset: 5, limit: 1 });
      assert.deepEqual(span(node(graph, 'route.js', 'Route.dispatch', 'method')), { offset: 3, limit: 1 });
      assert.deepEqual(span(node(graph, 'route.js', 'Route.handle', 'method')), { offset: 4, limit: 1 });
      assert.equal(node(graph, 'route.js', 'Route').kind, 'class', 'a function whose prototype gets members is class-like');
    });

    it('resolves calls through require(), this.m() and new on a constructor function', () => {
      assert.deepEqual(linesOf(edge(graph, 'app.js', 'app.init', 'CALLS', 'utils.js', 'compileTrust')), [4]);
      assert.deepEqual(linesOf(edge(graph, 'app.js', 'app.init', 'CALLS', 'app.js', 'app.set')), [4]);
      assert.deepEqual(linesOf(edge(graph, 'app.js', 'app.set', 'CALLS', 'utils.js', 'normalize')), [5]);
      assert.deepEqual(linesOf(edge(graph, 'route.js', 'Layer.match', 'CALLS', 'route.js', 'Route.dispatch')), [5]);
      assert.deepEqual(linesOf(edge(graph, 'route.js', 'Layer.match', 'CALLS', 'route.js', 'Route')), [5]);
      assert.deepEqual(linesOf(edge(graph, 'route.js', 'Route.dispatch', 'CALLS', 'route.js', 'Route.handle')), [3]);
    });

    it('does not count a declaring assignment as a use of what it declares', () => {
      assertNoEdge(graph, 'route.js', 'route.js', 'REFERENCES', 'route.js', 'Route.dispatch');
      assertNoEdge(graph, 'utils.js', 'utils.js', 'REFERENCES', 'utils.js', 'compileTrust');
    });

    it('answers dependentsOf for both spellings of a prototype method', async () => {
      const root = fixtureRoot('commonjs-repro');
      const cg = await CodeGraph.open({ root });
      const text = (r: ReturnType<CodeGraph['dependentsOf']>) => formatText(r, createFileSourceReader(root));
      for (const symbol of ['Route.dispatch', 'Route.prototype.dispatch']) {
        const answer = text(cg.dependentsOf('route.js', symbol));
        assert.match(answer, /Layer\.match --CALLS--> Route\.dispatch/, `${symbol}:\n${answer}`);
      }
      assert.match(text(cg.dependentsOf('utils.js', 'compileTrust')), /app\.init --CALLS--> compileTrust/);
      assert.match(text(cg.dependentsOf('route.js', 'Route.dispach')), /Route\.dispatch/, 'suggestions list the new nodes');
    });

    it('gives a jsconfig.json project the same nodes and edges as the inferred project', async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-cjs-'));
      try {
        for (const f of ['app.js', 'route.js', 'utils.js']) fs.copyFileSync(path.join(fixtureRoot('commonjs-repro'), f), path.join(dir, f));
        fs.writeFileSync(path.join(dir, 'jsconfig.json'), JSON.stringify({ compilerOptions: { module: 'commonjs', target: 'es2020' } }));
        const withConfig = (await indexWorkspace({ root: dir })).graph;
        assert.deepEqual(withConfig.snapshot(), graph.snapshot());
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });
  });

  describe('js-shapes (tsconfig with allowJs: JS beside TS, .mjs)', () => {
    let graph: SymbolGraph;
    before(async () => {
      ({ graph } = await loadFixture('js-shapes'));
    });
    const SHAPES = 'lib/shapes.js';
    const HELPERS = 'lib/helpers.js';
    const SERVER = 'lib/createServer.js';
    const REGISTRY = 'lib/registry.js';

    it('names each declaring shape', () => {
      assert.equal(node(graph, SHAPES, 'Queue').kind, 'class');
      assert.equal(node(graph, SHAPES, 'Queue.reset').kind, 'method');
      assert.deepEqual(span(node(graph, SHAPES, 'Queue.push', 'method')), { offset: 12, limit: 4 }, 'an anonymous prototype function');
      assert.equal(node(graph, SHAPES, { name: 'Queue.create', isStatic: true }).kind, 'method', 'a static expando on a constructor function');
      assert.equal(node(graph, SHAPES, 'Stack').kind, 'class', 'X.prototype = { … } makes X class-like');
      assert.equal(node(graph, SHAPES, 'Stack.peek').kind, 'method');
      assert.equal(node(graph, SHAPES, 'Stack.top').kind, 'method');
      assert.equal(node(graph, SHAPES, 'Queue.length').kind, 'getter', 'Object.defineProperty(X.prototype, …)');
      assert.equal(node(graph, HELPERS, 'double').kind, 'function', 'exports.f = arrow');
      assert.equal(node(graph, HELPERS, 'triple').kind, 'function', 'module.exports.f = function');
      assert.deepEqual(span(node(graph, HELPERS, { name: 'version', kind: 'getter' })), { offset: 8, limit: 3 }, 'Object.defineProperty(exports, …)');
      assert.deepEqual(span(node(graph, HELPERS, { name: 'version', kind: 'setter' })), { offset: 11, limit: 3 });
      assert.equal(node(graph, HELPERS, 'cursor.hide').kind, 'function', 'exports.o = { f: function }');
      assert.equal(node(graph, HELPERS, 'parsers.yaml').kind, 'function', 'const p = (exports.p = { f: () => … })');
      assert.deepEqual(linesOf(edge(graph, HELPERS, HELPERS, 'CALLS', HELPERS, 'parsers.yaml')), [25]);
      assert.deepEqual(span(node(graph, SERVER, 'createServer', 'function')), { offset: 6, limit: 7 }, 'anonymous module.exports = function takes the file name');
      assert.equal(node(graph, 'lib/named.js', 'makeStack').kind, 'function', 'module.exports = function makeStack');
      assert.equal(node(graph, REGISTRY, 'registry.add').kind, 'function');
      assert.equal(node(graph, REGISTRY, 'plugin.version').kind, 'function', 'an expando on a plain function');
      assert.equal(hasNode(graph, REGISTRY, 'registry.names'), false, 'a non-function expando is no node');
      assert.deepEqual(span(node(graph, REGISTRY, 'install.target.context', 'function')), { offset: 22, limit: 3 }, 'an expando inside a function, named by it');
      assert.deepEqual(linesOf(edge(graph, REGISTRY, 'install.target.context', 'CALLS', REGISTRY, 'install.target.context')), [23], 'this.describe(): its other name');
    });

    it('resolves require: default, destructured, a property of the required module, a getter and a setter', () => {
      assert.deepEqual(linesOf(edge(graph, SERVER, 'createServer', 'CALLS', SHAPES, { name: 'Queue.create', isStatic: true })), [7]);
      assert.deepEqual(linesOf(edge(graph, SERVER, 'createServer', 'CALLS', HELPERS, 'double')), [8]);
      assert.deepEqual(linesOf(edge(graph, SERVER, 'createServer', 'CALLS', HELPERS, 'triple')), [9]);
      assert.deepEqual(linesOf(edge(graph, SERVER, 'createServer', 'REFERENCES', HELPERS, { name: 'version', kind: 'getter' })), [11], 'a read');
      assert.deepEqual(linesOf(edge(graph, SERVER, 'createServer', 'REFERENCES', HELPERS, { name: 'version', kind: 'setter' })), [10], 'a write');
      assert.deepEqual(linesOf(edge(graph, 'lib/named.js', 'makeStack', 'CALLS', SHAPES, 'Stack.peek')), [3]);
      assert.deepEqual(linesOf(edge(graph, 'lib/named.js', 'makeStack', 'CALLS', SHAPES, 'Stack')), [3]);
    });

    it('resolves this.m() in constructor functions, prototype methods, getters and object expandos', () => {
      assert.deepEqual(linesOf(edge(graph, SHAPES, 'Queue', 'CALLS', SHAPES, 'Queue.reset')), [5]);
      assert.deepEqual(linesOf(edge(graph, SHAPES, 'Queue.push', 'CALLS', SHAPES, 'Queue.size')), [14]);
      assert.deepEqual(linesOf(edge(graph, SHAPES, 'Stack.peek', 'CALLS', SHAPES, 'Stack.top')), [29]);
      assert.deepEqual(linesOf(edge(graph, SHAPES, 'Queue.length', 'CALLS', SHAPES, 'Queue.size')), [38]);
      assert.deepEqual(linesOf(edge(graph, SHAPES, { name: 'Queue.create', isStatic: true }, 'CALLS', SHAPES, 'Queue')), [22]);
      assert.deepEqual(linesOf(edge(graph, REGISTRY, 'registry.add', 'CALLS', REGISTRY, 'registry.has')), [6]);
      assert.deepEqual(linesOf(edge(graph, REGISTRY, 'plugin', 'CALLS', REGISTRY, 'plugin.version')), [13]);
      assertNoEdge(graph, SHAPES, 'Queue.length', 'REFERENCES', SHAPES, 'Queue');
    });

    it('follows a JSDoc-typed receiver', () => {
      assert.deepEqual(linesOf(edge(graph, SERVER, 'drain', 'CALLS', SHAPES, 'Queue.size')), [16]);
    });

    it('resolves the same members from ESM .mjs and from TypeScript (allowJs)', () => {
      assert.deepEqual(linesOf(edge(graph, 'esm.mjs', 'fill', 'CALLS', SHAPES, 'Queue.push')), [6]);
      assert.deepEqual(linesOf(edge(graph, 'esm.mjs', 'fill', 'CALLS', REGISTRY, 'registry.add')), [7]);
      assert.deepEqual(linesOf(edge(graph, 'src/main.ts', 'run', 'CALLS', SHAPES, 'Queue')), [5]);
      assert.deepEqual(linesOf(edge(graph, 'src/main.ts', 'run', 'CALLS', SHAPES, 'Queue.reset')), [6]);
      assert.deepEqual(linesOf(edge(graph, 'src/main.ts', 'run', 'CALLS', SERVER, 'createServer')), [7]);
    });
  });
});
