import type * as TS from 'typescript';

/**
 * Every place the indexer reaches past TypeScript's public API, gathered here, each with the reason
 * (nothing else under src/core/indexer casts a compiler object to get at a member its types hide).
 * Two kinds: members that are internal (stable for years, but undeclared), and public members an
 * older compiler the workspace may load lacks. Each accessor tolerates the member's absence: the
 * caller falls back to slower or coarser work, never to a wrong graph.
 */

/**
 * The symbol the binder gave a declaration (`node.symbol`, internal). The checker's public
 * `getSymbolAtLocation` takes a name, and some declarations have none (`export default function`,
 * a constructor); merged declarations (overloads, interface merging) share this one symbol, which
 * is how declaring makes them one node.
 */
export function boundSymbol(node: TS.Node): TS.Symbol | undefined {
  const own = (node as { symbol?: TS.Symbol }).symbol;
  return own !== undefined || !binderFacts ? own : binderFacts(node)?.boundSymbol(node);
}

/**
 * What the binder knows of a tree whose nodes carry none of its fields (the native compiler's: its
 * nodes are views of a remote tree), answered by the compiler that handed the tree out.
 */
export interface BinderFacts {
  boundSymbol(node: TS.Node): TS.Symbol | undefined;
  isCommonJsModule(sf: TS.SourceFile): boolean;
}

let binderFacts: ((node: TS.Node) => BinderFacts | undefined) | undefined;

/** Set by the native compiler's room when it is loaded: who answers `boundSymbol`/`isCommonJsModule` for its trees. */
export function setBinderFacts(lookup: (node: TS.Node) => BinderFacts | undefined): void {
  binderFacts = lookup;
}

/**
 * The binder's CommonJS mark (`module.exports = …`, `exports.x = …`; internal
 * `commonJsModuleIndicator`), set once the file is bound: `ts.isExternalModule` says no for such a
 * JavaScript module, yet it is no script.
 */
export function isCommonJsModule(sf: TS.SourceFile): boolean {
  if ((sf as { commonJsModuleIndicator?: unknown }).commonJsModuleIndicator) return true;
  return !!binderFacts?.(sf)?.isCommonJsModule(sf);
}

/** Whether the binder has bound `sf` (binding sets its internal `locals`). */
export function isBound(sf: TS.SourceFile): boolean {
  return !!(sf as { locals?: unknown }).locals;
}

/**
 * TypeScript's table from a `lib` name (`dom.iterable`) to its file (`lib.dom.iterable.d.ts`;
 * internal `ts.libMap`): the names do not all follow one pattern.
 */
export function libMap(ts: typeof TS): ReadonlyMap<string, string> | undefined {
  return (ts as unknown as { libMap?: ReadonlyMap<string, string> }).libMap;
}

/**
 * Where the program resolved each lib file name (internal but long-stable
 * `Program.resolvedLibReferences`): the one record of a lib file that was looked for and not found.
 */
export function resolvedLibReferences(program: TS.Program): ReadonlyMap<string, { actual: string }> | undefined {
  const map = (program as unknown as { resolvedLibReferences?: ReadonlyMap<string, { actual: string }> }).resolvedLibReferences;
  return map instanceof Map ? map : undefined;
}

/**
 * The moduleResolution TypeScript derives when a config leaves it unset (internal
 * `getEmitModuleResolutionKind`): its own rule beats our copy of it, which is the fallback.
 */
export function emitModuleResolutionKind(ts: typeof TS): ((o: TS.CompilerOptions) => number) | undefined {
  return (ts as { getEmitModuleResolutionKind?: (o: TS.CompilerOptions) => number }).getEmitModuleResolutionKind;
}

/** `ModuleKind.Preserve`: public from TypeScript 5.4, absent from an older compiler the workspace may load. */
export function moduleKindPreserve(ts: typeof TS): number | undefined {
  return (ts.ModuleKind as { Preserve?: number }).Preserve;
}

/**
 * Makes a host's programs read a referenced project's sources instead of its output declarations
 * (internal `CompilerHost.useSourceOfProjectReferenceRedirect`, which the language service sets).
 */
export function useSourceOfProjectReferences(host: TS.CompilerHost): void {
  (host as { useSourceOfProjectReferenceRedirect?: () => boolean }).useSourceOfProjectReferenceRedirect = () => true;
}

/**
 * Makes a host's programs parse JSDoc only where it carries types (JavaScript files):
 * `JSDocParsingMode` and `CompilerHost.jsDocParsingMode` are public from TypeScript 5.3; an older
 * compiler parses every comment, and this does nothing.
 */
export function parseJsDocForTypesOnly(ts: typeof TS, host: TS.CompilerHost): void {
  const mode = (ts as { JSDocParsingMode?: { ParseForTypeInfo: number } }).JSDocParsingMode;
  if (mode) (host as { jsDocParsingMode?: number }).jsDocParsingMode = mode.ParseForTypeInfo;
}

/** The JSDoc parsing mode a host was given (`parseJsDocForTypesOnly`; undefined before TypeScript 5.3). */
export function jsDocParsingModeOf(host: TS.CompilerHost): TS.JSDocParsingMode | undefined {
  return (host as { jsDocParsingMode?: TS.JSDocParsingMode }).jsDocParsingMode;
}

/**
 * What `createProgram` computes for each parse and the binder (internal `getEmitScriptTarget`,
 * `getSetExternalModuleIndicator`, `bindSourceFile`): warming a program's files ahead of it parses
 * and binds exactly as it would, so the program reuses the work.
 */
export type ParsingInternals = typeof TS & {
  getEmitScriptTarget?(o: TS.CompilerOptions): TS.ScriptTarget;
  getSetExternalModuleIndicator?(o: TS.CompilerOptions): (file: TS.SourceFile) => void;
  bindSourceFile?(file: TS.SourceFile, o: TS.CompilerOptions): void;
};

export function parsingInternals(ts: typeof TS): ParsingInternals {
  return ts as ParsingInternals;
}

/**
 * TypeScript's table of compiler options (internal `ts.optionDeclarations`): for an enum-valued
 * option, its names and values, so an option set in code can be written back as config text (the
 * native compiler reads the options we fill as a config's text).
 */
export function optionDeclarations(ts: typeof TS): ReadonlyArray<{ name: string; type: unknown }> | undefined {
  const table = (ts as unknown as { optionDeclarations?: ReadonlyArray<{ name: string; type: unknown }> }).optionDeclarations;
  return Array.isArray(table) ? table : undefined;
}

/**
 * What a file names of other files, as its program collected it: its imports (`imports`, internal:
 * import and export declarations, `require` and `import()`, augmented modules' names) and its `///
 * <reference path|types|lib>` directives, sorted. A start from the cache compares them with the
 * file's earlier ones: an import removed can take a file out of the whole program, which a program
 * scoped to the edit (built from what the whole program read before) would still hold. Undefined
 * when the compiler's tree does not expose `imports`.
 */
export function moduleReferences(sf: TS.SourceFile): string[] | undefined {
  const imports = (sf as { imports?: readonly TS.StringLiteralLike[] }).imports;
  if (!imports) return undefined;
  const named = [
    ...imports.map((i) => i.text),
    ...sf.referencedFiles.map((r) => `path ${r.fileName}`),
    ...sf.typeReferenceDirectives.map((r) => `types ${r.fileName}`),
    ...sf.libReferenceDirectives.map((r) => `lib ${r.fileName}`),
  ];
  return [...new Set(named)].sort();
}
