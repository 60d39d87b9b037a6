import * as assert from 'node:assert/strict';
import { spawn } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { markedLines, ParsedBlock, parseText } from '../support/parseText';
import { mcpTools } from '../../src/tools/toolMetadata';
import { HOSTILE, hostileFiles, writeWorkspace } from '../support/hostileWorkspace';
import { REPO_ROOT } from '../support/loadFixture';
import { upgradeDependency, writeDependencyWorkspace } from '../support/dependencyWorkspace';
import { generateWorkspace } from '../../bench/generateWorkspace';
import { PROMPTLY_MS, runBuiltCli } from './builtArtifacts';
import { BUILT_MCP, McpRun, callText, copyFixture, startMcp, tempDir } from './mcpClient';

/**
 * Issue 10: the built MCP server (dist/mcp.js, what `ts-code-graph mcp` runs) driven by the
 * official SDK client over stdio, on a copy of the fixture that needs the standard library (a
 * server whose worker lost its lib.*.d.ts would drop the calls through inferred types).
 */
describe('built dist/mcp.js (MCP server, official SDK client)', function () {
  this.timeout(180_000);

  const clone = { file_path: 'src/TableColumn.ts', symbol: 'TableColumn.clone' };
  /** The CLI's answer on the same workspace: what the MCP tools must say word for word. */
  const cliText = (root: string, ...args: string[]): string => {
    const r = runBuiltCli(['--root', root, ...args]);
    assert.equal(r.code, 0, r.stderr);
    return r.stdout.trimEnd();
  };

  describe('on one server', () => {
    let root: string;
    let mcp: McpRun;
    before(async () => {
      root = copyFixture('stdlib-inference');
      mcp = await startMcp({ args: ['--root', root] });
    });
    after(async () => {
      await mcp?.close();
    });

    it('lists the three tools with the metadata the LM tools are generated from', async () => {
      const { tools } = await mcp.client.listTools();
      const expected = mcpTools();
      assert.deepEqual(tools.map((t) => t.name), ['dependenciesOf', 'dependentsOf', 'pathsBetween']);
      for (const [i, tool] of tools.entries()) {
        assert.equal(tool.description, expected[i].description);
        assert.deepEqual(tool.inputSchema, expected[i].inputSchema);
        assert.equal(tool.annotations?.readOnlyHint, true);
      }
      // …and package.json's languageModelTools (what Copilot sees) have the same schemas.
      const pkg = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { contributes: { languageModelTools: { inputSchema: unknown }[] } };
      assert.deepEqual(tools.map((t) => t.inputSchema), pkg.contributes.languageModelTools.map((t) => t.inputSchema));
    });

    it('answers each tool with exactly the CLI text, including calls only the standard library makes visible', async () => {
      const dependents = await callText(mcp.client, 'dependentsOf', clone);
      assert.equal(dependents.isError, false);
      assert.match(dependents.text, /^Table\.clone --CALLS--> TableColumn\.clone$/m);
      assert.match(dependents.text, /^rename --CALLS--> TableColumn\.clone$/m);
      assert.equal(dependents.text.trimEnd(), cliText(root, 'dependentsOf', clone.file_path, clone.symbol));

      const dependencies = await callText(mcp.client, 'dependenciesOf', { file_path: 'src/uses.ts', symbol: 'viaNarrowing' });
      assert.match(dependencies.text, /Circle\.area/);
      assert.equal(dependencies.text.trimEnd(), cliText(root, 'dependenciesOf', 'src/uses.ts', 'viaNarrowing'));

      const paths = await callText(mcp.client, 'pathsBetween', { from: { file_path: 'src/runner.ts', symbol: 'rename' }, to: clone });
      assert.match(paths.text, /^rename --CALLS--> TableColumn\.clone$/m);
      assert.equal(paths.text.trimEnd(), cliText(root, 'pathsBetween', 'src/runner.ts', 'rename', clone.file_path, clone.symbol));
    });

    it('answers bad input with the actionable text as an error result, and keeps serving', async () => {
      const unknownFile = await callText(mcp.client, 'dependentsOf', { file_path: 'src/TableColumns.ts', symbol: 'TableColumn.clone' });
      assert.equal(unknownFile.isError, true);
      assert.match(unknownFile.text, /src\/TableColumn\.ts/, 'suggests the closest file');

      const unknownSymbol = await callText(mcp.client, 'dependenciesOf', { file_path: 'src/TableColumn.ts', symbol: 'TableColumn.clon' });
      assert.equal(unknownSymbol.isError, true);
      assert.match(unknownSymbol.text, /TableColumn\.clone/, 'suggests the closest symbol');

      for (const outside of ['/etc/passwd', '../../../../etc/passwd']) {
        const r = await callText(mcp.client, 'dependentsOf', { file_path: outside, symbol: 'x' });
        assert.equal(r.isError, true);
        assert.match(r.text, /outside the workspace/, outside);
      }

      const missing = await callText(mcp.client, 'pathsBetween', { from: clone });
      assert.deepEqual(missing, { text: 'Invalid input: to must be an object like {"file_path": "src/utils/format.ts", "symbol": "formatDate"}.', isError: true });
      const wrongType = await callText(mcp.client, 'dependentsOf', { file_path: 42, symbol: 'x' });
      assert.match(wrongType.text, /^Invalid input: file_path must be a string/);
      const unknownTool = await callText(mcp.client, 'callersOf', clone);
      assert.equal(unknownTool.isError, true);
      assert.match(unknownTool.text, /Unknown tool 'callersOf'.*dependenciesOf, dependentsOf, pathsBetween/);

      const huge = await callText(mcp.client, 'dependentsOf', { file_path: 'src/TableColumn.ts', symbol: 'x'.repeat(100_000) });
      assert.equal(huge.isError, true);
      assert.ok(huge.text.length < 2_000, 'the message does not echo a 100k-character argument whole');

      assert.equal((await callText(mcp.client, 'dependentsOf', clone)).isError, false, 'still serving');
    });

    it('refuses a 1 MB argument at once, in a few words, while a parallel call still answers', async () => {
      const parallel = callText(mcp.client, 'dependentsOf', clone);
      const started = Date.now();
      const huge = await callText(mcp.client, 'dependenciesOf', { file_path: `src/${'x'.repeat(1024 * 1024)}.ts`, symbol: 'f' });
      const millis = Date.now() - started;
      assert.equal(huge.isError, true);
      assert.match(huge.text, /^Invalid input: file_path is 1048583 characters long; at most 4096 are accepted\./);
      assert.ok(huge.text.length < 400, huge.text);
      assert.ok(millis < PROMPTLY_MS, `answered in ${millis} ms`);
      const other = await parallel;
      assert.equal(other.isError, false);
      assert.match(other.text, /^rename --CALLS--> TableColumn\.clone$/m);
    });

    it('stays fresh: a file written, created or deleted just before a call is in its answer (the CLI re-indexing from scratch agrees)', async () => {
      const expectFresh = async (mustMatch: RegExp, mustNot?: RegExp): Promise<void> => {
        const r = await callText(mcp.client, 'dependentsOf', clone);
        assert.match(r.text, mustMatch);
        if (mustNot) assert.doesNotMatch(r.text, mustNot);
        assert.equal(r.text.trimEnd(), cliText(root, 'dependentsOf', clone.file_path, clone.symbol));
      };
      // created
      fs.writeFileSync(path.join(root, 'src/extra.ts'), 'import { TableColumn } from "./TableColumn"\nexport function copyColumn(c: TableColumn) { return c.clone() }\n');
      await expectFresh(/^copyColumn --CALLS--> TableColumn\.clone$/m);
      // edited: rename no longer calls clone
      const runner = path.join(root, 'src/runner.ts');
      fs.writeFileSync(runner, fs.readFileSync(runner, 'utf8').replace('return col.clone()', 'return col'));
      await expectFresh(/^copyColumn --CALLS--> TableColumn\.clone$/m, /^rename --CALLS-->/m);
      // deleted
      fs.rmSync(path.join(root, 'src/extra.ts'));
      await expectFresh(/^Table\.clone --CALLS--> TableColumn\.clone$/m, /copyColumn/);
    });

    it('writes only protocol messages on stdout: its logs are on stderr', async () => {
      // Work that logs (indexing, an answer, an error answer) before stdout is read for stray lines.
      await callText(mcp.client, 'dependentsOf', clone);
      await callText(mcp.client, 'dependenciesOf', { file_path: 'src/none.ts', symbol: 'x' });
      await mcp.stderrMatching(/ts-code-graph mcp: info: ready: \d+ files/);
      assert.deepEqual(mcp.protocolErrors(), [], 'lines on stdout the client could not read as JSON-RPC');
    });
  });

  describe('on overloads and top-level code (issue 33: locations an agent reads next)', () => {
    let root: string;
    let mcp: McpRun;
    before(async () => {
      root = copyFixture('overloads');
      mcp = await startMcp({ args: ['--root', root] });
    });
    after(async () => {
      await mcp?.close();
    });

    /** Every `>` and `calls at:` line of every block lies inside that block's offset/limit; returns the blocks. */
    const blocksWithLinesInside = (text: string): ParsedBlock[] => {
      const parsed = parseText(text);
      for (const b of parsed.blocks) {
        for (const line of [...(b.snippet ? markedLines(b.snippet) : []), ...(b.callsAt?.lines ?? [])]) {
          assert.ok(line >= b.offset && line < b.offset + b.limit, `${b.name}: line ${line} outside offset ${b.offset}, limit ${b.limit}`);
        }
      }
      return parsed.blocks;
    };
    const block = (blocks: ParsedBlock[], name: string): ParsedBlock => blocks.find((b) => b.name === name) ?? assert.fail(`no block ${name}`);

    it("spans an overloaded function or method to its implementation's end, so its call lines fall inside", async () => {
      const deps = await callText(mcp.client, 'dependenciesOf', { file_path: 'src/main.ts', symbol: 'run' });
      const mergeMap = block(blocksWithLinesInside(deps.text), 'mergeMap');
      assert.deepEqual([mergeMap.offset, mergeMap.limit], [9, 39], 'first signature (9) to the end of the implementation (47)');
      assert.deepEqual(markedLines(mergeMap.snippet!), [41, 43, 45, 46]);
      assert.equal(deps.text.trimEnd(), cliText(root, 'dependenciesOf', 'src/main.ts', 'run'));

      const save = await callText(mcp.client, 'dependentsOf', { file_path: 'src/repository.ts', symbol: 'Repository.persist' });
      const blocks = blocksWithLinesInside(save.text);
      assert.deepEqual(markedLines(block(blocks, 'Repository.save').snippet!), [29]);
      const module = block(blocks, 'src/main.ts');
      assert.deepEqual([module.offset, module.limit], [27, 2], 'top-level code: its call lines, not the whole file');
      assert.equal(save.text.trimEnd(), cliText(root, 'dependentsOf', 'src/repository.ts', 'Repository.persist'));
    });

    it("keeps call lines without snippets and at pathsBetween's ends", async () => {
      const many = await callText(mcp.client, 'dependentsOf', { file_path: 'src/many.ts', symbol: 'trace' });
      assert.match(many.text, /snippets omitted due to size: 16 nodes/);
      assert.deepEqual(block(blocksWithLinesInside(many.text), 'twice').callsAt, { lines: [23, 24, 25], more: 0 });

      const path = await callText(mcp.client, 'pathsBetween', { from: { file_path: 'src/main.ts', symbol: 'run' }, to: { file_path: 'src/map.ts', symbol: 'map' } });
      assert.deepEqual(parseText(path.text).ends, [{ name: 'run', file: 'src/main.ts', callsAt: { lines: [21], more: 0 } }]);
      assert.equal(path.text.trimEnd(), cliText(root, 'pathsBetween', 'src/main.ts', 'run', 'src/map.ts', 'map'));
    });
  });

  it('a call that arrives while the first index runs waits for it, hearing its progress', async () => {
    const root = copyFixture('stdlib-inference');
    const mcp = await startMcp({ args: ['--root', root] });
    try {
      const progress: number[] = [];
      // The index (a program with the standard library: seconds) is not done when the call goes out…
      assert.doesNotMatch(mcp.stderr(), /ready:/);
      const r = await callText(mcp.client, 'dependentsOf', clone, (p) => progress.push(p.progress));
      assert.match(r.text, /^Table\.clone --CALLS--> TableColumn\.clone$/m);
      assert.ok(progress.length > 0, 'progress notifications while the call waited');
      // …and is when the answer comes: the call waited for it rather than answering from a partial graph.
      await mcp.stderrMatching(/ready:/);
    } finally {
      await mcp.close();
    }
  });

  // Issue 39: --exclude reaches the worker's index (and the watcher) through the built server.
  it('--exclude leaves a folder out, and a call about it says which glob did', async () => {
    const root = copyFixture('stdlib-inference');
    const mcp = await startMcp({ args: ['--root', root, '--exclude', 'src/run*', '--exclude', 'src/widget.ts'] });
    try {
      const r = await callText(mcp.client, 'dependenciesOf', { file_path: 'src/runner.ts', symbol: 'rename' });
      assert.equal(r.isError, true);
      assert.equal(r.text, 'File not indexed: src/runner.ts. It exists on disk, but it is left out by the exclude glob `src/run*`.');
      // The rest is indexed: clone's other caller is there, rename is not.
      const dependents = await callText(mcp.client, 'dependentsOf', clone);
      assert.match(dependents.text, /^Table\.clone --CALLS--> TableColumn\.clone$/m);
      assert.doesNotMatch(dependents.text, /rename/);
    } finally {
      await mcp.close();
    }
  });

  it('a cancelled call (notifications/cancelled) is dropped by the worker, and the server keeps answering', async () => {
    const root = copyFixture('stdlib-inference');
    const mcp = await startMcp({ args: ['--root', root] });
    try {
      const abort = new AbortController();
      // Cancelled while it waits for the first index: the worker drops it instead of answering it.
      const cancelled = mcp.client.callTool({ name: 'dependentsOf', arguments: clone }, undefined, { signal: abort.signal, onprogress: () => abort.abort('the user gave up') });
      await assert.rejects(cancelled, /gave up|abort/i);
      await mcp.stderrMatching(/dependentsOf cancelled by its caller/);
      assert.match((await callText(mcp.client, 'dependentsOf', clone)).text, /^rename --CALLS--> TableColumn\.clone$/m);
    } finally {
      await mcp.close();
    }
  });

  it('a start from a valid cache answers from the cached graph while the TypeScript programs are built behind it', async () => {
    const root = tempDir('mcp-cached-start-');
    generateWorkspace(root, { files: 1_000, functionsPerFile: 5, fanOut: 2, filesPerModule: 20, jsxEvery: 10, seed: 1 });
    const cacheHome = tempDir('mcp-cached-start-xdg-');
    const hub = { file_path: 'src/core/hub.ts', symbol: 'Logger' };
    // The whole answer, and the cache written before the client leaves: on a slow machine a first answer
    // can come before the index, and a client leaving then leaves no cache (seen in CI).
    const first = await startMcp({ args: ['--root', root], cacheHome, env: { TS_CODE_GRAPH_FIRST_ANSWER_MS: '600000' } });
    let before: string;
    try {
      before = (await callText(first.client, 'dependentsOf', hub)).text;
      await first.stderrMatching(/ts-code-graph mcp: info: ready: \d+ files/, 120_000);
    } finally {
      await first.close();
    }
    const second = await startMcp({ args: ['--root', root], cacheHome });
    try {
      // Asked at once: the graph loads from the cache in well under the time the programs take.
      const after = await callText(second.client, 'dependentsOf', hub);
      assert.equal(after.text, before);
      // The worker counts the queries it answered while it built the programs: a log line, not a race
      // between the answer and the log's pipe.
      const log = await second.stderrMatching(/ready for updates in \d+ ms \(TypeScript programs built[^)]*\)/, 120_000);
      assert.match(log, /graph cache: loaded whole/);
      assert.match(log, /ready for updates in \d+ ms \(TypeScript programs built; 1 query answered from the cached graph meanwhile\)/);
    } finally {
      await second.close();
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('follows a dependency upgrade: typings rewritten in node_modules (not watched) and the lock file written', async () => {
    const root = writeDependencyWorkspace();
    const mcp = await startMcp({ args: ['--root', root] });
    try {
      const go = { file_path: 'src/main.ts', symbol: 'go' };
      assert.match((await callText(mcp.client, 'dependenciesOf', go)).text, /^go --CALLS--> Alpha\.run$/m);
      upgradeDependency(root, 'package-lock.json');
      const after = await callText(mcp.client, 'dependenciesOf', go);
      assert.match(after.text, /^go --CALLS--> Beta\.run$/m);
      assert.equal(after.text.trimEnd(), cliText(root, 'dependenciesOf', go.file_path, go.symbol));
    } finally {
      await mcp.close();
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('restarts from the graph cache in the XDG cache directory, with the same answers', async () => {
    const root = copyFixture('stdlib-inference');
    const cacheHome = tempDir('mcp-xdg-');
    // The whole answers: a first answer given before the index (a slow start, a loaded machine) leaves no
    // cache if the client stops the server then, which is not what this test is about.
    const WHOLE_ANSWERS = { TS_CODE_GRAPH_FIRST_ANSWER_MS: '600000' };
    const first = await startMcp({ args: ['--root', root], cacheHome, env: WHOLE_ANSWERS });
    const before = await callText(first.client, 'dependentsOf', clone);
    // The index writes the cache when it is done, which may be after this answer (the answer needs the
    // query's project only); a client leaving earlier leaves no cache, and that is not what this is about.
    await first.stderrMatching(/ts-code-graph mcp: info: ready: \d+ files/, 120_000);
    await first.close();
    const dirs = fs.readdirSync(path.join(cacheHome, 'ts-code-graph'));
    assert.equal(dirs.length, 1);
    assert.match(dirs[0], new RegExp(`^${path.basename(root)}-[0-9a-f]{16}$`));
    // Its graph worker is the CLI bundle's thread, which keeps V8's compiled code of the core as the CLI does.
    // (And of TypeScript 6, dist/typescript.js, which read the configs.)
    assert.match(fs.readdirSync(path.join(cacheHome, 'ts-code-graph-code')).sort().join(' '), /^typescript\.js-[0-9a-f]{20}-[0-9a-f]{12}\.v8 workerCore\.js-[0-9a-f]{20}-[0-9a-f]{12}\.v8$/);

    const second = await startMcp({ args: ['--root', root], cacheHome, env: WHOLE_ANSWERS });
    try {
      const after = await callText(second.client, 'dependentsOf', clone);
      assert.equal(after.text, before.text);
      await second.stderrMatching(/graph cache: loaded whole/);
      // An edit applied just before the server stops is in the cache too (written on shutdown, not 5 s later).
      fs.writeFileSync(path.join(root, 'src/extra.ts'), 'import { TableColumn } from "./TableColumn"\nexport function copyColumn(c: TableColumn) { return c.clone() }\n');
      assert.match((await callText(second.client, 'dependentsOf', clone)).text, /^copyColumn --CALLS--> TableColumn\.clone$/m);
      // Loaded whole, the worker built the programs at once, before that edit's update.
      await second.stderrMatching(/ready for updates in \d+ ms \(TypeScript programs built[^)]*\)/);
    } finally {
      await second.close();
    }
    const third = await startMcp({ args: ['--root', root], cacheHome, env: WHOLE_ANSWERS });
    try {
      assert.match((await callText(third.client, 'dependentsOf', clone)).text, /^copyColumn --CALLS--> TableColumn\.clone$/m);
      await third.stderrMatching(/graph cache: loaded whole/);
    } finally {
      await third.close();
    }
  });

  describe('raw stdio', () => {
    /** The built server with nothing but pipes: what a client that sends garbage sees. */
    function rawServer(root: string, command: string[] = [BUILT_MCP]) {
      const child = spawn(process.execPath, [...command, '--root', root], { env: { ...process.env, XDG_CACHE_HOME: tempDir('mcp-raw-') }, stdio: ['pipe', 'pipe', 'pipe'] });
      let out = '';
      let err = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString('utf8')));
      child.stderr.on('data', (d: Buffer) => (err += d.toString('utf8')));
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      const lines = (): Record<string, unknown>[] => out.split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as Record<string, unknown>);
      const waitFor = async (pred: (m: Record<string, unknown>) => boolean): Promise<Record<string, unknown>> => {
        for (let i = 0; i < 600; i++) {
          const found = lines().find(pred);
          if (found) return found;
          await new Promise((r) => setTimeout(r, 100));
        }
        throw new Error(`no such message; stdout so far:\n${out}`);
      };
      return { child, exited, lines, waitFor, stderr: () => err, send: (s: string) => child.stdin.write(`${s}\n`) };
    }

    it('answers malformed JSON-RPC per the protocol, keeps serving, and exits 0 when stdin closes', async () => {
      const server = rawServer(copyFixture('stdlib-inference'));
      server.send('{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}');
      server.send('this is not json');
      server.send('{"id":5,"method":"tools/list"}');
      server.send('[{"jsonrpc":"2.0","id":6,"method":"ping"}]');
      server.send('{"jsonrpc":"2.0","id":7,"method":"no/such/method"}');
      server.send('{"jsonrpc":"2.0","id":8,"method":"tools/list"}');
      const parse = await server.waitFor((m) => m.id === null && (m.error as { code: number })?.code === -32700);
      assert.match((parse.error as { message: string }).message, /^Parse error/);
      assert.equal(((await server.waitFor((m) => m.id === 5)).error as { code: number }).code, -32600);
      assert.match(((await server.waitFor((m) => m.id === null && /batches/.test(JSON.stringify(m)))).error as { message: string }).message, /batches are not supported/);
      assert.equal(((await server.waitFor((m) => m.id === 7)).error as { code: number }).code, -32601);
      const listed = await server.waitFor((m) => m.id === 8);
      assert.equal((listed.result as { tools: unknown[] }).tools.length, 3);
      // stdout carried protocol messages only: every line is JSON-RPC 2.0
      for (const m of server.lines()) assert.equal(m.jsonrpc, '2.0');
      server.child.stdin.end();
      assert.equal(await server.exited, 0);
    });

    const initialize = '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}';

    for (const how of ['stdin closing', 'SIGTERM', 'SIGINT'] as const) {
      it(`\`ts-code-graph mcp\` (the CLI bundle, what the README's configs run) exits 0 promptly after ${how}`, async () => {
        const server = rawServer(copyFixture('stdlib-inference'), [path.join(REPO_ROOT, 'dist', 'cli.js'), 'mcp']);
        server.send(initialize);
        server.send('{"jsonrpc":"2.0","method":"notifications/initialized"}');
        server.send(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"dependentsOf","arguments":${JSON.stringify(clone)}}}`);
        assert.match(JSON.stringify(await server.waitFor((m) => m.id === 2)), /rename --CALLS--> TableColumn\.clone/);
        const started = Date.now();
        if (how === 'stdin closing') server.child.stdin.end();
        else server.child.kill(how);
        assert.equal(await server.exited, 0);
        const millis = Date.now() - started;
        assert.ok(millis < PROMPTLY_MS, `exited ${millis} ms after ${how}`);
      });
    }

    it('answers tools/call with arguments that are not an object with -32602 in one line', async () => {
      const server = rawServer(copyFixture('stdlib-inference'));
      server.send(initialize);
      server.send('{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"dependentsOf","arguments":null}}');
      const answer = await server.waitFor((m) => m.id === 2);
      assert.deepEqual(answer.error, { code: -32602, message: 'Invalid params: tools/call takes params {"name": "<tool>", "arguments": {...}}; arguments was null, not an object.' });
      server.child.stdin.end();
      assert.equal(await server.exited, 0);
    });

    it('exits 0 when stdin closes in the middle of the first index, logging no error: stopping it is not a failure', async () => {
      const server = rawServer(copyFixture('stdlib-inference'));
      // The index has begun (its first program is being built) when the client leaves.
      for (let i = 0; i < 600 && !/configs read with/.test(server.stderr()); i++) await new Promise((r) => setTimeout(r, 50));
      server.child.stdin.end();
      assert.equal(await server.exited, 0);
      assert.doesNotMatch(server.stderr(), /error:/);
    });
  });

  it('`ts-code-graph mcp` (the CLI bundle) starts the same server; bad --root is refused before it starts', async () => {
    const root = copyFixture('stdlib-inference');
    const mcp = await startMcp({ command: process.execPath, args: [path.join(REPO_ROOT, 'dist', 'cli.js'), 'mcp', '--root', root] });
    try {
      assert.equal((await mcp.client.listTools()).tools.length, 3);
      assert.match((await callText(mcp.client, 'dependentsOf', clone)).text, /^rename --CALLS--> TableColumn\.clone$/m);
    } finally {
      await mcp.close();
    }
    const bad = runBuiltCli(['mcp', '--root', path.join(root, 'nope')]);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /^Root is not a directory: .*nope/);
    assert.equal(bad.stdout, '');
  });
});

describe('built dist/mcp.js when its graph worker runs out of memory', function () {
  this.timeout(180_000);

  // Issue 39: on payload the server restarted a worker that ran out of memory minutes into every index.
  it('out of memory while indexing: no restart, every call says what happened and which setting raises the limit, and it keeps serving', async () => {
    // A heap far too small for the compiler: the worker runs out of memory while it indexes (the
    // in-process compiler's heap is the worker's; the native one has its own process).
    const root = copyFixture('stdlib-inference');
    process.env.TS_CODE_GRAPH_WORKER_HEAP_MB = '40';
    process.env.TS_CODE_GRAPH_COMPILER = 'inprocess';
    let mcp: McpRun;
    try {
      mcp = await startMcp({ args: ['--root', root] });
    } finally {
      delete process.env.TS_CODE_GRAPH_WORKER_HEAP_MB;
      delete process.env.TS_CODE_GRAPH_COMPILER;
    }
    try {
      const expected =
        "The TS Code Graph index is not available: the graph worker ran out of memory (its heap limit is 40 MB): it ran out of memory before it finished indexing, and indexing again with the same limit would too, so it is not restarted. To index this workspace, raise the limit (set TS_CODE_GRAPH_WORKER_HEAP_MB to more MB in the server's environment, then restart it) or leave folders out (--exclude <glob> in the server's arguments, once per glob). Restart the MCP server (it indexes the workspace again) and ask again; the server's log (stderr of `ts-code-graph mcp`) has details.";
      for (let i = 0; i < 2; i++) {
        const r = await callText(mcp.client, 'dependentsOf', { file_path: 'src/TableColumn.ts', symbol: 'TableColumn.clone' });
        assert.equal(r.isError, true);
        assert.equal(r.text, expected);
      }
      await mcp.stderrMatching(/ran out of memory \(its heap limit is 40 MB\): [^\n]*TS_CODE_GRAPH_WORKER_HEAP_MB[^\n]*To start it again, restart the MCP server/);
      assert.doesNotMatch(mcp.stderr(), /Restarting it in/);
      assert.equal((await mcp.client.listTools()).tools.length, 3, 'the server itself is alive');
    } finally {
      await mcp.close();
    }
  });
});

describe('built dist/mcp.js on a hostile workspace', function () {
  this.timeout(180_000);

  it('answers healthy queries with the Incomplete line naming the bad file, beside a symlink loop', async () => {
    const root = writeWorkspace('tcg-hostile-mcp-', hostileFiles());
    fs.symlinkSync(root, path.join(root, 'src', 'loop'));
    // TypeScript 6's parser is the one that cannot handle the file (see hostileWorkspace.test.ts).
    process.env.TS_CODE_GRAPH_COMPILER = 'inprocess';
    let mcp: McpRun;
    try {
      mcp = await startMcp({ args: ['--root', root] });
    } finally {
      delete process.env.TS_CODE_GRAPH_COMPILER;
    }
    try {
      const r = await callText(mcp.client, 'dependentsOf', { file_path: HOSTILE.ok, symbol: 'helper' });
      assert.match(r.text, /^Incomplete: src\/gen\/parens\.ts could not be analysed/);
      for (const caller of ['useConcat', 'branchy', 'main', 'viaParens']) assert.match(r.text, new RegExp(`^${caller} --CALLS--> helper$`, 'm'));
      await mcp.stderrMatching(/error: the graph is incomplete: src\/gen\/parens\.ts/);
    } finally {
      await mcp.close();
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
