import type { Socket } from 'net';
import type { AnswerFormat, PrintQuestion, PrintedAnswer } from '../worker/protocol';

/**
 * What the CLI and its daemon say over the daemon's socket: one JSON object per line. The CLI
 * writes one request; the daemon writes log lines (when asked for them), the first answer before
 * the index (when asked for it), then the answer, and closes.
 */
export type DaemonRequest =
  | { kind: 'print'; question: PrintQuestion; format: AnswerFormat; what: string; whole: boolean; first: boolean; verbose: boolean }
  | { kind: 'stop' };

export type DaemonMessage =
  | { kind: 'log'; level: 'info' | 'warn' | 'error'; text: string }
  | { kind: 'progress'; done: number; total: number }
  | { kind: 'first'; text: string }
  | { kind: 'answer'; answer: PrintedAnswer; pid: number }
  | { kind: 'stopping'; pid: number };

/** Calls `onLine` with each complete line the socket brings (a line may span many chunks: `export` of a big graph). */
export function readLines(socket: Socket, onLine: (line: string) => void): void {
  let pending: string[] = [];
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    let start = 0;
    for (let nl = chunk.indexOf('\n'); nl !== -1; nl = chunk.indexOf('\n', start)) {
      pending.push(chunk.slice(start, nl));
      const line = pending.join('');
      pending = [];
      start = nl + 1;
      if (line.trim() !== '') onLine(line);
    }
    if (start < chunk.length) pending.push(chunk.slice(start));
  });
}

export function writeLine(socket: Socket, message: DaemonRequest | DaemonMessage): void {
  if (!socket.destroyed) socket.write(`${JSON.stringify(message)}\n`);
}
