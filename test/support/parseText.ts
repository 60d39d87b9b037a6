/**
 * Reads formatText's output back into data, so property tests can check what the text SAYS
 * (edges, blocks, counts) instead of comparing it with another rendering of the same code.
 * Deliberately strict: anything off the spec 000 layout throws, which fails the test.
 */
export interface ParsedText {
  /** Lines above `## Graph` (truncation line, budget notes). */
  preface: string[];
  graphLines: string[];
  /** Every edge a Graph line states, as [fromLabel, type, toLabel], in reading order. */
  edges: [string, string, string][];
  /** Note lines of the Nodes section that are not blocks (e.g. the size note). */
  nodeNotes: string[];
  blocks: ParsedBlock[];
  /** pathsBetween's ends: blocks of just `file:` and `calls at:`. */
  ends: ParsedEnd[];
  /** What `## More` names, in reading order (empty without the section). */
  more: ParsedListed[];
}

/** One `name:line` of `## More`, with the file its group says. */
export interface ParsedListed {
  file: string;
  name: string;
  line: number;
}

export interface ParsedEnd {
  name: string;
  file: string;
  callsAt: CallsAt;
}

/** A `calls at:` line: the numbers it lists, and how many more it counts without listing. */
export interface CallsAt {
  lines: number[];
  more: number;
}

export interface ParsedBlock {
  name: string;
  file: string;
  offset: number;
  limit: number;
  /** Undefined when the block has no `snippet:` line. */
  snippet?: string[];
  /** Undefined when the block has no `calls at:` line. */
  callsAt?: CallsAt;
}

export function parseText(text: string): ParsedText {
  if (!text.endsWith('\n') || text.endsWith('\n\n')) throw new Error('text must end with exactly one newline');
  const paragraphs = text.slice(0, -1).split('\n\n');
  const graphAt = paragraphs.indexOf('## Graph');
  if (graphAt < 0 || paragraphs[graphAt + 2] !== '## Nodes') throw new Error(`bad layout:\n${text}`);
  const preface = paragraphs.slice(0, graphAt).flatMap((p) => p.split('\n'));
  const graphLines = paragraphs[graphAt + 1].split('\n');
  const edges: [string, string, string][] = [];
  for (const line of graphLines) {
    const parts = line.split(/ --([A-Z_]+)--> /);
    if (parts.length < 3) throw new Error(`graph line without an edge: ${line}`);
    for (let i = 0; i + 2 < parts.length; i += 2) edges.push([parts[i], parts[i + 1], parts[i + 2]]);
  }
  const nodeNotes: string[] = [];
  const blocks: ParsedBlock[] = [];
  const ends: ParsedEnd[] = [];
  const moreAt = paragraphs.indexOf('## More', graphAt + 3);
  const more = moreAt < 0 ? [] : parseMore(paragraphs.slice(moreAt + 1));
  for (const paragraph of paragraphs.slice(graphAt + 3, moreAt < 0 ? undefined : moreAt)) {
    const lines = paragraph.split('\n');
    if (!lines[0].endsWith(':') || !lines[1]?.startsWith('  file: ')) {
      nodeNotes.push(paragraph);
      continue;
    }
    const name = lines[0].slice(0, -1);
    const file = lines[1].slice(8);
    const endCalls = lines.length === 3 ? parseCallsAt(lines[2]) : undefined;
    if (endCalls) {
      if (blocks.length > 0) throw new Error(`an end after a node block:\n${paragraph}`);
      ends.push({ name, file, callsAt: endCalls });
      continue;
    }
    const place = /^ {2}offset: (\d+), limit: (\d+)$/.exec(lines[2] ?? '');
    if (!place) throw new Error(`bad offset line in block:\n${paragraph}`);
    const block: ParsedBlock = { name, file, offset: +place[1], limit: +place[2] };
    if (lines.length > 3) {
      const callsAt = lines.length === 4 ? parseCallsAt(lines[3]) : undefined;
      if (callsAt) block.callsAt = callsAt;
      else if (lines[3] === '  snippet:') block.snippet = lines.slice(4);
      else throw new Error(`unexpected line in block:\n${paragraph}`);
    }
    blocks.push(block);
  }
  return { preface, graphLines, edges, nodeNotes, blocks, ends, more };
}

/**
 * `## More`'s one paragraph: an intro line, then `folder/` headers with indented `file: a:1, b:2`
 * lines, or one-file folders as `folder/file: a:1` lines.
 */
function parseMore(paragraphs: string[]): ParsedListed[] {
  if (paragraphs.length !== 1) throw new Error(`## More must be one paragraph, the last:\n${paragraphs.join('\n\n')}`);
  const [intro, ...lines] = paragraphs[0].split('\n');
  if (!intro.startsWith('Not shown in detail')) throw new Error(`## More without its intro: ${intro}`);
  const out: ParsedListed[] = [];
  let folder: string | undefined;
  for (const line of lines) {
    if (/^\S.*\/$/.test(line)) {
      folder = line === './' ? '' : line;
      continue;
    }
    const m = /^( {2})?(\S[^:]*): (.+)$/.exec(line);
    if (!m || (m[1] && folder === undefined)) throw new Error(`bad ## More line: ${JSON.stringify(line)}`);
    const file = m[1] ? `${folder}${m[2]}` : m[2];
    if (!m[1]) folder = undefined;
    for (const entry of m[3].split(', ')) {
      // `Page:50,75`: the lines of one name in the file.
      const e = /^(.+?):(\d+(?:,\d+)*)$/.exec(entry);
      if (!e) throw new Error(`bad ## More entry: ${JSON.stringify(entry)}`);
      for (const line of e[2].split(',')) out.push({ file, name: e[1], line: +line });
    }
  }
  return out;
}

/** `  calls at: 3, 9 (+2 more)` → { lines: [3, 9], more: 2 }; undefined for any other line. */
function parseCallsAt(line: string): CallsAt | undefined {
  const m = /^ {2}calls at: (\d+(?:, \d+)*)(?: \(\+(\d+) more\))?$/.exec(line);
  return m ? { lines: m[1].split(', ').map(Number), more: m[2] ? +m[2] : 0 } : undefined;
}

/** The line numbers a snippet marks with `>`. */
export function markedLines(snippet: readonly string[]): number[] {
  return snippet.flatMap((line) => {
    const m = /^ {2}> (\d+):/.exec(line);
    return m ? [+m[1]] : [];
  });
}

/** Lines a snippet accounts for: shown lines plus the counts of its omission markers. */
export function snippetCoverage(snippet: readonly string[]): number {
  let covered = 0;
  for (const line of snippet) {
    const omitted = /^ {4}\.\.\. omitted (\d+) lines \.\.\.$/.exec(line);
    if (omitted) covered += +omitted[1];
    else if (/^( {4}| {2}> )\d+:( |$)/.test(line)) covered += 1;
    else throw new Error(`not a snippet line: ${JSON.stringify(line)}`);
  }
  return covered;
}
