import { SymbolGraph } from '../graph/SymbolGraph';
import { WorkspaceIndex } from './WorkspaceIndex';
import type { IndexOptions, IndexReport } from './indexTypes';

// What indexing takes and reports lives with the index (indexTypes.ts); callers of indexWorkspace find it here too.
export type { IndexOptions, IndexReport, UpdateProgress, UpdateReport } from './indexTypes';
export type { SkippedProject } from './program/projectSelection';

/** Index a workspace once (tests, benchmarks, the CLI). Keep the returned `index` to apply file changes later. */
export async function indexWorkspace(options: IndexOptions): Promise<{ graph: SymbolGraph; report: IndexReport; index: WorkspaceIndex }> {
  const index = new WorkspaceIndex(options);
  const report = await index.indexAll();
  return { graph: index.graph, report, index };
}
