import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { chooseTypeScript } from '../../src/worker/chooseTypeScript';

describe(chooseTypeScript.name, () => {
  let root: string;
  const write = (rel: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  };
  beforeEach(() => (root = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-choose-ts-'))));
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('loads the folder\'s node_modules/typescript when trusted, never when not', () => {
    write('node_modules/typescript/package.json', '{"version":"6.0.3"}');
    write('node_modules/typescript/lib/typescript.js', '');
    assert.deepEqual(chooseTypeScript(root, true, undefined), { tsPath: path.join(root, 'node_modules/typescript/lib/typescript.js'), reason: 'the folder has node_modules/typescript' });
    assert.equal(chooseTypeScript(root, false, undefined).tsPath, undefined);
  });

  it('a native TypeScript 7 (no lib/typescript.js) is named as such, not as missing', () => {
    write('node_modules/typescript/package.json', '{"name":"typescript","version":"7.0.2"}');
    const choice = chooseTypeScript(root, true, undefined);
    assert.equal(choice.tsPath, undefined);
    assert.equal(choice.reason, "the folder's node_modules/typescript is 7.0.2 without lib/typescript.js (TypeScript 7 is native and has no JavaScript API to load): using the bundled TypeScript, with TypeScript 7 defaults");
  });

  it('says when there is none, and when typescript.tsdk points nowhere', () => {
    assert.match(chooseTypeScript(root, true, undefined).reason, /^the folder has no node_modules\/typescript and typescript\.tsdk is not set/);
    assert.match(chooseTypeScript(root, true, 'nowhere/lib').reason, /^typescript\.tsdk is set to nowhere\/lib, but .*typescript\.js does not exist/);
  });
});
