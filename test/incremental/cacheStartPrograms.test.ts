import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { exportGraph, formatExport } from '../../src/worker/exportGraph';
import { CodeGraph } from '../../src/core/CodeGraph';
import { Logger } from '../../src/core/Logger';
import { writeMonorepo } from '../support/monorepoWorkspace';

/**
 * A one-shot start from a partly stale cache (the CLI after an edit, `impact` in CI with a restored
 * cache) builds the programs of the files it re-indexes only, with ownership as the cache recorded
 * it; it built every project's program before (payload: 174). The graph is the one a fresh index
 * builds, whatever the edit.
 */
describe('a start from a partly stale cache builds only the programs it needs', () => {
  let root: string;
  let cacheDir: string;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-cache-programs-'));
    cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-cache-programs-dir-'));
    // p1..p5 import p0; p5 also reaches a file no config lists (pulled in by its program).
    writeMonorepo(root, { packages: 6, filesPerPackage: 3, dependsOn: (i) => (i === 0 ? [] : [0]) });
    fs.mkdirSync(path.join(root, 'shared'), { recursive: true });
    fs.writeFileSync(path.join(root, 'shared/extra.ts'), 'export function extra(n: number): number {\n  return n + 1;\n}\n');
    const f2 = path.join(root, 'packages/p5/src/f2.ts');
    fs.writeFileSync(f2, `import { extra } from '../../../shared/extra';\n${fs.readFileSync(f2, 'utf8').replace('return p5f2a(x) * 2;', 'return extra(p5f2a(x)) * 2;')}`);
  });
  afterEach(() => {
    fs.rmSync(root, { recursive: true, force: true });
    fs.rmSync(cacheDir, { recursive: true, force: true });
  });

  async function open(): Promise<{ graph: CodeGraph; built: number; scoped: number; lines: string[] }> {
    const lines: string[] = [];
    const logger: Logger = { info: (m) => lines.push(m), warn: (m) => lines.push(m), error: (m) => lines.push(m) } as Logger;
    const graph = await CodeGraph.open({ root, cacheDir, logger });
    // Whole programs: "programs for N projects built" (native, in groups) or "program for X built" (in
    // process); scoped: "program of N root files (scoped) for X built" (native, a few files of one project).
    let built = 0;
    let scoped = 0;
    for (const l of lines) {
      const many = /^programs for (\d+) projects built/.exec(l);
      if (many) built += Number(many[1]);
      else if (/^program for .* built in/.test(l)) built++;
      else if (/^program of \d+ root files \(scoped\) for .* built in/.test(l)) scoped++;
    }
    return { graph, built, scoped, lines };
  }

  async function fresh(): Promise<string> {
    const graph = await CodeGraph.open({ root });
    try {
      return formatExport(exportGraph(graph.graph, graph.root));
    } finally {
      graph.dispose();
    }
  }

  const edits: Array<[string, string, (text: string) => string, number]> = [
    ['a body edit in a leaf package', 'packages/p3/src/f2.ts', (t) => t.replace('return p3f2a(x) * 2;', 'return p3f2a(x) * 3;'), 1],
    ['an export removed from the package every other imports', 'packages/p0/src/f0.ts', (t) => t.replace(/export function p0f0b[\s\S]*?\n}\n/, ''), 6],
    ['the file only a program pulled in', 'shared/extra.ts', (t) => t.replace('n + 1', 'n + 2'), 1],
  ];
  for (const [title, file, edit, atMost] of edits) {
    it(`${title}: at most ${atMost} of 6 programs built, the fresh index's graph`, async () => {
      const first = await open();
      assert.equal(first.built, 6);
      assert.ok(first.graph.graph.hasFile('shared/extra.ts'), 'the pulled-in file is indexed');
      first.graph.dispose();
      const abs = path.join(root, file);
      fs.writeFileSync(abs, edit(fs.readFileSync(abs, 'utf8')));
      const second = await open();
      try {
        assert.ok(second.lines.some((l) => /^cache: \d+ files loaded, [1-9]\d* re-indexed/.test(l)), second.lines.join('\n'));
        // The edited file's program may be scoped to it (the native compiler): its dependents' are whole.
        assert.ok(second.built + second.scoped >= 1 && second.built <= atMost && second.scoped <= 1, `${second.built} programs and ${second.scoped} scoped built:\n${second.lines.join('\n')}`);
        assert.equal(formatExport(exportGraph(second.graph.graph, second.graph.root)), await fresh());
      } finally {
        second.graph.dispose();
      }
      // And the cache it wrote starts the next run as well.
      const third = await open();
      third.graph.dispose();
      assert.equal(third.built + third.scoped, 0);
    });
  }
});
