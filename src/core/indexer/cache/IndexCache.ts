import { createHash } from 'crypto';
import * as fs from 'fs';
import * as path from 'path';
import { FileContribution } from '../../graph/GraphTypes';
import { Logger } from '../../Logger';
import { indexerIdentity } from './indexerIdentity';
import { fileStamp } from '../../compiler/fileStamp';
import { DEPENDENCY_FILES } from '../workspaceFiles';
import type { RememberedChoice } from '../program/CompilerChoice';

/**
 * The graph persisted between runs, keyed by content: each file's contribution with the hash of
 * the text it came from, plus what else can change extraction: the indexer build that wrote it
 * (`indexerIdentity`), a fingerprint of configs, lock files and the TypeScript version, and the stamp
 * of every file the programs read that no contribution's hash covers (a package's typings). A start
 * whose indexer, fingerprint and stamps match loads every file whose hash matches and re-indexes the
 * rest (and what depends on them); a cache that is missing, corrupt or from another build is ignored.
 */
export interface CacheSnapshot {
  /** `indexerIdentity()` of the build that wrote it. */
  indexer: string;
  /** The workspace root it is for (for people, and for the test that no suite writes the user's cache). */
  root: string;
  fingerprint: string;
  /**
   * Files the programs read that are not in `files`, each with its `fileStamp` when it was read:
   * `node_modules` typings (replaced in place by `npm link`, patch-package, a reinstall that keeps the
   * lock file), sources outside every config's list. Root-relative posix paths (`../x` outside it).
   */
  libraries: Record<string, string>;
  /**
   * Library (a key of `libraries`) → the hash of its text under that stamp: a start that finds another
   * stamp but the same text takes the cache all the same (`npm ci` writes every typing anew, with a new
   * change time: a CI runner restoring the cache of an earlier run).
   */
  libraryHashes?: Record<string, string>;
  /** Root-relative file → [content hash, contribution]. */
  files: Record<string, [string, FileContribution]>;
  /**
   * Root-relative file → the project (its config, root-relative; `(inferred)`) that owns it because its
   * program pulled it in (no config lists it). With the configs, the ownership of every file: a start
   * from a partly stale cache builds only the programs of the files it re-indexes.
   */
  pulledIn?: Record<string, string>;
  /**
   * Library (a key of `libraries`) → [its `fileStamp` when it was read, whether it may declare globals
   * (scopedRoots.mayDeclareGlobals)], for the libraries a start that built a scoped program read: a later
   * one reads only those whose stamp differs (WorkspaceIndex.extractScoped).
   */
  libraryGlobals?: Record<string, [string, boolean]>;
  /**
   * What each project's whole program read besides its own files (libraries, other projects' files):
   * root-relative `files`, and by project (its config, root-relative; `(inferred)`) which of them, a
   * set of indexes (`indexSet`: payload's 151 projects, 0.2 MB where index lists took 4.4 MB). A
   * start that re-indexes a few files of one project of several builds a program scoped to them from
   * it (WorkspaceIndex.extractScoped: only what that program held may declare its globals).
   */
  programReads?: { files: string[]; byProject: Record<string, string> };
  /**
   * Which compiler built the graph and why, as chosen in 'auto' mode (CompilerChoice.remembered): a
   * start that loads the whole graph says so again without checking what TypeScript 7 reads worse.
   */
  compiler?: RememberedChoice;
  /**
   * For each package import that resolved to no module when its file was indexed (the file, the
   * specifier and the project whose settings resolve it: `rel\u0000specifier\u0000config`), where
   * resolving it led then: the typed file, root-relative, or '' for nowhere.
   * A start that resolves one elsewhere now (the package installed or built since; the lock file
   * unchanged, as `npm ci` leaves it) re-indexes the files importing it (WorkspaceIndex.resolvedElsewhere).
   */
  unresolved?: Record<string, string>;
  /**
   * The printed shapes (incremental/fileShape: what other files can see of a file, by name) of the
   * files most others import, each with the hash of the text it was printed from: a start after one
   * of them changed compares its shape now with this one, and re-indexes only the dependents that
   * name what changed, as an update does (WorkspaceIndex.indexSinceCache).
   */
  shapes?: Record<string, [string, string]>;
}

export function contentHash(text: string | Buffer): string {
  return createHash('sha1').update(text).digest('base64');
}

/** Hash of a file's text as the compiler reads it (UTF-8, no BOM), so it matches `contentHash(sourceFile.text)`. */
export function hashFile(abs: string): string | undefined {
  try {
    return contentHash(fs.readFileSync(abs, 'utf8').replace(/^\uFEFF/, ''));
  } catch {
    return undefined;
  }
}

/** What besides source text decides the graph: configs, dependency lock files, TS version. */
export function workspaceFingerprint(root: string, configPaths: string[], tsVersion: string, toolVersion: string): string {
  const inputs = [`ts ${tsVersion}`, `tool ${toolVersion}`];
  const extra = DEPENDENCY_FILES.map((f) => path.join(root, f));
  for (const f of [...configPaths, ...extra].sort()) inputs.push(`${path.relative(root, f)} ${hashFile(f) ?? '-'}`);
  for (const [dir, names] of typesFolders(root, configPaths)) inputs.push(`${path.relative(root, dir)} ${names}`);
  return contentHash(inputs.join('\n'));
}

/**
 * The `node_modules/@types` folders a config's programs may read typings from without any import
 * (TypeScript's default type roots: from the config's folder up to the root; under 5.x defaults every
 * package there, else the ones `types` names), each with the packages it holds. `npm ci` on a fresh
 * clone keeps the lock file: without these, the start after it took a graph in which `process`,
 * `describe` or `Buffer` resolved to nothing.
 */
function typesFolders(root: string, configPaths: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const config of configPaths) {
    for (let dir = path.dirname(config); ; dir = path.dirname(dir)) {
      const folder = path.join(dir, 'node_modules', '@types');
      if (out.has(folder)) break;
      let names: string[];
      try {
        names = fs.readdirSync(folder).sort();
      } catch {
        names = [];
      }
      out.set(folder, names.length ? names.join(' ') : '-');
      if (dir === root || !dir.startsWith(`${root}${path.sep}`)) break;
    }
  }
  return new Map([...out].filter(([, names]) => names !== '-').sort(([a], [b]) => (a < b ? -1 : 1)));
}

export function cacheFileFor(cacheDir: string, root: string, excluded: readonly string[] = []): string {
  // A graph left out of other folders is another graph: one file each, so that running with and
  // without `--exclude` in turn does not index the whole workspace every time (tRPC: 19 s a run).
  const key = excluded.length ? `${root}\0exclude\0${[...excluded].sort().join('\0')}` : root;
  return path.join(cacheDir, `graph-${contentHash(key).replace(/[^a-zA-Z0-9]/g, '').slice(0, 16)}.json`);
}

/**
 * Reads a snapshot. Anything unreadable is "no cache" with a `problem` (damage: worth a warning);
 * a snapshot of another indexer build is "no cache" with an `outdated` reason (an upgrade, a rebuild).
 */
export function readCache(file: string, indexer: string): { snapshot?: CacheSnapshot; problem?: string; outdated?: string } {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return {};
  }
  try {
    const snapshot = JSON.parse(text) as CacheSnapshot;
    if (typeof snapshot?.indexer !== 'string' || snapshot.indexer !== indexer) {
      return { outdated: `cache ${file} was written by another build of the indexer` };
    }
    if (typeof snapshot.fingerprint !== 'string' || !isRecord(snapshot.files) || !isRecord(snapshot.libraries)) {
      return { problem: `ignored cache ${file}: damaged` };
    }
    for (const [rel, entry] of Object.entries(snapshot.files)) {
      if (!Array.isArray(entry) || typeof entry[0] !== 'string' || !isContribution(entry[1], rel)) return { problem: `ignored cache ${file}: damaged entry for ${rel}` };
    }
    return { snapshot };
  } catch (err) {
    return { problem: `ignored cache ${file}: ${(err as Error).message}` };
  }
}

/** The cache file's snapshot as this build reads it, or undefined (why: in `log`, a damaged file as a warning). */
export function readCacheLogged(file: string, log: Logger): CacheSnapshot | undefined {
  const { snapshot, problem, outdated } = readCache(file, indexerIdentity());
  if (problem) log.warn(`${problem}; indexing from scratch`);
  if (outdated) log.info(`${outdated}; indexing from scratch`);
  return snapshot;
}

/**
 * `snapshot` (readCacheLogged) if this start may use it: written by this indexer build (readCache), for
 * the same configs, lock files and versions (`fingerprint`), and every library file as it was then.
 * Says why not in `log`. A library written again with the text the cache was built from (a fresh
 * install) is recorded in `snapshot` under its new stamp (`libraries`, `libraryGlobals`), and counted
 * in `restamped`: a start that writes no cache of its own writes this one again, so the next start
 * does not hash those files once more.
 */
export function checkedCache(snapshot: CacheSnapshot | undefined, root: string, fingerprint: string, log: Logger, restamped?: { count: number }): CacheSnapshot | undefined {
  if (!snapshot) return undefined;
  if (snapshot.fingerprint !== fingerprint) {
    log.info('cache is from other configs, lock files or versions; indexing from scratch');
    return undefined;
  }
  let sameText = 0;
  for (const [rel, stamp] of Object.entries(snapshot.libraries)) {
    const abs = path.posix.join(root, rel);
    const now = fileStamp(abs);
    if (now === stamp) continue;
    const hash = snapshot.libraryHashes?.[rel];
    if (hash && now !== '-' && hashFile(abs) === hash && fileStamp(abs) === now) {
      // Written anew with the same text: recorded as it is now, so the next cache written keeps its hash
      // under this stamp, and what a scoped program learned of its text (libraryGlobals) stands.
      snapshot.libraries[rel] = now;
      const globals = snapshot.libraryGlobals?.[rel];
      if (globals && globals[0] === stamp) globals[0] = now;
      sameText++;
      continue;
    }
    log.info(`cache is from other dependencies: ${rel} changed since it was written; indexing from scratch`);
    return undefined;
  }
  if (sameText) log.info(`cache: ${sameText} library files were written again since (a fresh install), with the texts it was built from`);
  if (restamped) restamped.count = sameText;
  return snapshot;
}

/**
 * `CacheSnapshot.libraries` of built programs (held or released: `files` are their names, the standard library left out): every file they hold that the snapshot's content
 * hashes do not cover (not `owned`, not the standard library, keyed by the TypeScript version),
 * with its stamp when the parse the programs hold was read (`stampOf`): a file rewritten since is
 * recorded as it was read, so the next start sees the change. A parse with no stamp (forgotten while
 * a program still holds it) is recorded as unknown, which no start accepts.
 */
export function libraryStamps(
  projects: ReadonlyArray<{ files?: readonly string[] }>,
  owned: (fileName: string) => boolean,
  stampOf: (fileName: string) => string | undefined,
  relative: (fileName: string) => string,
): Record<string, string> {
  const stamps: Record<string, string> = {};
  for (const { files } of projects) {
    for (const fileName of files ?? []) {
      if (owned(fileName)) continue;
      stamps[relative(fileName)] = stampOf(fileName) ?? 'unknown';
    }
  }
  return stamps;
}

/** Writes atomically (temp file + rename), so a crash never leaves half a cache behind. */
export function writeCache(file: string, snapshot: CacheSnapshot): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(snapshot));
  fs.renameSync(tmp, file);
}

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

function isContribution(c: FileContribution, rel: string): boolean {
  return !!c && c.file === rel && Array.isArray(c.nodes) && Array.isArray(c.edges) && Array.isArray(c.externalNodes);
}

/** A set of small non-negative integers as text: a bit per integer, base64. */
export function indexSet(indexes: Iterable<number>): string {
  let size = 0;
  const list = [...indexes];
  for (const i of list) size = Math.max(size, i + 1);
  const bits = Buffer.alloc(Math.ceil(size / 8));
  for (const i of list) bits[i >> 3] |= 1 << (i & 7);
  return bits.toString('base64');
}

/** The integers of an `indexSet`, ascending. */
export function indexesOf(set: string): number[] {
  const bits = Buffer.from(set, 'base64');
  const out: number[] = [];
  for (let byte = 0; byte < bits.length; byte++) {
    const b = bits[byte];
    if (b) for (let bit = 0; bit < 8; bit++) if (b & (1 << bit)) out.push(byte * 8 + bit);
  }
  return out;
}
