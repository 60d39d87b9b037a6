import * as fs from 'fs';
import * as path from 'path';
import { ProjectConfig } from './discoverProjects';
import { readJson } from './readJson';
import { workspaceDirs } from './workspaceGlobs';

const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'] as const;

/**
 * Which workspace files a project could import, told from its config and the manifests alone,
 * before (or without) building its program: for an answer that must say whether a project not
 * indexed yet, or skipped, could hold more of it (a dependent of a reached file). Conservative: a
 * project may see a folder when the folder is its own (its config's or its package's), a project it
 * references, a `paths`/`rootDirs`/`baseUrl` target, a workspace package its package.json depends
 * on (directly or through the workspace packages those depend on), a folder of the workspace linked
 * into a node_modules folder above it (npm, yarn and bun link every workspace member at the root,
 * declared or not), or a folder one of its files imports by a relative path (read from the files'
 * text, not parsed). Anything else is out of its reach.
 */
export class ProjectReach {
  /** Workspace package name → its folder and the names it depends on. */
  private readonly packages = new Map<string, { dir: string; deps: string[] }>();
  private readonly visible = new WeakMap<ProjectConfig, string[]>();
  private readonly links = new Map<string, { name: string; real: string }[]>();

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
    if (typeof baseUrl === 'string') dirs.add(base.replace(/\/+$/, ''));

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
    const imports = importsOf(project.fileNames);
    for (let d = configDir; ; d = path.posix.dirname(d)) {
      for (const { name, real } of this.linkedIn(d)) if (imports.packages.has(name)) dirs.add(real);
      if (!d.startsWith(this.root + '/')) break;
    }
    const list = [...dirs];
    for (const target of imports.dirs) {
      if (!list.some((d) => target === d || target.startsWith(d + '/'))) list.push(nearestPackageDir(this.root, target));
    }
    this.visible.set(project, list);
    return list;
  }

  /** The workspace folders linked into `dir`/node_modules (scoped names included): name and real path. */
  private linkedIn(dir: string): { name: string; real: string }[] {
    const known = this.links.get(dir);
    if (known) return known;
    const found: { name: string; real: string }[] = [];
    const modules = `${dir}/node_modules`;
    const entries = (d: string): string[] => {
      try {
        return fs.readdirSync(d);
      } catch {
        return [];
      }
    };
    for (const name of entries(modules)) {
      const names = name.startsWith('@') ? entries(`${modules}/${name}`).map((n) => `${name}/${n}`) : name.startsWith('.') ? [] : [name];
      for (const n of names) {
        const at = `${modules}/${n}`;
        try {
          if (!fs.lstatSync(at).isSymbolicLink()) continue;
          const real = fs.realpathSync(at).replace(/\\/g, '/');
          if (real.startsWith(this.root + '/') && !real.includes('/node_modules/')) found.push({ name: n, real });
        } catch {
          // A dangling link: nothing to import.
        }
      }
    }
    this.links.set(dir, found);
    return found;
  }
}

/** `from 'x'`, `import('./y')`, `require('../z')`, `/// <reference path="../w" />`: a module specifier. */
const SPECIFIER = /(?:\bfrom|\bimport|\brequire\s*\(|\bpath=)\s*\(?\s*['"]([^'"\n]+)['"]/g;

/**
 * What the files import, read from their text (no parse: a specifier in a comment or a string counts
 * too, which only widens the reach): the folders imported by relative paths (absolute, posix; only
 * those no other contains) and the packages imported by name (`@scope/name` or `name`).
 */
function importsOf(fileNames: readonly string[]): { dirs: Set<string>; packages: Set<string> } {
  const dirs = new Set<string>();
  const packages = new Set<string>();
  for (const file of fileNames) {
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    const from = path.posix.dirname(file.replace(/\\/g, '/'));
    for (const m of text.matchAll(SPECIFIER)) {
      const spec = m[1];
      if (spec.startsWith('./') || spec.startsWith('../')) dirs.add(path.posix.dirname(path.posix.resolve(from, spec)));
      else if (!spec.startsWith('/')) packages.add(spec.split('/').slice(0, spec.startsWith('@') ? 2 : 1).join('/'));
    }
  }
  const kept = new Set<string>();
  let last: string | undefined;
  for (const d of [...dirs].sort()) {
    if (last !== undefined && (d === last || d.startsWith(last + '/'))) continue;
    kept.add(d);
    last = d;
  }
  return { dirs: kept, packages };
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
