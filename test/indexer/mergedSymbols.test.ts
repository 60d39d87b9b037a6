import * as assert from 'node:assert/strict';
import { SymbolGraph } from '../../src/core/graph/SymbolGraph';
import { loadFixture } from '../support/loadFixture';
import { targetsOf } from '../support/graphLookup';

const MERGED = 'src/merged.ts';
const CONSUMER = 'src/consumer.ts';
const m = (name: string) => `${MERGED}:${name}`;

/**
 * Issue 7, point 4: one name may declare a value and a type (zod's `ZodX`, neverthrow's `OK`), or a
 * class merged with an interface or a namespace. A call or `new` runs the value: it must point at
 * the value's node only; a type annotation names the type: it must point at type nodes only.
 */
describe('indexWorkspace: merged-symbols fixture (calls go to values, type references to types)', () => {
  let graph: SymbolGraph;
  before(async () => {
    ({ graph } = await loadFixture('merged-symbols'));
  });

  const kinds = (file: string, selector: string, type: 'CALLS' | 'TAKES') =>
    graph.outEdges(graph.nodesNamed(selector).find((n) => n.file === file)!.id)
      .filter((e) => e.type === type)
      .map((e) => `${graph.getNode(e.to)!.name}@${graph.getNode(e.to)!.kind}`)
      .sort();

  it('a call of a const that shares its name with a type alias or an interface calls the const only', () => {
    const calls = kinds(CONSUMER, 'useValues', 'CALLS');
    assert.ok(calls.includes('OK@function') && !calls.includes('OK@type'), calls.join(', '));
    assert.ok(calls.includes('ZodX@function') && !calls.includes('ZodX@interface'), calls.join(', '));
  });

  it('new of a class merged with an interface or a namespace, and a call of a function merged with a namespace, go to the class or function only', () => {
    assert.deepEqual(kinds(CONSUMER, 'useValues', 'CALLS'), [
      'OK@function',
      'Point.norm@method',
      'Point@class',
      'Registry@class',
      'ZodX.parse@method-signature',
      'ZodX@function',
      'build@function',
    ]);
    assert.deepEqual(targetsOf(graph, MERGED, 'Registry.create', 'CALLS'), [m('Registry')]);
  });

  it('a type annotation points at the type nodes only (never the const, the function or the namespace)', () => {
    assert.deepEqual(kinds(CONSUMER, 'useTypes', 'TAKES'), ['OK@type', 'Point@class', 'Point@interface', 'Registry@class', 'ZodX@interface']);
  });
});
