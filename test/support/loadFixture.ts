import * as fs from 'fs';
import * as path from 'path';
import { SymbolGraph } from '../../src/core/graph/SymbolGraph';
import { IndexReport, indexWorkspace } from '../../src/core/indexer/indexWorkspace';

/** One indexed fixture workspace under test/fixtures/<name>/. */
export interface IndexedFixture {
  name: string;
  /** Absolute root of the fixture workspace. */
  root: string;
  graph: SymbolGraph;
  report: IndexReport;
}

/** The repository root, found from the compiled (out/test/support) or source (test/support) location. */
export const REPO_ROOT = findRepoRoot(__dirname);
export const FIXTURES_DIR = path.join(REPO_ROOT, 'test', 'fixtures');

/** Every fixture workspace the indexer tests use (the invariants run over all of them). */
export const FIXTURE_NAMES = [
  'basics',
  'reexports',
  'path-aliases',
  'monorepo',
  'jsx',
  'dispatch',
  'types',
  'js-no-config',
  'jsconfig',
  'external',
  'syntax-error',
  'sample',
  'stdlib-inference',
  'merged-symbols',
  'commonjs-repro',
  'js-shapes',
  'express-4.21.2',
  'koa-3.3.0',
  'js-objects',
  'js-factories',
  'declaration-twins',
  'destructuring',
  'jsx-two-configs',
  'overloads',
  'hub-tests',
] as const;

export type FixtureName = (typeof FIXTURE_NAMES)[number];

const cache = new Map<string, Promise<IndexedFixture>>();

/** Absolute root of a fixture workspace. */
export function fixtureRoot(name: FixtureName): string {
  return path.join(FIXTURES_DIR, name);
}

/** Indexes a fixture once per test run; later calls share the result (tests must not mutate the graph). */
export function loadFixture(name: FixtureName): Promise<IndexedFixture> {
  let pending = cache.get(name);
  if (!pending) {
    pending = indexFixture(name);
    cache.set(name, pending);
  }
  return pending;
}

/** Text of a fixture file, by its root-relative path. */
export function readFixtureFile(name: FixtureName, file: string): string {
  return fs.readFileSync(path.join(fixtureRoot(name), file), 'utf8');
}

/** Lines in a file as an editor counts them: a final newline does not start another line. */
export function countLines(text: string): number {
  if (text.length === 0) return 0;
  const lines = text.split('\n').length;
  return text.endsWith('\n') ? lines - 1 : lines;
}

/** Root-relative posix paths of a fixture's source files (TS/JS, not .d.ts, outside node_modules). */
export function sourceFilesOf(name: FixtureName): string[] {
  const root = fixtureRoot(name);
  const result: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules') continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(ts|tsx|js|jsx|mts|cts|mjs|cjs)$/.test(entry.name) && !/\.d\.[mc]?ts$/.test(entry.name)) {
        result.push(path.relative(root, full).split(path.sep).join('/'));
      }
    }
  };
  walk(root);
  return result.sort();
}

async function indexFixture(name: FixtureName): Promise<IndexedFixture> {
  const root = fixtureRoot(name);
  if (!fs.existsSync(root)) throw new Error(`No fixture at ${root}. Create test/fixtures/${name}/ first.`);
  const { graph, report } = await indexWorkspace({ root });
  return { name, root, graph, report };
}

function findRepoRoot(start: string): string {
  let dir = start;
  while (!fs.existsSync(path.join(dir, 'package.json')) || !fs.existsSync(path.join(dir, 'test', 'fixtures'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`Cannot find the repository root above ${start}.`);
    dir = parent;
  }
  return dir;
}
