import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { sourceFiles } from './importGraph';

const repo = path.resolve(__dirname, '../../..');
const rel = (file: string) => path.relative(repo, file).split(path.sep).join('/');

/** The folders CONTRIBUTING.md's "Tests" section lists for tests of the whole (`- \`test/x\` — …`). */
function listedFolders(contributing: string): string[] {
  const section = contributing.split(/^## /m).find((s) => s.startsWith('Tests\n')) ?? '';
  return [...section.matchAll(/`test\/([\w-]+)`/g)].map((m) => m[1]);
}

/** The areas of src: the folders under src/core and under src (but core itself, whose own files go to test/core). */
function sourceAreas(): string[] {
  const dirs = (d: string) => fs.readdirSync(path.join(repo, d), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
  return [...dirs('src/core'), ...dirs('src')];
}

/** Where a test file breaks the rule, or undefined. */
export function misplaced(file: string, areas: readonly string[], listed: readonly string[]): string | undefined {
  if (file.startsWith('src/')) {
    if (/\.test\.ts$/.test(file)) return 'a test in src';
    if (/\/(test-support|testdata|__tests__|fixtures)\//.test(file)) return 'a test helper in src';
    return undefined;
  }
  if (!file.startsWith('test/') || !file.endsWith('.test.ts')) return undefined;
  const area = file.split('/')[1];
  return areas.includes(area) || listed.includes(area) ? undefined : `test/${area} is neither an area of src nor listed in CONTRIBUTING.md`;
}

describe('architecture: where tests live (CONTRIBUTING.md, "Tests")', () => {
  const contributing = fs.readFileSync(path.join(repo, 'CONTRIBUTING.md'), 'utf8');
  const listed = listedFolders(contributing);
  const areas = sourceAreas();

  it('CONTRIBUTING.md states the rule and lists the folders for tests of the whole', () => {
    assert.match(contributing, /\*\*The rule: every test lives under `test\/`/);
    assert.ok(listed.includes('golden') && listed.includes('support'), `listed: ${listed.join(', ')}`);
  });

  it('every test and test helper is where the rule puts it', () => {
    const files = [...sourceFiles(path.join(repo, 'src')), ...sourceFiles(path.join(repo, 'test'))].map(rel).filter((f) => !f.startsWith('test/fixtures/') && !f.startsWith('test/host/workspace/'));
    const offenders = files.map((f) => [f, misplaced(f, areas, listed)] as const).filter(([, why]) => why).map(([f, why]) => `${f}: ${why}`);
    assert.deepEqual(offenders, []);
  });

  it('the checker refuses a test in src, a helper in src and an unknown test folder', () => {
    assert.equal(misplaced('src/worker/x.test.ts', areas, listed), 'a test in src');
    assert.equal(misplaced('src/core/query/test-support/TestGraph.ts', areas, listed), 'a test helper in src');
    assert.match(misplaced('test/misc/x.test.ts', areas, listed) ?? '', /test\/misc is neither/);
    assert.equal(misplaced('test/worker/x.test.ts', areas, listed), undefined);
    assert.equal(misplaced('test/golden/golden.test.ts', areas, listed), undefined);
  });
});
