import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { indexWorkspace } from '../../src/core/indexer/indexWorkspace';
import { runCaptured } from '../cli/runCaptured';

/**
 * A clone before `npm install`: every import of a package resolves to nothing, so the calls into it
 * and every call TypeScript would infer through its types are missing, and nothing said so. Now one
 * warning names the packages (most imported first); Node built-ins are platform API, never named.
 */
describe('imported packages that resolve to no types', () => {
  let root: string;
  const write = (rel: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  };

  before(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-uninstalled-'));
    write('tsconfig.json', JSON.stringify({ compilerOptions: { strict: true, noEmit: true, module: 'commonjs', types: [] }, include: ['src'] }));
    write('src/a.ts', "import { get } from 'lodash';\nimport { route } from '@acme/router/server';\nimport * as fs from 'fs';\nimport { b } from './b';\n\nexport function a(): string {\n  return get({}, 'x') + route() + fs.sep + b();\n}\n");
    write('src/b.ts', "import { get } from 'lodash';\nimport * as path from 'node:path';\n\nexport function b(): string {\n  return get({}, 'y') + path.sep;\n}\n");
    // A codemod's input: data whose imports nothing runs (vercel/ai's fixtures made 'other-pkg' and
    // 'not-ai' two of the packages "to install").
    write('src/__testfixtures__/rename.input.ts', "import { get } from 'lodash';\nimport { streamText } from 'other-pkg';\n\nexport const x = get({}, 'z') + streamText();\n");
  });

  after(() => fs.rmSync(root, { recursive: true, force: true }));

  it('names them once, in the report and its problems, with how many files import each', async () => {
    const { report } = await indexWorkspace({ root });
    assert.equal(report.warnings.length, 1);
    assert.match(report.warnings[0], /^2 imported packages resolve to no types: 'lodash' \(2 files\), '@acme\/router' \(1 file\)\. .*install the dependencies/);
    assert.doesNotMatch(report.warnings[0], /'fs'|'node:path'|'\.\/b'|'other-pkg'/);
    assert.ok(report.problems.includes(report.warnings[0]));
    assert.deepEqual(report.errors, []);
  });

  it('is a warning on every CLI command, not a failure', async () => {
    const r = await runCaptured(['--root', root, 'dependentsOf', 'src/b.ts', 'b'], root);
    assert.equal(r.code, 0);
    assert.match(r.stderr, /^ts-code-graph: warning: 2 imported packages resolve to no types/);
    assert.match(r.stdout, /a --CALLS--> b/);
    // From the cache, nothing re-indexed: one line, not every warning before every answer; stats lists them.
    const again = await runCaptured(['--root', root, 'dependentsOf', 'src/b.ts', 'b'], root);
    assert.equal(again.code, 0);
    assert.equal(again.stderr, "ts-code-graph: 1 warning about this workspace's index, unchanged since it was built (`ts-code-graph stats` lists it)\n");
    assert.equal(again.stdout, r.stdout);
    const stats = await runCaptured(['--root', root, 'stats'], root);
    assert.equal(stats.stderr, '');
    assert.match(stats.stdout, /^ {2}2 imported packages resolve to no types/m);
  });

  it('an installed package whose types the resolution does not reach is not "to install"', async () => {
    // node10 (module commonjs, a 5.x workspace) ignores package.json exports: the types are there,
    // unread. In process: TypeScript 7 has no node10 and reads the exports (it then resolves lodash).
    write('node_modules/typescript/package.json', JSON.stringify({ version: '5.9.3' }));
    write('node_modules/lodash/package.json', JSON.stringify({ name: 'lodash', exports: { '.': { types: './get.d.ts' } } }));
    write('node_modules/lodash/get.d.ts', 'export declare function get(o: object, k: string): string;\n');
    try {
      const { report } = await indexWorkspace({ root, compiler: 'inprocess' });
      assert.equal(report.warnings.length, 2);
      assert.match(report.warnings[0], /^1 imported package resolves to no types: '@acme\/router' \(1 file\)\. It is not installed .*install the dependencies/);
      assert.match(report.warnings[1], /^1 imported package resolves to no types under the config's moduleResolution: 'lodash' \(2 files\) is installed, but "moduleResolution": "node10" \(tsconfig\.json, implied by its "module" under TypeScript 5's defaults\) does not find its types; "moduleResolution": "bundler"/);
      assert.doesNotMatch(report.warnings[1], /install the dependencies/);
    } finally {
      fs.rmSync(path.join(root, 'node_modules'), { recursive: true, force: true });
    }
  });

  it('says nothing when every import resolves', async () => {
    write('src/b.ts', "export function b(): string {\n  return 'y';\n}\n");
    write('src/a.ts', "import { b } from './b';\n\nexport function a(): string {\n  return b();\n}\n");
    const { report } = await indexWorkspace({ root });
    assert.deepEqual(report.warnings, []);
  });
});
