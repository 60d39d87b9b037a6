import * as assert from 'node:assert/strict';
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { CodeGraph } from '../../src/core/CodeGraph';
import { gitChanges } from '../../src/core/query/impact/gitChanges';
import type { ImpactSummary } from '../../src/core/query/impact/ImpactSummary';
import type { GraphResult } from '../../src/core/query/QueryResult';

/** A throwaway git repository for `impact` tests: files written and committed on `main` as `base`. */
export interface GitRepo {
  root: string;
  write(rel: string, text: string): void;
  git(...args: string[]): string;
}

/** Writes `files` (and a `.gitignore` leaving out node_modules) into a new folder, then commits them. */
export function gitRepo(prefix: string, files: Record<string, string>, beforeCommit?: (root: string) => void): GitRepo {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const write = (rel: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  };
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.email=test@example.com', '-c', 'user.name=test', ...args], { cwd: root, encoding: 'utf8' });
  for (const [rel, text] of Object.entries({ '.gitignore': 'node_modules\n', ...files })) write(rel, text);
  beforeCommit?.(root);
  git('init', '-q', '-b', 'main');
  git('add', '-A');
  git('commit', '-q', '-m', 'base');
  return { root, write, git };
}

/**
 * `ts-code-graph impact` of the working tree of `root`, as a fresh index answers it: `use` gets the
 * result (a graph with its impact summary) before the index is let go.
 */
export async function workingTreeImpact<T>(root: string, use: (result: GraphResult & { impact: ImpactSummary }) => T | Promise<T>): Promise<T> {
  const listed = gitChanges(root, { kind: 'working-tree' });
  assert.ok(!('error' in listed), JSON.stringify(listed));
  const graph = await CodeGraph.open({ root });
  try {
    const result = graph.impact(listed.changes, listed.base);
    assert.ok(result.kind === 'graph' && result.impact, JSON.stringify(result));
    return await use(result as GraphResult & { impact: ImpactSummary });
  } finally {
    graph.dispose();
  }
}
