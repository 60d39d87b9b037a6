import { createHash } from 'crypto';
import * as os from 'os';
import * as path from 'path';
import { realPathOf } from '../core/indexer/workspaceRoot';

/**
 * Where the MCP server persists a workspace's graph: the user's cache directory (XDG_CACHE_HOME when
 * set; else ~/.cache on Linux, ~/Library/Caches on macOS, %LOCALAPPDATA% on Windows), one folder per
 * workspace root (and --tsconfig) by its real path, named so a person can tell which is which.
 */
export function graphCacheDir(given: string, givenTsconfig: string | undefined, env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  // One workspace whatever the spelling of its path (a root through a symlink, /tmp on macOS): one cache.
  const root = realPathOf(given);
  const tsconfig = givenTsconfig === undefined ? undefined : realPathOf(givenTsconfig);
  const key = createHash('sha256').update(`${root}\0${tsconfig ?? ''}`).digest('hex').slice(0, 16);
  const name = path.posix.basename(root).replace(/[^\w.-]+/g, '_') || 'root';
  return path.join(userCacheHome(env, platform), 'ts-code-graph', `${name}-${key}`);
}

/**
 * Where the CLI keeps V8's compiled code of its core bundle between runs (codeCache.ts): beside the
 * graphs' folder, not in it (that one holds one folder per workspace).
 */
export function codeCacheDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  return path.join(userCacheHome(env, platform), 'ts-code-graph-code');
}

function userCacheHome(env: NodeJS.ProcessEnv, platform: NodeJS.Platform): string {
  // XDG_CACHE_HOME wherever it is set, macOS and Windows too: whoever sets it there means it (a test
  // run points it at a folder of its own). The XDG spec: a relative one is invalid and must be ignored.
  const xdg = env.XDG_CACHE_HOME;
  if (xdg && path.isAbsolute(xdg)) return xdg;
  if (platform === 'win32') return env.LOCALAPPDATA || path.join(os.homedir(), 'AppData', 'Local');
  if (platform === 'darwin') return path.join(os.homedir(), 'Library', 'Caches');
  return path.join(os.homedir(), '.cache');
}
