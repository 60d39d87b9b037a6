import { GraphEdge, GraphNode } from '../graph/GraphTypes';
import { BuildFirst, ChangedSymbol, ImpactSummary, TestRunner, TestToRun } from '../query/impact/ImpactSummary';
import { GraphResult } from '../query/QueryResult';
import { changeKinds, dependentsByFolder, folderText, plural } from './impactCounts';
import { thousands } from './thousands';

/** Changed symbols listed one per line in the text, within MAX_CHANGED_CHARS; past that they are counted (JSON lists them all). */
export const MAX_CHANGED_LISTED = 100;
const MAX_CHANGED_CHARS = 6_000;

/** Tests listed with their path in the text (nearest first); the rest are counted. */
const MAX_TESTS_LISTED = 10;

/** Folders named in the text's "Dependents by folder" line, for code and for tests each. */
const MAX_FOLDERS = 8;

/** A runner's command printed in the text or a comment up to this length; a longer one is named (`--format tests` prints it). */
export const MAX_COMMAND_CHARS = 2_000;

/** From this share of a runner's tests on (three quarters: at half, TanStack/query's 9 of 17 read as "the whole suite"), its whole suite is what to run. */
const MOST_OF_THE_SUITE = 0.75;

/**
 * The lines `impact` puts above `## Graph` (formatText's preface), terse for a model, and bounded
 * whatever the change (the tools' token budget is the whole answer's):
 *
 * ```
 * Impact (working tree vs HEAD): 2 changed files, 3 changed symbols (2 body changed, 1 signature changed), 5 dependents, 1 test file to run.
 * Changed:
 *   formatDate: body changed (src/utils.ts:15)
 *   Shape.area: signature changed, exported (src/shapes.ts:3)
 * Dependents by folder: src/api 3, src/orders 1; tests: test 1
 * Tests to run with mocha (.mocharc.json): 1 of its 4 test files: npx mocha test/utils.test.ts
 *   test/utils.test.ts: utils.test.ts --CALLS--> handle --CALLS--> formatDate
 * ```
 */
export function impactPreface(result: GraphResult, summary: ImpactSummary, label: (id: string) => string): string {
  const lines = [summaryLine(summary), 'Changed:'];
  let chars = 0;
  let listed = 0;
  for (const c of summary.changed.slice(0, MAX_CHANGED_LISTED)) {
    const line = `  ${changedName(c, label)}: ${changeText(c)} (${c.node.file}:${c.node.offset})`;
    if (chars + line.length > MAX_CHANGED_CHARS) break;
    chars += line.length + 1;
    lines.push(line);
    listed++;
  }
  const more = summary.changed.length - listed;
  if (more > 0) lines.push(`  … and ${thousands(more)} more (--format json lists them all)`);
  if (summary.dependents > 0) lines.push(foldersLine(result));
  lines.push(...testsLines(summary, label));
  return lines.join('\n');
}

/** `Impact (…): 2 changed files, 3 changed symbols (…), 5 dependents, 1 test file to run.` */
export function summaryLine(summary: ImpactSummary): string {
  const tests = summary.tests.length;
  return (
    `Impact (${summary.base}): ${plural(summary.files.length, 'changed file')}, ${plural(summary.changed.length, 'changed symbol')} (${changeKinds(summary)}), ` +
    `${plural(summary.dependents, 'dependent')}, ${tests === 0 ? 'no test file reaches them' : `${plural(tests, 'test file')} to run`}.`
  );
}

/** `Dependents by folder: src/a 12 (3 files), …; tests: test/functional 1,200 (700 files), …` */
function foldersLine(result: GraphResult): string {
  const by = dependentsByFolder(result, MAX_FOLDERS);
  const list = (folders: typeof by.code) => folders.map((f) => folderText(f)).join(', ');
  const parts: string[] = [];
  if (by.codeNodes > 0) parts.push(list(by.code));
  if (by.testNodes > 0) parts.push(`in tests: ${list(by.tests)}`);
  return `Dependents by folder: ${parts.join('; ')}`;
}

/**
 * Per runner, how many of its tests to run and the command; then the nearest tests with the path
 * that links each to a change, the rest counted.
 */
function testsLines(summary: ImpactSummary, label: (id: string) => string): string[] {
  if (summary.tests.length === 0) return [];
  const lines: string[] = [];
  if (summary.buildFirst) lines.push(buildFirstText(summary.buildFirst));
  for (const r of summary.runners) {
    lines.push(`Tests to run with ${runnerText(r)}: ${runCommandText(r)}`);
    if (r.note) lines.push(`  (${r.note})`);
  }
  const unrun = summary.tests.filter((t) => t.runner === undefined).length;
  if (unrun > 0) lines.push(`Tests to run with no runner found (by their names): ${plural(unrun, 'file')}.`);
  lines.push('Nearest tests:');
  for (const t of summary.tests.slice(0, MAX_TESTS_LISTED)) lines.push(`  ${t.file}: ${testPathText(t, label)}`);
  const more = summary.tests.length - MAX_TESTS_LISTED;
  if (more > 0) lines.push(`  … and ${thousands(more)} more (--format json lists each with its path; --format tests prints the commands)`);
  return lines;
}

/** `Build first (turbo.json: test depends on ^build, build): pnpm exec turbo run build --filter=…`; a command too long to print: where to get it. */
export function buildFirstText(b: BuildFirst): string {
  const command = b.command.length <= MAX_COMMAND_CHARS ? b.command : `the command is ${thousands(b.command.length)} characters: --format tests prints it`;
  return `Build first (${b.why}): ${command}`;
}

/**
 * `mocha (.mocharc.json, in packages/app)`, `vitest (vitest.config.ts, 8 projects)`; one pair of
 * parentheses whatever it says: `vitest (vitest.config.ts, in packages/x; its defaults, as vitest.config.ts is built at run time)`.
 */
export function runnerText(r: TestRunner): string {
  const parts = [r.config];
  if (r.projects !== undefined) parts.push(plural(r.projects, 'project'));
  if (r.dir) parts.push(`in ${r.dir}`);
  return `${r.name} (${parts.join(', ')}${r.defaults ? `; its defaults, as ${r.defaults}` : ''})`;
}

/**
 * `12 of its 941 test files: npx mocha …`; most of its suite: `the suite (907 of its 941 test files): npx mocha`;
 * a command too long to print: counted, with where to get it.
 */
export function runCommandText(r: TestRunner): string {
  const share = `${thousands(r.tests)} of its ${plural(r.testFiles, 'test file')}`;
  if (r.tests >= r.testFiles * MOST_OF_THE_SUITE && r.command !== r.suite) {
    return `the whole suite (${share}): ${r.suite}${r.command.length <= MAX_COMMAND_CHARS ? `; exactly: ${r.command}` : ' (--format tests prints the exact command)'}`;
  }
  if (r.command.length <= MAX_COMMAND_CHARS) return `${share}: ${r.command}`;
  return `${share} (the command is ${thousands(r.command.length)} characters: --format tests prints it)`;
}

/**
 * `impact --format tests`: one runnable command per runner for exactly the tests to run, each
 * after a comment line saying whose and how many (a shell script: `sh` runs it as it is).
 */
export function formatTestCommands(summary: ImpactSummary | undefined, message?: string): string {
  if (!summary) return `# ${message ?? 'No test file reaches the changes.'}\n`;
  const lines = [`# Impact (${summary.base}): ${plural(summary.tests.length, 'test file')} to run.`];
  if (summary.buildFirst) lines.push(`# Build first (${summary.buildFirst.why})`, summary.buildFirst.command);
  for (const r of summary.runners) {
    lines.push(`# ${runnerText(r)}: ${thousands(r.tests)} of its ${plural(r.testFiles, 'test file')}${r.note ? `; ${r.note}` : ''}`, r.command);
  }
  const unrun = summary.tests.filter((t) => t.runner === undefined);
  if (unrun.length > 0) lines.push(`# No runner found for ${plural(unrun.length, 'test file')} (by their names): ${unrun.map((t) => t.file).join(' ')}`);
  return `${lines.join('\n')}\n`;
}

/** `body changed`, `signature changed, exported`, `removed, exported`, `moved from src/a.ts`… */
export function changeText(c: ChangedSymbol): string {
  const what = c.node.kind === 'module' && c.change === 'body' ? 'top-level code changed' : CHANGE_WORDS[c.change];
  const parts = [c.change === 'moved' ? `${what} ${c.movedFrom}` : what];
  if (c.movedFrom && c.change !== 'moved') parts.push(`moved from ${c.movedFrom}`);
  if (c.exported) parts.push('exported');
  return parts.join(', ');
}

const CHANGE_WORDS: Record<ChangedSymbol['change'], string> = {
  added: 'added',
  removed: 'removed',
  body: 'body changed',
  'body-type-inferred': 'body changed (its type is inferred from it: may change)',
  signature: 'signature changed',
  moved: 'moved from',
};

/**
 * `a --CALLS--> b <--IMPLEMENTS-- c`: each edge in its true direction; `changed` for a test's own
 * change; the changed configuration of its runner for a test no code links to a change. The test file's top-level code is `<module>` (its file is named beside the path).
 */
export function testPathText(test: TestToRun, label: (id: string) => string): string {
  const named = (id: string) => (id === test.nodes[0].id && test.nodes[0].kind === 'module' ? '<module>' : label(id));
  if (test.config) return `its runner's configuration ${test.config.how === 'changed' ? 'changed' : 'uses what changed'} (${test.config.file})`;
  if (test.edges.length === 0) return `${named(test.nodes[0].id)} (changed)`;
  return pathText(test.nodes, test.edges, named);
}

/** A changed symbol as the lists name it beside its file: a module (top-level code) as `<module>`. */
export function changedName(c: ChangedSymbol, label: (id: string) => string): string {
  return c.node.kind === 'module' ? '<module>' : label(c.node.id);
}

function pathText(nodes: readonly GraphNode[], edges: readonly GraphEdge[], label: (id: string) => string): string {
  let text = label(nodes[0].id);
  edges.forEach((e, i) => {
    text += e.from === nodes[i].id ? ` --${e.type}--> ` : ` <--${e.type}-- `;
    text += label(nodes[i + 1].id);
  });
  return text;
}
