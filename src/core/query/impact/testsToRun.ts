import { GraphEdge, GraphNode } from '../../graph/GraphTypes';
import { nodeId } from '../../indexer/file/declareFile';
import { Traversal } from '../traversal/traverse';
import { BuildFirst, TestRunner, TestToRun } from './ImpactSummary';
import { inFolder, testCommand } from './testCommand';
import { OutsideTest } from './testsOutsideGraph';
import { FoundRunner, RunnerMatch, TestRunners } from './testRunners';

/**
 * The test files among the walk's nodes, nearest first (each at its nearest node, with the path of
 * discovering edges back to a change), as the workspace's runners find them (`runners.classify`:
 * a helper or an entity a test imports is a dependent, not a test), and the runners that run them,
 * each with the command for its share. The walk for tests is not cut: a test 900 nodes away must
 * still run. `files` is every file of the workspace (a runner's total, and whole folders to run);
 * `outside` the tests no project indexes that import what the walk reached (testsOutsideGraph),
 * nearest first: each comes right after the node it imports. A runner the package's scripts run
 * under several configurations (`FoundRunner.also`) has a command per configuration, each for the
 * tests that configuration includes; and what turbo.json builds before its `test` task comes with
 * them (`buildFirst`). A test whose runner's configuration is among `configs` (a changed
 * `playwright.config.ts`, a `vitest.config.ts` importing what changed) is to run too, after the ones
 * code reaches: the change is to how it runs, and no edge leads from a test to its runner's config.
 */
export function testsToRun(
  t: Traversal,
  nodeOf: (id: string) => GraphNode | undefined,
  runners: TestRunners,
  files: readonly string[],
  outside: readonly OutsideTest[] = [],
  configs: ReadonlyMap<string, RunnerConfigChange> = new Map(),
): { tests: TestToRun[]; runners: TestRunner[]; buildFirst?: BuildFirst } {
  const place = new Map(t.order.map((id, i) => [id, i]));
  const tests = new Map<string, TestToRun & { match?: RunnerMatch; found?: number }>();
  const moduleOf = (file: string): GraphNode => nodeOf(nodeId(file, file, 'module')) ?? { id: nodeId(file, file, 'module'), name: file, kind: 'module', file, offset: 1, limit: 1 };
  /** `file` as a test to run, when a runner runs it, with the path from `i` back to a change (and `first` before it). */
  const add = (file: string, i: number, first?: OutsideTest) => {
    const kind = runners.classify(file);
    if (!kind) return;
    const { nodes, edges } = pathToChange(t, i, place, nodeOf);
    if (first) {
      nodes.unshift(first.node);
      edges.unshift(first.edge);
    }
    tests.set(file, { file, nodes, edges, ...(kind === 'usual' ? {} : { match: kind.match, found: kind.runner }) });
  };
  let next = 0; // the next test outside the graph, by the place of what it imports
  for (let i = 0; i < t.order.length; i++) {
    const node = nodeOf(t.order[i]);
    if (node && !node.external && !tests.has(node.file)) add(node.file, i);
    for (; next < outside.length && outside[next].anchor === i; next++) if (!tests.has(outside[next].file)) add(outside[next].file, i, outside[next]);
  }
  for (const { file, config, match, runner } of configuredTests(runners, files, configs)) {
    if (!tests.has(file)) tests.set(file, { file, nodes: [moduleOf(file)], edges: [], config, match, found: runner });
  }

  // The runners with tests to run, in the order their first test comes, each followed by its other configurations.
  const used: TestRunner[] = [];
  const usedAt = new Map<number, number>();
  const entry = (runner: FoundRunner, selected: RunnerMatch[], all: RunnerMatch[]): TestRunner => ({
    name: runner.name,
    dir: runner.dir,
    config: runner.config,
    testFiles: all.length,
    tests: selected.length,
    command: testCommand(runner, selected, all),
    suite: inFolder(runner.dir, runner.suiteCommand),
    ...(runner.projects !== undefined ? { projects: runner.projects } : {}),
    ...(runner.defaults ? { defaults: runner.defaults } : {}),
    ...(runner.note ? { note: runner.note } : {}),
  });
  for (const test of tests.values()) {
    if (test.found === undefined || usedAt.has(test.found)) continue;
    usedAt.set(test.found, used.length);
    const runner = runners.runners[test.found];
    const all = files.flatMap((f) => {
      const c = runners.classify(f);
      return c && c !== 'usual' && c.runner === test.found ? [c.match] : [];
    });
    const mine = [...tests.values()].filter((x) => x.found === test.found);
    used.push(entry(runner, mine.map((x) => x.match!), all));
    for (const other of runner.also ?? []) {
      const selected = mine.flatMap((x) => other.match(x.file) ?? []);
      if (selected.length > 0) used.push(entry(other, selected, files.flatMap((f) => other.match(f) ?? [])));
    }
  }
  const buildFirst = used.length > 0 ? runners.buildFirst(used.map((r) => r.dir)) : undefined;
  const out = [...tests.values()].map((x): TestToRun => {
    const test: TestToRun = { file: x.file, nodes: x.nodes, edges: x.edges, ...(x.config ? { config: x.config } : {}) };
    if (x.found !== undefined) test.runner = usedAt.get(x.found)!;
    return test;
  });
  return { tests: out, runners: used, ...(buildFirst ? { buildFirst } : {}) };
}

/**
 * The tests of each runner one of whose configuration files changed (those the file configures: a
 * vitest project's config, its project's tests), by file: a changed playwright.config.ts reaches no
 * test through code, yet every test of its runner runs differently.
 */
function configuredTests(runners: TestRunners, files: readonly string[], configs: ReadonlyMap<string, RunnerConfigChange>): Array<{ file: string; config: NonNullable<TestToRun['config']>; match: RunnerMatch; runner: number }> {
  if (configs.size === 0) return [];
  const touched = runners.runners.map((r) => r.configFiles.filter((c) => configs.has(c.file)));
  if (touched.every((t) => t.length === 0)) return [];
  const out: Array<{ file: string; config: NonNullable<TestToRun['config']>; match: RunnerMatch; runner: number }> = [];
  for (const file of [...files].sort()) {
    const kind = runners.classify(file);
    if (!kind || kind === 'usual') continue;
    // A changed file before one that only uses what changed: it says more.
    const mine = touched[kind.runner].filter((c) => !c.runs || c.runs(file));
    const by = mine.find((c) => configs.get(c.file) === 'changed') ?? mine[0];
    if (by) out.push({ file, config: { file: by.file, how: configs.get(by.file)! }, match: kind.match, runner: kind.runner });
  }
  return out;
}

/** How a file of a runner's configuration is touched by the change: changed itself, or using what changed. */
export type RunnerConfigChange = 'changed' | 'reaches';

/** The node at `i` back to a start along discovering edges: nodes[0] is it, edges in true direction. */
function pathToChange(t: Traversal, i: number, place: Map<string, number>, nodeOf: (id: string) => GraphNode | undefined): { nodes: GraphNode[]; edges: GraphEdge[] } {
  const nodes: GraphNode[] = [nodeOf(t.order[i])!];
  const edges: GraphEdge[] = [];
  for (let at = i; at >= t.starts; ) {
    const edge = t.via[at];
    if (!edge) break;
    const id = t.order[at];
    const next = place.get(edge.from === id ? edge.to : edge.from);
    const node = next === undefined ? undefined : nodeOf(t.order[next]);
    if (next === undefined || !node) break;
    edges.push(edge);
    nodes.push(node);
    at = next;
  }
  return { nodes, edges };
}
