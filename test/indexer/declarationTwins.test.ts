import * as assert from 'node:assert/strict';
import { CodeGraph } from '../../src/core/CodeGraph';
import { formatText } from '../../src/core/format/formatText';
import { createFileSourceReader } from '../../src/core/format/FileSourceReader';
import { SymbolGraph } from '../../src/core/graph/SymbolGraph';
import { fixtureRoot, loadFixture } from '../support/loadFixture';
import { assertNoEdge, edge, sourcesOf } from '../support/graphLookup';

const JS = 'lib/dates.js';
const DTS = 'lib/dates.d.ts';

/**
 * A `.d.ts` beside the JavaScript it describes (lib/dates.d.ts next to lib/dates.js): TypeScript
 * resolves every import to the declaration, but a caller calls the implementation. Its edges go to
 * the JavaScript node of the same name; what only the declaration has (an interface, a function the
 * JavaScript does not define) stays in the `.d.ts`.
 */
describe('indexWorkspace: declaration-twins fixture (.d.ts beside the .js it describes)', () => {
  let graph: SymbolGraph;

  before(async () => {
    ({ graph } = await loadFixture('declaration-twins'));
  });

  it('gives calls through the declaration to the JavaScript implementation, from JS and TS callers', () => {
    edge(graph, 'app.js', 'tomorrow', 'CALLS', JS, 'addDays');
    edge(graph, 'app.js', 'later', 'CALLS', JS, { name: 'Calendar', kind: 'class' });
    edge(graph, 'app.js', 'later', 'CALLS', JS, 'Calendar.next');
    edge(graph, 'app.js', 'version', 'REFERENCES', JS, 'VERSION');
    edge(graph, 'main.ts', 'today', 'CALLS', JS, 'startOfDay');
    edge(graph, 'main.ts', 'today', 'CALLS', JS, { name: 'Calendar.today', isStatic: true });
    for (const caller of ['tomorrow', 'later', 'version']) assertNoEdge(graph, 'app.js', caller, 'CALLS', DTS, { name: caller === 'version' ? 'VERSION' : 'addDays' });
    assert.deepEqual(sourcesOf(graph, DTS, 'addDays', 'CALLS'), [], 'nothing calls the declaration');
  });

  it('follows a re-export under another name to the implementation', () => {
    edge(graph, 'main.ts', 'viaAlias', 'CALLS', JS, 'addDays');
    edge(graph, 'app.js', 'later', 'CALLS', JS, 'addDays');
  });

  it('reaches the function through the named and default exports typings of CommonJS give it by `typeof`', () => {
    // lib/server.d.ts: `export const server: typeof server` and `export { server as default }` in a
    // namespace merged with the function; the compiler resolves both imports to that constant.
    edge(graph, 'main.ts', 'serve', 'CALLS', 'lib/server.js', 'server');
    assert.deepEqual(sourcesOf(graph, 'lib/server.d.ts', 'server.server', 'CALLS'), [], 'no call stops at the second name');
    // An instance of a class is no `typeof`: reading `defaultListener` stays a use of the constant.
    edge(graph, 'main.ts', 'stop', 'REFERENCES', 'lib/server.d.ts', 'server.defaultListener');
    assertNoEdge(graph, 'main.ts', 'stop', 'REFERENCES', 'lib/server.js', { name: 'Listener', kind: 'class' });
    edge(graph, 'main.ts', 'stop', 'CALLS', 'lib/server.js', 'Listener.close');
  });

  it('links each implementation to its declaration', () => {
    edge(graph, JS, 'addDays', 'IMPLEMENTS', DTS, 'addDays');
    edge(graph, JS, { name: 'Calendar', kind: 'class' }, 'IMPLEMENTS', DTS, { name: 'Calendar', kind: 'class' });
    edge(graph, JS, 'Calendar.next', 'IMPLEMENTS', DTS, 'Calendar.next');
    edge(graph, JS, { name: 'Calendar.today', isStatic: true }, 'IMPLEMENTS', DTS, { name: 'Calendar.today', isStatic: true });
    edge(graph, JS, 'VERSION', 'IMPLEMENTS', DTS, 'VERSION');
    assert.deepEqual(sourcesOf(graph, DTS, 'onlyDeclared', 'IMPLEMENTS'), []);
  });

  it('keeps types, and values the JavaScript does not define, in the declaration file', () => {
    edge(graph, 'main.ts', 'today', 'TAKES', DTS, 'DayOptions');
    edge(graph, 'main.ts', 'today', 'CALLS', DTS, 'onlyDeclared');
    edge(graph, DTS, 'startOfDay', 'TAKES', DTS, 'DayOptions');
  });

  it('answers for the implementation whether asked about the .js or the .d.ts', async () => {
    const root = fixtureRoot('declaration-twins');
    const cg = await CodeGraph.open({ root });
    const text = (r: ReturnType<CodeGraph['dependentsOf']>) => formatText(r, createFileSourceReader(root), { snippets: 'none' });
    for (const file of [JS, DTS]) {
      const result = cg.dependentsOf(file, 'addDays');
      const answer = text(result);
      assert.match(answer, /tomorrow --CALLS--> addDays/, `${file}:\n${answer}`);
      assert.match(answer, /viaAlias --CALLS--> addDays/, `${file}:\n${answer}`);
      assert.ok(result.kind === 'graph');
      const asked = result.nodes.filter((n) => result.inputs.includes(n.id)).map((n) => `${n.file}:${n.name}`);
      assert.deepEqual(asked, [`${JS}:addDays`], `${file}: the answer is about the implementation`);
    }
    const declaredOnly = text(cg.dependentsOf(DTS, 'onlyDeclared'));
    assert.match(declaredOnly, /today --CALLS--> onlyDeclared/, declaredOnly);
    // A type the declaration takes reaches the JavaScript callers, which never name it.
    const options = text(cg.dependentsOf(DTS, 'DayOptions'));
    assert.match(options, /startOfDay#\d --IMPLEMENTS--> startOfDay#\d --TAKES--> DayOptions/, options);
    assert.match(options, /midnight --CALLS--> startOfDay#\d/, options);
    // The link is no dependency of what the code runs, and nothing dispatches through it.
    for (const result of [cg.dependenciesOf('app.js', 'later'), cg.dependentsOf(JS, 'Calendar.next')]) {
      assert.ok(result.kind === 'graph');
      assert.deepEqual(result.nodes.filter((n) => n.file === DTS).map((n) => n.name), [], text(result));
    }
    const path = text(cg.pathsBetween({ file_path: JS, symbol: 'startOfDay' }, { file_path: DTS, symbol: 'DayOptions' }));
    assert.match(path, /startOfDay#\d --IMPLEMENTS--> startOfDay#\d --TAKES--> DayOptions/, path);
  });
});
