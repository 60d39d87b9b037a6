import * as assert from 'node:assert/strict';
import { GraphEdge, GraphNode } from '../../src/core/graph/GraphTypes';
import { dependentsOf } from '../../src/core/query/dependents-of/dependentsOf';
import { GraphResult, messageResult } from '../../src/core/query/QueryResult';
import { TestGraph } from '../support/TestGraph';
import { BUDGET_SNIPPETS_NOTE, CUT_NOTE, fitToBudget } from '../../src/core/format/fitToBudget';
import { formatText } from '../../src/core/format/formatText';
import { fileWith, memorySource } from '../support/memorySource';
import { parseText } from '../support/parseText';
import { mulberry32, randomResult } from '../support/randomResult';

describe(fitToBudget.name, () => {
  const chars = (text: string): number => text.length;
  const source = memorySource({ 'src/chain.ts': fileWith(200, {}) });
  /** entry → n1 → … → n12, every node a 6-line function (so snippets are shown whole). */
  const chain = chainResult(12);
  const full = formatText(chain, source);
  const lean = formatText(chain, source, { snippets: 'none' });

  it('returns the full text when it fits, or when the budget is not a finite number', async () => {
    assert.equal(await fitToBudget(chain, source, full.length, chars), full);
    assert.equal(await fitToBudget(chain, source, Infinity, chars), full);
    assert.equal(await fitToBudget(chain, source, NaN, chars), full);
  });

  it('drops snippets first, and says so above the Graph', async () => {
    const text = await fitToBudget(chain, source, full.length - 1, chars);
    assert.equal(text, `${BUDGET_SNIPPETS_NOTE}\n\n${lean}`);
    assert.equal(parseText(text).blocks.length, 12);
    assert.ok(!text.includes('snippet:'));
  });

  it('keeps every call line when it drops snippets: one `calls at:` line per block, inside its offset/limit', async () => {
    const parsed = parseText(await fitToBudget(chain, source, full.length - 1, chars));
    for (const block of parsed.blocks) {
      const calls = block.name === 'n12' ? undefined : { lines: [block.offset + 2], more: 0 };
      assert.deepEqual(block.callsAt, calls, block.name);
    }
  });

  it('then drops the farthest nodes, keeping as many as fit and stating the counts', async () => {
    const budget = `${BUDGET_SNIPPETS_NOTE}\n\n${lean}`.length - 1;
    const text = await fitToBudget(chain, source, budget, chars);
    assert.ok(text.length <= budget);
    const parsed = parseText(text);
    // The truncation line (~190 chars) costs more than two nodes (~65 chars each), so three nodes go, not one.
    assert.deepEqual(parsed.blocks.map((b) => b.name), ['n1', 'n2', 'n3', 'n4', 'n5', 'n6', 'n7', 'n8', 'n9']);
    assert.deepEqual(parsed.graphLines, [['entry', ...parsed.blocks.map((b) => b.name)].join(' --CALLS--> ')]);
    assert.deepEqual(parsed.preface, [
      BUDGET_SNIPPETS_NOTE,
      'Showing 9 of 12 nodes in detail (code before tests, nearest first); 3 more were cut: 3 in src. ' +
        'To see further, query `n9` in src/chain.ts (1 left out next to it).',
    ]);
  });

  it("keeps the cut's first line when it trims further: where the rest are, recounted, and what to query next", async () => {
    // Store.save: 5 code callers, 80 test files' top-level code; 3 CLI commands call persist4, one also persist3.
    const g = new TestGraph();
    const save = g.node('src/store.ts', 'Store.save', 'method');
    const code = [0, 1, 2, 3, 4].map((i) => g.node(`src/svc/s${i}.ts`, `persist${i}`, 'function'));
    for (const c of code) g.edge(c, 'CALLS', save);
    for (let i = 0; i < 80; i++) g.edge(g.module(`test/t${i}.test.ts`), 'CALLS', save);
    const commands = [0, 1, 2].map((i) => g.node(`src/cli/c${i}.ts`, `command${i}`, 'function'));
    for (const c of commands) g.edge(c, 'CALLS', code[4]);
    g.edge(commands[0], 'CALLS', code[3]);
    const result = dependentsOf(g.context(), 'src/store.ts', 'Store.save');
    assert.equal(result.kind, 'graph');
    const files = memorySource({});
    const full = formatText(result, files);
    assert.match(full, /^Showing 50 of 88 nodes in detail \(code before tests, nearest first\); the other 38 are named under ## More\.\n/);
    assert.match(full, /\n## More\n\n[^\n]*\ntest\/\n {2}t\d+\.test\.ts: <module>:1\n/);

    const budget = Math.floor(full.length / 3);
    const text = await fitToBudget(result, files, budget, chars);
    assert.ok(text.length <= budget);
    const parsed = parseText(text);
    const shown = parsed.blocks.length;
    const shownTests = parsed.blocks.filter((b) => b.file.startsWith('test/')).length;
    assert.ok(shown < 50 && shownTests > 0, `trimmed to ${shown} nodes, ${shownTests} of them tests`);
    // The code of both depths first (the callers, then the commands), then the tests.
    assert.deepEqual(parsed.blocks.slice(0, 8).map((b) => b.name), ['persist0', 'persist1', 'persist2', 'persist3', 'persist4', 'command0', 'command1', 'command2']);
    const testsLeft = 80 - shownTests;
    assert.equal(
      parsed.preface.find((l) => l.startsWith('Showing')),
      `Showing ${shown} of 88 nodes in detail (code before tests, nearest first); ${88 - shown} more were cut: ${testsLeft} in ${testsLeft} test files.`,
    );
  });

  it('names fewer nodes under ## More before it drops any detail', async () => {
    const g = new TestGraph();
    const hub = g.node('src/hub.ts', 'hub', 'function');
    for (let i = 0; i < 300; i++) g.edge(g.node(`src/callers/c${i % 40}.ts`, `caller${i}`, 'function'), 'CALLS', hub);
    const result = dependentsOf(g.context(), 'src/hub.ts', 'hub');
    const files = memorySource({});
    const full = formatText(result, files);
    assert.match(full, /; the other 250 are named under ## More\.\n/);
    const text = await fitToBudget(result, files, full.length - 500, chars);
    assert.ok(text.length <= full.length - 500);
    const parsed = parseText(text);
    assert.equal(parsed.blocks.length, 50);
    const named = /; (\d+) more are named under ## More and (\d+) only counted: \2 in src\/callers\.\n/.exec(text);
    assert.ok(named, text.slice(0, 300));
    assert.equal(Number(named[1]) + Number(named[2]), 250);
    assert.equal(parsed.more.length, Number(named[1]));
  });

  it("keeps the traversal's own total in the rewritten truncation line", async () => {
    const truncated: GraphResult = { ...chain, truncation: { shownNodes: 12, totalNodes: 4321, stoppedEarly: true } };
    const text = await fitToBudget(truncated, source, 400, chars);
    const parsed = parseText(text);
    const shown = parsed.blocks.length;
    assert.ok(shown >= 1 && shown < 12 && text.length <= 400);
    assert.equal(
      parsed.preface.at(-1),
      `Showing the ${shown} nearest of at least 4,321 nodes (BFS from the query); at least ${(4321 - shown).toLocaleString('en-US')} more were cut. To see further, query one of the farthest nodes shown.`,
    );
  });

  it('adds the snippets note only when trimming brought snippets back within reach', async () => {
    const big = chainResult(20);
    const bigFull = formatText(big, source);
    assert.match(bigFull, /snippets omitted due to size: 20 nodes/);
    // Barely too big: 17 nodes (> 15) fit, whose text has the size note and no budget note.
    const many = await fitToBudget(big, source, bigFull.length - 1, chars);
    assert.equal(parseText(many).blocks.length, 17);
    assert.ok(!many.includes(BUDGET_SNIPPETS_NOTE) && many.includes('snippets omitted due to size: 17 nodes'));
    // Much smaller: 15 nodes or fewer, which would get snippets, so the budget note explains their absence.
    const few = await fitToBudget(big, source, 1200, chars);
    assert.ok(parseText(few).blocks.length <= 15);
    assert.ok(few.startsWith(`${BUDGET_SNIPPETS_NOTE}\nShowing `));
  });

  it('never empties the Graph: the smallest answer keeps one edge, then only counts, and below that it is cut with a note', async () => {
    const graph = '## Graph\n\nentry --CALLS--> n1\n\n## Nodes\n\nn1:\n  file: src/chain.ts\n  offset: 7, limit: 6\n';
    const smallest =
      `${BUDGET_SNIPPETS_NOTE}\n` +
      'Showing 1 of 12 nodes in detail (code before tests, nearest first); 11 more were cut: 11 in src. ' +
      'To see further, query `n1` in src/chain.ts (1 left out next to it).\n\n' +
      graph;
    assert.equal(await fitToBudget(chain, source, smallest.length, chars), smallest);
    const plain =
      `${BUDGET_SNIPPETS_NOTE}\n` +
      'Showing the 1 nearest of 12 nodes (BFS from the query); 11 more were cut. To see further, query one of the farthest nodes shown.\n\n' +
      graph;
    assert.equal(await fitToBudget(chain, source, smallest.length - 1, chars), plain);
    assert.equal(await fitToBudget(chain, source, plain.length, chars), plain);

    const tiny = await fitToBudget(chain, source, 60, chars);
    assert.ok(tiny.length <= 60, tiny);
    assert.ok(tiny.endsWith(`\n${CUT_NOTE}\n`) && tiny.startsWith('Snippets omitted'), tiny);
    assert.equal(await fitToBudget(chain, source, 3, chars), '');
  });

  it('cuts an oversized message with a note and leaves a fitting one alone', async () => {
    const message = messageResult('dependentsOf', `Symbol 'x' not found. Similar: ${'candidate, '.repeat(50)}`, true);
    assert.equal(await fitToBudget(message, source, 10_000), message.message);
    const cut = await fitToBudget(message, source, 20);
    assert.ok(Math.ceil(cut.length / 4) <= 20, cut);
    assert.ok(cut.startsWith("Symbol 'x' not found.") && cut.endsWith(`\n${CUT_NOTE}`), cut);
  });

  it('uses an async token counter, about 4 characters per token by default', async () => {
    const asyncChars = async (text: string): Promise<number> => text.length;
    assert.equal(await fitToBudget(chain, source, full.length - 1, asyncChars), `${BUDGET_SNIPPETS_NOTE}\n\n${lean}`);
    assert.equal(await fitToBudget(chain, source, Math.ceil(full.length / 4)), full);
    assert.notEqual(await fitToBudget(chain, source, Math.ceil(full.length / 4) - 1), full);
  });

  it('always fits, keeps an edge and states exact counts (200 seeded random results and budgets)', async () => {
    const files = memorySource(Object.fromEntries([0, 1, 2, 3, 4].map((i) => [`src/f${i}.ts`, fileWith(60, {})])));
    for (let seed = 1; seed <= 200; seed++) {
      const rand = mulberry32(seed * 7919);
      const result = randomResult(rand);
      const budget = 40 + Math.floor((rand() * 1.1 * formatText(result, files).length) / 4);
      const text = await fitToBudget(result, files, budget);
      const where = `seed ${seed}, budget ${budget}`;
      assert.ok(Math.ceil(text.length / 4) <= budget, where);
      if (text.endsWith(`${CUT_NOTE}\n`)) continue;
      const parsed = parseText(text);
      assert.ok(parsed.edges.length >= 1, where);
      const discovered = new Set(result.nodes.map((n) => n.id).filter((id) => !result.inputs.includes(id))).size;
      const line = parsed.preface.find((l) => l.startsWith('Showing'));
      if (!line) {
        assert.equal(parsed.blocks.length, discovered, where);
        continue;
      }
      const counts = /^Showing (?:the )?([\d,]+) (?:nearest )?of ([\d,]+) nodes .*?; ([\d,]+) more were cut[.:]/.exec(line)!;
      const [shown, total, cut] = counts.slice(1).map((n) => Number(n.replace(/,/g, '')));
      assert.deepEqual([shown, total, cut], [parsed.blocks.length, discovered, discovered - parsed.blocks.length], where);
    }
  });
});

/** entry → n1 → … → nK in src/chain.ts, each node 6 lines long, BFS order. */
function chainResult(length: number): GraphResult {
  const nodes: GraphNode[] = ['entry', ...Array.from({ length }, (_, i) => `n${i + 1}`)].map((name, i) => ({
    id: `src/chain.ts#${name}@function`,
    name,
    kind: 'function',
    file: 'src/chain.ts',
    offset: 1 + i * 6,
    limit: 6,
  }));
  const edges: GraphEdge[] = nodes.slice(1).map((to, i) => ({ from: nodes[i].id, to: to.id, type: 'CALLS', lines: [nodes[i].offset + 2] }));
  return { kind: 'graph', query: 'dependenciesOf', inputs: [nodes[0].id], nodes, edges };
}
