import { GraphNode } from '../graph/GraphTypes';
import { CutSummary, GraphResult, QueryResult, Truncation } from '../query/QueryResult';
import { summarizeCut } from '../query/traversal/toGraphResult';
import { displayNames, labelledNodes } from './displayNames';
import { impactPreface } from './formatImpact';
import { drawnEdges, formatGraphLines } from './formatGraphLines';
import { ANSWER_CHARS, MORE_HEADING, formatMore, moreThatFit } from './formatMore';
import { formatSnippet } from './formatSnippet';
import { callLines, linesWithin, nodeSpan, Span } from './nodeLocation';
import { SourceReader } from './SourceReader';
import { thousands } from './thousands';
import { queryNamed } from '../query/queries';

export interface FormatTextOptions {
  /**
   * 'auto' (default): snippets when the Nodes section has at most MAX_SNIPPET_NODES blocks.
   * 'none': no snippets (blocks keep their `calls at:` lines) and no note about them; the caller
   * (fitToBudget) writes its own note.
   */
  snippets?: 'auto' | 'none';
  /**
   * The most characters the whole text may take by naming nodes under `## More` (default
   * ANSWER_CHARS, the tools' token budget): the section names what fits, the truncation line
   * counts the rest. The detail (Graph, Nodes) is never cut here: fitToBudget does that.
   */
  maxChars?: number;
  /** The most nodes `## More` names (fitToBudget's search); default: as many as `maxChars` allows. */
  maxListed?: number;
}

/**
 * The one text format (spec 000 layout, spec 004 `>` marks) for LM tools, commands and the CLI.
 *
 * ```
 * <notes (how the question was read), warnings (files that could not be analysed) and the truncation line, only when set>
 *
 * ## Graph
 *
 * handleRequest --CALLS--> formatDate --CALLS--> toISOString
 * processOrder --CALLS--> formatDate
 *
 * ## Nodes
 *
 * formatDate:
 *   file: src/utils.ts
 *   offset: 15, limit: 3
 *   snippet:
 *     15: function formatDate(timestamp: number): string {
 *   > 16:   return new Date(timestamp).toISOString();
 *     17: }
 * ```
 *
 * A block without a snippet (above MAX_SNIPPET_NODES blocks, `snippets: 'none'`, unreadable file)
 * keeps the node's call lines as `  calls at: 16, 20` (unless its span is one line). The ends of a pathsBetween answer, which
 * have no block of their own (the caller knows them), get one of just `file:` and `calls at:`
 * when they call into the path. Offsets are nodeSpan's (a module node: its lines in this answer).
 *
 * Invariants: every edge of the result appears exactly once in the Graph section, but a self-loop
 * of a node the answer names otherwise (drawnEdges: its lines stay `>`-marked in its block); every node
 * except the query inputs has exactly one Nodes block, in result order (nearest first); labels
 * are those of displayNames in both sections; every `>` and `calls at:` line lies inside its
 * block's offset/limit; no trailing whitespace; one final newline.
 * Message results come back as their message, unchanged (after their notes, before their warnings, when set).
 * An `impact` result starts with its summary (formatImpact: the changed symbols, the tests to run),
 * then the usual sections.
 *
 * A cut result (`truncation.more`) ends with `## More` (formatMore): the nodes left out of the
 * detail named compactly, as many as the budget (`maxChars`) allows; the truncation line counts the
 * rest by folder.
 */
export function formatText(result: QueryResult, source: SourceReader, options: FormatTextOptions = {}): string {
  if (result.kind === 'message') {
    const before = result.notes?.length ? `${result.notes.join('\n')}\n\n` : '';
    return result.warnings?.length ? `${before}${result.message}\n\n${result.warnings.join('\n')}` : `${before}${result.message}`;
  }
  const names = displayNames(labelledNodes(result));
  const label = (id: string): string => names.get(id) ?? id;

  const more = result.truncation?.more ?? [];
  const body = detailSections(result, label, source, options);
  const head = (listed: number): string[] => prefaceSections(result, label, listed);
  const text = (sections: string[]): string => `${sections.filter((s) => s !== '').join('\n\n')}\n`;
  if (more.length === 0) return text([...head(0), ...body]);
  const max = Math.min(options.maxChars ?? ANSWER_CHARS, Number.MAX_SAFE_INTEGER);
  const compose = (listed: number) => text([...head(listed), ...body, ...(listed > 0 ? [formatMore(more.slice(0, listed))] : [])]);
  // The room is measured with the truncation line naming everything (no counts); the line that
  // counts the rest is longer: then the room shrinks by what it overflowed.
  let room = max - text([...head(more.length), ...body]).length - 2;
  let listed = Math.min(options.maxListed ?? more.length, room > 0 ? moreThatFit(more, room) : 0);
  let out = compose(listed);
  while (listed > 0 && out.length > max) {
    room -= out.length - max;
    listed = Math.min(listed - 1, room > 0 ? moreThatFit(more, room) : 0);
    out = compose(listed);
  }
  return out;
}

/** impact's summary, then notes, warnings and the truncation line (`listed`: how many `## More` names). */
function prefaceSections(result: GraphResult, label: (id: string) => string, listed: number): string[] {
  const sections: string[] = [];
  // impact: what changed and the tests to run come first.
  if (result.impact) sections.push(impactPreface(result, result.impact, label));
  // Notes (how the question was read), warnings (files that could not be analysed) and the truncation line form one preface.
  const preface = [...(result.notes ?? []), ...(result.warnings ?? []), ...(result.truncation ? [truncationLine(result.truncation, listed)] : [])];
  if (preface.length) sections.push(preface.join('\n'));
  return sections;
}

/** The Graph and Nodes sections. */
function detailSections(result: GraphResult, label: (id: string) => string, source: SourceReader, options: FormatTextOptions): string[] {
  const sections: string[] = [];
  const graphLines = formatGraphLines(result.nodes, drawnEdges(result), label);
  sections.push('## Graph', graphLines.length === 0 && result.impact ? NO_DEPENDENTS_NOTE : graphLines.join('\n'), '## Nodes');

  const listed = listedNodes(result);
  const sites = callLines(result.edges);
  const ends = pathEnds(result).flatMap((node) => {
    const lines = linesWithin(sites.get(node.id), nodeSpan(node, sites.get(node.id)));
    return lines.length ? [endBlock(node, label(node.id), lines)] : [];
  });
  if (listed.length === 0 && ends.length === 0) sections.push(NO_NODES_NOTE);
  if (listed.length > MAX_SNIPPET_NODES) sections.push(sizeNote(listed.length));
  sections.push(...ends);
  const reader = listed.length <= MAX_SNIPPET_NODES && options.snippets !== 'none' ? source : undefined;
  for (const node of listed) sections.push(nodeBlock(node, label(node.id), sites.get(node.id), reader));
  return sections;
}

/** Spec 000: "Result count ≤ 15 nodes → snippets included automatically". Counts Nodes blocks. */
export const MAX_SNIPPET_NODES = 15;

/** impact: shown instead of an empty Graph section (no changed symbol has a dependent). */
const NO_DEPENDENTS_NOTE = '(none: nothing in the workspace depends on the changed symbols)';

/** Shown instead of an empty Nodes section (e.g. pathsBetween two inputs joined by one edge). */
const NO_NODES_NOTE = '(none: the query inputs are not listed)';

function sizeNote(count: number): string {
  return `(snippets omitted due to size: ${count} nodes; Read a node's file at its offset/limit for code)`;
}

/**
 * One line, counts exact, telling the model what it has and how to see further instead of retrying
 * blindly: how many nodes are shown in detail, how many `## More` names (`listed`, a prefix of
 * `t.more`), where the rest are (test files, then folders) and which shown nodes to query next.
 * A truncation without that list (a pathsBetween answer trimmed for a budget) says only which end
 * to query from. The diagram and Mermaid show it with nothing named (`listed` 0).
 */
export function truncationLine(t: Truncation, listed = 0): string {
  const atLeast = t.stoppedEarly ? 'at least ' : '';
  const cut = Math.max(0, t.totalNodes - t.shownNodes);
  if (!t.more) {
    const head = `Showing the ${thousands(t.shownNodes)} nearest of ${atLeast}${thousands(t.totalNodes)} nodes`;
    return `${head} (BFS from the query); ${atLeast}${thousands(cut)} more were cut. To see further, query one of the farthest nodes shown.`;
  }
  const head = `Showing ${thousands(t.shownNodes)} of ${atLeast}${thousands(t.totalNodes)} nodes in detail (code before tests, nearest first)`;
  const counted = t.more.slice(listed);
  const next = t.queryNext?.length
    ? ` To see further, query ${t.queryNext.map((n, i) => `\`${n.name}\` in ${n.file} (${thousands(n.cut)}${i === 0 ? ' left out next to it' : ''})`).join(', ')}.`
    : '';
  if (counted.length === 0) {
    // Everything reached is named; past a stopped walk there is more, through the nodes that lead to it.
    return `${head}; the other ${thousands(listed)} are named under ${MORE_HEADING}.${t.stoppedEarly ? next : ''}`;
  }
  const named = listed > 0 ? ` ${thousands(listed)} more are named under ${MORE_HEADING} and` : '';
  const rest = listed > 0 ? `${atLeast}${thousands(counted.length)} only counted` : `${atLeast}${thousands(counted.length)} more were cut`;
  return `${head};${named} ${rest}: ${cutPlaces(summarizeCut(counted))}.${next}`;
}

/** `900 in 312 test files; 12 in src/cli; 3 in 2 other folders` (only the groups that have nodes). */
function cutPlaces(c: CutSummary): string {
  const parts: string[] = [];
  if (c.tests.nodes > 0) parts.push(`${thousands(c.tests.nodes)} in ${thousands(c.tests.files)} test ${c.tests.files === 1 ? 'file' : 'files'}`);
  for (const f of c.folders) parts.push(`${thousands(f.nodes)} in ${f.folder === '.' ? 'the root folder' : f.folder}`);
  if (c.otherFolders.nodes > 0) {
    parts.push(`${thousands(c.otherFolders.nodes)} in ${thousands(c.otherFolders.folders)} other ${c.otherFolders.folders === 1 ? 'folder' : 'folders'}`);
  }
  return parts.join('; ');
}

/** Nodes blocks: everything but the inputs (the caller knows them), each id once, in result order. */
function listedNodes(result: GraphResult): GraphNode[] {
  const skip = new Set(result.inputs);
  const listed: GraphNode[] = [];
  for (const node of result.nodes) {
    if (skip.has(node.id)) continue;
    skip.add(node.id);
    listed.push(node);
  }
  return listed;
}

/** pathsBetween's inputs, each once, in the order asked: the ends of its paths. */
function pathEnds(result: GraphResult): GraphNode[] {
  if (queryNamed(result.query).walk !== 'paths') return [];
  const byId = new Map(result.nodes.map((n) => [n.id, n]));
  return [...new Set(result.inputs)].map((id) => byId.get(id)).filter((n): n is GraphNode => n !== undefined);
}

function nodeBlock(node: GraphNode, name: string, sites: number[] | undefined, reader: SourceReader | undefined): string {
  const span = nodeSpan(node, sites);
  const focus = linesWithin(sites, span);
  const lines = [`${name}:`, `  file: ${node.file}`, `  offset: ${span.offset}, limit: ${span.limit}`];
  // External declarations: offset/limit suffice for a Read; their code is rarely what was asked.
  const snippet = reader && !node.external ? snippetLines(node, span, focus, reader) : [];
  if (snippet.length > 0) lines.push('  snippet:', ...snippet);
  // A one-line span is its own call line: nothing to add.
  else if (focus.length > 0 && span.limit > 1) lines.push(callsAtLine(focus));
  return lines.join('\n');
}

/** An end of a pathsBetween answer: where in its own code it calls into the path (the caller knows the rest). */
function endBlock(node: GraphNode, name: string, lines: number[]): string {
  return [`${name}:`, `  file: ${node.file}`, callsAtLine(lines)].join('\n');
}

/** Most line numbers a `calls at:` line lists; the rest are counted (a module may call hundreds of times). */
export const MAX_CALLS_AT = 10;

/** `  calls at: 12, 40 (+3 more)`: the `>` lines of a snippet that is not shown, ascending. */
function callsAtLine(lines: readonly number[]): string {
  const more = lines.length - MAX_CALLS_AT;
  return `  calls at: ${lines.slice(0, MAX_CALLS_AT).join(', ')}${more > 0 ? ` (+${more} more)` : ''}`;
}

function snippetLines(node: GraphNode, span: Span, focus: number[], reader: SourceReader): string[] {
  let source: string[] | undefined;
  try {
    source = reader.readLines(node.file);
  } catch {
    // A reader should return undefined, but a snippet is never worth failing the whole answer.
    source = undefined;
  }
  return source ? formatSnippet(source, span.offset, span.limit, focus) : [];
}
