import type { QueryDescriptor } from '../QueryDescriptor';
import { messageResult } from '../QueryResult';
import type { FileChange } from './ImpactSummary';
import { impactOf } from './impactOf';
import { realModule } from '../../compiler/lazyModule';

declare module '../QueryResult' {
  interface QueryInputs {
    /** `changes`: the changed files with both texts (gitChanges.ts reads them from git); `base`: what was compared, for people. */
    impact: { changes: readonly FileChange[]; base: string };
  }
}

/**
 * What a diff affects: the changed symbols, their dependents and the tests reaching them. No tool
 * and no plain CLI verb: the CLI's `impact` asks the worker's `print` request (the changes from git,
 * printAnswer.ts), and VS Code's "Impact of My Changes" its `impact` request.
 */
export const impactQuery: QueryDescriptor<'impact'> = {
  name: 'impact',
  // The dependents of every changed symbol (its inputs).
  walk: 'backward',
  picture: { of: 'Impact of the changes', join: ', ', alone: 'Impact of a change' },
  run: (ctx, input) =>
    ctx.ts ? impactOf({ graph: ctx.graph, root: ctx.root, ts: realModule(ctx.ts) }, input.changes, input.base) : messageResult('impact', 'This graph has no TypeScript to compare the changed files with.', true),
  files: (input) => input.changes.map((c) => c.file),
  withFiles: (input, files) => ({ ...input, changes: input.changes.map((c, i) => ({ ...c, file: files[i] })) }),
};
