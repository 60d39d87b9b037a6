import type { CancellationToken } from '../core/Logger';

/**
 * Cancelling a request the worker is already running. A message would wait behind the very work it
 * should stop (the worker runs one thing at a time), so the request carries a 4-byte shared buffer
 * instead: the host sets it, and the worker's token reads it at its next look, mid-query included.
 */
export interface SharedCancellation {
  /** Goes with the request (postMessage shares it, never copies it). */
  readonly buffer: SharedArrayBuffer;
  cancel(): void;
}

export function createSharedCancellation(): SharedCancellation {
  const buffer = new SharedArrayBuffer(4);
  const flag = new Int32Array(buffer);
  return { buffer, cancel: () => void Atomics.store(flag, 0, 1) };
}

/** The worker's side: a core CancellationToken over the request's buffer (never cancelled without one). */
export function sharedCancellationToken(buffer: SharedArrayBuffer | undefined): CancellationToken {
  if (!buffer) return { isCancellationRequested: false };
  const flag = new Int32Array(buffer);
  return {
    get isCancellationRequested() {
      return Atomics.load(flag, 0) === 1;
    },
  };
}
