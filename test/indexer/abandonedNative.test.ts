import * as assert from 'node:assert/strict';
import { spawnSync } from 'child_process';
import * as path from 'path';

/**
 * An index a host drops without dispose() (a test, a folder closed in a hurry) must not leave its
 * native compiler's process running: the property suites once left hundreds of `tsc --api` processes
 * behind. Measured in a child process that can call the collector: three indexes opened and dropped,
 * then the processes it still has as children are counted.
 */
describe('an index dropped without dispose()', function () {
  this.timeout(120_000);

  it('leaves no native compiler process once it is collected', () => {
    const codeGraph = path.join(__dirname, '../../src/core/CodeGraph');
    const sample = path.join(__dirname, '../../../test/fixtures/sample');
    const script = `
      const { CodeGraph } = require(${JSON.stringify(codeGraph)});
      const { execSync } = require('child_process');
      const children = () => execSync('ps --ppid ' + process.pid + ' -o stat=,comm=').toString().split('\\n').filter((l) => /tsc/.test(l) && !/^Z/.test(l)).length;
      const pause = (ms) => new Promise((r) => setTimeout(r, ms));
      // In a function of its own: a suspended async function keeps what it awaited alive.
      const openAndDrop = async () => {
        const g = await CodeGraph.open({ root: ${JSON.stringify(sample)}, cacheMode: 'off', compiler: 'native' });
        if (!/native/.test(JSON.stringify(g.report))) throw new Error('not the native compiler: ' + JSON.stringify(g.report).slice(0, 300));
      };
      (async () => {
        for (let i = 0; i < 3; i++) await openAndDrop();
        const before = children();
        for (let i = 0; i < 10 && children() > 0; i++) { gc(); await pause(100); }
        console.log(JSON.stringify({ before, after: children() }));
      })().catch((e) => { console.error(e); process.exit(1); });
    `;
    const r = spawnSync(process.execPath, ['--expose-gc', '-e', script], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    const { before, after } = JSON.parse(r.stdout.trim().split('\n').pop()!);
    assert.equal(before, 3, 'each index started a native compiler process');
    assert.equal(after, 0, 'no compiler process left once the indexes are collected');
  });
});
