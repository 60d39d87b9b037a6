import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { EXTENSION_ID, TOOLS, activateExtension, invoke } from './helpers';

/**
 * Issue 7 on what ships: the packed .vsix, installed by code-server's own installer (runTests.js
 * --vsix), in a folder with no node_modules/typescript, so its bundled compiler indexes. The answer
 * needs the standard library: `this.columns.map((c) => c.clone())` and `columns.find(...)` only
 * reach TableColumn.clone through Array's types.
 */
suite('the packed VSIX, installed', () => {
  test('is the installed copy, with the standard library beside its worker and no sources', async () => {
    const ext = await activateExtension();
    assert.ok(ext.extensionPath.includes(`${path.sep}extensions${path.sep}`), `loaded from ${ext.extensionPath}, not from the extensions dir`);
    assert.ok(fs.existsSync(path.join(ext.extensionPath, 'dist', 'worker.js')));
    assert.ok(fs.existsSync(path.join(ext.extensionPath, 'dist', 'lib.es2020.full.d.ts')));
    assert.ok(!fs.existsSync(path.join(ext.extensionPath, 'src')), 'the VSIX ships no sources');
    assert.ok(!fs.existsSync(path.join(vscode.workspace.workspaceFolders![0].uri.fsPath, 'node_modules', 'typescript')), 'the folder has no TypeScript of its own');
    assert.strictEqual(vscode.extensions.getExtension(EXTENSION_ID)?.extensionPath, ext.extensionPath);
  });

  test('a tool call follows calls through inferred types with the bundled compiler', async () => {
    await activateExtension();
    const text = await invoke(TOOLS.dependentsOf, { file_path: 'src/TableColumn.ts', symbol: 'TableColumn.clone' });
    assert.match(text, /^Table\.clone --CALLS--> TableColumn\.clone$/m, text);
    assert.match(text, /^rename --CALLS--> TableColumn\.clone$/m, text);
    assert.doesNotMatch(text, /Incomplete/);
    const render = await invoke(TOOLS.dependentsOf, { file_path: 'src/widget.ts', symbol: 'Widget.render' });
    for (const caller of ['viaFilter', 'viaForEach', 'viaFind', 'viaAwait', 'viaPromiseAll', 'viaMap', 'viaDestructuring', 'viaReduce']) {
      assert.match(render, new RegExp(`^${caller} --CALLS--> Widget\\.render$`, 'm'), render);
    }
  });
});
