import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { generateWorkspace } from '../../bench/generateWorkspace';
import { replay } from './replayEdits';
import { Edit, Files, randomEdits } from './workspaceEdits';

const SEEDS = (process.env.INCREMENTAL_SEEDS ?? '1,2,3').split(',').map(Number);
const STEPS = Number(process.env.INCREMENTAL_STEPS ?? 25);

/** A small generated workspace, read back into memory. */
function initialFiles(): Files {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-gen-'));
  const files: Files = new Map();
  for (const rel of generateWorkspace(dir, { files: 24, functionsPerFile: 3, fanOut: 2, filesPerModule: 6, jsxEvery: 5, seed: 7 })) {
    files.set(rel, fs.readFileSync(path.join(dir, rel), 'utf8'));
  }
  fs.rmSync(dir, { recursive: true, force: true });
  return files;
}

/** Drops edits one at a time while the failure persists: what remains is a minimal failing sequence. */
async function shrink(initial: Files, edits: Edit[]): Promise<Edit[]> {
  let current = edits;
  for (let i = current.length - 1; i >= 0; i--) {
    const candidate = current.filter((_, j) => j !== i);
    if (candidate.length && (await replay(initial, candidate))) current = candidate;
  }
  return current;
}

describe('incremental update equals a full rebuild', function () {
  this.timeout(600_000);
  for (const seed of SEEDS) {
    it(`seed ${seed}: ${STEPS} random edits`, async () => {
      const initial = initialFiles();
      const edits = randomEdits(seed, STEPS)(new Map(initial));
      const failure = await replay(initial, edits);
      if (!failure) return;
      const minimal = await shrink(initial, edits.slice(0, failure.step + 1));
      const last = await replay(initial, minimal);
      assert.fail(
        `incremental != full rebuild (seed ${seed}). Minimal failing sequence:\n` +
          minimal.map((e, i) => `  ${i + 1}. ${e.label}`).join('\n') +
          `\nDifference after the last step:\n${(last ?? failure).detail}`,
      );
    });
  }
});
