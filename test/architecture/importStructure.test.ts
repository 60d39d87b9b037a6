import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { findCycles, importGraph, siblingFolderCycles, sourceFiles } from './importGraph';

const repo = path.resolve(__dirname, '../../..');
const rel = (file: string) => path.relative(repo, file).split(path.sep).join('/');

/** Imports (`from → to`, repository-relative) from files under `from` to files under `to`. */
function importsBetween(graph: ReadonlyMap<string, readonly string[]>, from: string, to: string, except: (target: string) => boolean = () => false): string[] {
  const out: string[] = [];
  for (const [file, targets] of graph) {
    if (!rel(file).startsWith(from)) continue;
    for (const target of targets) if (rel(target).startsWith(to) && !except(rel(target))) out.push(`${rel(file)} → ${rel(target)}`);
  }
  return out;
}

describe('architecture: imports', () => {
  const all = [...sourceFiles(path.join(repo, 'src')), ...sourceFiles(path.join(repo, 'test')), ...sourceFiles(path.join(repo, 'bench'))];
  const graph = importGraph(all);
  const srcGraph = new Map([...graph].filter(([file]) => rel(file).startsWith('src/')));

  it('src has no import cycles (a shared name lives with its owner, not its user)', () => {
    const cycles = findCycles(srcGraph).map((cycle) => cycle.map(rel).join(' → '));
    assert.deepEqual(cycles, [], `import cycles:\n  ${cycles.join('\n  ')}`);
  });

  it('no two sibling folders of src lean on each other (a → b and b → a, from any non-test file below them)', () => {
    // Tests may reach across to exercise a neighbour; the rule is for the code that ships.
    const relGraph = new Map([...srcGraph].filter(([file]) => !file.endsWith('.test.ts')).map(([file, targets]) => [rel(file), targets.map(rel)]));
    assert.deepEqual(siblingFolderCycles(relGraph), []);
  });

  it('the compiler never imports the indexer: the indexer stands on the port', () => {
    assert.deepEqual(importsBetween(srcGraph, 'src/core/compiler/', 'src/core/indexer/'), []);
  });

  it('src never imports test/ or bench/', () => {
    assert.deepEqual([...importsBetween(graph, 'src/', 'test/'), ...importsBetween(graph, 'src/', 'bench/')], []);
  });

  it('nothing below CodeGraph in the core imports it', () => {
    const below = [...srcGraph.keys()].map(rel).filter((f) => /^src\/core\/[^/]+\//.test(f));
    const offenders = below.flatMap((f) => (srcGraph.get(path.join(repo, f)) ?? []).map(rel).filter((t) => t === 'src/core/CodeGraph.ts').map((t) => `${f} → ${t}`));
    assert.deepEqual(offenders, []);
  });

  it('the worker never imports the graph view (src/webview): a type both use lives in the core', () => {
    assert.deepEqual([...importsBetween(graph, 'src/worker/', 'src/webview/')], []);
  });

  it('only src/vscode/editorLines.ts turns our 1-based lines into VS Code\'s 0-based ones (and back)', () => {
    const arithmetic = /\.line\s*[-+]\s*1\b|\b(?:line|offset)\)?\s*-\s*1\b/;
    const offenders = all
      .map(rel)
      .filter((f) => f.startsWith('src/vscode/') && f !== 'src/vscode/editorLines.ts' && !f.endsWith('.test.ts'))
      .filter((f) => fs.readFileSync(path.join(repo, f), 'utf8').split('\n').some((l) => arithmetic.test(l)));
    assert.deepEqual(offenders, []);
  });

  describe('the checker itself', () => {
    const files = ['/r/a.ts', '/r/b.ts', '/r/c.ts', '/r/d/index.ts', '/r/e.ts'];
    const text: Record<string, string> = {
      '/r/a.ts': "import { b } from './b';\nimport 'lodash';",
      '/r/b.ts': "import type { C } from './c.js';",
      '/r/c.ts': "export { d } from './d';\nconst e = require('./e');",
      '/r/d/index.ts': "const a = import('../a');",
      '/r/e.ts': "import { e } from './e';",
    };
    const g = importGraph(files, (f) => text[f]);

    it('reads every kind of relative import and resolves it to a file', () => {
      assert.deepEqual(Object.fromEntries(g), {
        '/r/a.ts': ['/r/b.ts'],
        '/r/b.ts': ['/r/c.ts'],
        '/r/c.ts': ['/r/d/index.ts', '/r/e.ts'],
        '/r/d/index.ts': ['/r/a.ts'],
        '/r/e.ts': ['/r/e.ts'],
      });
    });

    it('reports each cycle as a closed path, and a file importing itself', () => {
      const cycles = findCycles(g).map((c) => c.join(' → ')).sort();
      assert.deepEqual(cycles, ['/r/a.ts → /r/b.ts → /r/c.ts → /r/d/index.ts → /r/a.ts', '/r/e.ts → /r/e.ts']);
    });

    it('reports sibling folders that import each other, not a folder and its parent\'s files', () => {
      const folders = new Map([
        ['s/a/x.ts', ['s/b/y.ts', 's/top.ts']],
        ['s/b/y.ts', ['s/a/deep/z.ts']],
        ['s/top.ts', ['s/a/x.ts']],
        ['s/c/w.ts', ['s/b/y.ts']],
      ]);
      assert.deepEqual(siblingFolderCycles(folders), ['s/a ↔ s/b (s/a/x.ts → s/b/y.ts; s/b/y.ts → s/a/deep/z.ts)']);
    });

    it('finds no cycle in a graph without one, however deep (no recursion)', () => {
      const chain = new Map<string, string[]>();
      for (let i = 0; i < 100_000; i++) chain.set(`f${i}`, i + 1 < 100_000 ? [`f${i + 1}`] : []);
      assert.deepEqual(findCycles(chain), []);
      chain.set('f99999', ['f0']);
      assert.equal(findCycles(chain)[0].length, 100_001);
    });
  });
});
