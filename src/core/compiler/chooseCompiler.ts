import type * as TS from 'typescript';
import type { Logger } from '../Logger';
import type { CompilerKind, CompilerPort } from './CompilerPort';

/** Which compiler the caller asks for: one of the two, or 'auto' (native where it can run and the rule allows: CompilerChoice). */
export type CompilerMode = CompilerKind | 'auto';

/** The option, else `TS_CODE_GRAPH_COMPILER` (`native`, `inprocess` or `auto`), else 'auto'; and who asked, for the compiler line. */
export function compilerModeOf(option: CompilerMode | undefined): { mode: CompilerMode; askedBy?: string } {
  if (option) return { mode: option, askedBy: option === 'auto' ? undefined : 'the caller' };
  const env = process.env.TS_CODE_GRAPH_COMPILER;
  if (env === 'native' || env === 'inprocess') return { mode: env, askedBy: `TS_CODE_GRAPH_COMPILER=${env}` };
  return { mode: 'auto' };
}

/**
 * The native compiler (TypeScript 7's API over a pipe) from the workspace's own TypeScript 7 package
 * at `workspacePackage` when given and usable, else the pinned one; or why none can run here (no
 * binary for this platform, an install without optional dependencies): the caller then indexes in
 * process. Its room is loaded only now: an in-process index never loads TypeScript 7's client.
 * `note`: why the workspace's own TypeScript 7 is not the one running.
 */
export function openNativeCompiler(ts: typeof TS, root: string, log: Logger, workspacePackage?: string): { port: CompilerPort; note?: string } | { problem: string } {
  try {
    const { NativeCompiler } = require('./native/NativeCompiler') as typeof import('./native/NativeCompiler');
    const modules = require('./native/nativeModules') as typeof import('./native/nativeModules');
    let note: string | undefined;
    if (workspacePackage) {
      const own = modules.workspaceNative(workspacePackage);
      if (!('problem' in own)) return { port: new NativeCompiler(ts, root, log, own) };
      note = `the workspace's TypeScript 7 (${workspacePackage}) is not used: ${own.problem}`;
    }
    const pinned = modules.pinnedNative();
    if ('problem' in pinned) return { problem: note ? `${note}; ${pinned.problem}` : pinned.problem };
    return { port: new NativeCompiler(ts, root, log, pinned), note };
  } catch (err) {
    return { problem: (err as Error).message };
  }
}
