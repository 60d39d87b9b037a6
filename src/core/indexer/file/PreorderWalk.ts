import type * as TS from 'typescript';

/**
 * An iterative pre-order walk over syntax with no depth limit (generated code nests tens of
 * thousands of levels deep: a 20,000-term string concatenation), that still visits in exactly the
 * order a recursive walk would. A visit *schedules* subtrees (`node`) and work a recursive walk
 * would do after them (`task`); everything one visit schedules runs next, in the order scheduled,
 * before that visit's siblings. Each entry carries a context (the owner or name prefix).
 *
 * Scheduled entries are pushed straight onto the stack and the visit's segment is reversed in
 * place afterwards: no per-node arrays.
 */
export class PreorderWalk<C> {
  private readonly items: Array<TS.Node | (() => void)> = [];
  private readonly contexts: C[] = [];
  private base = 0;

  constructor(private readonly ts: typeof TS) {}

  node(node: TS.Node, context: C): void {
    this.items.push(node);
    this.contexts.push(context);
  }

  /** Every child of `node`, in source order. */
  children(node: TS.Node, context: C): void {
    this.ts.forEachChild(node, (child) => {
      this.items.push(child);
      this.contexts.push(context);
    });
  }

  task(task: () => void): void {
    this.items.push(task);
    this.contexts.push(undefined as C);
  }

  /** Visits everything scheduled so far, and everything those visits schedule. */
  run(visit: (node: TS.Node, context: C) => void): void {
    const { items, contexts } = this;
    this.reverseScheduled();
    while (items.length > 0) {
      const next = items.pop()!;
      const context = contexts.pop()!;
      this.base = items.length;
      if (typeof next === 'function') next();
      else visit(next, context);
      this.reverseScheduled();
    }
  }

  private reverseScheduled(): void {
    const { items, contexts } = this;
    for (let i = this.base, j = items.length - 1; i < j; i++, j--) {
      const item = items[i];
      items[i] = items[j];
      items[j] = item;
      const context = contexts[i];
      contexts[i] = contexts[j];
      contexts[j] = context;
    }
  }
}
