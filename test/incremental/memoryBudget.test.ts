import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as ts from 'typescript';
import { WorkspaceIndex } from '../../src/core/indexer/WorkspaceIndex';
import { SharedCompilerHost } from '../../src/core/indexer/program/SharedCompilerHost';
import { memoryBudget } from '../../src/core/indexer/program/memoryBudget';
import { writeMonorepo } from '../support/monorepoWorkspace';
import { CodeGraph } from '../../src/core/CodeGraph';

/**
 * Issue 39: memory is a budget. A generated 200-project workspace indexed with a budget that holds
 * a couple of programs: the programs are released once their files are extracted (counted through
 * `heldPrograms`, never by timing), an edited project's program is kept (the next save in it builds
 * nothing from scratch), and a save in a released project builds its program again and answers
 * exactly as a full index does.
 */
describe('memory budget: programs released after extraction, an LRU for the edited projects', function () {
  this.timeout(600_000);
  const PROJECTS = 200;
  // Package i builds on two of ten base packages (shallow, as real monorepos are).
  const dependsOn = (i: number) => (i < 10 ? [] : i < 20 ? [i % 10] : [i % 10, 10 + ((i * 7) % 10)]);
  /**
   * Small enough that the programs' share (half) holds a few of these projects' programs. The native
   * compiler's share is governed by its process's measured memory, which holds more than the estimate
   * (the standard library, what it keeps of closed projects: ~60 MB above its idle start after 200 of
   * these), and by measurement programs opened together cost less than the estimate of each.
   */
  const MEMORY_MB = process.env.TS_CODE_GRAPH_COMPILER === 'inprocess' ? 64 : 256;
  let root: string;
  let index: WorkspaceIndex;
  before(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-budget-'));
    writeMonorepo(root, { packages: PROJECTS, filesPerPackage: 3, dependsOn });
    index = new WorkspaceIndex({ root, memoryMb: MEMORY_MB });
    await index.indexAll();
  });
  after(() => {
    index?.dispose();
    fs.rmSync(root, { recursive: true, force: true });
  });

  const edgesOf = (idx: WorkspaceIndex) =>
    idx.graph
      .files()
      .sort()
      .flatMap((f) => idx.graph.getContribution(f)!.edges.map((e) => `${e.from} ${e.type} ${e.to}`))
      .sort();

  it('indexes every project and holds only the programs the budget has room for', () => {
    assert.equal(index.graph.files().length, PROJECTS * 4);
    const held = index.heldPrograms();
    // In process, by the estimate: a few; the native compiler's, by its process's measured memory: more, far from all.
    assert.ok(held.length >= 1 && held.length <= (index.compiler.kind === 'native' ? PROJECTS / 4 : 4), `programs held after the walk: ${held.length} (${held.join(', ')})`);
    assert.ok(index.programBuilds >= PROJECTS, `each project's program was built: ${index.programBuilds}`);
  });

  it("keeps the edited project's program, and builds a released one again on demand with a correct answer", async () => {
    const edit = (rel: string, fn: string, calls: string) => {
      const file = path.join(root, rel);
      fs.appendFileSync(file, `\nexport function ${fn}(x: number): number {\n  return ${calls}(x);\n}\n`);
      return file;
    };
    const edited = edit('packages/p150/src/f1.ts', 'extra150', 'p150f1b');
    let builds = index.programBuilds;
    await index.update([edited], []);
    assert.equal(index.heldPrograms().at(-1), 'packages/p150/tsconfig.json');
    assert.ok(index.programBuilds > builds, 'p150 was released by the walk: its program is built again');
    assert.ok(index.graph.outEdges('packages/p150/src/f1.ts#extra150@function').some((e) => e.type === 'CALLS' && e.to === 'packages/p150/src/f1.ts#p150f1b@function'));

    // Another project, released too: built again on demand, and the graph is a full index's.
    const other = edit('packages/p20/src/f0.ts', 'extra20', 'p20f0b');
    builds = index.programBuilds;
    await index.update([other], []);
    assert.ok(index.programBuilds > builds);
    assert.ok(index.graph.outEdges('packages/p20/src/f0.ts#extra20@function').some((e) => e.type === 'CALLS' && e.to === 'packages/p20/src/f0.ts#p20f0b@function'));
    assert.ok(index.heldPrograms().includes('packages/p150/tsconfig.json'), `the LRU keeps p150 too: ${index.heldPrograms().join(', ')}`);

    // The next save in p150 finds its program held: nothing is built from scratch.
    fs.appendFileSync(edited, '\nexport const again = extra150(1);\n');
    builds = index.programBuilds;
    await index.update([edited], []);
    assert.equal(index.programBuilds, builds, 'the held program of the edited project was reused');

    const fresh = new WorkspaceIndex({ root, memoryMb: MEMORY_MB });
    try {
      await fresh.indexAll();
      assert.deepEqual(edgesOf(index), edgesOf(fresh));
    } finally {
      fresh.dispose();
    }
  });

  it('keeps the program of the project being edited through an update that builds many others: the undo compares shapes', async () => {
    // In process on either run, where the budget is the estimate's: it holds a few programs, fewer than
    // the update builds. (The native compiler's is governed by its process's measured memory, which at
    // these sizes moves between holding one program and twenty from run to run; the release order this
    // tests is the same code, WorkspacePrograms.makeRoom, for both.)
    const tight = new WorkspaceIndex({ root, memoryMb: 64, compiler: 'inprocess' });
    try {
      await tight.indexAll();
      // p0's first function is imported by the packages built on p0 (about 60 files in 19 projects):
      // renaming it re-extracts them, each project's program built in turn within the budget.
      const hub = path.join(root, 'packages/p0/src/f0.ts');
      const original = fs.readFileSync(hub, 'utf8');
      fs.writeFileSync(hub, original.replace(/\bp0f0a\b/g, 'p0f0aRenamed'));
      try {
        const renamed = await tight.update([hub], []);
        assert.ok(renamed.reindexed.length > 40, `the importers looked again: ${renamed.reindexed.length}`);
        assert.ok(tight.heldPrograms().includes('packages/p0/tsconfig.json'), `p0's program is kept: ${tight.heldPrograms().join(', ')}`);
      } finally {
        fs.writeFileSync(hub, original);
      }
      // Undone: the shapes before and after say only p0f0a's importers can see it; p0's last file,
      // which imports only p0f0a's neighbour, is not re-extracted (without p0's program every file
      // depending on the hub was, however indirectly).
      const undone = await tight.update([hub], []);
      assert.ok(!undone.reindexed.includes('packages/p0/src/f2.ts'), `re-extracted: ${undone.reindexed.join(', ')}`);
      const fresh = new WorkspaceIndex({ root, memoryMb: MEMORY_MB, compiler: 'inprocess' });
      try {
        await fresh.indexAll();
        assert.deepEqual(edgesOf(tight), edgesOf(fresh));
      } finally {
        fresh.dispose();
      }
    } finally {
      tight.dispose();
    }
  });
});

describe('memory budget: the shared parse cache is bounded', () => {
  it('drops the least recently used parses beyond its bound, and parses them again when asked', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-parses-'));
    try {
      const files = Array.from({ length: 50 }, (_, i) => {
        const f = path.join(dir, `f${i}.ts`);
        fs.writeFileSync(f, `export const v${i} = ${i};\n`.repeat(20));
        return f;
      });
      const host = new SharedCompilerHost(ts, 40 * 1024);
      const compilerHost = host.hostFor({ target: ts.ScriptTarget.ES2022 });
      const parse = (f: string) => compilerHost.getSourceFile(f, ts.ScriptTarget.ES2022)!;
      const first = parse(files[0]);
      for (const f of files) parse(f);
      assert.ok(host.parsedFiles < 50, `parses held: ${host.parsedFiles}`);
      assert.ok(host.parsedFiles >= 5, `parses held: ${host.parsedFiles}`);
      const again = parse(files[0]);
      assert.notEqual(again, first, 'the dropped parse is made again');
      assert.equal(again.text, first.text);
      assert.equal(parse(files[0]), again, 'and shared from then on');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('takes the budget from the option, then TS_CODE_GRAPH_MEMORY_MB, then the machine', () => {
    assert.equal(memoryBudget(512, '2048').mb, 512);
    assert.equal(memoryBudget(undefined, '2048').mb, 2048);
    assert.equal(memoryBudget(undefined, '2048').source, 'TS_CODE_GRAPH_MEMORY_MB');
    assert.ok(memoryBudget(undefined, 'lots').mb >= 64);
    assert.equal(memoryBudget(1000).programsMb, 500);
  });
});

describe('memory budget: a project whose program alone cannot fit is left out, and answers say so', () => {
  it('indexes the others, names the project in the warnings, and scopes an Incomplete line to answers it could change', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-overbudget-'));
    try {
      // p2 imports p1 and p0; 300 more files make its program larger than a 64 MB budget.
      writeMonorepo(root, { packages: 3, filesPerPackage: 2 });
      for (let i = 0; i < 300; i++) fs.writeFileSync(path.join(root, `packages/p2/src/big${i}.ts`), `export const big${i} = ${i};\n`);
      const graph = await CodeGraph.open({ root, memoryMb: 64 });
      assert.deepEqual(graph.report.skipped, [{ config: 'packages/p2/tsconfig.json', why: 'memory' }]);
      assert.ok(graph.report.warnings.some((w) => w.startsWith('1 project was not indexed because its program alone would not fit the memory budget (64 MB, as set; TS_CODE_GRAPH_MEMORY_MB sets it): packages/p2/tsconfig.json.')), graph.report.warnings.join('\n'));
      assert.equal(graph.graph.hasFile('packages/p2/src/big0.ts'), false);
      assert.ok(graph.graph.hasFile('packages/p1/src/f0.ts'));
      const dependents = graph.dependentsOf('packages/p1/src/f0.ts', 'p1f0a');
      assert.ok(
        dependents.notes?.includes('Incomplete: a project too large for the memory budget was not indexed and may use this code (packages/p2/tsconfig.json); TS_CODE_GRAPH_MEMORY_MB raises the budget.'),
        JSON.stringify(dependents.notes),
      );
      const unrelated = await CodeGraph.open({ root, memoryMb: 4096 });
      assert.deepEqual(unrelated.report.skipped, [], 'a larger budget holds it');
      assert.equal(unrelated.dependentsOf('packages/p1/src/f0.ts', 'p1f0a').notes?.some((n) => n.includes('memory budget')) ?? false, false);
      graph.dispose();
      unrelated.dispose();
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
