import * as assert from 'node:assert/strict';
import { SymbolGraph } from '../../src/core/graph/SymbolGraph';
import { loadFixture } from '../support/loadFixture';
import { edge, linesOf, node, sourcesOf, span, targetsOf } from '../support/graphLookup';

const FORMAT = 'src/utils/format.ts';
const HANDLER = 'src/api/handler.ts';
const SERVICE = 'src/orders/orderService.ts';
const REPOSITORY = 'src/orders/orderRepository.ts';
const SQL = 'src/db/sqlOrderRepository.ts';
const QUERIES = 'src/db/queries.ts';
const NOTIFIER = 'src/notifications/notifier.ts';
const EMAIL = 'src/notifications/emailNotifier.ts';
const INDEX = 'src/index.ts';

/** The README quick start runs the three queries against this workspace; these are the edges it relies on. */
describe('indexWorkspace: sample workspace (README quick start)', () => {
  let graph: SymbolGraph;

  before(async () => {
    ({ graph } = await loadFixture('sample'));
  });

  it('indexes the symbols the quick start names', () => {
    assert.deepEqual(span(node(graph, FORMAT, 'formatDate', 'function')), { offset: 2, limit: 3 });
    assert.deepEqual(span(node(graph, HANDLER, 'handleRequest', 'function')), { offset: 6, limit: 11 });
    assert.deepEqual(span(node(graph, SERVICE, 'processOrder', 'function')), { offset: 12, limit: 10 });
    assert.deepEqual(span(node(graph, QUERIES, 'executeQuery', 'function')), { offset: 3, limit: 4 });
    assert.deepEqual(span(node(graph, REPOSITORY, 'OrderRepository', 'interface')), { offset: 4, limit: 4 });
    assert.deepEqual(span(node(graph, REPOSITORY, 'OrderRepository.save', 'method-signature')), { offset: 5, limit: 1 });
    assert.deepEqual(span(node(graph, SQL, 'SqlOrderRepository.save', 'method')), { offset: 12, limit: 7 });
  });

  describe('dependentsOf src/utils/format.ts formatDate', () => {
    it('is called by handleRequest and processOrder', () => {
      assert.deepEqual(sourcesOf(graph, FORMAT, 'formatDate', 'CALLS'), [`${HANDLER}:handleRequest`, `${SERVICE}:processOrder`]);
      assert.deepEqual(linesOf(edge(graph, HANDLER, 'handleRequest', 'CALLS', FORMAT, 'formatDate')), [8]);
      assert.deepEqual(linesOf(edge(graph, SERVICE, 'processOrder', 'CALLS', FORMAT, 'formatDate')), [17]);
    });

    it('reaches their callers: handleRequest registered at top level, processOrder called by handleRequest', () => {
      assert.deepEqual(linesOf(edge(graph, INDEX, INDEX, 'REFERENCES', HANDLER, 'handleRequest')), [6, 7]);
      assert.deepEqual(linesOf(edge(graph, INDEX, INDEX, 'CALLS', 'src/http/router.ts', 'Router.get')), [6]);
      assert.deepEqual(linesOf(edge(graph, HANDLER, 'handleRequest', 'CALLS', SERVICE, 'processOrder')), [10]);
    });
  });

  describe('dependenciesOf src/orders/orderService.ts processOrder', () => {
    it('branches into validation, formatting, storage and notification', () => {
      assert.deepEqual(targetsOf(graph, SERVICE, 'processOrder', 'CALLS'), [
        `${NOTIFIER}:Notifier.notify`,
        `${REPOSITORY}:OrderRepository.save`,
        `${SERVICE}:orderTotal`,
        'src/orders/validate.ts:validate',
        `${FORMAT}:formatDate`,
        `${FORMAT}:formatMoney`,
      ].sort());
      assert.deepEqual(linesOf(edge(graph, SERVICE, 'processOrder', 'CALLS', REPOSITORY, 'OrderRepository.save')), [18]);
    });

    it('dispatches OrderRepository.save to SqlOrderRepository.save, which runs executeQuery', () => {
      assert.deepEqual(targetsOf(graph, SQL, 'SqlOrderRepository', 'IMPLEMENTS'), [`${REPOSITORY}:OrderRepository`]);
      edge(graph, SQL, 'SqlOrderRepository.save', 'IMPLEMENTS', REPOSITORY, 'OrderRepository.save');
      assert.deepEqual(linesOf(edge(graph, SQL, 'SqlOrderRepository.save', 'CALLS', QUERIES, 'executeQuery')), [13]);
      assert.deepEqual(linesOf(edge(graph, QUERIES, 'executeQuery', 'CALLS', 'src/db/connection.ts', 'getConnection')), [4]);
    });

    it('dispatches Notifier.notify down the class hierarchy', () => {
      assert.deepEqual(linesOf(edge(graph, NOTIFIER, 'Notifier.notify', 'CALLS', NOTIFIER, 'Notifier.send')), [5]);
      edge(graph, EMAIL, 'EmailNotifier.send', 'IMPLEMENTS', NOTIFIER, 'Notifier.send');
      edge(graph, EMAIL, 'AuditedEmailNotifier.notify', 'OVERRIDES', NOTIFIER, 'Notifier.notify');
      assert.deepEqual(linesOf(edge(graph, EMAIL, 'AuditedEmailNotifier.notify', 'CALLS', NOTIFIER, 'Notifier.notify')), [18]);
    });
  });

  describe('pathsBetween handleRequest and executeQuery', () => {
    it('has every hop: handleRequest → processOrder → OrderRepository.save ⇐ SqlOrderRepository.save → executeQuery', () => {
      edge(graph, HANDLER, 'handleRequest', 'CALLS', SERVICE, 'processOrder');
      edge(graph, SERVICE, 'processOrder', 'CALLS', REPOSITORY, 'OrderRepository.save');
      edge(graph, SQL, 'SqlOrderRepository.save', 'IMPLEMENTS', REPOSITORY, 'OrderRepository.save');
      edge(graph, SQL, 'SqlOrderRepository.save', 'CALLS', QUERIES, 'executeQuery');
    });
  });

  it('has a class hierarchy and types', () => {
    assert.deepEqual(targetsOf(graph, EMAIL, 'EmailNotifier', 'EXTENDS'), [`${NOTIFIER}:Notifier`]);
    assert.deepEqual(targetsOf(graph, EMAIL, 'AuditedEmailNotifier', 'EXTENDS'), [`${EMAIL}:EmailNotifier`]);
    assert.deepEqual(targetsOf(graph, 'src/orders/order.ts', 'OrderResult', 'DERIVES_FROM'), [
      'src/orders/order.ts:OrderAccepted',
      'src/orders/order.ts:OrderRejected',
    ]);
    edge(graph, SERVICE, 'processOrder', 'TAKES', 'src/orders/order.ts', 'Order');
    edge(graph, SERVICE, 'processOrder', 'RETURNS', 'src/orders/order.ts', 'OrderResult');
  });
});
