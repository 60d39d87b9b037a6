import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as ts from 'typescript';
import { CodeGraph } from '../../../src/core/CodeGraph';
import type { Logger } from '../../../src/core/Logger';
import { FoundProjects, findProjects } from '../../../src/core/indexer/program/discoverProjects';
import { DiscoveryReads, readDiscovery, writeDiscovery } from '../../../src/core/indexer/program/discoveryCache';
import { writeWorkspace } from '../../support/hostileWorkspace';

/**
 * A start takes the projects an earlier discovery found when nothing that search read has changed
 * (vercel/ai: 330-430 ms to find and parse its 106 configs at every CLI query, 21-27 ms to check).
 * Every edit below changes what a search finds; a record that missed one would index the workspace
 * as it was. Each is checked twice: as a start soon after the record (every stamp suspect, each
 * path read again), and as a start long after it (stamps trusted where unchanged).
 */
describe('the record of a discovery', () => {
  const base = { strict: true, module: 'esnext', moduleResolution: 'bundler', types: [] };
  let root: string;
  let record: string;
  const write = (rel: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  };

  beforeEach(() => {
    root = writeWorkspace('tcg-discovery-', {
      'tsconfig.base.json': JSON.stringify({ compilerOptions: base }),
      'packages/a/tsconfig.json': JSON.stringify({ extends: '../../tsconfig.base.json', include: ['src'] }),
      'packages/a/src/a.ts': 'export const a = 1;\n',
      'packages/b/tsconfig.json': JSON.stringify({ extends: '@tsconfig/strictest/tsconfig.json', include: ['src'] }),
      'packages/b/src/b.ts': 'export const b = 2;\n',
      'packages/b/src/deep/c.ts': 'export const c = 3;\n',
    });
    record = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-discovery-record-')), 'projects.json');
  });
  afterEach(() => {
    fs.rmSync(root, { recursive: true, force: true });
    fs.rmSync(path.dirname(record), { recursive: true, force: true });
  });

  /**
   * A search, recorded. With `apart`, the workspace's last write, the search and the next edit are
   * 30 ms apart, past any file system's clock tick here (a jiffy): a reader trusting stamps
   * (`racyMs` 0) then sees every edit in them.
   */
  function recordNow(apart: boolean): FoundProjects {
    const pause = () => apart && Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 30);
    pause();
    const reads = new DiscoveryReads();
    const found = findProjects(ts, root, undefined, reads);
    writeDiscovery(record, 'key', reads, found);
    pause();
    return found;
  }

  const edits: Array<[string, () => void]> = [
    ['a source file added where a config includes', () => write('packages/a/src/new.ts', 'export const n = 0;\n')],
    ['a source file added in a deeper folder', () => write('packages/b/src/deep/d.ts', 'export const d = 4;\n')],
    ['a source file deleted', () => fs.rmSync(path.join(root, 'packages/b/src/deep/c.ts'))],
    ['a package with a config of its own added', () => (write('packages/c/tsconfig.json', JSON.stringify({ include: ['src'] })), write('packages/c/src/c.ts', 'export const c = 5;\n'))],
    ['a config edited', () => write('packages/a/tsconfig.json', JSON.stringify({ extends: '../../tsconfig.base.json', include: ['src'], compilerOptions: { noImplicitAny: false } }))],
    ['the config it extends edited', () => write('tsconfig.base.json', JSON.stringify({ compilerOptions: { ...base, strict: false } }))],
    ['the package a config extends installed', () => write('node_modules/@tsconfig/strictest/tsconfig.json', JSON.stringify({ compilerOptions: { strict: true, exactOptionalPropertyTypes: true } }))],
    ['a component file added', () => write('packages/a/src/View.vue', '<script setup lang="ts">\nconst x = 1;\n</script>\n')],
  ];

  for (const [soon, racyMs] of [['soon after', undefined], ['long after', 0]] as const) {
    describe(`a start ${soon} the record`, () => {
      it('takes what the record found when nothing changed', () => {
        const found = recordNow(racyMs === 0);
        const kept = readDiscovery<FoundProjects>(record, 'key', racyMs);
        assert.ok('found' in kept, JSON.stringify(kept));
        assert.deepEqual(kept.found, found);
        assert.ok(kept.checked >= 8, `${kept.checked} paths checked`);
        // Another build's, compiler's or root's record is not taken.
        assert.ok('stale' in readDiscovery(record, 'another key', racyMs));
      });

      for (const [what, edit] of edits) {
        it(`searches again after ${what}`, () => {
          const before = recordNow(racyMs === 0);
          edit();
          const fresh = findProjects(ts, root);
          assert.notDeepEqual(fresh, before, 'the edit changes what a search finds');
          const kept = readDiscovery<FoundProjects>(record, 'key', racyMs);
          assert.ok('stale' in kept, `the record was taken after ${what}`);
        });
      }
    });
  }

  it('an index from the cache takes the recorded configs, and finds the file added since', async () => {
    const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-discovery-cache-'));
    const open = async () => {
      const lines: string[] = [];
      const logger: Logger = { info: (m) => lines.push(m), warn: (m) => lines.push(m), error: (m) => lines.push(m) } as Logger;
      const graph = await CodeGraph.open({ root, cacheDir, logger });
      const files = graph.graph.files().sort();
      graph.dispose();
      return { lines, files };
    };
    try {
      const first = await open();
      assert.ok(first.lines.some((l) => /^configs searched in \d+ ms \(no record of an earlier discovery\)$/.test(l)), first.lines.join('\n'));
      const second = await open();
      assert.ok(second.lines.some((l) => /^configs as found before: the \d+ folders and files that search read are unchanged/.test(l)), second.lines.join('\n'));
      assert.deepEqual(second.files, first.files);
      write('packages/a/src/new.ts', 'export const n = 0;\n');
      const third = await open();
      assert.ok(third.lines.some((l) => /^configs searched in \d+ ms \(.*packages\/a\/src changed\)$/.test(l)), third.lines.join('\n'));
      assert.deepEqual(third.files, [...first.files, 'packages/a/src/new.ts'].sort());
    } finally {
      fs.rmSync(cacheDir, { recursive: true, force: true });
    }
  });
});
