/**
 * One request whose answer the native compiler computes while our thread does other work.
 *
 * The API's sync client writes a request and then blocks reading its answer, so the two processes
 * take turns: on ra-core, our walk of the trees and the compiler's checker each took about half of
 * the index, never at once. The pinned API's channel (`SyncRpcChannel`: plain JavaScript over the
 * process's pipes, one request at a time) can write a request and read its answer later: between the
 * two, `meanwhile` runs, the next file's walk, while the compiler answers this file's names.
 *
 * `meanwhile` must ask the compiler nothing (the pipe holds an unanswered request): a request it
 * makes throws, and what `meanwhile` was doing is dropped (the next file then does its own walk;
 * `dropped` counts it). No request may stay unanswered across an `await` either: Node's own stream
 * over the process's stdout reads the socket whenever the event loop runs, and takes an answer that
 * arrives then from the channel, which waits for it forever (tried: 1 index in 10 hung;
 * BENCHMARKS.md, the sixteenth session). Where the channel is not the one this was written for (a
 * workspace's own TypeScript 7 of another version, with other internals), `overlapOf` gives nothing:
 * the request runs as every other, and `meanwhile` does not run at all.
 */

import { CompilerProcessError } from '../CompilerPort';

/** The members of the pinned API's `SyncRpcChannel` this uses (its MessagePack tuples: type, method, payload). */
interface Channel {
  requestBytesSync(method: string, payload: string | Uint8Array): Uint8Array;
  writeTuple(type: number, name: Uint8Array, payload: string | Uint8Array): void;
  readTuple(): void;
  getMethodBuf(method: string): Buffer;
  handleCall(name: string, payload: Uint8Array): void;
  _msgType: number;
  _msgName: Buffer;
  _msgPayload: Uint8Array;
}

/** Message types of the channel's protocol: ours to the process, then the process's to us. */
const REQUEST = 1;
const RESPONSE = 4;
const ERROR = 5;
const CALL = 6;

/**
 * Thrown at a request made while another waits for its answer (from `meanwhile`): a process error to
 * the code it passes through, which caches no failure of a file for it (declaredFor) and rethrows it.
 */
class PipeBusy extends CompilerProcessError {
  constructor() {
    super('a request to the native compiler while another waited for its answer');
  }
}

export class Overlap {
  private meanwhile: (() => void) | undefined;
  private inside = false;
  /** How many times `meanwhile` ran, how many of those threw (their work dropped), how many requests it tried (none should). */
  readonly counts = { ran: 0, dropped: 0, busy: 0 };

  constructor(channel: Channel) {
    const original = channel.requestBytesSync;
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    const overlap = this;
    channel.requestBytesSync = function (this: Channel, method: string, payload: string | Uint8Array): Uint8Array {
      if (overlap.inside) {
        overlap.counts.busy++;
        throw new PipeBusy();
      }
      const meanwhile = overlap.meanwhile;
      if (!meanwhile) return original.call(this, method, payload);
      overlap.meanwhile = undefined;
      const name = this.getMethodBuf(method);
      this.writeTuple(REQUEST, name, payload);
      overlap.inside = true;
      overlap.counts.ran++;
      try {
        meanwhile();
      } catch {
        overlap.counts.dropped++;
      } finally {
        overlap.inside = false;
      }
      return answerTo(this, name);
    };
  }

  /** `request` (which makes one request to the process), with `meanwhile` run after it is written and before its answer is read. */
  run<T>(request: () => T, meanwhile: () => void): T {
    this.meanwhile = meanwhile;
    try {
      return request();
    } finally {
      this.meanwhile = undefined;
    }
  }
}

/** An Overlap on the API client's channel, if it is the one this was written for (`TS_CODE_GRAPH_NATIVE_OVERLAP=0`: none). */
export function overlapOf(api: unknown): Overlap | undefined {
  if (process.env.TS_CODE_GRAPH_NATIVE_OVERLAP === '0') return undefined;
  const channel = (api as { client?: { channel?: Partial<Channel> } } | undefined)?.client?.channel;
  if (!channel) return undefined;
  const needed: Array<keyof Channel> = ['requestBytesSync', 'writeTuple', 'readTuple', 'getMethodBuf', 'handleCall'];
  if (!needed.every((m) => typeof channel[m] === 'function') || !('_msgType' in channel)) return undefined;
  return new Overlap(channel as Channel);
}

/** Reads the answer to the request named `name`, serving the process's callbacks on the way (what `requestBytesSync` does after its write). */
function answerTo(channel: Channel, name: Buffer): Uint8Array {
  for (;;) {
    channel.readTuple();
    switch (channel._msgType) {
      case RESPONSE:
        if (!name.equals(channel._msgName)) throw new Error(`name mismatch for response: expected \`${name.toString()}\`, got \`${channel._msgName.toString()}\``);
        return channel._msgPayload;
      case ERROR:
        throw new Error(Buffer.from(channel._msgPayload).toString('utf-8'));
      case CALL:
        channel.handleCall(channel._msgName.toString('utf-8'), channel._msgPayload);
        break;
      default:
        throw new Error(`Invalid message type from child: ${channel._msgType}`);
    }
  }
}
