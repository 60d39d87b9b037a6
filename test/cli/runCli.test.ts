import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { runCli } from '../../src/cli/runCli';
import { usageText } from '../../src/cli/usageText';
import { createFileSourceReader } from '../../src/core/format/FileSourceReader';
import { formatMermaid } from '../../src/core/format/formatMermaid';
import { formatText } from '../../src/core/format/formatText';
import { GraphResult, messageResult } from '../../src/core/query/QueryResult';
import { handBuiltGraph, nodes } from './handBuiltGraph';
import { runCaptured } from './runCaptured';

const graphResult: GraphResult = {
  kind: 'graph',
  query: 'dependentsOf',
  inputs: [nodes.formatDate.id],
  nodes: [nodes.formatDate, nodes.handle],
  edges: [{ from: nodes.handle.id, to: nodes.formatDate.id, type: 'CALLS', lines: [5] }],
};

describe(runCli.name, () => {
  let ws: string;
  before(() => {
    ws = fs.mkdtempSync(path.join(os.tmpdir(), 'ts-code-graph-cli-'));
    fs.mkdirSync(path.join(ws, 'src'));
    fs.writeFileSync(path.join(ws, 'src', 'b.ts'), 'export function formatDate() {}\n');
    fs.writeFileSync(path.join(ws, 'tsconfig.json'), '{}\n');
  });
  after(() => fs.rmSync(ws, { recursive: true, force: true }));

  describe('without indexing', () => {
    it('prints the usage on stdout for --help, exit 0', async () => {
      const run = await runCaptured(['--help'], ws);
      assert.deepEqual(run, { code: 0, stdout: usageText, stderr: '' });
      for (const command of ['dependenciesOf <file> <symbol>', 'dependentsOf', 'pathsBetween', 'export', 'stats', '--root', '--format']) {
        assert.ok(usageText.includes(command), command);
      }
    });

    it('prints our package version for --version, exit 0', async () => {
      const pkg = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', '..', 'package.json'), 'utf8')) as { version: string };
      assert.deepEqual(await runCaptured(['--version'], ws), { code: 0, stdout: `${pkg.version}\n`, stderr: '' });
    });

    for (const [title, argv] of [
      ['no command', []],
      ['an unknown command', ['callers', 'src/b.ts', 'formatDate']],
      ['a missing argument', ['dependentsOf', 'src/b.ts']],
      ['a bad --format', ['dependentsOf', 'src/b.ts', 'formatDate', '--format', 'xml']],
      ['an unknown option', ['stats', '--depth=3']],
    ] as const) {
      it(`exits 2 with the message and the --help hint on stderr only, for ${title}`, async () => {
        const { deps, opened } = handBuiltGraph(ws, graphResult);
        const run = await runCaptured([...argv], ws, deps);
        assert.equal(run.code, 2);
        assert.equal(run.stdout, '');
        assert.match(run.stderr, /\nRun 'ts-code-graph --help' for usage\.\n$/);
        assert.equal(run.stderr.split('\n').length, 3, 'one message line, one hint line');
        assert.equal(opened.length, 0, 'bad input is rejected before indexing');
      });
    }

    it('exits 2 when --root is missing or not a directory, resolving it against the cwd', async () => {
      const { deps, opened } = handBuiltGraph(ws, graphResult);
      const missing = await runCaptured(['--root', 'nope', 'stats'], ws, deps);
      assert.deepEqual(missing, {
        code: 2,
        stdout: '',
        stderr: `Root is not a directory: ${path.join(ws, 'nope')}. Pass an existing workspace folder with --root.\n`,
      });
      const file = await runCaptured(['--root', 'tsconfig.json', 'stats'], ws, deps);
      assert.equal(file.code, 2);
      assert.match(file.stderr, /^Root is not a directory: /);
      assert.equal(opened.length, 0);
    });

    it('exits 2 when --tsconfig does not exist', async () => {
      const { deps, opened } = handBuiltGraph(ws, graphResult);
      const run = await runCaptured(['--tsconfig', 'missing.json', 'stats'], ws, deps);
      assert.equal(run.code, 2);
      assert.equal(run.stdout, '');
      assert.equal(run.stderr, `tsconfig not found: ${path.join(ws, 'missing.json')}. --tsconfig is relative to the current directory.\n`);
      assert.equal(opened.length, 0);
    });
  });

  describe('with a graph', () => {
    it('opens the absolute root and tsconfig, quietly unless --verbose', async () => {
      const { deps, opened } = handBuiltGraph(ws, graphResult);
      const run = await runCaptured(['--root', '.', '--tsconfig', 'tsconfig.json', 'stats'], ws, deps);
      assert.equal(run.code, 0);
      assert.equal(run.stderr, '');
      assert.equal(opened[0].root, ws);
      assert.equal(opened[0].tsconfig, path.join(ws, 'tsconfig.json'));
      assert.equal(opened[0].onProgress, undefined);
    });

    it('logs to stderr with --verbose and leaves stdout the answer alone', async () => {
      const { deps } = handBuiltGraph(ws, graphResult);
      const quiet = await runCaptured(['dependentsOf', 'src/b.ts', 'formatDate'], ws, deps);
      const verbose = await runCaptured(['--verbose', 'dependentsOf', 'src/b.ts', 'formatDate'], ws, deps);
      assert.equal(verbose.stdout, quiet.stdout);
      assert.equal(verbose.stderr, 'indexing the hand-built graph\nIndexed 2 files: 5 nodes, 3 edges in 1234 ms\n');
    });

    it('passes the query arguments through and prints formatText of the result, exit 0', async () => {
      const { deps, calls } = handBuiltGraph(ws, graphResult);
      const run = await runCaptured(['dependentsOf', 'src/b.ts', 'formatDate'], ws, deps);
      assert.deepEqual(calls, [['dependentsOf', 'src/b.ts', 'formatDate']]);
      const expected = formatText(graphResult, createFileSourceReader(ws));
      assert.deepEqual(run, { code: 0, stdout: expected.endsWith('\n') ? expected : `${expected}\n`, stderr: '' });
    });

    it('calls each query with its own arguments', async () => {
      const { deps, calls } = handBuiltGraph(ws, graphResult);
      await runCaptured(['dependenciesOf', 'src/a.ts', 'handle'], ws, deps);
      await runCaptured(['pathsBetween', 'src/a.ts', 'handle', 'src/b.ts', 'formatDate'], ws, deps);
      assert.deepEqual(calls, [
        ['dependenciesOf', 'src/a.ts', 'handle'],
        ['pathsBetween', { file_path: 'src/a.ts', symbol: 'handle' }, { file_path: 'src/b.ts', symbol: 'formatDate' }],
      ]);
    });

    it('prints the QueryResult itself for --format json and formatMermaid for --format mermaid', async () => {
      const { deps } = handBuiltGraph(ws, graphResult);
      const json = await runCaptured(['dependentsOf', 'src/b.ts', 'formatDate', '--format', 'json'], ws, deps);
      assert.equal(json.code, 0);
      assert.deepEqual(JSON.parse(json.stdout), graphResult);
      const mermaid = await runCaptured(['dependentsOf', 'src/b.ts', 'formatDate', '--format', 'mermaid'], ws, deps);
      assert.equal(mermaid.code, 0);
      assert.equal(mermaid.stdout.replace(/\n$/, ''), formatMermaid(graphResult).replace(/\n$/, ''));
    });

    it('treats a message that is not an error ("No path found.") as an answer: stdout, exit 0', async () => {
      const { deps } = handBuiltGraph(ws, messageResult('pathsBetween', 'No path found.', false));
      const run = await runCaptured(['pathsBetween', 'src/a.ts', 'handle', 'src/b.ts', 'formatDate'], ws, deps);
      assert.deepEqual(run, { code: 0, stdout: 'No path found.\n', stderr: '' });
    });

    for (const format of ['text', 'json', 'mermaid', 'html']) {
      it(`treats an error message (unknown symbol) as bad input in ${format}: stderr only, exit 2`, async () => {
        const message = "Symbol 'nope' not found in src/b.ts. Symbols in that file: formatDate.";
        const { deps } = handBuiltGraph(ws, messageResult('dependentsOf', message, true));
        const run = await runCaptured(['dependentsOf', 'src/b.ts', 'nope', '--format', format], ws, deps);
        assert.deepEqual(run, { code: 2, stdout: '', stderr: `${message}\n` });
      });
    }

    it('reports an internal error in one line without a stack, exit 1 (the stack only with --verbose)', async () => {
      const failing = { openGraph: async () => Promise.reject(new Error('indexer exploded.\n    at somewhere (x.ts:1:1)')) };
      const run = await runCaptured(['stats'], ws, failing);
      assert.deepEqual(run, {
        code: 1,
        stdout: '',
        stderr: 'ts-code-graph failed unexpectedly: indexer exploded. Please report it with the --verbose output.\n',
      });
      const verbose = await runCaptured(['--verbose', 'stats'], ws, failing);
      assert.equal(verbose.code, 1);
      assert.match(verbose.stderr, /\n {4}at /);
    });
  });
});

describe('runCli mcp', () => {
  it('checks --root and --tsconfig, then hands the absolute paths to the MCP server', async () => {
    const served: { root: string; tsconfig?: string }[] = [];
    const deps = { openGraph: () => Promise.reject(new Error('mcp must not index in the CLI')), serveMcp: async (w: { root: string; tsconfig?: string }) => (served.push(w), 0) };
    const cwd = path.resolve(__dirname, '../../../test/fixtures');
    const io = () => {
      const out = { stdout: '', stderr: '' };
      return { out, io: { stdout: (s: string) => void (out.stdout += s), stderr: (s: string) => void (out.stderr += s), cwd } };
    };
    const ok = io();
    assert.equal(await runCli(['mcp', '--root', 'sample', '--tsconfig', 'sample/tsconfig.json'], ok.io, deps), 0);
    assert.equal(await runCli(['mcp', '--root', 'sample', '--exclude', 'src/db'], ok.io, deps), 0);
    assert.deepEqual(served, [
      { root: path.join(cwd, 'sample'), tsconfig: path.join(cwd, 'sample', 'tsconfig.json'), exclude: [] },
      { root: path.join(cwd, 'sample'), tsconfig: undefined, exclude: ['src/db'] },
    ]);
    const bad = io();
    assert.equal(await runCli(['mcp', '--root', 'no-such-dir'], bad.io, deps), 2);
    assert.match(bad.out.stderr, /^Root is not a directory: .*no-such-dir\. Pass an existing workspace folder with --root\./);
    assert.equal(served.length, 2);
  });
});
