import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { formatMarkdown } from '../../../src/core/format/formatMarkdown';
import { formatTestCommands } from '../../../src/core/format/formatImpact';
import { gitRepo, workingTreeImpact } from '../../support/gitRepo';
import { FIXTURES_DIR } from '../../support/loadFixture';

/** test/fixtures/vitest-projects, file by file (root-relative path → text). */
function fixture(): Record<string, string> {
  const base = path.join(FIXTURES_DIR, 'vitest-projects');
  const out: Record<string, string> = {};
  const stack = [''];
  while (stack.length > 0) {
    const rel = stack.pop()!;
    for (const entry of fs.readdirSync(path.join(base, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) stack.push(child);
      else out[child] = fs.readFileSync(path.join(base, child), 'utf8');
    }
  }
  return out;
}

/**
 * A vitest workspace shaped as tRPC's (340811ba5): the root's vitest.config.ts says
 * `test.projects: ['./packages/*']`, and each package's config re-exports it
 * (`export { default } from '../../vitest.config'`) or merges it (`mergeConfig(base, { test: { exclude } })`).
 * `impact` printed one `(cd packages/x && pnpm exec vitest run …)` per package, and every one failed
 * at start ("No projects were found": the re-exported `./packages/*` is relative to the package);
 * packages/upgrade's exclude was not read (its config was "built at run time"), so its fixtures were
 * tests to run. Projects run from the root, with paths relative to it, in one command.
 */
describe('impact: a vitest workspace runs its projects from the root', function () {
  this.timeout(120000);
  const { root, write } = gitRepo('tcg-vitest-projects-', fixture());

  after(() => fs.rmSync(root, { recursive: true, force: true }));

  it('gives one command from the root for the tests of every project, each project read as vitest merges it', async () => {
    write('packages/client/src/link.ts', 'export function createLink(url: string): string {\n  return `link:${url}/`;\n}\n');
    await workingTreeImpact(root, (result) => {
      const summary = result.impact;
      // The fixtures packages/upgrade's exclude leaves out import what changed, and are no tests.
      assert.deepEqual(summary.tests.map((t) => t.file).sort(), [
        'packages/client/src/link.test.ts',
        'packages/plain/src/plain.test.ts',
        'packages/server/src/router.test.ts',
        'packages/upgrade/test/transforms.test.ts',
      ]);
      assert.deepEqual(
        summary.runners.map((r) => [r.name, r.dir, r.config, r.projects, `${r.tests} of ${r.testFiles}`, r.command, r.suite, r.defaults]),
        [
          [
            'vitest',
            '',
            'vitest.config.ts',
            4,
            '4 of 5',
            'pnpm exec vitest run packages/client/src/link.test.ts packages/plain/src/plain.test.ts packages/server/src/router.test.ts packages/upgrade/test/transforms.test.ts',
            'pnpm exec vitest run',
            undefined,
          ],
        ],
      );
      assert.equal(
        formatTestCommands(summary),
        '# Impact (working tree vs HEAD): 4 test files to run.\n' +
          '# vitest (vitest.config.ts, 4 projects): 4 of its 5 test files\n' +
          'pnpm exec vitest run packages/client/src/link.test.ts packages/plain/src/plain.test.ts packages/server/src/router.test.ts packages/upgrade/test/transforms.test.ts\n',
      );
      assert.match(formatMarkdown(result), /^vitest \(vitest\.config\.ts, 4 projects\): 4 of its 5 test files, most of its suite: run it whole$/m);
    });
  });
});
