/**
 * Which changed files matter to a graph, and how. One definition for the core's update and for every
 * host's file watcher (the extension's, the MCP server's), so a watcher never drops a change the
 * core would act on. Both separators: hosts see native paths, the core posix ones.
 */

/** A source file: re-extracted, with whatever depends on what it shows other files. */
export const SOURCE_FILE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;

/**
 * Manifests and lock files: what `npm install` / `yarn` / `pnpm` write when dependencies change,
 * often without touching a source file, while the packages' own typings (never watched: inside
 * node_modules) change under them; and pnpm-workspace.yaml, which lists a monorepo's packages (as
 * package.json `workspaces` does), whose imports by name reach their sources. The persisted cache
 * is keyed by the ones at the root.
 */
export const DEPENDENCY_FILES = ['package.json', 'package-lock.json', 'npm-shrinkwrap.json', 'yarn.lock', 'pnpm-lock.yaml', 'pnpm-workspace.yaml'] as const;

/**
 * A change to one of these rebuilds the folder's projects: tsconfig/jsconfig files can move files
 * between projects, and the dependency files above say the libraries' typings may have changed.
 */
export const REBUILD_FILE = new RegExp(
  `(^|[\\\\/])(tsconfig[^\\\\/]*\\.json|jsconfig[^\\\\/]*\\.json|${DEPENDENCY_FILES.map((f) => f.replace(/[.]/g, '\\.')).join('|')})$`,
);

/** Whether a changed path can matter to a graph at all (a source or a rebuild file); folders are judged by their contents. */
export function isWatchedFile(file: string): boolean {
  return SOURCE_FILE.test(file) || REBUILD_FILE.test(file);
}

/**
 * Folders no graph looks into, and no watcher reports from: dependencies, VCS data, and build
 * output/caches by their conventional names. Project discovery never searches them, an update
 * ignores a path inside one (unless a project already indexes that file), and the extension's and
 * the MCP server's watchers drop their events.
 */
export const IGNORED_DIRS: ReadonlySet<string> = new Set(['node_modules', '.git', 'dist', 'out', 'build', 'coverage', '.next', '.turbo', '.cache', '.vscode-test']);

/**
 * Whether a path relative to the folder's root (either separator) is an ignored folder or lies inside
 * one. Relative, because the folder itself may well sit under a `build` or `out` of its own.
 */
export function inIgnoredDir(relativePath: string): boolean {
  return relativePath.split(/[\\/]/).some((segment) => IGNORED_DIRS.has(segment));
}
