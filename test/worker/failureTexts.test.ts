import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { MCP_WORDS } from '../../src/mcp/mcpWords';
import { indexFailedText, notAvailableText, outOfMemoryText, unexpectedFailureText, workerDiedText, workerStoppedText } from '../../src/worker/failureTexts';
import { HostWords, NEUTRAL_WORDS } from '../../src/worker/protocol';

/** What the extension passes (GraphService's VSCODE_WORDS; that module needs vscode to load). */
const VSCODE: HostWords = { log: 'the log (command "TS Code Graph: Show Log")', rebuild: 'run the command "TS Code Graph: Rebuild Graph"', heap: 'the setting "tsCodeGraph.workerHeapMb" in MB, then the command "TS Code Graph: Rebuild Graph"', exclude: 'the setting "tsCodeGraph.exclude"' };

const every = (words: HostWords): string[] => [
  indexFailedText('app', 'no compiler here', words),
  notAvailableText('it died 3 times within 2 minutes, so it is not restarted again', words),
  workerDiedText('dependentsOf', 'the graph worker exited unexpectedly', true, words),
  workerDiedText('dependentsOf', 'the graph worker exited unexpectedly', false, words),
  unexpectedFailureText('dependentsOf', 'x is undefined', words),
  unexpectedFailureText('dependentsOf', 'x is undefined', words, true),
  workerStoppedText('the graph worker ran out of memory; it died 3 times', words),
  notAvailableText(outOfMemoryText(4096, 'it ran out of memory twice', words), words),
];

describe('failure texts', () => {
  it('every text gives advice in the host\'s own words, and an MCP client\'s never names a VS Code command', () => {
    for (const words of [VSCODE, MCP_WORDS, NEUTRAL_WORDS]) {
      for (const text of every(words)) {
        const advice = [words.log, words.rebuild, words.rebuild.replace(/^./, (c) => c.toUpperCase()), 'restarting by itself'];
        assert.ok(advice.some((a) => text.includes(a)), text);
        if (words !== VSCODE) assert.doesNotMatch(text, /Show Log|Rebuild Graph|command "/, text);
      }
    }
  });

  it('out of memory: says what happened, the limit, and both ways out in the host\'s own words (issue 39)', () => {
    for (const words of [VSCODE, MCP_WORDS, NEUTRAL_WORDS]) {
      const text = notAvailableText(outOfMemoryText(3000, 'it ran out of memory before it finished indexing, and indexing again with the same limit would too', words), words);
      assert.ok(text.includes(words.heap) && text.includes(words.exclude), text);
      assert.match(text, /^The TS Code Graph index is not available: the graph worker ran out of memory \(its heap limit is 3000 MB\): it ran out of memory before it finished indexing/);
    }
    assert.match(notAvailableText(outOfMemoryText(3000, 'it ran out of memory twice', MCP_WORDS), MCP_WORDS), /set TS_CODE_GRAPH_WORKER_HEAP_MB to more MB in the server's environment, then restart it\) or leave folders out \(--exclude <glob>/);
  });

  it('reads as sentences in each host\'s words', () => {
    assert.equal(
      notAvailableText('it has not started', VSCODE),
      'The TS Code Graph index is not available: it has not started. Run the command "TS Code Graph: Rebuild Graph" and ask again; the log (command "TS Code Graph: Show Log") has details.',
    );
    assert.equal(
      unexpectedFailureText('pathsBetween', 'boom', MCP_WORDS),
      "TS Code Graph could not answer pathsBetween: boom. This is a bug in TS Code Graph; the server's log (stderr of `ts-code-graph mcp`) has details. If it repeats, restart the MCP server (it indexes the workspace again).",
    );
    assert.match(unexpectedFailureText('dependentsOf', 'boom', VSCODE, true), /^TS Code Graph could not draw dependentsOf: boom\./);
    assert.equal(workerDiedText('dependentsOf', 'it exited', false, MCP_WORDS), 'TS Code Graph could not answer dependentsOf: it exited. Restart the MCP server (it indexes the workspace again), then ask again.');
  });

  it('are written only here: no host or worker file words them itself', () => {
    const src = path.resolve(__dirname, '../../../src');
    const offenders: string[] = [];
    const stack = ['vscode', 'mcp', 'cli', 'nodehost', 'worker'].map((d) => path.join(src, d));
    while (stack.length > 0) {
      const dir = stack.pop()!;
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, e.name);
        if (e.isDirectory()) stack.push(full);
        else if (e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') && e.name !== 'failureTexts.ts') {
          if (/could not (answer|draw) \$\{|index is not available:|index of workspace folder|to start it again/.test(fs.readFileSync(full, 'utf8'))) offenders.push(path.relative(src, full));
        }
      }
    }
    assert.deepEqual(offenders, []);
  });
});
