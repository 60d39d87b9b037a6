import * as assert from 'node:assert/strict';
import { SymbolGraph } from '../../src/core/graph/SymbolGraph';
import { countLines, loadFixture, readFixtureFile } from '../support/loadFixture';
import { assertNoEdge, edge, findNodes, hasNode, linesOf, node, span, targetsOf } from '../support/graphLookup';

const USER = 'src/models/user.ts';
const VALIDATE = 'src/utils/validate.ts';
const SERVER = 'src/server.ts';
const ROUTES = 'src/routes.ts';
const APP = 'src/app.ts';

describe('indexWorkspace: basics fixture', () => {
  let graph: SymbolGraph;

  before(async () => {
    ({ graph } = await loadFixture('basics'));
  });

  describe('module nodes', () => {
    it('gives every file a module node named by its root-relative path, spanning the whole file', () => {
      for (const file of [APP, 'src/main.ts', USER, VALIDATE, 'src/geometry.ts']) {
        const mod = node(graph, file, file, 'module');
        assert.deepEqual(span(mod), { offset: 1, limit: countLines(readFixtureFile('basics', file)) });
      }
      assert.deepEqual(span(node(graph, APP, APP)), { offset: 1, limit: 13 });
    });
  });

  describe('functions and variables', () => {
    it('indexes top-level functions, exported or not', () => {
      assert.deepEqual(span(node(graph, VALIDATE, 'normalize', 'function')), { offset: 5, limit: 3 });
      assert.deepEqual(span(node(graph, VALIDATE, 'validateName', 'function')), { offset: 9, limit: 4 });
      assert.deepEqual(span(node(graph, VALIDATE, 'isReserved', 'function')), { offset: 14, limit: 3 });
      assert.deepEqual(span(node(graph, 'src/http.ts', 'request', 'function')), { offset: 1, limit: 3 });
    });

    it('names an arrow function or function expression after its const, starting at the export keyword', () => {
      assert.deepEqual(span(node(graph, ROUTES, 'health', 'function')), { offset: 13, limit: 3 });
      assert.deepEqual(span(node(graph, VALIDATE, 'slug', 'function')), { offset: 24, limit: 3 });
    });

    it('makes one node for an overloaded function, covering its implementation', () => {
      const parse = findNodes(graph, VALIDATE, 'parse');
      assert.equal(parse.length, 1, 'overload signatures and implementation are one node');
      assert.equal(parse[0].kind, 'function');
      assert.ok(parse[0].offset === 18 || parse[0].offset === 20, `parse starts at an overload (18) or the implementation (20), not ${parse[0].offset}`);
      assert.equal(parse[0].offset + parse[0].limit - 1, 22, 'parse ends with its implementation body');
    });

    it('indexes exported variables but not plain module-level or local variables', () => {
      assert.deepEqual(span(node(graph, VALIDATE, 'MAX_NAME_LENGTH', 'variable')), { offset: 1, limit: 1 });
      assert.equal(hasNode(graph, VALIDATE, 'RESERVED'), false, 'non-exported RESERVED is not a node');
      assert.equal(hasNode(graph, ROUTES, 'users'), false, 'non-exported users is not a node');
      assert.equal(hasNode(graph, APP, 'app'), false, 'non-exported app is not a node');
      assert.equal(hasNode(graph, 'src/report.ts', 'buildReport.header'), false, 'a local string is not a node');
      assert.equal(hasNode(graph, 'src/report.ts', 'buildReport.body'), false, 'a local array is not a node');
    });

    it('names an anonymous default export `default`', () => {
      assert.deepEqual(span(node(graph, APP, 'default', 'function')), { offset: 10, limit: 4 });
    });

    it('qualifies nested functions and function-valued consts with their enclosing function', () => {
      assert.deepEqual(span(node(graph, 'src/report.ts', 'buildReport', 'function')), { offset: 3, limit: 9 });
      assert.deepEqual(span(node(graph, 'src/report.ts', 'buildReport.line', 'function')), { offset: 5, limit: 3 });
      assert.deepEqual(span(node(graph, 'src/report.ts', 'buildReport.footer', 'function')), { offset: 8, limit: 1 });
      assert.equal(hasNode(graph, 'src/report.ts', 'line'), false, 'a nested function is not top-level');
    });

    it('names object-literal members after the object: methods as method, function properties as function', () => {
      assert.deepEqual(span(node(graph, 'src/http.ts', 'api', 'variable')), { offset: 5, limit: 6 });
      assert.deepEqual(span(node(graph, 'src/http.ts', 'api.get', 'method')), { offset: 6, limit: 3 });
      assert.deepEqual(span(node(graph, 'src/http.ts', 'api.post', 'function')), { offset: 9, limit: 1 });
    });
  });

  describe('classes', () => {
    it('spans a class from its declaration line, without its JSDoc', () => {
      assert.deepEqual(span(node(graph, USER, 'User', 'class')), { offset: 4, limit: 35 });
      assert.deepEqual(span(node(graph, SERVER, 'App', 'class')), { offset: 13, limit: 12 });
    });

    it('indexes the constructor as Class.constructor', () => {
      assert.deepEqual(span(node(graph, USER, 'User.constructor', 'constructor')), { offset: 10, limit: 5 });
    });

    it('indexes a getter and a setter of one name as two nodes', () => {
      assert.deepEqual(span(node(graph, USER, 'User.fullName', 'getter')), { offset: 16, limit: 3 });
      assert.deepEqual(span(node(graph, USER, 'User.fullName', 'setter')), { offset: 20, limit: 5 });
    });

    it('keeps a static and an instance method of one name apart', () => {
      const instance = node(graph, USER, { name: 'User.save', isStatic: false }, 'method');
      const statik = node(graph, USER, { name: 'User.save', isStatic: true }, 'method');
      assert.notEqual(instance.id, statik.id);
      assert.deepEqual(span(instance), { offset: 27, limit: 3 }, 'instance save starts after its JSDoc');
      assert.deepEqual(span(statik), { offset: 31, limit: 3 });
    });

    it('indexes a property initialised with a function as a property', () => {
      assert.deepEqual(span(node(graph, USER, 'User.handler', 'property')), { offset: 35, limit: 3 });
    });

    it('starts a decorated method at its decorator, not at its JSDoc', () => {
      assert.deepEqual(span(node(graph, 'src/models/userService.ts', 'UserService.create', 'method')), { offset: 17, limit: 7 });
    });
  });

  describe('namespaces and enums', () => {
    it('indexes enums, namespaces and namespace members as NS.member', () => {
      assert.deepEqual(span(node(graph, 'src/geometry.ts', 'Shape', 'enum')), { offset: 1, limit: 4 });
      assert.deepEqual(span(node(graph, 'src/geometry.ts', 'Geometry', 'namespace')), { offset: 6, limit: 9 });
      assert.deepEqual(span(node(graph, 'src/geometry.ts', 'Geometry.area', 'function')), { offset: 7, limit: 3 });
      assert.deepEqual(span(node(graph, 'src/geometry.ts', 'Geometry.circleArea', 'function')), { offset: 11, limit: 3 });
    });

    it('resolves calls into and within a namespace', () => {
      assert.deepEqual(linesOf(edge(graph, APP, 'default', 'CALLS', 'src/geometry.ts', 'Geometry.area')), [11]);
      assert.deepEqual(linesOf(edge(graph, 'src/geometry.ts', 'Geometry.area', 'CALLS', 'src/geometry.ts', 'Geometry.circleArea')), [8]);
    });
  });

  describe('interfaces and type aliases', () => {
    it('indexes an interface, its method signatures and a type alias', () => {
      assert.deepEqual(span(node(graph, SERVER, 'Response', 'interface')), { offset: 6, limit: 3 });
      assert.deepEqual(span(node(graph, SERVER, 'Response.send', 'method-signature')), { offset: 7, limit: 1 });
      assert.deepEqual(span(node(graph, SERVER, 'Handler', 'type')), { offset: 10, limit: 1 });
    });
  });

  describe('CALLS', () => {
    it('records a cross-file call with its call-site lines', () => {
      assert.deepEqual(linesOf(edge(graph, USER, 'User.constructor', 'CALLS', VALIDATE, 'normalize')), [11, 12]);
      assert.deepEqual(linesOf(edge(graph, ROUTES, 'listUsers', 'CALLS', 'src/report.ts', 'buildReport')), [10]);
    });

    it('records calls to non-exported functions in the same file', () => {
      assert.deepEqual(linesOf(edge(graph, VALIDATE, 'validateName', 'CALLS', VALIDATE, 'isReserved')), [11]);
    });

    it('resolves this.m() and Class.m() to the instance and static node respectively', () => {
      assert.deepEqual(linesOf(edge(graph, USER, { name: 'User.save', isStatic: false }, 'CALLS', USER, { name: 'User.save', isStatic: true })), [28]);
      assert.deepEqual(linesOf(edge(graph, USER, 'User.handler', 'CALLS', USER, { name: 'User.save', isStatic: false })), [36]);
      assertNoEdge(graph, USER, 'User.handler', 'CALLS', USER, { name: 'User.save', isStatic: true });
      assertNoEdge(graph, USER, { name: 'User.save', isStatic: true }, 'CALLS', USER, { name: 'User.save', isStatic: false });
    });

    it('makes new X() a call of the class node', () => {
      assert.deepEqual(linesOf(edge(graph, SERVER, 'createApp', 'CALLS', SERVER, 'App')), [27]);
      assert.deepEqual(linesOf(edge(graph, 'src/models/userService.ts', 'UserService.create', 'CALLS', USER, 'User')), [19]);
    });

    it('resolves a method call on a typed local to the class method', () => {
      assert.deepEqual(linesOf(edge(graph, 'src/models/userService.ts', 'UserService.create', 'CALLS', USER, { name: 'User.save', isStatic: false })), [20]);
    });

    it('resolves a call through an interface-typed parameter to the interface member', () => {
      assert.deepEqual(linesOf(edge(graph, ROUTES, 'listUsers', 'CALLS', SERVER, 'Response.send')), [10]);
      assert.deepEqual(linesOf(edge(graph, ROUTES, 'health', 'CALLS', SERVER, 'Response.send')), [14]);
    });

    it('calls an overloaded function through its single node', () => {
      assert.deepEqual(linesOf(edge(graph, ROUTES, 'listUsers', 'CALLS', VALIDATE, 'parse')), [9]);
    });

    it('attributes calls inside anonymous callbacks to the enclosing function', () => {
      assert.deepEqual(linesOf(edge(graph, 'src/report.ts', 'buildReport', 'CALLS', 'src/report.ts', 'buildReport.line')), [9]);
      assert.deepEqual(linesOf(edge(graph, 'src/report.ts', 'buildReport', 'CALLS', 'src/report.ts', 'buildReport.footer')), [10]);
    });

    it('attributes calls in object-literal members to the member', () => {
      assert.deepEqual(linesOf(edge(graph, 'src/http.ts', 'api.get', 'CALLS', 'src/http.ts', 'request')), [7]);
      assert.deepEqual(linesOf(edge(graph, 'src/http.ts', 'api.post', 'CALLS', 'src/http.ts', 'request')), [9]);
      assertNoEdge(graph, 'src/http.ts', 'api', 'CALLS', 'src/http.ts', 'request');
    });

    it('attributes top-level code, including callbacks at top level, to the module node', () => {
      assert.deepEqual(linesOf(edge(graph, APP, APP, 'CALLS', SERVER, 'createApp')), [5]);
      assert.deepEqual(linesOf(edge(graph, APP, APP, 'CALLS', SERVER, 'App.get')), [7, 8]);
      assert.deepEqual(linesOf(edge(graph, ROUTES, ROUTES, 'CALLS', USER, 'User')), [6]);
      assert.deepEqual(linesOf(edge(graph, 'src/main.ts', 'src/main.ts', 'CALLS', 'src/http.ts', 'api.post')), [6]);
      assert.deepEqual(linesOf(edge(graph, 'src/main.ts', 'src/main.ts', 'CALLS', VALIDATE, 'slug')), [6]);
    });

    it('resolves a default import to the anonymous default export', () => {
      assert.deepEqual(linesOf(edge(graph, 'src/main.ts', 'src/main.ts', 'CALLS', APP, 'default')), [5]);
    });

    it('makes no node and no edge for TypeScript lib calls', () => {
      for (const lib of ['log', 'console.log', 'Console.log', 'map', 'Array.map', 'set', 'Map.set', 'trim', 'String.trim', 'includes', 'forEach']) {
        assert.deepEqual(graph.nodesNamed(lib), [], `no node named ${lib}`);
      }
      assert.deepEqual(targetsOf(graph, SERVER, 'App.listen', 'CALLS'), [], 'console.log gives App.listen no edge');
      assert.deepEqual(targetsOf(graph, VALIDATE, 'isReserved', 'CALLS'), [], 'RESERVED.includes gives isReserved no edge');
    });
  });

  describe('REFERENCES', () => {
    it('records a function passed as a callback at top level', () => {
      assert.deepEqual(linesOf(edge(graph, APP, APP, 'REFERENCES', ROUTES, 'listUsers')), [7]);
      assert.deepEqual(linesOf(edge(graph, APP, APP, 'REFERENCES', ROUTES, 'health')), [8]);
      assertNoEdge(graph, APP, APP, 'CALLS', ROUTES, 'listUsers');
    });

    it('records functions and classes stored in a Map, an array, an object or assigned', () => {
      const lines = (name: string, file = ROUTES) => linesOf(edge(graph, ROUTES, 'buildRegistry', 'REFERENCES', file, name));
      assert.ok(lines('health').includes(23), 'stored in a Map');
      assert.deepEqual(lines('notFound'), [24], 'stored in an array');
      assert.deepEqual(lines('User', USER), [25], 'stored in an object');
      assert.deepEqual(lines('listUsers'), [27], 'assigned');
      assertNoEdge(graph, ROUTES, 'buildRegistry', 'CALLS', ROUTES, 'health');
      assertNoEdge(graph, ROUTES, 'buildRegistry', 'CALLS', ROUTES, 'listUsers');
    });

    it('records functions that are returned', () => {
      assert.deepEqual(linesOf(edge(graph, ROUTES, 'pickHandler', 'REFERENCES', ROUTES, 'listUsers')), [33]);
      assert.deepEqual(linesOf(edge(graph, ROUTES, 'pickHandler', 'REFERENCES', ROUTES, 'notFound')), [33]);
    });

    it('records an exported variable used as a value', () => {
      assert.deepEqual(linesOf(edge(graph, VALIDATE, 'validateName', 'REFERENCES', VALIDATE, 'MAX_NAME_LENGTH')), [11]);
      assert.deepEqual(linesOf(edge(graph, ROUTES, 'listUsers', 'REFERENCES', VALIDATE, 'MAX_NAME_LENGTH')), [9]);
    });

    it('does not turn a call into a reference', () => {
      assertNoEdge(graph, ROUTES, 'listUsers', 'REFERENCES', 'src/report.ts', 'buildReport');
      assertNoEdge(graph, USER, 'User.constructor', 'REFERENCES', VALIDATE, 'normalize');
    });
  });
});
