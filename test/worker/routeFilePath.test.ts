import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { pathToFileURL } from 'url';
import { deepestContaining, routeFilePath } from '../../src/worker/routeFilePath';

const app = { key: 'a', name: 'app', root: path.resolve('/ws/app') };
const lib = { key: 'l', name: 'lib', root: path.resolve('/ws/lib') };
const nested = { key: 'n', name: 'inner', root: path.resolve('/ws/app/packages/inner') };
const onDisk = new Set([path.join(lib.root, 'src/math.ts'), path.join(app.root, 'src/index.ts')]);
const exists = (p: string) => onDisk.has(p);

describe(routeFilePath.name, () => {
  it('sends everything to the only folder (the core then explains a missing file)', () => {
    assert.deepStrictEqual(routeFilePath('src/nope.ts', [app], exists), { kind: 'folder', folder: app, filePath: 'src/nope.ts' });
    assert.deepStrictEqual(routeFilePath('./src\\x.ts'.replace('\\', '/'), [app], exists), { kind: 'folder', folder: app, filePath: 'src/x.ts' });
  });

  it('multi-root: a relative path goes to the folder where it exists', () => {
    assert.deepStrictEqual(routeFilePath('src/math.ts', [app, lib], exists), { kind: 'folder', folder: lib, filePath: 'src/math.ts' });
    assert.deepStrictEqual(routeFilePath('src/index.ts', [app, lib], exists), { kind: 'folder', folder: app, filePath: 'src/index.ts' });
  });

  it('multi-root: a folder-name prefix picks the folder', () => {
    assert.deepStrictEqual(routeFilePath('lib/src/gone.ts', [app, lib], exists), { kind: 'folder', folder: lib, filePath: 'src/gone.ts' });
  });

  it('absolute paths go to the deepest folder that contains them', () => {
    const file = path.join(nested.root, 'src', 'a.ts');
    assert.deepStrictEqual(routeFilePath(file, [app, nested, lib], exists), { kind: 'folder', folder: nested, filePath: 'src/a.ts' });
  });

  it('multi-root: routes what the core accepts, quoted paths and file:// URIs included', () => {
    const file = path.join(lib.root, 'src', 'math.ts');
    const toLib = { kind: 'folder', folder: lib, filePath: 'src/math.ts' };
    assert.deepStrictEqual(routeFilePath('"src/math.ts"', [app, lib], exists), toLib);
    assert.deepStrictEqual(routeFilePath(" 'lib/src/math.ts' ", [app, lib], exists), toLib);
    assert.deepStrictEqual(routeFilePath(`\`${file}\``, [app, lib], exists), toLib);
    assert.deepStrictEqual(routeFilePath(pathToFileURL(file).href, [app, lib], exists), toLib);
    assert.deepStrictEqual(routeFilePath('src\\math.ts', [app, lib], exists), toLib);
    const spaced = path.join(app.root, 'my dir', 'a.ts');
    assert.deepStrictEqual(routeFilePath(pathToFileURL(spaced).href, [app, lib], exists), { kind: 'folder', folder: app, filePath: 'my dir/a.ts' });
  });

  it('an empty path goes to a folder, whose core says what file_path must be', () => {
    assert.deepStrictEqual(routeFilePath('  ""  ', [app, lib], exists), { kind: 'folder', folder: app, filePath: '' });
  });

  it('explains what to pass when no folder matches', () => {
    const none = routeFilePath('src/nope.ts', [app, lib], exists);
    assert.strictEqual(none.kind, 'error');
    assert.match(none.kind === 'error' ? none.message : '', /src\/nope\.ts .*app, lib/);
    const outside = routeFilePath(path.resolve('/elsewhere/x.ts'), [app, lib], exists);
    assert.match(outside.kind === 'error' ? outside.message : '', /outside every workspace folder/);
    const noFolder = routeFilePath('src/x.ts', [], exists);
    assert.match(noFolder.kind === 'error' ? noFolder.message : '', /No workspace folder is open/);
  });

  it('multi-root: a folder opened through a symlink takes the real path of its files, and the reverse', () => {
    const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-route-')));
    try {
      fs.mkdirSync(path.join(dir, 'real-app', 'src'), { recursive: true });
      fs.mkdirSync(path.join(dir, 'other'));
      fs.symlinkSync(path.join(dir, 'real-app'), path.join(dir, 'app-link'), 'dir');
      const viaLink = { key: 'a', name: 'app', root: path.join(dir, 'app-link') };
      const other = { key: 'o', name: 'other', root: path.join(dir, 'other') };
      const realFile = path.join(dir, 'real-app', 'src', 'a.ts');
      // The folder's core maps the absolute path (CodeGraph's root spellings).
      assert.deepStrictEqual(routeFilePath(realFile, [other, viaLink]), { kind: 'folder', folder: viaLink, filePath: realFile.replace(/\\/g, '/') });
      assert.equal(deepestContaining(realFile, [other, viaLink]), viaLink);
      const viaReal = { key: 'r', name: 'app', root: path.join(dir, 'real-app') };
      assert.equal(deepestContaining(path.join(dir, 'app-link', 'src', 'deleted.ts'), [other, viaReal]), viaReal);
      assert.equal(deepestContaining(path.join(dir, 'elsewhere.ts'), [other, viaReal]), undefined);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
