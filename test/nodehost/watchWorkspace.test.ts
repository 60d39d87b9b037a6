import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { silentLogger } from '../../src/core/Logger';
import { watchWorkspace } from '../../src/nodehost/watchWorkspace';

describe("the Node hosts' file watcher", () => {
  it('reports nothing at its start for symlinked files (a monorepo linking one config into every package), and later edits as they come', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-watch-'));
    fs.writeFileSync(path.join(root, 'eslint.config.js'), 'module.exports = [];\n');
    for (const pkg of ['a', 'b', 'c']) {
      fs.mkdirSync(path.join(root, 'packages', pkg), { recursive: true });
      fs.writeFileSync(path.join(root, 'packages', pkg, 'index.ts'), 'export const x = 1;\n');
      fs.symlinkSync('../../eslint.config.js', path.join(root, 'packages', pkg, 'root.eslint.config.js'));
    }
    const events: string[] = [];
    const watch = watchWorkspace(root, [], { changed: (f) => events.push(`changed ${path.relative(root, f)}`), deleted: (f) => events.push(`deleted ${path.relative(root, f)}`) }, silentLogger);
    try {
      await watch.ready;
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.deepEqual(events, [], 'nothing changed');
      fs.writeFileSync(path.join(root, 'packages', 'a', 'index.ts'), 'export const x = 2;\n');
      fs.writeFileSync(path.join(root, 'packages', 'b', 'new.ts'), 'export const y = 1;\n');
      for (const deadline = Date.now() + 10_000; events.length < 2 && Date.now() < deadline; ) await new Promise((resolve) => setTimeout(resolve, 20));
      assert.deepEqual([...events].sort(), ['changed packages/a/index.ts', 'changed packages/b/new.ts']);
    } finally {
      await watch.close();
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
