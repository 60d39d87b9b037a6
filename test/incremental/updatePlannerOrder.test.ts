import * as assert from 'node:assert/strict';
import { UpdateContext, UpdatePlanner, updateState } from '../../src/core/indexer/incremental/UpdatePlanner';
import { neverCancelled } from '../../src/core/Logger';

/**
 * Once an update reaches a large share of the workspace it takes every transitive dependent (the
 * whole closure). Those files come in the order the dependency walk found them, many projects mixed;
 * extracted in that order, a workspace over its memory budget built its programs again and again
 * (payload: an export renamed in a hub, 3,969 files, 12 minutes, the native compiler at 13 GB, as
 * every program built meanwhile kept a snapshot for the shapes no longer compared). A narrow test of
 * the planner with a stand-in context: the order of extraction, and the release of the old programs.
 */
describe('update planner: the whole closure, project by project', () => {
  it('re-extracts the closure grouped by project and says once that no shape is compared any more', async () => {
    // 300 files in 10 projects; the changed hub `p0/hub.ts` is imported by every file of the odd
    // projects (half the workspace: the whole closure at once), and each file of an even project
    // imports one file of each odd project, so the walk meets them interleaved.
    const files: string[] = ['p0/hub.ts'];
    for (let p = 1; p <= 10; p++) for (let f = 0; f < 30; f++) files.push(`p${p}/f${f}.ts`);
    const dependents = new Map<string, string[]>(files.map((f) => [f, []]));
    const odd = files.filter((f) => /^p(1|3|5|7|9)\//.test(f));
    const even = files.filter((f) => /^p(2|4|6|8|10)\//.test(f));
    dependents.set('p0/hub.ts', odd);
    odd.forEach((f, i) => dependents.set(f, [even[i % even.length], even[(i * 7 + 3) % even.length]]));
    const project = (rel: string) => Number(/^p(\d+)\//.exec(rel)![1]);
    const extracted: string[] = [];
    let shapesDone = 0;
    const ctx: UpdateContext = {
      root: '/ws',
      graph: { filesDependingOn: (rel: string) => dependents.get(rel) ?? [], nodesInFile: () => [] } as unknown as UpdateContext['graph'],
      log: { info() {}, warn() {}, error() {} },
      shapes: {
        forget() {},
        changeOf: () => undefined,
      } as unknown as UpdateContext['shapes'],
      ownedCount: () => files.length,
      owns: () => true,
      extractFile: (abs) => void extracted.push(abs.slice('/ws/'.length)),
      programBefore: () => undefined,
      withTransitiveDependents: (seeds) => {
        const out = new Set(seeds);
        for (const f of out) for (const d of dependents.get(f) ?? []) out.add(d);
        return out;
      },
      projectOrder: project,
      shapesDone: () => void shapesDone++,
    };
    const state = updateState(['p0/hub.ts'], 'p0/hub.ts');
    await new UpdatePlanner(ctx, state).run(neverCancelled);
    assert.equal(shapesDone, 1, 'the old programs are let go once, when the whole closure is taken');
    assert.deepEqual([...extracted].sort(), [...files].sort(), 'every file re-extracted once');
    // After the hub and its direct dependents started the walk, each project's files come together.
    const switches = extracted.slice(1).filter((f, i) => project(f) !== project(extracted[i]));
    const projectsAfterClosure = new Set(extracted.slice(2).map(project)).size;
    assert.ok(switches.length <= projectsAfterClosure + 1, `the extraction went from one project to another ${switches.length} times: ${extracted.map(project).join(' ')}`);
  });
});
