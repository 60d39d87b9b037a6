import * as fs from 'fs';
import * as path from 'path';

/**
 * The graph caches under `folder` (a user's ts-code-graph cache folder) written at or after `sinceMs`
 * for a workspace root inside one of `roots`, as "file (root)": what a test run must never leave
 * there. The root is the one the snapshot records (IndexCache writes it near the start of the file),
 * so the caches of other processes (another checkout's tests, the person's own use) do not count.
 * Plain Node, no mocha: test/host/runTests.js runs it too.
 */
export function userCacheWrites(folder: string, sinceMs: number, roots: string[]): string[] {
  const within = roots.flatMap((r) => [path.resolve(r), realpath(r)]);
  const found: string[] = [];
  for (const dir of list(folder)) {
    for (const name of list(path.join(folder, dir))) {
      if (!/^graph-.*\.json$/.test(name)) continue;
      const file = path.join(folder, dir, name);
      let modified: number;
      try {
        modified = fs.statSync(file).mtimeMs;
      } catch {
        continue;
      }
      if (modified < sinceMs) continue;
      const root = rootOf(file);
      if (root !== undefined && within.some((r) => isInside(path.resolve(root), r))) found.push(`${file} (${root})`);
    }
  }
  return found;
}

function list(dir: string): string[] {
  try {
    return fs.readdirSync(dir);
  } catch {
    return [];
  }
}

function realpath(p: string): string {
  try {
    return fs.realpathSync(p);
  } catch {
    return path.resolve(p);
  }
}

function isInside(file: string, dir: string): boolean {
  const rel = path.relative(dir, file);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/** The `root` a snapshot records, read from its first 64 KB (undefined for caches that record none). */
function rootOf(file: string): string | undefined {
  const buffer = Buffer.alloc(64 * 1024);
  let fd: number | undefined;
  try {
    fd = fs.openSync(file, 'r');
    const head = buffer.toString('utf8', 0, fs.readSync(fd, buffer, 0, buffer.length, 0));
    const m = /"root":("(?:[^"\\]|\\.)*")/.exec(head);
    return m ? (JSON.parse(m[1]) as string) : undefined;
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}
