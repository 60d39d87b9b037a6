/**
 * `roots` and everything reachable from them through `next`, walked with an explicit stack (no
 * depth limit): a file and its transitive dependents, a name and the declarations that mention it.
 */
export function reachable<T>(roots: Iterable<T>, next: (item: T) => Iterable<T> | undefined): Set<T> {
  const seen = new Set(roots);
  const stack = [...seen];
  while (stack.length > 0) {
    for (const item of next(stack.pop()!) ?? []) {
      if (seen.has(item)) continue;
      seen.add(item);
      stack.push(item);
    }
  }
  return seen;
}
