import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { fixtureDir } from '../support/goldenFixtures';
import { REPO_ROOT } from '../support/loadFixture';
import { requireBuilt } from './builtArtifacts';
// Graph caches and temporary workspaces in the run's own folder, never the user's (also when run without .mocharc).
import '../support/isolatedRun';

/** The MCP server bundle `ts-code-graph mcp` runs. */
export const BUILT_MCP = path.join(REPO_ROOT, 'dist', 'mcp.js');

export interface McpRun {
  client: Client;
  /** Everything the server wrote to stderr so far. */
  stderr(): string;
  /**
   * What the SDK client could not take as a protocol message so far: a stdout line that is not
   * JSON-RPC (a stray console.log of the server), an unknown message. Empty when stdout is clean.
   */
  protocolErrors(): string[];
  /**
   * Waits until stderr matches: stderr and stdout are separate pipes, so a line the server logged
   * before an answer may reach us after it. Fails with what stderr holds after `timeoutMs`.
   */
  stderrMatching(pattern: RegExp, timeoutMs?: number): Promise<string>;
  close(): Promise<void>;
}

/**
 * Starts a server the way an MCP client configuration does (`command` + `args`, stdio) and
 * connects the official SDK client to it. `cacheHome` becomes XDG_CACHE_HOME (a fresh one by default);
 * `env` is added to the inherited environment.
 */
export async function startMcp(options: { command?: string; args: string[]; cacheHome?: string; cwd?: string; env?: Record<string, string> }): Promise<McpRun> {
  if (!options.command) requireBuilt(BUILT_MCP);
  const transport = new StdioClientTransport({
    command: options.command ?? process.execPath,
    args: options.command ? options.args : [BUILT_MCP, ...options.args],
    cwd: options.cwd,
    env: { ...inheritedEnv(), XDG_CACHE_HOME: options.cacheHome ?? tempDir('mcp-cache-'), ...options.env },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
  const client = new Client({ name: 'ts-code-graph-tests', version: '1.0.0' });
  // The SDK reads stdout line by line and reports a line it cannot parse here, then goes on.
  const protocolErrors: string[] = [];
  client.onerror = (err) => protocolErrors.push(err.message);
  await client.connect(transport);
  const stderrMatching = async (pattern: RegExp, timeoutMs = 10_000): Promise<string> => {
    const deadline = Date.now() + timeoutMs;
    while (!pattern.test(stderr)) {
      if (Date.now() > deadline) throw new Error(`stderr did not match ${pattern} within ${timeoutMs} ms:\n${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return stderr;
  };
  return { client, stderr: () => stderr, protocolErrors: () => [...protocolErrors], stderrMatching, close: () => client.close() };
}

/** The text of a tool call's one text part, and its isError flag. */
export async function callText(client: Client, name: string, args: unknown, onprogress?: (p: { progress: number; total?: number }) => void): Promise<{ text: string; isError: boolean }> {
  const result = await client.callTool({ name, arguments: args as Record<string, unknown> }, undefined, { onprogress, timeout: 120_000 });
  const content = result.content as { type: string; text: string }[];
  if (content.length !== 1 || content[0].type !== 'text') throw new Error(`expected one text part, got ${JSON.stringify(result)}`);
  return { text: content[0].text, isError: result.isError === true };
}

export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** A writable copy of a fixture workspace (tests edit it). */
export function copyFixture(name: string): string {
  const dir = tempDir(`mcp-${name}-`);
  fs.cpSync(fixtureDir(name), dir, { recursive: true });
  return dir;
}

function inheritedEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined) env[k] = v;
  return env;
}
