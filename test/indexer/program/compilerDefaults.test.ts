import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as ts from 'typescript';
import { compilerDefaults, findWorkspaceTypeScript } from '../../../src/core/indexer/program/compilerDefaults';

describe('compilerDefaults', () => {
  let root: string;
  const write = (rel: string, value: unknown) => {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), typeof value === 'string' ? value : JSON.stringify(value));
  };
  beforeEach(() => (root = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-defaults-'))));
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('reads the installed version first, then package.json, and says whether it can be loaded', () => {
    assert.equal(findWorkspaceTypeScript(root), undefined);
    write('package.json', { devDependencies: { typescript: '~5.8.2' } });
    assert.deepEqual(findWorkspaceTypeScript(root), { version: '~5.8.2', major: 5, source: 'package.json asks for typescript ~5.8.2', hasApi: false });
    write('node_modules/typescript/package.json', { name: 'typescript', version: '7.0.2' });
    assert.deepEqual(findWorkspaceTypeScript(root), { version: '7.0.2', major: 7, source: 'node_modules/typescript 7.0.2', hasApi: false });
    write('node_modules/typescript/lib/typescript.js', '');
    assert.equal(findWorkspaceTypeScript(root)?.hasApi, true);
  });

  it('ignores ranges that name no major (latest, workspace:*)', () => {
    write('package.json', { devDependencies: { typescript: 'latest' }, peerDependencies: { typescript: 'workspace:*' } });
    assert.equal(findWorkspaceTypeScript(root), undefined);
  });

  it('a 5.x workspace: what the config leaves unset gets 5.9\'s values; what it sets is kept', () => {
    write('node_modules/typescript/package.json', { version: '5.4.5' });
    const d = compilerDefaults(ts, root);
    assert.equal(d.major, 5);
    assert.match(d.description, /^the bundled TypeScript 6\.\d+\.\d+, with TypeScript 5\.x defaults \(node_modules\/typescript 5\.4\.5, which has no JavaScript API to load\)$/);
    const none = d.apply({});
    assert.equal(none.target, ts.ScriptTarget.ES5);
    assert.equal(none.module, ts.ModuleKind.CommonJS);
    assert.equal(none.moduleResolution, ts.ModuleResolutionKind.Node10);
    assert.equal(none.esModuleInterop, false);
    assert.equal(none.strict, false);
    assert.deepEqual(none.types, ['*']);
    assert.equal(none.ignoreDeprecations, '6.0');
    // 5.9: target ES2015 and later means module es2015, which resolves classic.
    assert.equal(d.apply({ target: ts.ScriptTarget.ES2022 }).moduleResolution, ts.ModuleResolutionKind.Classic);
    // 5.9: module nodenext implies target esnext, resolution nodenext and esModuleInterop.
    const nodenext = d.apply({ module: ts.ModuleKind.NodeNext });
    assert.deepEqual([nodenext.target, nodenext.moduleResolution, nodenext.esModuleInterop], [ts.ScriptTarget.ESNext, ts.ModuleResolutionKind.NodeNext, true]);
    const set = d.apply({ module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, strict: true, types: [] });
    assert.deepEqual([set.module, set.moduleResolution, set.strict, set.types, set.alwaysStrict], [ts.ModuleKind.ESNext, ts.ModuleResolutionKind.Bundler, true, [], true]);
  });

  it('a 6 or 7 workspace, or none found: nothing is filled, 6 computes its own defaults', () => {
    for (const version of ['6.0.3', '7.0.2']) {
      write('node_modules/typescript/package.json', { version });
      const d = compilerDefaults(ts, root);
      assert.equal(d.major, Number(version[0]));
      assert.deepEqual(d.apply({ strict: false }), { strict: false, ignoreDeprecations: '6.0' });
    }
    fs.rmSync(path.join(root, 'node_modules'), { recursive: true });
    assert.match(compilerDefaults(ts, root).description, /with TypeScript 6 defaults \(no TypeScript in node_modules or package\.json\)$/);
  });

  it('a compiler loaded from the workspace keeps its own defaults, whatever node_modules says', () => {
    write('node_modules/typescript/package.json', { version: '5.4.5' });
    const d = compilerDefaults(ts, root, '/ws/tsdk/typescript.js');
    assert.equal(d.major, Number(ts.version.split('.')[0]));
    assert.match(d.description, /^the workspace's TypeScript \S+ \(\/ws\/tsdk\/typescript\.js\), with TypeScript \d+ defaults \(its own\)$/);
    assert.equal(d.apply({}).module, undefined);
  });

  it('keeps a config\'s own ignoreDeprecations', () => {
    assert.equal(compilerDefaults(ts, root).apply({ ignoreDeprecations: '5.0' }).ignoreDeprecations, '5.0');
  });
});
