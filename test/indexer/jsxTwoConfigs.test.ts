import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { indexWorkspace } from '../../src/core/indexer/indexWorkspace';
import { fixtureRoot, loadFixture } from '../support/loadFixture';
import { edge, linesOf } from '../support/graphLookup';

const APP = 'examples/demo/App.tsx';
const BADGE = 'examples/demo/Badge.tsx';

/**
 * One folder with `jsx: react-jsx` beside a project with `jsx: preserve` that imports its files (a
 * React monorepo's examples folder). The first program to meet a file writes its imports into the
 * shared parse; a second program with other JSX options then read them, and its checker threw
 * "Expected sourceFile.imports[0] to be the synthesized JSX runtime import" on App.tsx, which
 * `tsc -p examples/demo` checks. The projects are built in that order (apps/ before examples/).
 */
describe('indexWorkspace: two projects with different jsx settings sharing a file', () => {
  it('analyses every file: no failure, the JSX and the calls inside the callback are edges', async () => {
    const { graph, report } = await loadFixture('jsx-two-configs');
    assert.deepEqual(report.errors, []);
    assert.deepEqual(graph.failedFiles(), []);
    assert.deepEqual(linesOf(edge(graph, APP, 'App', 'INCLUDES', BADGE, 'Badge')), [5]);
    assert.deepEqual(linesOf(edge(graph, APP, 'App', 'CALLS', 'examples/demo/shout.ts', 'shout')), [6]);
    assert.deepEqual(linesOf(edge(graph, 'apps/site/src/main.tsx', 'main', 'CALLS', APP, 'App')), [5]);
  });

  describe('after edits', () => {
    let root: string;
    beforeEach(() => {
      root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-jsx-two-')));
      fs.cpSync(fixtureRoot('jsx-two-configs'), root, { recursive: true });
    });
    afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

    it('stays analysable when the shared file and its importer change, and equals a full rebuild', async () => {
      const { index, graph } = await indexWorkspace({ root });
      const app = path.join(root, APP);
      const main = path.join(root, 'apps/site/src/main.tsx');
      fs.writeFileSync(
        app,
        "import { shout } from './shout';\nimport { Badge } from './Badge';\n\nexport function App() {\n" +
          "  const badges = ['c'].map((label) => <Badge label={shout(label)} />);\n  return badges.length;\n}\n",
      );
      await index.update([app], []);
      assert.deepEqual(graph.failedFiles(), []);
      assert.deepEqual(linesOf(edge(graph, APP, 'App', 'CALLS', 'examples/demo/shout.ts', 'shout')), [5]);

      fs.writeFileSync(main, "import { App } from '../../../examples/demo/App';\n\nexport function main(): unknown {\n  return <div>{App()}</div>;\n}\n");
      await index.update([main], []);
      assert.deepEqual(graph.failedFiles(), []);
      assert.deepEqual(graph.snapshot(), (await indexWorkspace({ root })).graph.snapshot());
    });
  });
});
