import picomatch from 'picomatch';
import type * as TS from 'typescript';
import { ConfigObject, ConfigValue } from './ConfigValue';
import { isObject, readConfigText, recordingReads, regexList, stringList } from './runnerConfig';
import { BuildFirst, RunnerName } from './ImpactSummary';
import { isUnder, join, relativePath, relTo } from './rootRelative';
import { VitestWorkspace, vitestRuns, vitestWorkspace } from './vitestProjects';

/** What runner discovery reads: the workspace's files by root-relative posix path. */
export interface WorkspaceFiles {
  read(rel: string): string | undefined;
  /** The names in a folder ('' is the root); empty when it is no folder. */
  list(rel: string): string[];
}

/**
 * A test runner of the workspace and how it finds its tests: the patterns of its configuration
 * (mocha `spec`, jest `testMatch`/`testRegex`, vitest `include`, playwright `testDir`/`testMatch`,
 * node `--test` arguments), or its defaults where there is none (or none that can be read without
 * running it: `config` says so).
 */
export interface FoundRunner {
  name: RunnerName;
  /** The folder it runs in, root-relative ('' for the root). */
  dir: string;
  /** Where its patterns came from, for people: `.mocharc.jsonc`, `package.json ("jest")`, `vitest.config.ts`, `the runner's defaults`. */
  config: string;
  /** Why its defaults stand in for what its configuration file says: `vitest.config.ts is built at run time`. */
  defaults?: string;
  /** A vitest workspace's: how many projects it runs (each with its own configuration, all from `dir`). */
  projects?: number;
  /** The command without test arguments, run in `dir`: `npx mocha --no-config --timeout 90000` (`pnpm exec mocha …` in a pnpm workspace). */
  command: string;
  /** The command that runs all of its tests, as its configuration says (`npx mocha`). */
  suiteCommand: string;
  /** A root-relative source file as this runner sees it, or undefined when it does not run it. */
  match(file: string): RunnerMatch | undefined;
  /** The command-line argument for one test (`path` of a match): itself, or a pattern matching only it. */
  fileArg(path: string): string;
  /** One argument for every test of `pattern` under `folder` (a folder of `path`s), or undefined when the runner takes none. */
  folderArg(folder: string, pattern: number): string | undefined;
  /** Said with its command (mocha reading built files: build first). */
  note?: string;
  /**
   * The workspace files its configuration is read from (its config file and what that imports or
   * re-exports, a vitest workspace's project configurations; those of `also` too): a change to one
   * changes how its tests run, though no test reaches it through code (`impact` runs them).
   */
  configFiles: RunnerConfigFile[];
  /**
   * The same runner in the same folder under the other configurations the package's scripts run it
   * with (vercel/ai: `vitest.node.config.js`, then `vitest.edge.config.js`). A test belongs to the
   * runner (`classify`); each of these runs, besides, the tests its own patterns include.
   */
  also?: FoundRunner[];
}

/** A file a runner's configuration is read from, and which of the runner's tests a change to it changes. */
export interface RunnerConfigFile {
  /** Root-relative. */
  file: string;
  /** The tests it configures, when not all of the runner's: a vitest workspace project's, an `also` configuration's. */
  runs?(file: string): boolean;
}

export interface RunnerMatch {
  /** The file as the runner sees it: relative to the runner's folder; its built file when the runner runs those. */
  path: string;
  /** Which of the runner's patterns matched (folder arguments are made per pattern). */
  pattern: number;
}

/** The runners of a workspace, nearest folder first, and which runs a file. */
export interface TestRunners {
  runners: FoundRunner[];
  /**
   * Whether a root-relative source file is a test, and whose: the nearest runner above it that runs
   * it; `usual` for a file with a usual test name (`*.test.*`, `*.spec.*`, `__tests__/`) where no
   * runner is found above it; undefined for any other file (a helper or an entity under `test/` is
   * no test: the runner does not run it).
   */
  classify(file: string): { runner: number; match: RunnerMatch } | 'usual' | undefined;
  /**
   * What must run before the tests of the runners in `dirs` (root-relative package folders), as the
   * workspace's task runner makes its own test task wait: turbo.json's `dependsOn` (`^build`: the
   * package's dependencies built; `build`: the package itself), or nx's for the script that runs the
   * tests (`test:lib` → `^compile`). Undefined when nothing says so.
   */
  buildFirst(dirs: readonly string[]): BuildFirst | undefined;
}

/** `*.test.ts`, `app.spec.tsx`, `__tests__/x.js`: what the runners' defaults have in common. */
export function hasUsualTestName(file: string): boolean {
  return /(^|\/)__tests__\//.test(file) || /\.(test|spec)\.[cm]?[jt]sx?$/.test(file);
}

/**
 * Finds the test runners of every package folder holding `files` (root-relative sources): the root
 * and each folder above a file with a package.json. `files` is the workspace's (the graph's) list:
 * patterns are matched against it, and mocha patterns naming built files are mapped back to it.
 */
export function findTestRunners(ts: typeof TS, files: readonly string[], fs: WorkspaceFiles): TestRunners {
  const packageDirs = new Set<string>(['']);
  const checked = new Set<string>();
  for (const file of files) {
    for (let at = file.lastIndexOf('/'); at > 0; at = file.lastIndexOf('/', at - 1)) {
      const dir = file.slice(0, at);
      if (packageDirs.has(dir) || checked.has(dir)) break;
      checked.add(dir);
      if (fs.list(dir).includes('package.json')) packageDirs.add(dir);
    }
  }
  const sources = files.filter((f) => !f.endsWith('.d.ts') && !/\.d\.[cm]ts$/.test(f));
  const infos = new Map<string, PackageInfo>();
  const infoOf = (dir: string) => infos.get(dir) ?? infos.set(dir, packageInfo(ts, dir, fs)).get(dir)!;
  const vitest = vitestWorkspaces(ts, fs, [...packageDirs], infoOf);
  const runners: FoundRunner[] = [];
  for (const dir of [...packageDirs].sort((a, b) => b.length - a.length || (a < b ? -1 : 1))) runners.push(...runnersIn(ts, infoOf(dir), fs, sources, vitest));
  const byFile = new Map<string, ReturnType<TestRunners['classify']>>();
  return {
    runners,
    buildFirst: (dirs) => turboBuildFirst(ts, fs, dirs) ?? nxBuildFirst(ts, fs, dirs, packageDirs, runners),
    classify(file) {
      if (byFile.has(file)) return byFile.get(file);
      let found: ReturnType<TestRunners['classify']>;
      let anyAbove = false;
      for (let i = 0; i < runners.length && !found; i++) {
        if (!isUnder(file, runners[i].dir)) continue;
        anyAbove = true;
        const match = runners[i].match(file);
        if (match) found = { runner: i, match };
      }
      if (!found && !anyAbove && hasUsualTestName(file)) found = 'usual';
      byFile.set(file, found);
      return found;
    },
  };
}

/**
 * turbo.json's (or turbo.jsonc's) `test` task (`tasks`, turbo 1's `pipeline`): the tasks it depends
 * on, as one `turbo run` per way of depending (`^build` → `--filter=<package>^...`, the package's
 * dependencies; `build` → `--filter=<package>`; both → `--filter=<package>...`). vercel/ai's tests
 * import its packages' built files: `test` depends on `^build` and `build`, and a test run on a
 * fresh checkout without them fails to resolve its imports.
 */
function turboBuildFirst(ts: typeof TS, fs: WorkspaceFiles, dirs: readonly string[]): BuildFirst | undefined {
  const name = ['turbo.json', 'turbo.jsonc'].find((n) => fs.list('').includes(n));
  const text = name && fs.read(name);
  const read = name && text !== undefined ? readConfigText(ts, name, text) : undefined;
  if (!read?.ok) return undefined;
  const tasks = isObject(read.value.tasks) ? read.value.tasks : isObject(read.value.pipeline) ? read.value.pipeline : undefined;
  const test = tasks && isObject(tasks.test) ? tasks.test : undefined;
  const dependsOn = (test && stringList(test.dependsOn)) ?? [];
  // By task: whether the package's dependencies run it (`^task`), the package itself (`task`), or both.
  const ways = new Map<string, { deps: boolean; self: boolean }>();
  for (const entry of dependsOn) {
    const task = entry.replace(/^\^/, '');
    if (!/^[\w:.-]+$/.test(task)) continue; // `pkg#task` and turbo 1's `$ENV` are no task of the package
    const way = ways.get(task) ?? { deps: false, self: false };
    if (entry.startsWith('^')) way.deps = true;
    else way.self = true;
    ways.set(task, way);
  }
  if (ways.size === 0) return undefined;
  const packages = [...new Set(dirs)].filter((d) => d !== '').sort().flatMap((dir) => {
    const name = readConfigFile(ts, fs, join(dir, 'package.json'))?.name;
    return typeof name === 'string' ? [name] : [];
  });
  if (packages.length === 0) return undefined;
  const { exec } = EXEC[packageManagerOf('', readConfigFile(ts, fs, 'package.json') ?? {}, fs)];
  const suffix = (way: { deps: boolean; self: boolean }) => (way.deps && way.self ? '...' : way.deps ? '^...' : '');
  const commands = new Map<string, string[]>();
  for (const [task, way] of ways) commands.set(suffix(way), [...(commands.get(suffix(way)) ?? []), task]);
  const command = [...commands]
    .map(([end, list]) => `${exec} turbo run ${list.join(' ')} ${packages.map((p) => `--filter=${shellWord(`${p}${end}`)}`).join(' ')}`)
    .join(' && ');
  return { why: `${name}: test depends on ${dependsOn.join(', ')}`, command };
}

/** A JSON (or JSONC) file of the workspace as an object; undefined when absent or not one. */
function readConfigFile(ts: typeof TS, fs: WorkspaceFiles, rel: string): ConfigObject | undefined {
  const text = fs.read(rel);
  const read = text !== undefined ? readConfigText(ts, rel, text) : undefined;
  return read?.ok ? read.value : undefined;
}

/** The command-line word that runs each runner, as a package.json script names it. */
const RUNNER_WORD: Record<RunnerName, RegExp> = {
  vitest: /\bvitest\b/,
  jest: /\bjest\b/,
  mocha: /\bmocha\b/,
  playwright: /\bplaywright\s+test\b/,
  node: /\bnode\b[^&|;]*\s--test\b/,
};

/**
 * nx's `dependsOn` for the tasks that run the tests of the packages in `dirs`: a package's tasks
 * are its package.json scripts, and the task of its tests the script that runs its runner
 * (TanStack/query: `test:lib`, `vitest`, whose `targetDefaults` entry in nx.json depends on
 * `^compile`). What a task depends on is read where nx reads it, first found: the package's
 * project.json `targets`, its package.json `nx.targets`, nx.json `targetDefaults`. `^task` (or
 * `{ target, dependencies: true }`) runs the task in the package's workspace dependencies that
 * have it, which their package.json lists (nx runs their own `dependsOn` in turn); `task` in the
 * package itself. One `nx run-many` per task.
 */
function nxBuildFirst(ts: typeof TS, fs: WorkspaceFiles, dirs: readonly string[], packageDirs: ReadonlySet<string>, runners: readonly FoundRunner[]): BuildFirst | undefined {
  if (!fs.list('').includes('nx.json')) return undefined;
  const read = new Map<string, ConfigObject | undefined>();
  const readJson = (rel: string): ConfigObject | undefined => {
    if (!read.has(rel)) read.set(rel, readConfigFile(ts, fs, rel));
    return read.get(rel);
  };
  const nx = readJson('nx.json');
  if (!nx) return undefined;
  const defaults = isObject(nx.targetDefaults) ? nx.targetDefaults : {};
  const names = new Map<string, string>();
  const pkgs = new Map<string, ConfigObject>();
  for (const dir of packageDirs) {
    const pkg = readJson(join(dir, 'package.json'));
    if (!pkg) continue;
    pkgs.set(dir, pkg);
    if (typeof pkg.name === 'string') names.set(pkg.name, dir);
  }
  // Whether nx knows the task in a package (a script of it, or a target of its project.json): run-many skips the others.
  const hasTarget = (dir: string, task: string) => {
    const pkg = pkgs.get(dir);
    const project = readJson(join(dir, 'project.json'));
    return (!!pkg && isObject(pkg.scripts) && typeof pkg.scripts[task] === 'string') || (!!project && isObject(project.targets) && task in project.targets);
  };
  // By task: the projects it must run in.
  const runs = new Map<string, Set<string>>();
  const said = new Set<string>();
  const add = (task: string, project: string) => runs.set(task, (runs.get(task) ?? new Set()).add(project));
  // nx's name of a package's project: its project.json's, its package.json's `nx.name`, else the package's name.
  const projectName = (dir: string) => {
    const pkg = pkgs.get(dir);
    const project = readJson(join(dir, 'project.json'));
    const named = [project?.name, pkg && isObject(pkg.nx) ? pkg.nx.name : undefined, pkg?.name].find((n): n is string => typeof n === 'string');
    return named ?? dir;
  };
  for (const dir of [...new Set(dirs)].filter((d) => d !== '').sort()) {
    const pkg = pkgs.get(dir);
    if (!pkg || typeof pkg.name !== 'string') continue;
    const scripts = isObject(pkg.scripts) ? pkg.scripts : {};
    const words = runners.filter((r) => r.dir === dir).map((r) => RUNNER_WORD[r.name]);
    const tasks = Object.keys(scripts).filter((name) => typeof scripts[name] === 'string' && words.some((w) => w.test(scripts[name] as string)));
    const project = readJson(join(dir, 'project.json'));
    const own = (from: ConfigObject | undefined, task: string) => (from && isObject(from.targets) && isObject(from.targets[task]) ? from.targets[task] : undefined);
    const workspaceDeps = new Set<string>();
    for (const key of ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies']) {
      if (isObject(pkg[key])) for (const dep of Object.keys(pkg[key] as ConfigObject)) if (dep !== pkg.name && names.has(dep)) workspaceDeps.add(dep);
    }
    for (const task of tasks) {
      const target = own(project, task) ?? own(isObject(pkg.nx) ? pkg.nx : undefined, task) ?? (isObject(defaults[task]) ? defaults[task] : undefined);
      const dependsOn = target && Array.isArray(target.dependsOn) ? target.dependsOn : [];
      for (const entry of dependsOn) {
        const parsed =
          typeof entry === 'string'
            ? { task: entry.replace(/^\^/, ''), deps: entry.startsWith('^') }
            : isObject(entry) && typeof entry.target === 'string' && !Array.isArray(entry.projects)
              ? { task: entry.target, deps: entry.dependencies === true || entry.projects === 'dependencies' }
              : undefined;
        if (!parsed || !/^[\w:.-]+$/.test(parsed.task)) continue; // `project:task` and `{projects: [...]}` name other projects
        said.add(`${task} depends on ${typeof entry === 'string' ? entry : `${parsed.deps ? '^' : ''}${parsed.task}`}`);
        if (!parsed.deps) add(parsed.task, projectName(dir));
        else for (const dep of workspaceDeps) if (hasTarget(names.get(dep)!, parsed.task)) add(parsed.task, projectName(names.get(dep)!));
      }
    }
  }
  if (runs.size === 0) return undefined;
  const rootPkg = pkgs.get('') ?? readJson('package.json') ?? {};
  const { exec } = EXEC[packageManagerOf('', rootPkg, fs)];
  const command = [...runs]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([task, projects]) => `${exec} nx run-many -t ${shellWord(task)} -p ${shellWord([...projects].sort().join(','))}`)
    .join(' && ');
  return { why: `nx: ${[...said].sort().join(', ')}`, command };
}

interface PackageInfo {
  dir: string;
  entries: string[];
  pkg: ConfigObject;
  scripts: string[];
  deps: Set<string>;
  /** How the workspace's package manager runs an installed tool (`npx`, `pnpm exec`, `yarn`, `bunx`). */
  exec: string;
  /** How it runs a package.json script (`npm run`, `pnpm run`, `yarn run`, `bun run`). */
  run: string;
}

type PackageManager = 'npm' | 'pnpm' | 'yarn' | 'bun';
const EXEC: Record<PackageManager, { exec: string; run: string }> = {
  npm: { exec: 'npx', run: 'npm run' },
  pnpm: { exec: 'pnpm exec', run: 'pnpm run' },
  yarn: { exec: 'yarn', run: 'yarn run' },
  bun: { exec: 'bunx', run: 'bun run' },
};

/**
 * The package manager of a package folder: its package.json's `packageManager` or
 * `devEngines.packageManager`, else the nearest lock file in it or above it (npm 11 refuses `npx`
 * in a project whose devEngines names pnpm: the command must be the project's own).
 */
function packageManagerOf(dir: string, pkg: ConfigObject, fs: WorkspaceFiles): PackageManager {
  const named = (v: ConfigValue | undefined) => (typeof v === 'string' ? /^(npm|pnpm|yarn|bun)\b/.exec(v)?.[1] : undefined) as PackageManager | undefined;
  const dev = isObject(pkg.devEngines) && isObject(pkg.devEngines.packageManager) ? pkg.devEngines.packageManager.name : undefined;
  const declared = named(pkg.packageManager) ?? named(dev);
  if (declared) return declared;
  for (let at: string | undefined = dir; at !== undefined; at = at === '' ? undefined : at.includes('/') ? at.slice(0, at.lastIndexOf('/')) : '') {
    const names = fs.list(at);
    if (names.includes('pnpm-lock.yaml') || names.includes('pnpm-workspace.yaml')) return 'pnpm';
    if (names.includes('yarn.lock')) return 'yarn';
    if (names.includes('bun.lockb') || names.includes('bun.lock')) return 'bun';
    if (names.includes('package-lock.json')) return 'npm';
    if (at !== dir && names.includes('package.json')) {
      const text = fs.read(join(at, 'package.json'));
      const above = text ? /"packageManager"\s*:\s*"(npm|pnpm|yarn|bun)@/.exec(text)?.[1] : undefined;
      if (above) return above as PackageManager;
    }
  }
  return 'npm';
}

/** A package folder: its package.json, and how its package manager runs tools. */
function packageInfo(ts: typeof TS, dir: string, fs: WorkspaceFiles): PackageInfo {
  const entries = fs.list(dir);
  const pkgText = entries.includes('package.json') ? fs.read(join(dir, 'package.json')) : undefined;
  const pkgRead = pkgText !== undefined ? readConfigText(ts, 'package.json', pkgText) : undefined;
  const pkg = pkgRead?.ok ? pkgRead.value : {};
  const scripts = isObject(pkg.scripts) ? Object.values(pkg.scripts).filter((s): s is string => typeof s === 'string') : [];
  const deps = new Set<string>();
  for (const key of ['dependencies', 'devDependencies']) if (isObject(pkg[key])) for (const name of Object.keys(pkg[key] as ConfigObject)) deps.add(name);
  return { dir, entries, pkg, scripts, deps, ...EXEC[packageManagerOf(dir, pkg, fs)] };
}

function runnersIn(ts: typeof TS, info: PackageInfo, fs: WorkspaceFiles, sources: readonly string[], vitest: VitestWorkspaces): FoundRunner[] {
  const inDir = sources.filter((f) => isUnder(f, info.dir));
  const out: FoundRunner[] = [];
  for (const make of [jestRunner, vitestRunner(vitest), mochaRunner, playwrightRunner, nodeTestRunner]) {
    const runner = make(ts, info, fs, inDir);
    if (runner) out.push(runner);
  }
  return out;
}

/** A configuration file of a runner: its name in the folder, what it says, and the files that was read from (root-relative: it first). */
type ConfigFile = { name: string; read: ReturnType<typeof readConfigText>; files: string[] };

/** The first of `names` in the folder, with what it says. */
function configFile(ts: typeof TS, info: PackageInfo, fs: WorkspaceFiles, names: readonly string[]): ConfigFile | undefined {
  const name = names.find((n) => info.entries.includes(n));
  if (!name) return undefined;
  const file = join(info.dir, name);
  const reading = recordingReads(fs, [file]);
  const text = fs.read(file) ?? '';
  // What it takes from another file (tRPC: `export { default } from '../../vitest.config'`) is read there.
  return { name, read: readConfigText(ts, file, text, reading.read), files: reading.files };
}

/** A runner's configuration files: each of `file`'s, configuring all its tests. */
function configFilesOf(file: ConfigFile | undefined): RunnerConfigFile[] {
  return (file?.files ?? []).map((f) => ({ file: f }));
}

function mentions(info: PackageInfo, word: RegExp, dep: string): boolean {
  return info.scripts.some((s) => word.test(s)) || info.deps.has(dep);
}

/**
 * A runner's `config` and, when its file could not be read, why its defaults stand in (`defaults`):
 * the file that could not be read (the one it imports, from the runner's folder) and why.
 */
function described(dir: string, file: ConfigFile | undefined, otherwise: string): Pick<FoundRunner, 'config' | 'defaults'> {
  if (!file) return { config: otherwise };
  if (file.read.ok) return { config: file.name };
  return { config: file.name, defaults: `${file.read.file === undefined ? file.name : relativePath(dir, file.read.file)} ${file.read.reason}` };
}

const SCRIPT_EXTENSIONS = ['ts', 'mts', 'cts', 'js', 'mjs', 'cjs'];
const configNames = (stem: string) => SCRIPT_EXTENSIONS.map((e) => `${stem}.${e}`);

// ---- jest -------------------------------------------------------------------------------------

const JEST_TEST_MATCH = ['**/__tests__/**/*.?([mc])[jt]s?(x)', '**/?(*.)+(spec|test).?([mc])[jt]s?(x)'];

function jestRunner(ts: typeof TS, info: PackageInfo, fs: WorkspaceFiles, sources: readonly string[]): FoundRunner | undefined {
  const file = configFile(ts, info, fs, [...configNames('jest.config'), 'jest.config.json']);
  const inPkg = isObject(info.pkg.jest) ? info.pkg.jest : undefined;
  if (!file && !inPkg && !mentions(info, /\bjest\b/, 'jest')) return undefined;
  const config: ConfigObject = file?.read.ok ? file.read.value : (inPkg ?? {});
  const rootDir = join(info.dir, typeof config.rootDir === 'string' ? config.rootDir : '');
  const withRoot = (p: string) => p.replace(/<rootDir>/g, `/${rootDir}`.replace(/\/$/, ''));
  const roots = (stringList(config.roots) ?? ['<rootDir>']).map((r) => withRoot(r).replace(/^\/+/, ''));
  const ignore = (stringList(config.testPathIgnorePatterns) ?? ['/node_modules/']).map((p) => safeRegex(withRoot(p)));
  const regexes = regexList(config.testRegex);
  const globs = picomatch((stringList(config.testMatch) ?? JEST_TEST_MATCH).map(withRoot), { dot: true });
  return {
    name: 'jest',
    dir: info.dir,
    ...described(info.dir, file, inPkg ? 'package.json ("jest")' : "the runner's defaults"),
    command: `${info.exec} jest`,
    suiteCommand: `${info.exec} jest`,
    configFiles: configFilesOf(file),
    match(f) {
      const abs = `/${f}`;
      if (!roots.some((r) => isUnder(f, r))) return undefined;
      if (ignore.some((r) => r?.test(abs))) return undefined;
      const hit = regexes ? regexes.some((r) => r.test(abs)) : globs(abs);
      return hit ? { path: relTo(info.dir, f), pattern: 0 } : undefined;
    },
    fileArg: (path) => shellWord(escapeRegex(path)),
    folderArg: (folder) => shellWord(`${escapeRegex(folder)}/`),
  };
}

function safeRegex(source: string): RegExp | undefined {
  try {
    return new RegExp(source);
  } catch {
    return undefined;
  }
}

/** A path as a pattern matching itself (jest and playwright take regular expressions). */
function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

// ---- vitest -----------------------------------------------------------------------------------

/** The configs vitest runs with in a package folder, the first the one `vitest run` takes there; undefined when no vitest runs there. */
type VitestChoice = Array<{ file: ReturnType<typeof configFile>; given?: string }>;

function vitestChoice(ts: typeof TS, info: PackageInfo, fs: WorkspaceFiles): VitestChoice | undefined {
  // The configs the package's own scripts run vitest with (`vitest --config vitest.node.config.js`):
  // vercel/ai's vitest.config.js only exports a helper the real configs call, and `vitest run` with it
  // fails at start ("config must export or return an object"). Every one of them runs: vercel/ai's
  // `test` script runs its tests under the node config, then under the edge runtime's.
  const given = [...new Set(info.scripts.flatMap((script) => [...script.matchAll(VITEST_CONFIG_FLAG)].map((m) => m[2].replace(/^\.\//, ''))))].filter((n) => info.entries.includes(n));
  if (given.length > 0) return given.map((name) => ({ file: configFile(ts, info, fs, [name]), given: name }));
  let file = configFile(ts, info, fs, configNames('vitest.config'));
  // vite.config.* counts when it configures tests (a `test` block) or nothing else names a runner.
  const vite = file ? undefined : configFile(ts, info, fs, configNames('vite.config'));
  if (vite && (!vite.read.ok || isObject(vite.read.value.test))) file = vite;
  if (!file && !mentions(info, /\bvitest\b/, 'vitest')) return undefined;
  return [{ file }];
}

/**
 * The vitest workspaces of the package folders (vitestWorkspace), outermost first, and what they
 * run as projects: a package whose vitest config is a project's runs from the workspace's folder,
 * not its own (tRPC: every `cd packages/x && vitest run` failed at start), and the projects its
 * config defines are none (vitest does not nest them).
 */
interface VitestWorkspaces {
  choice(info: PackageInfo): VitestChoice | undefined;
  at: Map<string, VitestWorkspace | { unread: string }>;
  /** Root-relative config files, and folders (`packages/c/`) without one, that a workspace runs as projects. */
  projects: Set<string>;
}

function vitestWorkspaces(ts: typeof TS, fs: WorkspaceFiles, dirs: readonly string[], infoOf: (dir: string) => PackageInfo): VitestWorkspaces {
  const choices = new Map<string, VitestChoice | undefined>();
  const out: VitestWorkspaces = {
    choice: (info) => (choices.has(info.dir) ? choices.get(info.dir) : choices.set(info.dir, vitestChoice(ts, info, fs)).get(info.dir)),
    at: new Map(),
    projects: new Set(),
  };
  for (const dir of [...dirs].sort((a, b) => a.length - b.length || (a < b ? -1 : 1))) {
    const first = out.choice(infoOf(dir))?.[0];
    if (!first || out.projects.has(projectKey(dir, first.file))) continue;
    const found = vitestWorkspace(ts, fs, dir, first.file && { file: join(dir, first.file.name), read: first.file.read });
    if (!found) continue;
    out.at.set(dir, found);
    if ('projects' in found) for (const p of found.projects) out.projects.add(p.configFile ?? `${p.root}/`);
  }
  return out;
}

/** How a package's vitest config is named among a workspace's projects: its file, or its folder (`packages/c/`) when it has none. */
function projectKey(dir: string, file: ReturnType<typeof configFile>): string {
  return file ? join(dir, file.name) : `${dir}/`;
}

function vitestRunner(vitest: VitestWorkspaces) {
  return (ts: typeof TS, info: PackageInfo, fs: WorkspaceFiles, sources: readonly string[]): FoundRunner | undefined => {
    const choice = vitest.choice(info);
    if (!choice) return undefined;
    const workspace = vitest.at.get(info.dir);
    if (!workspace && vitest.projects.has(projectKey(info.dir, choice[0].file))) return undefined;
    const [first, ...rest] = choice.map((c) => vitestWith(info, c.file, c.given));
    let main = first;
    if (workspace && 'projects' in workspace) main = workspaceRunner(info, workspace, choice[0].file, choice[0].given);
    else if (workspace) main = { ...first, defaults: first.defaults ?? workspace.unread };
    if (rest.length === 0) return main;
    // Another configuration's files configure the tests it runs (its tests are the main runner's).
    const others = rest.flatMap((r) => r.configFiles.map((c): RunnerConfigFile => ({ file: c.file, runs: (f) => r.match(f) !== undefined })));
    return { ...main, configFiles: [...main.configFiles, ...others], also: rest };
  };
}

/** Vitest in a package with `file`'s settings (the defaults without one), run with `--config <given>` when its scripts name the file. */
function vitestWith(info: PackageInfo, file: ReturnType<typeof configFile>, given: string | undefined): FoundRunner {
  const top: ConfigObject = file?.read.ok ? file.read.value : {};
  const test: ConfigObject = isObject(top.test) ? top.test : {};
  const runs = vitestRuns(join(info.dir, typeof test.root === 'string' ? test.root : typeof top.root === 'string' ? top.root : ''), top);
  const command = `${info.exec} vitest run${given ? ` --config ${shellWord(given)}` : ''}`;
  return {
    name: 'vitest',
    dir: info.dir,
    ...described(info.dir, file, "the runner's defaults"),
    command,
    suiteCommand: command,
    configFiles: configFilesOf(file),
    match: (f) => (runs(f) ? { path: relTo(info.dir, f), pattern: 0 } : undefined),
    fileArg: (path) => shellWord(path),
    folderArg: (folder) => shellWord(`${folder}/`),
  };
}

/**
 * A vitest workspace's runner: every project's tests, run from the workspace's folder with paths
 * relative to it (vitest filters each project's files by them), in one command.
 */
function workspaceRunner(info: PackageInfo, workspace: VitestWorkspace, file: ConfigFile | undefined, given: string | undefined): FoundRunner {
  const command = `${info.exec} vitest run${given ? ` --config ${shellWord(given)}` : ''}`;
  // The workspace's own configuration configures every project; a project's, its own tests.
  const projectFiles = workspace.projects.flatMap((p) => (p.configFiles ?? []).map((f): RunnerConfigFile => ({ file: f, runs: p.runs })));
  return {
    name: 'vitest',
    dir: info.dir,
    config: workspace.config,
    projects: workspace.projects.length,
    ...(workspace.defaults ? { defaults: workspace.defaults } : {}),
    command,
    suiteCommand: command,
    configFiles: [...configFilesOf(file), ...workspace.configFiles.map((f) => ({ file: f })), ...projectFiles],
    match: (f) => (isUnder(f, info.dir) && workspace.projects.some((p) => p.runs(f)) ? { path: relTo(info.dir, f), pattern: 0 } : undefined),
    fileArg: (path) => shellWord(path),
    folderArg: (folder) => shellWord(`${folder}/`),
  };
}

/** `--config <file>` / `-c <file>` / `--config=<file>` in a script that runs vitest (up to the next `&&`, `;` or `|`). */
const VITEST_CONFIG_FLAG = /\bvitest\b[^&;|]*?\s(?:--config|-c)(?:=|\s+)(['"]?)([^\s'"&;|]+)\1/g;

// ---- mocha ------------------------------------------------------------------------------------

/** Mocha's own order of configuration files. */
const MOCHA_RC = ['.mocharc.cjs', '.mocharc.js', '.mocharc.mjs', '.mocharc.yaml', '.mocharc.yml', '.mocharc.jsonc', '.mocharc.json'];

function mochaRunner(ts: typeof TS, info: PackageInfo, fs: WorkspaceFiles, sources: readonly string[]): FoundRunner | undefined {
  const file = configFile(ts, info, fs, MOCHA_RC);
  const inPkg = isObject(info.pkg.mocha) ? info.pkg.mocha : undefined;
  if (!file && !inPkg && !mentions(info, /\bmocha\b/, 'mocha')) return undefined;
  const config: ConfigObject = { ...(inPkg ?? {}), ...(file?.read.ok ? file.read.value : {}) };
  const extensions = stringList(config.extension) ?? ['js', 'cjs', 'mjs'];
  const recursive = config.recursive === true;
  const given = stringList(config.spec);
  const specs = (given ?? ['./test']).map((s) => specGlob(s, extensions, recursive));
  const ignore = picomatch((stringList(config.ignore) ?? []).map((p) => p.replace(/^\.\//, '')), { dot: true });
  const patterns = specs.map((glob) => mochaPattern(glob, info.dir, sources));
  // Files given on the command line are added to a configured `spec`, not put in its place: restate the rest without it.
  const options = given ? restatedOptions(config) : [];
  const flags = given ? ['--no-config', ...(inPkg ? ['--no-package'] : []), ...options] : [];
  const built = patterns.find((p) => p.builtPrefix !== undefined)?.builtPrefix;
  return {
    name: 'mocha',
    dir: info.dir,
    ...described(info.dir, file, inPkg ? 'package.json ("mocha")' : "the runner's defaults"),
    command: [`${info.exec} mocha`, ...flags].join(' '),
    suiteCommand: `${info.exec} mocha`,
    configFiles: configFilesOf(file),
    note: built !== undefined ? `mocha runs the built files (${built}…): build first` : undefined,
    match(f) {
      const rel = relTo(info.dir, f);
      for (let i = 0; i < patterns.length; i++) {
        const path = patterns[i].match(rel);
        if (path !== undefined && !ignore(path)) return { path, pattern: i };
      }
      return undefined;
    },
    fileArg: (path) => shellWord(path),
    folderArg: (folder, pattern) => {
      const glob = patterns[pattern]?.folderGlob(folder);
      return glob && shellWord(glob);
    },
  };
}

/** A `spec` entry as a glob: a folder gets the configured extensions (`test` → `test/*.{js,cjs,mjs}`). */
function specGlob(spec: string, extensions: readonly string[], recursive: boolean): string {
  const clean = spec.replace(/^\.\/+/, '').replace(/\/+$/, '');
  if (picomatch.scan(clean).isGlob || /\.[a-z0-9]+$/i.test(clean)) return clean;
  const ext = extensions.length === 1 ? extensions[0] : `{${extensions.join(',')}}`;
  return `${clean}/${recursive ? '**/' : ''}*.${ext.replace(/^\./, '')}`;
}

interface MochaPattern {
  /** The file as mocha takes it (relative to the runner's folder), or undefined when the pattern does not take it. */
  match(rel: string): string | undefined;
  folderGlob(folder: string): string | undefined;
  /** Set when the pattern names built files: the folder they are built into (`build/compiled/`). */
  builtPrefix?: string;
}

/**
 * A mocha spec glob over the sources. A glob matching no source but naming files under a folder no
 * source is in (`./build/compiled/test/**\/*.test.js`, TypeScript's `outDir`) names the built files
 * of sources under the rest of its path: the prefix that maps the most sources to files the glob
 * matches (`build/compiled/` + `test/x.test.ts` as `.js`) is taken, and the built paths are what
 * the command names.
 */
function mochaPattern(glob: string, dir: string, sources: readonly string[]): MochaPattern {
  const matches = picomatch(glob, { dot: true });
  const tail = /(^|\/)\*\*\/([^/]+)$/.exec(glob)?.[2];
  const folderGlob = () => (folder: string) => (tail ? `${folder}/**/${tail}` : undefined);
  const rels = sources.map((f) => relTo(dir, f));
  if (rels.some((r) => matches(r))) return { match: (rel) => (matches(rel) ? rel : undefined), folderGlob: folderGlob() };
  const base = picomatch.scan(glob).base;
  let best: { prefix: string; count: number } | undefined;
  for (let at = base.indexOf('/'); at >= 0; at = base.indexOf('/', at + 1)) {
    const prefix = base.slice(0, at + 1);
    if (rels.some((r) => r.startsWith(prefix))) continue; // sources live there: not a build folder
    const count = rels.filter((r) => matches(prefix + builtName(r))).length;
    if (count > (best?.count ?? 0)) best = { prefix, count };
  }
  if (!best) return { match: () => undefined, folderGlob: () => undefined };
  const prefix = best.prefix;
  return { match: (rel) => (matches(prefix + builtName(rel)) ? prefix + builtName(rel) : undefined), folderGlob: folderGlob(), builtPrefix: prefix };
}

/** What TypeScript emits for a source: `.ts`/`.tsx` → `.js`, `.mts` → `.mjs`, `.cts` → `.cjs`. */
function builtName(rel: string): string {
  return rel.replace(/\.tsx?$/, '.js').replace(/\.mts$/, '.mjs').replace(/\.cts$/, '.cjs');
}

/** Mocha's settings as command-line options (`"timeout": 90000` → `--timeout 90000`), but `spec`. */
function restatedOptions(config: ConfigObject): string[] {
  const out: string[] = [];
  for (const [key, value] of Object.entries(config)) {
    if (key === 'spec' || key === '$schema' || key === '_' || value === undefined) continue;
    const flag = `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
    for (const v of Array.isArray(value) ? value : [value]) {
      if (v === true) out.push(flag);
      else if (v === false) out.push(`--no-${flag.slice(2)}`);
      else if (typeof v === 'string' || typeof v === 'number') out.push(flag, shellWord(String(v)));
    }
  }
  return out;
}

/** A word the shell passes as it is: quoted when it holds anything but plain path characters. */
export function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

// ---- playwright -------------------------------------------------------------------------------

const PLAYWRIGHT_TEST_MATCH = '**/*.@(spec|test).?(c|m)[jt]s?(x)';

function playwrightRunner(ts: typeof TS, info: PackageInfo, fs: WorkspaceFiles, sources: readonly string[]): FoundRunner | undefined {
  const file = configFile(ts, info, fs, configNames('playwright.config'));
  if (!file && !info.scripts.some((s) => /\bplaywright\s+test\b/.test(s))) return undefined;
  const config: ConfigObject = file?.read.ok ? file.read.value : {};
  const testDir = join(info.dir, typeof config.testDir === 'string' ? config.testDir : '');
  const matcher = (v: ConfigValue | undefined, fallback: string[] | undefined) => {
    const regexes = v !== undefined && !stringList(v) ? regexList(v) : undefined;
    if (regexes) return (rel: string) => regexes.some((r) => r.test(`/${rel}`));
    const globs = stringList(v) ?? fallback;
    return globs ? picomatch(globs, { dot: true }) : () => false;
  };
  const testMatch = matcher(config.testMatch, [PLAYWRIGHT_TEST_MATCH]);
  const testIgnore = matcher(config.testIgnore, undefined);
  return {
    name: 'playwright',
    dir: info.dir,
    ...described(info.dir, file, "the runner's defaults"),
    command: `${info.exec} playwright test`,
    suiteCommand: `${info.exec} playwright test`,
    configFiles: configFilesOf(file),
    match(f) {
      if (!isUnder(f, testDir)) return undefined;
      const rel = relTo(testDir, f);
      return testMatch(rel) && !testIgnore(rel) ? { path: relTo(info.dir, f), pattern: 0 } : undefined;
    },
    fileArg: (path) => shellWord(escapeRegex(path)),
    folderArg: (folder) => shellWord(`${escapeRegex(folder)}/`),
  };
}

// ---- node --test ------------------------------------------------------------------------------

/** Node's own defaults when `--test` is given no pattern. */
const NODE_TEST_DEFAULTS = ['**/*.test.{cjs,mjs,js}', '**/*-test.{cjs,mjs,js}', '**/*_test.{cjs,mjs,js}', '**/test-*.{cjs,mjs,js}', '**/test.{cjs,mjs,js}', '**/test/**/*.{cjs,mjs,js}'];

/** Node options that take a value as the next word. */
const NODE_VALUE_OPTIONS = new Set(['-r', '--require', '--import', '--loader', '--experimental-loader', '--test-reporter', '--test-reporter-destination', '--test-name-pattern', '--test-skip-pattern', '--test-concurrency', '--test-timeout', '--test-shard', '--env-file', '--conditions', '-C']);

function nodeTestRunner(ts: typeof TS, info: PackageInfo, fs: WorkspaceFiles, sources: readonly string[]): FoundRunner | undefined {
  const script = nodeTestScript(info.pkg);
  if (!script) return undefined;
  const globs = script.patterns.length > 0 ? script.patterns : NODE_TEST_DEFAULTS;
  const matchers = globs.map((g) => picomatch(g.replace(/^\.\//, ''), { dot: true }));
  const tails = globs.map((g) => /(^|\/)\*\*\/([^/]+)$/.exec(g)?.[2]);
  return {
    name: 'node',
    dir: info.dir,
    config: `package.json (scripts.${script.name})`,
    command: script.command,
    suiteCommand: `${info.run} ${script.name}`,
    configFiles: [],
    match(f) {
      const rel = relTo(info.dir, f);
      const i = matchers.findIndex((m) => m(rel));
      return i >= 0 ? { path: rel, pattern: i } : undefined;
    },
    fileArg: (path) => shellWord(path),
    folderArg: (folder, pattern) => (tails[pattern] ? shellWord(`${folder}/**/${tails[pattern]}`) : undefined),
  };
}

/** The first script (`test` first) running `node … --test …`: its command without patterns, and the patterns. */
function nodeTestScript(pkg: ConfigObject): { name: string; command: string; patterns: string[] } | undefined {
  const scripts = isObject(pkg.scripts) ? pkg.scripts : {};
  const names = Object.keys(scripts).sort((a, b) => (a === 'test' ? -1 : b === 'test' ? 1 : 0));
  for (const name of names) {
    const text = scripts[name];
    if (typeof text !== 'string') continue;
    for (const part of text.split(/&&|\|\||;/)) {
      const words: string[] = part.trim().match(/'[^']*'|"[^"]*"|\S+/g) ?? [];
      if (words[0] !== 'node' || !words.includes('--test')) continue;
      const kept: string[] = [];
      const patterns: string[] = [];
      for (let i = 0; i < words.length; i++) {
        const w = words[i];
        if (i > 0 && !w.startsWith('-') && !NODE_VALUE_OPTIONS.has(words[i - 1])) patterns.push(w.replace(/^(['"])(.*)\1$/, '$2'));
        else kept.push(w);
      }
      return { name, command: kept.join(' '), patterns };
    }
  }
  return undefined;
}
