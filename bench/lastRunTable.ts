/**
 * `npm run bench` keeps docs/BENCHMARKS.md's "last run" section current itself: every row it printed,
 * with the date and the settings of the run, between two markers. The curated table above that section
 * is still written by a person (it summarises, and says what the machine was like that day).
 */
export const BEGIN = '<!-- npm run bench writes from here: do not edit by hand -->';
export const END = '<!-- npm run bench writes up to here -->';

/** The section for `rows` (workload, metric, value, target, result), as Markdown. */
export function lastRunSection(rows: readonly string[][], date: string, settings: string): string {
  const cell = (s: string) => s.replace(/\|/g, '\\|');
  const passed = rows.filter((r) => r[4] === 'PASS').length;
  const missed = rows.filter((r) => r[4] === 'MISS').length;
  return [
    BEGIN,
    `Run of ${date} (${settings}): ${passed} PASS, ${missed} MISS.`,
    '',
    '| workload | metric | value | target | result |',
    '|---|---|---|---|---|',
    ...rows.map((r) => `| ${r.map(cell).join(' | ')} |`),
    END,
  ].join('\n');
}

/** `doc` with its marked section replaced by `section` (appended, under a heading, when it has none). */
export function withLastRun(doc: string, section: string): string {
  const start = doc.indexOf(BEGIN);
  const end = doc.indexOf(END);
  if (start >= 0 && end > start) return doc.slice(0, start) + section + doc.slice(end + END.length);
  return `${doc.trimEnd()}\n\n## The last run, every row\n\n${section}\n`;
}
