import * as assert from 'assert';
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
