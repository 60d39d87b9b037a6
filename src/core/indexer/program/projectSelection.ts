import * as fs from 'fs';
import * as path from 'path';
import { ExcludedPaths } from '../excludedPaths';
import { ProjectConfig } from './discoverProjects';
import { nearestPackageDir } from './projectReach';
import { readJson } from './readJson';
import { workspaceDirs } from './workspaceGlobs';

/** A project left out of the index, and why. */
export interface SkippedProject {
  /** Root-relative config path. */
  config: string;
  /**
   * 'excluded': every file it lists is excluded (tsCodeGraph.exclude, --exclude); 'uninstalled': see
   * `uninstalledPackage`; 'memory': its program alone would not fit the memory budget (`overBudget`).
   */
  why: 'excluded' | 'uninstalled' | 'memory';
  /** For 'uninstalled': its package's folder, root-relative. */
  packageDir?: string;
}

/**
 * Which projects and files the index takes: the configs found, less what the exclude globs leave
 * out (files, and projects none of whose files are left), less the projects whose dependencies are
 * not installed (`uninstalledPackage`). Records what it skipped for the report, the log and answers.
 */
export class ProjectSelection {
  skipped: SkippedProject[] = [];
  /** The configs of the projects skipped as uninstalled (what they could import, for answers). */
  uninstalled: ProjectConfig[] = [];
  /** The configs of the projects skipped because their program alone would not fit the memory budget. */
  overBudget: ProjectConfig[] = [];
  /** The budget those were measured against, for the texts that name it. */
  private budgetText = '';

  constructor(
    private readonly root: string,
    readonly excluded: ExcludedPaths,
  ) {}

  /** Whether an absolute path is left out by the exclude globs. */
  excludes(abs: string): boolean {
    return this.excluded.excludesAbsolute(this.root, abs);
  }

  /** The config with the excluded files taken out of its list. */
  withoutExcluded(config: ProjectConfig): ProjectConfig {
    return this.excluded.empty ? config : { ...config, fileNames: config.fileNames.filter((f) => !this.excludes(f)) };
  }

  /** The projects to index, of those found; the rest go to `skipped`. */
  select(configs: readonly ProjectConfig[], { skipUninstalled = true } = {}): ProjectConfig[] {
    this.skipped = [];
    this.uninstalled = [];
    const kept: ProjectConfig[] = [];
    const uninstalled = new Map<ProjectConfig, string>();
    const members = new Set(workspaceDirs(this.root));
    for (const config of configs) {
      const rel = config.configPath ? path.posix.relative(this.root, config.configPath) : '(inferred)';
      const left = this.withoutExcluded(config);
      if (config.fileNames.length > 0 && left.fileNames.length === 0) {
        this.skipped.push({ config: rel, why: 'excluded' });
        continue;
      }
      const packageDir = skipUninstalled && config.configPath ? uninstalledPackage(this.root, config.configPath, members) : undefined;
      if (packageDir) uninstalled.set(left, packageDir);
      kept.push(left);
    }
    // Never all of them: a workspace whose every project is uninstalled is indexed as it is.
    if (uninstalled.size === kept.length) return kept;
    this.uninstalled = [...uninstalled.keys()];
    for (const [config, dir] of uninstalled) this.skipped.push({ config: path.posix.relative(this.root, config.configPath!), why: 'uninstalled', packageDir: path.posix.relative(this.root, dir) });
    return kept.filter((c) => !uninstalled.has(c));
  }

  /**
   * Leaves out the projects whose estimated program (`cost`, MB) is larger than the whole budget
   * (`budgetMb`): building one would run out of memory. Never the only project left: then it is
   * indexed as it is (a smaller budget cannot index less than one project).
   */
  dropOverBudget(configs: ProjectConfig[], cost: (c: ProjectConfig) => number, budgetMb: number, budgetText: string): ProjectConfig[] {
    this.overBudget = [];
    this.budgetText = budgetText;
    const over = configs.filter((c) => cost(c) > budgetMb);
    if (over.length === 0 || over.length === configs.length) return configs;
    this.overBudget = over;
    for (const c of over) this.skipped.push({ config: c.configPath ? path.posix.relative(this.root, c.configPath) : '(inferred)', why: 'memory' });
    return configs.filter((c) => !over.includes(c));
  }

  /** Why a root-relative file that exists is not in the graph, when this selection left it out. */
  whyLeftOut(rel: string): string | undefined {
    const glob = this.excluded.globFor(rel);
    if (glob !== undefined) return `it is left out by the exclude glob \`${glob}\``;
    const abs = path.posix.join(this.root, rel);
    const big = this.overBudget.find((c) => c.fileNames.includes(abs));
    if (big) return `its project ${path.posix.relative(this.root, big.configPath ?? this.root)} was not indexed: its program would not fit the memory budget (${this.budgetText})`;
    const skipped = this.skipped.find((s) => s.why === 'uninstalled' && (rel === s.packageDir || rel.startsWith(`${s.packageDir}/`)));
    return skipped && `its project ${skipped.config} was not indexed because its dependencies are not installed (install them in ${skipped.packageDir} to index it)`;
  }

  /** The warning for the projects skipped as too large for the memory budget (none: undefined). */
  overBudgetWarning(): string | undefined {
    const over = this.skipped.filter((s) => s.why === 'memory').map((s) => s.config);
    if (over.length === 0) return undefined;
    const shown = over.slice(0, 5).join(', ') + (over.length > 5 ? `, and ${over.length - 5} more` : '');
    return `${over.length} project${over.length === 1 ? ' was' : 's were'} not indexed because ${over.length === 1 ? 'its program' : 'each one\'s program'} alone would not fit the memory budget (${this.budgetText}): ${shown}. Raise the budget to index ${over.length === 1 ? 'it' : 'them'}.`;
  }

  /** The warning for the projects skipped as uninstalled (none: undefined): the report, the log, stats. */
  uninstalledWarning(): string | undefined {
    const dirs = [...new Set(this.skipped.filter((s) => s.why === 'uninstalled').map((s) => s.packageDir!))].sort();
    if (dirs.length === 0) return undefined;
    const projects = this.skipped.filter((s) => s.why === 'uninstalled').length;
    const shown = dirs.slice(0, 5).join(', ') + (dirs.length > 5 ? `, and ${dirs.length - 5} more` : '');
    return `${projects} project${projects === 1 ? ' was' : 's were'} not indexed because ${projects === 1 ? 'its' : 'their'} dependencies are not installed (${dirs.length === 1 ? 'a folder' : `${dirs.length} folders`} with a package.json of ${dirs.length === 1 ? 'its' : 'their'} own, not members of the workspace, no node_modules): ${shown}. Install a folder's dependencies to index it.`;
  }
}

/**
 * The folder of the package a config belongs to when its dependencies are not installed, so that
 * the program would resolve next to nothing (payload's examples/ and templates/: 27 of its 174
 * projects, 48 s of its index): the workspace is installed (`<root>/node_modules`) and lists its
 * members, and the config's nearest package.json is none of them, declares dependencies and has no
 * node_modules beside it. Installing that folder's dependencies brings it back.
 */
export function uninstalledPackage(root: string, configPath: string, members: ReadonlySet<string>): string | undefined {
  if (members.size === 0 || !fs.existsSync(`${root}/node_modules`)) return undefined;
  const dir = nearestPackageDir(root, path.posix.dirname(configPath));
  if (dir === root || members.has(dir) || fs.existsSync(`${dir}/node_modules`)) return undefined;
  const manifest = readJson(`${dir}/package.json`) ?? {};
  const declares = ['dependencies', 'devDependencies', 'peerDependencies'].some((f) => {
    const deps = manifest[f];
    return !!deps && typeof deps === 'object' && Object.keys(deps).length > 0;
  });
  return declares ? dir : undefined;
}
