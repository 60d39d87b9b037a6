import * as fs from 'fs';
import * as path from 'path';

/**
 * TypeScript 7's API, loaded only when the native compiler is chosen: its client, its AST vocabulary,
 * and the compiler binary, which comes from the platform's optional dependency
 * `@typescript/typescript-<platform>-<arch>`. Two sources: the pinned one (`@typescript/native`, an npm
 * alias of `typescript@7.0.2`, bundled with us) or a trusted workspace's own TypeScript 7 of the same
 * API (its `typescript` 7.0.x, or `@typescript/native` when it runs 7 beside 6). Client, AST module and
 * binary always come from one package: their protocol is unversioned. Moving to another 7.x API
 * changes this folder only.
 */
export type NativeSync = typeof import('@typescript/native/unstable/sync');
export type NativeAst = typeof import('@typescript/native/unstable/ast');
export type NativeIs = typeof import('@typescript/native/unstable/ast/is');

/** One TypeScript 7 package, loaded. */
export interface NativePackage {
  version: string;
  sync: NativeSync;
  ast: NativeAst;
  is: NativeIs;
  /** The compiler binary. */
  exe: string;
  /** For logs and `stats`: `@typescript/typescript-linux-x64`, or the workspace's package and where it is. */
  origin: string;
}

/** The platform package that carries the compiler binary. */
export const PLATFORM_PACKAGE = `@typescript/typescript-${process.platform}-${process.arch}`;

/** The API this room is written against (7.0.x): a workspace's TypeScript 7 of another minor speaks another protocol. */
export const NATIVE_API = '7.0';

/** The pinned compiler's version (`@typescript/native`'s). */
export function pinnedNativeVersion(): string {
  return (require('@typescript/native/package.json') as { version: string }).version;
}

/** The pinned TypeScript 7 (bundled client, binary from this platform's optional dependency), or why it cannot run here. */
export function pinnedNative(): NativePackage | { problem: string } {
  const exe = nativeExecutable();
  if ('problem' in exe) return exe;
  return {
    version: pinnedNativeVersion(),
    sync: require('@typescript/native/unstable/sync') as NativeSync,
    ast: require('@typescript/native/unstable/ast') as NativeAst,
    is: require('@typescript/native/unstable/ast/is') as NativeIs,
    exe: exe.path,
    origin: exe.origin,
  };
}

/**
 * A workspace's own TypeScript 7 at `dir` (its package directory), when it has the API this room
 * reads (7.0.x, `./unstable/sync` exported) and its platform binary is installed; else why not.
 * Its files are ES modules: loading them needs a Node that can `require` one (20.19, 22.12 and later).
 */
export function workspaceNative(dir: string): NativePackage | { problem: string } {
  let manifest: { version?: string; exports?: Record<string, unknown> };
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  } catch {
    return { problem: `${dir} has no package.json` };
  }
  const version = String(manifest.version ?? '');
  if (!version.startsWith(`${NATIVE_API}.`)) return { problem: `its version ${version} speaks another API than the ${NATIVE_API}.x this version of TS Code Graph reads` };
  const entries = manifest.exports ?? {};
  const entry = (key: string): string | undefined => (typeof entries[key] === 'string' ? path.join(dir, entries[key] as string) : undefined);
  const files = { sync: entry('./unstable/sync'), ast: entry('./unstable/ast'), is: entry('./unstable/ast/is') };
  if (!files.sync || !files.ast || !files.is) return { problem: `TypeScript ${version} at ${dir} exports no ./unstable/sync API` };
  let exe: { path: string; origin: string } | { problem: string };
  try {
    exe = nativeExecutable(require.resolve(`${PLATFORM_PACKAGE}/package.json`, { paths: [dir] }));
  } catch {
    exe = { problem: `${PLATFORM_PACKAGE} is not installed beside it` };
  }
  if ('problem' in exe) return exe;
  try {
    // Runtime requires of absolute paths: the bundler leaves them alone, Node loads the workspace's files.
    return {
      version,
      sync: require(files.sync) as NativeSync,
      ast: require(files.ast) as NativeAst,
      is: require(files.is) as NativeIs,
      exe: exe.path,
      origin: `the workspace's, ${dir}`,
    };
  } catch (err) {
    return { problem: `its API did not load here (${(err as Error).message.split('\n')[0]})` };
  }
}

/**
 * The native compiler's executable, or why there is none (a platform without a package, an install
 * without optional dependencies). Looked for beside this bundle first (`native/<platform package>`,
 * where a platform VSIX carries it), then as Node resolves the platform package, as the API itself
 * finds it but by `require.resolve` (the API's own lookup uses `import.meta`, which a CommonJS bundle lacks).
 */
export function nativeExecutable(manifest?: string): { path: string; origin: string } | { problem: string } {
  const file = process.platform === 'win32' ? 'tsc.exe' : 'tsc';
  const beside = path.join(__dirname, 'native', PLATFORM_PACKAGE.replace('@typescript/', ''), 'lib', file);
  if (!manifest && fs.existsSync(beside)) return executable(beside, `${PLATFORM_PACKAGE}, shipped in ${path.dirname(path.dirname(path.dirname(beside)))}`);
  try {
    manifest ??= require.resolve(`${PLATFORM_PACKAGE}/package.json`);
  } catch {
    return { problem: `${PLATFORM_PACKAGE} is not installed (the native compiler's binary for this platform)` };
  }
  const exe = path.join(path.dirname(manifest), 'lib', file);
  return fs.existsSync(exe) ? executable(exe, PLATFORM_PACKAGE) : { problem: `${PLATFORM_PACKAGE} has no compiler binary (${exe})` };
}

/** `exe`, made executable when an unpacker dropped its mode (a VSIX is a zip), or why it cannot run. */
function executable(exe: string, origin: string): { path: string; origin: string } | { problem: string } {
  if (process.platform === 'win32') return { path: exe, origin };
  try {
    fs.accessSync(exe, fs.constants.X_OK);
  } catch {
    try {
      fs.chmodSync(exe, 0o755);
    } catch (err) {
      return { problem: `${exe} is not executable and could not be made so (${(err as Error).message})` };
    }
  }
  return { path: exe, origin };
}
