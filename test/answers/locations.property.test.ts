import * as assert from 'node:assert/strict';
import { GraphNode } from '../../src/core/graph/GraphTypes';
import { displayNames } from '../../src/core/format/displayNames';
import { createFileSourceReader } from '../../src/core/format/FileSourceReader';
import { formatText } from '../../src/core/format/formatText';
import { callLines, nodeSpan } from '../../src/core/format/nodeLocation';
import { markedLines, parseText } from '../support/parseText';
import { dependenciesOf } from '../../src/core/query/dependencies-of/dependenciesOf';
import { dependentsOf } from '../../src/core/query/dependents-of/dependentsOf';
import { pathsBetween } from '../../src/core/query/paths-between/pathsBetween';
import { QueryContext } from '../../src/core/query/QueryContext';
import { GraphResult, QueryResult } from '../../src/core/query/QueryResult';
import { selectorFor } from '../../src/core/query/resolve/parseSymbolQuery';
import { resolveSymbol } from '../../src/core/query/resolve/resolveSymbol';
import { FIXTURE_NAMES, loadFixture } from '../support/loadFixture';

/**
 * Issue 33: locations must hold exactly where an agent reads next. For every node of every fixture,
 * its dependenciesOf and dependentsOf answers and a pathsBetween to the farthest node found, in
 * both text forms (snippets as the size rule decides, and none, as under a token budget):
 * - every line an answer's edges come from lies inside its source's printed offset/limit (the
 *   data the `>` marks come from: an overload's span once stopped at its first signature);
 * - every `>` line and every `calls at:` line lies inside its block's offset/limit;
 * - a block without a snippet keeps its call lines (`calls at:`, unless its span is that one line);
 * - a module node spans exactly its call lines in the answer, not the whole file;
 * - pathsBetween's ends that call into the path show their call lines.
 */
describe('answer locations over every fixture (property)', function () {
  this.timeout(300_000);
  const seen: Seen = { marks: 0, callsAt: 0, modules: 0, ends: 0, more: 0, moreModules: 0, queryNext: 0 };

  for (const name of FIXTURE_NAMES) {
    it(name, async () => {
      const { graph, root } = await loadFixture(name);
      const ctx: QueryContext = { graph, root };
      const source = createFileSourceReader(root);
      let answers = 0;
      const check = (asked: string, result: QueryResult): void => {
        if (result.kind !== 'graph') return;
        answers++;
        for (const snippets of ['auto', 'none'] as const) {
          try {
            checkAnswer(result, formatText(result, source, { snippets }), seen);
            checkListed(ctx, result, formatText(result, source, { snippets }), seen);
          } catch (error) {
            throw new Error(`${name}: ${asked} (snippets ${snippets}): ${(error as Error).message}`);
          }
        }
      };
      for (const node of graph.allNodes()) {
        if (node.external) continue;
        const symbol = node.kind === 'module' ? '<module>' : selectorFor(node, graph.nodesInFile(node.file));
        const deps = dependenciesOf(ctx, node.file, symbol);
        check(`dependenciesOf ${node.file} ${symbol}`, deps);
        check(`dependentsOf ${node.file} ${symbol}`, dependentsOf(ctx, node.file, symbol));
        const far = deps.kind === 'graph' ? farthest(deps) : undefined;
        if (!far) continue;
        const farSymbol = far.kind === 'module' ? '<module>' : selectorFor(far, graph.nodesInFile(far.file));
        const from = { file_path: node.file, symbol };
        const to = { file_path: far.file, symbol: farSymbol };
        check(`pathsBetween ${node.file} ${symbol} → ${far.file} ${farSymbol}`, pathsBetween(ctx, from, to));
        check(`pathsBetween ${far.file} ${farSymbol} → ${node.file} ${symbol}`, pathsBetween(ctx, to, from));
      }
      assert.ok(answers > 0, `${name} gave no graph answer`);
    });
  }

  it('met every case it checks (the properties above are not vacuous)', () => {
    for (const [what, count] of Object.entries(seen)) assert.ok(count > 0, `no answer had ${what}`);
  });
});

/** How often each checked case occurred over all answers. */
interface Seen {
  marks: number;
  callsAt: number;
  modules: number;
  ends: number;
  more: number;
  moreModules: number;
  queryNext: number;
}

/**
 * Issue 41: what an answer names without detail can be asked about as printed. Each `## More`
 * entry's `name:line` lies in its node's span (a module's: a line it calls the answer from) and,
 * asked with its file, selects that node; each "To see further" name selects the shown node it
 * names. The section names nodes of the answer's list, in its order within each file.
 */
function checkListed(ctx: QueryContext, result: GraphResult, text: string, seen: Seen): void {
  const parsed = parseText(text);
  const listed = result.truncation?.more ?? [];
  const byKey = new Map(listed.map((m) => [`${m.file} ${m.name}:${m.line}`, m]));
  for (const entry of parsed.more) {
    const m = byKey.get(`${entry.file} ${entry.name}:${entry.line}`);
    assert.ok(m, `## More names ${entry.file} ${entry.name}:${entry.line}, which the answer did not leave out`);
    const node = ctx.graph.getNode(m.id)!;
    assert.ok(entry.line >= node.offset && entry.line < node.offset + node.limit, `${m.id}: line ${entry.line} outside ${node.offset}+${node.limit}`);
    if (node.kind === 'module') {
      assert.ok(ctx.graph.outEdges(node.id).some((e) => e.lines?.includes(entry.line)) || entry.line === node.offset, `${m.id}: <module>:${entry.line} is no line it calls from`);
      seen.moreModules++;
    }
    const asked = resolveSymbol(ctx, entry.file, `${entry.name}:${entry.line}`);
    assert.ok(asked.ok && (asked.node.id === m.id || entry.file.endsWith('.d.ts')), `${entry.file} ${entry.name}:${entry.line} does not select ${m.id}: ${asked.ok ? asked.node.id : asked.message}`);
    seen.more++;
  }
  for (const next of result.truncation?.queryNext ?? []) {
    const asked = resolveSymbol(ctx, next.file, next.name);
    assert.ok(asked.ok && result.nodes.some((n) => n.id === asked.node.id), `"To see further" names ${next.name} in ${next.file}, which does not select a shown node`);
    seen.queryNext++;
  }
}

/** The last non-input, non-external node of an answer (BFS order: the farthest). */
function farthest(result: GraphResult): GraphNode | undefined {
  return result.nodes.filter((n) => !result.inputs.includes(n.id) && !n.external).at(-1);
}

function checkAnswer(result: GraphResult, text: string, seen: Seen): void {
  const names = displayNames(result.nodes);
  const byLabel = new Map(result.nodes.map((n) => [names.get(n.id)!, n]));
  const sites = callLines(result.edges);
  const parsed = parseText(text);
  const inside = (line: number, span: { offset: number; limit: number }): boolean => line >= span.offset && line < span.offset + span.limit;

  for (const block of parsed.blocks) {
    const node = byLabel.get(block.name)!;
    const where = `${block.name} (offset ${block.offset}, limit ${block.limit})`;
    const lines = sites.get(node.id) ?? [];
    for (const line of lines) assert.ok(inside(line, block), `${where}: its edges come from line ${line}`);
    for (const line of block.snippet ? markedLines(block.snippet) : []) {
      assert.ok(inside(line, block), `${where}: '>' at ${line}`);
      seen.marks++;
    }
    for (const line of block.callsAt?.lines ?? []) {
      assert.ok(inside(line, block), `${where}: calls at ${line}`);
      seen.callsAt++;
    }
    if (!block.snippet && lines.length > 0) {
      if (block.limit > 1) assert.deepEqual(block.callsAt, { lines: lines.slice(0, 10), more: Math.max(0, lines.length - 10) }, `${where}: calls at`);
      else assert.deepEqual(lines, [block.offset], `${where}: a one-line span is its call line`);
    }
    if (node.kind === 'module' && lines.length > 0) {
      assert.deepEqual([block.offset, block.offset + block.limit - 1], [lines[0], lines.at(-1)], `${where}: a module spans its call lines`);
      seen.modules++;
    }
  }

  const ends = result.query === 'pathsBetween' ? result.inputs : [];
  const expectedEnds = ends.flatMap((id) => {
    const node = result.nodes.find((n) => n.id === id);
    const lines = sites.get(id) ?? [];
    if (!node || lines.length === 0) return [];
    const span = nodeSpan(node, lines);
    for (const line of lines) assert.ok(inside(line, span), `end ${names.get(id)}: its edges come from line ${line}, outside ${span.offset}+${span.limit}`);
    return [names.get(id)];
  });
  assert.deepEqual(parsed.ends.map((e) => e.name), expectedEnds, 'path ends with call lines');
  seen.ends += parsed.ends.length;
}
