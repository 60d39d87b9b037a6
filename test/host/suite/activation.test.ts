import * as assert from 'assert';
import * as fs from 'fs';
import * as vscode from 'vscode';
import { TOOLS, activateExtension, invoke } from './helpers';

suite('activation', () => {
  test('activates, indexes every workspace folder, and logs no error', async () => {
    const ext = await activateExtension();
    // A first query waits for the index: afterwards the log has the whole start-up story.
    await invoke(TOOLS.dependentsOf, { file_path: 'src/utils/format.ts', symbol: 'formatDate' });
    await invoke(TOOLS.dependentsOf, { file_path: 'src/math.ts', symbol: 'add' });
    const log = ext.exports.recentLog();
    const errors = log.filter((l) => l.startsWith('[error]'));
    assert.deepStrictEqual(errors, [], `errors in the log:\n${log.join('\n')}`);
    for (const folder of ['app', 'lib']) {
      assert.ok(log.some((l) => l.includes(`[${folder}] indexed `)), `no "[${folder}] indexed" line in the log:\n${log.join('\n')}`);
    }
  });

  test("compiles the worker's core once per VS Code: V8's code of it is kept in the global storage after the first index", async () => {
    const ext = await activateExtension();
    await invoke(TOOLS.dependentsOf, { file_path: 'src/utils/format.ts', symbol: 'formatDate' });
    const log = ext.exports.recentLog();
    assert.ok(log.some((l) => /graph worker's core (loaded from V8's code cache|compiled from source \(V8's code cache kept for the next start\))/.test(l)), log.join('\n'));
    const kept = fs.readdirSync(ext.exports.codeCacheDir);
    assert.ok(kept.some((f) => /^workerCore\.js-[0-9a-f]{20}-[0-9a-f]{12}\.v8$/.test(f)), `in ${ext.exports.codeCacheDir}: ${kept.join(' ')}`);
  });

  test('says in the log which TypeScript each folder uses, and falls back from an unusable one', async () => {
    const log = (await activateExtension()).exports.recentLog();
    // fixture.code-workspace sets typescript.tsdk to "tsdk-stub": app has no such folder, and
    // lib's stub claims version 4.2.0. Both must end up on the bundled TypeScript, saying why.
    assert.ok(log.some((l) => l.includes('[app] TypeScript: typescript.tsdk is set to tsdk-stub, but') && l.includes('does not exist')), log.join('\n'));
    assert.ok(log.some((l) => l.startsWith('[warn] [lib]') && l.includes('4.2.0 is older than 5.0')), log.join('\n'));
    for (const folder of ['app', 'lib']) {
      assert.ok(log.some((l) => new RegExp(`\\[${folder}\\] indexing .* with the bundled TypeScript \\d+\\.\\d+`).test(l)), log.join('\n'));
    }
  });

  test('contributes the commands', async () => {
    const commands = await vscode.commands.getCommands(true);
    for (const id of ['tsCodeGraph.dependenciesOf', 'tsCodeGraph.dependentsOf', 'tsCodeGraph.pathsBetween', 'tsCodeGraph.rebuild', 'tsCodeGraph.showLog']) {
      assert.ok(commands.includes(id), `command ${id} is not registered`);
    }
  });
});
