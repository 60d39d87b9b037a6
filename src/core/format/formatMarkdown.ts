import { GraphResult, QueryResult } from '../query/QueryResult';
import { displayNames, labelledNodes } from './displayNames';
import { MAX_CHANGED_LISTED, changeText, summaryLine, testPathText } from './formatImpact';
import { formatMermaid } from './formatMermaid';
import { discoveredCount, trimResult } from './trimResult';

/**
 * `impact --format markdown`: a pull-request comment. The summary line, a table of the changed
 * symbols, the tests to run with the path that links each, the `Incomplete:` notes, and the graph
 * as a Mermaid picture (folded) small enough for GitHub to draw: the farthest dependents are cut
 * until it fits MAX_MERMAID_CHARS and MAX_MERMAID_EDGES, and the picture says how many it shows.
 * A message result (nothing changed) is its message under the heading.
 */
export function formatMarkdown(result: QueryResult): string {
  const heading = '### TS Code Graph: impact of this change';
  if (result.kind === 'message') return `${heading}\n\n${[result.message, ...(result.warnings ?? []).map((w) => `> ${w}`)].join('\n\n')}\n`;
  const names = displayNames(labelledNodes(result));
  const label = (id: string) => names.get(id) ?? id;
  const out = [heading, ''];
  const impact = result.impact;
  if (impact) {
    out.push(summaryLine(impact), '', '| Symbol | Change | Where |', '| --- | --- | --- |');
    for (const c of impact.changed.slice(0, MAX_CHANGED_LISTED)) out.push(`| ${code(label(c.node.id))} | ${cell(changeText(c))} | ${code(`${c.node.file}:${c.node.offset}`)} |`);
    const more = impact.changed.length - MAX_CHANGED_LISTED;
    if (more > 0) out.push(`| … and ${more} more | | |`);
    out.push('');
    if (impact.tests.length > 0) {
      out.push('**Tests to run**', '');
      for (const t of impact.tests) out.push(`- ${code(t.file)}: ${code(testPathText(t, label))}`);
      out.push('');
    }
  }
  for (const w of result.warnings ?? []) out.push(`> ${w}`, '');
  const picture = fittingPicture(result);
  if (picture) {
    out.push(`<details><summary>Graph: ${picture.note}</summary>`, '', '```mermaid', picture.mermaid.trimEnd(), '```', '', '</details>');
  } else if (result.edges.length > 0) {
    out.push('_The graph is too large to draw here; `ts-code-graph impact --format html` draws it._');
  }
  return `${out.join('\n').trimEnd()}\n`;
}

/** GitHub draws Mermaid up to 50,000 characters and 500 edges; a comment stays readable well below. */
export const MAX_MERMAID_CHARS = 20_000;
export const MAX_MERMAID_EDGES = 150;

function fittingPicture(result: GraphResult): { mermaid: string; note: string } | undefined {
  if (result.edges.length === 0) return undefined;
  const fits = (r: GraphResult) => r.edges.length <= MAX_MERMAID_EDGES && formatMermaid(r).length <= MAX_MERMAID_CHARS;
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
  return { mermaid: formatMermaid(shown), note: drawn < all ? `the ${drawn} nearest of ${all} dependents` : `${drawn} dependent${drawn === 1 ? '' : 's'}` };
}

function code(text: string): string {
  return `\`${text.replace(/`/g, "'").replace(/\|/g, '\\|')}\``;
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|');
}
