import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import { pinnedNative } from '../../src/core/compiler/native/nativeModules';
import { indexWorkspace } from '../../src/core/indexer/indexWorkspace';
import { exportGraph } from '../../src/worker/exportGraph';
import { writeWorkspace } from '../support/hostileWorkspace';

/**
 * Imports (named, default, namespace) from modules that resolve to nothing (packages not installed: a fresh clone, ra-core's
 * bench workspace without its test dependencies) resolve to the checker's unknown symbol. TypeScript 7
 * was asked that once per import (ra-core: 309 of its 3,430 round trips); it is asked once per checker.
 */
describe('TypeScript 7: imports from modules that resolve to nothing', function () {
  this.timeout(120_000);
  const roots: string[] = [];
  after(() => {
    for (const r of roots) fs.rmSync(r, { recursive: true, force: true });
  });

  const files: Record<string, string> = {
    'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, target: 'ES2022', module: 'esnext', moduleResolution: 'bundler', noEmit: true, types: [] }, include: ['src'] }),
    'src/local.ts': 'export function local(): number {\n  return 1;\n}\n',
  };
  for (const name of ['a', 'b', 'c', 'd']) {
    files[`src/${name}.ts`] =
      "import { render, screen } from 'not-installed-testing';\nimport { expectThat } from 'not-installed-expect';\nimport userEvent from 'not-installed-user-event';\nimport * as faker from 'not-installed-faker';\nimport { local } from './local';\n\n" +
      `export function ${name}Case(): number {\n  render(screen);\n  userEvent.click(faker.name());\n  expectThat(local());\n  return local();\n}\n`;
  }

  it('the same graph as TypeScript 6 gives, with one request for all of them', async function () {
    if ('problem' in pinnedNative()) return this.skip(); // no native compiler on this platform
    const root = writeWorkspace('tcg-unresolved-', files);
    roots.push(root);
    const inProcess = await indexWorkspace({ root, compiler: 'inprocess' });
    const expected = JSON.stringify(exportGraph(inProcess.graph, root));
    inProcess.index.dispose();
    const previous = process.env.TS_CODE_GRAPH_NATIVE_PROFILE;
    process.env.TS_CODE_GRAPH_NATIVE_PROFILE = '1';
    try {
      const { index, graph } = await indexWorkspace({ root, compiler: 'native' });
      try {
        assert.equal(JSON.stringify(exportGraph(graph, root)), expected);
        assert.deepEqual(graph.outEdges('src/a.ts#aCase@function').map((e) => e.to), ['src/local.ts#local@function']);
        // The profile's line for alias requests: `N × () => this.native.getAliasedSymbol(…): M ms, R round trips`.
        const summary = (index.compiler as unknown as { requestSummary(): string }).requestSummary();
        const trips = summary
          .split('\n')
          .filter((l) => l.includes('getAliasedSymbol'))
          .reduce((sum, l) => sum + Number(/(\d+) round trips/.exec(l)?.[1] ?? 0), 0);
        // 20 imports (named, default, namespace) from four missing modules: one request for them;
        // `local` (imported by 4 files) one for its module's first import, then its export table.
        assert.ok(trips <= 2, `${trips} alias requests:${summary}`);
      } finally {
        index.dispose();
      }
    } finally {
      if (previous === undefined) delete process.env.TS_CODE_GRAPH_NATIVE_PROFILE;
      else process.env.TS_CODE_GRAPH_NATIVE_PROFILE = previous;
    }
  });
});
