import * as fs from 'fs';
import * as path from 'path';
import type * as TS from 'typescript';
import { ProjectConfig } from './discoverProjects';
import { WorkspacePackages, resolveWithWorkspace } from './workspacePackages';
import { isAssetImport, packageName } from '../../packageSpecifiers';
import { readJson } from './readJson';
import { customSourceCondition } from './sourceCondition';
import { emitModuleResolutionKind, moduleKindPreserve } from '../../compiler/tsInternals';
import { DenoMapping, denoImportMapping } from './denoImportMap';

/** One import of a package that resolved to no types: its specifier as written, the importing file (absolute) and its project. */
export interface UnresolvedUse {
  specifier: string;
  file: string;
  project: ProjectConfig;
}

/**
 * Why imported packages resolve to no types, one warning per cause, each with advice we can back:
 * - not installed: no node_modules folder above the importing file holds the package (nor its @types);
 * - installed, but the config's `moduleResolution` does not find its types: named with the settings
 *   that do, each found by resolving the import again under that setting;
 * - a package of this workspace that is not built, and whose sources nothing maps (with its build script);
 * - a package of this workspace imported only from folders that are not members of it (an example
 *   app with its own package.json): nothing links it there, and no build changes that;
 * - a subpath the package's `exports` does not list (`pkg/react` where it exports `./client/react`):
 *   no setting, install or build resolves it, so none is advised; unless a file is where
 *   `moduleResolution: node10` looks, which ignores `exports` (tRPC's `next-auth/providers`, a folder
 *   with an index.d.ts): then that is said, and that runtimes honouring `exports` reject it too;
 * - not installed, and named by a Deno import map (deno.json `imports`, or its `importMap` file):
 *   Deno code, which TypeScript cannot resolve, whatever is installed (tRPC's `std/async/delay.ts`);
 * - installed, and no setting finds types for it (declared types missing, or none shipped).
 * Calls into these packages, and calls TypeScript would infer through their types, are missing.
 * Not warned about: a package's stylesheet, image or font (`pkg/styles.css`), and an import the
 * config's own setting does resolve, to a declaration script that exports nothing (its globals are there).
 */
export function unresolvedPackageWarnings(ts: typeof TS, root: string, workspace: WorkspacePackages | undefined, uses: readonly UnresolvedUse[]): string[] {
  const byPackage = new Map<string, { files: Set<string>; uses: UnresolvedUse[] }>();
  const unexported = new Map<string, { files: Set<string>; exports: string[]; node10?: string; node10Configs: Set<string> }>();
  // Uses a Deno import map names, by package name: Deno's, when nothing else would resolve them.
  const denoUses = new Map<string, { files: Set<string>; uses: UnresolvedUse[]; mapping: DenoMapping }>();
  // A stylesheet, image or font a package ships (`@mantine/core/styles.css`) has no code to call: no
  // warning. A `paths` alias (`@/app/…`) names no package: nothing to install or build.
  for (const use of [...uses].filter((u) => !isAssetImport(u.specifier) && !isPathAlias(u)).sort((a, b) => a.file.localeCompare(b.file) || a.specifier.localeCompare(b.specifier))) {
    const name = packageName(use.specifier);
    // An `npm:` target is a package npm installs: said as any other (not installed, …).
    const mapping = denoImportMapping(ts, root, use.file, use.specifier);
    if (mapping && !mapping.target.startsWith('npm:')) {
      const entry = denoUses.get(name);
      if (entry) {
        entry.files.add(use.file);
        entry.uses.push(use);
      } else denoUses.set(name, { files: new Set([use.file]), uses: [use], mapping });
      continue;
    }
    // A subpath the package's `exports` does not list resolves under no setting and after no build
    // (but node10's, which ignores `exports`, where a file is at the subpath).
    const exportsList = unexportedSubpath(workspace, name, use);
    if (exportsList) {
      const entry = unexported.get(use.specifier) ?? { files: new Set<string>(), exports: exportsList, node10: node10Resolution(ts, root, workspace, name, use), node10Configs: new Set<string>() };
      entry.files.add(use.file);
      // A config that asks for node10 resolves it with TypeScript 6: unresolved here, 7 indexed it.
      if (use.project.configPath && moduleResolutionOf(ts, use.project.options) === ts.ModuleResolutionKind.Node10) entry.node10Configs.add(use.project.configPath);
      unexported.set(use.specifier, entry);
      continue;
    }
    const entry = byPackage.get(name);
    if (entry) {
      entry.files.add(use.file);
      entry.uses.push(use);
    } else byPackage.set(name, { files: new Set([use.file]), uses: [use] });
  }
  // A name a Deno import map gives that nothing installed answers is Deno's; else what is installed speaks for it.
  const deno: { name: string; files: Set<string>; mapping: DenoMapping }[] = [];
  for (const [name, entry] of denoUses) {
    if (diagnose(ts, root, workspace, name, entry.uses).kind === 'notInstalled') {
      deno.push({ name, files: entry.files, mapping: entry.mapping });
      continue;
    }
    const known = byPackage.get(name);
    if (known) {
      for (const f of entry.files) known.files.add(f);
      known.uses.push(...entry.uses);
    } else byPackage.set(name, { files: entry.files, uses: entry.uses });
  }
  const ranked = [...byPackage].sort((a, b) => b[1].files.size - a[1].files.size || a[0].localeCompare(b[0]));
  const rel = (abs: string) => {
    const r = path.posix.relative(root, abs);
    return r.startsWith('..') ? abs : r;
  };
  const named = (name: string, n: number) => `'${name}' (${n} file${n === 1 ? '' : 's'})`;
  let typesInstalledToo = false;
  const groups = { notInstalled: [] as string[], moduleResolution: [] as string[], notBuilt: [] as string[], outside: [] as string[], noTypes: [] as string[] };
  const outsideDirs = new Set<string>();
  for (const [name, { files, uses: used }] of ranked) {
    const cause = diagnose(ts, root, workspace, name, used);
    const who = named(name, files.size);
    switch (cause.kind) {
      case 'resolves':
        break;
      case 'notInstalled':
        groups.notInstalled.push(who);
        break;
      case 'moduleResolution': {
        const found = cause.working.map((w) => `${w.setting} does (${rel(w.file)})`).join(', and ');
        groups.moduleResolution.push(`${who} is installed, but ${cause.current} does not find its types; ${found}`);
        break;
      }
      case 'notBuilt': {
        const declared = cause.declared ? `declares its types at ${rel(cause.declared)}, which does not exist` : 'declares no types';
        const build = cause.buildCommand ? `build it (${cause.buildCommand})` : `build it${cause.declared ? ` so that ${rel(cause.declared)} exists` : ''}`;
        // Its own export condition leads to the sources (TanStack/query's `@tanstack/custom-condition`), but the importing configs do not ask for it.
        const sources = cause.condition
          ? `; its "${cause.condition}" export condition leads to its sources, which the importing configs do not ask for: add "customConditions": ["${cause.condition}"] to them, or ${build}`
          : `, and neither a tsconfig of the package (outDir, rootDir) nor a "source"/"development" export condition leads to its sources: ${build}`;
        groups.notBuilt.push(`${who} in ${rel(cause.dir) || '.'} ${declared}${sources}`);
        break;
      }
      case 'outsideWorkspace':
        groups.outside.push(who);
        for (const dir of cause.importers) outsideDirs.add(rel(dir));
        break;
      case 'noTypes':
        if (cause.typesInstalled) typesInstalledToo = true;
        groups.noTypes.push(
          cause.declared
            ? `${who.slice(0, -1)}; the types its package.json declares, ${rel(cause.declared)}, do not exist)`
            : cause.typesInstalled
              ? `${who.slice(0, -1)}; ${typesPackage(name)} is installed)`
              : who,
        );
        break;
    }
  }
  const warnings: string[] = [];
  const head = (n: number) => `${n} imported package${n === 1 ? ' resolves' : 's resolve'} to no types`;
  const missing = (n: number) => `Calls into ${n === 1 ? 'it' : 'them'}, and calls TypeScript would infer through ${n === 1 ? 'its' : 'their'} types, are missing`;
  const list = (items: string[], sep: string) => items.slice(0, 5).join(sep) + (items.length > 5 ? `${sep}and ${items.length - 5} more` : '');
  const g = groups;
  if (g.notInstalled.length) {
    const n = g.notInstalled.length;
    warnings.push(`${head(n)}: ${list(g.notInstalled, ', ')}. ${n === 1 ? 'It is' : 'They are'} not installed (no node_modules folder above the files importing ${n === 1 ? 'it holds it' : 'them holds them'}). ${missing(n)}: install the dependencies (npm install or equivalent) and rebuild.`);
  }
  if (deno.length) {
    const n = deno.length;
    const items = deno
      .sort((a, b) => b.files.size - a.files.size || a.name.localeCompare(b.name))
      .map(({ name, files, mapping }) => `${named(name, files.size).slice(0, -1)}; ${rel(mapping.config)} maps '${mapping.key}' to ${mapping.target})`);
    const folders = [...new Set(deno.map((d) => rel(path.posix.dirname(d.mapping.config)) || '.'))].sort();
    warnings.push(`${head(n)}: ${list(items, ', ')}. ${n === 1 ? 'It is a name of a Deno import map' : 'They are names of Deno import maps'}, which TypeScript does not read; no install puts what ${n === 1 ? 'it maps' : 'they map'} to where TypeScript looks. ${missing(n)}: leave that Deno code out (exclude ${list(folders, ', ')}), or accept it.`);
  }
  if (g.moduleResolution.length) {
    const n = g.moduleResolution.length;
    warnings.push(`${head(n)} under the config's moduleResolution: ${list(g.moduleResolution, '; ')}. ${missing(n)} until the config uses such a setting.`);
  }
  if (g.notBuilt.length) {
    const n = g.notBuilt.length;
    warnings.push(`${head(n)}: ${n === 1 ? 'a package' : 'packages'} of this workspace not built: ${list(g.notBuilt, '; ')}. ${missing(n)}.`);
  }
  if (g.outside.length) {
    const n = g.outside.length;
    const dirs = [...outsideDirs].sort();
    const where = `${list(dirs, ', ')} (${dirs.length === 1 ? 'its' : 'their'} own package.json, not listed as ${dirs.length === 1 ? 'a member' : 'members'} of the workspace)`;
    warnings.push(`${head(n)}: ${n === 1 ? 'a package' : 'packages'} of this workspace imported only from folders that are not workspace members: ${list(g.outside, ', ')}, from ${where}. The package manager links workspace packages into members only, so building ${n === 1 ? 'it' : 'them'} changes nothing there: install those folders' own dependencies, or leave them out (exclude). ${missing(n)}.`);
  }
  const bySize = [...unexported].sort((a, b) => b[1].files.size - a[1].files.size || a[0].localeCompare(b[0]));
  const nowhere = bySize.filter(([, u]) => !u.node10);
  if (nowhere.length) {
    const items = nowhere.map(([specifier, { files, exports }]) => `${named(specifier, files.size)}: ${exportsAdvice(specifier, exports)}`);
    const n = items.length;
    warnings.push(`${n} import${n === 1 ? ' names a subpath its package does' : 's name subpaths their packages do'} not export, so no setting, install or build makes ${n === 1 ? 'it' : 'them'} resolve: ${list(items, '; ')}. Calls through ${n === 1 ? 'it' : 'them'} are missing until the import names an exported subpath.`);
  }
  // A file at the subpath: node10, which ignores `exports`, finds it (tRPC's `next-auth/providers`,
  // a folder with an index.d.ts); no other setting does, and a runtime honouring `exports` refuses it.
  const node10 = bySize.filter(([, u]) => u.node10);
  if (node10.length) {
    const items = node10.map(([specifier, { files, exports, node10: file, node10Configs }]) => {
      const configs = [...node10Configs].map(rel).sort();
      const asks = configs.length ? `; ${list(configs, ', ')} ${configs.length === 1 ? 'asks' : 'ask'} for node10, which TypeScript 6 has (TS_CODE_GRAPH_COMPILER=inprocess)` : '';
      return `${named(specifier, files.size)}: ${exportsAdvice(specifier, exports)}; node10 finds ${file}${asks}`;
    });
    const n = items.length;
    const it = n === 1 ? 'it' : 'them';
    const six = node10.some(([, u]) => u.node10Configs.size > 0) ? ', or TypeScript 6 indexes a config asking for node10' : '';
    warnings.push(`${n} import${n === 1 ? ' names a subpath its package does' : 's name subpaths their packages do'} not export, which ${n === 1 ? 'resolves' : 'resolve'} only under "moduleResolution": "node10" ("node"), as it ignores exports (TypeScript 7 removed it): ${list(items, '; ')}. At run time Node and bundlers that honour exports reject ${it} too (an import of types only never reaches them). Calls through ${it} are missing until the import names an exported subpath${six}.`);
  }
  if (g.noTypes.length) {
    const n = g.noTypes.length;
    const they = n === 1 ? 'it' : 'them';
    warnings.push(`${head(n)} though installed: ${list(g.noTypes, ', ')}. TypeScript finds no types for ${they} under any moduleResolution${typesInstalledToo ? '' : `, and no @types package for ${they} is installed`}. ${missing(n)}; an @types package provides types where one exists.`);
  }
  return warnings;
}

type Cause =
  | { kind: 'resolves' }
  | { kind: 'notInstalled' }
  | { kind: 'moduleResolution'; current: string; working: { setting: string; file: string }[] }
  | { kind: 'notBuilt'; dir: string; declared?: string; buildCommand?: string; condition?: string }
  | { kind: 'outsideWorkspace'; importers: string[] }
  | { kind: 'noTypes'; dir: string; declared?: string; typesInstalled: boolean };

function diagnose(ts: typeof TS, root: string, workspace: WorkspacePackages | undefined, name: string, uses: readonly UnresolvedUse[]): Cause {
  // An importer inside the workspace speaks for the package when there is one: what is said of it holds there.
  const inside = workspace ? uses.filter((u) => nearestPackage(workspace, u.file).member) : [...uses];
  const use = inside[0] ?? uses[0];
  // Found by the config's own setting, yet no module: a declaration script (`declare global`, as
  // @testing-library/jest-dom's index.d.ts) whose globals the program has. Nothing is missing.
  if (resolvedUnder(ts, workspace, use, use.project.options, moduleResolutionOf(ts, use.project.options))) return { kind: 'resolves' };
  const installed = findInstalled(name, use.file);
  const typesInstalled = findInstalled(typesPackage(name), use.file);
  // Of this workspace: listed or linked, and what node_modules holds under its name, if anything, is it.
  const member = workspace?.named(name);
  const ours = member && (installed === undefined || realPath(installed) === member.dir) ? member : undefined;
  // Imported only from folders whose own package.json is not a member (an example app, a template
  // taking the library from the registry): no package manager links a workspace package there, and
  // building it changes nothing for them.
  if (ours && workspace && inside.length === 0) return { kind: 'outsideWorkspace', importers: [...new Set(uses.map((u) => nearestPackage(workspace, u.file).dir))] };
  const inWorkspace = ours && (installed !== undefined || inside.length > 0) ? ours : undefined;
  if (!installed && !typesInstalled && !inWorkspace) return { kind: 'notInstalled' };
  const working = otherSettingsThatResolve(ts, workspace, use);
  if (working.length) return { kind: 'moduleResolution', current: currentSetting(ts, root, use.project), working };
  if (inWorkspace) {
    const manifest = inWorkspace.manifest;
    const subpath = '.' + use.specifier.slice(name.length);
    const declared = declaredTypes(manifest, subpath);
    const condition = customSourceCondition(manifest, subpath);
    return { kind: 'notBuilt', dir: inWorkspace.dir, declared: declared && path.posix.join(inWorkspace.dir, declared), buildCommand: buildCommand(root, inWorkspace.manifest, name), ...(condition ? { condition } : {}) };
  }
  const dir = installed ?? typesInstalled!;
  const manifest = readJson(`${dir}/package.json`) ?? {};
  const declared = declaredTypes(manifest, '.' + use.specifier.slice(name.length));
  const declaredFile = declared && path.posix.join(dir, declared);
  return { kind: 'noTypes', dir, declared: declaredFile && !fs.existsSync(declaredFile) ? declaredFile : undefined, typesInstalled: !!typesInstalled };
}

/**
 * The subpaths a package exports when `use` names one it does not (`pkg/react` where `exports` has
 * `.`, `./client/react`…); undefined when it does, or when the package has no `exports` map to say.
 * The package is the workspace's own (by name) or the one installed above the importing file.
 */
function unexportedSubpath(workspace: WorkspacePackages | undefined, name: string, use: UnresolvedUse): string[] | undefined {
  const installed = findInstalled(name, use.file);
  const manifest = (installed ? readJson(`${installed}/package.json`) : undefined) ?? workspace?.named(name)?.manifest;
  const exports = manifest?.exports;
  if (!exports || typeof exports !== 'object' || Array.isArray(exports)) return undefined;
  const keys = Object.keys(exports).filter((k) => k.startsWith('.'));
  if (keys.length === 0) return undefined;
  const subpath = '.' + use.specifier.slice(name.length);
  const matches = (key: string) => {
    if (key === subpath) return true;
    const star = key.indexOf('*');
    if (star >= 0) return subpath.startsWith(key.slice(0, star)) && subpath.endsWith(key.slice(star + 1)) && subpath.length >= key.length - 1;
    return key.endsWith('/') && subpath.startsWith(key);
  };
  return keys.some(matches) ? undefined : keys;
}

/**
 * Where `moduleResolution: node10`, which ignores `exports`, resolves an import of a subpath the
 * package does not export (a file or folder at the subpath, or its `typesVersions`): the file named
 * from the package's name (`next-auth/providers/index.d.ts`; else root-relative), or undefined when it finds none.
 */
function node10Resolution(ts: typeof TS, root: string, workspace: WorkspacePackages | undefined, name: string, use: UnresolvedUse): string | undefined {
  const K = ts.ModuleResolutionKind;
  const options: TS.CompilerOptions = { ...use.project.options, moduleResolution: K.Node10 };
  delete options.customConditions;
  const file = resolvedUnder(ts, workspace, use, options, K.Node10);
  if (!file) return undefined;
  const installed = findInstalled(name, use.file);
  for (const dir of [installed, installed && realPath(installed), workspace?.named(name)?.dir]) {
    if (dir && file.startsWith(`${dir}/`)) return `${name}/${file.slice(dir.length + 1)}`;
  }
  return file.startsWith(`${root}/`) ? file.slice(root.length + 1) : file;
}

/** What a package exports instead of `specifier`'s subpath: those ending like it first ("did you mean"), then a few others. */
function exportsAdvice(specifier: string, keys: readonly string[]): string {
  const name = packageName(specifier);
  const subpath = '.' + specifier.slice(name.length);
  const last = subpath.split('/').pop() ?? '';
  const alike = keys.filter((k) => k !== '.' && k.split('/').pop() === last);
  const shown = keys.slice(0, 6).map((k) => `'${k}'`).join(', ') + (keys.length > 6 ? `, and ${keys.length - 6} more` : '');
  const hint = alike.length ? ` (did you mean ${alike.map((k) => `'${name}${k.slice(1)}'`).join(' or ')}?)` : '';
  return `the package exports ${shown}, not '${subpath}'${hint}`;
}

/** `node_modules/<name>` in the importing file's folder or one above it (a directory, links followed). */
function findInstalled(name: string, file: string): string | undefined {
  for (let dir = path.posix.dirname(file); ; dir = path.posix.dirname(dir)) {
    const candidate = `${dir === '/' ? '' : dir}/node_modules/${name}`;
    try {
      if (fs.statSync(candidate).isDirectory()) return candidate;
    } catch {
      // not here
    }
    if (dir === path.posix.dirname(dir)) return undefined;
  }
}

function realPath(dir: string): string | undefined {
  try {
    return fs.realpathSync(dir).replace(/\\/g, '/');
  } catch {
    return undefined;
  }
}

/** The @types package for `name`: `@types/lodash`, `@types/scope__pkg`. */
function typesPackage(name: string): string {
  return `@types/${name.startsWith('@') ? name.slice(1).replace('/', '__') : name}`;
}

interface Setting {
  label: string;
  options: TS.CompilerOptions;
  usesConditions: boolean;
  kind: number;
}

/**
 * The moduleResolution settings other than the project's under which the import resolves to types
 * (or to a workspace package's sources): each one tried, never guessed.
 */
function otherSettingsThatResolve(ts: typeof TS, workspace: WorkspacePackages | undefined, use: UnresolvedUse): { setting: string; file: string }[] {
  const K = ts.ModuleResolutionKind;
  const current = moduleResolutionOf(ts, use.project.options);
  const settings: Setting[] = [
    { label: '"moduleResolution": "bundler" (with "module": "esnext")', options: { moduleResolution: K.Bundler, module: ts.ModuleKind.ESNext }, usesConditions: true, kind: K.Bundler },
    { label: '"moduleResolution": "node16" (with "module": "node16")', options: { moduleResolution: K.Node16, module: ts.ModuleKind.Node16 }, usesConditions: true, kind: K.Node16 },
    { label: '"moduleResolution": "nodenext" (with "module": "nodenext")', options: { moduleResolution: K.NodeNext, module: ts.ModuleKind.NodeNext }, usesConditions: true, kind: K.NodeNext },
    { label: '"moduleResolution": "node10"', options: { moduleResolution: K.Node10 }, usesConditions: false, kind: K.Node10 },
  ];
  const found: { setting: string; file: string }[] = [];
  for (const s of settings) {
    if (s.kind === current) continue;
    const options: TS.CompilerOptions = { ...use.project.options, ...s.options };
    if (!s.usesConditions) delete options.customConditions;
    const file = resolvedUnder(ts, workspace, use, options, s.kind);
    if (file) found.push({ setting: s.label, file });
  }
  // node16 and nodenext alike: name them once.
  const nodeNext = found.findIndex((f) => f.setting.includes('"nodenext"'));
  if (nodeNext >= 0 && found.some((f) => f.setting.includes('"node16"') && f.file === found[nodeNext].file)) found.splice(nodeNext, 1);
  return found;
}

/** The typed file an import resolves to under its config's own settings, or '' (IndexCache `unresolved`). */
export function resolvedFileOf(ts: typeof TS, workspace: WorkspacePackages | undefined, use: UnresolvedUse): string {
  return resolvedUnder(ts, workspace, use, use.project.options, moduleResolutionOf(ts, use.project.options)) ?? '';
}

/** The typed file (declaration or source) the import resolves to under `options` (moduleResolution `kind`), if any. */
function resolvedUnder(ts: typeof TS, workspace: WorkspacePackages | undefined, use: UnresolvedUse, options: TS.CompilerOptions, kind: number): string | undefined {
  const K = ts.ModuleResolutionKind;
  const mode = kind === K.Node16 || kind === K.NodeNext ? ts.getImpliedNodeFormatForFile(use.file, undefined, ts.sys, options) : undefined;
  const r = resolveWithWorkspace(ts, workspace, use.specifier, use.file, options, ts.sys, undefined, undefined, mode).resolvedModule;
  return r && /\.(d\.[mc]?ts|[mc]?ts|tsx)$/.test(r.resolvedFileName) ? r.resolvedFileName : undefined;
}

/**
 * The folder of the package.json nearest above `file` (within the root) and whether it is a package
 * of the workspace; with none, the root's (a member).
 */
function nearestPackage(workspace: WorkspacePackages, file: string): { dir: string; member: boolean } {
  for (let dir = path.posix.dirname(file); dir.startsWith(workspace.root + '/'); dir = path.posix.dirname(dir)) {
    if (fs.existsSync(`${dir}/package.json`)) return { dir, member: workspace.isPackage(dir) };
  }
  return { dir: workspace.root, member: true };
}

/** Whether `use` matches a `paths` key of its project's config: an alias, not a package. */
function isPathAlias(use: UnresolvedUse): boolean {
  return Object.keys(use.project.options.paths ?? {}).some((p) => matchesPattern(p, use.specifier));
}

/** Whether `specifier` matches a `paths` key: exactly, or around its one `*`. */
function matchesPattern(pattern: string, specifier: string): boolean {
  const star = pattern.indexOf('*');
  if (star < 0) return pattern === specifier;
  const prefix = pattern.slice(0, star);
  const suffix = pattern.slice(star + 1);
  return specifier.length >= prefix.length + suffix.length && specifier.startsWith(prefix) && specifier.endsWith(suffix);
}

/** The project's moduleResolution as TypeScript derives it when it is not set. */
function moduleResolutionOf(ts: typeof TS, options: TS.CompilerOptions): number {
  const derive = emitModuleResolutionKind(ts);
  if (derive) return derive(options);
  if (options.moduleResolution !== undefined) return options.moduleResolution;
  const K = ts.ModuleResolutionKind;
  const M = ts.ModuleKind;
  const module = options.module ?? ((options.target ?? 0) >= ts.ScriptTarget.ES2015 ? M.ES2015 : M.CommonJS);
  if (module === M.CommonJS) return K.Node10;
  if (module === M.Node16) return K.Node16;
  if (module === M.NodeNext) return K.NodeNext;
  const preserve = moduleKindPreserve(ts);
  if (preserve !== undefined && module === preserve) return K.Bundler;
  return K.Classic;
}

/** `"moduleResolution": "node10" (packages/app/tsconfig.json)`, saying when the config implies it rather than sets it. */
function currentSetting(ts: typeof TS, root: string, project: ProjectConfig): string {
  const kind = moduleResolutionOf(ts, project.options);
  const names: Record<number, string> = { [ts.ModuleResolutionKind.Classic]: 'classic', [ts.ModuleResolutionKind.Node10]: 'node10', [ts.ModuleResolutionKind.Node16]: 'node16', [ts.ModuleResolutionKind.NodeNext]: 'nodenext', [ts.ModuleResolutionKind.Bundler]: 'bundler' };
  const where = project.configPath ? path.posix.relative(root, project.configPath) : 'the inferred project';
  const byDefaults = project.defaulted?.options.includes('moduleResolution') ? ` under TypeScript ${project.defaulted.major}'s defaults` : '';
  const implied = project.options.moduleResolution === undefined || byDefaults ? `, implied by its "module"${byDefaults}` : '';
  return `"moduleResolution": "${names[kind] ?? kind}" (${where}${implied})`;
}

/** Where a package says its types are for `subpath`: `types`/`typings` for '.', or a `types` export condition. */
export function declaredTypes(manifest: Record<string, unknown>, subpath: string): string | undefined {
  const exports = manifest.exports;
  let entry: unknown = undefined;
  if (exports && typeof exports === 'object' && !Array.isArray(exports) && Object.keys(exports).some((k) => k.startsWith('.'))) entry = (exports as Record<string, unknown>)[subpath];
  else if (subpath === '.') entry = exports;
  const stack: unknown[] = entry === undefined ? [] : [entry];
  while (stack.length) {
    const e = stack.shift();
    if (Array.isArray(e)) stack.push(...e);
    else if (e && typeof e === 'object') {
      for (const [key, value] of Object.entries(e as Record<string, unknown>)) {
        if (key === 'types' && typeof value === 'string') return value;
        if (typeof value === 'object') stack.push(value);
      }
    }
  }
  if (subpath !== '.') return undefined;
  const field = manifest.types ?? manifest.typings;
  return typeof field === 'string' ? field : undefined;
}

/** How to run the package's `build` script with the workspace's package manager, if it has one. */
function buildCommand(root: string, manifest: Record<string, unknown>, name: string): string | undefined {
  const scripts = manifest.scripts;
  if (!scripts || typeof scripts !== 'object' || typeof (scripts as Record<string, unknown>).build !== 'string') return undefined;
  if (fs.existsSync(`${root}/pnpm-workspace.yaml`) || fs.existsSync(`${root}/pnpm-lock.yaml`)) return `its "build" script: pnpm --filter ${name} run build`;
  if (fs.existsSync(`${root}/yarn.lock`)) return `its "build" script: yarn workspace ${name} run build`;
  return `its "build" script: npm run build --workspace ${name}`;
}

