import { ListedNode } from '../query/QueryResult';

/**
 * The tools' token budget: a text answer (`formatText`) stays within it, at the default estimate
 * of 4 characters a token, by naming fewer nodes under `## More` (the rest are counted by folder).
 * MCP clients warn above 10,000 tokens a tool result (Claude Code) and cut at 25,000; an answer
 * that fits also leaves room for the agent's own work. A host with a budget of its own
 * (`fitToBudget`) fits the text into the smaller of the two.
 */
export const ANSWER_TOKEN_BUDGET = 10_000;
export const ANSWER_CHARS = ANSWER_TOKEN_BUDGET * 4;

/** The heading of the section that names the nodes left out of the detail. */
export const MORE_HEADING = '## More';

/** The line under the heading: how to read the entries. */
export const MORE_INTRO = 'Not shown in detail, code before tests, nearest first; by folder and file, each `name:line` (`name:line,line` for several of one name; ask about one as the symbol `name:line` with its file):';

/**
 * The `## More` section: `entries` (a prefix of `truncation.more`, in its order) grouped by folder,
 * then by file, each group where its first entry falls, so the nearest come first:
 *
 * ```
 * ## More
 *
 * Not shown in detail, code before tests, nearest first; by folder and file, each `name:line` (…):
 * src/commands/
 *   MigrationRunCommand.ts: MigrationRunCommand.handler:42, MigrationRunCommand.run:88
 * test/functional/deferrable/deferrable.test.ts: <module>:30
 * ```
 *
 * A folder holding one file is one line. Every `line` lies inside its node's span (its
 * declaration's first line; a module's first call line), so `name:line` selects it.
 */
export function formatMore(entries: readonly ListedNode[]): string {
  const folders = groupEntries(entries);
  const lines = [MORE_HEADING, '', MORE_INTRO];
  for (const [folder, files] of folders) {
    if (files.size === 1) {
      const [[file, names]] = files;
      lines.push(`${inFolder(folder, file)}: ${names.join(', ')}`);
      continue;
    }
    lines.push(folder === '.' ? './' : `${folder}/`);
    for (const [file, names] of files) lines.push(`  ${file}: ${names.join(', ')}`);
  }
  return lines.join('\n');
}

/**
 * How many of `entries` (a prefix) `formatMore` can name within `chars` characters (0 when not
 * even the first fits). The section's length is kept as it grows, entry by entry (a name, a file
 * line, a folder line; a folder's second file turns its one line into a header and two): one pass,
 * for answers of a thousand nodes on every call (`moreLength` checks it against formatMore).
 */
export function moreThatFit(entries: readonly ListedNode[], chars: number): number {
  const lengths = moreLengths(entries);
  let n = 0;
  while (n < entries.length && lengths[n] <= chars) n++;
  return n;
}

/** `lengths[i]`: the length of formatMore(entries.slice(0, i + 1)). */
export function moreLengths(entries: readonly ListedNode[]): number[] {
  interface Folder {
    prefix: number;
    header: number;
    files: Map<string, number>;
    /** Σ over its files of `base: e1, e2` lengths. */
    fileLines: number;
  }
  const folders = new Map<string, Folder>();
  // A folder's characters, its line breaks included (each line follows a '\n').
  const size = (f: Folder) => (f.files.size === 1 ? 1 + f.prefix + f.fileLines : 1 + f.header + f.files.size * 3 + f.fileLines);
  let total = MORE_HEADING.length + 2 + MORE_INTRO.length;
  const out: number[] = [];
  /** Per file, the names it lists so far. */
  const seen = new Map<string, Set<string>>();
  for (const e of entries) {
    const name = folderOfFile(e.file);
    let folder = folders.get(name);
    if (!folder) folders.set(name, (folder = { prefix: folderPrefix(name).length, header: name === '.' ? 2 : name.length + 1, files: new Map(), fileLines: 0 }));
    else total -= size(folder);
    const before = folder.files.get(e.file);
    const names = seen.get(e.file) ?? new Set<string>();
    seen.set(e.file, names);
    // Another line of a name the file already lists joins it: `Page:50,75`.
    if (names.has(e.name)) folder.fileLines += 1 + String(e.line).length;
    else folder.fileLines += (before === undefined ? baseName(e.file).length + 2 : 2) + entryText(e).length;
    names.add(e.name);
    folder.files.set(e.file, (before ?? 0) + 1);
    total += size(folder);
    out.push(total);
  }
  return out;
}

/** `MigrationRunCommand.handler:42`, `<module>:30`. */
function entryText(e: ListedNode): string {
  return `${e.name}:${e.line}`;
}

/**
 * folder → file (its name in the folder) → entry texts, in first-seen order; the lines of one name in
 * a file in one entry where it first appears (`Page:50,75,164`: a test file's 150 `Page` components
 * cost one name, not 150).
 */
function groupEntries(entries: readonly ListedNode[]): Map<string, Map<string, string[]>> {
  const grouped = new Map<string, Map<string, Map<string, number[]>>>();
  for (const e of entries) {
    const folder = folderOfFile(e.file);
    let files = grouped.get(folder);
    if (!files) grouped.set(folder, (files = new Map()));
    const file = baseName(e.file);
    let names = files.get(file);
    if (!names) files.set(file, (names = new Map()));
    const lines = names.get(e.name);
    if (lines) lines.push(e.line);
    else names.set(e.name, [e.line]);
  }
  const folders = new Map<string, Map<string, string[]>>();
  for (const [folder, files] of grouped) folders.set(folder, new Map([...files].map(([file, names]) => [file, [...names].map(([name, lines]) => `${name}:${lines.join(',')}`)])));
  return folders;
}

/** `src/cli/run.ts` → `src/cli`; a root file → `.` (a library's file keeps its whole folder). */
function folderOfFile(file: string): string {
  const at = file.lastIndexOf('/');
  return at < 0 ? '.' : file.slice(0, at);
}

function baseName(file: string): string {
  return file.slice(file.lastIndexOf('/') + 1);
}

/** The folder part of a one-file folder's line (`src/cli/`; nothing for the root). */
function folderPrefix(folder: string): string {
  return folder === '.' ? '' : `${folder}/`;
}

function inFolder(folder: string, file: string): string {
  return `${folderPrefix(folder)}${baseName(file)}`;
}
