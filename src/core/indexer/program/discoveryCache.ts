import { createHash } from 'crypto';
import * as fs from 'fs';
import * as path from 'path';
import { fileStamp } from '../../compiler/fileStamp';

/**
 * What a discovery of the projects read from disk (every folder it listed, every file it read or
 * looked for), so that the next start can tell, by `stat` alone, that a discovery would find the
 * same: vercel/ai's 106 configs took 330-430 ms to find and parse at every start (a walk of 1,500
 * folders, TypeScript's include globs, the configs and what they extend), most of a CLI query's
 * warm start; checking what they read takes a few tens of ms.
 *
 * Each path is recorded before it is read, with its stamp (size, modification and change times) and
 * a token of what is there (a folder's entries and their kinds, a file's content hash; `-` for
 * nothing there). A path whose stamp is unchanged and older than the discovery by more than
 * `RACY_MS` is as it was; any other is read again and its token compared, as git does with entries
 * modified within its index's own second ("racy" entries): a change within the file system's
 * timestamp granularity (a jiffy on Linux, 1-2 s on some file systems) keeps the stamp.
 */
export class DiscoveryReads {
  /** When reading began (ms since the epoch). */
  readonly started = Date.now();
  /** Path → [kind, stamp, token], in the order first read. */
  readonly entries = new Map<string, [Kind, string, string]>();

  folder(dir: string): void {
    if (!this.entries.has(dir)) this.entries.set(dir, ['d', fileStamp(dir), folderToken(dir)]);
  }

  file(file: string): void {
    if (!this.entries.has(file)) this.entries.set(file, ['f', fileStamp(file), fileToken(file)]);
  }
}

type Kind = 'd' | 'f';

/** A stamp this close to (or after) the discovery's start may hide a change made in the same clock tick. */
export const RACY_MS = 2000;

/** What a discovery found, kept for the next start. `T` is the projects' form (JSON). */
interface DiscoveryRecord<T> {
  format: 1;
  key: string;
  started: number;
  entries: Array<[string, Kind, string, string]>;
  found: T;
}

/** The record's file for a workspace's cache file (`graph-<hash>.json` → `projects-<hash>.json`). */
export function discoveryFileFor(cacheFile: string): string {
  return path.join(path.dirname(cacheFile), path.basename(cacheFile).replace(/^graph-/, 'projects-'));
}

/**
 * What the record at `file` found, when it was made under `key` and everything it read is as it
 * was; else why not (for the log).
 */
export function readDiscovery<T>(file: string, key: string, racyMs = RACY_MS): { found: T; checked: number } | { stale: string } {
  let record: DiscoveryRecord<T>;
  try {
    record = JSON.parse(fs.readFileSync(file, 'utf8')) as DiscoveryRecord<T>;
  } catch {
    return { stale: 'no record of an earlier discovery' };
  }
  if (record?.format !== 1 || record.key !== key || !Array.isArray(record.entries)) return { stale: 'the record is of another build, compiler or root' };
  for (const [p, kind, stamp, token] of record.entries) {
    if (stamp === fileStamp(p) && !racy(stamp, record.started, racyMs)) continue;
    if ((kind === 'd' ? folderToken(p) : fileToken(p)) !== token) return { stale: `${p} changed` };
  }
  return { found: record.found, checked: record.entries.length };
}

/** Keeps what a discovery found with what it read (best effort: a cache). */
export function writeDiscovery<T>(file: string, key: string, reads: DiscoveryReads, found: T): void {
  const record: DiscoveryRecord<T> = { format: 1, key, started: reads.started, entries: [...reads.entries].map(([p, e]) => [p, ...e]), found };
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(record));
    fs.renameSync(tmp, file);
  } catch {
    // No record: the next start discovers again.
  }
}

/** A stamp (`size mtimeMs ctimeMs`) that may hide a change: its times reach into `racyMs` before `started`. */
function racy(stamp: string, started: number, racyMs: number): boolean {
  if (stamp === '-') return false;
  const [, mtime, ctime] = stamp.split(' ').map(Number);
  return !(Math.max(mtime, ctime) < started - racyMs);
}

function folderToken(dir: string): string {
  try {
    const kinds = fs
      .readdirSync(dir, { withFileTypes: true })
      .map((e) => `${e.name}\u0000${e.isDirectory() ? 'd' : e.isFile() ? 'f' : e.isSymbolicLink() ? 'l' : 'o'}`)
      .sort();
    return createHash('sha1').update(kinds.join('\u0001')).digest('base64');
  } catch {
    return '-';
  }
}

function fileToken(file: string): string {
  try {
    return createHash('sha1').update(fs.readFileSync(file)).digest('base64');
  } catch {
    return '-';
  }
}
