import type * as TS from 'typescript';
import { lazyModule } from '../core/compiler/lazyModule';

export interface LoadedTypeScript {
  ts: typeof TS;
  /** For the log: which TypeScript indexes the folder, and why. */
  description: string;
  /** Where `ts` was loaded from when it is the workspace's own (undefined: the bundled one). */
  workspacePath?: string;
  /** Set when the workspace's TypeScript was asked for but could not be used. */
  warning?: string;
}

/** Oldest TypeScript whose compiler API the indexer is written against. */
const MIN_MAJOR = 5;

/**
 * The TypeScript module a folder is indexed with: the workspace's own (`tsPath`, which the host
 * passes only for a trusted workspace) when it loads and is recent enough, else the bundled one.
 * Never throws: a broken workspace TypeScript falls back to the bundled one with a warning.
 */
export function loadTypeScript(tsPath: string | undefined): LoadedTypeScript {
  if (tsPath) {
    try {
      // A runtime require of a path: the bundler leaves it alone, Node loads the workspace's file.
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const ts = require(tsPath) as typeof TS;
      if (typeof ts?.createProgram !== 'function' || typeof ts.version !== 'string') {
        throw new Error('it does not export the TypeScript compiler API');
      }
      if (Number(ts.version.split('.')[0]) < MIN_MAJOR) throw new Error(`version ${ts.version} is older than ${MIN_MAJOR}.0`);
      return { ts, description: `the workspace's TypeScript ${ts.version} (${tsPath})`, workspacePath: tsPath };
    } catch (err) {
      const bundled = bundledTypeScript();
      return {
        ts: bundled,
        description: `the bundled TypeScript ${bundled.version}`,
        warning: `Could not use the workspace's TypeScript at ${tsPath}: ${err instanceof Error ? err.message : String(err)}. Using the bundled TypeScript ${bundled.version} instead.`,
      };
    }
  }
  const bundled = bundledTypeScript();
  return { ts: bundled, description: `the bundled TypeScript ${bundled.version}` };
}

/**
 * The bundled TypeScript, evaluated at its first use (lazyModule): a folder that uses the workspace's
 * TypeScript never evaluates it, and a start from the cache with TypeScript 7 (the CLI's query after
 * an edit, a warm query) often needs none of it. Its `version` is read without it.
 */
function bundledTypeScript(): typeof TS {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const version = (require('typescript/package.json') as { version: string }).version;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return lazyModule(() => require('typescript') as typeof TS, { version });
}
