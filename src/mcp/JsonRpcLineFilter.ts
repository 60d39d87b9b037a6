import { JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';

/** A JSON-RPC error response for input the SDK would otherwise drop without an answer. */
export interface JsonRpcErrorResponse {
  jsonrpc: '2.0';
  id: string | number | null;
  error: { code: number; message: string };
}

/** JSON-RPC 2.0's codes. */
export const PARSE_ERROR = -32700;
export const INVALID_REQUEST = -32600;
export const INVALID_PARAMS = -32602;

/** The SDK's stdio transport closes itself past this many buffered bytes; we answer and skip the line instead. */
export const MAX_LINE_BYTES = 8 * 1024 * 1024;

/**
 * Sits between stdin and the SDK's stdio transport: the SDK drops a line that is not JSON, or
 * not a JSON-RPC message, without a word (the client then waits forever), and closes the
 * transport on a line over its buffer limit. JSON-RPC 2.0 wants an answer: -32700 for a parse
 * error, -32600 for an invalid request (`id` null when it cannot be read). Valid lines go on
 * unchanged, in order.
 */
export class JsonRpcLineFilter {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  /** Dropping the rest of an over-long line. */
  private skipping = false;

  constructor(
    private readonly forward: (line: string) => void,
    private readonly reply: (response: JsonRpcErrorResponse) => void,
  ) {}

  push(chunk: Buffer): void {
    let start = 0;
    for (let nl = chunk.indexOf(10); nl !== -1; start = nl + 1, nl = chunk.indexOf(10, start)) {
      const piece = chunk.subarray(start, nl);
      if (this.skipping) {
        this.skipping = false;
        this.pending = [];
        this.pendingBytes = 0;
        continue;
      }
      this.pending.push(piece);
      const line = Buffer.concat(this.pending).toString('utf8').replace(/\r$/, '');
      this.pending = [];
      this.pendingBytes = 0;
      this.line(line);
    }
    if (start < chunk.length && !this.skipping) {
      this.pending.push(chunk.subarray(start));
      this.pendingBytes += chunk.length - start;
      if (this.pendingBytes > MAX_LINE_BYTES) {
        this.pending = [];
        this.pendingBytes = 0;
        this.skipping = true;
        this.reply(error(null, INVALID_REQUEST, `Invalid Request: a message over ${MAX_LINE_BYTES} bytes was skipped.`));
      }
    }
  }

  private line(line: string): void {
    if (line.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (err) {
      this.reply(error(null, PARSE_ERROR, `Parse error: ${err instanceof Error ? err.message : String(err)}. Send one JSON-RPC 2.0 message per line.`));
      return;
    }
    if (JSONRPCMessageSchema.safeParse(value).success) {
      const id = (value as { id?: string | number }).id;
      const bad = id === undefined ? undefined : badToolCallParams(value as { method: string; params?: unknown });
      if (bad) this.reply(error(id!, INVALID_PARAMS, bad));
      else this.forward(line);
      return;
    }
    const id = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as { id?: unknown }).id : undefined;
    const known = typeof id === 'string' || typeof id === 'number' ? id : null;
    const why = Array.isArray(value) ? 'batches are not supported' : 'expected {"jsonrpc": "2.0", "method": ..., "id": ...} (or a notification or response)';
    this.reply(error(known, INVALID_REQUEST, `Invalid Request: ${why}.`));
  }
}

function error(id: string | number | null, code: number, message: string): JsonRpcErrorResponse {
  return { jsonrpc: '2.0', id, error: { code, message } };
}

/**
 * Why a tools/call request's params are not `{name: string, arguments?: object}`, in one line, or
 * undefined. The SDK answers those with -32603 (internal error) and its validator's whole dump; they
 * are the caller's mistake: -32602, saying what to send.
 */
export function badToolCallParams(message: { method: string; params?: unknown }): string | undefined {
  if (message.method !== 'tools/call') return undefined;
  const shape = 'tools/call takes params {"name": "<tool>", "arguments": {...}}';
  const params = message.params;
  if (typeof params !== 'object' || params === null || Array.isArray(params)) return `Invalid params: ${shape}; params was ${describeJson(params)}.`;
  const { name, arguments: args } = params as { name?: unknown; arguments?: unknown };
  if (typeof name !== 'string') return `Invalid params: ${shape}; name was ${describeJson(name)}.`;
  if (args !== undefined && (typeof args !== 'object' || args === null || Array.isArray(args))) return `Invalid params: ${shape}; arguments was ${describeJson(args)}, not an object.`;
  return undefined;
}

function describeJson(value: unknown): string {
  if (value === undefined) return 'missing';
  if (value === null) return 'null';
  return Array.isArray(value) ? 'an array' : `a ${typeof value}`;
}
