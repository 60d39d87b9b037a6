import * as path from 'path';
import picomatch from 'picomatch';

/**
 * The folders and files a person left out of the index: one rule for the core (project discovery,
 * ownership, updates), both watchers (the extension's, the MCP server's) and the hosts that take
 * the globs (`tsCodeGraph.exclude`, `--exclude`).
 *
 * Globs as VS Code's `files.exclude` writes them (picomatch: `*`, `**`, `?`, `{a,b}`, `[abc]`),
 * matched against the path relative to the workspace folder, dot files included. A path is left out
 * when a glob matches it or one of the folders above it: `examples` leaves out everything under the
 * top-level examples folder, `**\/test` every test folder, `templates/with-*` the matching templates.
 * A leading `./`, a trailing `/` and an absolute path inside the root are read as the same glob.
 */
export class ExcludedPaths {
  private readonly match: (relative: string) => boolean;

  private constructor(readonly globs: readonly string[]) {
    const matcher = globs.length ? picomatch([...globs], { dot: true }) : undefined;
    this.match = matcher ? (relative) => matcher(relative) : () => false;
  }

  /** The rule for `globs` under `root` (blank globs ignored). */
  static of(root: string, globs: readonly string[] = []): ExcludedPaths {
    const posixRoot = root.replace(/\\/g, '/').replace(/\/+$/, '');
    const cleaned = globs
      .map((g) => g.trim().replace(/\\/g, '/'))
      .map((g) => (g.startsWith(posixRoot + '/') ? g.slice(posixRoot.length + 1) : g))
      .map((g) => g.replace(/^(\.\/)+/, '').replace(/\/+$/, ''))
      .filter((g) => g.length > 0);
    return new ExcludedPaths([...new Set(cleaned)]);
  }

  static readonly none = new ExcludedPaths([]);

  get empty(): boolean {
    return this.globs.length === 0;
  }

  /** Whether a path relative to the root (either separator) is left out: it or a folder above it matches. */
  excludes(relativePath: string): boolean {
    return this.globs.length > 0 && this.matchedPrefix(relativePath) !== undefined;
  }

  /** The glob that leaves a root-relative path out, if one does (for messages). */
  globFor(relativePath: string): string | undefined {
    const matched = this.matchedPrefix(relativePath);
    return matched === undefined ? undefined : this.globs.find((g) => picomatch.isMatch(matched, g, { dot: true }));
  }

  /** The path itself or the first folder above it that a glob matches. */
  private matchedPrefix(relativePath: string): string | undefined {
    if (this.globs.length === 0) return undefined;
    const segments = relativePath.replace(/\\/g, '/').split('/').filter((s) => s && s !== '.');
    if (segments.length === 0 || segments[0] === '..') return undefined;
    for (let i = 1; i <= segments.length; i++) {
      const prefix = segments.slice(0, i).join('/');
      if (this.match(prefix)) return prefix;
    }
    return undefined;
  }

  /** Whether an absolute path under `root` is left out (paths outside the root never are). */
  excludesAbsolute(root: string, abs: string): boolean {
    return this.globs.length > 0 && this.excludes(path.relative(root, abs));
  }
}
