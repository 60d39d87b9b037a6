import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as ts from 'typescript';
import { CodeGraph } from '../../src/core/CodeGraph';
import { createFileSourceReader } from '../../src/core/format/FileSourceReader';
import { formatText } from '../../src/core/format/formatText';

/**
 * Issue 41, item 5: a root given through a symlink is indexed under its real path; the host keeps
 * its spelling, and absolute paths in either spelling (an editor's, a watcher's) reach the same files.
 */
describe('a workspace root given through a symlink', function () {
  this.timeout(60_000);
  let dir: string;
  let real: string;
  let link: string;
  let graph: CodeGraph;

  before(async () => {
    dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-symroot-')));
    real = path.join(dir, 'real');
    link = path.join(dir, 'link');
    fs.mkdirSync(path.join(real, 'src'), { recursive: true });
    fs.writeFileSync(path.join(real, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true, types: [] }, include: ['src'] }));
    fs.writeFileSync(path.join(real, 'src', 'a.ts'), 'export function a(): number {\n  return 1;\n}\n');
    fs.writeFileSync(path.join(real, 'src', 'b.ts'), "import { a } from './a';\n\nexport function b(): number {\n  return a();\n}\n");
    fs.symlinkSync(real, link, 'dir');
    graph = await CodeGraph.open({ root: link });
  });

  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  const dependents = (filePath: string) => {
    const r = graph.dependentsOf(filePath, 'a');
    return r.kind === 'message' ? r.message : formatText(r, createFileSourceReader(link), { snippets: 'none' });
  };

  it('shows the root as given, and knows a file by either spelling', () => {
    assert.equal(graph.root, link.replace(/\\/g, '/'));
    assert.equal(graph.relativePath(path.join(real, 'src', 'a.ts')), 'src/a.ts');
    assert.equal(graph.relativePath(path.join(link, 'src', 'a.ts')), 'src/a.ts');
    assert.equal(graph.relativePath(path.join(dir, 'x.ts')), undefined);
    const viaLink = dependents(path.join(link, 'src', 'a.ts'));
    assert.match(viaLink, /^b --CALLS--> a$/m);
    assert.equal(dependents(path.join(real, 'src', 'a.ts')), viaLink);
  });

  it('takes a path in another case as the file only where the file system ignores case', () => {
    // The file system's answer, as the compiler reads it (Linux: case-sensitive; macOS's and Windows's default volumes: not).
    const text = dependents('SRC/a.ts');
    if (ts.sys.useCaseSensitiveFileNames) assert.equal(text, 'File not indexed: SRC/a.ts. Did you mean src/a.ts? File names are case-sensitive on this file system. No file exists at that path.');
    else assert.equal(text, dependents('src/a.ts'));
  });

  it('applies updates named in either spelling', async () => {
    fs.writeFileSync(path.join(real, 'src', 'c.ts'), "import { a } from './a';\n\nexport function c(): number {\n  return a();\n}\n");
    await graph.update([path.join(link, 'src', 'c.ts')], []);
    assert.match(dependents('src/a.ts'), /^c --CALLS--> a$/m);
    fs.rmSync(path.join(real, 'src', 'b.ts'));
    await graph.update([], [path.join(real, 'src', 'b.ts')]);
    assert.doesNotMatch(dependents('src/a.ts'), /^b --CALLS--> a$/m);
    assert.deepEqual(graph.graph.files().sort(), ['src/a.ts', 'src/c.ts']);
  });
});
