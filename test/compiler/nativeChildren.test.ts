import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import type * as TS from 'typescript';
import { pinnedNative } from '../../src/core/compiler/native/nativeModules';
import { nativeSyntax } from '../../src/core/compiler/native/nativeSyntax';
import { writeWorkspace } from '../support/hostileWorkspace';

/**
 * The passes walk TypeScript 7's trees through `ts.forEachChild` (nativeSyntax), which reads the
 * pinned API's tree encoding in place rather than through the API's own walk: that one makes an array
 * object of every list it passes (20 ms of @loopback/repository's index). Both must hand out the same
 * children, in the same order, the very node objects with the same parents, on trees with long and
 * empty lists, JSDoc, decorators and the JSDoc the reparser turns into nodes (left out by both).
 */
describe("TypeScript 7's trees walked in place", function () {
  this.timeout(120_000);
  let root: string;
  before(() => {
    const many = Array.from({ length: 40 }, (_, i) => `export const v${i} = ${i};`).join('\n');
    const members = Array.from({ length: 24 }, (_, i) => `  /** m${i} */\n  m${i}(a: number, b = ${i}): number { return a + b; }`).join('\n');
    const args = Array.from({ length: 20 }, (_, i) => String(i)).join(', ');
    root = writeWorkspace('tcg-native-children-', {
      'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, target: 'ES2022', module: 'esnext', moduleResolution: 'bundler', noEmit: true, allowJs: true, checkJs: true, experimentalDecorators: true, types: [] }, include: ['src'] }),
      'src/long.ts': `${many}\n\nfunction log(_t: unknown, _k: string) {}\n\nexport class Big {\n  @log\n${members}\n}\n\nexport class Empty {}\n\nexport function call(...xs: number[]): number {\n  return xs.length + call() + call(${args});\n}\n`,
      'src/typed.js':
        '/**\n * @typedef {{ id: number, name: string }} Row\n * @param {Row} row\n * @returns {string}\n */\nexport function show(row) {\n  /** @type {string} */\n  const s = `${row.id}`;\n  return s + row.name;\n}\n',
    });
  });
  after(() => fs.rmSync(root, { recursive: true, force: true }));

  it('hands out the children the API walk does, the same objects with the same parents, and makes no list objects', function () {
    const native = pinnedNative();
    if ('problem' in native) return this.skip(); // no native compiler on this platform
    const inPlace = nativeSyntax(native);
    // Any other version walks through the API (its own forEachChild).
    const throughApi = nativeSyntax({ ...native, version: `${native.version}-other` });
    // Two processes: two trees of each file, one walked each way (a tree keeps what it materialized).
    const apis = [0, 1].map(() => new native.sync.API({ cwd: root, tsserverPath: native.exe }));
    try {
      const config = path.join(root, 'tsconfig.json');
      const [one, two] = apis.map((api) => api.updateSnapshot({ openProjects: [config] }).getProject(config)!.program);
      for (const name of ['src/long.ts', 'src/typed.js']) {
        const file = path.join(root, name).replace(/\\/g, '/');
        const first = one.getSourceFile(file) as unknown as TS.SourceFile;
        const second = two.getSourceFile(file) as unknown as TS.SourceFile;
        assert.notEqual(first, second);
        const walk = (syntax: typeof TS, sf: TS.SourceFile) => {
          const seen: string[] = [];
          const stack: TS.Node[] = [sf];
          while (stack.length) {
            const n = stack.pop()!;
            const children: TS.Node[] = [];
            syntax.forEachChild(n, (c) => {
              assert.equal(c.parent, n, `a child of ${n.kind} at ${n.pos} is its child`);
              children.push(c);
            });
            seen.push(`${n.kind}@${n.pos}-${n.end}: ${children.map((c) => `${c.kind}@${c.pos}`).join(' ')}`);
            for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
          }
          return seen;
        };
        const expected = walk(throughApi, second);
        assert.ok(expected.length > 20, `${name}: ${expected.length} nodes`);
        assert.deepEqual(walk(inPlace, first), expected, name);
        const lists = (first as unknown as { nodes: unknown[] }).nodes.filter((n) => Array.isArray(n));
        assert.equal(lists.length, 0, `${name}: no list object made by the walk`);
        assert.ok((second as unknown as { nodes: unknown[] }).nodes.some((n) => Array.isArray(n)), 'the API walk makes them');
      }
    } finally {
      for (const api of apis) api.close();
    }
  });
});
