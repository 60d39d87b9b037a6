import type { HostWords } from '../worker/protocol';

/** An MCP client has no commands of ours: the remedies are the server's log and a restart. */
export const MCP_WORDS: HostWords = {
  log: "the server's log (stderr of `ts-code-graph mcp`)",
  rebuild: 'restart the MCP server (it indexes the workspace again)',
  heap: "set TS_CODE_GRAPH_WORKER_HEAP_MB to more MB in the server's environment, then restart it",
  exclude: "--exclude <glob> in the server's arguments, once per glob",
};
