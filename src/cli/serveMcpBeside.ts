import * as fs from 'fs';
import * as path from 'path';
import type { Workspace } from '../nodehost/workspaceArgs';
import { CliIo, ExitCode } from './runCommand';

/**
 * `mcp` runs the MCP server bundle next to this one (dist/mcp.js): the protocol SDK stays out of
 * the CLI bundle, and the server's main thread never loads the compiler (its worker does).
 */
export function serveMcpBesideThisFile(workspace: Workspace, io: CliIo): Promise<number> {
  const server = path.join(__dirname, 'mcp.js');
  if (!fs.existsSync(server)) {
    io.stderr(`ts-code-graph: the MCP server is missing (${server}): this installation is incomplete. Reinstall ts-code-graph, or run \`npm run build\` in its repository.\n`);
    return Promise.resolve(ExitCode.internalError);
  }
  const { serveMcpOnStdio } = require(server) as { serveMcpOnStdio(w: Workspace): Promise<number> };
  return serveMcpOnStdio(workspace);
}
