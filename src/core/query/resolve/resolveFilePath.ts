import * as path from 'path';
import { GraphNode } from '../../graph/GraphTypes';
import { QueryCancelledError, QueryContext } from '../QueryContext';
import { echoInput } from '../shared/echoInput';
import { levenshtein } from './levenshtein';
import { isAbsoluteFilePath, normalizeFilePath, toPosix } from '../../paths';

export type FileResolution = { ok: true; file: string; nodes: GraphNode[] } | { ok: false; message: string };

const MAX_FILE_SUGGESTIONS = 5;
/**
 * The suggestion search's budget. It scores every indexed file against the path asked for, so its
 * cost grows with the workspace and with the length of what was asked: past this many milliseconds
 * it ranks the files scored so far (on a 10k-file workspace the whole search takes a few ms).
 */
export const SUGGESTION_BUDGET_MS = 200;
/** Files scored between two looks at the clock and at the caller's cancellation. */
const SUGGESTION_BATCH = 256;
/** Files tied on the basename whose whole path is compared too, at most. */
const MAX_PATH_SCORED = 500;
/** Edit distances past this are all "far": the table is not finished for them (see `levenshtein`'s max). */
const MAX_DISTANCE = 64;

/**
 * Turns a caller's `file_path` into an indexed root-relative posix path plus the nodes declared there.
 *
 * Callers are models and people: they pass absolute or relative paths, Windows backslashes, `./`
 * prefixes, `..` segments, the `.js` spelling of an ESM import, or a path without an extension.
 * Everything that maps to exactly one indexed file is accepted; anything else gets a message that
 * says what to pass instead, never a bare "not found".
 */
export function resolveFilePath(ctx: QueryContext, filePath: unknown): FileResolution {
  const root = toPosix(ctx.root).replace(/\/+$/, '');
  const cleaned = typeof filePath === 'string' ? normalizeFilePath(filePath) : '';
  if (cleaned === '') {
    return fail(`Missing file_path: give the file that declares the symbol, like \`src/utils.ts\` (absolute, or relative to ${root}).`);
  }

  const absolute = toAbsolute(root, cleaned);
  // A root given through a symlink, or a path through one (macOS's /tmp is /private/tmp): the same files.
  const rel = relativeInside(root, absolute) ?? (ctx.real && relativeInside(toPosix(ctx.real.root), toPosix(ctx.real.path(absolute))));
  if (rel === undefined) {
    return fail(`File path is outside the workspace: ${echoInput(absolute)}. Use a path inside ${root} (absolute or relative to it).`);
  }
  if (rel === '') {
    return fail(`file_path names the workspace root (${root}), not a file. Give the file that declares the symbol, like \`src/utils.ts\`.`);
  }

  const graph = ctx.graph;
  for (const candidate of spellings(rel)) {
    if (graph.hasFile(candidate)) return { ok: true, file: candidate, nodes: graph.nodesInFile(candidate) };
  }
  // A case-insensitive file system lets people type `src/Utils.ts`: it is that file, when unambiguous.
  // On a case-sensitive one `PACKAGES/server/x.ts` is no file at all: the message names the right spelling.
  const sameIgnoringCase = filesIgnoringCase(graph.files(), rel);
  if (sameIgnoringCase.length === 1 && caseInsensitiveAt(ctx, rel)) {
    return { ok: true, file: sameIgnoringCase[0], nodes: graph.nodesInFile(sameIgnoringCase[0]) };
  }
  // Library declarations are not indexed files, but their external nodes can still be path endpoints.
  const external = [...graph.allNodes()].filter((n) => n.external && n.file === rel);
  if (external.length > 0) return { ok: true, file: rel, nodes: external };

  return fail(notIndexedMessage(ctx, rel, sameIgnoringCase));
}

/** The indexed files any of `rel`'s spellings names when case is ignored. */
function filesIgnoringCase(files: readonly string[], rel: string): string[] {
  const wanted = new Set(spellings(rel).map((s) => s.toLowerCase()));
  return files.filter((f) => wanted.has(f.toLowerCase()));
}

/**
 * Whether `rel`, spelled in another case than the indexed file, names it: the compiler's answer for
 * the file system when the host gave it (not the platform's name: macOS and Windows volumes can be
 * either), else whether it exists on disk as given.
 */
function caseInsensitiveAt(ctx: QueryContext, rel: string): boolean {
  if (ctx.caseSensitiveFileNames !== undefined) return !ctx.caseSensitiveFileNames;
  return ctx.fileExists?.(rel) ?? true;
}

function notIndexedMessage(ctx: QueryContext, rel: string, sameIgnoringCase: readonly string[] = []): string {
  const files = ctx.graph.files();
  const head = `File not indexed: ${echoInput(rel)}.`;
  if (ctx.fileExists?.(rel)) {
    const why = ctx.whyNotIndexed?.(rel);
    if (why) return `${head} It exists on disk, but ${why}.`;
    // No tsconfig can take these: say what to ask about instead.
    if (rel.split('/').includes('node_modules')) {
      return `${head} It is a library's file (under node_modules): only the workspace's own files are indexed. Ask about the workspace code that uses it (dependenciesOf names the library declarations it calls).`;
    }
    if (!/\.(?:[mc]?[jt]sx?)$/.test(rel)) {
      return `${head} It exists on disk but is not a TypeScript or JavaScript source file: give the source file that declares the symbol, like \`src/utils.ts\`.`;
    }
    return `${head} It exists on disk but is not part of any TypeScript project (check tsconfig include/exclude, then re-index).`;
  }
  if (sameIgnoringCase.length > 0) {
    // The file asked for, spelled in another case: naming it is the whole answer.
    const why = ctx.caseSensitiveFileNames ? ' File names are case-sensitive on this file system.' : '';
    return `${head} Did you mean ${sameIgnoringCase.join(' or ')}?${why}${ctx.fileExists ? ' No file exists at that path.' : ''}`;
  }
  if (files.length === 0) {
    return `${head} The index is empty: no TypeScript project was found under ${toPosix(ctx.root)}.`;
  }
  const closest = closestFiles(ctx, files, rel);
  const hint = path.posix.extname(rel) === '' ? ' file_path must name a source file, like `src/utils.ts`.' : '';
  // An agent that guessed a path learns it guessed: nothing to re-index or include.
  const missing = ctx.fileExists ? ' No file exists at that path.' : '';
  return `${head} Closest indexed files: ${closest.join(', ')}.${hint}${missing}`;
}

/**
 * Ranked by how well the basename matches, then by edit distance on the whole path. The basename
 * tiers: the same; a typo of it (a few edits, fewer than half its letters: `EntityManagr` →
 * `EntityManager`, not `home` for `nope`); one containing what was asked (`Manager` →
 * `EntityManager`); one contained in it (`Entity` for `EntityManagr`, a weak hint); the rest, the
 * files nearest the folder asked for first, then by basename distance. An `index.ts` is named by its folder, as imports name it.
 * The whole path's distance is computed for the leading candidates only (it costs far more than the
 * basename's). Bounded: distances stop at MAX_DISTANCE, the search at SUGGESTION_BUDGET_MS (ranking
 * the files scored by then), and it throws `QueryCancelledError` once the caller's token is cancelled.
 */
function closestFiles(ctx: QueryContext, files: string[], rel: string): string[] {
  const wanted = rel.toLowerCase();
  const wantedBase = stem(wanted);
  const typo = Math.max(2, Math.floor(wantedBase.length / 4));
  const deadline = Date.now() + SUGGESTION_BUDGET_MS;
  const wantedDir = path.posix.dirname(wanted).split('/');
  const scored: Array<{ file: string; tier: number; away: number; baseDistance: number; distance: number }> = [];
  for (let i = 0; i < files.length; i++) {
    if (i % SUGGESTION_BATCH === 0 && i > 0) {
      if (ctx.token?.isCancellationRequested) throw new QueryCancelledError();
      if (Date.now() > deadline) break;
    }
    const file = files[i];
    const base = stem(file.toLowerCase());
    const baseDistance = levenshtein(wantedBase, base, MAX_DISTANCE);
    const tier = base === wantedBase ? 0 : baseDistance <= typo && baseDistance * 2 < wantedBase.length ? 1 : base.includes(wantedBase) ? 2 : wantedBase.includes(base) ? 3 : 4;
    // No likeness of name: the files nearest the folder asked for come first (a guessed name in a real folder).
    const away = tier === 4 ? foldersApart(wantedDir, file) : 0;
    scored.push({ file, tier, away, baseDistance, distance: 0 });
  }
  const byBase = (a: (typeof scored)[number], b: (typeof scored)[number]) => a.tier - b.tier || a.away - b.away || a.baseDistance - b.baseDistance;
  scored.sort(byBase);
  // Every file tied with the last one shown by basename is a candidate (a bounded number of them).
  let candidates = Math.min(scored.length, MAX_FILE_SUGGESTIONS);
  while (candidates < scored.length && candidates < MAX_PATH_SCORED && byBase(scored[candidates], scored[candidates - 1]) === 0) candidates++;
  const leading = scored.slice(0, candidates);
  for (const s of leading) s.distance = levenshtein(wanted, s.file.toLowerCase(), MAX_DISTANCE);
  leading.sort((a, b) => byBase(a, b) || a.distance - b.distance || a.file.localeCompare(b.file));
  return leading.slice(0, MAX_FILE_SUGGESTIONS).map((s) => s.file);
}

/** How many folders apart `file` is from the folder `dir` (its segments): steps up from `dir` to their common folder, then down to `file`'s. */
function foldersApart(dir: string[], file: string): number {
  const fileDir = file.split('/').slice(0, -1);
  let common = 0;
  while (common < dir.length && common < fileDir.length && dir[common] === fileDir[common].toLowerCase()) common++;
  return dir.length - common + (fileDir.length - common);
}

/** The basename without its extension(s), or the folder name for an index file: `src/util/index.d.ts` → `util`. */
function stem(file: string): string {
  const parts = file.split('/');
  let base = parts[parts.length - 1];
  const dot = base.indexOf('.');
  if (dot > 0) base = base.slice(0, dot);
  return base === 'index' && parts.length > 1 ? parts[parts.length - 2] : base;
}

/** The path as given, then the spellings TypeScript's own module resolution would try for it. */
function spellings(rel: string): string[] {
  const ext = path.posix.extname(rel);
  const withoutExt = rel.slice(0, rel.length - ext.length);
  switch (ext) {
    case '.js':
      return [rel, `${withoutExt}.ts`, `${withoutExt}.tsx`, `${withoutExt}.d.ts`];
    case '.jsx':
      return [rel, `${withoutExt}.tsx`];
    case '.mjs':
      return [rel, `${withoutExt}.mts`, `${withoutExt}.d.mts`];
    case '.cjs':
      return [rel, `${withoutExt}.cts`, `${withoutExt}.d.cts`];
    case '':
      return [rel, `${rel}.ts`, `${rel}.tsx`, `${rel}.d.ts`, `${rel}/index.ts`, `${rel}/index.tsx`];
    default:
      return [rel];
  }
}

/** `p` is normalised (normalizeFilePath). */
function toAbsolute(root: string, p: string): string {
  return path.posix.normalize(isAbsoluteFilePath(p) ? p : `${root}/${p}`).replace(/\/+$/, '');
}

/** Root-relative path of `absolute`, '' for the root itself, undefined when outside it. */
function relativeInside(root: string, absolute: string): string | undefined {
  // Windows paths compare case-insensitively (drive letters and folders alike).
  const fold = /^[A-Za-z]:/.test(root) ? (s: string) => s.toLowerCase() : (s: string) => s;
  if (fold(absolute) === fold(root)) return '';
  if (!fold(absolute).startsWith(`${fold(root)}/`)) return undefined;
  return absolute.slice(root.length + 1);
}



function fail(message: string): FileResolution {
  return { ok: false, message };
}
