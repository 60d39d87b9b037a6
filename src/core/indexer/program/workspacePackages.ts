import * as fs from 'fs';
import * as path from 'path';
import type * as TS from 'typescript';
import { ProjectConfig, normalize, parseConfig } from './discoverProjects';
import { readJson } from './readJson';
import { sourceCondition } from './sourceCondition';
import { inIgnoredDir } from '../workspaceFiles';
import { packageName } from '../../packageSpecifiers';
import { workspaceDirs } from './workspaceGlobs';

/**
 * The packages of a monorepo, and how an import of one by name reaches its sources.
 *
 * `import { createId } from '@acme/core'` resolves through the workspace symlink in node_modules to
 * the package's declared types, `packages/core/dist/index.d.ts`. Unbuilt, that file does not exist
 * and every call into the package was lost; built, the calls ended at the emitted declarations, not
 * at the code. Project references fix both in the editor (and here, since adcb24b); without them the
 * editor loses the calls too. Here a workspace package's outputs stand for its sources, built or not:
 *
 * - Which packages: those the root's package.json `workspaces` (an array or `{ packages }`) or
 *   pnpm-workspace.yaml `packages:` list, every package reached through a node_modules symlink whose
 *   real path is inside the workspace root (and outside every node_modules), and the root's own.
 * - Resolution runs through an overlay of the file system (`resolutionHost`): a declaration file in a
 *   package's `outDir`/`declarationDir` (from its tsconfig files) exists when the source it would be
 *   emitted from exists, and a package listed by the workspace but not installed is where npm would
 *   link it (`<root>/node_modules/<name>`). TypeScript's own resolution then applies the config's
 *   `moduleResolution`, `types`, `exports` and `typesVersions` as usual; its answer, when it is such
 *   an output, is mapped back to the source (`sourceFor`).
 * - A package without that layout (bundled by another tool) may name its sources by a `source` or
 *   `development` export condition (or a top-level `source` field): used when TypeScript's answer is
 *   nothing or a declaration file of the package.
 * - Else a bundler's convention (tsup, tsdown, unbuild: `bundledSource`): a declaration file in the
 *   package's `dist/` stands for the source of the same path and stem under `src/`, when it exists
 *   (`dist/adapters/next.d.mts` → `src/adapters/next.ts`), and exists in the overlay as the tsconfig
 *   outputs do. Also in a tsconfig's output directory, a `.d.mts`/`.d.cts` that no `.mts`/`.cts`
 *   would be emitted to is a bundler's, from the `.ts` of its stem (tRPC's tsdown).
 *
 * Built or not gives the same graph on purpose: build output (dist/) is neither watched nor part of
 * the cache's fingerprint, so a graph that changed with it would differ from a full index.
 */
export class WorkspacePackages {
  /** Real package directory → the package. */
  private readonly packages = new Map<string, WorkspacePackage>();
  /** Name → package, for the packages of this workspace. */
  private readonly byName = new Map<string, WorkspacePackage>();
  /** A path under node_modules (a symlink, or a virtual one for a listed package not installed) → the package's real directory. */
  private readonly aliases = new Map<string, string>();
  /** Directories that exist only in the overlay: `<root>/node_modules[/@scope][/name]` for listed packages not installed. */
  private readonly virtualDirs = new Set<string>();
  private readonly listed = new Set<string>();
  /** One overlay per host (`resolutionHost`): a program resolves thousands of imports through it. */
  private readonly overlays = new WeakMap<TS.ModuleResolutionHost, TS.ModuleResolutionHost>();

  private constructor(
    private readonly ts: typeof TS,
    readonly root: string,
    private readonly configs: readonly ProjectConfig[],
  ) {}

  /** Finds the workspace's packages (see the class comment); `projects` are the workspace's parsed configs. */
  static discover(ts: typeof TS, root: string, projects: readonly ProjectConfig[]): WorkspacePackages {
    const w = new WorkspacePackages(ts, normalize(root), projects);
    w.add(w.root);
    for (const dir of workspaceDirs(w.root)) {
      const p = w.add(dir);
      if (p) w.listed.add(p.dir);
    }
    const scanned = new Set([w.root, ...w.listed, ...projects.flatMap((p) => (p.configPath ? [path.posix.dirname(p.configPath)] : []))]);
    for (const dir of scanned) w.scanNodeModules(`${dir}/node_modules`);
    for (const dir of w.listed) {
      const p = w.packages.get(dir)!;
      const link = `${w.root}/node_modules/${p.name}`;
      if (!p.name || fs.existsSync(link)) continue;
      w.aliases.set(link, p.dir);
      for (let d = link; d.length > w.root.length; d = path.posix.dirname(d)) w.virtualDirs.add(d);
    }
    return w;
  }

  /** The package of this workspace named `name`, if any. */
  named(name: string): WorkspacePackage | undefined {
    return this.byName.get(name);
  }

  /** Every package of the workspace: the root's own, those it lists, those linked into its node_modules. */
  allPackages(): WorkspacePackage[] {
    return [...this.packages.values()];
  }

  /** Whether the workspace has packages besides the root's own (a monorepo). */
  get isMonorepo(): boolean {
    return this.packages.size > 1;
  }

  /** Whether `dir` is a package of this workspace: the root's own, one it lists, or one linked into its node_modules. */
  isPackage(dir: string): boolean {
    return this.packages.has(dir);
  }

  /** Whether the workspace root lists a package at `dir` (package.json workspaces, pnpm-workspace.yaml). */
  isListed(dir: string): boolean {
    return this.listed.has(dir);
  }

  /** The workspace package whose directory holds `file` (a real path), if any. */
  packageContaining(file: string): WorkspacePackage | undefined {
    return this.packagesAbove(file, true)[0];
  }

  /** Every workspace package whose directory holds `file` (a real path), the deepest first (the root's own last). */
  packagesContaining(file: string): WorkspacePackage[] {
    return this.packagesAbove(file, false);
  }

  /** The packages whose directories hold `file`, from the deepest up; with `first`, that one only. */
  private packagesAbove(file: string, first: boolean): WorkspacePackage[] {
    const found: WorkspacePackage[] = [];
    if (!file.startsWith(this.root + '/') || file.includes('/node_modules/')) return found;
    for (let dir = path.posix.dirname(file); dir.length >= this.root.length; dir = path.posix.dirname(dir)) {
      const p = this.packages.get(dir);
      if (p) {
        found.push(p);
        if (first) break;
      }
      if (dir === this.root) break;
    }
    return found;
  }

  /**
   * The host TypeScript resolves modules with: `host`, plus the packages listed but not installed
   * where npm would link them, plus the declaration files a package's sources would be built to.
   * Calls `host` at call time: a program with project references replaces its methods.
   */
  resolutionHost(host: TS.ModuleResolutionHost): TS.ModuleResolutionHost {
    let overlay = this.overlays.get(host);
    if (!overlay) this.overlays.set(host, (overlay = this.makeResolutionHost(host)));
    return overlay;
  }

  private makeResolutionHost(host: TS.ModuleResolutionHost): TS.ModuleResolutionHost {
    const viaAlias = (p: string) => {
      const t = this.translate(p);
      return t === p ? undefined : t;
    };
    return {
      fileExists: (f) => {
        if (host.fileExists(f)) return true;
        const t = viaAlias(f) ?? f;
        return (t !== f && host.fileExists(t)) || this.isUnbuiltOutput(t, host);
      },
      directoryExists: (d) => {
        if (host.directoryExists?.(d) ?? true) return true;
        if (this.virtualDirs.has(d)) return true;
        const t = viaAlias(d) ?? d;
        return (t !== d && !!host.directoryExists?.(t)) || this.isUnbuiltOutputDir(t, host);
      },
      readFile: (f) => {
        const text = host.readFile(f);
        const t = text === undefined ? viaAlias(f) : undefined;
        return t === undefined ? text : host.readFile(t);
      },
      realpath: (f) => {
        const real = host.realpath ? host.realpath(f) : f;
        // A symlink's target file that does not exist (yet) comes back as given: follow the link ourselves.
        return real === f ? this.translate(f) : real;
      },
      getCurrentDirectory: host.getCurrentDirectory && (() => host.getCurrentDirectory!()),
      getDirectories: host.getDirectories && ((d) => host.getDirectories!(d)),
      useCaseSensitiveFileNames: host.useCaseSensitiveFileNames,
      trace: host.trace && ((s) => host.trace!(s)),
    };
  }

  /**
   * The source a workspace package's output `file` (real path) is built from, if it exists: `dist/x.d.ts`
   * → `src/x.ts` by a tsconfig of the package (`outDir`/`declarationDir` and `rootDir`), or (unless
   * `bundlers` is false) by a bundler's convention (`bundledSource`).
   */
  sourceFor(file: string, fileExists: (f: string) => boolean, bundlers = true): string | undefined {
    const p = this.packageContaining(file);
    if (!p) return undefined;
    for (const layout of this.layoutsOf(p)) {
      for (const out of layout.outDirs) {
        if (!file.startsWith(out + '/')) continue;
        const rel = file.slice(out.length + 1);
        const m = /^(.*?)(\.d)?\.([mc]?)(ts|js)$/.exec(rel);
        if (!m || (m[4] === 'ts' && !m[2])) continue;
        const stem = `${layout.rootDir}/${m[1]}`;
        const exts = m[3] ? [`.${m[3]}ts`, ...(layout.allowJs ? [`.${m[3]}js`] : [])] : ['.ts', '.tsx', ...(layout.allowJs ? ['.js', '.jsx'] : [])];
        for (const ext of exts) if (fileExists(stem + ext)) return stem + ext;
        // tsc writes a `.d.mts` from a `.mts` only: one beside a `.ts` of its name is a bundler's (tRPC's
        // tsdown, whose dts tsconfig declares this declarationDir, writes `.d.mts` and `.d.cts` from `.ts`).
        if (m[2] && m[3]) for (const ext of ['.ts', '.tsx']) if (fileExists(stem + ext)) return stem + ext;
      }
    }
    return bundlers ? this.bundledSource(p, file, fileExists) : undefined;
  }

  /**
   * The source a bundler (tsup, tsdown, unbuild) builds the declaration file `file` of package `p`
   * from, by their shared convention: entries under `src/` are written to `dist/` under the same
   * path and stem, `.d.ts`, `.d.mts` or `.d.cts` (`src/adapters/next.ts` → `dist/adapters/next.d.mts`).
   * Only a declaration file, only in the package's `dist/`, only when no tsconfig of the package emits
   * there, and only to a source that exists with that very stem (`.mts` for a `.d.mts` first): no
   * other file is guessed (TanStack's vite-built `dist/esm/index.d.ts` has no `src/esm/index.ts`).
   */
  private bundledSource(p: WorkspacePackage, file: string, fileExists: (f: string) => boolean): string | undefined {
    const out = `${p.dir}/dist`;
    if (!file.startsWith(out + '/') || this.layoutsOf(p).some((l) => l.outDirs.includes(out))) return undefined;
    const m = /^(.*)\.d\.([mc]?)ts$/.exec(file.slice(out.length + 1));
    if (!m) return undefined;
    const stem = `${p.dir}/src/${m[1]}`;
    for (const ext of [...(m[2] ? [`.${m[2]}ts`] : []), '.ts', '.tsx']) if (fileExists(stem + ext)) return stem + ext;
    return undefined;
  }

  /**
   * The source a package's `source`/`development` export condition (or top-level `source` field)
   * names for `specifier`, if that is a source file of the package that exists.
   */
  conditionSource(specifier: string, allowJs: boolean, fileExists: (f: string) => boolean): string | undefined {
    const p = this.byName.get(packageName(specifier));
    if (!p) return undefined;
    const subpath = '.' + specifier.slice(p.name.length);
    const target = sourceCondition(p.manifest, subpath);
    if (!target) return undefined;
    const file = normalize(path.join(p.dir, target));
    const rel = path.posix.relative(p.dir, file);
    if (rel.startsWith('..') || inIgnoredDir(rel)) return undefined;
    if (/\.d\.[mc]?ts$/.test(file) || !(allowJs ? /\.[mc]?[jt]sx?$/ : /\.([mc]ts|tsx?)$/).test(file)) return undefined;
    return fileExists(file) ? file : undefined;
  }

  /** Where `file` really is, through the node_modules symlinks (real or virtual) of workspace packages. */
  translate(file: string): string {
    if (!file.includes('/node_modules/')) return file;
    for (let dir = file; dir.includes('/node_modules/'); dir = path.posix.dirname(dir)) {
      const real = this.aliases.get(dir);
      if (real !== undefined) return real + file.slice(dir.length);
    }
    return file;
  }

  /** How the package's sources are built: one entry per tsconfig in its directory that emits elsewhere. */
  layoutsOf(p: WorkspacePackage): OutputLayout[] {
    if (p.layouts) return p.layouts;
    const configs = this.configs.filter((c) => c.configPath && path.posix.dirname(c.configPath) === p.dir);
    let names: string[] = [];
    try {
      names = fs.readdirSync(p.dir).filter((n) => /^tsconfig.*\.json$/.test(n));
    } catch {
      // not readable: no layouts
    }
    for (const n of names.sort()) {
      const file = `${p.dir}/${n}`;
      if (!configs.some((c) => c.configPath === file)) configs.push(parseConfig(this.ts, file));
    }
    const layouts: OutputLayout[] = [];
    for (const c of configs) {
      const o = c.options;
      const rootDir = o.rootDir ? normalize(o.rootDir) : o.composite ? p.dir : commonSourceDir(c.fileNames);
      if (!rootDir) continue;
      const outDirs = [o.declarationDir, o.outDir].filter((d): d is string => !!d).map(normalize).filter((d) => d !== rootDir);
      if (outDirs.length) layouts.push({ outDirs: [...new Set(outDirs)], rootDir, allowJs: !!o.allowJs });
    }
    return (p.layouts = layouts);
  }

  /** A declaration file that a package's build would write and that stands for a source that exists. */
  private isUnbuiltOutput(file: string, host: TS.ModuleResolutionHost): boolean {
    if (!/\.d\.[mc]?ts$/.test(file)) return false;
    return this.sourceFor(file, (f) => host.fileExists(f)) !== undefined;
  }

  /** A directory inside a package's output directory (its tsconfig's, or a bundler's `dist/`) whose counterpart among its sources exists. */
  private isUnbuiltOutputDir(dir: string, host: TS.ModuleResolutionHost): boolean {
    const p = this.packageContaining(dir + '/x');
    if (!p) return false;
    const layouts = this.layoutsOf(p);
    const bundled = `${p.dir}/dist`;
    const bundler = !layouts.some((l) => l.outDirs.includes(bundled)) && (host.directoryExists?.(`${p.dir}/src`) ?? false);
    const all = bundler ? [...layouts, { outDirs: [bundled], rootDir: `${p.dir}/src`, allowJs: false }] : layouts;
    for (const layout of all) {
      for (const out of layout.outDirs) {
        if (dir === out) return true;
        if (dir.startsWith(out + '/') && (host.directoryExists?.(layout.rootDir + dir.slice(out.length)) ?? false)) return true;
      }
    }
    return false;
  }

  private add(dir: string): WorkspacePackage | undefined {
    const known = this.packages.get(dir);
    if (known) return known;
    const manifest = readJson(`${dir}/package.json`);
    if (!manifest) return undefined;
    const name = typeof manifest.name === 'string' ? manifest.name : '';
    const p: WorkspacePackage = { dir, name, manifest };
    this.packages.set(dir, p);
    if (name && !this.byName.has(name)) this.byName.set(name, p);
    return p;
  }

  /** Records the symlinks of `nodeModules` (and of its scopes) that lead to a package inside the root. */
  private scanNodeModules(nodeModules: string): void {
    const scan = (dir: string, depth: number) => {
      let entries: fs.Dirent[];
      try {
        entries = fs.readdirSync(dir, { withFileTypes: true });
      } catch {
        return;
      }
      for (const e of entries) {
        const full = `${dir}/${e.name}`;
        if (depth === 0 && e.name.startsWith('@') && e.isDirectory()) scan(full, 1);
        if (!e.isSymbolicLink()) continue;
        let real: string;
        try {
          real = normalize(fs.realpathSync(full));
        } catch {
          continue;
        }
        if (!real.startsWith(this.root + '/') || real.includes('/node_modules/')) continue;
        if (this.add(real)) this.aliases.set(full, real);
      }
    };
    scan(nodeModules, 0);
  }
}

export interface WorkspacePackage {
  /** Real directory (posix). */
  dir: string;
  /** From its package.json ('' without one). */
  name: string;
  manifest: Record<string, unknown>;
  layouts?: OutputLayout[];
}

/** Where one tsconfig of a package emits (`outDirs`: declarationDir and outDir) and from where (`rootDir`). */
export interface OutputLayout {
  outDirs: string[];
  rootDir: string;
  allowJs: boolean;
}

/**
 * Module resolution for one import, reaching a workspace package's sources (see WorkspacePackages).
 * For an import by name: TypeScript's answer through the overlay, mapped from an output to its source
 * by the package's tsconfig; else, when that is nothing or a declaration file of a workspace package,
 * the package's `source`/`development` condition, else a bundler's convention (`dist/x.d.mts` →
 * `src/x.ts`). Relative imports get TypeScript's answer as it is.
 */
export function resolveWithWorkspace(
  ts: typeof TS,
  workspace: WorkspacePackages | undefined,
  specifier: string,
  containingFile: string,
  options: TS.CompilerOptions,
  host: TS.ModuleResolutionHost,
  cache?: TS.ModuleResolutionCache,
  redirectedReference?: TS.ResolvedProjectReference,
  mode?: TS.ResolutionMode,
): TS.ResolvedModuleWithFailedLookupLocations {
  // Relative imports and paths keep TypeScript's answer: only an import by name goes through the overlay.
  if (!workspace || !isPackageSpecifier(specifier)) return ts.resolveModuleName(specifier, containingFile, options, host, cache, redirectedReference, mode);
  const overlay = workspace.resolutionHost(host);
  const r = ts.resolveModuleName(specifier, containingFile, options, overlay, cache, redirectedReference, mode);
  const exists = (f: string) => host.fileExists(f);
  const resolved = r.resolvedModule && workspace.translate(normalize(r.resolvedModule.resolvedFileName));
  if (resolved) {
    const source = workspace.sourceFor(resolved, exists, false);
    if (source) return asSource(ts, r, source);
    if (!/\.d\.[mc]?ts$/.test(resolved) || !workspace.packageContaining(resolved)) return r;
  }
  // The package's own word (a `source` condition) before a bundler's convention.
  const named = workspace.named(packageName(specifier)) ? workspace.conditionSource(specifier, !!options.allowJs, exists) : undefined;
  const source = named ?? (resolved ? workspace.sourceFor(resolved, exists) : undefined);
  return source ? asSource(ts, r, source) : r;
}

function asSource(ts: typeof TS, r: TS.ResolvedModuleWithFailedLookupLocations, source: string): TS.ResolvedModuleWithFailedLookupLocations {
  const ext = /\.d\.[mc]?ts$/.test(source) ? ts.Extension.Dts : (path.extname(source) as TS.Extension);
  return { ...r, resolvedModule: { resolvedFileName: source, extension: ext, isExternalLibraryImport: false, resolvedUsingTsExtension: false } };
}

/** A package's import (`react`, `@scope/pkg/sub`), not a path, a URL or a `node:` built-in. */
export function isPackageSpecifier(text: string): boolean {
  return /^[@a-z0-9]/i.test(text) && !/^[a-z]+:/i.test(text);
}



/** The deepest directory holding every source (not declaration, not JSON) file: TypeScript's default rootDir. */
function commonSourceDir(fileNames: readonly string[]): string | undefined {
  const sources = fileNames.filter((f) => !/\.d\.[mc]?ts$/.test(f) && !f.endsWith('.json'));
  if (sources.length === 0) return undefined;
  let common = path.posix.dirname(sources[0]);
  for (const f of sources) while (!(f.startsWith(common + '/') || common === '/')) common = path.posix.dirname(common);
  return common;
}

