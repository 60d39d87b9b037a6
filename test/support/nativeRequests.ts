/**
 * Runs `work` while counting the requests the native compiler's API client sends through the named
 * `Checker` methods (a test of how often the index asks, not of what it gets back); every method is
 * restored afterwards, whatever `work` does.
 */
export async function countNativeRequests<T>(methods: readonly string[], work: () => Promise<T>): Promise<{ result: T; asked: Map<string, number> }> {
  const { Checker } = require('@typescript/native/unstable/sync') as { Checker: { prototype: Record<string, (...args: unknown[]) => unknown> } };
  const asked = new Map<string, number>();
  const real = new Map(methods.map((m) => [m, Checker.prototype[m]]));
  for (const m of methods) {
    Checker.prototype[m] = function (this: unknown, ...args: unknown[]) {
      asked.set(m, (asked.get(m) ?? 0) + 1);
      return real.get(m)!.apply(this, args);
    };
  }
  try {
    return { result: await work(), asked };
  } finally {
    for (const m of methods) Checker.prototype[m] = real.get(m)!;
  }
}
