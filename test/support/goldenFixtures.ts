import * as fs from 'fs';
import * as path from 'path';
import { CliDeps } from '../../src/cli/runCli';
import { CodeGraph } from '../../src/core/CodeGraph';

/**
 * Where fixtures and goldens live. Tests run from `out/test/...`, but goldens are read from and
 * written to the source tree (`test/golden/`), never to `out/`.
 */
export const repoRoot = findRepoRoot(__dirname);

/** `test/fixtures/<fixture>/`: the workspace a golden case indexes. */
export function fixtureDir(fixture: string): string {
  return path.join(repoRoot, 'test', 'fixtures', fixture);
}

/** `test/golden/<fixture>/`: the expected outputs for that workspace. */
export function goldenDir(fixture: string): string {
  return path.join(repoRoot, 'test', 'golden', fixture);
}

/**
 * The golden file of a case. Indexed by the native compiler (TypeScript 7), a case whose answer 7
 * gives differently has its own `<name>.native.txt` beside it: each such difference is one of those
 * docs/INDEXING.md lists and test/compiler/sameGraph.test.ts checks.
 */
export function goldenFile(fixture: string, name: string): string {
  const native = path.join(goldenDir(fixture), `${name}.native.txt`);
  if (process.env.TS_CODE_GRAPH_COMPILER === 'native' && fs.existsSync(native)) return native;
  return path.join(goldenDir(fixture), `${name}.txt`);
}

const opened = new Map<string, ReturnType<typeof CodeGraph.open>>();

/**
 * The real `CodeGraph.open`, once per root and tsconfig for the whole test run: every golden case of
 * a fixture asks the same index, as a long-lived host would. Not a mock; only the indexing is shared.
 */
export const openGraphOnce: CliDeps = {
  openGraph(options) {
    const key = `${options.root}\u0000${options.tsconfig ?? ''}`;
    let graph = opened.get(key);
    if (!graph) opened.set(key, (graph = CodeGraph.open(options)));
    return graph;
  },
};

function findRepoRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json')) && fs.existsSync(path.join(dir, 'test', 'golden'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No repository root (package.json + test/golden/) above ${start}`);
  }
}
