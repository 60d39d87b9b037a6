import { EdgeType, GraphEdge, GraphNode, NodeKind, ReExport } from '../../src/core/graph/GraphTypes';
import { SymbolGraph } from '../../src/core/graph/SymbolGraph';
import { QueryContext } from '../../src/core/query/QueryContext';

export interface TestNodeOptions {
  line?: number;
  limit?: number;
  isStatic?: boolean;
}

/**
 * Builds query-test graphs by hand, with the indexer's conventions (ids `file#name@kind`, `~N` for a
 * same-kind duplicate, a module node first in every file, external nodes shared through the files
 * that point at them) so query tests do not depend on the indexer being finished or correct.
 */
export class TestGraph {
  private readonly files = new Map<string, GraphNode[]>();
  private readonly externals = new Map<string, GraphNode>();
  private readonly edges: GraphEdge[] = [];
  private readonly reExports = new Map<string, ReExport[]>();
  private readonly nextLine = new Map<string, number>();

  /** Declares a node (and its file's module node on first use); returns its id. */
  node(file: string, name: string, kind: NodeKind, options: TestNodeOptions = {}): string {
    const nodes = this.fileNodes(file);
    let id = `${file}#${name}@${kind}`;
    const twins = nodes.filter((n) => n.name === name && n.kind === kind).length;
    if (twins > 0) id += `~${twins}`;
    const line = options.line ?? this.takeLine(file);
    const node: GraphNode = { id, name, kind, file, offset: line, limit: options.limit ?? 3 };
    if (options.isStatic) node.isStatic = true;
    nodes.push(node);
    return id;
  }

  /** The module node of `file` (top-level code), created on demand. */
  module(file: string): string {
    return this.fileNodes(file)[0].id;
  }

  /** A node_modules declaration: a leaf for every query. */
  external(file: string, name: string, kind: NodeKind = 'function'): string {
    const id = `${file}#${name}@${kind}`;
    this.externals.set(id, { id, name, kind, file, offset: 1, limit: 1, external: true });
    return id;
  }

  edge(from: string, type: EdgeType, to: string, lines?: number[]): this {
    this.edges.push(lines ? { from, type, to, lines } : { from, type, to });
    return this;
  }

  /** `file` re-exports `name` of `from` as `exported` (`*`, `*` for `export * from`). */
  reExport(file: string, exported: string, from: string, name = exported): this {
    this.fileNodes(file);
    const list = this.reExports.get(file) ?? [];
    list.push({ exported, file: from, name });
    this.reExports.set(file, list);
    return this;
  }

  build(): SymbolGraph {
    const graph = new SymbolGraph();
    const fileOf = new Map<string, string>();
    for (const [file, nodes] of this.files) for (const n of nodes) fileOf.set(n.id, file);
    for (const [file, nodes] of this.files) {
      const edges = this.edges.filter((e) => fileOf.get(e.from) === file);
      const externalNodes = [...new Set(edges.map((e) => e.to))].flatMap((id) => this.externals.get(id) ?? []);
      const reExports = this.reExports.get(file);
      graph.replaceFile({ file, nodes, edges, externalNodes, ...(reExports ? { reExports } : {}) });
    }
    return graph;
  }

  /** A query context over the built graph, rooted at `/repo`; `onDisk` are extra files that exist but are not indexed. */
  context(onDisk: string[] = [], root = '/repo'): QueryContext {
    const graph = this.build();
    const exists = new Set([...graph.files(), ...onDisk]);
    return { graph, root, fileExists: (rel) => exists.has(rel) };
  }

  private fileNodes(file: string): GraphNode[] {
    let nodes = this.files.get(file);
    if (!nodes) {
      nodes = [{ id: `${file}#${file}@module`, name: file, kind: 'module', file, offset: 1, limit: 100 }];
      this.files.set(file, nodes);
    }
    return nodes;
  }

  private takeLine(file: string): number {
    const line = this.nextLine.get(file) ?? 2;
    this.nextLine.set(file, line + 5);
    return line;
  }
}
