import * as path from 'path';
import type * as TS from 'typescript';
import { describeFailure } from '../describeFailure';
import { fileStamp } from '../../compiler/fileStamp';
import { parseCostBytes } from './memoryBudget';
import { WorkspacePackages, resolveWithWorkspace } from './workspacePackages';
import { packageName } from '../../packageSpecifiers';
import { isBound, jsDocParsingModeOf, libMap, parseJsDocForTypesOnly, parsingInternals, useSourceOfProjectReferences } from '../../compiler/tsInternals';

/**
 * One source-file cache for every project of the workspace, the job a DocumentRegistry does in
 * the language service: the standard library's .d.ts files (and files shared by packages of a
 * monorepo) are parsed once, not once per tsconfig. A parse is shared only between programs whose
 * options build the same SourceFile: the parse settings (for a declaration file, with every target
 * from ES2015 up as one: `declarationSettingsKey`), and for a file that is not a declaration file the
 * options the program writes into it (see `sourceFileVariant`).
 */
export class SharedCompilerHost {
  /**
   * File name → parse settings (`settingsKey`) → its parse. Two levels with a numeric key: every
   * program rebuild asks once per file (10,000 asks per save at 10,000 files), and forgetting a file
   * is one delete.
   */
  private readonly cache = new Map<string, Map<number, TS.SourceFile>>();
  /** Files the parser itself could not handle (it threw), with their real text: the program sees them empty. */
  private readonly parseFailures = new Map<string, { reason: string; text: string }>();
  /**
   * File name → its `fileStamp` (size, modification and change times) when it was read for the
   * parses above. Saves arrive as events and invalidate their file; files nobody reports (a library's
   * typings rewritten by `npm install`) are caught by `dropChangedOnDisk` when the projects are
   * rebuilt, and the persisted cache records them for the next start (IndexCache).
   */
  private readonly stamps = new Map<string, string>();
  /**
   * What TypeScript learnt of package.json files, kept from one program to the next as its language
   * service keeps it: their texts (`manifests`), and which package scope each directory is in, with
   * the fields read (`packageJsons`). Every program rebuild asks, for each declaration file under
   * node_modules, which package scope it is in, and reads every @types package's manifest to list
   * the automatic type directives; the compiler host's default re-read and re-parsed them all on
   * every save (4-5 ms of a 15 ms save on ra-core). Both are forgotten with the parses in
   * `dropChangedOnDisk`: a package.json or lock file change is a dependency change, which rebuilds
   * the projects.
   */
  private packageJsons: TS.PackageJsonInfoCache | undefined;
  private readonly manifests = new Map<string, string | undefined>();
  /** The distinct source-affecting option sets seen so far (`sourceFileVariant`), numbered from 1. */
  private readonly variants = new Map<string, number>();
  /** The monorepo's packages, whose outputs resolve to their sources (set by every full index). */
  private workspace: WorkspacePackages | undefined;
  /** Files (canonical) with an import of a workspace package that resolved to nothing: resolved again by every program. */
  private readonly waitingForWorkspace = new Set<string>();

  /** Estimated bytes of the parses held (parseCostBytes), the standard library's left out; beyond `maxBytes` the least recently used are dropped. */
  private bytes = 0;
  /**
   * Where the standard library's files are: their parses are never dropped nor counted. Every
   * program holds them, so a dropped one would only be parsed again beside the copy the live
   * programs keep (lib.dom.d.ts alone is ~2 MB of text).
   */
  private readonly libraryDirs = new Set<string>();

  constructor(
    private readonly ts: typeof TS,
    /** What the parses may hold (the memory budget's share); a program holds its own files' parses whatever this drops. */
    private readonly maxBytes = Infinity,
  ) {}

  /** How many files' parses are held now (tests of the bound). */
  get parsedFiles(): number {
    return this.cache.size;
  }

  /** The workspace's packages for the programs made from now on (`resolveWithWorkspace`). */
  setWorkspacePackages(workspace: WorkspacePackages | undefined): void {
    this.workspace = workspace;
  }

  hostFor(options: TS.CompilerOptions): TS.CompilerHost {
    const ts = this.ts;
    const host = ts.createCompilerHost(options, true);
    this.libraryDirs.add(libDirectory(ts, host, options));
    const read = host.getSourceFile.bind(host);
    const variant = this.sourceFileVariant(options) * VARIANT_STRIDE;
    host.getSourceFile = (fileName, languageVersionOrOptions, onError, shouldCreateNewSourceFile) => {
      const key = isDeclarationFile(fileName) ? declarationSettingsKey(languageVersionOrOptions) : settingsKey(languageVersionOrOptions) + variant;
      const parsesOf = this.cache.get(fileName);
      const cached = shouldCreateNewSourceFile ? undefined : parsesOf?.get(key);
      if (cached) {
        // Most recently used last: Map keeps insertion order.
        this.cache.delete(fileName);
        this.cache.set(fileName, parsesOf!);
        return cached;
      }
      let sf: TS.SourceFile | undefined;
      // Before the read: a write in between leaves an older stamp, so the next check re-reads the file.
      const stamp = fileStamp(fileName);
      try {
        sf = read(fileName, languageVersionOrOptions, onError);
        this.parseFailures.delete(fileName);
      } catch (err) {
        // The parser is recursive: nesting deep enough (thousands of parentheses) overflows it, as it
        // does in tsc. One file must not take its whole program down: the program gets an empty module
        // in its place (a module, so importers still depend on it and are revisited when it heals),
        // and the index names it as a file that could not be analysed.
        this.parseFailures.set(fileName, { reason: describeFailure(err), text: host.readFile(fileName) ?? '' });
        sf = ts.createSourceFile(fileName, 'export {};', languageVersionOrOptions);
      }
      if (sf) {
        let parses = this.cache.get(fileName);
        if (!parses) this.cache.set(fileName, (parses = new Map()));
        const replaced = parses.get(key);
        const counted = !this.isLibrary(fileName);
        if (replaced && counted) this.bytes -= parseCostBytes(replaced.text.length);
        parses.set(key, sf);
        if (counted) this.bytes += parseCostBytes(sf.text.length);
        this.stamps.set(fileName, stamp);
        this.trim(fileName);
      }
      return sf;
    };
    const readFile = host.readFile.bind(host);
    const fileExists = host.fileExists.bind(host);
    const manifest = (fileName: string) => {
      if (!this.manifests.has(fileName)) this.manifests.set(fileName, readFile(fileName));
      return this.manifests.get(fileName);
    };
    host.readFile = (fileName) => (isManifest(fileName) ? manifest(fileName) : readFile(fileName));
    host.fileExists = (fileName) => (isManifest(fileName) ? manifest(fileName) !== undefined : fileExists(fileName));
    this.resolveWithPackageJsonCache(host, options);
    // As the language service does: a referenced project's output declarations stand for its
    // sources, so calls across packages of a monorepo end at the code (and need no build).
    useSourceOfProjectReferences(host);
    // JSDoc carries types in JavaScript files only, and those are parsed whole. In TypeScript files
    // (declaration files included: @types/node, lib.dom.d.ts) no comment is parsed: the graph reads
    // no JSDoc there, not even the `{@link}`/`@see` that tsc keeps for its diagnostics (TypeScript
    // 5.3+; older compilers parse everything). 13-23 % off building a program on the bench's real
    // workspaces; the bench checks that every graph equals the one built with all JSDoc parsed.
    parseJsDocForTypesOnly(ts, host);
    return host;
  }

  /**
   * Which programs may share a parse of a file that is not a declaration file. A program writes
   * into the SourceFile objects it is given, once, and every later program reads what the first
   * wrote: the imports it collects (with `jsx: react-jsx` a synthesized `react/jsx-runtime` import
   * goes first, with `importHelpers` a `tslib` one), whether the file is a module (`moduleDetection`,
   * `jsx`), strict mode, binder diagnostics. A program with other such options would read the first
   * one's answers: a `.tsx` imported by a `jsx: preserve` project and owned by a `jsx: react-jsx`
   * one made the second program's checker throw "Expected sourceFile.imports[0] to be the
   * synthesized JSX runtime import" on a file `tsc -p` checks. The language service keys its
   * document registry by the same options. Declaration files (the standard library, every
   * package's typings) get none of this, so they stay shared by every program.
   */
  private sourceFileVariant(options: TS.CompilerOptions): number {
    const key = SOURCE_FILE_OPTIONS.map((name) => String(options[name] ?? '')).join('|');
    let n = this.variants.get(key);
    if (n === undefined) this.variants.set(key, (n = this.variants.size + 1));
    return n;
  }

  /**
   * Module resolution as the compiler host does it by default (a fresh resolution cache per program:
   * resolutions are never reused across programs, so a file created or deleted is seen at once),
   * except that what it learns of package.json files is kept (`packageJsons`), and that an import of
   * a workspace package reaches its sources, built or not (`resolveWithWorkspace`).
   */
  private resolveWithPackageJsonCache(host: TS.CompilerHost, options: TS.CompilerOptions): void {
    const ts = this.ts;
    const canonical = (f: string) => host.getCanonicalFileName(f);
    this.packageJsons ??= ts.createModuleResolutionCache(host.getCurrentDirectory(), canonical, options).getPackageJsonInfoCache();
    const cache = ts.createModuleResolutionCache(host.getCurrentDirectory(), canonical, options, this.packageJsons);
    host.getModuleResolutionCache = () => cache;
    host.resolveModuleNameLiterals = (literals, containingFile, redirectedReference, programOptions, containingSourceFile) => {
      const modeOptions = redirectedReference?.commandLine.options ?? programOptions;
      const resolved = new Map<string, TS.ResolvedModuleWithFailedLookupLocations>();
      let waitsForWorkspace = false;
      const results = literals.map((literal) => {
        const mode = ts.getModeForUsageLocation(containingSourceFile, literal, modeOptions);
        const key = `${mode ?? ''}|${literal.text}`;
        let r = resolved.get(key);
        if (!r) resolved.set(key, (r = resolveWithWorkspace(ts, this.workspace, literal.text, containingFile, programOptions, host, cache, redirectedReference, mode)));
        if (!r.resolvedModule && this.workspace?.named(packageName(literal.text))) waitsForWorkspace = true;
        return r;
      });
      if (waitsForWorkspace) this.waitingForWorkspace.add(canonical(containingFile));
      else this.waitingForWorkspace.delete(canonical(containingFile));
      return results;
    };
    // A program reuses an unchanged file's resolutions, failed ones too, unless its own root files
    // change: a source created in a workspace package (listed by another project) would never be
    // found by the importers that wait for it. Those files resolve again in every new program.
    host.hasInvalidatedResolutions = (filePath) => this.waitingForWorkspace.has(filePath);
  }

  /**
   * Parse and bind `fileNames` as a program with `options` will ask for them, a slice at a time,
   * yielding to the event loop between slices: a program built next finds them here and only
   * resolves modules and reads what they import. So the graph worker, preparing programs after a
   * start from the cache, still answers queries between slices (one `createProgram` would hold its
   * thread for all of it: 10 s for 2,000 files on a loaded machine). `checkCancelled` throws to stop between
   * slices. A no-op with a compiler that lacks the internals
   * used (a parse under other settings would only be a cache miss, never a wrong parse).
   */
  async warm(fileNames: readonly string[], options: TS.CompilerOptions, checkCancelled: () => void, sliceMs = 20): Promise<void> {
    const ts = parsingInternals(this.ts);
    if (!ts.getEmitScriptTarget || !ts.getSetExternalModuleIndicator || !ts.getImpliedNodeFormatForFile) return;
    const host = this.hostFor(options);
    const packageJsons = host.getModuleResolutionCache?.()?.getPackageJsonInfoCache();
    const languageVersion = ts.getEmitScriptTarget(options);
    const setExternalModuleIndicator = ts.getSetExternalModuleIndicator(options);
    const jsDocParsingMode = jsDocParsingModeOf(host);
    let sliceStart = Date.now();
    // The standard library too (lib.dom.d.ts alone is a slice's worth many times over): the default
    // or listed lib files, then the libs they reference, as the program will read them.
    const libs = options.noLib ? [] : (options.lib ?? [ts.getDefaultLibFileName(options)]).map((f) => path.join(libDirectory(ts, host, options), path.basename(f)));
    const queue = [...fileNames, ...libs];
    const queued = new Set(queue);
    for (let i = 0; i < queue.length; i++) {
      const fileName = queue[i];
      if (Date.now() - sliceStart >= sliceMs) {
        await new Promise((resolve) => setImmediate(resolve));
        checkCancelled();
        sliceStart = Date.now();
      }
      // The settings createProgram passes (its getCreateSourceFileOptions), so the parse is the one it would make.
      const impliedNodeFormat = ts.getImpliedNodeFormatForFile(fileName as TS.Path, packageJsons, host, options);
      const sf = host.getSourceFile(fileName, { languageVersion, impliedNodeFormat, setExternalModuleIndicator, jsDocParsingMode });
      // The checker binds every file it has not bound yet, with the program's options: done here, in slices.
      if (sf && ts.bindSourceFile && !isBound(sf)) ts.bindSourceFile(sf, options);
      if (i < fileNames.length || !sf) continue;
      for (const ref of sf.libReferenceDirectives) {
        const lib = path.join(path.dirname(fileName), libFileName(ts, ref.fileName));
        if (queued.has(lib)) continue;
        queued.add(lib);
        queue.push(lib);
      }
    }
  }

  /** Why the parser could not handle `fileName` (absolute, as the program names it), and its real text. */
  parseFailure(fileName: string): { reason: string; text: string } | undefined {
    return this.parseFailures.get(fileName);
  }

  /** The stamp (`fileStamp`) `fileName` had when the parse the programs hold was read; undefined if none is held. */
  stampOf(fileName: string): string | undefined {
    return this.stamps.get(fileName);
  }

  /** Forget a file's parse (it changed or was deleted on disk). */
  invalidate(fileName: string): void {
    this.parseFailures.delete(fileName);
    this.dropParses(fileName);
    this.stamps.delete(fileName);
  }

  private dropParses(fileName: string): void {
    const parses = this.cache.get(fileName);
    if (!parses) return;
    if (!this.isLibrary(fileName)) for (const sf of parses.values()) this.bytes -= parseCostBytes(sf.text.length);
    this.cache.delete(fileName);
  }

  private isLibrary(fileName: string): boolean {
    return this.libraryDirs.has(path.dirname(fileName));
  }

  /**
   * Drops the least recently used parses beyond the bound (never `keep`, the one just made). Their
   * stamps stay: a program still holding a dropped parse holds the text read then, and the cache
   * records its libraries by that stamp; the next program parses the file again.
   */
  private trim(keep: string): void {
    if (this.bytes <= this.maxBytes) return;
    for (const fileName of this.cache.keys()) {
      if (this.bytes <= this.maxBytes) break;
      if (fileName !== keep && !this.isLibrary(fileName)) this.dropParses(fileName);
    }
  }

  /**
   * Forget the parses of files that changed on disk since they were read, reported or not; returns
   * them. One stat per parsed file (libraries included), so for rebuilds, not for every save. All
   * that was read of package.json files is forgotten too (they are not stamped: a rebuild re-reads them).
   */
  dropChangedOnDisk(): string[] {
    this.packageJsons = undefined;
    this.manifests.clear();
    const dropped: string[] = [];
    for (const [fileName, stamp] of this.stamps) {
      if (fileStamp(fileName) === stamp) continue;
      this.invalidate(fileName);
      dropped.push(fileName);
    }
    return dropped;
  }
}

/**
 * The options a program writes into a SourceFile that is not a declaration file (TypeScript's own
 * list is `sourceFileAffectingCompilerOptions`, internal; these are its members and what feeds
 * them: `strict` sets `alwaysStrict`, `isolatedModules`/`verbatimModuleSyntax` which files get
 * synthesized imports).
 */
const SOURCE_FILE_OPTIONS = [
  'target',
  'module',
  'moduleResolution',
  'moduleDetection',
  'jsx',
  'jsxImportSource',
  'importHelpers',
  'alwaysStrict',
  'strict',
  'isolatedModules',
  'verbatimModuleSyntax',
  'allowUnusedLabels',
  'allowUnreachableCode',
  'noFallthroughCasesInSwitch',
] as const;

/** Above every `settingsKey` (at most ~1,000,000): a variant's keys never meet another's. */
const VARIANT_STRIDE = 2_000_000;

function isDeclarationFile(fileName: string): boolean {
  return /\.d\.([^./\\]+\.)?[cm]?ts$/i.test(fileName);
}

/** Where the compiler host finds lib.*.d.ts (a loaded workspace TypeScript has its own). */
function libDirectory(ts: typeof TS, host: TS.CompilerHost, options: TS.CompilerOptions): string {
  return host.getDefaultLibLocation?.() ?? path.dirname(ts.getDefaultLibFilePath(options));
}

/** `/// <reference lib="dom.iterable" />` → `lib.dom.iterable.d.ts` (TypeScript's own table when it has one). */
function libFileName(ts: typeof TS, name: string): string {
  const key = name.toLowerCase();
  return libMap(ts)?.get(key) ?? `lib.${key}.d.ts`;
}

function isManifest(fileName: string): boolean {
  return path.basename(fileName) === 'package.json';
}

/** The parse settings as one number (each is a small enum: target ≤ 100, module format ≤ 99, JSDoc mode ≤ 3). */
function settingsKey(v: TS.ScriptTarget | TS.CreateSourceFileOptions): number {
  if (typeof v === 'number') return -1 - v;
  return v.languageVersion * 10_000 + (v.impliedNodeFormat ?? 0) * 10 + (v.jsDocParsingMode ?? 9);
}

/**
 * `settingsKey` for a declaration file, with every target from ES2015 up as one. The parser reads
 * the target for two things only: which Unicode letters an identifier may hold (one table below
 * ES2015, one from it: so ES3/ES5 keep their own parse), and which regular-expression flags and
 * groups it reports as unavailable, errors a declaration file cannot have (no expression there
 * holds a literal; an ambient initializer is itself the error). The binder's one target test is
 * ES5-only too. So a `lib.dom.d.ts`, `@types/react` or `csstype` is parsed once for an ES2020, an
 * ES2022 and an ESNext project, not once each: 60 projects of TanStack/form (examples with targets
 * ES2020, ES2022 and ESNext) parsed 1,388 declaration files 2 to 4 times, 37 M characters of it.
 */
function declarationSettingsKey(v: TS.ScriptTarget | TS.CreateSourceFileOptions): number {
  if (typeof v === 'number') return settingsKey(Math.min(v, ES2015));
  // settingsKey's sum with the target capped (no object made: this runs for every file of every rebuild).
  return settingsKey(v) - (v.languageVersion - Math.min(v.languageVersion, ES2015)) * 10_000;
}

/** TS.ScriptTarget.ES2015 (the enum is read from the TypeScript module loaded, and this runs without one). */
const ES2015 = 2;
