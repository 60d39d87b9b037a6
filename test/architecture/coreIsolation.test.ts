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

/** Any way a module can reach `vscode`: static import, type import, require, dynamic import. */
const VSCODE_IMPORT = /(from\s+['"]vscode['"])|(require\(\s*['"]vscode['"]\s*\))|(import\(\s*['"]vscode['"]\s*\))|(import\s+['"]vscode['"])/;

describe('architecture', () => {
  it('the core (src/core) never imports vscode', () => {
    const offenders = sources(path.join(repo, 'src/core')).filter((f) => VSCODE_IMPORT.test(fs.readFileSync(f, 'utf8')));
    assert.deepEqual(offenders.map((f) => path.relative(repo, f)), []);
  });

  it('the core does not import from the hosts (imports point inward)', () => {
    const offenders = sources(path.join(repo, 'src/core')).filter((f) => /from\s+['"](\.\.\/)+(host|cli)\//.test(fs.readFileSync(f, 'utf8')));
    assert.deepEqual(offenders.map((f) => path.relative(repo, f)), []);
  });

  it('the detector sees a vscode import when there is one', () => {
    for (const line of ["import * as vscode from 'vscode';", "const v = require('vscode');", "import type { Uri } from \"vscode\";", "await import('vscode')"]) {
      assert.ok(VSCODE_IMPORT.test(line), line);
    }
    assert.ok(!VSCODE_IMPORT.test("import { x } from './vscodeish';"));
  });
});
