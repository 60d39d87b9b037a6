import * as assert from 'node:assert/strict';
import { mulberry32 } from '../support/mulberry32';
import { replay } from './replayEdits';
import { Edit, Files } from './workspaceEdits';

/** A hand-written edit: the files it writes (null deletes), or undefined where it no longer applies. */
export type ScriptedOp = { label: string; apply: (files: Files) => Record<string, string | null> | undefined };

/** Replaces every `from` in `file` with `to`, if the file has it. */
export const replace = (file: string, from: string, to: string) => (files: Files) => {
  const text = files.get(file);
  return text !== undefined && text.includes(from) ? { [file]: text.split(from).join(to) } : undefined;
};

function toEdit(op: ScriptedOp, files: Files): Edit | undefined {
  const writes = op.apply(files);
  if (!writes) return undefined;
  const edit: Edit = { label: op.label, changed: [], deleted: [], writes: {} };
  for (const [file, text] of Object.entries(writes)) {
    if (text === null) {
      files.delete(file);
      edit.deleted.push(file);
    } else {
      files.set(file, text);
      edit.changed.push(file);
      edit.writes![file] = text;
    }
  }
  return edit;
}

/** The ops in the given order, each applied where it still applies. */
function sequence(initial: () => Files, order: ScriptedOp[]): Edit[] {
  const files = initial();
  return order.map((op) => toEdit(op, files)).filter((e): e is Edit => e !== undefined);
}

/**
 * Mocha cases replaying `ops` incrementally, comparing with a full rebuild after each: in the written
 * order (at least `minApplied` of them must apply) and in a shuffled order per seed.
 */
export function replayScripted(initial: () => Files, ops: ScriptedOp[], options: { minApplied: number; seeds: number[] }): void {
  it('in the written order', async () => {
    const edits = sequence(initial, ops);
    assert.ok(edits.length >= options.minApplied, `${edits.length} edits applied`);
    const failure = await replay(initial(), edits);
    assert.equal(failure, undefined, failure && `after "${edits[failure.step].label}":\n${failure.detail}`);
  });

  for (const seed of options.seeds) {
    it(`in a random order (seed ${seed})`, async () => {
      const random = mulberry32(seed);
      const order = [...ops];
      for (let i = order.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [order[i], order[j]] = [order[j], order[i]];
      }
      const edits = sequence(initial, order);
      const failure = await replay(initial(), edits);
      assert.equal(failure, undefined, failure && `after ${edits.slice(0, failure.step + 1).map((e) => e.label).join(' → ')}:\n${failure.detail}`);
    });
  }
}
