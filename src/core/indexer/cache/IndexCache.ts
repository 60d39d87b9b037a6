import { createHash } from 'crypto';
import * as fs from 'fs';
import * as path from 'path';
import { FileContribution } from '../../graph/GraphTypes';
import { DEPENDENCY_FILES } from '../workspaceFiles';

/**
 * Bump when the extraction rules change: an old cache must never feed a newer indexer.
 * 4: caches written by 0.1.0 builds that ran without their standard library hold graphs with
 * calls missing; no such cache may survive the upgrade.
 * 5: JavaScript files declare CommonJS/prototype members and resolve calls through require(): a
 * cached JS file's contribution from before lacks them.
 * 6: a .d.ts beside its JavaScript sends its callers' edges to the JavaScript.
 * 7: destructured members are REFERENCES (`const { onSuccess } = options`); imports of a referenced
 * project reach its sources (a monorepo's cross-package calls); contributions name the packages
 * they import that resolve to no types.
 * 8: imports of a workspace package by name reach its sources without project references, built or
 * not (a cached importer's contribution from before has no edges into an unbuilt package).
 * 8: `typeof x.m === 'function'` probes are no REFERENCES; `import '../x'` CALLS x's module node;
 * contributions list their re-exports (the resolver follows a name asked at a barrel).
 * 9: the members of an object literal a function returns, and Object.defineProperties' accessors,
 * are nodes (a cached file from before lacks them, and its callers' edges into them).
 */
export const CACHE_FORMAT = 9;

/**
 * The graph persisted between runs, keyed by content: each file's contribution with the hash of
 * the text it came from, plus a fingerprint of everything else that can change extraction
 * (configs, lock files, the TypeScript version, the indexer's own format). A start whose
 * fingerprint matches loads every file whose hash matches and re-indexes the rest (and what
 * depends on them); a cache that is missing, corrupt or from another version is ignored.
 */
export interface CacheSnapshot {
  format: number;
  fingerprint: string;
  /** Root-relative file → [content hash, contribution]. */
  files: Record<string, [string, FileContribution]>;
}

export function contentHash(text: string | Buffer): string {
  return createHash('sha1').update(text).digest('base64');
}

/** Hash of a file's text as the compiler reads it (UTF-8, no BOM), so it matches `contentHash(sourceFile.text)`. */
export function hashFile(abs: string): string | undefined {
  try {
    return contentHash(fs.readFileSync(abs, 'utf8').replace(/^\uFEFF/, ''));
  } catch {
    return undefined;
  }
}

/** What besides source text decides the graph: configs, dependency lock files, TS version. */
export function workspaceFingerprint(root: string, configPaths: string[], tsVersion: string, toolVersion: string): string {
  const inputs = [`format ${CACHE_FORMAT}`, `ts ${tsVersion}`, `tool ${toolVersion}`];
  const extra = DEPENDENCY_FILES.map((f) => path.join(root, f));
  for (const f of [...configPaths, ...extra].sort()) inputs.push(`${path.relative(root, f)} ${hashFile(f) ?? '-'}`);
  return contentHash(inputs.join('\n'));
}

export function cacheFileFor(cacheDir: string, root: string): string {
  return path.join(cacheDir, `graph-${contentHash(root).replace(/[^a-zA-Z0-9]/g, '').slice(0, 16)}.json`);
}

/** Reads a snapshot; anything unreadable or of another format is "no cache" (with the reason). */
export function readCache(file: string): { snapshot?: CacheSnapshot; problem?: string } {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return {};
  }
  try {
    const snapshot = JSON.parse(text) as CacheSnapshot;
    if (snapshot.format !== CACHE_FORMAT || typeof snapshot.fingerprint !== 'string' || typeof snapshot.files !== 'object' || !snapshot.files) {
      return { problem: `ignored cache ${file}: other format` };
    }
    for (const [rel, entry] of Object.entries(snapshot.files)) {
      if (!Array.isArray(entry) || typeof entry[0] !== 'string' || !isContribution(entry[1], rel)) return { problem: `ignored cache ${file}: damaged entry for ${rel}` };
    }
    return { snapshot };
  } catch (err) {
    return { problem: `ignored cache ${file}: ${(err as Error).message}` };
  }
}

/** Writes atomically (temp file + rename), so a crash never leaves half a cache behind. */
export function writeCache(file: string, snapshot: CacheSnapshot): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(snapshot));
  fs.renameSync(tmp, file);
}

function isContribution(c: FileContribution, rel: string): boolean {
  return !!c && c.file === rel && Array.isArray(c.nodes) && Array.isArray(c.edges) && Array.isArray(c.externalNodes);
}
