import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { indexWorkspace } from '../../src/core/indexer/indexWorkspace';
import { GraphNode } from '../../src/core/graph/GraphTypes';
import { SymbolGraph } from '../../src/core/graph/SymbolGraph';
import { dependenciesOf } from '../../src/core/query/dependencies-of/dependenciesOf';
import { dependentsOf } from '../../src/core/query/dependents-of/dependentsOf';
import { Edit, Files } from './workspaceEdits';

export interface Failure {
  step: number;
  detail: string;
}

/**
 * Replays edits one by one, updating incrementally; after each, compares with a from-scratch index
 * (and hands that index to `onStep`, for what the step must have produced).
 */
export async function replay(initial: Files, edits: Edit[], onStep?: (fresh: SymbolGraph, step: number) => void): Promise<Failure | undefined> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-inc-'));
  try {
    for (const [rel, text] of initial) write(dir, rel, text);
    const { index } = await indexWorkspace({ root: dir });
    for (let step = 0; step < edits.length; step++) {
      const e = edits[step];
      for (const [rel, text] of Object.entries(e.writes ?? {})) write(dir, rel, text);
      for (const rel of e.deleted) fs.rmSync(path.join(dir, rel), { force: true });
      await index.update(e.changed, e.deleted);
      const fresh = await indexWorkspace({ root: dir });
      onStep?.(fresh.graph, step);
      const detail = diffSnapshots(index.graph.snapshot(), fresh.graph.snapshot()) ?? diffAnswers(index.graph, fresh.graph, dir);
      if (detail) return { step, detail };
    }
    return undefined;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function write(dir: string, rel: string, text: string): void {
  fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
  fs.writeFileSync(path.join(dir, rel), text);
}

function diffSnapshots(inc: { nodes: string[]; edges: string[] }, full: { nodes: string[]; edges: string[] }): string | undefined {
  const lines: string[] = [];
  for (const kind of ['nodes', 'edges'] as const) {
    const a = new Set(inc[kind]);
    const b = new Set(full[kind]);
    for (const x of a) if (!b.has(x)) lines.push(`  only incremental ${kind}: ${x}`);
    for (const x of b) if (!a.has(x)) lines.push(`  only full-rebuild ${kind}: ${x}`);
  }
  return lines.length ? lines.slice(0, 20).join('\n') : undefined;
}

/** Same graph is not enough: every query must answer with the same text, in the same order. */
function diffAnswers(incremental: SymbolGraph, full: SymbolGraph, root: string): string | undefined {
  const ask = (graph: SymbolGraph, n: GraphNode) => {
    const ctx = { graph, root };
    return JSON.stringify([dependentsOf(ctx, n.file, n.name), dependenciesOf(ctx, n.file, n.name)]);
  };
  for (const n of full.allNodes()) {
    if (n.external || n.kind === 'module') continue;
    const a = ask(incremental, n);
    const b = ask(full, n);
    if (a !== b) return `  answers differ for ${n.file} ${n.name}:\n  incremental: ${a.slice(0, 400)}\n  full:        ${b.slice(0, 400)}`;
  }
  return undefined;
}

