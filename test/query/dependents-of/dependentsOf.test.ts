import assert from 'node:assert/strict';
import { readGraph, readMessage } from '../../support/readResult';
import { shapesFixture } from '../../support/shapesFixture';
import { TestGraph } from '../../support/TestGraph';
import { toGraphResult } from '../../../src/core/query/traversal/toGraphResult';
import { traverse } from '../../../src/core/query/traversal/traverse';
import { backwardSteps } from '../../../src/core/query/traversal/stepPolicy';
import { dependentsOf } from '../../../src/core/query/dependents-of/dependentsOf';

describe(dependentsOf.name, () => {
  const { ctx, ids } = shapesFixture();

  it('walks callers transitively, nearest first, edges in true direction', () => {
    const g = new TestGraph();
    const target = g.node('src/utils.ts', 'formatDate', 'function', { line: 15 });
    const handler = g.node('src/api.ts', 'handleRequest', 'function');
    const router = g.node('src/api.ts', 'route', 'function');
    const view = g.node('src/view.tsx', 'View', 'function');
    const app = g.node('src/view.tsx', 'App', 'function');
    g.edge(handler, 'CALLS', target).edge(router, 'REFERENCES', handler).edge(view, 'CALLS', target).edge(app, 'INCLUDES', view);
    const { result, names, edges } = readGraph(dependentsOf(g.context(), 'src/utils.ts', 'formatDate'));
    assert.deepEqual(result.inputs, [target]);
    assert.deepEqual(names, ['formatDate', 'handleRequest', 'View', 'route', 'App']);
    assert.deepEqual(edges, ['App --INCLUDES--> View', 'View --CALLS--> formatDate', 'handleRequest --CALLS--> formatDate', 'route --REFERENCES--> handleRequest']);
  });

  it('reaches callers of the interface method from an implementation, but not its siblings', () => {
    const { names, edges } = readGraph(dependentsOf(ctx, 'src/shapes.ts', 'Circle.area'));
    assert.deepEqual(new Set(names), new Set(['Circle.area', 'Sub.area', 'Shape.area', 'total']));
    assert.ok(edges.includes('Circle.area --IMPLEMENTS--> Shape.area'));
    assert.ok(edges.includes('total --CALLS--> Shape.area'));
    assert.ok(!names.includes('Square.area'));
  });

  it("steps up to a library's interface method only when our code calls it (issue 41)", () => {
    const g = new TestGraph();
    const connect = g.node('src/db.ts', 'connect', 'function');
    const handler = g.external('node_modules/yargs/index.d.ts', 'CommandModule.handler', 'method-signature');
    const commands = ['Run', 'Revert', 'Version'].map((c) => g.node(`src/${c}.ts`, `${c}Command.handler`, 'method'));
    for (const c of commands) g.edge(c, 'IMPLEMENTS', handler);
    g.edge(commands[0], 'CALLS', connect).edge(commands[1], 'CALLS', connect);
    const alone = readGraph(dependentsOf(g.context(), 'src/db.ts', 'connect'));
    assert.deepEqual(alone.names, ['connect', 'RevertCommand.handler', 'RunCommand.handler']);
    assert.deepEqual(alone.edges, ['RevertCommand.handler --CALLS--> connect', 'RunCommand.handler --CALLS--> connect']);

    // Code of ours calling through the library's interface may run either command: it is a dependent.
    const runAll = g.node('src/cli.ts', 'runAll', 'function');
    g.edge(runAll, 'CALLS', handler);
    const called = readGraph(dependentsOf(g.context(), 'src/db.ts', 'connect'));
    assert.deepEqual(new Set(called.names), new Set(['connect', 'RevertCommand.handler', 'RunCommand.handler', 'CommandModule.handler', 'runAll']));
    assert.ok(called.edges.includes('RunCommand.handler --IMPLEMENTS--> CommandModule.handler'));
    assert.ok(called.edges.includes('runAll --CALLS--> CommandModule.handler'));
    assert.ok(!called.names.includes('VersionCommand.handler'), 'a sibling implementer is no dependent');
  });

  it('climbs chains of overrides to the interface method', () => {
    const { names, edges } = readGraph(dependentsOf(ctx, 'src/shapes.ts', 'Sub.area'));
    assert.deepEqual(new Set(names), new Set(['Sub.area', 'Circle.area', 'Shape.area', 'total']));
    assert.ok(edges.includes('Sub.area --OVERRIDES--> Circle.area'));
    assert.ok(!names.includes('Square.area'));
  });

  it('reaches callers of a base method from an override', () => {
    assert.deepEqual(readGraph(dependentsOf(ctx, 'src/draw.ts', 'Derived.draw')).names, ['Derived.draw', 'Base.draw', 'render']);
  });

  it('lists implementers and overriders of an interface method as its dependents', () => {
    const { names } = readGraph(dependentsOf(ctx, 'src/shapes.ts', 'Shape.area'));
    assert.deepEqual(new Set(names), new Set(['Shape.area', 'total', 'Circle.area', 'Square.area', 'Sub.area']));
  });

  it('does not make functions that share a parameter type dependents of each other', () => {
    const { names } = readGraph(dependentsOf(ctx, 'src/orders.ts', 'f'));
    assert.deepEqual(names, ['f', 'h']);
    const message = readMessage(dependentsOf(ctx, 'src/orders.ts', 'g'));
    assert.equal(message.isError, false);
    assert.equal(message.message, "No dependents found: nothing in the indexed workspace calls, references, extends or uses 'g' (src/orders.ts:" + offsetOf(ids.g) + ').');
  });

  it('follows every incoming edge of types and classes', () => {
    const { names } = readGraph(dependentsOf(ctx, 'src/orders.ts', 'Item'));
    assert.deepEqual(names, ['Item', 'Order', 'f', 'g', 'h']);
    const shape = readGraph(dependentsOf(ctx, 'src/shapes.ts', 'Shape'));
    assert.deepEqual(shape.names, ['Shape', 'Circle', 'Square', 'Sub']);
    assert.ok(shape.edges.includes('Sub --EXTENDS--> Circle'));
  });

  it('ends in cycles', () => {
    const g = new TestGraph();
    const a = g.node('src/a.ts', 'a', 'function');
    const b = g.node('src/a.ts', 'b', 'function');
    g.edge(a, 'CALLS', b).edge(b, 'CALLS', a);
    const { names, edges } = readGraph(dependentsOf(g.context(), 'src/a.ts', 'a'));
    assert.deepEqual(names, ['a', 'b']);
    assert.deepEqual(edges, ['a --CALLS--> b', 'b --CALLS--> a']);
  });

  it('points from a class without dependents of its own to its used members', () => {
    const g = new TestGraph();
    g.node('src/user.ts', 'User', 'class', { line: 3 });
    const save = g.node('src/user.ts', 'User.save', 'method', { line: 12 });
    const create = g.node('src/user.ts', 'User.create', 'method', { line: 20, isStatic: true });
    g.node('src/user.ts', 'User.unused', 'method', { line: 30 });
    const main = g.node('src/main.ts', 'main', 'function');
    g.edge(main, 'CALLS', save).edge(main, 'CALLS', create);
    assert.equal(
      readMessage(dependentsOf(g.context(), 'src/user.ts', 'User')).message,
      "'User' is a class; its members hold the call edges: User.save (method, line 12), User.create (static method, line 20). Ask about one of them.",
    );
  });

  it('reports when the safeguard stops a traversal early', () => {
    const g = new TestGraph();
    const hub = g.node('src/hub.ts', 'hub', 'function');
    for (let i = 0; i < 30; i++) g.edge(g.node('src/callers.ts', `c${i}`, 'function'), 'CALLS', hub);
    const traversal = traverse(g.build(), hub, backwardSteps, 10);
    assert.equal(traversal.stoppedEarly, true);
    assert.equal(traversal.order.length, 10);
    const result = toGraphResult('dependentsOf', g.build(), traversal);
    assert.deepEqual(result.truncation, { shownNodes: 9, totalNodes: 9, stoppedEarly: true });
  });

  describe("a file's module node (TRAVERSAL.md: the file's uses from outside, and imports for effect)", () => {
    function utilGraph() {
      const g = new TestGraph();
      const util = g.module('src/util.ts');
      const fmt = g.node('src/util.ts', 'fmt', 'function');
      const parse = g.node('src/util.ts', 'parse', 'function');
      const helper = g.node('src/util.ts', 'helper', 'function');
      g.node('src/util.ts', 'unused', 'function');
      g.edge(fmt, 'CALLS', helper);
      const useA = g.node('src/a.ts', 'useA', 'function');
      const useB = g.node('src/b.ts', 'useB', 'function');
      const top = g.node('src/c.ts', 'top', 'function');
      g.edge(useA, 'CALLS', fmt).edge(useB, 'REFERENCES', parse).edge(top, 'CALLS', useA);
      g.edge(g.module('src/setup.ts'), 'CALLS', util);
      return { g, util, fmt, parse };
    }

    it("answers with the code outside the file that uses its declarations or imports it, and what depends on that", () => {
      const { g, util, fmt, parse } = utilGraph();
      for (const asked of ['<module>', 'src/util.ts', 'util.ts']) {
        const { result, names, edges } = readGraph(dependentsOf(g.context(), 'src/util.ts', asked));
        assert.deepEqual(result.inputs, [util, fmt, parse]);
        assert.deepEqual(names, ['src/util.ts', 'fmt', 'parse', 'src/setup.ts', 'useA', 'useB', 'top']);
        assert.deepEqual(edges, ['src/setup.ts --CALLS--> src/util.ts', 'top --CALLS--> useA', 'useA --CALLS--> fmt', 'useB --REFERENCES--> parse']);
      }
    });

    it('says plainly when nothing outside the file uses it', () => {
      const g = new TestGraph();
      const a = g.node('src/lonely.ts', 'a', 'function');
      g.edge(g.node('src/lonely.ts', 'b', 'function'), 'CALLS', a);
      const message = readMessage(dependentsOf(g.context(), 'src/lonely.ts', '<module>'));
      assert.equal(message.isError, false);
      assert.match(message.message, /^No dependents found: nothing outside src\/lonely\.ts uses what it declares or imports it for effect/);
    });
  });

  describe('the cut (TRAVERSAL.md: code before tests at every depth, then nearer first)', () => {
    /** `save`, called by 5 code functions and 80 test files' top-level code; 3 CLI commands call the code callers. */
    function savedGraph() {
      const g = new TestGraph();
      const save = g.node('src/store.ts', 'Store.save', 'method');
      const tests: string[] = [];
      const code: string[] = [];
      // The tests' files sort before the code's: in plain BFS (code) order they would fill the cut.
      for (let i = 0; i < 80; i++) {
        const file = i % 2 ? `src/__tests__/s${i}.ts` : `src/a/s${i}.test.ts`;
        tests.push(g.module(file));
        g.edge(g.module(file), 'CALLS', save, [3 + i]);
      }
      for (let i = 0; i < 5; i++) {
        code.push(g.node(`src/svc/s${i}.ts`, `persist${i}`, 'function'));
        g.edge(code[i], 'CALLS', save);
      }
      const commands = [0, 1, 2].map((i) => g.node(`src/cli/c${i}.ts`, `command${i}`, 'function'));
      for (const c of commands) g.edge(c, 'CALLS', code[4]);
      g.edge(commands[0], 'CALLS', code[3]);
      return { g, save, tests, code, commands };
    }

    it('keeps the code of every depth, then the nearest tests in BFS order, and lists the rest in the same order', () => {
      const { g, save, tests, code, commands } = savedGraph();
      const { result } = readGraph(dependentsOf(g.context(), 'src/store.ts', 'Store.save'));
      const shown = result.nodes.slice(1).map((n) => n.id);
      // The 5 code callers (depth 1) and the 3 commands (depth 2), then the first 42 tests in BFS (code) order.
      const testsInBfsOrder = g.build().inEdges(save).map((e) => e.from).filter((id) => tests.includes(id));
      assert.deepEqual(shown, [...code, ...commands, ...testsInBfsOrder.slice(0, 42)]);
      // Every command keeps the edge that reached it (command0 calls two kept callers: both edges shown).
      for (const c of commands) assert.ok(result.edges.some((e) => e.from === c && e.to === code[4]));
      assert.ok(result.edges.some((e) => e.from === commands[0] && e.to === code[3]));
      const graphNow = g.build();
      const listedTests = testsInBfsOrder.slice(42).map((id) => {
        const n = graphNow.getNode(id)!;
        // A module is named `<module>` at the line it calls from (its edge's line), so `<module>:line` selects it.
        const line = graphNow.outEdges(id).find((e) => e.to === save)!.lines![0];
        return { id, name: '<module>', kind: 'module', file: n.file, line };
      });
      assert.deepEqual({ ...result.truncation, cutAt: undefined }, { shownNodes: 50, totalNodes: 88, cutAt: undefined, more: listedTests });
      assert.deepEqual({ ...result.truncation?.cutAt }, { [save]: 38 });
      assert.equal(result.truncation?.queryNext, undefined, 'the left-out tests hang off the query itself: nothing shown leads to them');
    });

    it('keeps the library\'s code over examples (vercel/ai: 50 example scripts hid generateText\'s callers), and examples over tests', () => {
      const g = new TestGraph();
      const target = g.node('packages/ai/src/generate.ts', 'generateText', 'function');
      // The examples' files sort before the library's: in plain BFS (code) order they would fill the cut.
      const examples = Array.from({ length: 60 }, (_, i) => g.node(`examples/ai-functions/src/e${String(i).padStart(2, '0')}.ts`, `run${i}`, 'function'));
      for (const e of examples) g.edge(e, 'CALLS', target);
      const fixtures = [g.node('packages/codemod/src/__testfixtures__/a.input.ts', 'fixture', 'function')];
      g.edge(fixtures[0], 'CALLS', target);
      const tests = [g.node('packages/ai/src/generate.test.ts', 'helper', 'function')];
      g.edge(tests[0], 'CALLS', target);
      // The library's caller, and its own caller two steps away.
      const agent = g.node('packages/ai/src/agent.ts', 'Agent.generate', 'method');
      g.edge(agent, 'CALLS', target);
      const ui = g.node('packages/ai/src/ui.ts', 'createAgentUIStream', 'function');
      g.edge(ui, 'CALLS', agent);
      const { result } = readGraph(dependentsOf(g.context(), 'packages/ai/src/generate.ts', 'generateText'));
      const shown = result.nodes.slice(1).map((n) => n.id);
      assert.deepEqual(shown.slice(0, 2), [agent, ui]);
      assert.deepEqual(shown.slice(2), [...examples, ...fixtures].slice(0, 48));
      assert.deepEqual(result.truncation?.more?.map((m) => m.id), [...examples.slice(48), ...fixtures, ...tests]);
    });

    it('keeps farther code over nearer tests', () => {
      const { g, save, code, commands } = savedGraph();
      const mains = commands.map((c, i) => {
        const main = g.node('src/bin.ts', `main${i}`, 'function');
        g.edge(main, 'CALLS', c);
        return main;
      });
      const { result } = readGraph(dependentsOf(g.context(), 'src/store.ts', 'Store.save'));
      assert.deepEqual(result.nodes.slice(0, 12).map((n) => n.id), [save, ...code, ...commands, ...mains]);
      assert.equal(result.nodes.length, 51);
    });

    it('keeps a node of code reached only through a test helper with the helper, so its edge is shown', () => {
      const g = new TestGraph();
      const f = g.node('src/f.ts', 'f', 'function');
      const testCallers = Array.from({ length: 60 }, (_, i) => g.node(`src/f${i}.spec.ts`, `t${i}`, 'function'));
      for (const t of testCallers) g.edge(t, 'CALLS', f);
      // Code that calls a test file (a fixture factory exported from a spec): reached through it.
      const late = g.node('src/late.ts', 'late', 'function');
      g.edge(late, 'CALLS', testCallers[59]);
      const { result } = readGraph(dependentsOf(g.context(), 'src/f.ts', 'f'));
      const shown = result.nodes.slice(1).map((n) => n.id);
      assert.deepEqual(shown.slice(0, 2), [testCallers[59], late]);
      const testsInBfsOrder = g.build().inEdges(f).map((e) => e.from).filter((id) => id !== testCallers[59]);
      assert.deepEqual(shown.slice(2), testsInBfsOrder.slice(0, 48));
      assert.ok(result.edges.some((e) => e.from === late && e.to === testCallers[59]));
      assert.deepEqual(result.truncation?.more?.map((m) => m.id), testsInBfsOrder.slice(48));
    });

    it('names the next query as it can be asked: a static and an instance member of one name (issue 41)', () => {
      const g = new TestGraph();
      const f = g.node('src/f.ts', 'f', 'function');
      const instance = g.node('src/k.ts', 'K.save', 'method');
      const statik = g.node('src/k.ts', 'K.save', 'method', { isStatic: true });
      g.edge(instance, 'CALLS', f).edge(statik, 'CALLS', f);
      for (let i = 0; i < 60; i++) g.edge(g.node(`src/c${i}.ts`, `c${i}`, 'function'), 'CALLS', statik);
      const ctx = g.context();
      const { result } = readGraph(dependentsOf(ctx, 'src/f.ts', 'f'));
      assert.deepEqual(result.truncation?.queryNext, [{ name: 'static K.save', file: 'src/k.ts', cut: 12 }]);
      // The hint is directly askable: it resolves to the node it names, with the 12 it promises next to it.
      const asked = readGraph(dependentsOf(ctx, 'src/k.ts', 'static K.save')).result;
      assert.equal(asked.inputs[0], statik);
      assert.equal(asked.truncation?.totalNodes, 60);
    });

    it('keeps tests only when no code is left', () => {
      const g = new TestGraph();
      const f = g.node('src/f.ts', 'f', 'function');
      const testCallers = Array.from({ length: 30 }, (_, i) => g.node(`src/f${i}.spec.ts`, `t${i}`, 'function'));
      const mids = Array.from({ length: 30 }, (_, i) => g.node(`src/m${i}.ts`, `m${i}`, 'function'));
      for (const t of testCallers) g.edge(t, 'CALLS', f);
      for (const m of mids) g.edge(m, 'CALLS', f);
      const { result } = readGraph(dependentsOf(g.context(), 'src/f.ts', 'f'));
      const shown = result.nodes.slice(1).map((n) => n.id);
      assert.deepEqual(new Set(shown.slice(0, 30)), new Set(mids));
      const testsInBfsOrder = g.build().inEdges(f).map((e) => e.from).filter((id) => testCallers.includes(id));
      assert.deepEqual(shown.slice(30), testsInBfsOrder.slice(0, 20));
      assert.equal(result.truncation?.more?.length, 10);
      assert.equal(result.truncation?.queryNext, undefined, 'the cut nodes hang off the query itself: nothing shown leads to them');
    });
  });

  function offsetOf(id: string): number {
    return ctx.graph.getNode(id)!.offset;
  }
});
