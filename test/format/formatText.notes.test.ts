import * as assert from 'node:assert/strict';
import { GraphResult, ListedNode, Truncation, messageResult } from '../../src/core/query/QueryResult';
import { ANSWER_CHARS } from '../../src/core/format/formatMore';
import { formatText } from '../../src/core/format/formatText';
import { fileWith, memorySource } from '../support/memorySource';
import { parseText } from '../support/parseText';
import { call, fn, graph } from '../support/results';

/** The notes and edge cases around spec 000's layout: inputs, size cap, truncation, whitespace. */
describe(`${formatText.name} (notes and edge cases)`, () => {
  it('returns a message result unchanged', () => {
    assert.equal(formatText(messageResult('pathsBetween', 'No path found.', false), memorySource({})), 'No path found.');
  });

  it('keeps the #N of a name shared with an input, whose block is left out', () => {
    const input = fn('save', 'src/a.ts', 1, 1);
    const other = fn('save', 'src/b.ts', 1, 1);
    const text = formatText(graph([input, other], [call(input, other)], [input.id]), memorySource({}));
    assert.equal(text, '## Graph\n\nsave#1 --CALLS--> save#2\n\n## Nodes\n\nsave#2:\n  file: src/b.ts\n  offset: 1, limit: 1\n');
  });

  it('says so when the only nodes are the inputs', () => {
    const [a, b] = [fn('from', 'src/a.ts', 1, 1), fn('to', 'src/b.ts', 1, 1)];
    const text = formatText(graph([a, b], [call(a, b)], [a.id, b.id]), memorySource({}));
    assert.equal(text, '## Graph\n\nfrom --CALLS--> to\n\n## Nodes\n\n(none: the query inputs are not listed)\n');
  });

  it("gives pathsBetween's ends a block of their call lines only, in the order asked, instead of the note", () => {
    const [a, b] = [fn('from', 'src/a.ts', 1, 5), fn('to', 'src/b.ts', 1, 1)];
    const text = formatText({ ...graph([a, b], [call(a, b, [4, 2])], [b.id, a.id]), query: 'pathsBetween' }, memorySource({}));
    assert.equal(text, '## Graph\n\nfrom --CALLS--> to\n\n## Nodes\n\nfrom:\n  file: src/a.ts\n  calls at: 2, 4\n');
    // Not for the other queries, whose input is the one symbol asked about.
    assert.match(formatText(graph([a, b], [call(a, b, [2])], [a.id, b.id]), memorySource({})), /\(none: the query inputs are not listed\)\n$/);
  });

  it("points a module node at its call lines in this answer, not the whole file", () => {
    const mod = { ...fn('src/main.ts', 'src/main.ts', 1, 622), kind: 'module' as const, id: 'src/main.ts#src/main.ts@module' };
    const [target, other] = [fn('target', 'src/t.ts', 1, 1), fn('other', 'src/t.ts', 2, 1)];
    const source = memorySource({ 'src/main.ts': fileWith(622, {}) });
    const text = formatText(graph([target, mod, other], [call(mod, target, [300, 88]), call(mod, other, [92])], [target.id]), source);
    assert.match(text, /\nsrc\/main\.ts:\n {2}file: src\/main\.ts\n {2}offset: 88, limit: 213\n {2}snippet:\n {2}> 88: /);
    // Once the edge from line 300 is cut, the span shrinks to what is left.
    const cut = formatText(graph([target, mod, other], [call(mod, other, [92])], [other.id]), source, { snippets: 'none' });
    assert.match(cut, /\nsrc\/main\.ts:\n {2}file: src\/main\.ts\n {2}offset: 92, limit: 1\n$/);
  });

  it('lists at most 10 call lines and counts the rest', () => {
    const [a, b] = [fn('a', 'src/a.ts', 1, 1), fn('b', 'src/b.ts', 1, 40)];
    const lines = Array.from({ length: 13 }, (_, i) => 40 - i * 3);
    const text = formatText(graph([a, b], [call(b, a, lines)], [a.id]), memorySource({}), { snippets: 'none' });
    assert.match(text, /\n {2}offset: 1, limit: 40\n {2}calls at: 4, 7, 10, 13, 16, 19, 22, 25, 28, 31 \(\+3 more\)\n$/);
  });

  it('omits snippets above 15 listed nodes, with a note, and not at 15', () => {
    const hub = fn('hub', 'src/hub.ts', 1, 3);
    const leaves = Array.from({ length: 16 }, (_, i) => fn(`leaf${i + 1}`, 'src/leaves.ts', 1 + i, 1));
    const source = memorySource({ 'src/leaves.ts': fileWith(16, {}) });
    const big = formatText(graph([hub, ...leaves], leaves.map((l) => call(hub, l)), [hub.id]), source);
    const parsed = parseText(big);
    assert.deepEqual(parsed.graphLines, leaves.map((_, i) => `hub --CALLS--> leaf${i + 1}`));
    assert.ok(
      big.includes(
        "## Nodes\n\n(snippets omitted due to size: 16 nodes; Read a node's file at its offset/limit for code)\n\nleaf1:\n  file: src/leaves.ts\n  offset: 1, limit: 1\n\nleaf2:\n",
      ),
    );
    assert.equal(parsed.blocks.length, 16);
    assert.ok(!big.includes('snippet:'));
    assert.deepEqual(source.reads, [], 'no file is read when no snippet will be shown');

    const fifteen = formatText(graph([hub, ...leaves.slice(0, 15)], leaves.slice(0, 15).map((l) => call(hub, l)), [hub.id]), source);
    assert.equal(parseText(fifteen).blocks.filter((b) => b.snippet).length, 15);
    assert.deepEqual(parseText(fifteen).nodeNotes, []);
  });

  it("leaves snippets out without a note when asked for 'none'", () => {
    const [a, b] = [fn('a', 'src/a.ts', 1, 1), fn('b', 'src/b.ts', 1, 1)];
    const source = memorySource({ 'src/b.ts': ['export function b() {}'] });
    const result = graph([a, b], [call(a, b)], [a.id]);
    assert.match(formatText(result, source), /snippet:\n {4}1: export function b\(\) \{\}\n$/);
    assert.equal(formatText(result, source, { snippets: 'none' }), '## Graph\n\na --CALLS--> b\n\n## Nodes\n\nb:\n  file: src/b.ts\n  offset: 1, limit: 1\n');
  });

  it('puts one truncation line with thousands separators above the Graph', () => {
    const [a, b] = [fn('a', 'src/a.ts', 1, 1), fn('b', 'src/b.ts', 1, 1)];
    const result: GraphResult = { ...graph([a, b], [call(a, b)], [a.id]), truncation: { shownNodes: 1, totalNodes: 1234 } };
    assert.equal(
      formatText(result, memorySource({})),
      'Showing the 1 nearest of 1,234 nodes (BFS from the query); 1,233 more were cut. To see further, query one of the farthest nodes shown.\n\n' +
        '## Graph\n\na --CALLS--> b\n\n## Nodes\n\nb:\n  file: src/b.ts\n  offset: 1, limit: 1\n',
    );
    const early: GraphResult = { ...result, truncation: { shownNodes: 1, totalNodes: 12345678, stoppedEarly: true } };
    assert.equal(
      parseText(formatText(early, memorySource({}))).preface.join('\n'),
      'Showing the 1 nearest of at least 12,345,678 nodes (BFS from the query); at least 12,345,677 more were cut. To see further, query one of the farthest nodes shown.',
    );
  });

  it('names the nodes left out under ## More as far as the budget goes, counts the rest by folder, and says what to query next', () => {
    const [a, b] = [fn('a', 'src/a.ts', 1, 1), fn('b', 'src/b.ts', 1, 1)];
    const entry = (file: string, name: string, line: number): ListedNode => ({ id: `${file}#${name}`, name, kind: name === '<module>' ? 'module' : 'function', file, line });
    const more: ListedNode[] = [
      ...Array.from({ length: 12 }, (_, i) => entry('src/cli/run.ts', `run${i}`, 10 + i)),
      entry('setup.ts', 'setup', 3),
      ...['x', 'y', 'z'].flatMap((f) => Array.from({ length: 9 }, (_, i) => entry(`src/${f}/${f}${i % 2}.ts`, `${f}${i}`, 1 + i))),
      ...Array.from({ length: 1200 }, (_, i) => entry(`test/t${i % 312}.test.ts`, i < 312 ? '<module>' : `FeatureUnderTestSuite.itChecksCaseNumber${i}`, 1 + (i % 7))),
    ];
    const truncation: Truncation = {
      shownNodes: 1,
      totalNodes: 1241,
      more,
      queryNext: [
        { name: 'static User.save', file: 'src/user.ts', cut: 1100 },
        { name: 'run', file: 'src/cli/run.ts', cut: 12 },
      ],
    };
    const result = { ...graph([a, b], [call(a, b)], [a.id]), truncation };
    const line = (maxListed: number) => parseText(formatText(result, memorySource({}), { maxListed })).preface.join('\n');
    const next = 'To see further, query `static User.save` in src/user.ts (1,100 left out next to it), `run` in src/cli/run.ts (12).';
    assert.equal(
      line(0),
      'Showing 1 of 1,241 nodes in detail (code before tests, nearest first); 1,240 more were cut: ' +
        `1,200 in 312 test files; 12 in src/cli; 9 in src/x; 9 in src/y; 9 in src/z; 1 in 1 other folder. ${next}`,
    );
    assert.equal(
      line(13),
      'Showing 1 of 1,241 nodes in detail (code before tests, nearest first); 13 more are named under ## More and 1,227 only counted: ' +
        `1,200 in 312 test files; 9 in src/x; 9 in src/y; 9 in src/z. ${next}`,
    );
    const parsed = parseText(formatText(result, memorySource({}), { maxListed: 40 }));
    // The first 40, regrouped by folder and file (each group where its first entry falls).
    const key = (e: { file: string; name: string; line: number }) => `${e.file} ${e.name}:${e.line}`;
    assert.deepEqual(parsed.more.map(key).sort(), more.slice(0, 40).map(key).sort());
    assert.deepEqual(parsed.more.slice(0, 13).map(key), more.slice(0, 13).map(key));

    // By default as many as the tools' budget allows, the text within it; the rest counted.
    const text = formatText(result, memorySource({}));
    assert.ok(text.length <= ANSWER_CHARS, `${text.length} characters`);
    const named = parseText(text).more.length;
    assert.ok(named > 500 && named < 1240, `${named} named`);
    assert.match(text, new RegExp(`; ${named.toLocaleString('en-US')} more are named under ## More and ${(1240 - named).toLocaleString('en-US')} only counted: [\\d,]+ in \\d+ test files\\. To see`));
    // Everything named when it fits: no counts, and no hint to look further.
    const small = { ...result, truncation: { shownNodes: 1, totalNodes: 14, more: more.slice(0, 13) } };
    assert.equal(parseText(formatText(small, memorySource({}))).preface.join('\n'), 'Showing 1 of 14 nodes in detail (code before tests, nearest first); the other 13 are named under ## More.');
    assert.ok(formatText(small, memorySource({})).endsWith(
      '## More\n\nNot shown in detail, code before tests, nearest first; by folder and file, each `name:line` (`name:line,line` for several of one name; ask about one as the symbol `name:line` with its file):\n' +
        'src/cli/run.ts: run0:10, run1:11, run2:12, run3:13, run4:14, run5:15, run6:16, run7:17, run8:18, run9:19, run10:20, run11:21\n' +
        'setup.ts: setup:3\n',
    ));
  });

  it('## More names the lines of one name in a file once (a test file\'s 150 `Page` components: one name, not 150)', () => {
    const listed = (name: string, line: number): ListedNode => ({ id: `test/q.test.tsx#${name}~${line}@function`, name, kind: 'function', file: 'test/q.test.tsx', line });
    const more = [listed('Page', 50), listed('Wrapper', 60), listed('Page', 75), listed('Page', 164), { ...listed('setup', 3), file: 'test/setup.ts', id: 'test/setup.ts#setup@function' }];
    const [a, b] = [fn('a', 'src/a.ts', 1, 1), fn('b', 'src/b.ts', 1, 1)];
    const result = { ...graph([a, b], [call(a, b)], [a.id]), truncation: { shownNodes: 2, totalNodes: 7, more } };
    const text = formatText(result, memorySource({}));
    assert.ok(text.endsWith('test/\n  q.test.tsx: Page:50,75,164, Wrapper:60\n  setup.ts: setup:3\n'), text);
    // Every entry is still there to ask about, each `name:line`.
    const key = (e: { file: string; name: string; line: number }) => `${e.file} ${e.name}:${e.line}`;
    assert.deepEqual(parseText(text).more.map(key).sort(), more.map(key).sort());
  });

  it('never leaves trailing whitespace, even for blank or space-padded source lines', () => {
    const [a, b] = [fn('a', 'src/a.ts', 1, 1), fn('b', 'src/b.ts', 1, 4)];
    const source = memorySource({ 'src/b.ts': 'function b() {   \r\n\r\n  \treturn 1;\t\r\n}' });
    const text = formatText(graph([a, b], [call(a, b)], [a.id]), source);
    assert.ok(text.endsWith('  snippet:\n    1: function b() {\n    2:\n    3:   \treturn 1;\n    4: }\n'), text);
    for (const line of text.split('\n')) assert.doesNotMatch(line, /\s$/);
  });
});
