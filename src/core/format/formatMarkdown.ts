import * as path from 'path';
import { isTestFile } from '../graph/testFiles';
import { ImpactSummary } from '../query/impact/ImpactSummary';
import { GraphResult, QueryResult } from '../query/QueryResult';
import { displayNames, labelledNodes } from './displayNames';
import { MAX_CHANGED_LISTED, changeText, changedName, runnerText, testPathText } from './formatImpact';
import { formatMermaid } from './formatMermaid';
import { changeKinds, dependentsByFolder, FolderCount, plural } from './impactCounts';
import { thousands } from './thousands';
import { discoveredCount, trimResult } from './trimResult';

/** GitHub refuses a comment longer than this (characters). */
export const GITHUB_COMMENT_LIMIT = 65_536;

/** What `impact --format markdown` stays within: the limit, less room for what a workflow wraps around it. */
export const MAX_COMMENT_CHARS = 60_000;

/** GitHub draws Mermaid up to 50,000 characters and 500 edges; a comment stays readable well below. */
export const MAX_MERMAID_CHARS = 20_000;
export const MAX_MERMAID_EDGES = 150;

/** Each part's most characters (then the part says how many it left out); all of them together stay within MAX_COMMENT_CHARS. */
const PART_CHARS = { changed: 12_000, command: 8_000, affected: 12_000, tests: 20_000 };

/** Tests listed with the path that links each to a change; the rest by name. */
const TESTS_WITH_PATHS = 15;

/** Folders in the "Dependents by folder" table, for code and for tests each. */
const TABLE_FOLDERS = 12;

/**
 * `impact --format markdown`: a pull-request comment, always within MAX_COMMENT_CHARS whatever the
 * change. In order, each part within what is left: the summary (changed symbols by kind,
 * dependents, tests), the `Incomplete:` notes, a table of the changed symbols, the tests to run
 * (per runner: how many of its suite, the command), the dependents by folder, then folded: the
 * affected code nearest first, the test files nearest first with the path that links each, and
 * the graph as a Mermaid picture small enough for GitHub to draw. A list cut short says how many
 * it left out and where the rest are (`--format json` has all of it). A message result (nothing
 * changed) is its message under the heading.
 *
 * `variant: 'editor'` (VS Code's "Impact of My Changes", read in the Markdown preview beside the
 * graph view): the same parts and limits, but in the order a reader in the editor wants them: the
 * changed symbols, the dependents (by folder, then the affected code, open), and the tests last (the
 * commands, then the files folded); no Mermaid picture (the graph view draws it). With `linkRoot`
 * (the answer's root as the preview resolves a link starting with `/`), each `file:line` links to
 * its place: `[`file:line`](/root/file#Lline)`.
 */
export function formatMarkdown(result: QueryResult, variant: 'comment' | 'editor' = 'comment', linkRoot?: string): string {
  const editor = variant === 'editor';
  const where = (file: string, line?: number): string => {
    const shown = code(line === undefined ? file : `${file}:${line}`);
    if (!editor || linkRoot === undefined) return shown;
    const target = `${linkRoot.replace(/\/+$/, '')}/${file}`.split('/').map(encodeURIComponent).join('/');
    return `[${shown}](${target}${line === undefined ? '' : `#L${line}`})`;
  };
  const heading = editor ? '### Impact of my changes' : '### TS Code Graph: impact of this change';
  if (result.kind === 'message') return `${heading}\n\n${[result.message, ...(result.warnings ?? []).map((w) => `> ${w}`)].join('\n\n')}\n`;
  const names = displayNames(labelledNodes(result));
  const label = (id: string) => names.get(id) ?? id;
  const out = new Comment(MAX_COMMENT_CHARS);
  out.add(heading);
  const impact = result.impact;
  if (impact) out.add(summaryText(result, impact));
  const warnings = result.warnings ?? [];
  for (const w of warnings.slice(0, 5)) out.add(`> ${w}`);
  if (warnings.length > 5) out.add(`> … and ${warnings.length - 5} more notes like these (\`--format json\` lists them).`);
  if (impact && editor) {
    out.add(changedTable(impact, label, out.room(PART_CHARS.changed), where));
    out.add(foldersTable(result));
    out.add(affectedCode(result, out.room(PART_CHARS.affected), where, true));
    out.add(testsSection(impact, out.room(PART_CHARS.command)));
    out.add(testList(impact, label, out.room(PART_CHARS.tests), where));
  } else if (impact) {
    out.add(changedTable(impact, label, out.room(PART_CHARS.changed), where));
    out.add(testsSection(impact, out.room(PART_CHARS.command)));
    out.add(foldersTable(result));
    out.add(affectedCode(result, out.room(PART_CHARS.affected), where));
    out.add(testList(impact, label, out.room(PART_CHARS.tests), where));
  }
  if (!editor) out.add(pictureSection(result, out.room(MAX_MERMAID_CHARS)));
  return out.text();
}

/** A list's header: folded under its summary in a comment, a bold line open in the editor. */
function listHead(summary: string, open: boolean): { head: string; tail: string } {
  return open ? { head: `**${summary}**\n`, tail: '' } : { head: `<details><summary>${summary}</summary>\n`, tail: '\n</details>' };
}

/**
 * `root` as the start of a link that the Markdown preview resolves from the folder `from` (a link
 * starting with `/`): `/`, `/../lib`, posix. None when no relative path leads there (another drive).
 */
export function markdownLinkRoot(from: string, root: string): string | undefined {
  const rel = path.relative(from, root);
  return path.isAbsolute(rel) ? undefined : `/${rel.split(path.sep).join('/')}`;
}

/** The comment's parts, each added only if it fits (an empty part adds nothing). */
class Comment {
  private readonly parts: string[] = [];
  private used = 0;
  constructor(private readonly max: number) {}

  add(part: string): void {
    if (!part || this.used + part.length + 2 > this.max) return;
    this.parts.push(part);
    this.used += part.length + 2;
  }

  /** What a part may take: `cap`, or less when less is left. */
  room(cap: number): number {
    return Math.max(0, Math.min(cap, this.max - this.used - 2));
  }

  text(): string {
    return `${this.parts.join('\n\n').trimEnd()}\n`;
  }
}

/** Lines under a header, at most `max`, as many as fit in `room`, with the line saying how many were left out. */
function fitLines(head: string, lines: readonly string[], room: number, leftOut: (n: number) => string, tail = '', max = Infinity): string {
  let used = head.length + tail.length + 1;
  let n = 0;
  for (; n < Math.min(lines.length, max); n++) {
    const reserve = n < lines.length - 1 ? leftOut(lines.length - n).length + 1 : 0;
    if (used + lines[n].length + 1 + reserve > room) break;
    used += lines[n].length + 1;
  }
  if (n === 0 && lines.length > 0 && head.length + leftOut(lines.length).length + tail.length + 2 > room) return '';
  const body = lines.slice(0, n);
  if (n < lines.length) body.push(leftOut(lines.length - n));
  return [head, ...body, ...(tail ? [tail] : [])].join('\n');
}

function summaryText(result: GraphResult, impact: ImpactSummary): string {
  const by = dependentsByFolder(result, 1);
  const tests = impact.tests.length;
  return (
    `**${plural(impact.changed.length, 'changed symbol')}** in ${plural(impact.files.length, 'file')} (${changeKinds(impact)}) · ` +
    `**${plural(impact.dependents, 'dependent')}**${impact.dependents > 0 ? ` (${thousands(by.codeNodes)} in code, ${thousands(by.testNodes)} in tests)` : ''} · ` +
    `${tests === 0 ? 'no test file reaches them' : `**${plural(tests, 'test file')} to run**`} · ${impact.base}`
  );
}

/** A file (at a line) as the Markdown shows it: in code, linked in the editor. */
type Where = (file: string, line?: number) => string;

function changedTable(impact: ImpactSummary, label: (id: string) => string, room: number, where: Where): string {
  const rows = impact.changed.map((c) => `| ${code(changedName(c, label))} | ${cell(changeText(c))} | ${where(c.node.file, c.node.offset)} |`);
  return fitLines('| Symbol | Change | Where |\n| --- | --- | --- |', rows, room, (n) => `| … and ${thousands(n)} more (\`--format json\` lists them all) | | |`, '', MAX_CHANGED_LISTED);
}

function testsSection(impact: ImpactSummary, room: number): string {
  if (impact.tests.length === 0) return '';
  const parts = ['**Tests to run**'];
  if (impact.buildFirst) {
    const fits = impact.buildFirst.command.length + 200 < room;
    parts.push(`Build first (${impact.buildFirst.why})${fits ? ':' : `: \`ts-code-graph impact … --format tests\` prints the command (${thousands(impact.buildFirst.command.length)} characters).`}`);
    if (fits) parts.push(`\`\`\`sh\n${impact.buildFirst.command}\n\`\`\``);
  }
  for (const r of impact.runners) {
    const whole = r.command !== r.suite && r.tests >= r.testFiles / 2;
    const shown = whole ? r.suite : r.command;
    const fits = shown.length + 200 < room;
    parts.push(`${runnerText(r)}: ${thousands(r.tests)} of its ${plural(r.testFiles, 'test file')}${whole ? ', most of its suite: run it whole' : ''}${r.note ? ` (${r.note})` : ''}`);
    if (fits) parts.push(`\`\`\`sh\n${shown}\n\`\`\``);
    if (whole || !fits) parts.push(`The exact command${whole ? '' : ` (${thousands(r.command.length)} characters)`}: \`ts-code-graph impact … --format tests\` prints it.`);
  }
  const unrun = impact.tests.filter((t) => t.runner === undefined).length;
  if (unrun > 0) parts.push(`${plural(unrun, 'test file')} with no runner found (by their names): listed below.`);
  const text = parts.join('\n\n');
  return text.length <= room ? text : `**Tests to run**: ${plural(impact.tests.length, 'file')}; \`ts-code-graph impact … --format tests\` prints the commands.`;
}

function foldersTable(result: GraphResult): string {
  const by = dependentsByFolder(result, TABLE_FOLDERS);
  if (by.codeNodes + by.testNodes === 0) return '';
  const row = (f: FolderCount, kind: string) => `| ${code(f.folder === '.' ? './' : `${f.folder}/`)}${f.rest ? ' (rest)' : ''} | ${kind} | ${thousands(f.nodes)} | ${thousands(f.files)} |`;
  return [
    '**Dependents by folder**',
    '',
    '| Folder | | Dependents | Files |',
    '| --- | --- | ---: | ---: |',
    ...by.code.map((f) => row(f, 'code')),
    ...by.tests.map((f) => row(f, 'tests')),
  ].join('\n');
}

/** The dependents in code (not tests), nearest first: the detailed ones, then the rest the cut listed. */
function affectedCode(result: GraphResult, room: number, where: Where, open = false): string {
  const inputs = new Set(result.inputs);
  const entries = [
    ...result.nodes.filter((n) => !inputs.has(n.id) && !isTestFile(n.file)).map((n) => ({ name: n.kind === 'module' ? '<module>' : n.name, file: n.file, line: n.offset })),
    ...(result.truncation?.more ?? []).filter((m) => !isTestFile(m.file)),
  ];
  if (entries.length === 0) return '';
  const lines = entries.map((e) => `- ${code(e.name)} ${where(e.file, e.line)}`);
  const { head, tail } = listHead(`Affected code, nearest first (${thousands(entries.length)})`, open);
  return fitLines(
    head,
    lines,
    room,
    (n) => `- … and ${thousands(n)} more in ${folderList(entries.slice(entries.length - n).map((e) => e.file))} (\`--format json\` lists them all)`,
    tail,
  );
}

/** Every test file to run, folded (the commands above run them): nearest first, the first with the path that links each to a change. */
function testList(impact: ImpactSummary, label: (id: string) => string, room: number, where: Where): string {
  if (impact.tests.length === 0) return '';
  const lines = impact.tests.slice(0, TESTS_WITH_PATHS).map((t) => `- ${where(t.file)}: ${code(testPathText(t, label))}`);
  // The rest by name, still nearest first, as many as fit.
  for (const t of impact.tests.slice(TESTS_WITH_PATHS)) lines.push(`- ${where(t.file)}`);
  const { head, tail } = listHead(`${plural(impact.tests.length, 'test file')}, nearest first, with what links each to a change`, false);
  return fitLines(head, lines, room, (n) => `- … and ${thousands(n)} more (\`--format json\` lists each with its path)`, tail);
}

/** `src/a (3), test/b (2)`: where some files are, most first, five folders named. */
function folderList(files: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const f of files) {
    const folder = f.includes('/') ? f.slice(0, f.lastIndexOf('/')) : '.';
    counts.set(folder, (counts.get(folder) ?? 0) + 1);
  }
  const sorted = [...counts].sort((a, b) => b[1] - a[1]);
  const named = sorted.slice(0, 5).map(([f, n]) => `${f} (${thousands(n)})`);
  const rest = sorted.length - 5;
  return rest > 0 ? `${named.join(', ')} and ${plural(rest, 'other folder')}` : named.join(', ');
}

function pictureSection(result: GraphResult, room: number): string {
  const picture = fittingPicture(result, Math.max(0, room - 200));
  if (picture) return [`<details><summary>Graph: ${picture.note}</summary>`, '', '```mermaid', picture.mermaid.trimEnd(), '```', '', '</details>'].join('\n');
  return result.edges.length > 0 ? '_The graph is too large to draw here; `ts-code-graph impact --format html` draws it._' : '';
}

function fittingPicture(result: GraphResult, maxChars: number): { mermaid: string; note: string } | undefined {
  if (result.edges.length === 0) return undefined;
  const fits = (r: GraphResult) => r.edges.length <= MAX_MERMAID_EDGES && formatMermaid(r).length <= maxChars;
  const total = discoveredCount(result);
  let keep = total;
  let shown = result;
  while (!fits(shown)) {
    if (keep === 0) return undefined;
    keep = Math.floor(keep / 2);
    shown = trimResult(result, keep);
    if (shown.edges.length === 0) return undefined;
  }
  const all = result.truncation?.totalNodes ?? total;
  const drawn = discoveredCount(shown);
  return { mermaid: formatMermaid(shown), note: drawn < all ? `the first ${drawn} of ${thousands(all)} dependents (code first, nearest first)` : `${plural(drawn, 'dependent')}` };
}

function code(text: string): string {
  return `\`${text.replace(/`/g, "'").replace(/\|/g, '\\|')}\``;
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

