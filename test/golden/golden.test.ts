import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { runCaptured } from '../cli/runCaptured';
import { checkGolden } from '../support/checkGolden';
import { fixtureDir, goldenDir, goldenFile, openGraphOnce, repoRoot } from '../support/goldenFixtures';
import { formatGoldenRun } from '../support/goldenRun';
import { goldenCases } from './cases';

// `npm run golden:accept` greps for "^golden ": keep this title.
describe('golden', function () {
  // The first case of a fixture pays for indexing it.
  this.timeout(120_000);

  for (const c of goldenCases) {
    it(`${c.fixture}/${c.name}`, async () => {
      const root = fixtureDir(c.fixture);
      assert.ok(fs.existsSync(root), `Fixture missing: ${path.relative(repoRoot, root)} (used by golden case ${c.name})`);
      const run = await runCaptured(['--root', root, ...c.argv], repoRoot, openGraphOnce);
      checkGolden(goldenFile(c.fixture, c.name), formatGoldenRun(c.argv, run, root));
    });
  }

  it('has a case for every stored golden file', () => {
    const known = new Set(goldenCases.map((c) => `${c.fixture}/${c.name}.txt`));
    const fixtures = [...new Set(goldenCases.map((c) => c.fixture))];
    const stored = fixtures.flatMap((f) => listTxt(goldenDir(f)).map((file) => `${f}/${file}`));
    const orphans = stored.filter((file) => !known.has(file));
    assert.deepEqual(orphans, [], 'Golden files without a case in test/golden/cases.ts: add the case or delete the file.');
  });

  it('has unique case names', () => {
    const ids = goldenCases.map((c) => `${c.fixture}/${c.name}`);
    assert.deepEqual(ids.filter((id, i) => ids.indexOf(id) !== i), []);
  });
});

function listTxt(dir: string): string[] {
  // `<case>.native.txt`: the same case's golden as TypeScript 7 answers it (see goldenFile).
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.txt') && !f.endsWith('.native.txt')).sort() : [];
}
