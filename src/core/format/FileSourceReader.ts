import * as fs from 'fs';
import * as path from 'path';
import { LRUCache } from 'lru-cache';
import { SourceReader } from './SourceReader';

export interface FileSourceReader extends SourceReader {
  /**
   * Forget one file (root-relative or absolute) or, without an argument, every file. Only needed
   * when a change could keep both mtime and size (the stat check catches ordinary saves).
   */
  invalidate(file?: string): void;
}

export interface FileSourceReaderOptions {
  /** Upper bound of the cache, in characters of source held (about bytes for ASCII code). Default 8M. */
  maxChars?: number;
}

/**
 * Reads root-relative files for snippets, keeping recently used ones in memory.
 *
 * Why a cache: one answer can show the same file for several nodes, and an agent asks many
 * questions about the same area in a row. Why it is bounded by size, not by count: a generated
 * bundle is worth a thousand small modules. Why every hit is checked against the file's mtime and
 * size: the user edits while asking, and a snippet must show the saved text, never a stale one.
 *
 * Never throws: an unreadable, missing or non-regular file, or a path that resolves outside
 * `root` (`../x`, `/etc/passwd`), gives undefined, and the formatter just leaves the snippet out.
 * The returned arrays are shared with the cache: callers must not modify them.
 */
export function createFileSourceReader(root: string, options: FileSourceReaderOptions = {}): FileSourceReader {
  const base = path.resolve(root);
  const maxChars = Math.max(1, Math.floor(options.maxChars ?? DEFAULT_MAX_CHARS));
  const cache = new LRUCache<string, CachedFile>({
    maxSize: maxChars,
    // +1: lru-cache needs a positive size, and an empty file still costs an entry.
    sizeCalculation: (entry) => entry.chars + 1,
  });

  const resolveInside = (file: string): string | undefined => {
    const absolute = path.resolve(base, file);
    const relative = path.relative(base, absolute);
    const outside = relative === '..' || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative);
    return relative === '' || outside ? undefined : absolute;
  };

  return {
    readLines(file: string): string[] | undefined {
      try {
        const absolute = resolveInside(file);
        if (!absolute) return undefined;
        const stat = fs.statSync(absolute);
        if (!stat.isFile()) {
          cache.delete(absolute);
          return undefined;
        }
        const cached = cache.get(absolute);
        if (cached && cached.mtimeMs === stat.mtimeMs && cached.size === stat.size) return cached.lines;
        const text = fs.readFileSync(absolute, 'utf8');
        const lines = text.split(/\r?\n/);
        // A file larger than the whole cache is returned but not kept (lru-cache refuses it).
        cache.set(absolute, { mtimeMs: stat.mtimeMs, size: stat.size, chars: text.length, lines });
        return lines;
      } catch {
        // Deleted between stat and read, permission denied, invalid path: no snippet, no failure.
        return undefined;
      }
    },

    invalidate(file?: string): void {
      if (file === undefined) {
        cache.clear();
        return;
      }
      const absolute = resolveInside(file);
      if (absolute) cache.delete(absolute);
    },
  };
}

/** About 8 MB of source: thousands of typical modules, small next to the graph itself. */
const DEFAULT_MAX_CHARS = 8_000_000;

interface CachedFile {
  /** Modification time and size when read: a hit whose stat differs is re-read. */
  mtimeMs: number;
  size: number;
  chars: number;
  lines: string[];
}
