import * as assert from 'node:assert/strict';
import * as ts from 'typescript';
import { lazyModule, realModule } from '../../src/core/compiler/lazyModule';
import { loadTypeScript } from '../../src/worker/loadTypeScript';

/** The bundled TypeScript 6 handed to the core is evaluated at its first use (a warm start with TypeScript 7 needs none of it). */
describe('a module evaluated at its first use (lazyModule)', () => {
  it('answers its known properties without evaluating the module, then everything from the module', () => {
    let loads = 0;
    const m = lazyModule(() => (loads++, { version: '9.9.9', add: (a: number, b: number) => a + b, kinds: { A: 1 } }), { version: '9.9.9' });
    assert.equal(m.version, '9.9.9');
    assert.equal(loads, 0, 'the version alone does not evaluate it');
    assert.equal(m.add(2, 3), 5);
    assert.equal(m.kinds.A, 1);
    assert.equal(loads, 1);
    assert.ok('add' in m);
    assert.deepEqual(Object.keys(m).sort(), ['add', 'kinds', 'version']);
    assert.deepEqual({ ...m }.kinds, { A: 1 }, 'spread and keys see the module');
    assert.equal(realModule(m).add, m.add);
    assert.equal(loads, 1, 'evaluated once');
    const plain = { x: 1 };
    assert.equal(realModule(plain), plain, 'a plain module is its own');
  });

  it('the bundled TypeScript: its version without evaluating it, the module itself behind it', () => {
    const loaded = loadTypeScript(undefined);
    assert.equal(loaded.ts.version, ts.version);
    assert.match(loaded.description, new RegExp(`the bundled TypeScript ${ts.version.replace(/\./g, '\\.')}`));
    assert.equal(realModule(loaded.ts).createProgram, ts.createProgram, 'the same module the core imports');
    assert.notEqual(realModule(loaded.ts), loaded.ts, 'the stand-in is not the module');
    assert.equal(loaded.ts.SyntaxKind.Identifier, ts.SyntaxKind.Identifier);
  });
});
