import * as assert from 'node:assert/strict';
import { fixtureDir } from '../support/goldenFixtures';
import { runBuiltCli } from './builtArtifacts';

/**
 * Issue 29: TypeScript 6 changed what a tsconfig that leaves options out means (no `module`: bundler
 * resolution, which reads package.json `exports`; no `types`: no automatic @types), and 7 keeps it.
 * The built CLI indexes each fixture with the compiler it chooses (issue 40: the native TypeScript 7
 * where its binary is installed, TypeScript 6 in process where 7 would read the projects worse) and
 * the defaults of the workspace's TypeScript major. The three fixtures share their sources, configs
 * (no target, module or types) and fake installed packages: `exports-only` (types behind `exports`
 * only), `dual-types` (node10 reads `types`: legacy.d.ts; bundler reads `exports`: modern.d.ts),
 * `@types/legacy-globals`.
 */
describe('built dist/cli.js: the defaults of the workspace\'s TypeScript major', function () {
  this.timeout(120_000);

  const env = (compiler?: string): NodeJS.ProcessEnv => ({ ...process.env, TS_CODE_GRAPH_NO_CACHE: '1', TS_CODE_GRAPH_COMPILER: compiler });
  const cli = (fixture: string, ...args: string[]) => runBuiltCli(['--root', fixtureDir(fixture), ...args], undefined, undefined, env());
  const native = 'TypeScript 7\\.0\\.2 \\(native, @typescript\\/typescript-[a-z0-9]+-[a-z0-9]+\\)';

  for (const [fixture, compiler] of [
    ['ts6-defaults', new RegExp(`^Compiler: +${native}, with TypeScript 6 defaults \\(package\\.json asks for typescript \\^6\\.0\\.2\\); the default where its binary is installed$`, 'm')],
    ['ts7-native', new RegExp(`^Compiler: +${native}, with TypeScript 7 defaults \\(node_modules\\/typescript 7\\.0\\.2, which has no JavaScript API to load\\); the workspace's own TypeScript is 7 \\(node_modules\\/typescript 7\\.0\\.2\\)$`, 'm')],
  ] as const) {
    it(`${fixture}: a config without module reaches types behind package.json exports, as tsc 6 and 7 do`, () => {
      const r = cli(fixture, 'dependenciesOf', 'src/app.ts', 'welcome');
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stdout, /^welcome --CALLS--> greet$/m);
      assert.match(r.stdout, /^greet:\n {2}file: node_modules\/exports-only\/lib\/index\.d\.ts$/m);
      assert.match(r.stdout, /^format:\n {2}file: node_modules\/dual-types\/modern\.d\.ts$/m);
      assert.equal(r.stderr, '', 'no warning: every import resolves');
    });

    it(`${fixture}: no types in the config means no automatic @types (6's types: [])`, () => {
      const r = cli(fixture, 'dependenciesOf', 'src/app.ts', 'legacy');
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stdout, /^No dependencies found: 'legacy'/);
    });

    it(`${fixture}: stats and the log say which compiler and whose defaults`, () => {
      const stats = cli(fixture, 'stats');
      assert.equal(stats.code, 0, stats.stderr);
      assert.match(stats.stdout, compiler);
      const verbose = cli(fixture, '--verbose', 'stats');
      assert.match(verbose.stderr, new RegExp(`^compiler: ${compiler.source.replace(/^\^Compiler: \+/, '').replace(/\$$/, '')}$`, 'm'));
      assert.doesNotMatch(verbose.stderr, /has no node_modules\/typescript/);
    });
  }

  it('ts5-defaults: a 5.x workspace keeps 5.x defaults (node10 resolution, every @types package): indexed in process, since 7 cannot resolve as node10', () => {
    const welcome = cli('ts5-defaults', 'dependenciesOf', 'src/app.ts', 'welcome');
    assert.equal(welcome.code, 0, welcome.stderr);
    assert.match(welcome.stdout, /^format:\n {2}file: node_modules\/dual-types\/legacy\.d\.ts$/m, 'node10 reads the top-level types');
    assert.doesNotMatch(welcome.stdout, /greet/, 'node10 ignores exports: tsc 5.9 cannot resolve exports-only either');
    // The package is installed: the warning must not tell the user to install it.
    assert.match(welcome.stderr, /^ts-code-graph: warning: 1 imported package resolves to no types under the config's moduleResolution: 'exports-only' \(1 file\) is installed, but "moduleResolution": "node10" \(tsconfig\.json, implied by its "module" under TypeScript 5's defaults\) does not find its types; "moduleResolution": "bundler"/m);
    assert.doesNotMatch(welcome.stderr, /install the dependencies/);
    const legacy = cli('ts5-defaults', 'dependenciesOf', 'src/app.ts', 'legacy');
    assert.match(legacy.stdout, /^legacy --CALLS--> legacyGlobal$/m);
    assert.match(legacy.stdout, /^legacyGlobal:\n {2}file: node_modules\/@types\/legacy-globals\/index\.d\.ts$/m);
    const stats = cli('ts5-defaults', 'stats');
    assert.match(stats.stdout, /^Compiler: +the bundled TypeScript 6\.\d+\.\d+, with TypeScript 5\.x defaults \(node_modules\/typescript 5\.4\.5[,)].*; in process: TypeScript 7 would give 1 of the 1 file the configs include a worse graph than 6: 'dual-types' in src\/app\.ts resolves to node_modules\/dual-types\/legacy\.d\.ts through moduleResolution node10, which TypeScript 7 removed, to node_modules\/dual-types\/modern\.d\.ts under TypeScript 7$/m);
  });

  it('ts5-defaults on the native compiler (asked for): 5.x defaults it can keep are kept (every @types package); resolution is 7\'s, by exports', () => {
    const run = (...args: string[]) => runBuiltCli(['--root', fixtureDir('ts5-defaults'), ...args], undefined, undefined, env('native'));
    const stats = run('stats');
    assert.match(stats.stdout, new RegExp(`^Compiler: +${native}, with TypeScript 5\\.x defaults \\(node_modules\\/typescript 5\\.4\\.5, which has no JavaScript API to load\\); as TS_CODE_GRAPH_COMPILER=native asks$`, 'm'));
    const legacy = run('dependenciesOf', 'src/app.ts', 'legacy');
    assert.match(legacy.stdout, /^legacy --CALLS--> legacyGlobal$/m, '5.x: no `types` means every @types package');
    const welcome = run('dependenciesOf', 'src/app.ts', 'welcome');
    assert.match(welcome.stdout, /^welcome --CALLS--> greet$/m, '7 resolves by exports (node10 is gone)');
    assert.match(welcome.stdout, /^format:\n {2}file: node_modules\/dual-types\/modern\.d\.ts$/m);
  });
});
