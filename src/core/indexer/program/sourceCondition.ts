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
