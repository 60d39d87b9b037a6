import * as assert from 'node:assert/strict';
import { fixtureDir, openGraphOnce, repoRoot } from '../support/goldenFixtures';
import { runCaptured } from './runCaptured';

/**
 * Issue 33: a name asked at a file that re-exports it is followed to its declaration, and the answer
 * says so in one line; a file's module node answers for the file. On test/fixtures/reexports
 * (named, renamed, `export *`, default and local re-exports, chains of barrels).
 */
describe('ts-code-graph: names asked at barrels, and modules (reexports fixture)', function () {
  this.timeout(120_000);
  const root = fixtureDir('reexports');
  const run = (...argv: string[]) => runCaptured(['--root', root, ...argv], repoRoot, openGraphOnce);

  const cases: Array<[barrel: string, asked: string, note: string, edge: RegExp]> = [
    // export * from './strings'
    ['src/lib/index.ts', 'capitalize', '`capitalize` is re-exported by src/lib/index.ts; answered for src/lib/strings.ts, where it is declared.', /^run --CALLS--> capitalize$/m],
    // export { clamp as limit, sum } from './math'
    ['src/lib/index.ts', 'limit', '`limit` is re-exported by src/lib/index.ts; answered for `clamp` in src/lib/math.ts, where it is declared.', /^run --CALLS--> clamp$/m],
    // export { default as formatLog } from './logger', where `export default function formatLog`
    ['src/lib/index.ts', 'formatLog', '`formatLog` is re-exported by src/lib/index.ts; answered for src/lib/logger.ts, where it is declared.', /^run --CALLS--> formatLog$/m],
    // export { capitalize as cap } from './lib', then export * from './strings': a chain
    ['src/public.ts', 'cap', '`cap` is re-exported by src/public.ts; answered for `capitalize` in src/lib/strings.ts, where it is declared.', /^run --CALLS--> capitalize$/m],
    // export { default as shorten } from './lib/defaults', where `import { truncate } …; export default truncate`
    ['src/public.ts', 'shorten', '`shorten` is re-exported by src/public.ts; answered for `truncate` in src/lib/strings.ts, where it is declared.', /--CALLS--> truncate$/m],
    // export { default as exclaim } from './typed', where `export default exclaim as Formatter`
    ['src/lib/index.ts', 'exclaim', '`exclaim` is re-exported by src/lib/index.ts; answered for src/lib/typed.ts, where it is declared.', /^shoutTwice --CALLS--> exclaim$/m],
  ];

  for (const [barrel, asked, note, edge] of cases) {
    it(`dependentsOf ${barrel} ${asked}: followed to the declaration, with one line saying so`, async () => {
      const r = await run('dependentsOf', barrel, asked);
      assert.equal(r.code, 0, r.stdout + r.stderr);
      assert.equal(r.stdout.split('\n')[0], note);
      assert.match(r.stdout, edge);
    });
  }

  it('carries the note on every query and on an empty answer', async () => {
    const deps = await run('dependenciesOf', 'src/lib/index.ts', 'limit');
    assert.equal(deps.code, 0);
    assert.equal(deps.stdout.split('\n\n')[0], '`limit` is re-exported by src/lib/index.ts; answered for `clamp` in src/lib/math.ts, where it is declared.');
    assert.match(deps.stdout, /No dependencies found/);
    const paths = await run('pathsBetween', 'src/app.ts', 'run', 'src/public.ts', 'cap');
    assert.equal(paths.code, 0);
    assert.match(paths.stdout, /^`cap` is re-exported by src\/public\.ts; answered for `capitalize` in src\/lib\/strings\.ts, where it is declared\.\n\n## Graph\n\nrun --CALLS--> capitalize\n/);
  });

  it('still refuses a name nothing re-exports, with suggestions', async () => {
    const r = await run('dependentsOf', 'src/public.ts', 'capitalise');
    assert.equal(r.code, 2);
    assert.match(r.stdout + r.stderr, /Symbol 'capitalise' not found in src\/public\.ts/);
  });

  it("dependentsOf a file's module node lists the code using what it declares", async () => {
    const r = await run('dependentsOf', 'src/lib/math.ts', '<module>');
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /^run --CALLS--> clamp$/m);
    assert.match(r.stdout, /^run --CALLS--> sum$/m);
    assert.doesNotMatch(r.stdout, /No dependents found/);
  });
});
