import * as fs from 'fs';
import * as path from 'path';
import { absolutePosix } from '../paths';

/**
 * A workspace root and the absolute paths inside it, whatever their spelling.
 *
 * A root reached through a symlink (macOS's `/tmp` and `/var` are links; people open folders
 * through links) has two spellings: the one given and the real one. The index uses the real one:
 * TypeScript resolves a package linked into node_modules to its real path, so a monorepo's own
 * packages lie inside the root only when the root is real, and there is one cache whichever
 * spelling opened it. Hosts keep the given spelling (what they show, how their watchers and editors
 * name files), so every absolute path the core is handed goes through `toReal` first.
 */
export class WorkspaceRoot {
  /** As given (resolved, posix, no trailing slash): what people see. */
  readonly given: string;
  /** With every symlink resolved (posix): what the index uses. The given spelling when it cannot be resolved. */
  readonly real: string;

  constructor(root: string) {
    this.given = posixResolve(root);
    this.real = realPathOf(this.given);
  }

  /**
   * `absolute` in the index's spelling when it lies inside the root, given through either spelling of
   * the root or through any other link to a folder inside it; else `absolute` itself (posix, resolved).
   */
  toReal(absolute: string): string {
    const p = posixResolve(absolute);
    if (isInside(p, this.real)) return p;
    if (isInside(p, this.given)) return this.real + p.slice(this.given.length);
    const real = realPathOf(p);
    return isInside(real, this.real) ? real : p;
  }
}

/**
 * The real path of `p` (posix): its deepest existing ancestor's real path with the rest appended,
 * so a file not written yet (or deleted) is spelled like its siblings.
 */
export function realPathOf(p: string): string {
  const missing: string[] = [];
  let dir = posixResolve(p);
  for (;;) {
    try {
      const real = fs.realpathSync(dir).replace(/\\/g, '/');
      return missing.length ? path.posix.join(real, ...missing.reverse()) : real;
    } catch {
      const parent = path.posix.dirname(dir);
      if (parent === dir) return posixResolve(p);
      missing.push(path.posix.basename(dir));
      dir = parent;
    }
  }
}

/** Whether `p` is `root` or below it (Windows paths compare case-insensitively). */
export function isInside(p: string, root: string): boolean {
  const fold = /^[A-Za-z]:/.test(root) ? (s: string) => s.toLowerCase() : (s: string) => s;
  const a = fold(p);
  const r = fold(root).replace(/\/+$/, '');
  return a === r || a.startsWith(`${r}/`);
}

const posixResolve = absolutePosix;
