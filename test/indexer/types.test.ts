import * as assert from 'node:assert/strict';
import { SymbolGraph } from '../../src/core/graph/SymbolGraph';
import { isTypeEdge } from '../../src/core/graph/GraphTypes';
import { loadFixture } from '../support/loadFixture';
import { edge, edgesOf, hasNode, label, node, span, targetsOf } from '../support/graphLookup';

const MODEL = 'src/model.ts';
const CHECKOUT = 'src/checkout.ts';
const m = (name: string) => `${MODEL}:${name}`;

describe('indexWorkspace: types fixture', () => {
  let graph: SymbolGraph;

  before(async () => {
    ({ graph } = await loadFixture('types'));
  });

  it('indexes interfaces, type aliases and enums', () => {
    assert.deepEqual(span(node(graph, MODEL, 'Address', 'interface')), { offset: 1, limit: 4 });
    assert.deepEqual(span(node(graph, MODEL, 'OrderStatus', 'enum')), { offset: 12, limit: 5 });
    assert.deepEqual(span(node(graph, MODEL, 'Money', 'type')), { offset: 18, limit: 1 });
    assert.deepEqual(span(node(graph, MODEL, 'Order', 'interface')), { offset: 26, limit: 6 });
    assert.deepEqual(span(node(graph, MODEL, 'Result', 'type')), { offset: 43, limit: 1 });
    assert.deepEqual(span(node(graph, MODEL, 'Timestamped', 'type')), { offset: 45, limit: 1 });
  });

  it('records TAKES and RETURNS for parameter and return types', () => {
    assert.deepEqual(targetsOf(graph, CHECKOUT, 'placeOrder', 'TAKES'), [m('Customer'), m('Order')]);
    assert.deepEqual(targetsOf(graph, CHECKOUT, 'placeOrder', 'RETURNS'), [m('Result')]);
  });

  it('looks through arrays, generics and Promise, and makes no node for lib types', () => {
    assert.deepEqual(targetsOf(graph, CHECKOUT, 'loadOrders', 'RETURNS'), [m('Order')], 'Promise<Order[]>');
    assert.deepEqual(targetsOf(graph, CHECKOUT, 'latest', 'TAKES'), [m('AuditedOrder')], 'Array<AuditedOrder>');
    assert.deepEqual(targetsOf(graph, CHECKOUT, 'latest', 'RETURNS'), [m('AuditedOrder')], 'AuditedOrder | undefined');
    for (const lib of ['Promise', 'Array', 'Record', 'Map', 'Date']) {
      assert.deepEqual(graph.nodesNamed(lib).map(label), [], `no node for lib type ${lib}`);
    }
  });

  it('makes no type edge for a type parameter', () => {
    assert.deepEqual(edgesOf(graph, CHECKOUT, 'firstOf').filter((e) => isTypeEdge(e.type)), []);
    assert.equal(hasNode(graph, CHECKOUT, 'T'), false);
  });

  it('records TAKES and RETURNS on methods and constructors, through an alias to its alias node', () => {
    edge(graph, CHECKOUT, 'Invoice.constructor', 'TAKES', MODEL, 'PurchaseOrder');
    edge(graph, CHECKOUT, 'Invoice.addLine', 'TAKES', MODEL, 'LineItem');
    edge(graph, CHECKOUT, 'Invoice.total', 'RETURNS', MODEL, 'Money');
  });

  it('records HAS_TYPE for annotated exported variables, through generics', () => {
    assert.deepEqual(targetsOf(graph, CHECKOUT, 'defaultAddress', 'HAS_TYPE'), [m('Address')]);
    assert.deepEqual(targetsOf(graph, CHECKOUT, 'statusLabels', 'HAS_TYPE'), [m('OrderStatus')], 'Record<OrderStatus, string>');
    assert.equal(hasNode(graph, CHECKOUT, 'fallbackCustomer'), false, 'a non-exported variable is not a node, so it has no HAS_TYPE');
  });

  it('records HAS_PROPERTY from interfaces and classes to their property types', () => {
    assert.deepEqual(targetsOf(graph, MODEL, 'Customer', 'HAS_PROPERTY'), [m('Address')]);
    assert.deepEqual(targetsOf(graph, MODEL, 'Order', 'HAS_PROPERTY'), [m('Customer'), m('LineItem'), m('OrderStatus')]);
    assert.deepEqual(targetsOf(graph, MODEL, 'LineItem', 'HAS_PROPERTY'), [m('Money')]);
    assert.deepEqual(targetsOf(graph, MODEL, 'Success', 'HAS_PROPERTY'), [m('Order')]);
    assert.deepEqual(targetsOf(graph, MODEL, 'Failure', 'HAS_PROPERTY'), []);
    assert.deepEqual(targetsOf(graph, CHECKOUT, 'Invoice', 'HAS_PROPERTY'), [m('Customer'), m('LineItem'), m('PurchaseOrder')]);
  });

  it('records DERIVES_FROM for unions and intersections', () => {
    assert.deepEqual(targetsOf(graph, MODEL, 'Result', 'DERIVES_FROM'), [m('Failure'), m('Success')]);
    assert.deepEqual(targetsOf(graph, MODEL, 'AuditedOrder', 'DERIVES_FROM'), [m('Order'), m('Timestamped')]);
    assert.deepEqual(targetsOf(graph, MODEL, 'Result', 'ALIAS_FOR'), []);
  });

  it('records ALIAS_FOR for a direct alias, and nothing for an alias of a primitive or a literal type', () => {
    assert.deepEqual(targetsOf(graph, MODEL, 'PurchaseOrder', 'ALIAS_FOR'), [m('Order')]);
    assert.deepEqual(targetsOf(graph, MODEL, 'PurchaseOrder', 'DERIVES_FROM'), []);
    assert.deepEqual(edgesOf(graph, MODEL, 'Money'), []);
    assert.deepEqual(edgesOf(graph, MODEL, 'Timestamped'), []);
  });

  it('keeps type edges between type-level nodes (no type edge points at a function or a variable)', () => {
    for (const e of graph.allEdges()) {
      if (!isTypeEdge(e.type)) continue;
      const to = graph.getNode(e.to)!;
      assert.ok(['interface', 'type', 'enum', 'class'].includes(to.kind), `${label(graph.getNode(e.from)!)} --${e.type}--> ${label(to)} (${to.kind})`);
    }
  });
});
