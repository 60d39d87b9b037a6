import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import { NativeChecker } from '../../src/core/compiler/native/NativeChecker';
import { pinnedNative } from '../../src/core/compiler/native/nativeModules';
import { indexWorkspace } from '../../src/core/indexer/indexWorkspace';
import { writeWorkspace } from '../support/hostileWorkspace';

/**
 * Node's typings are platform API, like the standard library: the graph makes no node of what they
 * declare. The native compiler sends a declaration's file whole (its tree) to hand out the
 * declaration's node, so a call of `Buffer.from` or `EventEmitter#on` once fetched buffer.d.ts or
 * events.d.ts only to learn that. Now the file's name decides first: no platform typings fetched, the
 * same graph as in process, and a package's own typings still fetched and named.
 */
describe("the native compiler does not fetch Node's typings to find no node there", function () {
  this.timeout(120_000);
  let root: string;
  before(() => {
    root = writeWorkspace('tcg-platform-typings-', {
      'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, target: 'ES2022', module: 'commonjs', noEmit: true, types: ['node'] }, include: ['src'] }),
      'node_modules/@types/node/package.json': JSON.stringify({ name: '@types/node', version: '99.0.0', types: 'index.d.ts' }),
      'node_modules/@types/node/index.d.ts': '/// <reference path="events.d.ts" />\n/// <reference path="buffer.d.ts" />\n/// <reference path="util.d.ts" />\n',
      'node_modules/@types/node/util.d.ts': "declare module 'util' {\n  export function inspect(value: unknown): string;\n}\ndeclare module 'node:util' {\n  export * from 'util';\n}\n",
      'node_modules/@types/node/events.d.ts':
        "declare module 'events' {\n  class EventEmitter {\n    on(event: string, listener: () => void): this;\n    emit(event: string): boolean;\n  }\n  export = EventEmitter;\n}\n",
      'node_modules/@types/node/buffer.d.ts': 'declare class Buffer {\n  static from(text: string): Buffer;\n  toString(): string;\n}\n',
      'node_modules/greet/package.json': JSON.stringify({ name: 'greet', version: '1.0.0', types: 'index.d.ts' }),
      'node_modules/greet/index.d.ts': 'export declare function greet(name: string): string;\nexport declare function part(name: string): string;\n',
      'src/app.ts':
        "import EventEmitter = require('events');\nimport { inspect } from 'node:util';\nimport * as util from 'util';\nimport { greet } from 'greet';\n\n" +
        'export const shown = (): string => inspect(1) + util.inspect(2);\n\n' +
        'export class Bus extends EventEmitter {\n  start(): void {\n    this.on(\'tick\', () => undefined);\n    this.emit(\'tick\');\n  }\n}\n\n' +
        'export function hello(name: string): string {\n  return Buffer.from(greet(name)).toString();\n}\n',
    });
  });
  after(() => fs.rmSync(root, { recursive: true, force: true }));

  /** The native index of `root`, with every call of `proto[method]` (its arguments) seen by `seen`; the method restored afterwards. */
  async function indexSpying(proto: Record<string, (...args: unknown[]) => unknown>, method: string, seen: (args: unknown[]) => void) {
    const real = proto[method];
    proto[method] = function (this: unknown, ...args: unknown[]) {
      seen(args);
      return real.apply(this, args);
    };
    try {
      return await indexWorkspace({ root, compiler: 'native' });
    } finally {
      proto[method] = real;
    }
  }

  it("asks nothing about the compiler's own lib files: their folder says they are the standard library", async function () {
    if ('problem' in pinnedNative()) return this.skip(); // no native compiler on this platform
    const { Program } = require('@typescript/native/unstable/sync') as { Program: { prototype: Record<string, (...args: unknown[]) => unknown> } };
    const asked: string[] = [];
    const native = await indexSpying(Program.prototype, 'getSourceFileMetadata', (args) => asked.push(String(args[0])));
    try {
      const libs = native.index.compiler.kind === 'native' ? (native.index.compiler as unknown as { libraryFolders: string[] }).libraryFolders : [];
      assert.ok(libs.length > 0);
      const files = (native.index.compiler as unknown as { libraryFiles: Map<string, boolean> }).libraryFiles;
      const standard = [...files].filter(([f]) => libs.some((d) => f.startsWith(`${d}/`)));
      assert.ok(standard.length > 0 && standard.every(([, is]) => is), 'the lib files the passes met are the standard library');
      assert.deepEqual(asked.filter((f) => libs.some((d) => f.startsWith(`${d}/`))), []);
    } finally {
      native.index.dispose();
    }
  });

  it('fetches no tree of @types/node, fetches the package typings, and builds the in-process graph', async function () {
    if ('problem' in pinnedNative()) return this.skip(); // no native compiler on this platform
    const resolved = new Set<string>();
    const native = await indexSpying(NativeChecker.prototype as unknown as Record<string, (...args: unknown[]) => unknown>, 'resolve', (args) => {
      const handle = args[0] as { path: string } | undefined;
      if (handle) resolved.add(handle.path);
    });
    try {
      assert.equal(native.index.compiler.kind, 'native');
      const fetched = [...resolved].filter((p) => p.includes('/node_modules/'));
      assert.deepEqual(
        fetched.filter((p) => p.includes('/@types/node/')),
        [],
        'no declaration in Node typings resolved to its node',
      );
      assert.ok(
        fetched.some((p) => p.endsWith('/greet/index.d.ts')),
        `the package's typings are resolved: ${fetched.join(', ')}`,
      );
      assert.ok(
        native.graph.outEdges('src/app.ts#hello@function').some((e) => e.type === 'CALLS' && e.to.startsWith('node_modules/greet/index.d.ts#greet')),
        'the call of the package function is an edge',
      );
      const inprocess = await indexWorkspace({ root, compiler: 'inprocess' });
      try {
        assert.deepEqual(native.graph.snapshot(), inprocess.graph.snapshot());
      } finally {
        inprocess.index.dispose();
      }
    } finally {
      native.index.dispose();
    }
  });
});
