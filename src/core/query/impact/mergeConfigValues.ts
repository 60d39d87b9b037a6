import type { ConfigObject, ConfigValue } from './ConfigValue';

/**
 * Two configurations as vite's `mergeConfig(defaults, overrides)` merges them (vitest's
 * `mergeConfig` is vite's; vite 6 `mergeConfigRecursively`): a key `overrides` sets (not null)
 * replaces the one of `defaults`, except that two objects merge key by key and an array with
 * anything is their concatenation (`[...defaults, ...overrides]`: tRPC's packages/upgrade adds its
 * `test.exclude` to the root's). Vite's special keys (`alias`, `assetsInclude`…) name nothing a
 * test runner's patterns depend on and merge as any other.
 *
 * What a side says but could not be read (`unreadKeys`) is not known after the merge either,
 * unless the other side replaces it by a value that is no list or object: a list half read would
 * run the wrong tests.
 */
export function mergeConfigValues(defaults: ConfigObject, overrides: ConfigObject): ConfigObject {
  const out = copy(defaults);
  // Explicit stack (no recursion over configuration values): [merged so far, what overrides it].
  const stack: Array<[ConfigObject, ConfigObject]> = [[out, overrides]];
  while (stack.length > 0) {
    const [target, over] = stack.pop()!;
    const unknown = new Set(unreadKeys(target));
    for (const key of unreadKeys(over)) {
      delete target[key];
      unknown.add(key);
    }
    for (const [key, value] of Object.entries(over)) {
      if (value === undefined || value === null) continue;
      if (unknown.has(key)) {
        if (!Array.isArray(value) && !isPlainObject(value)) {
          target[key] = value;
          unknown.delete(key);
        }
        continue;
      }
      const existing = target[key];
      if (existing === undefined || existing === null) target[key] = value;
      else if (Array.isArray(existing) || Array.isArray(value)) target[key] = [...arraify(existing), ...arraify(value)];
      else if (isPlainObject(existing) && isPlainObject(value)) {
        const merged = copy(existing);
        target[key] = merged;
        stack.push([merged, value]);
      } else target[key] = value;
    }
    markUnread(target, unknown);
  }
  return out;
}

/** The keys an object literal of a configuration sets to what only running it gives (`setupFiles: [__dirname + '/setup.ts']`). */
export function unreadKeys(object: ConfigObject): ReadonlySet<string> {
  return UNREAD.get(object) ?? NONE;
}

/** Records `keys` of `object` as set but not read (see unreadKeys). */
export function markUnread(object: ConfigObject, keys: Iterable<string>): void {
  const set = new Set(keys);
  if (set.size > 0) UNREAD.set(object, set);
  else UNREAD.delete(object);
}

// Beside the values, not in them: every reader of a ConfigObject sees plain JSON-like data.
const UNREAD = new WeakMap<ConfigObject, Set<string>>();
const NONE: ReadonlySet<string> = new Set();

function copy(object: ConfigObject): ConfigObject {
  const out = { ...object };
  markUnread(out, unreadKeys(object));
  return out;
}

function arraify(v: ConfigValue): ConfigValue[] {
  return Array.isArray(v) ? v : [v];
}

/** An object to merge key by key: not a regex literal's `{ regex, flags }`. */
function isPlainObject(v: ConfigValue): v is ConfigObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !(typeof v.regex === 'string' && typeof v.flags === 'string');
}
