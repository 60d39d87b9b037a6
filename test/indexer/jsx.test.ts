import * as assert from 'node:assert/strict';
import { SymbolGraph } from '../../src/core/graph/SymbolGraph';
import { loadFixture } from '../support/loadFixture';
import { edge, edgesOf, linesOf, node, span, targetsOf } from '../support/graphLookup';

const APP = 'src/App.tsx';
const CARD = 'src/components/Card.tsx';

describe('indexWorkspace: jsx fixture', () => {
  let graph: SymbolGraph;

  before(async () => {
    ({ graph } = await loadFixture('jsx'));
  });

  it('indexes function, arrow and class components', () => {
    assert.deepEqual(span(node(graph, APP, 'App', 'function')), { offset: 7, limit: 16 });
    assert.deepEqual(span(node(graph, 'src/components/Button.tsx', 'Button', 'function')), { offset: 6, limit: 7 });
    assert.deepEqual(span(node(graph, 'src/components/Title.tsx', 'Title', 'function')), { offset: 1, limit: 1 });
    assert.deepEqual(span(node(graph, 'src/components/Layout.tsx', 'Layout', 'function')), { offset: 1, limit: 8 });
    assert.deepEqual(span(node(graph, CARD, 'Card', 'class')), { offset: 9, limit: 10 });
    assert.deepEqual(span(node(graph, CARD, 'Card.render', 'method')), { offset: 10, limit: 8 });
  });

  it('records <Comp /> and <Comp>…</Comp> as INCLUDES of the component, with the opening-tag line', () => {
    assert.deepEqual(linesOf(edge(graph, APP, 'App', 'INCLUDES', 'src/components/Button.tsx', 'Button')), [11]);
    assert.ok(linesOf(edge(graph, APP, 'App', 'INCLUDES', 'src/components/Layout.tsx', 'Layout')).includes(9));
    assert.ok(linesOf(edge(graph, APP, 'App', 'INCLUDES', CARD, 'Card')).includes(10), 'a class component');
  });

  it('attributes JSX inside a callback to the enclosing component', () => {
    assert.deepEqual(linesOf(edge(graph, APP, 'App', 'INCLUDES', 'src/components/Title.tsx', 'Title')), [16]);
  });

  it('records JSX inside a class component render method', () => {
    assert.deepEqual(linesOf(edge(graph, CARD, 'Card.render', 'INCLUDES', 'src/components/Title.tsx', 'Title')), [13]);
  });

  it('includes exactly the components, never intrinsic elements', () => {
    assert.deepEqual(targetsOf(graph, APP, 'App', 'INCLUDES'), [
      'src/components/Button.tsx:Button',
      'src/components/Card.tsx:Card',
      'src/components/Layout.tsx:Layout',
      'src/components/Title.tsx:Title',
    ]);
    assert.deepEqual(targetsOf(graph, 'src/components/Button.tsx', 'Button', 'INCLUDES'), []);
    assert.deepEqual(targetsOf(graph, 'src/components/Layout.tsx', 'Layout', 'INCLUDES'), []);
    for (const tag of ['div', 'ul', 'li', 'main', 'header', 'section', 'button', 'h2']) {
      assert.deepEqual(graph.nodesNamed(tag), [], `no node for <${tag}>`);
    }
  });

  it('does not turn a component use into a CALLS or REFERENCES edge', () => {
    assert.deepEqual(
      edgesOf(graph, APP, 'App').filter((e) => e.type !== 'INCLUDES' && graph.getNode(e.to)!.file.startsWith('src/components/') && graph.getNode(e.to)!.kind !== 'interface'),
      [],
    );
  });

  it('records a call in an event-handler callback as a CALLS of the component', () => {
    assert.deepEqual(linesOf(edge(graph, APP, 'App', 'CALLS', 'src/lib/analytics.ts', 'track')), [11]);
  });

  it('links a class component to its base class and abstract render', () => {
    assert.deepEqual(targetsOf(graph, CARD, 'Card', 'EXTENDS'), ['src/lib/component.ts:Component'], 'not the CardProps type argument');
    edge(graph, CARD, 'Card.render', 'IMPLEMENTS', 'src/lib/component.ts', 'Component.render');
  });
});
