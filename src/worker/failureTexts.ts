import { describeHeapLimit } from './heapLimit';
import type { HostWords } from './protocol';

/**
 * Every text that says the graph could not answer, for the graph worker and both hosts (the VS Code
 * extension, the MCP server): one wording and one piece of advice per situation, in each host's own
 * words for its remedies (HostWords: where its log is, how it indexes again), so an MCP client is
 * never told to run a VS Code command.
 */

/** A folder's index failed: the worker's answer to every query of that folder. */
export function indexFailedText(folder: string, why: string, words: HostWords): string {
  return `The TS Code Graph index of workspace folder "${folder}" failed: ${why}. Fix the cause (${words.log} has details), then ${words.rebuild} and ask again.`;
}

/** There is no graph worker to ask: it stopped after repeated deaths, never started, or the host is shutting down. */
export function notAvailableText(why: string, words: HostWords): string {
  return `The TS Code Graph index is not available: ${why}. ${capitalized(words.rebuild)} and ask again; ${words.log} has details.`;
}

/** The worker died under this query (not a bug in the question); `restarting`: it is coming back by itself. */
export function workerDiedText(query: string, why: string, restarting: boolean, words: HostWords): string {
  const next = restarting ? 'It is restarting by itself: ask again in a few seconds.' : `${capitalized(words.rebuild)}, then ask again.`;
  return `TS Code Graph could not answer ${query}: ${why}. ${next}`;
}

/** A query, or the graph view's drawing of one (`draw`), failed unexpectedly: a bug of ours, not of the question. */
export function unexpectedFailureText(query: string, why: string, words: HostWords, draw = false): string {
  return `TS Code Graph could not ${draw ? 'draw' : 'answer'} ${query}: ${why}. This is a bug in TS Code Graph; ${words.log} has details. If it repeats, ${words.rebuild}.`;
}

/**
 * The worker ran out of memory and is not restarted (`why`: RestartPolicy's reason): what happened,
 * and the two ways out in the host's words — a higher heap limit, fewer folders. The stopped
 * worker's reason: every query's answer (notAvailableText) and the log (workerStoppedText) carry it.
 */
export function outOfMemoryText(heapMb: number, why: string, words: HostWords): string {
  return `the graph worker ran out of memory (its heap limit is ${describeHeapLimit(heapMb)}): ${why}, so it is not restarted. To index this workspace, raise the limit (${words.heap}) or leave folders out (${words.exclude})`;
}

/** The CLI's index ran out of memory (its worker thread's heap limit): what happened and the two ways out. */
export function cliOutOfMemoryText(heapMb: number): string {
  return `ts-code-graph ran out of memory while indexing (its heap limit is ${describeHeapLimit(heapMb)}). Raise the limit (set TS_CODE_GRAPH_WORKER_HEAP_MB to more MB, e.g. TS_CODE_GRAPH_WORKER_HEAP_MB=${heapMb * 2} ts-code-graph …) or leave folders out (--exclude <glob>, once per glob).`;
}

/** The worker was not restarted again after repeated deaths (`failure` says why): for the host's log. */
export function workerStoppedText(failure: string, words: HostWords): string {
  return `${failure}. To start it again, ${words.rebuild}.`;
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
