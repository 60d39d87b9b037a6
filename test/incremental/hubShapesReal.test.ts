import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { CodeGraph } from '../../src/core/CodeGraph';
import { Logger } from '../../src/core/Logger';
import { exportGraph, formatExport } from '../../src/worker/exportGraph';
import { ensureRealWorkspace } from '../support/realWorkspace';

/**
 * At real size (ra-core 5.4.0, 482 files, from npm): a start from the cache after a method of the
 * type most of the package imports was renamed (`AuthProvider.checkAuth` in src/types.ts, the CLI
 * without its daemon, a CI job) re-indexes the files that name it and those whose exports can show
 * it, not the package: the daemon takes 59 files, a start that sent on every dependent of a file
 * whose skeleton names it anywhere took 359 (useIsAuthPending.ts holds 'checkAuth' in a query key).
 * The graph is the one a fresh index builds.
 */
describe('a start from the cache after a hub method was renamed, at real size (ra-core)', function () {
  this.timeout(600_000);
  let root: string;
  let cacheDir: string;
  before(() => {
    const real = ensureRealWorkspace();
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-hub-real-'));
    cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-hub-real-cache-'));
    // Its sources and config copied (the edit must not touch the shared download), its packages linked.
    fs.cpSync(path.join(real.root, 'src'), path.join(root, 'src'), { recursive: true });
    for (const f of ['tsconfig.json', 'package.json']) fs.copyFileSync(path.join(real.root, f), path.join(root, f));
    fs.symlinkSync(path.join(real.root, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  });
  after(() => {
    fs.rmSync(root, { recursive: true, force: true });
    fs.rmSync(cacheDir, { recursive: true, force: true });
  });

  const open = async (withCache: boolean) => {
    const lines: string[] = [];
    const logger: Logger = { info: (m) => lines.push(m), warn: (m) => lines.push(m), error: (m) => lines.push(m) } as Logger;
    const graph = await CodeGraph.open({ root, cacheDir: withCache ? cacheDir : undefined, logger, compiler: 'native' });
    try {
      return { exported: formatExport(exportGraph(graph.graph, graph.root)), lines };
    } finally {
      graph.dispose();
    }
  };

  it('re-indexes the files naming the method and what their exports can show of it; the fresh index\'s graph', async () => {
    await open(true);
    const types = path.join(root, 'src/types.ts');
    const text = fs.readFileSync(types, 'utf8');
    const renamed = text.replace(/^(\s+)checkAuth: /m, '$1checkAuthRenamed: ');
    assert.notEqual(renamed, text);
    fs.writeFileSync(types, renamed);
    const again = await open(true);
    const line = again.lines.find((l) => /^cache: \d+ files loaded, \d+ re-indexed/.test(l));
    assert.ok(line, again.lines.join('\n'));
    const reindexed = Number(/(\d+) re-indexed/.exec(line)![1]);
    // 59 is what the daemon re-indexes; every dependent of a file that mentions the name, 359.
    assert.ok(reindexed >= 59 && reindexed <= 100, `${reindexed} files re-indexed\n${again.lines.filter((l) => l.startsWith('cache:')).join('\n')}`);
    assert.equal(again.exported, (await open(false)).exported);
  });
});
