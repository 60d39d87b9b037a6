import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { HOSTILE, PARENS_DEPTH, hostileFiles, parensText, writeWorkspace } from '../support/hostileWorkspace';
import { runBuiltCli, startBuiltWorker } from './builtArtifacts';

/**
 * Issue 13 on what ships: the built CLI and the built graph worker, on a workspace holding generated
 * code deeper than any recursive walk survives and a file the compiler's parser cannot handle, next
 * to healthy files. Healthy queries answer; the bad file is named; a break-and-heal round updates.
 * The parser that cannot handle it is TypeScript 6's (it recurses on the stack): these runs ask for it
 * in process; TypeScript 7, the default, analyses the file (the last test).
 */
describe('built artifacts on a hostile workspace', function () {
  this.timeout(180_000);
  let root: string;
  let previous: string | undefined;
  before(() => {
    root = writeWorkspace('tcg-hostile-built-', hostileFiles());
    previous = process.env.TS_CODE_GRAPH_COMPILER;
    process.env.TS_CODE_GRAPH_COMPILER = 'inprocess'; // runBuiltCli's and the built worker's environment
  });
  after(() => {
    if (previous === undefined) delete process.env.TS_CODE_GRAPH_COMPILER;
    else process.env.TS_CODE_GRAPH_COMPILER = previous;
    fs.rmSync(root, { recursive: true, force: true });
  });

  const failureLine = /src\/gen\/parens\.ts could not be analysed: its code nests too deeply for the TypeScript compiler \(Maximum call stack size exceeded\); calls inside it are missing/;

  it('dist/cli.js answers healthy queries, names the bad file on stderr and exits 3', () => {
    const run = runBuiltCli(['--root', root, 'dependentsOf', HOSTILE.ok, 'helper']);
    assert.equal(run.code, 3, run.stderr);
    assert.match(run.stderr, new RegExp(`^ts-code-graph: error: ${failureLine.source}\\n$`));
    assert.match(run.stdout, new RegExp(`^Incomplete: ${failureLine.source}\\.\\n\\n## Graph\\n`));
    for (const caller of ['useConcat', 'branchy', 'main', 'viaParens']) assert.match(run.stdout, new RegExp(`^${caller} --CALLS--> helper$`, 'm'));
  });

  it('dist/cli.js stats lists the bad file under Errors', () => {
    const run = runBuiltCli(['--root', root, 'stats']);
    assert.equal(run.code, 3);
    assert.match(run.stdout, new RegExp(`^Errors: {4}1 \\(the graph is incomplete\\)\\n  ${failureLine.source}$`, 'm'));
  });

  it('dist/cli.js follows 500 chained calls, in an answer the bad file cannot change: clean, exit 0', () => {
    const run = runBuiltCli(['--root', root, 'dependentsOf', HOSTILE.chained, 'Builder.step']);
    assert.match(run.stdout, /^## Graph\n\nbuild --CALLS--> Builder\.step$/m);
    assert.doesNotMatch(run.stdout, /Incomplete/);
    assert.equal(run.stderr, 'ts-code-graph: note: one file could not be analysed (`ts-code-graph stats` lists it); it cannot change this answer.\n');
    assert.equal(run.code, 0);
  });

  it('dist/cli.js writes --format html and mermaid answers whatever the exit code, notes included', () => {
    const html = runBuiltCli(['--root', root, '--format', 'html', 'dependentsOf', HOSTILE.ok, 'helper']);
    assert.equal(html.code, 3);
    assert.match(html.stdout, /^<!DOCTYPE html>/i);
    assert.match(html.stdout, /parens\.ts could not be analysed/);
    const mermaid = runBuiltCli(['--root', root, '--format', 'mermaid', 'dependentsOf', HOSTILE.ok, 'helper']);
    assert.equal(mermaid.code, 3);
    assert.match(mermaid.stdout, new RegExp(`^flowchart LR\\n  %% Incomplete: ${failureLine.source}\\.\\n`));
    const clean = runBuiltCli(['--root', root, '--format', 'html', 'dependentsOf', HOSTILE.chained, 'Builder.step']);
    assert.equal(clean.code, 0);
  });

  it('dist/cli.js answers on a 100,000-function call chain: dependents of its end, the path end to end', () => {
    const LENGTH = 100_000;
    const lines: string[] = [];
    for (let i = 0; i < LENGTH; i++) lines.push(`export function f${i}() { return ${i + 1 < LENGTH ? `f${i + 1}()` : '0'}; }`);
    const chainRoot = writeWorkspace('tcg-chain-built-', {
      'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true }, include: ['src'] }),
      'src/chain.ts': lines.join('\n') + '\n',
    });
    try {
      const dependents = runBuiltCli(['--root', chainRoot, 'dependentsOf', 'src/chain.ts', `f${LENGTH - 1}`]);
      assert.equal(dependents.code, 0, dependents.stderr);
      assert.match(dependents.stdout, /^Showing 50 of at least 999 nodes in detail/);
      const path = runBuiltCli(['--root', chainRoot, 'pathsBetween', 'src/chain.ts', 'f0', 'src/chain.ts', `f${LENGTH - 1}`]);
      assert.equal(path.code, 0, path.stderr);
      // A 100,000-node path is over the tools' budget (ANSWER_TOKEN_BUDGET): its start is shown, and
      // the first line says how much and from where to go on.
      assert.match(path.stdout, /^Showing the \d+ nearest of 99,998 nodes/);
      const chainLine = path.stdout.split('\n').find((l) => l.startsWith('f0 ')) ?? '';
      assert.ok(chainLine.startsWith('f0 --CALLS--> f1 --CALLS--> f2 '), chainLine.slice(0, 80));
      const hops = chainLine.split(' --CALLS--> ');
      assert.ok(hops.length > 100, `${hops.length} nodes of the path shown`);
      assert.ok(hops.every((h, i) => h === `f${i}`), 'the shown part is the chain, in order');
    } finally {
      fs.rmSync(chainRoot, { recursive: true, force: true });
    }
  });

  it('dist/worker.js breaks and heals a file through incremental updates', async () => {
    const dir = writeWorkspace('tcg-worker-built-', { ...hostileFiles(), [HOSTILE.parens]: parensText(2) });
    const worker = startBuiltWorker();
    const request = worker.request;
    const callersOfHelper = async () =>
      (await request<{ text: string }>('query', { args: { query: 'dependentsOf', file_path: HOSTILE.ok, symbol: 'helper' } })).text;
    try {
      const opened = await request<{ errors: string[] }>('open', { folder: { key: 'k', name: 'hostile', root: dir } });
      assert.deepEqual(opened.errors, []);
      assert.match(await callersOfHelper(), /^insideParens --CALLS--> helper$/m);

      fs.writeFileSync(path.join(dir, HOSTILE.parens), parensText(PARENS_DEPTH));
      const broken = await request<{ errors: string[] }>('update', { key: 'k', changed: [path.join(dir, HOSTILE.parens)], deleted: [] });
      assert.equal(broken.errors.length, 1);
      assert.match(broken.errors[0], failureLine);
      const degraded = await callersOfHelper();
      assert.match(degraded, /^Incomplete: src\/gen\/parens\.ts could not be analysed/);
      assert.doesNotMatch(degraded, /insideParens/);
      assert.match(degraded, /^viaParens --CALLS--> helper$/m);

      fs.writeFileSync(path.join(dir, HOSTILE.parens), parensText(3));
      const healed = await request<{ errors: string[] }>('update', { key: 'k', changed: [path.join(dir, HOSTILE.parens)], deleted: [] });
      assert.deepEqual(healed.errors, []);
      const answer = await callersOfHelper();
      assert.doesNotMatch(answer, /Incomplete/);
      assert.match(answer, /^insideParens --CALLS--> helper$/m);
    } finally {
      await worker.terminate();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('dist/cli.js on the native compiler, its default: the file 6 cannot parse is analysed, nothing is incomplete', () => {
    const run = runBuiltCli(['--root', root, 'dependentsOf', HOSTILE.ok, 'helper'], undefined, undefined, { ...process.env, TS_CODE_GRAPH_NO_CACHE: '1', TS_CODE_GRAPH_COMPILER: undefined });
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stderr, '');
    for (const caller of ['useConcat', 'branchy', 'main', 'viaParens', 'insideParens']) assert.match(run.stdout, new RegExp(`^${caller} --CALLS--> helper$`, 'm'));
  });
});
