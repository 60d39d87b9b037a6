/** The source a `source`/`development` condition names for `subpath` ('.' or './sub'), or a top-level `source` field for '.'. */
export function sourceCondition(manifest: Record<string, unknown>, subpath: string): string | undefined {
  const exports = manifest.exports;
  let entry: unknown;
  if (typeof exports === 'object' && exports !== null && !Array.isArray(exports) && Object.keys(exports).some((k) => k.startsWith('.'))) {
    const map = exports as Record<string, unknown>;
    entry = map[subpath];
    if (entry === undefined) {
      for (const [key, value] of Object.entries(map)) {
        const star = key.indexOf('*');
        if (star < 0 || !subpath.startsWith(key.slice(0, star)) || !subpath.endsWith(key.slice(star + 1))) continue;
        const matched = subpath.slice(star, subpath.length - (key.length - star - 1));
        const target = conditionTarget(value);
        return target?.replace(/\*/g, matched);
      }
    }
  } else if (subpath === '.') {
    entry = exports;
  }
  const target = entry === undefined ? undefined : conditionTarget(entry);
  if (target) return target;
  return subpath === '.' && typeof manifest.source === 'string' ? manifest.source : undefined;
}

/** The first `source` or `development` target in a conditions object (nested ones searched too, iteratively). */
function conditionTarget(entry: unknown): string | undefined {
  const stack: unknown[] = [entry];
  while (stack.length) {
    const e = stack.shift();
    if (Array.isArray(e)) stack.push(...e);
    else if (e && typeof e === 'object') {
      for (const [key, value] of Object.entries(e as Record<string, unknown>)) {
        if ((key === 'source' || key === 'development') && typeof value === 'string') return value;
        if (typeof value === 'object') stack.push(value);
      }
    }
  }
  return undefined;
}

/** Conditions a resolver sets by itself or that name no source: what a custom condition is not. */
const STANDARD_CONDITIONS = new Set(['types', 'typings', 'import', 'require', 'default', 'node', 'browser', 'module', 'module-sync', 'worker', 'deno', 'bun', 'react-native', 'production', 'development', 'source', 'edge-light', 'workerd']);

/**
 * A condition of the package's own (`@tanstack/custom-condition`) whose target at `subpath` is a
 * TypeScript source: a config that lists it in `customConditions` reaches the sources unbuilt.
 */
export function customSourceCondition(manifest: Record<string, unknown>, subpath: string): string | undefined {
  const exports = manifest.exports;
  if (typeof exports !== 'object' || exports === null || Array.isArray(exports)) return undefined;
  const entry = (exports as Record<string, unknown>)[subpath];
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return undefined;
  for (const [key, value] of Object.entries(entry as Record<string, unknown>)) {
    if (!STANDARD_CONDITIONS.has(key) && typeof value === 'string' && /\.[cm]?tsx?$/.test(value) && !/\.d\.[cm]?ts$/.test(value)) return key;
  }
  return undefined;
}
