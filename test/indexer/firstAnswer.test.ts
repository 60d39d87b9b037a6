import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { CodeGraph } from '../../src/core/CodeGraph';
import { answerText } from '../../src/core/format/fitToBudget';
import { createFileSourceReader } from '../../src/core/format/FileSourceReader';
import { QueryRequest } from '../../src/core/query/QueryRequest';
import { GraphResult, QueryResult } from '../../src/core/query/QueryResult';
import { asPartial, isPartial } from '../../src/core/query/shared/indexingNotes';
import { runCli } from '../../src/cli/runCli';
import { exportGraph, formatExport } from '../../src/worker/exportGraph';
import { writeMonorepo } from '../support/monorepoWorkspace';

const root = path.resolve(__dirname, '../../../test/fixtures/sample');

/** Both directions of one edge list, as a set of `from -TYPE-> to`. */
const edgeSet = (r: QueryResult) => new Set(r.kind === 'graph' ? r.edges.map((e) => `${e.from} -${e.type}-> ${e.to}`) : []);

/**
 * Issue 40, item 7: a first answer before the index. Asked right after the walk built the programs
 * (before any file is extracted), the answer holds the query's direct neighbours found by the
 * compiler, says `Partial:` in its first line, is formatted as every answer, and is exactly the first
 * level of the full graph's answer; the index then completes the graph.
 */
describe('a first answer before the index (CodeGraph.firstAnswer)', () => {
  async function firstThenFull(request: QueryRequest): Promise<{ first: QueryResult | undefined; full: QueryResult; filesAtFirst: number; filesInTheEnd: number; graph: CodeGraph }> {
    const { graph, indexed } = CodeGraph.opening({ root });
    // opening() ran the walk up to its first yield: the programs are built, no file extracted.
    assert.deepEqual(graph.indexing, { projectsDone: 0, projectsTotal: 1 });
    assert.equal(graph.graph.files().length, 0);
    const first = graph.firstAnswer(request);
    const filesAtFirst = graph.graph.files().length;
    await indexed;
    const full = request.query === 'dependentsOf' ? graph.dependentsOf(request.file_path, request.symbol) : graph.dependenciesOf((request as { file_path: string }).file_path, (request as { symbol: string }).symbol);
    return { first, full, filesAtFirst, filesInTheEnd: graph.graph.files().length, graph };
  }

  const cases: Array<[string, QueryRequest]> = [
    ['dependents of a function called from two files, one of them called in turn', { query: 'dependentsOf', file_path: 'src/utils/format.ts', symbol: 'formatDate' }],
    ['dependents of an interface method (its implementation is found too)', { query: 'dependentsOf', file_path: 'src/orders/orderRepository.ts', symbol: 'OrderRepository.save' }],
    ['dependencies of a function', { query: 'dependenciesOf', file_path: 'src/orders/orderService.ts', symbol: 'processOrder' }],
  ];
  for (const [title, request] of cases) {
    it(`${title}: a Partial: first line, the full answer's first level, read from a few files`, async () => {
      const { first, full, filesAtFirst, filesInTheEnd } = await firstThenFull(request);
      assert.ok(first, 'a first answer');
      assert.ok(isPartial(first), JSON.stringify(first.notes));
      const direction = request.query === 'dependentsOf' ? 'dependents' : 'dependencies';
      assert.equal(first.notes![0], `Partial: indexing 1 of 1 projects; direct ${direction} found by the compiler, the full graph follows.`);
      assert.ok(filesAtFirst < filesInTheEnd, `${filesAtFirst} files extracted for the first answer, of ${filesInTheEnd}`);
      // The full answer is complete (no partial or indexing line) and holds every edge of the first.
      assert.equal(full.kind, 'graph');
      assert.ok(!isPartial(full) && !(full.notes ?? []).some((n) => n.startsWith('Incomplete')), JSON.stringify(full.notes));
      for (const e of edgeSet(first)) assert.ok(edgeSet(full).has(e), `${e} is not in the full answer`);
      // Exactly its first level, and the same text as that level formatted: one formatter.
      const level = asPartial(full, direction === 'dependents' ? 'backward' : 'forward', { done: 0, total: 1 }, 'the full graph follows') as GraphResult;
      assert.deepEqual([...edgeSet(first)].sort(), [...edgeSet(level)].sort());
      assert.ok(edgeSet(level).size > 0);
      const reader = createFileSourceReader(root);
      const text = await answerText(first, reader);
      assert.equal(text, await answerText(level, reader));
      assert.ok(text.startsWith('Partial: indexing 1 of 1 projects;'));
    });
  }

  it('the full answer reaches past the first level (the first answer is only the direct dependents)', async () => {
    const { first, full } = await firstThenFull({ query: 'dependentsOf', file_path: 'src/utils/format.ts', symbol: 'formatDate' });
    assert.ok(edgeSet(full).size > edgeSet(first!).size);
    assert.ok([...edgeSet(full)].some((e) => e.startsWith('src/index.ts#')));
    assert.ok(![...edgeSet(first!)].some((e) => e.startsWith('src/index.ts#')));
  });

  /** A workspace of 60 `users` files each calling `hub` (declared in src/`file`.ts, re-exported by src/barrel.ts); its first answer of `hub`'s dependents, then all of them. */
  async function wideFirstAnswer(file: string, hubFile: string, users: (i: number) => string, symbol = 'hub', nodeId = `src/${file}.ts#hub@function`) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-first-wide-'));
    try {
      fs.writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true }, include: ['src'] }));
      fs.mkdirSync(path.join(dir, 'src'));
      fs.writeFileSync(path.join(dir, `src/${file}.ts`), hubFile);
      fs.writeFileSync(path.join(dir, 'src/barrel.ts'), `export * from './${file}';\n`);
      for (let i = 0; i < 60; i++) fs.writeFileSync(path.join(dir, `src/user${i}.ts`), users(i));
      const { graph, indexed } = CodeGraph.opening({ root: dir });
      const first = graph.firstAnswer({ query: 'dependentsOf', file_path: `src/${file}.ts`, symbol });
      const filesAtFirst = graph.graph.files().length;
      await indexed;
      const all = new Set(graph.graph.inEdges(nodeId).map((e) => `${e.from} -${e.type}-> ${e.to}`));
      graph.dispose();
      return { first, filesAtFirst, all };
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }

  it('a declaration used by more files than a first answer reads: the compiler stops looking once it found more than 50, and the first line says so', async () => {
    const { first, filesAtFirst, all } = await wideFirstAnswer(
      'hub',
      'export function hub(n: number): number {\n  return n + 1;\n}\n',
      (i) => `import { hub } from './${i % 2 ? 'barrel' : 'hub'}';\nexport function user${i}(): number {\n  return hub(${i});\n}\n`,
    );
    // Found through both the direct import and the barrel's re-export; the search did not go on to all 60.
    assert.equal(first?.notes?.[0], 'Partial: indexing 1 of 1 projects; direct dependents found by the compiler (in the first 50 files found that use it), the full graph follows.');
    assert.equal(filesAtFirst, 51);
    assert.equal(edgeSet(first!).size, 50);
    assert.ok([...edgeSet(first!)].some((e) => e.startsWith('src/user1.ts#')) && [...edgeSet(first!)].some((e) => e.startsWith('src/user0.ts#')));
    assert.equal(all.size, 60);
    for (const e of edgeSet(first!)) assert.ok(all.has(e), e);
  });

  it('a method its users reach through a union of classes (another symbol to the checker): found in the files that name it, without searching the whole program', async () => {
    const { first, filesAtFirst, all } = await wideFirstAnswer(
      'store',
      'export class Store {\n  hub(n: number): number {\n    return n + 1;\n  }\n}\nexport class Other {\n  hub(n: number): number {\n    return n;\n  }\n}\n',
      (i) => `import { Store, Other } from './store';\nexport function user${i}(s: Store | Other): number {\n  return s.hub(${i});\n}\n`,
      'Store.hub',
      'src/store.ts#Store.hub@method',
    );
    // Stopped once more than 50 were found among the files naming it (the whole program would say "50 of the 60").
    assert.equal(first?.notes?.[0], 'Partial: indexing 1 of 1 projects; direct dependents found by the compiler (in the first 50 files found that use it), the full graph follows.');
    assert.equal(filesAtFirst, 51);
    assert.equal(edgeSet(first!).size, 50);
    assert.equal(all.size, 60);
    for (const e of edgeSet(first!)) assert.ok(all.has(e), e);
  });

  it('a declaration its users name otherwise (a default import): the whole program is searched, and the first line says of how many files', async () => {
    // No user's text names `hub`: none is a file to look in first.
    const { first, filesAtFirst, all } = await wideFirstAnswer(
      'counter',
      'export default function hub(n: number): number {\n  return n + 1;\n}\n',
      (i) => `import increment from './counter';\nexport function user${i}(): number {\n  return increment(${i});\n}\n`,
    );
    assert.equal(first?.notes?.[0], 'Partial: indexing 1 of 1 projects; direct dependents found by the compiler (in 50 of the 60 files that use it), the full graph follows.');
    assert.equal(filesAtFirst, 51);
    assert.equal(edgeSet(first!).size, 50);
    assert.equal(all.size, 60);
    for (const e of edgeSet(first!)) assert.ok(all.has(e), e);
  });

  it('the graph a first answer started is the graph a plain index builds (a monorepo, asked about a project the walk reaches last)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-first-mono-'));
    try {
      writeMonorepo(dir, { packages: 5, filesPerPackage: 3, dependsOn: (i) => [[], [0], [1], [0], []][i] });
      const plain = await CodeGraph.open({ root: dir });
      const expected = formatExport(exportGraph(plain.graph, plain.root));
      plain.dispose();
      // As the hosts do (FolderGraphs): the first answer is tried at each step of the walk until p0's
      // program is built (p4 is built first, alone, as it was asked for), before p0 is extracted.
      let first: QueryResult | undefined;
      let ahead = 0;
      const opened: { graph?: CodeGraph } = {};
      const { graph, indexed } = CodeGraph.opening({
        root: dir,
        first: ['packages/p4/src/f0.ts'],
        onProgress: () => {
          if (first || !opened.graph) return;
          first = opened.graph.firstAnswer({ query: 'dependentsOf', file_path: 'packages/p0/src/f0.ts', symbol: 'p0f0a' });
          if (first) ahead = opened.graph.graph.files().length;
        },
      });
      opened.graph = graph;
      await indexed;
      // In process, p0's program is built at its turn: no first answer before, and nothing read ahead.
      if (process.env.TS_CODE_GRAPH_COMPILER !== 'inprocess') assert.ok(first && isPartial(first) && ahead > 0);
      assert.equal(formatExport(exportGraph(graph.graph, graph.root)), expected);
      graph.dispose();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('none once the index is done, for bad input, or for a file (the ordinary answer is as quick or says why)', async () => {
    const { graph, indexed } = CodeGraph.opening({ root });
    assert.equal(graph.firstAnswer({ query: 'dependentsOf', file_path: 'src/utils/format.ts', symbol: 'noSuchThing' }), undefined);
    assert.equal(graph.firstAnswer({ query: 'dependentsOf', file_path: 'src/utils/format.ts', symbol: 'src/utils/format.ts' }), undefined);
    await indexed;
    assert.equal(graph.firstAnswer({ query: 'dependentsOf', file_path: 'src/utils/format.ts', symbol: 'formatDate' }), undefined);
  });

  describe('pathsBetween', () => {
    async function firstPaths(from: [string, string], to: [string, string]) {
      const request: QueryRequest = { query: 'pathsBetween', from: { file_path: from[0], symbol: from[1] }, to: { file_path: to[0], symbol: to[1] } };
      const { graph, indexed } = CodeGraph.opening({ root });
      const first = graph.firstAnswer(request);
      const filesAtFirst = graph.graph.files().length;
      await indexed;
      return { first, filesAtFirst, full: graph.answer(request), graph };
    }

    for (const [title, from, to] of [
      ['a direct call', ['src/api/handler.ts', 'handleRequest'], ['src/utils/format.ts', 'formatDate']],
      ['two calls, through a file next to both ends', ['src/api/handler.ts', 'handleRequest'], ['src/orders/validate.ts', 'validate']],
    ] as Array<[string, [string, string], [string, string]]>) {
      it(`${title}: the paths among the files next to either end, Partial: first, each edge one the full graph holds`, async () => {
        const { first, filesAtFirst, full, graph } = await firstPaths(from, to);
        assert.ok(first?.kind === 'graph', JSON.stringify(first));
        assert.match(first.notes![0], /^Partial: indexing 1 of 1 projects; paths found by the compiler among the \d+ files next to either end \(the full graph may find shorter ones\), the full graph follows\.$/);
        assert.ok(filesAtFirst < graph.graph.files().length, `${filesAtFirst} files read for the first answer`);
        assert.equal(full.kind, 'graph');
        assert.ok(!isPartial(full));
        const all = new Set([...graph.graph.allEdges()].map((e) => `${e.from} -${e.type}-> ${e.to}`));
        for (const e of edgeSet(first)) assert.ok(all.has(e), `${e} is not in the full graph`);
        // Both ends are on the answer's path: it connects them.
        assert.deepEqual(first.inputs, full.inputs);
        graph.dispose();
      });
    }

    it('none when only a path through types is found near the ends (it could hide the call chain the full graph finds), and none once indexed', async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-first-paths-'));
      try {
        // a -> b1 -> b2 -> b3 -> new C(), and a takes a C: the files next to the ends hold a TAKES C,
        // but not b2's call of b3.
        fs.writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true }, include: ['src'] }));
        fs.mkdirSync(path.join(dir, 'src'));
        fs.writeFileSync(path.join(dir, 'src/c.ts'), 'export class C {\n  n = 1;\n}\n');
        fs.writeFileSync(path.join(dir, 'src/a.ts'), "import { b1 } from './b1';\nimport { C } from './c';\nexport function a(x: C): number {\n  return b1(x.n);\n}\n");
        for (const [name, next] of [['b1', 'b2'], ['b2', 'b3']]) fs.writeFileSync(path.join(dir, `src/${name}.ts`), `import { ${next} } from './${next}';\nexport function ${name}(n: number): number {\n  return ${next}(n);\n}\n`);
        fs.writeFileSync(path.join(dir, 'src/b3.ts'), "import { C } from './c';\nexport function b3(n: number): number {\n  return new C().n + n;\n}\n");
        const request: QueryRequest = { query: 'pathsBetween', from: { file_path: 'src/a.ts', symbol: 'a' }, to: { file_path: 'src/c.ts', symbol: 'C' } };
        const { graph, indexed } = CodeGraph.opening({ root: dir });
        const first = graph.firstAnswer(request);
        // What the first answer would have been: the types-only path among the files it read.
        const near = graph.answer(request);
        assert.ok(!graph.graph.files().includes('src/b2.ts'), 'b2.ts is not next to either end');
        assert.ok(near.notes?.some((n) => n.startsWith('Through types only')), JSON.stringify(near.notes));
        assert.equal(first, undefined);
        await indexed;
        const full = graph.answer(request);
        assert.deepEqual(full.kind === 'graph' && full.edges.map((e) => e.type), ['CALLS', 'CALLS', 'CALLS', 'CALLS']);
        assert.equal(graph.firstAnswer(request), undefined);
        graph.dispose();
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });
  });

  it('CLI: on a terminal the first answer is printed, then the full one; piped, or the full one within the grace, only the full one', async () => {
    const run = async (terminal: boolean, grace: string) => {
      let stdout = '';
      const io = { stdout: (s: string) => void (stdout += s), stderr: () => undefined, cwd: root, terminal };
      const before = process.env.TS_CODE_GRAPH_FIRST_ANSWER_MS;
      process.env.TS_CODE_GRAPH_FIRST_ANSWER_MS = grace;
      try {
        const code = await runCli(['--no-cache', 'dependentsOf', 'src/utils/format.ts', 'formatDate'], io);
        return { code, stdout };
      } finally {
        process.env.TS_CODE_GRAPH_FIRST_ANSWER_MS = before;
      }
    };
    const piped = await run(false, '0');
    assert.equal(piped.code, 0);
    assert.ok(!piped.stdout.includes('Partial:'));
    // The sample is indexed well within a long grace: one answer, the full one.
    assert.equal((await run(true, '600000')).stdout, piped.stdout);
    const terminal = await run(true, '0');
    assert.equal(terminal.code, 0);
    assert.ok(terminal.stdout.startsWith('Partial: indexing 1 of 1 projects; direct dependents found by the compiler, the full graph follows.\n'), terminal.stdout.slice(0, 200));
    // The full answer follows, as printed when piped.
    assert.ok(terminal.stdout.endsWith(piped.stdout), terminal.stdout);
    assert.ok(terminal.stdout.length > piped.stdout.length);
  });
});
