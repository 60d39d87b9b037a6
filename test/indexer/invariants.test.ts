import * as assert from 'node:assert/strict';
import { EDGE_TYPES, isRuntimeEdge, NodeKind } from '../../src/core/graph/GraphTypes';
import { isDeclarationLink, isImplementable } from '../../src/core/graph/implementationTwin';
import { countLines, FIXTURE_NAMES, loadFixture, readFixtureFile, sourceFilesOf } from '../support/loadFixture';
import { label } from '../support/graphLookup';

/** Properties every indexed workspace has, checked over every fixture. */
describe('indexWorkspace: invariants over every fixture', () => {
  it('exercises every node kind and every edge type across the fixtures', async () => {
    const kinds = new Set<NodeKind>();
    const types = new Set<string>();
    for (const name of FIXTURE_NAMES) {
      const { graph } = await loadFixture(name);
      for (const n of graph.allNodes()) kinds.add(n.kind);
      for (const e of graph.allEdges()) types.add(e.type);
    }
    const allKinds: NodeKind[] = ['module', 'function', 'method', 'constructor', 'getter', 'setter', 'property', 'class', 'interface', 'method-signature', 'type', 'enum', 'variable', 'namespace'];
    assert.deepEqual(allKinds.filter((k) => !kinds.has(k)), [], 'node kinds no fixture produced');
    assert.deepEqual(EDGE_TYPES.filter((t) => !types.has(t)), [], 'edge types no fixture produced');
  });

  for (const name of FIXTURE_NAMES) {
    describe(name, () => {
      it('indexes without throwing and reports what it built', async () => {
        const { graph, report } = await loadFixture(name);
        assert.ok(graph.nodeCount > 0);
        assert.ok(report.files >= sourceFilesOf(name).length, `report.files ${report.files}`);
        assert.ok(Array.isArray(report.problems));
      });

      it('gives every source file a module node: offset 1, limit = its line count', async () => {
        const { graph } = await loadFixture(name);
        for (const file of sourceFilesOf(name)) {
          assert.ok(graph.hasFile(file), `${file} is indexed (indexed: ${graph.files().join(', ')})`);
          const modules = graph.nodesInFile(file).filter((n) => n.kind === 'module');
          assert.equal(modules.length, 1, `${file} has one module node`);
          assert.equal(modules[0].name, file);
          assert.equal(modules[0].offset, 1);
          assert.equal(modules[0].limit, countLines(readFixtureFile(name, file)), `${file} limit`);
        }
      });

      it('never stores an edge whose endpoints are not both nodes', async () => {
        const { graph } = await loadFixture(name);
        for (const file of graph.files()) {
          for (const e of graph.getContribution(file)!.edges) {
            const from = graph.getNode(e.from);
            assert.ok(from, `edge from missing node ${e.from} (${e.type} → ${e.to}) in ${file}`);
            assert.equal(from.file, file, `${file} owns only edges from its own nodes (${label(from)})`);
            assert.ok(graph.hasNode(e.to), `dangling edge ${label(from)} --${e.type}--> ${e.to}`);
          }
        }
        for (const e of graph.allEdges()) {
          assert.ok(graph.hasNode(e.from) && graph.hasNode(e.to));
          assert.ok((EDGE_TYPES as readonly string[]).includes(e.type), `edge type ${e.type}`);
        }
      });

      it('uses root-relative posix paths and in-file spans for every node', async () => {
        const { graph } = await loadFixture(name);
        for (const n of graph.allNodes()) {
          assert.ok(!n.file.startsWith('/') && !n.file.includes('\\') && !n.file.startsWith('..') && !/^[a-zA-Z]:/.test(n.file), `${label(n)} path`);
          assert.ok(Number.isInteger(n.offset) && n.offset >= 1, `${label(n)} offset ${n.offset}`);
          assert.ok(Number.isInteger(n.limit) && n.limit >= 1, `${label(n)} limit ${n.limit}`);
          if (n.external) continue;
          const lines = countLines(readFixtureFile(name, n.file));
          assert.ok(n.offset + n.limit - 1 <= lines, `${label(n)} ends at ${n.offset + n.limit - 1}, past the file's ${lines} lines`);
        }
      });

      it('keeps runtime-edge lines inside the source node', async () => {
        const { graph } = await loadFixture(name);
        for (const e of graph.allEdges()) {
          if (!isRuntimeEdge(e.type)) continue;
          const from = graph.getNode(e.from)!;
          const to = graph.getNode(e.to)!;
          assert.ok(e.lines && e.lines.length > 0, `${label(from)} --${e.type}--> ${label(to)} has lines`);
          for (const line of e.lines) {
            assert.ok(line >= from.offset && line <= from.offset + from.limit - 1, `${label(from)} --${e.type}--> ${label(to)}: line ${line} outside ${from.offset}+${from.limit}`);
          }
        }
      });

      it('has no node from the TypeScript lib, and only external nodes from node_modules', async () => {
        const { graph } = await loadFixture(name);
        for (const n of graph.allNodes()) {
          assert.ok(!/(^|\/)lib\.[\w.]*d\.ts$/.test(n.file) && !n.file.includes('node_modules/typescript/'), `lib node ${label(n)}`);
          assert.ok(!n.file.includes('node_modules/@types/'), `@types node ${label(n)}`);
          if (n.file.includes('node_modules/')) assert.equal(n.external, true, `${label(n)} is external`);
          if (n.external) assert.deepEqual(graph.outEdges(n.id), [], `${label(n)} is a leaf`);
        }
        for (const lib of ['log', 'console', 'Promise', 'Array', 'Map', 'toISOString', 'JSON.stringify']) {
          assert.deepEqual(graph.nodesNamed(lib).map(label), [], `no node for ${lib}`);
        }
      });

      it('links heritage by kind: class EXTENDS class, interface EXTENDS interface, class IMPLEMENTS interface, members to members, JavaScript to its own declaration', async () => {
        // The fixtures have no interface extending a class and no class implementing a class.
        const { graph } = await loadFixture(name);
        const memberKinds = ['method', 'method-signature', 'getter', 'setter', 'property', 'constructor'];
        for (const e of graph.allEdges()) {
          if (e.type !== 'EXTENDS' && e.type !== 'IMPLEMENTS' && e.type !== 'OVERRIDES') continue;
          const from = graph.getNode(e.from)!;
          const to = graph.getNode(e.to)!;
          const shown = `${label(from)} (${from.kind}) --${e.type}--> ${label(to)} (${to.kind})`;
          if (isDeclarationLink(e, graph)) {
            // A JavaScript node's link to its own declaration in the .d.ts beside it: same name, both values.
            assert.ok(from.name === to.name && isImplementable(from.kind) && isImplementable(to.kind), shown);
          } else if (memberKinds.includes(from.kind)) {
            assert.ok(e.type !== 'EXTENDS' && memberKinds.includes(to.kind), shown);
          } else if (e.type === 'EXTENDS') {
            assert.ok((from.kind === 'class' || from.kind === 'interface') && to.kind === from.kind, shown);
          } else {
            assert.ok(e.type === 'IMPLEMENTS' && from.kind === 'class' && to.kind === 'interface', shown);
          }
        }
      });

      it('does not index a source file twice', async () => {
        const { graph } = await loadFixture(name);
        const ids = new Set<string>();
        for (const n of graph.allNodes()) {
          assert.ok(!ids.has(n.id));
          ids.add(n.id);
        }
        for (const file of graph.files()) {
          assert.equal(graph.nodesInFile(file).filter((n) => n.kind === 'module').length, 1, file);
        }
      });
    });
  }
});
