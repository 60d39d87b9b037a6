import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { FolderGraphs } from '../../src/worker/FolderGraphs';
import { MCP_WORDS } from '../../src/mcp/mcpWords';

/**
 * The graph worker serves VS Code and MCP clients alike; an MCP client has no "Show Log" or
 * "Rebuild Graph" command, so the worker's failure texts take each host's own words.
 */
describe('failure texts an MCP client gets', () => {
  let dir: string;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-words-'));
    // A workspace "TypeScript" the index cannot run with: the index of the folder fails.
    fs.writeFileSync(path.join(dir, 'typescript.js'), "module.exports = { version: '9.9.9', createProgram() { throw new Error('no compiler here'); } };\n");
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  const failedAnswer = async (words?: typeof MCP_WORDS): Promise<string> => {
    const graphs = new FolderGraphs({ info() {}, warn() {}, error() {} }, () => {});
    const root = path.resolve(__dirname, '../../../test/fixtures/sample');
    await assert.rejects(graphs.open({ key: 'k', name: 'sample', root, tsPath: path.join(dir, 'typescript.js'), ...(words ? { words } : {}) }));
    return (await graphs.query({ query: 'dependentsOf', file_path: 'src/utils/format.ts', symbol: 'formatDate' })).text;
  };

  it("name the server's log and a restart, never a VS Code command", async () => {
    const text = await failedAnswer(MCP_WORDS);
    assert.match(text, /^The TS Code Graph index of workspace folder "sample" failed: .*\(the server's log \(stderr of `ts-code-graph mcp`\) has details\), then restart the MCP server/);
    assert.doesNotMatch(text, /Show Log|Rebuild Graph|command "/);
  });

  it('name no command when a host gives no words', async () => {
    assert.doesNotMatch(await failedAnswer(), /Show Log|Rebuild Graph|command "/);
  });
});
