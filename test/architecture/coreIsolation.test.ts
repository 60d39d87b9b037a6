import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';

const repo = path.resolve(__dirname, '../../..');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? sources(full) : e.name.endsWith('.ts') ? [full] : [];
  });
}

/** Every module specifier a file names: static and type imports, re-exports, require, dynamic import. */
function specifiers(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)['"]([^'"]+)['"]/g)) found.push(m[1]);
  return found;
}

/**
 * The files of `dir` (repo-relative) with every import of theirs that reaches `vscode` or a file
 * under one of the `forbidden` folders, as `file -> specifier`.
 */
function forbiddenImports(dir: string, forbidden: string[]): string[] {
  return sources(path.join(repo, dir)).flatMap((file) =>
    specifiers(fs.readFileSync(file, 'utf8'))
      .filter((spec) => spec === 'vscode' || reaches(file, spec, forbidden))
      .map((spec) => `${path.relative(repo, file)} -> ${spec}`),
  );
}

/** A relative specifier of `file` that resolves into one of the repo-relative `folders`. */
function reaches(file: string, spec: string, folders: string[]): boolean {
  if (!spec.startsWith('.')) return false;
  const target = path.relative(repo, path.resolve(path.dirname(file), spec)).split(path.sep).join('/');
  return folders.some((f) => target === f || target.startsWith(`${f}/`));
}

/** Any way a module can reach `vscode`: static import, type import, require, dynamic import. */
const VSCODE_IMPORT = /(from\s+['"]vscode['"])|(require\(\s*['"]vscode['"]\s*\))|(import\(\s*['"]vscode['"]\s*\))|(import\s+['"]vscode['"])/;

describe('architecture', () => {
  it('the core (src/core) never imports vscode', () => {
    const offenders = sources(path.join(repo, 'src/core')).filter((f) => VSCODE_IMPORT.test(fs.readFileSync(f, 'utf8')));
    assert.deepEqual(offenders.map((f) => path.relative(repo, f)), []);
  });

  it('the core does not import from the hosts (imports point inward)', () => {
    const offenders = sources(path.join(repo, 'src/core')).filter((f) => /from\s+['"](\.\.\/)+(vscode|cli|mcp|nodehost)\//.test(fs.readFileSync(f, 'utf8')));
    assert.deepEqual(offenders.map((f) => path.relative(repo, f)), []);
  });

  it('the graph worker tier (src/worker), the MCP server (src/mcp), the CLI (src/cli) and the Node host kit (src/nodehost) never import vscode nor anything of the VS Code host (src/vscode)', () => {
    for (const tier of ['src/worker', 'src/mcp', 'src/cli', 'src/nodehost']) assert.deepEqual(forbiddenImports(tier, ['src/vscode']), []);
  });

  it('the CLI and the MCP server never import each other: what both need is the Node host kit (src/nodehost)', () => {
    assert.deepEqual([...forbiddenImports('src/cli', ['src/mcp']), ...forbiddenImports('src/mcp', ['src/cli'])].filter((i) => !i.endsWith('-> vscode')), []);
  });

  it('the core imports no tier above it: neither the worker, the VS Code host, the MCP server nor the CLI', () => {
    assert.deepEqual(forbiddenImports('src/core', ['src/worker', 'src/vscode', 'src/mcp', 'src/cli', 'src/nodehost']), []);
  });

  it('the import finder sees every form of import, and resolves relative paths', () => {
    const file = path.join(repo, 'src/worker/x.ts');
    const text = [
      "import { a } from '../host/graph/GraphService';",
      "import type { B } from \"../host/log\";",
      "export * from '../host/x';",
      "const c = require( '../host/y' );",
      "const d = await import('../host/z');",
      "import '../host/side-effect';",
      "import { e } from './local';",
    ].join('\n');
    const found = specifiers(text);
    assert.deepEqual(found, ['../host/graph/GraphService', '../host/log', '../host/x', '../host/y', '../host/z', '../host/side-effect', './local']);
    assert.deepEqual(found.map((spec) => reaches(file, spec, ['src/host'])), [true, true, true, true, true, true, false]);
    assert.ok(!reaches(file, '../hostile', ['src/host']), 'a sibling whose name starts the same is not inside');
    assert.ok(reaches(path.join(repo, 'src/core/query/q.ts'), '../../worker/protocol', ['src/worker']));
  });

  it('the detector sees a vscode import when there is one', () => {
    for (const line of ["import * as vscode from 'vscode';", "const v = require('vscode');", "import type { Uri } from \"vscode\";", "await import('vscode')"]) {
      assert.ok(VSCODE_IMPORT.test(line), line);
    }
    assert.ok(!VSCODE_IMPORT.test("import { x } from './vscodeish';"));
  });
});
