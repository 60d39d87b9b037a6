import * as path from 'path';
import type * as TS from 'typescript';
import { libMap, resolvedLibReferences } from '../tsInternals';

/**
 * The standard-library files a program should have and does not: its default library (from
 * `target`, or each `lib` entry), and every `/// <reference lib="…" />` those reference, transitively.
 * A program built without them is silently wrong (every receiver typed through Array, Promise,
 * Map... has no type, so calls through inferred types vanish), so callers report each one loudly.
 *
 * A lib file may legitimately live elsewhere: with `libReplacement` (on by default before
 * TypeScript 6), a workspace package `@typescript/lib-dom` replaces `lib.dom.d.ts`. The program
 * records where each lib name resolved, and that file is the one that must be present.
 */
export function missingLibraryFiles(ts: typeof TS, program: TS.Program): string[] {
  const options = program.getCompilerOptions();
  if (options.noLib) return [];
  const defaultLib = ts.getDefaultLibFilePath(options);
  const libDir = path.dirname(defaultLib);
  const resolved = resolvedLibReferences(program);
  const locate = (libFileName: string) => resolved?.get(libFileName)?.actual ?? path.join(libDir, libFileName);
  const roots = options.lib?.length ? options.lib.map((name) => locate(path.basename(name))) : [defaultLib];
  const missing = new Set<string>();
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const sf = program.getSourceFile(file);
    if (!sf) {
      missing.add(file);
      continue;
    }
    for (const ref of sf.libReferenceDirectives) {
      const libFileName = libFileNameOf(ts, ref.fileName);
      // An unknown lib name is the compiler's own diagnostic (TS2726), not a missing installation.
      if (libFileName) queue.push(locate(libFileName));
    }
  }
  return [...missing].sort();
}

/** `es2015.core` → `lib.es2015.core.d.ts`, through the compiler's own table when it has one. */
function libFileNameOf(ts: typeof TS, reference: string): string | undefined {
  const name = reference.toLowerCase();
  const table = libMap(ts);
  return table ? table.get(name) : `lib.${name}.d.ts`;
}
