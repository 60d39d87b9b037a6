import * as path from 'path';
import type * as TS from 'typescript';

/**
 * The standard-library files a program should have and does not: its default library (from
 * `target`, or each `lib` entry), and every `/// <reference lib="…" />` those reference, transitively.
 * A program built without them is silently wrong (every receiver typed through Array, Promise,
 * Map... has no type, so calls through inferred types vanish), so callers report each one loudly.
 */
export function missingLibraryFiles(ts: typeof TS, program: TS.Program): string[] {
  const options = program.getCompilerOptions();
  if (options.noLib) return [];
  const defaultLib = ts.getDefaultLibFilePath(options);
  const libDir = path.dirname(defaultLib);
  const roots = options.lib?.length ? options.lib.map((name) => path.join(libDir, name)) : [defaultLib];
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
    for (const ref of sf.libReferenceDirectives) queue.push(path.join(libDir, `lib.${ref.fileName.toLowerCase()}.d.ts`));
  }
  return [...missing].sort();
}
