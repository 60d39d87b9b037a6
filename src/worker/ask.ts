import type { Logger } from '../core/Logger';
import { notAvailableText, unexpectedFailureText, workerDiedText } from './failureTexts';
import type { GraphSupervisor } from './GraphSupervisor';
import type { HostWords } from './protocol';
import { RequestCancelledError } from './GraphSupervisor';
import { WorkerClient, WorkerDiedError } from './WorkerClient';

/** One question a host puts to the graph worker through `ask`. */
export interface Question<T> {
  /** What failure texts call it: a query's name, `impact`. */
  what: string;
  /** The request on the running worker. */
  request(client: WorkerClient): Promise<T>;
  /** The host's answer carrying a failure text. */
  failed(text: string): T;
  /** Abandons the waits: `ask` then throws RequestCancelledError (the host's own cancellation is its to word). */
  signal?: AbortSignal;
  /** The graph view's drawing (failure texts say "draw", not "answer"). */
  draw?: boolean;
  /** Why there is no worker when none says: 'it has not started' unless the host knows better. */
  notRunning?: string;
  /** Errors of the host's own that `ask` passes on rather than words (VS Code's CancellationError). */
  passes?(err: unknown): boolean;
}

/**
 * How every host asks the graph worker: changes reported before the call are flushed first (the
 * worker applies them before it answers), a dead or missing worker and an unexpected error come
 * back as the host's failed answer in its own words, never as a throw. Only the caller's own
 * cancellation throws (RequestCancelledError, or what `passes` lets through).
 */
export async function ask<T>(supervisor: GraphSupervisor, words: HostWords, log: Logger, question: Question<T>): Promise<T> {
  try {
    supervisor.changes.flush();
    const answer = await supervisor.withWorker((client) => question.request(client), question.signal);
    if (answer !== undefined) return answer;
    return question.failed(notAvailableText(supervisor.failure ?? question.notRunning ?? 'it has not started', words));
  } catch (err) {
    if (err instanceof RequestCancelledError || question.passes?.(err)) throw err;
    const message = err instanceof Error ? err.message : String(err);
    // The worker died under the question too often for withWorker to ask again: not a bug in the question.
    if (err instanceof WorkerDiedError) return question.failed(workerDiedText(question.what, message, !supervisor.failure, words));
    log.error(`${question.draw ? 'diagram of ' : ''}${question.what} failed: ${err instanceof Error ? (err.stack ?? message) : message}`);
    return question.failed(unexpectedFailureText(question.what, message, words, question.draw));
  }
}
