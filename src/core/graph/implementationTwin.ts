import type { GraphEdge, GraphNode, NodeKind } from './GraphTypes';

/**
 * A declaration file beside the JavaScript it describes (`addDays.d.ts` next to `addDays.js`, hand
 * written or emitted into the tree) declares the same functions and classes a second time. TypeScript
 * resolves imports to the declaration, so without this every caller's edge ended at the `.d.ts` node
 * and `dependentsOf` the JavaScript function found nobody. The graph gives such a value's uses to its
 * implementation: the node of the same qualified name in the JavaScript twin (`implementationOf`).
 * The indexer retargets edges with it and links the two (`implementation --IMPLEMENTS--> declaration`,
 * so what the declaration's types reach still reaches the callers), and the resolver answers for the
 * twin when asked about the declaration. Types (interfaces, type aliases) have no implementation and
 * stay where they are.
 */

/** The JavaScript files a declaration file may describe, root-relative like it: `a.d.ts` → `a.js`, `a.jsx`. */
export function implementationFilesOf(file: string): string[] {
  const m = /\.d\.(ts|mts|cts)$/.exec(file);
  if (!m) return [];
  const stem = file.slice(0, m.index);
  if (m[1] === 'mts') return [`${stem}.mjs`];
  if (m[1] === 'cts') return [`${stem}.cjs`];
  return [`${stem}.js`, `${stem}.jsx`];
}

/** The declaration files that may describe a JavaScript file (the inverse of `implementationFilesOf`). */
export function declarationFilesOf(file: string): string[] {
  const m = /\.(js|jsx|mjs|cjs)$/.exec(file);
  if (!m) return [];
  const stem = file.slice(0, m.index);
  return [`${stem}.d.${m[1] === 'mjs' ? 'mts' : m[1] === 'cjs' ? 'cts' : 'ts'}`];
}

/** Kinds that stand for a runtime value, which a JavaScript file can implement. */
export function isImplementable(kind: NodeKind): boolean {
  return !(kind === 'module' || kind === 'interface' || kind === 'type' || kind === 'method-signature' || kind === 'enum');
}

/**
 * Among a JavaScript file's nodes, the implementation of a declaration-file node: the same qualified
 * name and staticness, an implementable kind, the same kind first (`declare const f: …` may be
 * implemented by `function f`).
 */
export function implementationOf(decl: Pick<GraphNode, 'name' | 'kind' | 'isStatic'>, candidates: readonly GraphNode[]): GraphNode | undefined {
  if (!isImplementable(decl.kind)) return undefined;
  let other: GraphNode | undefined;
  for (const n of candidates) {
    if (n.name !== decl.name || !n.isStatic !== !decl.isStatic || !isImplementable(n.kind)) continue;
    if (n.kind === decl.kind) return n;
    other ??= n;
  }
  return other;
}

/**
 * `impl --IMPLEMENTS--> decl` from a JavaScript node to its own declaration in the `.d.ts` beside it.
 * Queries walk it backwards (a type the declaration takes reaches the implementation's callers) and
 * pathsBetween forwards, but dependenciesOf does not (every callee's declaration would double the
 * answer), and it is no dispatch edge (nothing calls the declaration: its callers call the implementation).
 */
export function isDeclarationLink(edge: GraphEdge, graph: { getNode(id: string): GraphNode | undefined }): boolean {
  if (edge.type !== 'IMPLEMENTS') return false;
  const from = graph.getNode(edge.from);
  const to = graph.getNode(edge.to);
  // Same name too: a JSDoc `@implements {Shape}` class in a.js may implement an interface of a.d.ts.
  return !!from && !!to && from.name === to.name && implementationFilesOf(to.file).includes(from.file);
}
