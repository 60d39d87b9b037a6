import * as fs from 'fs';
import * as path from 'path';
import { ProjectConfig } from './discoverProjects';
import { readJson } from './readJson';
import { workspaceDirs } from './workspacePackages';

const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'] as const;

/**
 * Which workspace files a project could import, told from its config and the manifests alone,
 * before (or without) building its program: for an answer that must say whether a project not
 * indexed yet, or skipped, could hold more of it (a dependent of a reached file). Conservative: a
 * project may see a folder when the folder is its own (its config's or its package's), a project it
 * references, a `paths`/`rootDirs` target, or a workspace package its package.json depends on,
 * directly or through the workspace packages those depend on. Anything else is out of its reach.
 */
export class ProjectReach {
  /** Workspace package name → its folder and the names it depends on. */
  private readonly packages = new Map<string, { dir: string; deps: string[] }>();
  private readonly visible = new WeakMap<ProjectConfig, string[]>();

  constructor(private readonly root: string) {
    for (const dir of [root, ...workspaceDirs(root)]) {
      const manifest = readJson(`${dir}/package.json`);
      if (manifest && typeof manifest.name === 'string') this.packages.set(manifest.name, { dir, deps: dependencyNames(manifest) });
    }
  }

  /** Whether `project` could import one of `files` (root-relative). */
  couldImport(project: ProjectConfig, files: Iterable<string>): boolean {
    const dirs = this.dirsVisibleTo(project);
    for (const rel of files) {
      const abs = `${this.root}/${rel}`;
      if (dirs.some((d) => abs === d || abs.startsWith(d + '/'))) return true;
    }
    return false;
  }

  /** The folders whose files `project` may import (absolute, posix). */
  dirsVisibleTo(project: ProjectConfig): string[] {
    const known = this.visible.get(project);
    if (known) return known;
    const configDir = project.configPath ? path.posix.dirname(project.configPath) : this.root;
    const own = nearestPackageDir(this.root, configDir);
    const dirs = new Set([configDir, own]);
    const { paths, baseUrl, rootDirs } = project.options;
    const base = typeof baseUrl === 'string' ? baseUrl.replace(/\\/g, '/') : configDir;
    for (const targets of Object.values(paths ?? {})) {
      for (const t of targets) dirs.add(path.posix.resolve(base, t.replace(/\\/g, '/').split('*')[0]).replace(/\/+$/, ''));
    }
    for (const d of rootDirs ?? []) dirs.add(d.replace(/\\/g, '/'));
    for (const ref of project.projectReferences ?? []) dirs.add(nearestPackageDir(this.root, ref.path.replace(/\\/g, '/').replace(/\/[^/]*\.json$/, '')));
    // The workspace packages the project's package depends on, and the ones those depend on.
    const manifest = readJson(`${own}/package.json`);
    const stack = manifest ? dependencyNames(manifest) : [];
    const seen = new Set<string>();
    while (stack.length) {
      const name = stack.pop()!;
      const p = this.packages.get(name);
      if (!p || seen.has(name)) continue;
      seen.add(name);
      dirs.add(p.dir);
      stack.push(...p.deps);
    }
    const list = [...dirs];
    this.visible.set(project, list);
    return list;
  }
}

function dependencyNames(manifest: Record<string, unknown>): string[] {
  const names: string[] = [];
  for (const field of DEPENDENCY_FIELDS) {
    const deps = manifest[field];
    if (deps && typeof deps === 'object' && !Array.isArray(deps)) names.push(...Object.keys(deps));
  }
  return names;
}

/** The folder of the package.json nearest above `dir` (itself included), within the root; the root without one. */
export function nearestPackageDir(root: string, dir: string): string {
  for (let d = dir; d.startsWith(root + '/'); d = path.posix.dirname(d)) if (fs.existsSync(`${d}/package.json`)) return d;
  return root;
}
