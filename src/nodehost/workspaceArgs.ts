import * as fs from 'fs';
import * as path from 'path';

/** The workspace a Node host serves (the CLI's `mcp`, the MCP server's own command line): checked, absolute. */
export interface Workspace {
  root: string;
  tsconfig?: string;
  exclude?: string[];
}

/** Every Node host's word for an empty `--exclude`. */
export const EXCLUDE_NEEDS_GLOB = '--exclude needs a glob, relative to --root, e.g. --exclude examples or --exclude "templates/with-*".';

/** --root and --tsconfig made absolute and checked against the disk, or the message for bad input. */
export function resolveWorkspaceArgs(cwd: string, options: { root?: string; tsconfig?: string }): { root: string; tsconfig?: string } | string {
  const root = path.resolve(cwd, options.root ?? '.');
  if (!statOf(root)?.isDirectory()) return `Root is not a directory: ${root}. Pass an existing workspace folder with --root.`;
  const tsconfig = options.tsconfig === undefined ? undefined : path.resolve(cwd, options.tsconfig);
  if (tsconfig !== undefined && !statOf(tsconfig)?.isFile()) return `tsconfig not found: ${tsconfig}. --tsconfig is relative to the current directory.`;
  return { root, tsconfig };
}

/** Undefined when missing or unreadable (EACCES is bad input too, not a crash). */
function statOf(p: string): fs.Stats | undefined {
  try {
    return fs.statSync(p, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}
