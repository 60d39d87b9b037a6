/**
 * The graph's vocabulary. Everything else in the core (indexer, queries, formatters) speaks it.
 * Plain data only: no TypeScript compiler objects, so results cross thread boundaries as JSON.
 */

/** What a node is. `module` is the top-level code of a file (its name is the root-relative path). */
export type NodeKind =
  | 'module'
  | 'function'
  | 'method'
  | 'constructor'
  | 'getter'
  | 'setter'
  | 'property'
  | 'class'
  | 'interface'
  | 'method-signature'
  | 'type'
  | 'enum'
  | 'variable'
  | 'namespace';

/** Runtime edges: code that runs. */
export const RUNTIME_EDGES = ['CALLS', 'REFERENCES', 'INCLUDES'] as const;
/** Structural edges between classes/interfaces and their members (dispatch goes through these). */
export const STRUCTURAL_EDGES = ['EXTENDS', 'IMPLEMENTS', 'OVERRIDES'] as const;
/** Type edges (spec 004): how declarations use types. */
export const TYPE_EDGES = ['TAKES', 'RETURNS', 'HAS_TYPE', 'HAS_PROPERTY', 'DERIVES_FROM', 'ALIAS_FOR'] as const;

export const EDGE_TYPES = [...RUNTIME_EDGES, ...STRUCTURAL_EDGES, ...TYPE_EDGES] as const;
export type EdgeType = (typeof EDGE_TYPES)[number];

export interface GraphNode {
  /** Stable id: `file#qualifiedName@kind` (plus `~N` for a same-kind duplicate). Survives edits that do not rename. */
  id: string;
  /** Qualified name, the form a query accepts as `symbol`: `formatDate`, `User.save`, `api.get`, `outer.inner`. */
  name: string;
  kind: NodeKind;
  /** Root-relative posix path (`node_modules/...` for external declarations). */
  file: string;
  /** 1-based first line, as the Read tool's `offset` takes it. */
  offset: number;
  /** Line count, as the Read tool's `limit` takes it. */
  limit: number;
  /** Declared in node_modules: a leaf, never traversed further, shown without a snippet. */
  external?: boolean;
  /** A static class member (static and instance members of one name are different nodes). */
  isStatic?: boolean;
}

export interface GraphEdge {
  from: string;
  to: string;
  type: EdgeType;
  /** 1-based lines in `from`'s file where the call / JSX use / reference happens (for `>` marks in snippets). */
  lines?: number[];
}

/** One file's share of the graph: what `SymbolGraph.replaceFile` swaps in and out. */
export interface FileContribution {
  /** Root-relative posix path. */
  file: string;
  /** Nodes declared in this file (the module node first). */
  nodes: GraphNode[];
  /** Edges whose `from` is a node of this file. */
  edges: GraphEdge[];
  /** External (node_modules) nodes this file's edges point at; shared and reference-counted by the graph. */
  externalNodes: GraphNode[];
  /** Files (root-relative) whose declarations this file's edges or resolution depended on; may name one that does not exist yet (a `.d.ts`'s JavaScript twin). */
  dependsOnFiles?: string[];
  /** A relative import did not resolve: a file created later may change this file's edges. */
  hasUnresolvedImports?: boolean;
  /**
   * Package imports of this file (specifiers as written: `lodash`, `@acme/router/server`) that resolve
   * to no types (not installed, untyped, unresolvable under the config, an unbuilt workspace package):
   * what its edges into them, and inference through them, lack.
   */
  unresolvedPackageImports?: string[];
  /**
   * Its declarations are global (a script, or `declare global`): any file may use them without
   * importing this one, so a failed file's missing calls may reach them (`analysisWarnings`).
   */
  global?: boolean;
  /**
   * It declares for files that do not import it, though it is a module: a module augmentation or an
   * ambient module (`declare module '…'`), a UMD global (`export as namespace`), a standard library file
   * it references (`/// <reference lib>`, `no-default-lib`). With `global`, what a program scoped to a
   * few files must hold of the unchanged ones (program/scopedRoots.ts), without reading them.
   */
  augments?: boolean;
  /**
   * The modules and files it names (`moduleReferences`: imports as written, `path …`, `types …` and
   * `lib …` for reference directives), sorted; undefined where the compiler does not say. A start from
   * the cache that sees one removed re-indexes the file through its project's whole program.
   */
  references?: string[];
  /**
   * Names this file exports that are declared under a name elsewhere, as its text says:
   * `export { foo as bar } from './foo'` is `{ exported: 'bar', file: 'src/foo.ts', name: 'foo' }`,
   * `export * from './x'` is `{ exported: '*', file: 'src/x.ts', name: '*' }`; `import { f } from './f';
   * export { f }` leads to `src/f.ts`; `export { a as b }` and `export default a` lead to this file's `a`.
   * Only to files of ours. The resolver follows them, hop by hop, by name (one file's syntax each).
   */
  reExports?: ReExport[];
  /** Non-fatal problems (e.g. a syntax error) worth a log line. */
  problems?: string[];
  /**
   * The file's first syntax error, when its text does not parse: it is indexed as far as it parses
   * (the parser's recovery may drop or misplace what follows), which answers reaching it say.
   */
  syntaxError?: { line: number; message: string };
  /**
   * The file's declaration skeleton when it was extracted (incremental/declarationSkeleton: what its
   * dependents can see of it, from syntax), kept in the graph cache: a start from it after the file
   * changed re-indexes its dependents only when this changed.
   */
  skeleton?: string;
  /**
   * Analysing this file failed (our code or the compiler threw): the reason. The contribution then
   * holds only what could safely be kept (its declarations, or its module node), and the failure is
   * loud: `CodeGraph.errors()`, the CLI's `stats`, the extension's status and any answer touching the file.
   */
  failure?: string;
}

/** One name a file exports from a declaration elsewhere (see `FileContribution.reExports`). */
export interface ReExport {
  /** The name as this file exports it; `*` for `export * from`. */
  exported: string;
  /** Root-relative file the name comes from (this file for a local alias). */
  file: string;
  /** The name there (`default` for a default export); `*` for `export * from`. */
  name: string;
}

/** How every surface words a file whose analysis failed (see `FileContribution.failure`). */
export function fileFailureMessage(file: string, reason: string): string {
  return `${file} could not be analysed: ${reason}; calls inside it are missing`;
}

export function isTypeEdge(type: EdgeType): boolean {
  return (TYPE_EDGES as readonly string[]).includes(type);
}

export function isRuntimeEdge(type: EdgeType): boolean {
  return (RUNTIME_EDGES as readonly string[]).includes(type);
}

export function isMemberKind(kind: NodeKind): boolean {
  return (
    kind === 'method' ||
    kind === 'method-signature' ||
    kind === 'getter' ||
    kind === 'setter' ||
    kind === 'property' ||
    kind === 'constructor'
  );
}

export function edgeKey(edge: { from: string; to: string; type: EdgeType }): string {
  return `${edge.from}\u0000${edge.type}\u0000${edge.to}`;
}
