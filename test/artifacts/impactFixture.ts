import * as assert from 'node:assert/strict';
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { repoRoot } from '../support/goldenFixtures';
import { CliRun, runBuiltCli } from './builtArtifacts';

/**
 * Issue 32's fixture: a git repository the test builds and commits to, on branch `feature`, with
 * four uncommitted changes: a body edit (formatDate), a signature change behind an interface
 * (Shape.area), a removed export (oldHelper) and a renamed file (legacy.ts → old-stuff.ts). Its
 * tests run with mocha (`.mocharc.json` spec `test/**\/*.test.ts`): a helper under test/ that a
 * test imports (test/helpers/dates.ts) is a dependent, not a test (issue 41).
 * Shared by the artifact test (test/artifacts/builtCliImpact) and the rendering test
 * (test/html/impactRendered), so both look at the same answer.
 */
export interface ImpactRepo {
  repo: string;
  /** dist/cli.js with `--root repo` and the repo's own cache home. */
  cli(...args: string[]): CliRun;
  git(...args: string[]): string;
  write(rel: string, text: string): void;
  edit(rel: string, from: string, to: string): void;
  dispose(): void;
}

export function impactRepo(): ImpactRepo {
  const repo = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-impact-'));
  const cacheHome = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-impact-cache-'));
  const env = () => ({ ...process.env, XDG_CACHE_HOME: cacheHome, TS_CODE_GRAPH_NO_CACHE: '' });
  const cli = (...args: string[]) => runBuiltCli(['--root', repo, ...args], repoRoot, undefined, env());
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.email=test@example.com', '-c', 'user.name=test', ...args], { cwd: repo, encoding: 'utf8' });
  const write = (rel: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(repo, rel)), { recursive: true });
    fs.writeFileSync(path.join(repo, rel), text);
  };
  const edit = (rel: string, from: string, to: string) => {
    const text = fs.readFileSync(path.join(repo, rel), 'utf8');
    assert.ok(text.includes(from), `${rel} has ${from}`);
    fs.writeFileSync(path.join(repo, rel), text.replace(from, to));
  };

  git('init', '-q', '-b', 'main');
  write('tsconfig.json', JSON.stringify({ compilerOptions: { strict: true, target: 'es2020', module: 'commonjs' }, include: ['src', 'test'] }));
  write('src/shapes.ts', 'export interface Shape {\n  area(): number;\n}\nexport class Circle implements Shape {\n  constructor(private r: number) {}\n  area(): number {\n    return Math.PI * this.r * this.r;\n  }\n}\nexport function total(shapes: Shape[]): number {\n  return shapes.reduce((s, x) => s + x.area(), 0);\n}\n');
  write('src/utils.ts', 'export function formatDate(t: number): string {\n  return new Date(t).toISOString();\n}\nexport function oldHelper(x: number): number {\n  return x + 1;\n}\n');
  write('src/legacy.ts', "export function legacyThing(): string {\n  return 'legacy';\n}\n");
  write('src/report.ts', "import { formatDate, oldHelper } from './utils';\nimport { total, Circle } from './shapes';\nimport { legacyThing } from './legacy';\nexport function report(): string {\n  return formatDate(total([new Circle(oldHelper(1))])) + legacyThing();\n}\n");
  write('src/unused.ts', 'export function lonely(): number {\n  return 1;\n}\n');
  write('test/report.test.ts', "import { report } from '../src/report';\nexport function testReport(): void {\n  if (!report()) throw new Error('empty');\n}\n");
  write('test/shapes.test.ts', "import { Circle } from '../src/shapes';\nexport function testCircle(): void {\n  if (new Circle(1).area() < 3) throw new Error('small');\n}\n");
  write('package.json', JSON.stringify({ name: 'impact-fixture', private: true, scripts: { test: 'mocha' } }));
  write('.mocharc.json', JSON.stringify({ spec: ['test/**/*.test.ts'], require: ['ts-node/register'] }));
  write('test/helpers/dates.ts', "import { formatDate } from '../../src/utils';\nexport function today(): string {\n  return formatDate(0);\n}\n");
  write('test/dates.test.ts', "import { today } from './helpers/dates';\nexport function testToday(): void {\n  if (!today()) throw new Error('no date');\n}\n");
  write('test/unused.test.ts', "import { lonely } from '../src/unused';\nexport function testLonely(): void {\n  if (lonely() !== 1) throw new Error('not one');\n}\n");
  git('add', '-A');
  git('commit', '-q', '-m', 'base');
  git('checkout', '-q', '-b', 'feature');
  // The four changes, uncommitted.
  edit('src/utils.ts', 'toISOString()', 'toUTCString()');
  edit('src/utils.ts', 'export function oldHelper(x: number): number {\n  return x + 1;\n}\n', '');
  edit('src/shapes.ts', 'area(): number;', 'area(scale?: number): number;');
  git('mv', 'src/legacy.ts', 'src/old-stuff.ts');
  edit('src/report.ts', "'./legacy'", "'./old-stuff'");

  return {
    repo,
    cli,
    git,
    write,
    edit,
    dispose: () => {
      fs.rmSync(repo, { recursive: true, force: true });
      fs.rmSync(cacheHome, { recursive: true, force: true });
    },
  };
}
