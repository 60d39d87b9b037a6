import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { SOURCE_FILE } from '../../indexer/workspaceFiles';
import { FileChange } from './changedSymbols';

/**
 * What `impact` compares with:
 * - `working-tree` (default): every change not committed (staged or not, new files too) against HEAD;
 * - `ref`: the working tree against where it left `ref` (`git merge-base ref HEAD`), as a pull request
 *   shows its changes: commits on `ref` since then are not this change's;
 * - `staged`: what `git diff --cached` shows, against HEAD.
 */
export type ImpactBase = { kind: 'working-tree' } | { kind: 'ref'; ref: string } | { kind: 'staged' };

export interface GitChanges {
  /** The changed TypeScript and JavaScript files under the root, with both texts. */
  changes: FileChange[];
  /** What was compared, for people: `working tree vs HEAD`. */
  base: string;
}

/**
 * The changed source files under `root` and their texts, from git alone (list and base versions);
 * the current text is the working tree's (for `staged`, the index's). Returns a message for a
 * person instead when git cannot answer (no git, not a repository, unknown ref, no commit yet).
 */
export function gitChanges(root: string, base: ImpactBase): GitChanges | { error: string } {
  const prefix = git(root, ['rev-parse', '--show-prefix']);
  if (prefix.error !== undefined) {
    return { error: prefix.missing ? 'impact needs git, and git was not found on PATH.' : `${root} is not inside a git repository: impact compares the files with git's versions of them.` };
  }
  const head = git(root, ['rev-parse', '--verify', '--quiet', 'HEAD^{commit}']);
  if (head.error !== undefined) return { error: 'The repository has no commit yet: there is no base version to compare with. Commit once, then run impact again.' };

  let commit = head.out.trim();
  let label = base.kind === 'staged' ? 'staged changes vs HEAD' : 'working tree vs HEAD';
  if (base.kind === 'ref') {
    const ref = git(root, ['rev-parse', '--verify', '--quiet', `${base.ref}^{commit}`]);
    if (ref.error !== undefined || base.ref.startsWith('-')) {
      return {
        error:
          `Unknown git ref '${base.ref}': no commit has that name here. For a remote branch, fetch it first ` +
          `(git fetch origin main); in GitHub Actions, check out with fetch-depth: 0.`,
      };
    }
    const mergeBase = git(root, ['merge-base', ref.out.trim(), commit]);
    commit = mergeBase.error === undefined ? mergeBase.out.trim() : ref.out.trim();
    label = `working tree vs ${base.ref}${mergeBase.error === undefined ? ` (merge base ${commit.slice(0, 7)})` : ` (${commit.slice(0, 7)}, no common ancestor with HEAD)`}`;
  }

  const diff = git(root, ['-c', 'core.quotepath=off', 'diff', '--no-ext-diff', '--name-status', '-M', '-z', '--relative', ...(base.kind === 'staged' ? ['--cached'] : []), commit, '--']);
  if (diff.error !== undefined) return { error: `git diff failed: ${diff.error}` };
  const listed = parseNameStatus(diff.out);
  if (base.kind !== 'staged') {
    const untracked = git(root, ['ls-files', '--others', '--exclude-standard', '-z']);
    if (untracked.error === undefined) for (const file of untracked.out.split('\0')) if (file) listed.push({ file, status: 'added' });
  }
  const sources = listed.filter((c) => isSource(c.file) || (c.oldFile !== undefined && isSource(c.oldFile)));

  const pre = prefix.out.trim();
  const wanted: string[] = [];
  for (const c of sources) {
    if (c.status !== 'added') wanted.push(`${commit}:${pre}${c.oldFile ?? c.file}`);
    if (base.kind === 'staged' && c.status !== 'deleted') wanted.push(`:${pre}${c.file}`);
  }
  const blobs = catFiles(root, wanted);
  const changes: FileChange[] = [];
  for (const c of sources) {
    const change: FileChange = { ...c };
    if (c.status !== 'added') change.baseText = blobs.get(`${commit}:${pre}${c.oldFile ?? c.file}`);
    if (c.status !== 'deleted') change.text = base.kind === 'staged' ? blobs.get(`:${pre}${c.file}`) : readText(path.join(root, c.file));
    // A renamed file that is no longer a source (or no longer readable) counts by what is left of it.
    if (change.text !== undefined && !isSource(c.file)) delete change.text;
    if (change.baseText !== undefined && !isSource(c.oldFile ?? c.file)) delete change.baseText;
    changes.push(change);
  }
  return { changes, base: label };
}

/**
 * The source files under `root` git knows of, root-relative: tracked ones and new ones it does not
 * ignore (node_modules, build output). Undefined when git cannot answer.
 */
export function gitSourceFiles(root: string): string[] | undefined {
  const listed = git(root, ['-c', 'core.quotepath=off', 'ls-files', '--cached', '--others', '--exclude-standard', '-z']);
  if (listed.error !== undefined) return undefined;
  return [...new Set(listed.out.split('\0').filter((f) => f && isSource(f)))];
}

function isSource(file: string): boolean {
  return SOURCE_FILE.test(file) && !/(^|\/)node_modules\//.test(file);
}

type Listed = Pick<FileChange, 'file' | 'status' | 'oldFile'>;

/** `git diff --name-status -z`: `M\0path\0`, `R087\0old\0new\0`; copies count as added files. */
function parseNameStatus(out: string): Listed[] {
  const parts = out.split('\0');
  const listed: Listed[] = [];
  for (let i = 0; i < parts.length && parts[i]; ) {
    const status = parts[i++];
    if (status.startsWith('R')) {
      const oldFile = parts[i++];
      const file = parts[i++];
      listed.push({ file, status: 'renamed', oldFile });
    } else if (status.startsWith('C')) {
      i++;
      listed.push({ file: parts[i++], status: 'added' });
    } else {
      const file = parts[i++];
      listed.push({ file, status: status === 'A' ? 'added' : status === 'D' ? 'deleted' : 'modified' });
    }
  }
  return listed;
}

/** Many objects in one git process (`cat-file --batch`): name → text; missing names are left out. */
function catFiles(root: string, names: string[]): Map<string, string> {
  const out = new Map<string, string>();
  if (names.length === 0) return out;
  const r = spawnSync('git', ['cat-file', '--batch'], { cwd: root, input: names.map((n) => `${n}\n`).join(''), maxBuffer: 1024 * 1024 * 1024 });
  if (r.status !== 0 || !r.stdout) return out;
  const buf = r.stdout;
  let at = 0;
  for (const name of names) {
    const eol = buf.indexOf(10, at);
    if (eol < 0) break;
    const header = buf.toString('utf8', at, eol);
    at = eol + 1;
    const m = /^\S+ (\S+) (\d+)$/.exec(header);
    if (!m) continue; // `<name> missing`
    const size = Number(m[2]);
    if (m[1] === 'blob') out.set(name, buf.toString('utf8', at, at + size));
    at += size + 1;
  }
  return out;
}

function git(cwd: string, args: string[]): { out: string; error?: undefined } | { out: ''; error: string; missing: boolean } {
  const r = spawnSync('git', args, { cwd, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (r.error) return { out: '', error: r.error.message, missing: (r.error as NodeJS.ErrnoException).code === 'ENOENT' };
  if (r.status !== 0) return { out: '', error: (r.stderr || `exit ${r.status}`).trim(), missing: false };
  return { out: r.stdout };
}

function readText(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}
