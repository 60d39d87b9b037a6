/** Core code logs through this; the extension maps it to a LogOutputChannel, the CLI to stderr, tests to nothing. */
export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export const silentLogger: Logger = { info() {}, warn() {}, error() {} };

/** The cancellation shape the core understands (structurally compatible with vscode.CancellationToken). */
export interface CancellationToken {
  readonly isCancellationRequested: boolean;
  /**
   * The same state in shared memory (non-zero once cancelled), when another thread sets it: then the
   * native compiler's process is stopped mid-request, while the request blocks the thread that reads
   * `isCancellationRequested` (see compiler/native/Watchdog).
   */
  readonly shared?: Int32Array;
}

export const neverCancelled: CancellationToken = { isCancellationRequested: false };

/** Thrown by the core when a `CancellationToken` stops an index or an update. */
export class CancelledError extends Error {
  constructor() {
    super('Indexing was cancelled.');
  }
}
