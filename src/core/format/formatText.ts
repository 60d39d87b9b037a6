import { GraphEdge, GraphNode } from '../graph/GraphTypes';
import { GraphResult, QueryResult, Truncation } from '../query/QueryResult';
import { displayNames, labelledNodes } from './displayNames';
import { impactPreface } from './formatImpact';
import { formatGraphLines } from './formatGraphLines';
import { formatSnippet } from './formatSnippet';
import { SourceReader } from './SourceReader';

export interface FormatTextOptions {
  /**
   * 'auto' (default): snippets when the Nodes section has at most MAX_SNIPPET_NODES blocks.
   * 'none': no snippets and no note about them; the caller (fitToBudget) writes its own note.
   */
  snippets?: 'auto' | 'none';
}

/**
 * The one text format (spec 000 layout, spec 004 `>` marks) for LM tools, commands and the CLI.
 *
 * ```
 * <warnings (files that could not be analysed) and the truncation line, only when set>
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
 * Invariants: every edge of the result appears exactly once in the Graph section; every node
 * except the query inputs has exactly one Nodes block, in result order (nearest first); labels
 * are those of displayNames in both sections; no trailing whitespace; one final newline.
 * Message results come back as their message, unchanged. An `impact` result starts with its
 * summary (formatImpact: the changed symbols, the tests to run), then the usual sections.
 */
export function formatText(result: QueryResult, source: SourceReader, options: FormatTextOptions = {}): string {
  if (result.kind === 'message') return result.warnings?.length ? `${result.message}\n\n${result.warnings.join('\n')}` : result.message;
  const names = displayNames(labelledNodes(result));
  const label = (id: string): string => names.get(id) ?? id;

  const sections: string[] = [];
  // impact: what changed and the tests to run come first.
  if (result.impact) sections.push(impactPreface(result.impact, label));
  // Warnings (files that could not be analysed) and the truncation line form one preface.
  const preface = [...(result.warnings ?? []), ...(result.truncation ? [truncationLine(result.truncation)] : [])];
  if (preface.length) sections.push(preface.join('\n'));
  const graphLines = formatGraphLines(result.nodes, result.edges, label);
  sections.push('## Graph', graphLines.length === 0 && result.impact ? NO_DEPENDENTS_NOTE : graphLines.join('\n'), '## Nodes');

  const listed = listedNodes(result);
  if (listed.length === 0) sections.push(NO_NODES_NOTE);
  if (listed.length > MAX_SNIPPET_NODES) sections.push(sizeNote(listed.length));
  const reader = listed.length <= MAX_SNIPPET_NODES && options.snippets !== 'none' ? source : undefined;
  const focus = callSites(result.edges);
  for (const node of listed) sections.push(nodeBlock(node, label(node.id), focus.get(node.id), reader));

  return `${sections.filter((s) => s !== '').join('\n\n')}\n`;
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

/** One line, counts exact, telling the model how to see further instead of retrying blindly. The diagram shows the same line. */
export function truncationLine(t: Truncation): string {
  const atLeast = t.stoppedEarly ? 'at least ' : '';
  const cut = Math.max(0, t.totalNodes - t.shownNodes);
  return (
    `Showing the ${thousands(t.shownNodes)} nearest of ${atLeast}${thousands(t.totalNodes)} nodes (BFS from the query); ` +
    `${atLeast}${thousands(cut)} more were cut. To see further, query one of the farthest nodes shown.`
  );
}

/** 1234567 → "1,234,567", independent of the runtime's locale data. */
function thousands(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
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

/** Node id → the lines where it calls / references what the result shows (its `>` marks). */
function callSites(edges: readonly GraphEdge[]): Map<string, Set<number>> {
  const sites = new Map<string, Set<number>>();
  for (const edge of edges) {
    if (!edge.lines?.length) continue;
    let set = sites.get(edge.from);
    if (!set) sites.set(edge.from, (set = new Set()));
    for (const line of edge.lines) set.add(line);
  }
  return sites;
}

function nodeBlock(node: GraphNode, name: string, focus: Set<number> | undefined, reader: SourceReader | undefined): string {
  const lines = [`${name}:`, `  file: ${node.file}`, `  offset: ${node.offset}, limit: ${node.limit}`];
  // External declarations: offset/limit suffice for a Read; their code is rarely what was asked.
  const snippet = reader && !node.external ? snippetLines(node, focus, reader) : [];
  if (snippet.length > 0) lines.push('  snippet:', ...snippet);
  return lines.join('\n');
}

function snippetLines(node: GraphNode, focus: Set<number> | undefined, reader: SourceReader): string[] {
  let source: string[] | undefined;
  try {
    source = reader.readLines(node.file);
  } catch {
    // A reader should return undefined, but a snippet is never worth failing the whole answer.
    source = undefined;
  }
  return source ? formatSnippet(source, node.offset, node.limit, focus ?? []) : [];
}
