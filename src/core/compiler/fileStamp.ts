import * as fs from 'fs';

/**
 * A file's identity on disk without reading it: size, modification time and status-change time, or
 * '-' when it cannot be read. The change time too, because a file replaced in place can keep the
 * other two (a package's typings reinstalled, linked or patched by a tool that preserves
 * modification times, as tar and `cp -p` do); every write, rename onto or link of a file sets it.
 */
export function fileStamp(fileName: string): string {
  try {
    const s = fs.statSync(fileName);
    return `${s.size} ${s.mtimeMs} ${s.ctimeMs}`;
  } catch {
    return '-';
  }
}
