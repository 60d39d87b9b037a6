import * as os from 'os';

/**
 * The graph worker's heap limit (its old generation): one rule for the three hosts that run the
 * indexer in a worker thread — the VS Code extension, the MCP server and the CLI.
 *
 * Default: half of this machine's memory, at least 1,024 MB. Node's own default stops near 4 GB
 * whatever the machine has: on payload (174 projects) the index then died 62 programs in, on a
 * machine with 24 GB. Half leaves the other half to the editor, the compiler's own processes and
 * the system; a limit is a ceiling, not a reservation, so a small workspace costs what it costs.
 * `TS_CODE_GRAPH_WORKER_HEAP_MB` (the CLI, the MCP server) and `tsCodeGraph.workerHeapMb` (VS Code)
 * set it.
 */
export const HEAP_ENV = 'TS_CODE_GRAPH_WORKER_HEAP_MB';

const MIN_DEFAULT_MB = 1024;

/** Half of `totalBytes` (this machine's memory) in MB, at least MIN_DEFAULT_MB. */
export function defaultHeapMb(totalBytes: number = os.totalmem()): number {
  return Math.max(MIN_DEFAULT_MB, Math.floor(totalBytes / 1024 / 1024 / 2));
}

/** A positive whole number of MB, else undefined (the default applies). */
export function parseHeapMb(value: string | number | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const mb = Number(value);
  return Number.isInteger(mb) && mb > 0 ? mb : undefined;
}

/** The limit in force: the setting when it is a positive whole number, else the machine's default. */
export function heapLimitMb(setting?: string | number): number {
  return parseHeapMb(setting) ?? defaultHeapMb();
}

/** "4096 MB, half of this machine's 8,192 MB" or "4096 MB, as set": for the texts that name the limit. */
export function describeHeapLimit(heapMb: number, totalBytes: number = os.totalmem()): string {
  const total = Math.floor(totalBytes / 1024 / 1024);
  return heapMb === defaultHeapMb(totalBytes) ? `${heapMb} MB, half of this machine's ${total} MB` : `${heapMb} MB`;
}
