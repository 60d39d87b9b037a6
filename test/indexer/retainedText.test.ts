import * as assert from 'node:assert/strict';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

/**
 * The graph keeps names, not the texts they were read from. In V8 a name taken from the compiler's
 * tree is a slice of the file's whole text, so a graph holding such names held every declaring
 * file's text (and, after edits, replaced texts other files' edges still named). Measured in a
 * child process with a collector it can call, where nothing but the graph is kept: its heap is
 * compared with and without the graph.
 */
describe('the graph keeps no source text alive', function () {
  this.timeout(120_000);
  let root: string;
  const TEXT_MB = 12;

  before(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-retained-'));
    // Long names (V8 copies short substrings; it slices from 13 characters on), a class with members,
    // and a second file whose edges end at them.
    const decls = Array.from({ length: 40 }, (_, i) => `export function aRatherLongFunctionName${i}(): number {\n  return ${i};\n}\n`).join('');
    const cls = `export class AnUnusuallyLongClassName {\n  anEquallyLongMethodName(): number {\n    return 1;\n  }\n}\n`;
    const padding = `/*${'x'.repeat(TEXT_MB * 1024 * 1024)}*/\n`;
    fs.writeFileSync(path.join(root, 'big.ts'), `${padding}${decls}${cls}`);
    const calls = Array.from({ length: 40 }, (_, i) => `  aRatherLongFunctionName${i}();`).join('\n');
    fs.writeFileSync(
      path.join(root, 'user.ts'),
      `import { ${Array.from({ length: 40 }, (_, i) => `aRatherLongFunctionName${i}`).join(', ')}, AnUnusuallyLongClassName } from './big';\n` +
        `export function useThemAll(): void {\n${calls}\n  new AnUnusuallyLongClassName().anEquallyLongMethodName();\n}\n`,
    );
  });
  after(() => fs.rmSync(root, { recursive: true, force: true }));

  it(`a graph of a ${TEXT_MB} MB file retains well under its size once the programs are gone`, () => {
    const codeGraph = path.join(__dirname, '../../src/core/CodeGraph');
    // Callbacks and timers, no async function: a suspended async function keeps what it awaited alive.
    const script = `
      const { CodeGraph } = require(${JSON.stringify(codeGraph)});
      const settled = () => { for (let i = 0; i < 6; i++) gc(); return process.memoryUsage().heapUsed; };
      let graph;
      CodeGraph.open({ root: ${JSON.stringify(root)} }).then((g) => { graph = g.graph; }, (e) => { console.error(e); process.exit(1); });
      const wait = () => (graph ? setTimeout(measure, 50) : setTimeout(wait, 50));
      const measure = () => {
        const calls = graph.inEdges('big.ts#aRatherLongFunctionName7@function').length;
        const withGraph = settled();
        graph = undefined;
        setTimeout(() => console.log(JSON.stringify({ calls, retained: withGraph - settled() })), 50);
      };
      wait();
    `;
    const r = spawnSync(process.execPath, ['--expose-gc', '-e', script], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    const { calls, retained } = JSON.parse(r.stdout.trim().split('\n').pop()!);
    assert.equal(calls, 1, 'the graph has the edge from user.ts into big.ts');
    assert.ok(retained < 1024 * 1024, `the graph retains ${(retained / 1e6).toFixed(1)} MB (the file's text is ${TEXT_MB} MB)`);
  });
});
