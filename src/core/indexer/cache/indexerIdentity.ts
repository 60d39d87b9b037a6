import { createHash } from 'crypto';
import * as fs from 'fs';
import * as path from 'path';

/**
 * Set by esbuild.mjs in every bundle: a hash of the indexer's sources (every file WorkspaceIndex.ts
 * reaches by its imports, this one included). Undefined when running tsc's output (tests, benches).
 */
declare const TS_CODE_GRAPH_INDEXER: string | undefined;

let identity: string | undefined;

/**
 * Which build of the indexer this is. The persisted graph records it and any other build refuses it
 * (IndexCache), so a change to extraction needs no format number to be remembered: a local build, a
 * pre-release or a release of the same version with other extraction never reuses an old graph.
 * In a bundle it is the hash esbuild.mjs computed of the sources; from tsc's output, the hash of the
 * compiled files WorkspaceIndex.js reaches (the same closure, compiled); in a bundle built without
 * it (`--watch`), the hash of the bundle itself.
 */
export function indexerIdentity(): string {
  if (identity === undefined) {
    if (typeof TS_CODE_GRAPH_INDEXER === 'string') identity = TS_CODE_GRAPH_INDEXER;
    else {
      const entry = path.join(__dirname, '..', 'WorkspaceIndex.js');
      identity = `compiled ${closureHash(fs.existsSync(entry) ? entry : __filename)}`;
    }
  }
  return identity;
}

/**
 * Hash of a compiled CommonJS module and of every module it requires by a relative path,
 * transitively (what tsc emits: `require("./x")`; packages such as typescript are not followed,
 * their versions are keyed apart). Paths are hashed relative to `entry`'s folder, so a copy of the
 * same files hashes the same.
 */
export function closureHash(entry: string): string {
  const base = path.dirname(entry);
  const seen = new Set<string>([entry]);
  const stack = [entry];
  const hashes: string[] = [];
  while (stack.length > 0) {
    const file = stack.pop()!;
    const text = fs.readFileSync(file, 'utf8');
    hashes.push(`${path.relative(base, file).split(path.sep).join('/')} ${createHash('sha1').update(text).digest('hex')}`);
    for (const m of text.matchAll(/\brequire\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)/g)) {
      const target = resolveCompiled(path.resolve(path.dirname(file), m[1]));
      if (target && !seen.has(target)) {
        seen.add(target);
        stack.push(target);
      }
    }
  }
  return createHash('sha1').update(hashes.sort().join('\n')).digest('hex').slice(0, 16);
}

function resolveCompiled(request: string): string | undefined {
  for (const candidate of [request, `${request}.js`, path.join(request, 'index.js')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}
