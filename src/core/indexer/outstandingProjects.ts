import * as path from 'path';
import { ProjectConfig } from './program/discoverProjects';
import { ProjectReach, nearestPackageDir } from './program/projectReach';
import type { Project } from './program/WorkspacePrograms';
import type { ProjectWalk } from './ProjectWalk';

/** What the graph does not hold (yet) that an answer may need: answers scope their notes by it (query/shared/indexingNotes). */
export interface Outstanding {
  /** Projects indexed of all, while a full index still walks them. */
  progress?: { done: number; total: number };
  /** Root-relative configs of the projects not indexed yet that could import one of `files` (root-relative). */
  pendingSeeing(files: ReadonlySet<string>): string[];
  /** Whether a root-relative file belongs to a project not indexed yet. */
  pendingHolds(file: string): boolean;
  /** Root-relative folders of the projects skipped (dependencies not installed) that could import one of `files`. */
  skippedSeeing(files: ReadonlySet<string>): string[];
  /** Root-relative configs of the projects skipped as too large for the memory budget that could import one of `files`. */
  overBudgetSeeing?(files: ReadonlySet<string>): string[];
}

/**
 * What the graph does not hold yet, or will not, for an answer to scope its notes by: the projects
 * a full index has not reached yet (while it walks), and the projects skipped because their
 * dependencies are not installed or their program would not fit the memory budget. Undefined when there is neither.
 */
export function outstandingProjects(
  root: string,
  walk: ProjectWalk | undefined,
  ownerOf: (abs: string) => Project | undefined,
  uninstalled: readonly ProjectConfig[],
  overBudget: readonly ProjectConfig[],
  reach: () => ProjectReach,
): Outstanding | undefined {
  if (!walk && uninstalled.length === 0 && overBudget.length === 0) return undefined;
  const pending = walk ? [...walk.pending()] : [];
  const rel = (config: ProjectConfig) => (config.configPath ? path.posix.relative(root, config.configPath) : '(inferred)');
  const seeing = (configs: readonly ProjectConfig[], files: ReadonlySet<string>) => configs.filter((c) => reach().couldImport(c, files));
  return {
    progress: walk && { done: walk.projectsDone, total: walk.projectsTotal },
    pendingSeeing: (files) => seeing(pending.map((p) => p.config), files).map(rel),
    pendingHolds: (file) => {
      const owner = ownerOf(path.posix.join(root, file));
      return !!owner && !!walk && !walk.isIndexed(owner);
    },
    overBudgetSeeing: (files) => seeing(overBudget, files).map(rel),
    skippedSeeing: (files) => [...new Set(seeing(uninstalled, files).map((c) => path.posix.relative(root, nearestPackageDir(root, path.posix.dirname(c.configPath!)))))],
  };
}
