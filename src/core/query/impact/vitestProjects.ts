import picomatch from 'picomatch';
import type * as TS from 'typescript';
import { mergeConfigValues, unreadKeys } from './mergeConfigValues';
import { ConfigObject, ConfigValue } from './ConfigValue';
import { ReadConfig, isObject, readConfigList, readConfigText, recordingReads, stringList } from './runnerConfig';
import { folderOf, isUnder, join, relativePath, relTo } from './rootRelative';
import { IGNORED_DIRS } from '../../indexer/workspaceFiles';

/** What project discovery reads: the workspace's files by root-relative posix path (testRunners' WorkspaceFiles). */
interface Files {
  read(rel: string): string | undefined;
  list(rel: string): string[];
}

/**
 * A vitest workspace: the configuration vitest runs with in a folder defines projects (`test.projects`,
 * vitest 3.2+; vitest 3's `test.workspace` or `vitest.workspace.*` file beside it). Vitest then runs
 * every project from that folder, each with its own configuration, and a project's folder is no
 * place to run it from: tRPC's packages re-export the root's config, whose `./packages/*`, relative
 * to the package, finds no project ("No projects were found").
 */
export interface VitestWorkspace {
  /** Where the projects are defined, for people: `vitest.config.ts`, `vitest.workspace.ts`. */
  config: string;
  projects: VitestProject[];
  /** Why the defaults stand in for some project's configuration: `packages/b/vitest.config.ts is built at run time`. */
  defaults?: string;
  /** The files the projects' list was read from besides the config vitest runs with (a `vitest.workspace.*` file, what it imports), root-relative. */
  configFiles: string[];
}

export interface VitestProject {
  /** Its root, root-relative: where its `include` is matched from. */
  root: string;
  /** Its configuration file, root-relative; none for a folder without one (vitest's defaults). */
  configFile?: string;
  /** The files its configuration was read from (`configFile`, what it imports or extends), root-relative. */
  configFiles?: string[];
  /** Whether vitest runs a root-relative file as one of its tests. */
  runs(file: string): boolean;
}

/** The configuration a folder's vitest runs with: its root-relative path, and what it says. */
export interface VitestConfig {
  file: string;
  read: ReadConfig;
}

/**
 * The workspace vitest defines in `dir` with `config` (undefined when it defines none), or why its
 * projects cannot be known (`projects: getProjects()`): then none is assumed.
 */
export function vitestWorkspace(ts: typeof TS, fs: Files, dir: string, config: VitestConfig | undefined): VitestWorkspace | { unread: string } | undefined {
  const top = config?.read.ok ? config.read.value : undefined;
  const test = top && isObject(top.test) ? top.test : undefined;
  const name = config ? relativePath(dir, config.file) : '';
  let definition: ConfigValue[] | undefined;
  let where = name;
  let listedIn: string[] = [];
  for (const key of ['projects', 'workspace']) if (test && unreadKeys(test).has(key)) return { unread: `${name}'s test.${key} is built at run time` };
  if (test && Array.isArray(test.projects)) definition = test.projects;
  else if (test && Array.isArray(test.workspace)) definition = test.workspace;
  else {
    // Vitest 3: `test.workspace` naming the file, else vitest.workspace.* (or vitest.projects.*) beside the config.
    const named = test && typeof test.workspace === 'string' ? join(dir, test.workspace) : undefined;
    const folder = config ? folderOf(config.file) : dir;
    const names = fs.list(folder);
    const beside = WORKSPACE_FILES.find((n) => names.includes(n));
    const file = named ?? (beside === undefined ? undefined : join(folder, beside));
    const text = file === undefined ? undefined : fs.read(file);
    if (file === undefined || text === undefined) return undefined;
    const reading = recordingReads(fs, [file]);
    const list = readConfigList(ts, file, text, reading.read);
    where = relativePath(dir, file);
    if (!list.ok) return { unread: `${where} ${list.reason}` };
    definition = list.value;
    listedIn = reading.files;
  }
  return { ...resolveProjects(ts, fs, dir, where, top ?? {}, config?.file, definition), configFiles: listedIn };
}

const WORKSPACE_FILES = ['vitest.workspace', 'vitest.projects'].flatMap((n) => ['.ts', '.mts', '.cts', '.js', '.mjs', '.cjs', '.json'].map((e) => n + e));

/** What vitest takes as a project's configuration file (`vitest.config.*`, `vite.config.*`, `vitest.unit.config.*`…). */
const CONFIG_FILE = /^vite(?:st)?(?:\.\w+)?\.config\./;
/** The files vitest looks for in a project's folder, in its order. */
const FOLDER_CONFIGS = ['vitest.config', 'vite.config'].flatMap((n) => ['.ts', '.mts', '.cts', '.js', '.mjs', '.cjs'].map((e) => n + e));

/**
 * The projects a definition lists, as vitest 4 resolves them (`resolveTestProjectConfigs`): a path
 * to a config file or a folder; a glob (relative to `dir`, `!` ones leaving matches out) matching
 * folders (each with the config file vitest finds in it, or none) and config files; an inline
 * object, rooted at its `root` (else `dir`), merged over the root's config with `extends: true` or
 * over the file `extends` names.
 */
function resolveProjects(ts: typeof TS, fs: Files, dir: string, where: string, rootConfig: ConfigObject, rootFile: string | undefined, definition: readonly ConfigValue[]): Omit<VitestWorkspace, 'configFiles'> {
  const projects: VitestProject[] = [];
  const unread: string[] = [];
  const seen = new Set<string>();
  const fromFile = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    // The root's own config as a project: vitest runs it as it is (its projects are not projects again).
    const reading = recordingReads(fs, [file]);
    const read = file === rootFile ? ({ ok: true, value: rootConfig } as const) : readConfigText(ts, file, fs.read(file) ?? '', reading.read);
    if (!read.ok) unread.push(`${relativePath(dir, read.file ?? file)} ${read.reason}`);
    projects.push({ root: folderOf(file), configFile: file, configFiles: reading.files, runs: vitestRuns(folderOf(file), read.ok ? read.value : {}) });
  };
  const fromFolder = (folder: string) => {
    const names = fs.list(folder);
    const config = FOLDER_CONFIGS.find((n) => names.includes(n));
    if (config) fromFile(join(folder, config));
    else if (!seen.has(`${folder}/`)) {
      seen.add(`${folder}/`);
      projects.push({ root: folder, runs: vitestRuns(folder, {}) });
    }
  };
  const globs: string[] = [];
  for (const entry of definition) {
    if (typeof entry === 'string') {
      const spec = entry.replace('<rootDir>', '.');
      if (spec.startsWith('!') || picomatch.scan(spec).isGlob) {
        globs.push(spec);
        continue;
      }
      const path = join(dir, spec);
      if (fs.read(path) !== undefined) {
        if (CONFIG_FILE.test(path.slice(path.lastIndexOf('/') + 1))) fromFile(path);
      } else if (fs.list(path).length > 0) fromFolder(path);
    } else if (isObject(entry)) {
      projects.push(inlineProject(ts, fs, dir, rootConfig, entry, unread));
    }
  }
  for (const match of expandGlobs(fs, dir, globs)) {
    if (fs.read(match) !== undefined) {
      if (CONFIG_FILE.test(match.slice(match.lastIndexOf('/') + 1))) fromFile(match);
    } else fromFolder(match);
  }
  const defaults = unread.length === 0 ? undefined : `${unread[0]}${unread.length > 1 ? `, and ${unread.length - 1} more project configuration${unread.length > 2 ? 's are' : ' is'} not read` : ''}`;
  return { config: where, projects, ...(defaults ? { defaults } : {}) };
}

/** An inline project: `{ extends: true, test: { name: 'unit', root: './unit', include: [...] } }`. */
function inlineProject(ts: typeof TS, fs: Files, dir: string, rootConfig: ConfigObject, entry: ConfigObject, unread: string[]): VitestProject {
  const { extends: base, ...own } = entry;
  let config: ConfigObject = own;
  let configFiles: string[] | undefined;
  if (base === true) config = mergeConfigValues(rootConfig, own);
  else if (typeof base === 'string') {
    const file = join(dir, base);
    const reading = recordingReads(fs, [file]);
    configFiles = reading.files;
    const read = readConfigText(ts, file, fs.read(file) ?? '', reading.read);
    if (read.ok) config = mergeConfigValues(read.value, own);
    else unread.push(`${relativePath(dir, read.file ?? file)} ${read.reason}`);
  }
  // Vitest roots an inline project at its own `root` (its `test.root` before it), relative to the workspace's folder.
  const test = isObject(own.test) ? own.test : {};
  const rootSetting = typeof test.root === 'string' ? test.root : typeof own.root === 'string' ? own.root : '';
  const root = join(dir, rootSetting);
  return { root, ...(configFiles ? { configFiles } : {}), runs: vitestRuns(root, config) };
}

/** Folders (with no trailing slash) and files matching `globs` from `dir`, as vitest's glob finds them (`node_modules` left out), sorted. */
function expandGlobs(fs: Files, dir: string, globs: readonly string[]): string[] {
  const negated = globs.filter((g) => g.startsWith('!')).map((g) => clean(g.slice(1)));
  const left = negated.length > 0 ? picomatch(negated, { dot: true }) : () => false;
  const out = new Set<string>();
  for (const glob of globs.filter((g) => !g.startsWith('!'))) {
    const onlyFolders = glob.endsWith('/');
    let frontier = [dir];
    for (const segment of clean(glob).split('/')) {
      if (segment === '' || segment === '.') continue;
      const next: string[] = [];
      if (segment === '**') {
        // Zero or more folders, MAX_GLOB_DEPTH at most (explicit stack: no recursion over folders).
        const stack: Array<[string, number]> = frontier.map((f) => [f, 0]);
        while (stack.length > 0) {
          const [folder, depth] = stack.pop()!;
          next.push(folder);
          if (depth >= MAX_GLOB_DEPTH) continue;
          for (const name of fs.list(folder)) if (!SKIPPED.has(name) && fs.list(join(folder, name)).length > 0) stack.push([join(folder, name), depth + 1]);
        }
      } else if (segment === '..') {
        for (const f of frontier) if (f !== '') next.push(folderOf(f));
      } else {
        const matches = picomatch(segment, { dot: true });
        for (const f of frontier) for (const name of fs.list(f)) if (!SKIPPED.has(name) && matches(name)) next.push(join(f, name));
      }
      frontier = next;
    }
    for (const found of frontier) {
      const rel = relTo(dir, found);
      if (found === dir || left(rel) || left(`${rel}/`)) continue;
      if (onlyFolders && fs.read(found) !== undefined) continue;
      out.add(found);
    }
  }
  return [...out].sort();
}

const MAX_GLOB_DEPTH = 10;
/**
 * Folders no project is looked for in: the index's own (vitest's glob ignores `node_modules` and
 * `.git`; the rest are build output and caches, where no project's config lives either).
 */
const SKIPPED = IGNORED_DIRS;

function clean(glob: string): string {
  return glob.replace(/^\.\/+/, '').replace(/\/+$/, '');
}

const VITEST_INCLUDE = ['**/*.{test,spec}.?(c|m)[jt]s?(x)'];
const VITEST_TYPECHECK_INCLUDE = ['**/*.{test,spec}-d.?(c|m)[jt]s?(x)'];
const VITEST_EXCLUDE = ['**/node_modules/**', '**/dist/**', '**/cypress/**', '**/.{idea,git,cache,output,temp}/**', '**/{karma,rollup,webpack,vite,vitest,jest,ava,babel,nyc,cypress,tsup,build,eslint,prettier}.config.*'];

/**
 * Whether vitest, with `config` and its project root at `projectRoot` (root-relative), runs a
 * root-relative file: its `include` (and, with `typecheck.enabled`, its type tests) matched from
 * `test.dir` (TanStack/query: `dir: './src'`, `include: ['tests/**\/*.test.ts']`), but its `exclude`.
 */
export function vitestRuns(projectRoot: string, config: ConfigObject): (file: string) => boolean {
  const test: ConfigObject = isObject(config.test) ? config.test : {};
  const root = typeof test.dir === 'string' ? join(projectRoot, test.dir) : projectRoot;
  // With `typecheck.enabled`, `vitest run` also runs the type tests (`*.test-d.ts`).
  const typecheck: ConfigObject = isObject(test.typecheck) ? test.typecheck : {};
  const typeTests = typecheck.enabled === true ? (stringList(typecheck.include) ?? VITEST_TYPECHECK_INCLUDE) : [];
  const include = picomatch([...(stringList(test.include) ?? VITEST_INCLUDE), ...typeTests], { dot: true });
  const exclude = picomatch(stringList(test.exclude) ?? VITEST_EXCLUDE, { dot: true });
  return (file) => {
    if (!isUnder(file, root)) return false;
    const rel = relTo(root, file);
    return include(rel) && !exclude(rel);
  };
}
