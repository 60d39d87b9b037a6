import * as fs from 'fs';
import * as path from 'path';
import type * as TS from 'typescript';
import { GraphEdge, GraphNode } from '../../graph/GraphTypes';
import { SymbolGraph } from '../../graph/SymbolGraph';
import { fileTier } from '../../graph/testFiles';
import { PreorderWalk } from '../../indexer/file/PreorderWalk';
import { reachable } from '../../indexer/incremental/reachable';
import { GraphResult, QueryResult, messageResult } from '../QueryResult';
import { backwardSteps, Step, StepFunction } from '../traversal/stepPolicy';
import { toGraphResult } from '../traversal/toGraphResult';
import { Traversal, traverse } from '../traversal/traverse';
import { ChangedSymbol, FileChange, compareChanges } from './changedSymbols';
import { ImpactSummary } from './ImpactSummary';
import { gitSourceFiles } from './gitChanges';
import { findTestRunners, TestRunners, WorkspaceFiles } from './testRunners';
import { testsOutsideGraph } from './testsOutsideGraph';
import { RunnerConfigChange, testsToRun } from './testsToRun';
import { readTextFile } from '../../readTextFile';

export interface ImpactContext {
  graph: SymbolGraph;
  /** Absolute workspace root. */
  root: string;
  ts: typeof TS;
  /** A workspace file's text now (root-relative); undefined when unreadable. Default: read from disk. */
  readText?(rel: string): string | undefined;
  /** Where test runner configurations are read from (package.json, .mocharc.*, jest.config.*…). Default: the disk under `root`. */
  workspaceFiles?: WorkspaceFiles;
  /**
   * The workspace's source files, root-relative, indexed or not: tests no project includes are
   * found among them (`testsOutsideGraph`). Default: the ones git knows (tracked, or new and not ignored).
   */
  sourceFiles?(): readonly string[] | undefined;
}

/**
 * What the changes affect: the changed symbols (changedSymbols), their transitive dependents in
 * the current graph (dependentsOf's walk, from all of them at once: nearest first, the usual cut),
 * and the test files among those dependents with the path that links each to a change. The walk
 * for tests is not cut: a test file 900 nodes away must still run.
 *
 * A removed symbol is not in the current graph, and no edge leads to it any more. Its dependents
 * are the nodes that still name it in the files that depended on its file (transitively, so a
 * re-exporting barrel's users count) or, for a deleted or renamed file, in the files with an import
 * that no longer resolves: they no longer compile. Syntax only: a same-named local there counts too.
 * Everything that depended on it and was changed not to is a changed symbol itself.
 */
export function impactOf(ctx: ImpactContext, changes: readonly FileChange[], base: string): QueryResult {
  const changedFiles = changes.map(({ file, status, oldFile }) => (oldFile ? { file, status, oldFile } : { file, status }));
  if (changes.length === 0) return messageResult('impact', `No TypeScript or JavaScript file changed (${base}).`, false);
  const compared = compareChanges(ctx.ts, ctx.root, changes);
  const changed = compared.changed.map((c) => (c.change === 'removed' ? c : { ...c, node: ctx.graph.getNode(c.node.id) ?? c.node }));
  if (changed.length === 0) {
    const n = changes.length;
    return messageResult('impact', `${n} changed file${n === 1 ? '' : 's'} (${base}), but no symbol changed: only comments or layout.`, false);
  }
  // Code before examples and tests, each what breaks others first (an export removed or its signature
  // changed), then by place: vercel/ai's list opened with 60 example files added and hid a removed
  // export under "… and 38 more".
  changed.sort((a, b) => fileTier(a.node.file) - fileTier(b.node.file) || severity(a) - severity(b) || compareText(a.node.file, b.node.file) || a.node.offset - b.node.offset || compareText(a.node.id, b.node.id));

  const removed = changed.filter((c) => c.change === 'removed');
  const synthetic = stillNamedBy(ctx, removed, changes);
  const step: StepFunction = (graph, state) => synthetic.get(state.id) ?? backwardSteps(graph, state);
  const starts = changed.map((c) => c.node.id);
  const traversal = traverse(ctx.graph, starts, step, Number.POSITIVE_INFINITY);
  // A removed symbol, or one of a file no project indexes (an added test a tsconfig excludes), is only here.
  const changedNodes = new Map(changed.map((c) => [c.node.id, c.node]));
  const nodeOf = (id: string) => ctx.graph.getNode(id) ?? changedNodes.get(id);
  const result = betweenChanges(toGraphResult('impact', ctx.graph, traversal, nodeOf));

  const indexed = ctx.graph.files();
  const inGraph = new Set(indexed);
  const unindexed = ((ctx.sourceFiles ? ctx.sourceFiles() : gitSourceFiles(ctx.root)) ?? []).filter((f) => !inGraph.has(f) && !/\.d\.[cm]?ts$/.test(f));
  const files = unindexed.length > 0 ? [...indexed, ...unindexed] : indexed;
  const runners = findTestRunners(ctx.ts, files, ctx.workspaceFiles ?? diskFiles(ctx.root));
  const outsideFiles = (tests: readonly string[]) => ({
    tests,
    known: new Set(files),
    read: ctx.readText ?? ((rel: string) => readTextFile(path.join(ctx.root, rel))),
    reExports: (file: string) => (inGraph.has(file) ? (ctx.graph.getContribution(file)?.reExports ?? []) : undefined),
  });
  const outside = testsOutsideGraph(ctx.ts, ctx.root, traversal, nodeOf, outsideFiles(unindexed.filter((f) => runners.classify(f) !== undefined)));
  const configs = touchedConfigs(ctx, runners, changes, traversal, nodeOf, (unread) => testsOutsideGraph(ctx.ts, ctx.root, traversal, nodeOf, outsideFiles(unread)).map((o) => o.file));
  const summary: ImpactSummary = {
    base,
    files: changedFiles,
    changed,
    // Library declarations are passed through (an implemented interface's member), not dependents.
    dependents: traversal.order.slice(traversal.starts).filter((id) => !nodeOf(id)?.external).length,
    ...testsToRun(traversal, nodeOf, runners, files, outside, configs),
  };
  if (compared.unparsed.length > 0) summary.unparsed = compared.unparsed;
  const warnings = compared.unparsed.map((u) => `Incomplete: ${u.file} does not parse (line ${u.line}: ${u.message}): its declarations are compared up to there, and none is reported removed. Fix the syntax and run impact again.`);
  return { ...result, impact: summary, ...(warnings.length > 0 ? { warnings: [...(result.warnings ?? []), ...warnings] } : {}) };
}

/** Edges between two changed symbols drawn at most; the changed symbols are listed above the graph anyway. */
const MAX_EDGES_BETWEEN_CHANGES = 50;

/**
 * The result with at most MAX_EDGES_BETWEEN_CHANGES edges between two changed symbols (the first,
 * in walk order), and a note when there were more: a change of hundreds of symbols that call each
 * other (a new module, a release) drew thousands of them, and they buried its dependents.
 */
function betweenChanges(result: GraphResult): GraphResult {
  const inputs = new Set(result.inputs);
  // A changed symbol's self-loop (recursion) links no two changes, and no answer draws it.
  const between = result.edges.filter((e) => e.from !== e.to && inputs.has(e.from) && inputs.has(e.to));
  if (between.length <= MAX_EDGES_BETWEEN_CHANGES) return result;
  const dropped = new Set(between.slice(MAX_EDGES_BETWEEN_CHANGES));
  const edges = result.edges.filter((e) => !dropped.has(e));
  const linked = new Set(edges.flatMap((e) => [e.from, e.to]));
  const note = `${MAX_EDGES_BETWEEN_CHANGES} of the ${between.length.toLocaleString('en-US')} edges between changed symbols are drawn; the others link changed symbols to each other only (ask dependentsOf on one for its own).`;
  return { ...result, edges, nodes: result.nodes.filter((n) => !inputs.has(n.id) || linked.has(n.id)), notes: [...(result.notes ?? []), note] };
}

/**
 * The files of the runners' configurations the change touches: changed themselves (tRPC: seven
 * examples' playwright.config.ts), or using what changed: the walk reached it (a config a
 * tsconfig includes), or its imports lead to what the walk reached (`importers`, read as tests
 * outside the graph are: a config importing shared settings no tsconfig includes). A runner's tests run differently then, though no code links them to the change.
 */
function touchedConfigs(
  ctx: ImpactContext,
  runners: TestRunners,
  changes: readonly FileChange[],
  traversal: Traversal,
  nodeOf: (id: string) => GraphNode | undefined,
  importers: (files: readonly string[]) => string[],
): Map<string, RunnerConfigChange> {
  const out = new Map<string, RunnerConfigChange>();
  const configFiles = new Set(runners.runners.flatMap((r) => r.configFiles.map((c) => c.file)));
  if (configFiles.size === 0) return out;
  for (const c of changes) if (c.status !== 'deleted' && configFiles.has(c.file)) out.set(c.file, 'changed');
  for (const id of traversal.order) {
    const file = nodeOf(id)?.file;
    if (file !== undefined && configFiles.has(file) && !out.has(file)) out.set(file, 'reaches');
  }
  // By syntax too where the graph holds no edge: a config importing a file no tsconfig includes.
  for (const file of importers([...configFiles].filter((f) => !out.has(f)))) out.set(file, 'reaches');
  return out;
}

/** The workspace's files on disk, for runner discovery. */
function diskFiles(root: string): WorkspaceFiles {
  return {
    read: (rel) => readTextFile(path.join(root, rel)),
    list: (rel) => {
      try {
        return fs.readdirSync(path.join(root, rel));
      } catch {
        return [];
      }
    },
  };
}

/**
 * Removed symbol id → a step to each node that still names it (a REFERENCES edge carrying the lines),
 * so the walk goes on from those nodes as from any dependent.
 */
function stillNamedBy(ctx: ImpactContext, removed: readonly ChangedSymbol[], changes: readonly FileChange[]): Map<string, Step[]> {
  const out = new Map<string, Step[]>();
  if (removed.length === 0) return out;
  const read = ctx.readText ?? ((rel: string) => readTextFile(path.join(ctx.root, rel)));
  const gone = new Set(changes.filter((c) => c.status === 'deleted' || c.status === 'renamed').map((c) => c.oldFile ?? c.file));
  let unresolved: string[] | undefined;
  const parsed = new Map<string, TS.SourceFile | undefined>();

  for (const { node } of removed) {
    const inGoneFile = gone.has(node.file);
    // A name the file still declares (another kind, or moved into a class) is that declaration's now.
    const name = node.kind === 'module' ? undefined : node.name.slice(node.name.lastIndexOf('.') + 1);
    if (!inGoneFile && ctx.graph.nodesInFile(node.file).some((n) => n.name === node.name)) continue;
    if (name === undefined && !inGoneFile) continue;
    const candidates = reachable([node.file], (f) => ctx.graph.filesDependingOn(f));
    if (inGoneFile) {
      unresolved ??= ctx.graph.files().filter((f) => ctx.graph.getContribution(f)?.hasUnresolvedImports);
      for (const f of unresolved) candidates.add(f);
    }
    const steps: Step[] = [];
    for (const file of [...candidates].sort(compareText)) {
      if (!ctx.graph.hasFile(file)) continue;
      const text = read(file);
      if (text === undefined || (name !== undefined && !text.includes(name))) continue;
      if (!parsed.has(file)) parsed.set(file, ctx.ts.createSourceFile(file, text, ctx.ts.ScriptTarget.Latest, false));
      const sf = parsed.get(file)!;
      const lines = name !== undefined ? linesNaming(ctx.ts, sf, name) : linesImporting(ctx.ts, sf, file, node.file);
      for (const [id, at] of enclosingNodes(ctx.graph.nodesInFile(file), lines)) {
        if (id === node.id) continue;
        steps.push({ edge: { from: id, to: node.id, type: 'REFERENCES', lines: at }, to: id, mode: 'plain' });
      }
    }
    if (steps.length > 0) out.set(node.id, steps);
  }
  return out;
}

/** 1-based lines where `name` appears as an identifier. */
function linesNaming(ts: typeof TS, sf: TS.SourceFile, name: string): number[] {
  const lines = new Set<number>();
  const walk = new PreorderWalk<undefined>(ts);
  walk.node(sf, undefined);
  walk.run((node) => {
    if (ts.isIdentifier(node) && node.text === name) lines.add(sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1);
    walk.children(node, undefined);
  });
  return [...lines].sort((a, b) => a - b);
}

/** 1-based lines of relative module specifiers (import, export, require, import()) that lead to `target` (root-relative). */
function linesImporting(ts: typeof TS, sf: TS.SourceFile, file: string, target: string): number[] {
  const stem = (p: string) => p.replace(/\.(d\.)?[cm]?[jt]sx?$/, '');
  const want = stem(target);
  const lines = new Set<number>();
  const walk = new PreorderWalk<undefined>(ts);
  walk.node(sf, undefined);
  walk.run((node) => {
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && node.text.startsWith('.')) {
      const resolved = stem(path.posix.join(path.posix.dirname(file), node.text));
      if (resolved === want || `${resolved}/index` === want) lines.add(sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1);
    }
    walk.children(node, undefined);
  });
  return [...lines].sort((a, b) => a - b);
}

/** Each line's innermost node (the module node holds every line), grouped: node id → its lines. */
function enclosingNodes(nodes: readonly GraphNode[], lines: readonly number[]): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const line of lines) {
    let best: GraphNode | undefined;
    for (const n of nodes) {
      if (line < n.offset || line >= n.offset + n.limit) continue;
      if (!best || n.limit < best.limit || (n.limit === best.limit && n.offset > best.offset)) best = n;
    }
    if (!best) continue;
    const list = out.get(best.id);
    if (list) list.push(line);
    else out.set(best.id, [line]);
  }
  return out;
}

/** Code-unit order: the same on every machine, unlike localeCompare. */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** How much a change can break the code using it: removed or re-signed exports first, additions last. */
function severity(c: ChangedSymbol): number {
  const rank = { removed: 0, signature: 1, 'body-type-inferred': 2, moved: 3, body: 4, added: 5 }[c.change];
  return c.exported ? rank : rank + 0.5;
}
