import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import * as ts from 'typescript';
import { CodeGraph } from '../../src/core/CodeGraph';
import { CancelledError } from '../../src/core/Logger';
import { createFileSourceReader } from '../../src/core/format/FileSourceReader';
import { formatText } from '../../src/core/format/formatText';
import { foundNodes } from '../support/graphLookup';
import { PlainLocals } from '../../src/core/indexer/file/localValues';
import { HOSTILE, PARENS_DEPTH, hostileFiles, parensText, writeWorkspace } from '../support/hostileWorkspace';

/**
 * Issue 13: one file must never take the graph down. Generated code deeper than any recursive walk
 * of ours is indexed; a file the compiler itself cannot handle costs that file only, is named with
 * its reason (errors(), every answer touching it), and the rest of the graph is exactly what it
 * would be without that file. Edits that break and heal a file update like any other edit.
 */
/**
 * What these faults break is TypeScript 6's, in process: its recursive parser overflowing the stack,
 * its checker throwing. So these workspaces are indexed in process whichever compiler the run uses
 * (TypeScript 7's parser handles the deep file: see the last case; its process failing is
 * test/compiler/nativeFaults.test.ts).
 */
const INPROCESS = 'inprocess' as const;

describe('fault isolation', function () {
  this.timeout(120_000);
  let root: string;
  let graph: CodeGraph;

  before(async () => {
    root = writeWorkspace('tcg-hostile-', hostileFiles());
    graph = await CodeGraph.open({ root, compiler: INPROCESS });
  });
  after(() => fs.rmSync(root, { recursive: true, force: true }));

  const callers = (g: CodeGraph, file: string, symbol: string) => {
    const r = g.dependentsOf(file, symbol);
    return foundNodes(r).map((n) => `${n.file}#${n.name}`).sort();
  };

  it('indexes a 20,000-term concatenation, a 1,000-branch else-if and 500 chained calls', () => {
    assert.deepEqual(callers(graph, HOSTILE.ok, 'helper'), [
      `${HOSTILE.concat}#useConcat`,
      `${HOSTILE.elseIf}#branchy`,
      `${HOSTILE.ok}#main`,
      `${HOSTILE.usesParens}#viaParens`,
    ]);
    const step = graph.dependentsOf(HOSTILE.chained, 'Builder.step');
    assert.equal(step.kind, 'graph');
    if (step.kind === 'graph') {
      const call = step.edges.find((e) => e.to.endsWith('#Builder.step@method') && e.from.endsWith('#build@function'));
      assert.ok(call, 'build CALLS Builder.step');
      assert.deepEqual(call.lines, [2]);
    }
  });

  it("indexed by TypeScript 7, the deep file is analysed: 7's parser does not recurse on the JavaScript stack", async () => {
    const native = await CodeGraph.open({ root, compiler: 'native' });
    try {
      assert.deepEqual(native.errors(), []);
      assert.ok(callers(native, HOSTILE.ok, 'helper').includes(`${HOSTILE.parens}#insideParens`));
    } finally {
      native.dispose();
    }
  });

  it('names the file the parser cannot handle, with its reason, and keeps only its module node', () => {
    const errors = graph.errors();
    assert.equal(errors.length, 1);
    assert.match(errors[0], /^src\/gen\/parens\.ts could not be analysed: its code nests too deeply for the TypeScript compiler \(Maximum call stack size exceeded\); calls inside it are missing$/);
    assert.deepEqual(graph.report.errors, errors);
    const contribution = graph.graph.getContribution(HOSTILE.parens)!;
    assert.deepEqual(contribution.nodes.map((n) => [n.kind, n.limit]), [['module', 3]]);
    assert.deepEqual(contribution.edges, []);
  });

  it('says so in the text of an answer that may be missing its calls', () => {
    const text = formatText(graph.dependentsOf(HOSTILE.ok, 'helper'), createFileSourceReader(root));
    assert.match(text, /^Incomplete: src\/gen\/parens\.ts could not be analysed: .*; calls inside it are missing\.\n\n## Graph\n/);
    // dependenciesOf of a healthy symbol that reaches no failed file is complete: no warning.
    assert.doesNotMatch(formatText(graph.dependenciesOf(HOSTILE.ok, 'main'), createFileSourceReader(root)), /Incomplete/);
  });

  it('leaves the rest of the graph exactly as it is without that file', async () => {
    const files = hostileFiles();
    delete (files as Record<string, string>)[HOSTILE.parens];
    const without = writeWorkspace('tcg-hostile-without-', files);
    try {
      const clean = await CodeGraph.open({ root: without, compiler: INPROCESS });
      const moduleOfParens = `"${HOSTILE.parens}#${HOSTILE.parens}@module"`;
      assert.deepEqual(
        { ...graph.graph.snapshot(), nodes: graph.graph.snapshot().nodes.filter((n) => !n.includes(moduleOfParens)) },
        clean.graph.snapshot(),
      );
      assert.deepEqual(clean.errors(), []);
    } finally {
      fs.rmSync(without, { recursive: true, force: true });
    }
  });

  it('updates like any other edit when a file breaks and when it heals (incremental == full)', async () => {
    const dir = writeWorkspace('tcg-break-heal-', { ...hostileFiles(), [HOSTILE.parens]: parensText(3) });
    try {
      const live = await CodeGraph.open({ root: dir, compiler: INPROCESS });
      assert.deepEqual(live.errors(), []);
      assert.ok(callers(live, HOSTILE.ok, 'helper').includes(`${HOSTILE.parens}#insideParens`));

      fs.writeFileSync(path.join(dir, HOSTILE.parens), parensText(PARENS_DEPTH));
      await live.update([HOSTILE.parens], []);
      assert.equal(live.errors().length, 1);
      assert.deepEqual(live.graph.snapshot(), (await CodeGraph.open({ root: dir, compiler: INPROCESS })).graph.snapshot());
      assert.ok(!callers(live, HOSTILE.ok, 'helper').includes(`${HOSTILE.parens}#insideParens`));

      fs.writeFileSync(path.join(dir, HOSTILE.parens), parensText(4));
      await live.update([HOSTILE.parens], []);
      assert.deepEqual(live.errors(), []);
      assert.deepEqual(live.graph.snapshot(), (await CodeGraph.open({ root: dir, compiler: INPROCESS })).graph.snapshot());
      assert.ok(callers(live, HOSTILE.ok, 'helper').includes(`${HOSTILE.parens}#insideParens`));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  describe('when the type checker throws inside one file', () => {
    // A narrow stand-in for a compiler crash on one file (the real ones are stack overflows deep
    // in the checker, or compiler bugs): the checker throws for any location in `bad.ts`.
    const throwingTs = (error = () => new Error('Debug Failure. False expression: simulated')): typeof ts => {
      const wrapChecker = (checker: ts.TypeChecker): ts.TypeChecker =>
        new Proxy(checker, {
          get(target, key, receiver) {
            const value = Reflect.get(target, key, receiver);
            if (key !== 'getSymbolAtLocation') return value;
            return (node: ts.Node) => {
              if (node.getSourceFile().fileName.endsWith('/bad.ts')) throw error();
              return (value as ts.TypeChecker['getSymbolAtLocation']).call(target, node);
            };
          },
        });
      const createProgram = ((...args: Parameters<typeof ts.createProgram>) => {
        const program = (ts.createProgram as (...a: unknown[]) => ts.Program)(...args);
        const checker = wrapChecker(program.getTypeChecker());
        return new Proxy(program, { get: (t, k, r) => (k === 'getTypeChecker' ? () => checker : Reflect.get(t, k, r)) });
      }) as typeof ts.createProgram;
      return { ...ts, createProgram };
    };
    const files = {
      'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true }, include: ['src'] }),
      'src/a.ts': 'export function a() { return 1; }\n',
      'src/bad.ts': 'import { a } from "./a";\nexport class Bad { run() { return a(); } }\nexport function badFn() { return new Bad().run(); }\n',
      'src/z.ts': 'import { a } from "./a";\nimport { badFn } from "./bad";\nexport function z() { return a() + badFn(); }\n',
    };

    it('keeps its declarations, names it, and indexes every other file as if it were healthy', async () => {
      const dir = writeWorkspace('tcg-checker-throws-', files);
      try {
        const broken = await CodeGraph.open({ root: dir, ts: throwingTs(), compiler: INPROCESS });
        const healthy = await CodeGraph.open({ root: dir, compiler: INPROCESS });
        assert.deepEqual(broken.errors(), ['src/bad.ts could not be analysed: the analysis threw: Debug Failure. False expression: simulated; calls inside it are missing']);
        assert.deepEqual(broken.graph.nodesInFile('src/bad.ts').map((n) => n.name), ['src/bad.ts', 'Bad', 'Bad.run', 'badFn']);
        assert.deepEqual(broken.graph.getContribution('src/bad.ts')!.edges, []);
        // Every other file's share, z.ts's call into bad.ts included, is what a healthy index gives.
        for (const f of ['src/a.ts', 'src/z.ts']) assert.deepEqual(broken.graph.getContribution(f), healthy.graph.getContribution(f));
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });

    it('a cancellation thrown inside it (the native compiler\'s answer once the index is cancelled) ends the index and names no file as failed', async () => {
      const dir = writeWorkspace('tcg-checker-cancelled-', files);
      try {
        const { graph, indexed } = CodeGraph.opening({ root: dir, ts: throwingTs(() => new CancelledError()), compiler: INPROCESS });
        await assert.rejects(indexed, CancelledError);
        assert.deepEqual(graph.errors(), []);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });
  });

  it("indexed by TypeScript 7, a throw in the walk for one file's batch of names costs that file only", async () => {
    // A narrow stand-in for a bug in the batch's syntax work (BatchNames): it throws for any name in bad.ts.
    const files = {
      'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true }, include: ['src'] }),
      'src/a.ts': 'export function a() { return 1; }\n',
      'src/bad.ts': 'import { a } from "./a";\nexport class Bad { run() { return a(); } }\nexport function badFn() { return new Bad().run(); }\n',
      'src/z.ts': 'import { a } from "./a";\nimport { badFn } from "./bad";\nexport function z() { return a() + badFn(); }\n',
    };
    const dir = writeWorkspace('tcg-batch-throws-', files);
    const real = PlainLocals.prototype.shared;
    try {
      const healthy = await CodeGraph.open({ root: dir, compiler: 'native' });
      PlainLocals.prototype.shared = function (this: PlainLocals, name: ts.Identifier) {
        if (name.getSourceFile().fileName.endsWith('/bad.ts')) throw new Error('simulated batch failure');
        return real.call(this, name);
      };
      const broken = await CodeGraph.open({ root: dir, compiler: 'native' });
      assert.equal(broken.report.compiler.startsWith('TypeScript 7'), true, broken.report.compiler);
      assert.deepEqual(broken.errors(), ['src/bad.ts could not be analysed: the analysis threw: simulated batch failure; calls inside it are missing']);
      assert.deepEqual(broken.graph.nodesInFile('src/bad.ts').map((n) => n.name), ['src/bad.ts', 'Bad', 'Bad.run', 'badFn']);
      for (const f of ['src/a.ts', 'src/z.ts']) assert.deepEqual(broken.graph.getContribution(f), healthy.graph.getContribution(f));
    } finally {
      PlainLocals.prototype.shared = real;
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  describe('inputs that were always handled, kept under test', () => {
    it('binary bytes, an empty file, a symlink loop, 40,000 functions in one JS file, odd names, a 100k-character argument', async () => {
      const many: string[] = [];
      for (let i = 0; i < 40_000; i++) many.push(`function g${i}() { return ${i}; }`);
      many.push('function callsLast() { return g39999(); }', 'module.exports = { callsLast };');
      const dir = writeWorkspace('tcg-odd-', {
        'jsconfig.json': JSON.stringify({ compilerOptions: { checkJs: false }, include: ['src'] }),
        'src/empty.js': '',
        'src/many.js': many.join('\n') + '\n',
        'src/names.js': [
          'class Odd { constructor() { this.x = 1; } toString() { return "odd"; } __proto__() { return 1; } hasOwnProperty() { return false; } }',
          'function __proto__() { return new Odd().toString(); }',
          'function constructor() { return __proto__(); }',
          `function huge() { return constructor(${JSON.stringify('x'.repeat(100_000))}); }`,
          'module.exports = { Odd, huge };',
          '',
        ].join('\n'),
      });
      try {
        fs.writeFileSync(path.join(dir, 'src', 'binary.js'), Buffer.from([0x00, 0xff, 0xfe, 0x01, 0x80, 0x0a, 0x66, 0x28, 0x29]));
        fs.symlinkSync(path.join(dir, 'src'), path.join(dir, 'src', 'loop'));
        const g = await CodeGraph.open({ root: dir });
        const calls = (file: string, symbol: string) => {
          const r = g.dependenciesOf(file, symbol);
          return r.kind === 'graph' ? r.edges.map((e) => `${e.from.split('#')[1]} ${e.type} ${e.to.split('#')[1]}`) : [r.message];
        };
        assert.deepEqual(calls('src/many.js', 'callsLast'), ['callsLast@function CALLS g39999@function']);
        assert.deepEqual(calls('src/names.js', 'huge'), [
          'huge@function CALLS constructor@function',
          'constructor@function CALLS __proto__@function',
          '__proto__@function CALLS Odd@class',
          '__proto__@function CALLS Odd.toString@method',
        ]);
        assert.ok(g.graph.hasFile('src/empty.js') && g.graph.hasFile('src/binary.js'));
        assert.ok(!g.graph.files().some((f) => f.includes('loop/')), 'the symlink loop is not followed into duplicates');
        assert.deepEqual(g.errors(), []);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });
  });
});
