import { declarationFilesOf, implementationFilesOf } from '../../graph/implementationTwin';

/**
 * The root files of a program scoped to a few files to re-index (a start from a partly stale cache):
 * those files, and every file of the project's whole program that can change what they see without
 * being imported by them. What the files import comes in through module resolution as in the whole
 * program, so their edges are the whole program's when these are in:
 *
 * - every file that may declare globals (`mayDeclareGlobals`): scripts, `declare global`, ambient
 *   modules and module augmentations, UMD globals, `/// <reference lib>`; of the config's root files and the
 *   files the program pulled in (as their cached contributions record it, `global` and `augments`,
 *   read only where none does), and the libraries it read (a package's `declare global`, reached in
 *   the whole program through an import of some other file);
 * - the JavaScript file beside each of our declaration files (an edge to a value a `.d.ts` declares
 *   goes to its JavaScript twin when the program holds one: NodeLocator), and the declaration file
 *   beside a JavaScript file re-indexed (which it is linked to).
 *
 * Conservative: a file the syntactic check is unsure of counts as declaring globals. Every root is a
 * file of the whole program, so the scoped program holds a subset of its files. In the config's order
 * first, as the whole program reads them. A JavaScript library that may declare globals is a reason
 * not to scope (as a root it would be checked as our own code, not as a library).
 */
export interface ScopedRootsInput {
  /** Absolute files to re-index. */
  reindex: readonly string[];
  /** The config's root files, in its order. */
  configRoots: readonly string[];
  /** Every file the project indexes (its root files and what its program pulled in). */
  owned: readonly string[];
  /** Files the whole program read that no contribution covers (node_modules typings, sources outside the configs' lists). */
  libraries: readonly string[];
  readText: (abs: string) => string | undefined;
  /**
   * Whether the file may declare globals as its contribution, extracted from the text it has now,
   * records it (`global` or `augments`); undefined when no such record exists (the text is read).
   */
  knownGlobal: (abs: string) => boolean | undefined;
  /** Whether a library may declare globals, as an earlier start read it in the same file (same stamp); undefined: read it. */
  knownLibrary?: (abs: string) => boolean | undefined;
  /** A library's text was read and tested: for the next start (CacheSnapshot.libraryGlobals). */
  learnedLibrary?: (abs: string, mayDeclare: boolean) => void;
}

export function scopedRoots(input: ScopedRootsInput): { roots: string[]; globals: number } | { reason: string } {
  const reindex = new Set(input.reindex);
  const owned = new Set(input.owned);
  const roots: string[] = [];
  const seen = new Set<string>();
  let globals = 0;
  const add = (f: string, global: boolean) => {
    if (seen.has(f)) return;
    seen.add(f);
    roots.push(f);
    if (global) globals++;
  };
  const declaresGlobals = (f: string) => {
    if (f.endsWith('.json')) return false;
    const known = input.knownGlobal(f);
    if (known !== undefined) return known;
    const text = input.readText(f);
    return text === undefined || mayDeclareGlobals(text);
  };
  for (const f of input.configRoots) {
    if (reindex.has(f)) add(f, false);
    else if (declaresGlobals(f)) add(f, true);
  }
  for (const f of input.reindex) add(f, false);
  for (const f of input.owned) if (!seen.has(f) && declaresGlobals(f)) add(f, true);
  for (const f of input.libraries) {
    if (seen.has(f) || f.endsWith('.json')) continue;
    let declares = input.knownLibrary?.(f);
    if (declares === undefined) {
      const text = input.readText(f);
      // Gone since the cache was written: the whole program would not read it either.
      if (text === undefined) continue;
      declares = mayDeclareGlobals(text);
      input.learnedLibrary?.(f, declares);
    }
    if (!declares) continue;
    if (JAVASCRIPT.test(f)) return { reason: `the library ${f} may declare globals and is JavaScript` };
    add(f, true);
  }
  for (const f of input.owned) for (const js of implementationFilesOf(f)) if (owned.has(js)) add(js, false);
  for (const f of input.reindex) for (const dts of declarationFilesOf(f)) if (owned.has(dts)) add(dts, false);
  return { roots, globals };
}

/**
 * What a module may declare for others besides `declare global`: ambient modules and augmentations, a
 * UMD global, a standard library file it references (or none: `no-default-lib`). A `/// <reference
 * path|types>` is not one: the file it pulls in is a file of the whole program, owned or a library,
 * and is a root itself if it declares globals.
 */
function augmentsOrReferences(text: string): boolean {
  return /\bdeclare\s+module\s*['"`]/.test(text) || /\bexport\s+as\s+namespace\b/.test(text) || referencesStandardLibrary(text);
}

/** Whether a file's text references a standard library file (`/// <reference lib>`) or none (`no-default-lib`). */
export function referencesStandardLibrary(text: string): boolean {
  return /^[ \t]*\/\/\/[ \t]*<reference\s+(lib|no-default-lib)\b/m.test(text);
}

export const JAVASCRIPT = /\.(js|jsx|mjs|cjs)$/;

/**
 * Whether a file's text may declare something any file sees without importing it, read without a
 * parse: `declare global`, `declare module '…'` (an ambient module or a module augmentation), `export
 * as namespace` (a UMD global), a `/// <reference lib>` (a standard library file), or no
 * `import` or `export` statement at the start of a line (a script; CommonJS counts here too). Errs
 * towards true: a module whose statements are all indented, or whose only `export` follows something
 * else on its line, counts as a script.
 */
export function mayDeclareGlobals(text: string): boolean {
  if (/\bdeclare\s+global\b/.test(text) || augmentsOrReferences(text)) return true;
  // At the start of a line only: an `export` inside a namespace or a declared block is indented. A
  // dynamic `import(…)` or `import.meta` does not make a file a module.
  return !/^(import|export)\b(?!\s*[(.])/m.test(text);
}
