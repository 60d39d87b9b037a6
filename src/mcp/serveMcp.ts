import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, CallToolResult, ListToolsRequestSchema, LoggingLevel } from '@modelcontextprotocol/sdk/types.js';
import { PassThrough } from 'stream';
import { Logger } from '../core/Logger';
import { toQueryRequest } from '../tools/toolInput';
import { MCP_TOOL_NAMES, mcpTools, toolByName } from '../tools/toolMetadata';
import { TOOL_QUERIES } from '../core/query/queries';
import { JsonRpcLineFilter } from './JsonRpcLineFilter';
import { WatchedWorkspace, WatchedWorkspaceOptions } from '../nodehost/WatchedWorkspace';
import { MCP_WORDS } from './mcpWords';

/** The workspace (`root` absolute, an existing directory: checked by the caller) and its graph worker, as `WatchedWorkspace` takes them. */
export interface ServeMcpOptions extends Pick<WatchedWorkspaceOptions, 'root' | 'tsconfig' | 'exclude' | 'workerPath' | 'codeCacheDir' | 'cacheDir' | 'heapMb'> {
  version: string;
  stdin: NodeJS.ReadableStream;
  stdout: NodeJS.WritableStream;
  stderr(s: string): void;
  /** Settles with the reason when the server must stop although stdin is open (a signal, the parent gone). */
  stop?: Promise<string>;
}

/**
 * `ts-code-graph mcp`: the three tools over the Model Context Protocol on stdio. Thin like the
 * other hosts: input → toQueryRequest (the shared checks) → the graph worker → the one
 * formatter's text, unchanged. Resolves with the exit code once stdin closes.
 */
export async function serveMcp(options: ServeMcpOptions): Promise<number> {
  const server = new Server(
    { name: 'ts-code-graph', version: options.version },
    {
      capabilities: { tools: {}, logging: {} },
      instructions: instructions(),
    },
  );
  // Logs go to stderr always (stdout is the protocol's) and to the client as MCP log messages once it is connected.
  const log = clientAndStderrLogger(server, options.stderr);
  const session = new WatchedWorkspace({ root: options.root, tsconfig: options.tsconfig, exclude: options.exclude, workerPath: options.workerPath, codeCacheDir: options.codeCacheDir, cacheDir: options.cacheDir, heapMb: options.heapMb, toolVersion: options.version, log, words: MCP_WORDS });

  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: mcpTools() }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const { name, arguments: input, _meta } = request.params;
    const tool = toolByName(name, MCP_TOOL_NAMES);
    if (!tool) return textResult(`Unknown tool '${name}'. This server's tools: ${Object.values(MCP_TOOL_NAMES).join(', ')}.`, true);
    // `arguments` that are not an object never get here (JsonRpcLineFilter answers -32602); absent means {}.
    const args = toQueryRequest(tool.query, input ?? {});
    if (typeof args === 'string') return textResult(args, true);
    // A call that arrives while the graph is indexed waits for it; it hears how far indexing is when it asked to.
    const token = _meta?.progressToken;
    const unsubscribe =
      token === undefined
        ? () => false
        : session.onProgress((done, total) => {
            void extra
              .sendNotification({ method: 'notifications/progress', params: { progressToken: token, progress: done, total, message: `indexing ${done}/${total} files` } })
              .catch(() => undefined);
          });
    try {
      // A client's notifications/cancelled aborts extra.signal: the worker drops the query (the SDK sends no answer).
      const answer = await session.query(args, extra.signal);
      return textResult(answer.text, answer.isError);
    } finally {
      unsubscribe();
    }
  });

  const input = new PassThrough();
  const filter = new JsonRpcLineFilter(
    (line) => input.write(`${line}\n`),
    (response) => void options.stdout.write(`${JSON.stringify(response)}\n`),
  );
  const ended = new Promise<void>((resolve) => {
    options.stdin.on('data', (chunk: Buffer | string) => filter.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk)));
    options.stdin.once('end', resolve);
    options.stdin.once('close', resolve);
    options.stdin.once('error', (err) => {
      options.stderr(`ts-code-graph mcp: stdin: ${err.message}\n`);
      resolve();
    });
  });
  const transport = new StdioServerTransport(input, options.stdout as unknown as import('stream').Writable);
  transport.onerror = (err) => options.stderr(`ts-code-graph mcp: ${err.message}\n`);

  session.start();
  log.info(`indexing ${options.root}${options.tsconfig ? ` with ${options.tsconfig}` : ''}${options.cacheDir ? ` (graph cache: ${options.cacheDir})` : ''}`);
  await server.connect(transport);

  const stopped = await Promise.race([ended.then(() => undefined), options.stop ?? new Promise<never>(() => undefined)]);
  if (stopped) log.info(`stopping: ${stopped}`);
  // The client closed stdin (or stopped us): the session is over. Stop the watcher and the worker, then exit 0.
  await server.close().catch(() => undefined);
  await session.close();
  return 0;
}

function textResult(text: string, isError: boolean): CallToolResult {
  return { content: [{ type: 'text', text }], isError };
}

function clientAndStderrLogger(server: Server, stderr: (s: string) => void): Logger {
  const emit = (level: LoggingLevel, message: string): void => {
    stderr(`ts-code-graph mcp: ${level}: ${message}\n`);
    // Only once the client is initialized; the SDK itself drops levels below what the client set.
    if (server.getClientCapabilities() !== undefined) void server.sendLoggingMessage({ level, logger: 'ts-code-graph', data: message }).catch(() => undefined);
  };
  return { info: (m) => emit('info', m), warn: (m) => emit('warning', m), error: (m) => emit('error', m) };
}

/** What the server tells the client it is for: each tool with its question, from the descriptors. */
function instructions(): string {
  const tools = TOOL_QUERIES.map((q) => `${MCP_TOOL_NAMES[q.name]} (${q.tool.question})`);
  const count = ['no', 'one', 'two', 'three', 'four', 'five'][tools.length] ?? String(tools.length);
  const list = tools.length > 1 ? `${tools.slice(0, -1).join(', ')} and ${tools[tools.length - 1]}` : tools.join('');
  return `TS Code Graph answers ${count} questions about the TypeScript/JavaScript code of this workspace from its symbol graph: ${list}. Prefer them to text search for these questions.`;
}
