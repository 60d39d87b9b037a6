import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { EXTENSION_ID, TOOLS, activateExtension, invoke } from './helpers';

/**
 * Issue 7 on what ships: the packed .vsix for this platform (linux-x64: `npm run test:host:vsix`),
 * installed by code-server's own installer (runTests.js --vsix), in a folder with no
 * node_modules/typescript, so a compiler it carries indexes: the native TypeScript 7 binary of its
 * platform (issue 40). The answer needs the standard library (TypeScript 7's, beside that binary):
 * `this.columns.map((c) => c.clone())` and `columns.find(...)` only reach TableColumn.clone through
 * Array's types.
 */
suite('the packed VSIX, installed', () => {
  test('is the installed copy, with the standard library beside its worker and no sources', async () => {
    const ext = await activateExtension();
    assert.ok(ext.extensionPath.includes(`${path.sep}extensions${path.sep}`), `loaded from ${ext.extensionPath}, not from the extensions dir`);
    for (const f of ['worker.js', 'workerCore.js', 'typescript.js']) assert.ok(fs.existsSync(path.join(ext.extensionPath, 'dist', f)), f);
    assert.ok(fs.existsSync(path.join(ext.extensionPath, 'dist', 'lib.es2020.full.d.ts')));
    assert.ok(!fs.existsSync(path.join(ext.extensionPath, 'src')), 'the VSIX ships no sources');
    assert.ok(!fs.existsSync(path.join(vscode.workspace.workspaceFolders![0].uri.fsPath, 'node_modules', 'typescript')), 'the folder has no TypeScript of its own');
    assert.strictEqual(vscode.extensions.getExtension(EXTENSION_ID)?.extensionPath, ext.extensionPath);
  });

  test('carries the native compiler of its platform, and builds the graph with it', async () => {
    const ext = await activateExtension();
    const platform = `${process.platform}-${process.arch}`;
    const exe = path.join(ext.extensionPath, 'dist', 'native', `typescript-${platform}`, 'lib', process.platform === 'win32' ? 'tsc.exe' : 'tsc');
    assert.ok(fs.existsSync(exe), `${exe} is shipped`);
    assert.ok(fs.existsSync(path.join(path.dirname(exe), 'lib.es2020.d.ts')), "TypeScript 7's standard library is shipped beside it");
    if (process.platform !== 'win32') fs.accessSync(exe, fs.constants.X_OK);
    await invoke(TOOLS.dependenciesOf, { file_path: 'src/TableColumn.ts', symbol: 'TableColumn.clone' });
    // A tool may answer before the index is done (the compiler's first answer); the status names the
    // compiler once the folder is ready.
    const deadline = Date.now() + 60000;
    while (ext.exports.status()[0]?.state !== 'ready' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const status = ext.exports.status();
    assert.strictEqual(status[0]?.state, 'ready', JSON.stringify(status));
    assert.strictEqual(status.length, 1);
    const shipped = path.join(ext.extensionPath, 'dist', 'native');
    assert.ok(status[0].typescript?.startsWith(`TypeScript 7.0.2 (native, @typescript/typescript-${platform}, shipped in ${shipped})`), status[0].typescript);
    assert.match(status[0].typescript!, /; the default where its binary is installed$/);
    assert.ok(ext.exports.recentLog().some((l) => l.includes(`native compiler started: TypeScript 7.0.2 (native, @typescript/typescript-${platform}, shipped in`)), ext.exports.recentLog().join('\n'));
  });

  test('a tool call follows calls through inferred types with the compiler it carries', async () => {
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
