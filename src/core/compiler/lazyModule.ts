/**
 * A module evaluated at its first use, and the module itself for hot paths. The bundled TypeScript 6
 * takes 20-25 ms to set up; a start from the cache with TypeScript 7 (a CLI query after an edit, a
 * warm query) often needs none of it, so its hosts hand the core a lazy stand-in (worker/loadTypeScript).
 * The stand-in answers `known` properties (its `version`) without evaluating the module, and every
 * other property, key or descriptor from the module, evaluated then. Code that reads the module in a
 * hot loop (the in-process compiler's syntax, which the passes read per node) takes `realModule` once:
 * a property read through the stand-in costs a proxy trap.
 */

const REAL = Symbol('the module itself');

export function lazyModule<T extends object>(load: () => T, known: Partial<T> = {}): T {
  let loaded: T | undefined;
  const module = (): Record<PropertyKey, unknown> => (loaded ??= load()) as unknown as Record<PropertyKey, unknown>;
  return new Proxy({} as T, {
    get: (_target, key) => {
      if (key === REAL) return module();
      if (!loaded && Object.prototype.hasOwnProperty.call(known, key)) return (known as Record<PropertyKey, unknown>)[key];
      return module()[key];
    },
    has: (_target, key) => key in module(),
    ownKeys: () => Reflect.ownKeys(module()),
    getOwnPropertyDescriptor: (_target, key) => {
      const d = Reflect.getOwnPropertyDescriptor(module(), key);
      // A proxy may report a property only as configurable when its (empty) target lacks it.
      return d && { ...d, configurable: true };
    },
  });
}

/** The module behind a `lazyModule` stand-in (evaluated now), or `m` itself when it is none. */
export function realModule<T extends object>(m: T): T {
  return ((m as unknown as Record<PropertyKey, unknown>)[REAL] as T | undefined) ?? m;
}
