import type * as TS from 'typescript';
import type { Logger } from '../Logger';
import type { CompilerKind, CompilerPort } from './CompilerPort';

/** Which compiler indexes: the option, else `TS_CODE_GRAPH_COMPILER` (`native` or `inprocess`), else in process. */
export function compilerKindOf(option: CompilerKind | undefined): CompilerKind {
  if (option) return option;
  const env = process.env.TS_CODE_GRAPH_COMPILER;
  return env === 'native' || env === 'inprocess' ? env : 'inprocess';
}

/**
 * The native compiler (TypeScript 7's API over a pipe), or why it cannot run here (no binary for this
 * platform, an install without optional dependencies): the caller then indexes in process, loudly.
 * Its room is loaded only now: an in-process index never loads TypeScript 7's client.
 */
export function openNativeCompiler(ts: typeof TS, root: string, log: Logger): CompilerPort | { problem: string } {
  try {
    const { NativeCompiler } = require('./native/NativeCompiler') as typeof import('./native/NativeCompiler');
    return new NativeCompiler(ts, root, log);
  } catch (err) {
    return { problem: (err as Error).message };
  }
}
