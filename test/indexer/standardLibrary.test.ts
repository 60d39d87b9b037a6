import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as ts from 'typescript';
import { CodeGraph } from '../../src/core/CodeGraph';
import { foundNodes } from '../support/graphLookup';
import { writeWorkspace } from '../support/hostileWorkspace';

/**
 * Issue 7: a program without its standard library loses every call through an inferred type, so
 * the core must say so loudly — and only then: a lib that the workspace legitimately replaces is
 * not missing, and a graph built without the lib must never be cached for a repaired install.
 * The in-process compiler's fault (its lib files ship beside our bundle; `typescriptWithoutLib` loses
 * them): the native compiler's standard library is part of its platform package, beside its binary.
 */
describe('standard library', function () {
  this.timeout(60_000);
  const roots: string[] = [];
  after(() => roots.forEach((r) => fs.rmSync(r, { recursive: true, force: true })));

  const inferenceFiles = {
    'tsconfig.json': JSON.stringify({ compilerOptions: { target: 'es2020', strict: true }, include: ['src'] }),
    'src/col.ts': 'export class Col { clone(): Col { return new Col(); } }\n',
    'src/use.ts': 'import { Col } from "./col";\nexport function all(cs: Col[]) { return cs.map((c) => c.clone()); }\n',
  };
  const callersOfClone = (g: CodeGraph) => {
    const r = g.dependentsOf('src/col.ts', 'Col.clone');
    return foundNodes(r).map((n) => n.name);
  };

  /** The real compiler, but its compiler hosts look for the default library in an empty folder (a broken install). */
  function typescriptWithoutLib(): typeof ts {
    const emptyLibDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-nolib-'));
    roots.push(emptyLibDir);
    const libFile = (o: ts.CompilerOptions) => path.join(emptyLibDir, ts.getDefaultLibFileName(o));
    const createCompilerHost: typeof ts.createCompilerHost = (options, setParentNodes) => {
      const host = ts.createCompilerHost(options, setParentNodes);
      host.getDefaultLibLocation = () => emptyLibDir;
      host.getDefaultLibFileName = libFile;
      return host;
    };
    // The module's exports are getters: shadow the two functions on an object inheriting the rest.
    return Object.create(ts, { createCompilerHost: { value: createCompilerHost }, getDefaultLibFilePath: { value: libFile } }) as typeof ts;
  }

  it('names the missing default library file as an error, and every answer carries it', async () => {
    const root = writeWorkspace('tcg-lib-', inferenceFiles);
    roots.push(root);
    const g = await CodeGraph.open({ root, ts: typescriptWithoutLib(), compiler: 'inprocess' });
    assert.equal(g.errors().length, 1);
    assert.match(g.errors()[0], /^TypeScript's standard library file lib\.es2020\.full\.d\.ts was not found \(looked in .*tcg-nolib-/);
    const answer = g.dependentsOf('src/col.ts', 'Col.clone');
    assert.ok(answer.warnings?.some((w) => /lib\.es2020\.full\.d\.ts was not found/.test(w)), JSON.stringify(answer.warnings));
  });

  it('accepts a lib file the workspace replaces with an @typescript/lib-* package (libReplacement)', async () => {
    const root = writeWorkspace('tcg-librep-', {
      ...inferenceFiles,
      'tsconfig.json': JSON.stringify({ compilerOptions: { target: 'es2020', lib: ['es2020', 'dom'], strict: true }, include: ['src'] }),
      'node_modules/@typescript/lib-dom/package.json': JSON.stringify({ name: '@typescript/lib-dom', version: '0.0.1', types: 'index.d.ts' }),
      'node_modules/@typescript/lib-dom/index.d.ts': 'declare var document: { title: string };\n',
      'src/page.ts': 'export function title() { return document.title; }\n',
    });
    roots.push(root);
    const g = await CodeGraph.open({ root });
    assert.deepEqual(g.errors(), []);
    assert.deepEqual(callersOfClone(g), ['all']);
  });

  it('still names a lib file that neither TypeScript nor a replacement package provides', async () => {
    const root = writeWorkspace('tcg-librep-missing-', {
      ...inferenceFiles,
      'tsconfig.json': JSON.stringify({ compilerOptions: { target: 'es2020', lib: ['es2020', 'dom'], strict: true }, include: ['src'] }),
    });
    roots.push(root);
    const g = await CodeGraph.open({ root, ts: typescriptWithoutLib(), compiler: 'inprocess' });
    const named = g.errors().map((e) => /standard library file (\S+) was not found/.exec(e)?.[1]).sort();
    assert.deepEqual(named, ['lib.dom.d.ts', 'lib.es2020.d.ts']);
  });

  it('never caches a graph built without the library: the repaired install indexes afresh and finds the calls', async () => {
    const root = writeWorkspace('tcg-libcache-', inferenceFiles);
    const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-libcache-dir-'));
    roots.push(root, cacheDir);
    const broken = await CodeGraph.open({ root, cacheDir, ts: typescriptWithoutLib(), compiler: 'inprocess' });
    assert.equal(broken.errors().length, 1);
    assert.deepEqual(callersOfClone(broken), [], 'without the lib, the receiver of c.clone() has no type');
    const repaired = await CodeGraph.open({ root, cacheDir, compiler: 'inprocess' });
    assert.notEqual(repaired.report.cache, 'full');
    assert.deepEqual(repaired.errors(), []);
    assert.deepEqual(callersOfClone(repaired), ['all']);
    const again = await CodeGraph.open({ root, cacheDir, compiler: 'inprocess' });
    assert.equal(again.report.cache, 'full', 'a complete graph is cached as before');
    assert.deepEqual(callersOfClone(again), ['all']);
  });
});
