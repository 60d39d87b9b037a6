import * as path from 'path';

/**
 * The pinned TypeScript 7 API (`@typescript/native`, an npm alias of `typescript@7.0.2`), loaded only
 * when the native compiler is chosen: its client, its AST vocabulary, and the compiler binary, which
 * comes from the platform's optional dependency `@typescript/typescript-<platform>-<arch>`. Moving to
 * another 7.x API changes this folder only.
 */
export type NativeSync = typeof import('@typescript/native/unstable/sync');
export type NativeAst = typeof import('@typescript/native/unstable/ast');
export type NativeIs = typeof import('@typescript/native/unstable/ast/is');

export function nativeSync(): NativeSync {
  return require('@typescript/native/unstable/sync') as NativeSync;
}

export function nativeAst(): NativeAst {
  return require('@typescript/native/unstable/ast') as NativeAst;
}

export function nativeIs(): NativeIs {
  return require('@typescript/native/unstable/ast/is') as NativeIs;
}

/** The platform package that carries the compiler binary. */
export const PLATFORM_PACKAGE = `@typescript/typescript-${process.platform}-${process.arch}`;

/**
 * The native compiler's executable, or why there is none (a platform without a package, an install
 * without optional dependencies). Found as the API itself finds it, but by `require.resolve` (the API's
 * own lookup uses `import.meta`, which a CommonJS bundle lacks).
 */
export function nativeExecutable(): { path: string } | { problem: string } {
  try {
    const manifest = require.resolve(`${PLATFORM_PACKAGE}/package.json`);
    const exe = path.join(path.dirname(manifest), 'lib', process.platform === 'win32' ? 'tsc.exe' : 'tsc');
    return require('fs').existsSync(exe) ? { path: exe } : { problem: `${PLATFORM_PACKAGE} has no compiler binary (${exe})` };
  } catch {
    return { problem: `${PLATFORM_PACKAGE} is not installed (the native compiler's binary for this platform)` };
  }
}
