import { GraphEdge, GraphNode } from '../graph/GraphTypes';
import { ChangedSymbol, ImpactSummary, TestToRun } from '../impact/ImpactSummary';

/** Changed symbols listed one per line; past this they are counted (JSON lists them all). */
export const MAX_CHANGED_LISTED = 100;

/**
 * The lines `impact` puts above `## Graph` (formatText's preface), terse for a model:
 *
 * ```
 * Impact (working tree vs HEAD): 2 changed files, 3 changed symbols, 5 dependents, 1 test file to run.
 * Changed:
 *   formatDate: body changed (src/utils.ts:15)
 *   Shape.area: signature changed, exported (src/shapes.ts:3)
 * Tests to run:
 *   test/utils.test.ts: utils.test.ts --CALLS--> handle --CALLS--> formatDate
 * ```
 */
export function impactPreface(summary: ImpactSummary, label: (id: string) => string): string {
  const lines = [summaryLine(summary), 'Changed:'];
  for (const c of summary.changed.slice(0, MAX_CHANGED_LISTED)) lines.push(`  ${label(c.node.id)}: ${changeText(c)} (${c.node.file}:${c.node.offset})`);
  const more = summary.changed.length - MAX_CHANGED_LISTED;
  if (more > 0) lines.push(`  … and ${more} more (--format json lists them all)`);
  if (summary.tests.length > 0) {
    lines.push('Tests to run:');
    for (const t of summary.tests) lines.push(`  ${t.file}: ${testPathText(t, label)}`);
  }
  return lines.join('\n');
}

export function summaryLine(summary: ImpactSummary): string {
  const tests = summary.tests.length;
  return (
    `Impact (${summary.base}): ${count(summary.files.length, 'changed file')}, ${count(summary.changed.length, 'changed symbol')}, ` +
    `${count(summary.dependents, 'dependent')}, ${tests === 0 ? 'no test file reaches them' : `${count(tests, 'test file')} to run`}.`
  );
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

/** `a --CALLS--> b <--IMPLEMENTS-- c`: each edge in its true direction; `changed` for a test's own change. */
export function testPathText(test: TestToRun, label: (id: string) => string): string {
  if (test.edges.length === 0) return `${label(test.nodes[0].id)} (changed)`;
  return pathText(test.nodes, test.edges, label);
}

function pathText(nodes: readonly GraphNode[], edges: readonly GraphEdge[], label: (id: string) => string): string {
  let text = label(nodes[0].id);
  edges.forEach((e, i) => {
    text += e.from === nodes[i].id ? ` --${e.type}--> ` : ` <--${e.type}-- `;
    text += label(nodes[i + 1].id);
  });
  return text;
}

function count(n: number, what: string): string {
  return `${n} ${what}${n === 1 ? '' : 's'}`;
}
