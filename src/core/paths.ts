import * as fs from 'fs';
import * as path from 'path';

/**
 * Every path normalisation of the code base, in one place: user input (`normalizeFilePath`), the
 * platform's separators (`toPosix`, `fromNative`), absolute keys (`absolutePosix`), root-relative
 * paths (`relativeWithin`). A module needing one imports it from here, never writes its own.
 */

/**
 * A caller's `file_path` as every resolver reads it (the core's resolveFilePath, and multi-root
 * routing before it): trimmed, surrounding quotes dropped (`"src/a.ts"`, as a model copies it), a
 * `file://` URI decoded, Windows backslashes as `/`. The result is posix, absolute or relative.
 */
export function normalizeFilePath(input: string): string {
  let p = toPosix(stripQuotes(input.trim()));
  if (p.startsWith('file://')) {
    p = decodeOrKeep(p.slice('file://'.length));
    if (/^\/[A-Za-z]:\//.test(p)) p = p.slice(1); // file:///C:/x → C:/x
  }
  return p;
}

/** Whether a normalised path is absolute: `/x` or a Windows drive `C:/x`. */
export function isAbsoluteFilePath(normalized: string): boolean {
  return normalized.startsWith('/') || /^[A-Za-z]:\//.test(normalized);
}

/** Windows backslashes as `/` (every path the graph holds, and every message, is posix). */
export function toPosix(p: string): string {
  return p.replace(/\\/g, '/');
}

/** A path in this platform's separators as posix (`path.relative`'s output, say). */
export function fromNative(p: string): string {
  return p.split(path.sep).join('/');
}

/** What `path.resolve` would change in an absolute path: a backslash, a `.` or `..` segment, `//`, a trailing `/`. */
const NOT_NORMAL = /\\|\/\.\.?(?:\/|$)|\/\/|.\/$/;
/** An absolute path on this platform, as `path.resolve` writes it but posix: `/x`, or `C:/x` on Windows. */
const ABSOLUTE_HERE = path.sep === '/' ? /^\// : /^[A-Za-z]:\//;

/**
 * Absolute (against the cwd) and posix: how the indexer keys configs, roots and files. A path that is
 * so already comes back as is: the compiler's file names are, and payload's 151 programs of ~4,800
 * files each made 725,000 of them (1.5 s of `path.resolve`).
 */
export function absolutePosix(p: string): string {
  if (ABSOLUTE_HERE.test(p) && !NOT_NORMAL.test(p)) return p;
  return toPosix(path.resolve(p));
}

/** `absolute` relative to `root` (both posix), '' for the root itself; undefined outside it. */
export function relativeWithin(root: string, absolute: string): string | undefined {
  return absolute === root ? '' : absolute.startsWith(`${root}/`) ? absolute.slice(root.length + 1) : undefined;
}

function stripQuotes(s: string): string {
  const m = /^(["'`])(.*)\1$/.exec(s);
  return m ? m[2].trim() : s;
}

/** `%` escapes decoded; a malformed one (`file:///a%zz.ts`) leaves the text as written, for the resolver to report. */
function decodeOrKeep(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/**
 * Whether this machine's file system tells `a.ts` from `A.ts`, decided as TypeScript's `sys` decides
 * it (without loading TypeScript): never on Windows; elsewhere, whether this very file's name with its
 * letters' case swapped is another file (macOS's default volumes say it is the same).
 */
export function fileSystemCaseSensitive(): boolean {
  if (process.platform === 'win32') return false;
  if (caseSensitive === undefined) {
    const swapped = __filename.replace(/\w/g, (c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase()));
    caseSensitive = swapped === __filename || !fs.existsSync(swapped);
  }
  return caseSensitive;
}

/** fileSystemCaseSensitive's answer, once asked (a stat). */
let caseSensitive: boolean | undefined;
