import * as assert from 'node:assert/strict';
import { SymbolGraph } from '../../src/core/graph/SymbolGraph';
import { loadFixture } from '../support/loadFixture';
import { assertNoEdge, edge, linesOf, node, span, sourcesOf, targetsOf } from '../support/graphLookup';

const REPO = 'src/repository.ts';
const BASE = 'src/baseRepository.ts';
const MEMORY = 'src/memoryRepository.ts';
const SQL = 'src/sqlRepository.ts';
const SERVICE = 'src/userService.ts';

describe('indexWorkspace: dispatch fixture', () => {
  let graph: SymbolGraph;

  before(async () => {
    ({ graph } = await loadFixture('dispatch'));
  });

  it('indexes the interface, its members, the abstract base and both implementations', () => {
    assert.deepEqual(span(node(graph, REPO, 'Repository', 'interface')), { offset: 3, limit: 4 });
    assert.deepEqual(span(node(graph, REPO, 'Repository.find', 'method-signature')), { offset: 4, limit: 1 });
    assert.deepEqual(span(node(graph, REPO, 'Repository.save', 'method-signature')), { offset: 5, limit: 1 });
    assert.deepEqual(span(node(graph, BASE, 'BaseRepository', 'class')), { offset: 4, limit: 9 });
    assert.deepEqual(span(node(graph, BASE, 'BaseRepository.find')), { offset: 7, limit: 1 });
    assert.deepEqual(span(node(graph, BASE, 'BaseRepository.save', 'method')), { offset: 9, limit: 3 });
    assert.deepEqual(span(node(graph, MEMORY, 'MemoryRepository.save', 'method')), { offset: 9, limit: 4 });
    assert.deepEqual(span(node(graph, SQL, 'SqlRepository.find', 'method')), { offset: 10, limit: 3 });
  });

  it('links classes: EXTENDS class→class and interface→interface, IMPLEMENTS class→interface', () => {
    edge(graph, MEMORY, 'MemoryRepository', 'EXTENDS', BASE, 'BaseRepository');
    edge(graph, BASE, 'BaseRepository', 'IMPLEMENTS', REPO, 'Repository');
    edge(graph, SQL, 'SqlRepository', 'IMPLEMENTS', REPO, 'Repository');
    edge(graph, 'src/model.ts', 'User', 'EXTENDS', 'src/model.ts', 'Entity');
    assertNoEdge(graph, MEMORY, 'MemoryRepository', 'IMPLEMENTS', BASE, 'BaseRepository');
  });

  it('links only the heritage clause itself, not its type arguments (BaseRepository<User>, Repository<User>)', () => {
    assert.deepEqual(targetsOf(graph, MEMORY, 'MemoryRepository', 'EXTENDS'), [`${BASE}:BaseRepository`]);
    assert.deepEqual(targetsOf(graph, BASE, 'BaseRepository', 'IMPLEMENTS'), [`${REPO}:Repository`]);
    assert.deepEqual(targetsOf(graph, SQL, 'SqlRepository', 'IMPLEMENTS'), [`${REPO}:Repository`]);
    assert.deepEqual(targetsOf(graph, SQL, 'SqlRepository', 'EXTENDS'), []);
    assert.deepEqual(targetsOf(graph, 'src/model.ts', 'User', 'EXTENDS'), ['src/model.ts:Entity']);
    assertNoEdge(graph, SQL, 'SqlRepository', 'EXTENDS', REPO, 'Repository');
  });

  it('links members that implement an interface member', () => {
    edge(graph, SQL, 'SqlRepository.find', 'IMPLEMENTS', REPO, 'Repository.find');
    edge(graph, SQL, 'SqlRepository.save', 'IMPLEMENTS', REPO, 'Repository.save');
    edge(graph, BASE, 'BaseRepository.save', 'IMPLEMENTS', REPO, 'Repository.save');
  });

  it('links a method implementing an abstract method with IMPLEMENTS, and an override of a concrete one with OVERRIDES', () => {
    edge(graph, MEMORY, 'MemoryRepository.find', 'IMPLEMENTS', BASE, 'BaseRepository.find');
    edge(graph, MEMORY, 'MemoryRepository.save', 'OVERRIDES', BASE, 'BaseRepository.save');
    assertNoEdge(graph, MEMORY, 'MemoryRepository.find', 'OVERRIDES', BASE, 'BaseRepository.find');
    assertNoEdge(graph, MEMORY, 'MemoryRepository.save', 'IMPLEMENTS', BASE, 'BaseRepository.save');
  });

  it('resolves super.m() to the base method', () => {
    assert.deepEqual(linesOf(edge(graph, MEMORY, 'MemoryRepository.save', 'CALLS', BASE, 'BaseRepository.save')), [11]);
  });

  it('makes a call through an interface-typed field a CALLS of the interface member only', () => {
    assert.deepEqual(linesOf(edge(graph, SERVICE, 'UserService.rename', 'CALLS', REPO, 'Repository.find')), [11]);
    assert.deepEqual(linesOf(edge(graph, SERVICE, 'UserService.rename', 'CALLS', REPO, 'Repository.save')), [14]);
    assert.deepEqual(targetsOf(graph, SERVICE, 'UserService.rename', 'CALLS'), [`${REPO}:Repository.find`, `${REPO}:Repository.save`]);
  });

  it('makes a call through a base-class type a CALLS of the base method', () => {
    assert.deepEqual(linesOf(edge(graph, SERVICE, 'seed', 'CALLS', BASE, 'BaseRepository.save')), [26]);
    assertNoEdge(graph, SERVICE, 'seed', 'CALLS', MEMORY, 'MemoryRepository.save');
  });

  it('makes a call on a concrete class instance a CALLS of that class method', () => {
    assert.deepEqual(linesOf(edge(graph, SERVICE, 'lookupDirect', 'CALLS', SQL, 'SqlRepository.find')), [30]);
    assertNoEdge(graph, SERVICE, 'lookupDirect', 'CALLS', REPO, 'Repository.find');
  });

  it('records the constructions that pick an implementation', () => {
    assert.deepEqual(linesOf(edge(graph, SERVICE, 'createService', 'CALLS', SQL, 'SqlRepository')), [21]);
    assert.deepEqual(linesOf(edge(graph, SERVICE, 'createService', 'CALLS', MEMORY, 'MemoryRepository')), [21]);
    assert.deepEqual(linesOf(edge(graph, SERVICE, 'createService', 'CALLS', SERVICE, 'UserService')), [22]);
  });

  it('reaches every implementation of Repository.find through member IMPLEMENTS edges', () => {
    assert.ok(sourcesOf(graph, REPO, 'Repository.find', 'IMPLEMENTS').includes(`${SQL}:SqlRepository.find`));
    assert.deepEqual(sourcesOf(graph, BASE, 'BaseRepository.find', 'IMPLEMENTS'), [`${MEMORY}:MemoryRepository.find`]);
    assert.deepEqual(sourcesOf(graph, BASE, 'BaseRepository.save', 'OVERRIDES'), [`${MEMORY}:MemoryRepository.save`]);
  });
});
