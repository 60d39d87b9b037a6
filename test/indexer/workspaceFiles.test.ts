import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { IGNORED_DIRS, inIgnoredDir } from '../../src/core/indexer/workspaceFiles';

const src = path.resolve(__dirname, '../../../src');

describe('workspaceFiles: ignored folders', () => {
  it('a path inside an ignored folder, or the folder itself, is ignored, with either separator', () => {
    for (const name of IGNORED_DIRS) {
      assert.ok(inIgnoredDir(`${name}/a.ts`), name);
      assert.ok(inIgnoredDir(`packages\\web\\${name}\\deep\\a.ts`), name);
      assert.ok(inIgnoredDir(`packages/web/${name}`), name);
    }
  });

  it('a name that only starts like one, the root itself, and ordinary folders are not', () => {
    for (const rel of ['', 'src/a.ts', 'src/distribution/a.ts', 'outline/a.ts', 'src/.github/a.ts', 'my_node_modules/a.ts']) assert.ok(!inIgnoredDir(rel), rel);
  });

  it('lists build output and caches, not only dependencies and VCS data', () => {
    assert.deepEqual([...IGNORED_DIRS].sort(), ['.cache', '.git', '.next', '.turbo', '.vscode-test', 'build', 'coverage', 'dist', 'node_modules', 'out']);
  });

  it('is the only list of ignored folders in src (the indexer and both watchers use it)', () => {
    const offenders: string[] = [];
    const stack = [src];
    while (stack.length > 0) {
      const dir = stack.pop()!;
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, e.name);
        if (e.isDirectory()) stack.push(full);
        else if (e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') && e.name !== 'workspaceFiles.ts') {
          // `node_modules` as an item of a list or set ('node_modules', '.git', …) or of a pattern (node_modules|\.git…).
          const lines = fs.readFileSync(full, 'utf8').split('\n');
          lines.forEach((line, i) => {
            if (/(['"]node_modules['"]\s*,)|(,\s*['"]node_modules['"])|(node_modules\|)|(\|node_modules)/.test(line) && /\.git\b/.test(line)) offenders.push(`${path.relative(src, full)}:${i + 1}`);
          });
        }
      }
    }
    assert.deepEqual(offenders, []);
  });
});
