import * as fs from 'fs';
import * as path from 'path';
import type * as TS from 'typescript';
import { CompilerDefaults, compilerDefaults } from './compilerDefaults';
import { IGNORED_DIRS } from '../workspaceFiles';
import { COMPONENT_FILE } from './componentFiles';
import { absolutePosix } from '../../paths';
import type { ProjectConfig } from '../../compiler/CompilerPort';

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
export function discoverProjects(ts: typeof TS, root: string, explicitConfig?: string, defaults: CompilerDefaults = compilerDefaults(ts, root), onComponentFile?: (file: string) => void): ProjectConfig[] {
  const variants = new Map<string, string[]>();
  const queue = explicitConfig ? [path.resolve(root, explicitConfig)] : findConfigFiles(root, onComponentFile, variants);
  const seen = new Set<string>();
  const projects: ProjectConfig[] = [];
  const solutions: string[] = [];
  const drain = () => {
    while (queue.length) {
      const configPath = queue.shift()!;
      if (seen.has(configPath)) continue;
      seen.add(configPath);
      const project = parseConfig(ts, configPath, defaults);
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
    for (const variant of variants.get(path.dirname(solution)) ?? []) if (!seen.has(variant) && listsFiles(ts, variant)) queue.push(variant);
  }
  drain();
  if (projects.length === 0 && !explicitConfig) projects.push(inferProject(ts, root, defaults));
  // Deeper configs first: a file claimed by a package config and a root config belongs to the package.
  return projects.sort((a, b) => depth(b.configPath) - depth(a.configPath));
}

/** One config as a project; without `defaults` the options are the config's own (enough to read its layout: outDir, rootDir). */
export function parseConfig(ts: typeof TS, configPath: string, defaults?: CompilerDefaults): ProjectConfig {
  const problems: string[] = [];
  const host: TS.ParseConfigFileHost = {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => problems.push(ts.flattenDiagnosticMessageText(d.messageText, ' ')),
  };
  const parsed = fs.existsSync(configPath) ? ts.getParsedCommandLineOfConfigFile(configPath, { noEmit: true }, host) : undefined;
  if (!parsed) {
    return { configPath, options: {}, fileNames: [], problems: problems.length ? problems : [`cannot read ${configPath}`] };
  }
  const isJsConfig = path.basename(configPath).startsWith('jsconfig');
  const options: TS.CompilerOptions = { ...(defaults ? defaults.apply(parsed.options) : parsed.options), noEmit: true };
  const filled = defaults ? Object.keys(options).filter((k) => k !== 'noEmit' && !(k in parsed.options)) : [];
  if (isJsConfig) options.allowJs = options.allowJs ?? true;
  for (const d of parsed.errors) {
    if (d.code !== 18003) problems.push(`${configPath}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`); // 18003: no inputs (solution configs)
  }
  const defaulted = defaults && filled.length > 0 ? { major: defaults.major, options: filled } : undefined;
  return { configPath, options, fileNames: parsed.fileNames.map(normalize), projectReferences: parsed.projectReferences, problems, ...(defaulted ? { defaulted } : {}) };
}

function inferProject(ts: typeof TS, root: string, defaults: CompilerDefaults): ProjectConfig {
  const fileNames: string[] = [];
  walk(root, (file) => {
    if (SOURCE_EXT.test(file) && !file.endsWith('.d.ts.map')) fileNames.push(normalize(file));
  });
  return {
    options: defaults.apply({
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
    }),
    fileNames: fileNames.sort(),
    problems: [],
  };
}

function findConfigFiles(root: string, onComponentFile?: (file: string) => void, variants?: Map<string, string[]>): string[] {
  const found: string[] = [];
  walk(root, (file) => {
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
function listsFiles(ts: typeof TS, configPath: string): boolean {
  const raw = ts.readConfigFile(configPath, (f) => ts.sys.readFile(f)).config as { files?: unknown; include?: unknown } | undefined;
  return (Array.isArray(raw?.files) && raw.files.length > 0) || (Array.isArray(raw?.include) && raw.include.length > 0);
}

function walk(dir: string, onFile: (file: string) => void): void {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of entries) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (!IGNORED_DIRS.has(e.name) && !e.name.startsWith('.')) walk(full, onFile);
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
