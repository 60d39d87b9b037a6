import * as os from 'os';
import * as v8 from 'v8';

/**
 * How much memory the index may spend on what it can build again: the compiler's programs (and
 * their checkers, in this process or in the native compiler's) and the shared parse cache. The graph
 * itself is not in it (answers need all of it). Derived from the machine: three quarters of what is
 * available now (and, with the in-process compiler, of this thread's heap limit); set by
 * `TS_CODE_GRAPH_MEMORY_MB` or `IndexOptions.memoryMb`.
 *
 * Programs get PROGRAMS_SHARE of it, the parse cache PARSES_SHARE; the rest is the graph's and
 * what an extraction allocates meanwhile.
 */
export const MEMORY_ENV = 'TS_CODE_GRAPH_MEMORY_MB';

const PROGRAMS_SHARE = 0.5;
const PARSES_SHARE = 0.2;
/** Below this, a budget cannot hold one program of an ordinary project. */
const MIN_MB = 64;

/**
 * A program's cost, estimated from what it holds (deterministic, so a plan is the same every run):
 * a base (the checker's global tables, the standard library's symbols) and a share per file. Figures
 * from the bench's generated and npm workspaces (a program with its checker after extraction). The
 * native compiler's process is measured, and its estimates scaled to what it holds (ProgramCosts).
 */
const PROGRAM_BASE_MB = 8;
const PROGRAM_FILE_MB = 0.5;
/** A parsed file, per character of its text (its tree, identifiers, binder tables). */
const PARSE_BYTES_PER_CHAR = 8;

export interface MemoryBudget {
  /** The whole budget, in MB, and where it comes from (for logs and `stats`). */
  readonly mb: number;
  readonly source: string;
  /** What programs may hold at once, in MB. */
  readonly programsMb: number;
  /** What the shared parse cache may hold, in bytes. */
  readonly parseCacheBytes: number;
}

/** A positive whole number of MB, else undefined. */
export function parseMemoryMb(value: string | number | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const mb = Number(value);
  return Number.isInteger(mb) && mb > 0 ? mb : undefined;
}

/** The budget in force: the option, else the environment's setting, else the machine's. */
export function memoryBudget(option?: number, env: string | undefined = process.env[MEMORY_ENV]): MemoryBudget {
  const set = parseMemoryMb(option) ?? parseMemoryMb(env);
  const mb = set ?? machineMb();
  const source = set !== undefined ? (parseMemoryMb(option) !== undefined ? 'as set' : `${MEMORY_ENV}`) : 'three quarters of the memory available';
  return { mb, source, programsMb: mb * PROGRAMS_SHARE, parseCacheBytes: mb * PARSES_SHARE * 2 ** 20 };
}

/** Three quarters of the smaller of the memory available now (the container's limit too) and this thread's heap limit. */
function machineMb(): number {
  const constrained = process.constrainedMemory?.() ?? 0;
  const available = Math.min(os.freemem(), constrained > 0 && constrained < Number.MAX_SAFE_INTEGER ? constrained : Infinity);
  const heap = v8.getHeapStatistics().heap_size_limit;
  return Math.max(MIN_MB, Math.floor((Math.min(available, heap) * 0.75) / 2 ** 20));
}

/** A program's estimated cost in MB, from the number of files it holds (or a project's root files, before it is built). */
export function programCostMb(files: number): number {
  return PROGRAM_BASE_MB + PROGRAM_FILE_MB * files;
}

/** A parsed file's estimated cost in bytes, from its text's length. */
export function parseCostBytes(textLength: number): number {
  return PARSE_BYTES_PER_CHAR * textLength + 1024;
}
