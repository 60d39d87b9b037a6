import * as assert from 'assert';
import * as path from 'path';
import { pathToFileURL } from 'url';
import { routeFilePath } from './routeFilePath';

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
});
