import * as assert from 'node:assert/strict';
import { GraphResult } from '../../src/core/query/QueryResult';
import { displayNames } from '../../src/core/format/displayNames';
import { formatText } from '../../src/core/format/formatText';
import { drawnEdges } from '../../src/core/format/formatGraphLines';
import { fileWith, memorySource } from '../support/memorySource';
import { callLines, linesWithin, nodeSpan } from '../../src/core/format/nodeLocation';
import { markedLines, parseText, snippetCoverage } from '../support/parseText';
import { mulberry32, randomResult } from '../support/randomResult';

/**
 * Property test: for random results (DAGs, cycles, self-loops, parallel edges of several types,
 * name collisions, 1–40 nodes, 1–2 inputs), the text read back says exactly what the result
 * holds, but the self-loops of nodes it names otherwise (drawnEdges). Each case is replayable from its seed, printed on failure.
 */
describe(`${formatText.name} (property)`, () => {
  const CASES = 300;
  const source = memorySource(Object.fromEntries([0, 1, 2, 3, 4].map((i) => [`src/f${i}.ts`, fileWith(60, {})])));

  it(`states every edge exactly once and lists exactly the non-input nodes (${CASES} seeded cases)`, () => {
    for (let seed = 1; seed <= CASES; seed++) {
      const result = randomResult(mulberry32(seed));
      try {
        const snippets = seed % 3 === 0 ? 'none' : 'auto';
        checkCase(result, formatText(result, source, { snippets }), snippets);
      } catch (error) {
        const detail = JSON.stringify({ inputs: result.inputs, nodes: result.nodes.map((n) => [n.id, n.name]), edges: result.edges });
        throw new Error(`seed ${seed} failed: ${(error as Error).message}\ncase: ${detail}`);
      }
    }
  });
});

function checkCase(result: GraphResult, text: string, snippets: 'none' | 'auto'): void {
  const names = displayNames(result.nodes);
  const label = (id: string): string => names.get(id)!;
  const parsed = parseText(text);

  // Labels: one per node, distinct, bare exactly when the name is unique.
  const labels = [...names.values()];
  assert.equal(new Set(labels).size, labels.length, 'labels are distinct');
  for (const node of result.nodes) {
    const shared = result.nodes.filter((n) => n.name === node.name).length > 1;
    assert.equal(label(node.id) === node.name, !shared, `label of ${node.id}`);
  }

  // Graph: the multiset of stated edges equals the result's edges, but the self-loops of nodes it names otherwise.
  const stated = parsed.edges.map(([from, type, to]) => `${from} ${type} ${to}`).sort();
  const drawn = drawnEdges(result);
  const expected = drawn.map((e) => `${label(e.from)} ${e.type} ${label(e.to)}`).sort();
  assert.deepEqual(stated, expected, 'edges stated once each');
  const others = result.edges.filter((e) => e.from !== e.to);
  for (const e of result.edges.filter((x) => x.from === x.to)) {
    const named = result.inputs.includes(e.from) || others.some((o) => o.from === e.from || o.to === e.from);
    // A self-loop is stated only where nothing else names its node, or where the answer has nothing else to state.
    assert.equal(drawn.includes(e), !named || others.length === 0 && result.edges.every((x) => x.from === x.to && result.inputs.includes(x.from)), `self-loop of ${label(e.from)}`);
  }

  // Chains are maximal: once a line ends at X, no later line has an edge out of X.
  parsed.graphLines.forEach((line, i) => {
    const end = line.split(/ --[A-Z_]+--> /).at(-1)!;
    const laterFromEnd = parsed.graphLines.slice(i + 1).some((later) => edgeSources(later).includes(end));
    assert.ok(!laterFromEnd, `line ${i + 1} stops at ${end} although ${end} has an edge printed later`);
  });

  // Nodes: exactly the non-input nodes, once each, in result order; all of them are in the Graph.
  const inputs = new Set(result.inputs.map(label));
  const listed = parsed.blocks.map((b) => b.name);
  assert.deepEqual(listed, result.nodes.map((n) => label(n.id)).filter((l) => !inputs.has(l)), 'Nodes blocks');
  const inGraph = new Set(parsed.edges.flatMap(([from, , to]) => [from, to]));
  for (const name of inGraph) assert.ok(inputs.has(name) || listed.includes(name), `${name} has a block`);
  for (const name of listed) assert.ok(inGraph.has(name), `${name} is in the Graph`);

  // Locations: a declaration's own span; a module's, its call lines in the answer (within its span).
  const sites = callLines(result.edges);
  const byLabel = new Map(result.nodes.map((n) => [label(n.id), n]));
  for (const block of parsed.blocks) {
    const node = byLabel.get(block.name)!;
    const own = linesWithin(sites.get(node.id), { offset: node.offset, limit: node.limit });
    const expected = node.kind === 'module' && own.length ? { offset: own[0], limit: own[own.length - 1] - own[0] + 1 } : { offset: node.offset, limit: node.limit };
    assert.deepEqual({ offset: block.offset, limit: block.limit }, expected, `${block.name} offset/limit`);
  }

  // Call lines: `>` marks with a snippet, else one `calls at:` line (but not for a one-line span); inside offset/limit.
  for (const block of parsed.blocks) {
    const node = byLabel.get(block.name)!;
    const inside = linesWithin(sites.get(node.id), block);
    const marked = block.snippet ? markedLines(block.snippet) : [];
    for (const line of [...marked, ...(block.callsAt?.lines ?? [])]) {
      assert.ok(line >= block.offset && line < block.offset + block.limit, `${block.name}: line ${line} outside ${block.offset}+${block.limit}`);
    }
    if (block.snippet) {
      assert.equal(block.callsAt, undefined, `${block.name} has both a snippet and a calls at line`);
      assert.deepEqual(marked, inside.filter((l) => l <= 60), `${block.name} marks its call lines`);
    } else if (block.limit > 1 && inside.length > 0) {
      assert.deepEqual(block.callsAt, { lines: inside.slice(0, 10), more: Math.max(0, inside.length - 10) }, `${block.name} calls at`);
    } else {
      assert.equal(block.callsAt, undefined, `${block.name} has a calls at line with nothing to say`);
    }
  }

  // Ends: pathsBetween's inputs that call into the answer, in the order asked, and nothing else.
  const ends = result.query !== 'pathsBetween' ? [] : result.inputs.flatMap((id) => {
    const node = result.nodes.find((n) => n.id === id);
    const lines = node ? linesWithin(sites.get(id), nodeSpan(node, sites.get(id))) : [];
    return node && lines.length ? [{ name: label(id), file: node.file, callsAt: { lines: lines.slice(0, 10), more: Math.max(0, lines.length - 10) } }] : [];
  });
  assert.deepEqual(parsed.ends, ends, 'path ends');

  // Snippets: never for external nodes, never above 15 blocks, and their counts add up.
  for (const block of parsed.blocks) {
    const node = byLabel.get(block.name)!;
    assert.equal(block.file, node.file);
    if (!block.snippet) continue;
    assert.ok(!node.external, `${block.name} is external but has a snippet`);
    assert.equal(snippets, 'auto', `${block.name} has a snippet although 'none' was asked`);
    assert.ok(parsed.blocks.length <= 15);
    const available = Math.min(block.offset + block.limit - 1, 60) - block.offset + 1;
    assert.equal(snippetCoverage(block.snippet), available, `${block.name} snippet covers its range`);
  }
  const count = parsed.blocks.length;
  const sizeNote = `(snippets omitted due to size: ${count} nodes; Read a node's file at its offset/limit for code)`;
  const notes = count === 0 && ends.length === 0 ? ['(none: the query inputs are not listed)'] : count > 15 ? [sizeNote] : [];
  assert.deepEqual(parsed.nodeNotes, notes, 'Nodes notes');
  for (const line of text.split('\n')) assert.doesNotMatch(line, /\s$/, 'no trailing whitespace');
}

/** Labels that start an edge on a Graph line. */
function edgeSources(line: string): string[] {
  const parts = line.split(/ --[A-Z_]+--> /);
  return parts.slice(0, -1);
}
