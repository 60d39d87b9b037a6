import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { WorkspaceRoot, realPathOf } from '../../src/core/indexer/workspaceRoot';

describe(WorkspaceRoot.name, () => {
  let dir: string;
  let real: string;
  let link: string;

  before(() => {
    dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-root-')));
    real = `${dir}/real`.replace(/\\/g, '/');
    link = `${dir}/link`.replace(/\\/g, '/');
    fs.mkdirSync(`${real}/src/deep`, { recursive: true });
    fs.writeFileSync(`${real}/src/a.ts`, '');
    fs.symlinkSync(real, link, 'dir');
    // a second link, into a folder inside the root
    fs.symlinkSync(`${real}/src/deep`, `${dir}/deep-link`, 'dir');
  });

  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('keeps the given spelling for people and indexes under the real one', () => {
    const root = new WorkspaceRoot(link);
    assert.equal(root.given, link);
    assert.equal(root.real, real);
    assert.equal(new WorkspaceRoot(real).real, real);
  });

  it('maps a path in either spelling, or through another link into the root, to the real spelling', () => {
    for (const given of [link, real]) {
      const root = new WorkspaceRoot(given);
      assert.equal(root.toReal(`${link}/src/a.ts`), `${real}/src/a.ts`);
      assert.equal(root.toReal(`${real}/src/a.ts`), `${real}/src/a.ts`);
      assert.equal(root.toReal(link), real);
      assert.equal(root.toReal(`${dir}/deep-link/new.ts`), `${real}/src/deep/new.ts`, 'a file not written yet, through a link');
      assert.equal(root.toReal(`${link}/gone/b.ts`), `${real}/gone/b.ts`, 'a deleted folder');
      assert.equal(root.toReal(`${dir}/outside.ts`), `${dir}/outside.ts`, 'outside: unchanged');
    }
  });

  it('leaves a root that does not exist as given', () => {
    const missing = `${dir}/missing/ws`;
    assert.equal(new WorkspaceRoot(missing).real, missing);
    assert.equal(realPathOf(`${link}/none/x.ts`), `${real}/none/x.ts`);
  });
});
