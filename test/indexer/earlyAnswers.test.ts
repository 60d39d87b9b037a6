import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { CodeGraph } from '../../src/core/CodeGraph';
import { GraphResult, QueryResult } from '../../src/core/query/QueryResult';
import { writeMonorepo } from '../support/monorepoWorkspace';
import { writeLeftOutFixture } from '../support/leftOutFixture';
import { runCaptured } from '../cli/runCaptured';

/**
 * Issue 39, item 3: answers start early. A full index walks the projects one at a time, the asked
 * file's project and what it imports first; an answer given meanwhile says so in its first line
 * only when a project not indexed yet could change it.
 *
 * The workspace: p0 ← p1 ← p2 (p2 imports p1, p1 imports p0), p3 imports p0, p4 imports nothing.
 */
describe('early answers while a full index walks the projects', () => {
  let root: string;
  const deps = [[], [0], [1], [0], []];
  before(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-early-'));
    writeMonorepo(root, { packages: 5, filesPerPackage: 3, dependsOn: (i) => deps[i] });
  });
  after(() => fs.rmSync(root, { recursive: true, force: true }));
  const notes = (r: QueryResult) => (r.kind === 'graph' ? (r.notes ?? []) : (r.notes ?? []));
  const names = (r: QueryResult) => (r.kind === 'graph' ? r.nodes.map((n) => n.name).sort() : []);

  it("indexes the asked file's project and what it imports first, and answers from them with no note when nothing pending can change the answer", async () => {
    const progress: string[] = [];
    const { graph, indexed } = CodeGraph.opening({ root, first: ['packages/p2/src/f0.ts'], onProgress: (_d, _t, p) => p && progress.push(`${p.done}/${p.total}`) });
    assert.deepEqual(graph.indexing, { projectsDone: 0, projectsTotal: 5 });
    await graph.prioritize(['packages/p2/src/f0.ts']);
    assert.deepEqual(graph.indexing, { projectsDone: 3, projectsTotal: 5 });
    const files = graph.graph.files();
    assert.ok(files.every((f) => /^packages\/p[012]\//.test(f)), files.join(', '));
    // Forward: p2 reaches p1 and p0 only, all indexed: a complete answer, no note.
    const early = graph.dependenciesOf('packages/p2/src/f0.ts', 'p2f0a');
    assert.deepEqual(notes(early), []);
    // Backward from p0: p3 depends on p0 and is not indexed yet; p4 cannot see it and is not named.
    const dependents = graph.dependentsOf('packages/p0/src/f0.ts', 'p0f0a');
    assert.deepEqual(notes(dependents), ['Incomplete: indexing is still running (3 of 5 projects done); projects not indexed yet may use this code: packages/p3/tsconfig.json. Ask again when it is done.']);
    // Backward from p2: nothing not indexed can import p2.
    assert.deepEqual(notes(graph.dependentsOf('packages/p2/src/f2.ts', 'p2f2b')), []);
    const complete = await indexed;
    assert.equal(complete, graph);
    assert.equal(graph.indexing, undefined);
    assert.deepEqual(notes(graph.dependentsOf('packages/p0/src/f0.ts', 'p0f0a')), []);
    assert.ok(names(graph.dependentsOf('packages/p0/src/f0.ts', 'p0f0a')).includes('p3f0a'));
    assert.deepEqual(names(early), names(graph.dependenciesOf('packages/p2/src/f0.ts', 'p2f0a')));
    assert.deepEqual(progress.at(-1), '5/5');
    assert.ok(progress.includes('3/5'));
  });

  it('a query asked before the walk starts (configs still read, the compiler starting) waits for its project', async () => {
    for (const compiler of ['native', 'inprocess'] as const) {
      const { graph, indexed } = CodeGraph.opening({ root, compiler });
      // At once, as a host asks right after a rebuild: nothing indexed, maybe no walk yet.
      await graph.prioritize(['packages/p2/src/f0.ts']);
      const early = graph.dependenciesOf('packages/p2/src/f0.ts', 'p2f0a');
      assert.equal(early.kind, 'graph', `${compiler}: ${early.kind === 'message' ? early.message : ''}`);
      await indexed;
      assert.deepEqual(names(early), names(graph.dependenciesOf('packages/p2/src/f0.ts', 'p2f0a')), compiler);
      graph.dispose();
    }
  });

  it('a forward answer reaching a project not indexed yet says so in its first line', async () => {
    // p0 imports p4, which the walk (in config order, nothing asked for) reaches last.
    const other = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-early-fwd-'));
    try {
      writeMonorepo(other, { packages: 5, filesPerPackage: 2, dependsOn: (i) => (i === 0 ? [4] : []) });
      const seen: string[][] = [];
      let cg: CodeGraph | undefined;
      const { graph, indexed } = CodeGraph.opening({
        root: other,
        onProgress: (_d, _t, p) => {
          if (p?.done !== 1 || !cg || seen.length > 0) return;
          const pending = cg.dependenciesOf('packages/p1/src/f1.ts', 'p1f1b');
          seen.push(notes(cg.dependenciesOf('packages/p0/src/f1.ts', 'p0f1b')), [pending.kind === 'message' ? pending.message : '']);
        },
      });
      cg = graph;
      await indexed;
      assert.deepEqual(seen, [
        ['Incomplete: indexing is still running (1 of 5 projects done), and this answer reaches code in projects not indexed yet: its calls there are missing. Ask again when it is done.'],
        // Not indexed yet itself: no answer, and it says why.
        ['File not indexed: packages/p1/src/f1.ts. It exists on disk, but its project packages/p1/tsconfig.json is not indexed yet (indexing is still running: 1 of 5 projects done); ask again when it is done.'],
      ]);
      assert.deepEqual(notes(graph.dependenciesOf('packages/p0/src/f1.ts', 'p0f1b')), []);
    } finally {
      fs.rmSync(other, { recursive: true, force: true });
    }
  });

  it('the CLI answers a query once no project left can change it, with the answer a whole index gives', async () => {
    const argv = ['--root', root, '--no-cache', 'dependenciesOf', 'packages/p2/src/f0.ts', 'p2f0a'];
    const early = await runCaptured([...argv, '--verbose'], root);
    assert.equal(early.code, 0, early.stderr);
    assert.match(early.stderr, /^Answered after indexing 3 of 5 projects: no other project can change what it calls/m);
    const whole = await runCaptured(argv, root, { openGraph: (o) => CodeGraph.open(o) });
    assert.equal(early.stdout, whole.stdout);
    // dependentsOf p0: p3 uses it too, so the answer waits for it (and p4, which cannot, may be skipped).
    const dependents = await runCaptured(['--root', root, '--no-cache', '--verbose', 'dependentsOf', 'packages/p0/src/f0.ts', 'p0f0a'], root);
    assert.match(dependents.stdout, /p3f0a/);
    assert.doesNotMatch(dependents.stdout, /Incomplete/);
  });

  it('ends with the graph a walk in any order gives: the same as opening without a first file', async () => {
    const a = await CodeGraph.open({ root });
    const b = await CodeGraph.open({ root, first: ['packages/p4/src/f1.ts', 'packages/p2/src/f0.ts'] });
    const digest = (g: CodeGraph) => g.graph.files().sort().map((f) => JSON.stringify(g.graph.getContribution(f)));
    assert.deepEqual(digest(b), digest(a));
  });

  it('names skipped projects (dependencies not installed) that may use the code a dependents answer reaches', async () => {
    const left = writeLeftOutFixture();
    try {
      const cg = await CodeGraph.open({ root: left });
      assert.deepEqual(notes(cg.dependentsOf('packages/core/src/price.ts', 'price')), [
        "Not indexed: a project whose dependencies are not installed may use this code (examples/shop); install a folder's dependencies to index it.",
      ]);
      assert.deepEqual(notes(cg.dependenciesOf('packages/core/src/price.ts', 'price')), []);
      assert.deepEqual((cg.dependentsOf('packages/core/src/generated/tax.ts', 'generatedTax') as GraphResult).notes?.length, 1);
    } finally {
      fs.rmSync(left, { recursive: true, force: true });
    }
  });
});
