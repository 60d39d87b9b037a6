import * as fs from 'fs';
import type * as TS from 'typescript';
import { ProjectConfig, normalize } from './discoverProjects';
import { memoizedHost } from './memoizedHost';
import { optionDeclarations } from '../../compiler/tsInternals';
import { WorkspacePackages, isPackageSpecifier, resolveWithWorkspace } from './workspacePackages';
import { packageName } from '../../packageSpecifiers';
import { inIgnoredDir } from '../workspaceFiles';

/**
 * Our module resolution (a monorepo package's outputs, built or not, stand for its sources:
 * `resolveWithWorkspace`) for a compiler that takes none of ours: TypeScript 7, whose resolution runs
 * in its own process (its API offers file system callbacks, one round trip per lookup, and no
 * resolution hook). What ours answers for each import of a workspace package by name becomes an exact
 * `paths` entry of the config it reads (`ProjectConfig.sourcePaths`, written by nativeConfig): the same
 * source for the same import, so both compilers give the same graph.
 *
 * Which imports: every specifier naming a package of the workspace that the workspace's own files
 * import (a bare specifier means the same anywhere in a project: resolved once per project, from its
 * folder, or else from a file of another project importing it: a package's sources the program reads),
 * and every package's name and `exports` subpaths, so that an edit importing one more of them changes
 * nothing. Not: a specifier the config's own `paths` match (TypeScript's answer stands, as in
 * resolveWithWorkspace), one only a library's declaration file imports, nor one our resolution leaves
 * as TypeScript's (not a workspace source).
 */
export function assignSourcePaths(ts: typeof TS, root: string, configs: readonly ProjectConfig[], workspace: WorkspacePackages | undefined): WorkspaceSpecifiers {
  const specifiers = workspace?.isMonorepo ? workspaceSpecifiers(root, configs, workspace) : new Map<string, string[]>();
  const found = sourcePathsFor(ts, configs, workspace, specifiers);
  configs.forEach((c, i) => {
    if (found[i]) c.sourcePaths = found[i];
    else delete c.sourcePaths;
  });
  return specifiers;
}

/** Each config's `sourcePaths` for `specifiers` (assignSourcePaths), in order: an update compares them with the configs' own. */
export function sourcePathsFor(ts: typeof TS, configs: readonly ProjectConfig[], workspace: WorkspacePackages | undefined, specifiers: WorkspaceSpecifiers): (Record<string, string> | undefined)[] {
  if (!workspace?.isMonorepo || specifiers.size === 0) return configs.map(() => undefined);
  // The disk does not change meanwhile: each lookup once for every project (they share the packages' files).
  const disk = memoizedHost(ts.sys);
  const caches = new ResolutionCaches(ts);
  return configs.map((c) => sourcePathsOf(ts, c, workspace, specifiers, disk, caches.for(c.options)));
}

/**
 * The specifiers whose `sourcePaths` entries an update may change, of those known (`added`, the new
 * ones, among them): the new ones; those naming a package that holds a created file (it may be the
 * source one resolves to now, or the first of its candidates); those resolving to a deleted file in
 * some config. A deleted file that no entry names changes none: a resolution takes the first of its
 * candidates that exists, and that one is still there. A created file in no package changes none. On
 * tRPC every created or deleted file resolved all 49 projects' specifiers again (about 0.5 s a save).
 */
export function affectedSpecifiers(
  known: WorkspaceSpecifiers,
  added: readonly string[],
  created: readonly string[],
  deleted: readonly string[],
  configs: readonly ProjectConfig[],
  workspace: WorkspacePackages,
): WorkspaceSpecifiers {
  const affected = new Set(added);
  const packages = new Set(created.flatMap((f) => workspace.packagesContaining(f).map((p) => p.name)).filter((n) => n !== ''));
  if (packages.size) for (const s of known.keys()) if (packages.has(packageName(s))) affected.add(s);
  if (deleted.length) {
    const gone = new Set(deleted);
    for (const c of configs) for (const [s, source] of Object.entries(c.sourcePaths ?? {})) if (gone.has(source)) affected.add(s);
  }
  return new Map([...known].filter(([s]) => affected.has(s)));
}

/** Specifier → a few files importing it (one per package or folder): what sourcePaths resolves from besides each project's folder. */
export type WorkspaceSpecifiers = Map<string, string[]>;

/** The specifiers of workspace packages in `files`' texts, each with the first file importing it (an update's changed files: one new there needs its entry). */
export function workspaceImportsIn(files: readonly string[], workspace: WorkspacePackages | undefined): Map<string, string> {
  const found = new Map<string, string>();
  if (!workspace?.isMonorepo) return found;
  for (const file of files) {
    const text = readText(file);
    if (text === undefined) continue;
    for (const m of text.matchAll(SPECIFIER)) if (isPackageSpecifier(m[2]) && workspace.named(packageName(m[2])) && !found.has(m[2])) found.set(m[2], file);
  }
  return found;
}

/** Whether `file` (a real path) is a source (no declaration file, no JSON) of a package of the workspace. */
export function isWorkspaceSource(workspace: WorkspacePackages, file: string): boolean {
  return SOURCE.test(file) && !/\.d\.[mc]?ts$/.test(file) && workspace.packageContaining(file) !== undefined;
}

/** Whether a `paths` key (`@acme/*`, `~/x`) matches `specifier`, as TypeScript matches them. */
export function matchesPathsKey(pattern: string, specifier: string): boolean {
  const star = pattern.indexOf('*');
  if (star < 0) return pattern === specifier;
  return specifier.length >= pattern.length - 1 && specifier.startsWith(pattern.slice(0, star)) && specifier.endsWith(pattern.slice(star + 1));
}

const SOURCE = /\.(?:[mc]?[jt]s|[jt]sx)$/;

/** An import's specifier in a file's text (nativeGraphRisk's: a string or a comment that looks like one costs a resolution, nothing else). */
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|\bimport\s+)(['"])([^'"\n\r]+)\1/g;

function readText(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * The specifiers of workspace packages that the projects' own files import, each with one importing
 * file per package (or folder) that imports it; and every package's name and the subpaths its
 * `exports` lists (not patterns). Sorted.
 */
function workspaceSpecifiers(root: string, configs: readonly ProjectConfig[], workspace: WorkspacePackages): WorkspaceSpecifiers {
  const own = (file: string) => file.startsWith(`${root}/`) && !/\.d\.[mc]?ts$|\.json$/.test(file) && !inIgnoredDir(file.slice(root.length + 1));
  const files = [...new Set(configs.flatMap((c) => c.fileNames.filter(own)))].sort();
  const found = new Map<string, Map<string, string>>();
  const importersOf = (specifier: string) => found.get(specifier) ?? found.set(specifier, new Map()).get(specifier)!;
  for (const p of workspace.allPackages()) {
    if (!p.name) continue;
    importersOf(p.name);
    const exports = p.manifest.exports;
    if (typeof exports !== 'object' || exports === null || Array.isArray(exports)) continue;
    for (const key of Object.keys(exports)) if (key.startsWith('./') && !key.includes('*')) importersOf(p.name + key.slice(1));
  }
  for (const file of files) {
    const text = readText(file);
    if (text === undefined) continue;
    for (const m of text.matchAll(SPECIFIER)) {
      const specifier = m[2];
      if (!isPackageSpecifier(specifier) || !workspace.named(packageName(specifier))) continue;
      const where = workspace.packageContaining(file)?.dir ?? file.slice(0, file.lastIndexOf('/'));
      const importers = importersOf(specifier);
      if (!importers.has(where)) importers.set(where, file);
    }
  }
  return new Map([...found].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).map(([s, importers]) => [s, [...importers.values()]]));
}

/**
 * What our resolution answers for each specifier in `config`'s programs: from the project's folder, or
 * else (a package's sources the program reads, importing what the project does not depend on) from
 * a file of another project that imports it.
 */
function sourcePathsOf(
  ts: typeof TS,
  config: ProjectConfig,
  workspace: WorkspacePackages,
  specifiers: WorkspaceSpecifiers,
  disk: TS.ModuleResolutionHost,
  cache: TS.ModuleResolutionCache,
): Record<string, string> | undefined {
  const options = config.options;
  const dir = normalize(config.configPath ? config.configPath.slice(0, config.configPath.lastIndexOf('/')) : (config.fileNames[0] ?? '/').replace(/\/[^/]*$/, ''));
  const patterns = Object.keys(options.paths ?? {});
  const ownFiles = new Set(config.fileNames);
  const modes = importModes(ts, options, `${dir}/index.ts`);
  const out: Record<string, string> = {};
  for (const [specifier, importers] of specifiers) {
    if (patterns.some((p) => matchesPathsKey(p, specifier))) continue;
    const from = [`${dir}/index.ts`, ...importers.filter((f) => !ownFiles.has(f))];
    const source = firstSource(ts, workspace, specifier, from, options, modes, disk, cache);
    if (source) out[specifier] = source;
  }
  return Object.keys(out).length ? out : undefined;
}

/**
 * The resolution modes an import in the config's files is resolved in (6's `getModeForUsageLocation`):
 * none where the import's syntax does not matter (node10), else that of an `import` in a `.ts` file
 * first, then the other (a `require`, or a file of the other format), whose conditions may lead elsewhere.
 */
function importModes(ts: typeof TS, options: TS.CompilerOptions, file: string): TS.ResolutionMode[] {
  const sf = ts.createSourceFile(file, "import 'x';", ts.ScriptTarget.Latest, true);
  const mode = ts.getModeForUsageLocation(sf, (sf.statements[0] as TS.ImportDeclaration).moduleSpecifier as TS.StringLiteral, options);
  if (mode === undefined) return [undefined];
  return mode === ts.ModuleKind.ESNext ? [mode, ts.ModuleKind.CommonJS] : [mode, ts.ModuleKind.ESNext];
}

function firstSource(
  ts: typeof TS,
  workspace: WorkspacePackages,
  specifier: string,
  from: readonly string[],
  options: TS.CompilerOptions,
  modes: readonly TS.ResolutionMode[],
  disk: TS.ModuleResolutionHost,
  cache: TS.ModuleResolutionCache,
): string | undefined {
  for (const containing of from) {
    for (const mode of modes) {
      const r = resolveWithWorkspace(ts, workspace, specifier, containing, options, disk, cache, undefined, mode).resolvedModule;
      const file = r && normalize(r.resolvedFileName);
      if (file && isWorkspaceSource(workspace, file)) return file;
    }
  }
  return undefined;
}

/**
 * One resolution cache per set of options that resolution reads (TypeScript's `affectsModuleResolution`
 * options), so projects alike share their lookups (tRPC's 49 projects resolve the same ~100 specifiers
 * from neighbouring folders). Not `paths`: an import a config's paths match is not resolved (sourcePathsOf),
 * and one they do not match resolves as without them.
 */
class ResolutionCaches {
  private readonly caches = new Map<string, TS.ModuleResolutionCache>();
  private readonly names: readonly string[];

  constructor(private readonly ts: typeof TS) {
    const table = (optionDeclarations(ts) ?? []) as ReadonlyArray<{ name: string; affectsModuleResolution?: boolean }>;
    this.names = table.filter((d) => d.affectsModuleResolution && d.name !== 'paths').map((d) => d.name);
  }

  for(options: TS.CompilerOptions): TS.ModuleResolutionCache {
    // Without the table (an older compiler), every option counts.
    const key = this.names.length ? JSON.stringify(this.names.map((n) => options[n] ?? null)) : JSON.stringify(options);
    let cache = this.caches.get(key);
    if (!cache) this.caches.set(key, (cache = this.ts.createModuleResolutionCache('/', (f) => f, options)));
    return cache;
  }
}
