import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import type { ProjectConfig } from '../../src/core/indexer/program/discoverProjects';
import { ProjectReach } from '../../src/core/indexer/program/projectReach';

/**
 * Whether a project not indexed yet could import a file decides whether an early answer says it is
 * complete: a reach too narrow is a wrong answer given as whole. An npm workspace links every member
 * into the root's node_modules, declared or not, and any file can import a sibling folder by a
 * relative path: both seen by the advice fixture's CLI query, answered "no dependents" after one
 * project of two.
 */
describe('what a project could import, before its program is built', () => {
  let root: string;
  const write = (rel: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  };
  const project = (dir: string, files: string[]): ProjectConfig => ({
    configPath: `${root}/${dir}/tsconfig.json`,
    options: {},
    fileNames: files.map((f) => `${root}/${dir}/${f}`),
    problems: [],
  });

  before(() => {
    root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-reach-')));
    write('package.json', JSON.stringify({ name: 'mono', private: true, workspaces: ['packages/*', 'tools/*'] }));
    for (const name of ['core', 'app', 'other', 'lonely']) write(`packages/${name}/package.json`, JSON.stringify({ name: `@acme/${name}` }));
    fs.mkdirSync(path.join(root, 'node_modules/@acme'), { recursive: true });
    for (const name of ['core', 'app', 'other', 'lonely']) fs.symlinkSync(path.join(root, 'packages', name), path.join(root, 'node_modules/@acme', name), 'dir');
    write('packages/core/src/index.ts', 'export function createId() {}\n');
    // Imports @acme/core by name without declaring it: resolved through the root's link.
    write('packages/app/src/main.ts', "import { createId } from '@acme/core';\nexport const run = () => createId();\n");
    // Imports core's sources by a relative path, no package name at all.
    write('packages/other/src/deep.ts', "export { createId } from '../../core/src/index';\n");
    // Imports nothing of the workspace.
    write('packages/lonely/src/alone.ts', "import * as fs from 'fs';\nexport const a = fs;\n");
  });
  after(() => fs.rmSync(root, { recursive: true, force: true }));

  it('a workspace member imported by name through a link it did not declare', () => {
    assert.equal(new ProjectReach(root).couldImport(project('packages/app', ['src/main.ts']), ['packages/core/src/index.ts']), true);
  });

  it('a sibling folder imported by a relative path', () => {
    assert.equal(new ProjectReach(root).couldImport(project('packages/other', ['src/deep.ts']), ['packages/core/src/index.ts']), true);
  });

  it('not a member linked beside it that none of its files names', () => {
    const reach = new ProjectReach(root);
    const lonely = project('packages/lonely', ['src/alone.ts']);
    assert.equal(reach.couldImport(lonely, ['packages/core/src/index.ts']), false);
    assert.equal(reach.couldImport(lonely, ['packages/lonely/src/alone.ts']), true, 'its own files');
  });
});
