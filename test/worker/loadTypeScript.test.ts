import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { loadTypeScript } from '../../src/worker/loadTypeScript';

describe(loadTypeScript.name, () => {
  const bundledVersion = (require('typescript') as { version: string }).version;

  it('uses the bundled TypeScript when no workspace one is given (untrusted, or none)', () => {
    const loaded = loadTypeScript(undefined);
    assert.strictEqual(loaded.ts.version, bundledVersion);
    assert.strictEqual(loaded.description, `the bundled TypeScript ${bundledVersion}`);
    assert.strictEqual(loaded.warning, undefined);
  });

  it("uses the workspace's TypeScript when it loads", () => {
    const tsPath = require.resolve('typescript');
    const loaded = loadTypeScript(tsPath);
    assert.strictEqual(loaded.description, `the workspace's TypeScript ${bundledVersion} (${tsPath})`);
    assert.strictEqual(loaded.warning, undefined);
  });

  it('falls back to the bundled one, with a warning, when the workspace one is too old or broken', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tscg-ts-'));
    try {
      const old = path.join(dir, 'old.js');
      fs.writeFileSync(old, "module.exports = { version: '4.9.5', createProgram() {} };");
      const broken = path.join(dir, 'broken.js');
      fs.writeFileSync(broken, "throw new Error('boom');");
      for (const [file, why] of [[old, 'version 4.9.5 is older than 5.0'], [broken, 'boom'], [path.join(dir, 'missing.js'), 'Cannot find module']]) {
        const loaded = loadTypeScript(file);
        assert.strictEqual(loaded.ts.version, bundledVersion);
        assert.ok(loaded.warning?.includes(file) && loaded.warning.includes(why), loaded.warning);
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
