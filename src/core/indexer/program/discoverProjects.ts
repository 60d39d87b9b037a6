import * as fs from 'fs';
import * as path from 'path';
import type * as TS from 'typescript';
import { CompilerDefaults, compilerDefaults } from './compilerDefaults';
import { IGNORED_DIRS } from '../workspaceFiles';
import { COMPONENT_FILE } from './componentFiles';
import { absolutePosix } from '../../paths';
import type { ProjectConfig } from '../../compiler/CompilerPort';
import type { DiscoveryReads } from './discoveryCache';
import { memberDotFolders } from './workspaceGlobs';

export type { ProjectConfig };

const CONFIG_NAMES = ['tsconfig.json', 'jsconfig.json'];
const SOURCE_EXT = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;

/**
 * Finds the projects under a root: every tsconfig.json/jsconfig.json (a monorepo has one per
 * package), the configs they reference (solution-style `files: []` + `references`, custom names
 * like tsconfig.app.json), or the one `explicitConfig`. With none at all, infers one project of
 * every TS/JS source under the root. Configs that select no files (solution configs) are dropped
 * after their references are followed. What a config leaves unset means what `defaults` says (the
 * workspace's TypeScript major's defaults, see compilerDefaults). The search for configs sees every
 * file under the root: the component files it passes (`.vue`, `.svelte`, `.astro`, absolute), which
 * no project can hold, go to `onComponentFile` (none with an explicit config: nothing is searched).
 */
export function discoverProjects(
  ts: typeof TS,
  root: string,
  explicitConfig?: string,
  defaults: CompilerDefaults = compilerDefaults(ts, root),
  onComponentFile?: (file: string) => void,
  reads?: DiscoveryReads,
): ProjectConfig[] {
  const found = findProjects(ts, root, explicitConfig, reads);
  if (onComponentFile) for (const f of found.components) onComponentFile(f);
  return found.projects.map((raw) => withDefaults(raw, defaults));
}

/**
 * A project as its config reads: the config's own options (`options`), before the workspace's
 * defaults fill what it leaves unset (`withDefaults`). Plain data: a discovery is kept as these.
 */
export interface RawProject {
  /** Absolute config path; undefined for the inferred project. */
  configPath?: string;
  options: TS.CompilerOptions;
  /** A jsconfig: JavaScript allowed unless it says otherwise. */
  js?: boolean;
  /** The config could not be read: no options, no files. */
  unreadable?: boolean;
  fileNames: string[];
  projectReferences?: readonly TS.ProjectReference[];
  problems: string[];
}

/** What `discoverProjects` finds before defaults: the projects, and the component files the search passed (absolute). */
export interface FoundProjects {
  projects: RawProject[];
  components: string[];
}

/** discoverProjects without the defaults: every path it reads goes through `reads` first, when given. */
export function findProjects(ts: typeof TS, root: string, explicitConfig?: string, reads?: DiscoveryReads): FoundProjects {
  const io = { ...diskIo(ts, reads), dotMembers: memberDotFolders(normalize(root)) };
  const variants = new Map<string, string[]>();
  const components: string[] = [];
  const queue = explicitConfig ? [path.resolve(root, explicitConfig)] : findConfigFiles(io, root, (f) => components.push(f), variants);
  const seen = new Set<string>();
  const projects: RawProject[] = [];
  const solutions: string[] = [];
  const drain = () => {
    while (queue.length) {
      const configPath = queue.shift()!;
      if (seen.has(configPath)) continue;
      seen.add(configPath);
      const project = readConfig(ts, io, configPath);
      for (const ref of project.projectReferences ?? []) queue.push(ts.resolveProjectReferencePath(ref));
      if (project.fileNames.length > 0 || project.problems.length > 0) projects.push(project);
      else solutions.push(configPath);
    }
  };
  drain();
  // A solution config (`files: []`) beside configs it does not reference that list files of their
  // own: those are the folder's real projects (an Angular app's tsconfig.app.json and
  // tsconfig.server.json, which angular.json names; vercel/ai's examples/angular references only
  // packages). A sibling listing nothing (a base to extend) would take the whole folder: not one.
  for (const solution of solutions) {
    for (const variant of variants.get(path.dirname(solution)) ?? []) if (!seen.has(variant) && listsFiles(ts, io, variant)) queue.push(variant);
  }
  drain();
  if (projects.length === 0 && !explicitConfig) projects.push(inferProject(ts, io, root));
  // Deeper configs first: a file claimed by a package config and a root config belongs to the package.
  return { projects: projects.sort((a, b) => depth(b.configPath) - depth(a.configPath)), components };
}

/** A raw project with the workspace's defaults filled in (what `defaulted` names). */
export function withDefaults(raw: RawProject, defaults: CompilerDefaults | undefined): ProjectConfig {
  const { configPath, fileNames, projectReferences, problems } = raw;
  if (raw.unreadable) return { configPath, options: {}, fileNames, problems };
  if (configPath === undefined) return { options: defaults ? defaults.apply(raw.options) : { ...raw.options }, fileNames, problems };
  const options: TS.CompilerOptions = { ...(defaults ? defaults.apply(raw.options) : raw.options), noEmit: true };
  const filled = defaults ? Object.keys(options).filter((k) => k !== 'noEmit' && !(k in raw.options)) : [];
  if (raw.js) options.allowJs = options.allowJs ?? true;
  const defaulted = defaults && filled.length > 0 ? { major: defaults.major, options: filled } : undefined;
  return { configPath, options, fileNames, ...(projectReferences ? { projectReferences } : {}), problems, ...(defaulted ? { defaulted } : {}) };
}

/** The file system as discovery reads it: every path recorded in `reads` before it is read. */
interface DiscoveryIo {
  readdir(dir: string): fs.Dirent[];
  /** The dot folders the search goes into (on the way to a workspace member: memberDotFolders); it skips the others. */
  dotMembers?: ReadonlySet<string>;
  host: Pick<TS.ParseConfigFileHost, 'useCaseSensitiveFileNames' | 'readDirectory' | 'fileExists' | 'readFile' | 'getCurrentDirectory' | 'directoryExists' | 'realpath' | 'getDirectories'>;
}

function diskIo(ts: typeof TS, reads: DiscoveryReads | undefined): DiscoveryIo {
  const sys = ts.sys;
  // `read`, with the path it is given recorded first, as a file or as a folder.
  const onFile = <R>(read: (p: string) => R) => (p: string): R => (reads?.file(p), read(p));
  const onFolder = <R>(read: (p: string) => R) => (p: string): R => (reads?.folder(p), read(p));
  const entries = onFolder((d) => (sys as unknown as { getAccessibleFileSystemEntries(d: string): { files: readonly string[]; directories: readonly string[] } }).getAccessibleFileSystemEntries(d));
  const matchFiles = (ts as unknown as { matchFiles: (...args: unknown[]) => string[] }).matchFiles;
  return {
    readdir: onFolder((d) => fs.readdirSync(d, { withFileTypes: true })),
    host: {
      useCaseSensitiveFileNames: sys.useCaseSensitiveFileNames,
      getCurrentDirectory: () => sys.getCurrentDirectory(),
      // ts.sys.readDirectory, with each folder it lists recorded.
      readDirectory: (dir, extensions, excludes, includes, depthLimit) =>
        reads ? matchFiles(dir, extensions, excludes, includes, sys.useCaseSensitiveFileNames, sys.getCurrentDirectory(), depthLimit, entries, (p: string) => sys.realpath?.(p) ?? p) : sys.readDirectory(dir, extensions, excludes, includes, depthLimit),
      fileExists: onFile((f) => sys.fileExists(f)),
      readFile: onFile((f) => sys.readFile(f)),
      directoryExists: onFolder((d) => sys.directoryExists(d)),
      realpath: onFile((p) => (sys.realpath ? sys.realpath(p) : p)),
      getDirectories: onFolder((d) => sys.getDirectories(d)),
    },
  };
}

/** One config as a project; without `defaults` the options are the config's own (enough to read its layout: outDir, rootDir). */
export function parseConfig(ts: typeof TS, configPath: string, defaults?: CompilerDefaults): ProjectConfig {
  return withDefaults(readConfig(ts, diskIo(ts, undefined), configPath), defaults);
}

function readConfig(ts: typeof TS, io: DiscoveryIo, configPath: string): RawProject {
  const problems: string[] = [];
  const host: TS.ParseConfigFileHost = {
    ...io.host,
    onUnRecoverableConfigFileDiagnostic: (d) => problems.push(ts.flattenDiagnosticMessageText(d.messageText, ' ')),
  };
  const parsed = io.host.fileExists(configPath) ? ts.getParsedCommandLineOfConfigFile(configPath, { noEmit: true }, host) : undefined;
  if (!parsed) {
    return { configPath, options: {}, unreadable: true, fileNames: [], problems: problems.length ? problems : [`cannot read ${configPath}`] };
  }
  for (const d of parsed.errors) {
    if (d.code !== 18003) problems.push(`${configPath}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`); // 18003: no inputs (solution configs)
  }
  const js = path.basename(configPath).startsWith('jsconfig');
  const references = parsed.projectReferences;
  // Plain data, as a record of the discovery keeps it (JSON has no undefined).
  return { configPath, options: parsed.options, ...(js ? { js } : {}), fileNames: parsed.fileNames.map(normalize), ...(references ? { projectReferences: references } : {}), problems };
}

function inferProject(ts: typeof TS, io: DiscoveryIo, root: string): RawProject {
  const fileNames: string[] = [];
  walk(io, root, (file) => {
    if (SOURCE_EXT.test(file) && !file.endsWith('.d.ts.map')) fileNames.push(normalize(file));
  });
  return {
    options: {
      allowJs: true,
      checkJs: false,
      jsx: ts.JsxEmit.Preserve,
      target: ts.ScriptTarget.ESNext,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      resolveJsonModule: true,
      esModuleInterop: true,
      skipLibCheck: true,
      noEmit: true,
    },
    fileNames: fileNames.sort(),
    problems: [],
  };
}

function findConfigFiles(io: DiscoveryIo, root: string, onComponentFile?: (file: string) => void, variants?: Map<string, string[]>): string[] {
  const found: string[] = [];
  walk(io, root, (file) => {
    const name = path.basename(file);
    if (CONFIG_NAMES.includes(name)) found.push(normalize(file));
    else if (variants && VARIANT_NAME.test(name)) {
      const dir = normalize(path.dirname(file));
      variants.set(dir, [...(variants.get(dir) ?? []), normalize(file)].sort());
    } else if (onComponentFile && COMPONENT_FILE.test(file)) onComponentFile(normalize(file));
  });
  return found.sort();
}

/** `tsconfig.app.json`, `jsconfig.test.json`: a config of another name beside a folder's own. */
const VARIANT_NAME = /^[tj]sconfig\..+\.json$/;

/** Whether a config lists files of its own (`files` or `include`), so that it is not a base that would take its whole folder. */
function listsFiles(ts: typeof TS, io: DiscoveryIo, configPath: string): boolean {
  const raw = ts.readConfigFile(configPath, (f) => io.host.readFile(f)).config as { files?: unknown; include?: unknown } | undefined;
  return (Array.isArray(raw?.files) && raw.files.length > 0) || (Array.isArray(raw?.include) && raw.include.length > 0);
}

function walk(io: DiscoveryIo, dir: string, onFile: (file: string) => void): void {
  let entries: fs.Dirent[];
  try {
    entries = io.readdir(dir);
  } catch {
    return;
  }
  for (const e of entries) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (!IGNORED_DIRS.has(e.name) && (!e.name.startsWith('.') || io.dotMembers?.has(normalize(full)))) walk(io, full, onFile);
    } else if (e.isFile()) {
      onFile(full);
    }
  }
}

function depth(configPath: string | undefined): number {
  return configPath ? configPath.split('/').length : 0;
}

/** The indexer's name for paths.absolutePosix. */
export const normalize = absolutePosix;
