import * as fs from 'fs';
import * as path from 'path';
import { readJson } from './readJson';
import { IGNORED_DIRS } from '../workspaceFiles';

/**
 * A monorepo's member folders as its root names them: package.json `workspaces` and
 * pnpm-workspace.yaml `packages:` globs (WorkspacePackages, project discovery and selection read them).
 */

/**
 * The dot folders (absolute) on the way from `root` to a workspace member (`examples/.test` for
 * `examples/.test/ssg`): a search for configs that skips dot folders goes into these.
 */
export function memberDotFolders(root: string): Set<string> {
  const out = new Set<string>();
  for (const dir of workspaceDirs(root)) {
    const rel = path.posix.relative(root, dir).split('/');
    for (let i = 0; i < rel.length; i++) if (rel[i].startsWith('.')) out.add(path.posix.join(root, ...rel.slice(0, i + 1)));
  }
  return out;
}

/** The root's workspace globs: package.json `workspaces` (array or `{ packages }`) and pnpm-workspace.yaml `packages:`. */
export function workspaceGlobs(root: string): string[] {
  const globs: string[] = [];
  const manifest = readJson(`${root}/package.json`);
  const ws = manifest?.workspaces;
  const list = Array.isArray(ws) ? ws : ws && typeof ws === 'object' ? (ws as { packages?: unknown }).packages : undefined;
  if (Array.isArray(list)) globs.push(...list.filter((g): g is string => typeof g === 'string'));
  let yaml: string | undefined;
  try {
    yaml = fs.readFileSync(`${root}/pnpm-workspace.yaml`, 'utf8');
  } catch {
    yaml = undefined;
  }
  if (yaml !== undefined) globs.push(...pnpmWorkspacePackages(yaml));
  return globs;
}

/**
 * The `packages:` list of a pnpm-workspace.yaml: block items (`- 'packages/*'`) or a flow list
 * (`packages: [a, b]`), quoted or not, with comments. No other YAML is needed.
 */
export function pnpmWorkspacePackages(yaml: string): string[] {
  const lines = yaml.split(/\r?\n/);
  const unquote = (s: string) => s.trim().replace(/^(['"])(.*)\1$/, '$2');
  const out: string[] = [];
  const start = lines.findIndex((l) => /^packages\s*:/.test(l));
  if (start < 0) return out;
  const inline = lines[start].replace(/^packages\s*:/, '').replace(/\s#.*$/, '').trim();
  if (inline.startsWith('[')) return inline.replace(/^\[|\]$/g, '').split(',').map(unquote).filter(Boolean);
  for (const line of lines.slice(start + 1)) {
    if (/^\S/.test(line)) break; // the next top-level key
    const m = /^\s*-\s*(.*?)\s*(#.*)?$/.exec(line);
    if (m && m[1]) out.push(unquote(m[1]));
  }
  return out;
}

/**
 * The directories holding a package.json that the root's workspace globs name (`packages/*`,
 * `apps/**`, `tools/cli`); `!`-globs remove. Walked iteratively; node_modules and build output
 * skipped, and dot folders unless the glob's segment names one itself (tRPC lists `.*` under
 * `examples`: as in the package managers' globs, a `*` does not match a leading dot).
 */
export function workspaceDirs(root: string): string[] {
  const globs = workspaceGlobs(root);
  const excluded = globs.filter((g) => g.startsWith('!')).map((g) => globRegExp(g.slice(1)));
  const dirs = new Set(globs.filter((g) => !g.startsWith('!')).flatMap((g) => matchGlob(root, g)));
  return [...dirs].filter((d) => !excluded.some((re) => re.test(path.posix.relative(root, d)))).sort();
}

function matchGlob(root: string, glob: string): string[] {
  const segments = glob.replace(/^\.\//, '').replace(/\/+$/, '').split('/').filter(Boolean);
  const found = new Set<string>();
  const stack: [string, number][] = [[root, 0]];
  const seen = new Set<string>();
  while (stack.length) {
    const [dir, i] = stack.pop()!;
    const key = `${dir}\0${i}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (i === segments.length) {
      if (fs.existsSync(`${dir}/package.json`)) found.add(dir);
      continue;
    }
    const seg = segments[i];
    if (!/[*?[]/.test(seg)) {
      stack.push([`${dir}/${seg}`, i + 1]);
      continue;
    }
    if (seg === '**') stack.push([dir, i + 1]);
    const match = seg === '**' ? undefined : globRegExp(seg);
    for (const child of subdirectories(dir, seg.startsWith('.'))) {
      if (seg === '**') stack.push([`${dir}/${child}`, i]);
      else if (match!.test(child)) stack.push([`${dir}/${child}`, i + 1]);
    }
  }
  return [...found].sort();
}

function subdirectories(dir: string, dotted = false): string[] {
  try {
    return fs
      .readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isDirectory() && e.name.startsWith('.') === dotted && !IGNORED_DIRS.has(e.name))
      .map((e) => e.name);
  } catch {
    return [];
  }
}

/** A glob as a regular expression over a relative path: `*` within a segment, `**` across them. */
function globRegExp(glob: string): RegExp {
  let re = '';
  const g = glob.replace(/^\.\//, '').replace(/\/+$/, '');
  for (let i = 0; i < g.length; i++) {
    const c = g[i];
    if (c === '*' && g[i + 1] === '*') {
      re += '.*';
      i++;
      if (g[i + 1] === '/') i++;
    } else if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else re += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}
