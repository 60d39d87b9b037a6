import { edgeKey, FileContribution, GraphEdge, GraphNode } from './GraphTypes';

/**
 * The in-memory adjacency graph, built from per-file contributions.
 *
 * Each file owns its nodes and its outgoing edges; `replaceFile` swaps one file's share.
 * Edges may be stored before their target exists (files load in any order, and an edit may
 * remove a symbol others still point at). Such edges are *pending*: every public view hides
 * them, so readers only ever see edges whose endpoints are both nodes. They come back to life
 * when the target appears again, which is exactly what a full rebuild would produce.
 */
export class SymbolGraph {
  private readonly nodes = new Map<string, GraphNode>();
  private readonly out = new Map<string, GraphEdge[]>();
  private readonly in = new Map<string, GraphEdge[]>();
  private readonly byFile = new Map<string, FileContribution>();
  /** Qualified name → node id, or ids when the name repeats (most names are unique: no Set per name). */
  private readonly byName = new Map<string, string | string[]>();
  private readonly externalRefs = new Map<string, number>();
  /**
   * Incoming lists changed since they were last read, put in order lazily (so order never depends on
   * load order) and cheaply: an edge is appended at the end and only the appended tail is placed, by
   * binary search, after `sortedHead`; a detached edge is only noted (`removed`) and all of them are
   * filtered out in one pass. A function every file calls has an incoming list as long as the
   * workspace: placing or removing edges one by one in it made re-extracting every file quadratic
   * (6.6 of 18.8 s on 10,000 files). A detached edge keeps where its source was (`EdgeSource`), so
   * it can still be found by binary search after its source node is gone.
   */
  private readonly dirtyIn = new Map<string, { sortedHead: number; removed?: Map<GraphEdge, EdgeSource> }>();
  /** File → the files whose contributions say they depend on it (`dependsOnFiles`), kept with the contributions. */
  private readonly dependents = new Map<string, Set<string>>();
  private readonly dependentsSorted = new Map<string, string[]>();
  /** File → why its analysis failed (`FileContribution.failure`), for answers that must say so. */
  private readonly failures = new Map<string, string>();
  /** File → its first syntax error (`FileContribution.syntaxError`). */
  private readonly unparsed = new Map<string, { line: number; message: string }>();

  /** Swap in a file's contribution. Returns the ids of nodes that existed before and are gone now. */
  replaceFile(contribution: FileContribution): string[] {
    const before = this.byFile.get(contribution.file);
    if (before) this.detach(before);
    this.attach(contribution);
    if (!before) return [];
    const now = new Set(contribution.nodes.map((n) => n.id));
    return before.nodes.filter((n) => !now.has(n.id)).map((n) => n.id);
  }

  /** Put every incoming list touched by loads/updates in order now, so queries never pay for sorting. */
  settle(): void {
    for (const id of [...this.dirtyIn.keys()]) this.cleanIncoming(id);
  }

  /** The files whose contributions depend on `file` (imports, re-exports, edge targets), sorted. */
  filesDependingOn(file: string): readonly string[] {
    let sorted = this.dependentsSorted.get(file);
    if (!sorted) {
      sorted = [...(this.dependents.get(file) ?? [])].sort(compareText);
      this.dependentsSorted.set(file, sorted);
    }
    return sorted;
  }

  /** Drop a file's contribution. Returns the ids of the nodes it removed. */
  removeFile(file: string): string[] {
    const before = this.byFile.get(file);
    if (!before) return [];
    this.detach(before);
    return before.nodes.map((n) => n.id);
  }

  hasFile(file: string): boolean {
    return this.byFile.has(file);
  }

  /** Indexed files, sorted (so nothing downstream depends on the order files were indexed in). */
  files(): string[] {
    return [...this.byFile.keys()].sort();
  }

  getNode(id: string): GraphNode | undefined {
    return this.nodes.get(id);
  }

  hasNode(id: string): boolean {
    return this.nodes.has(id);
  }

  /** Nodes declared in a file, module node first, in declaration order. */
  nodesInFile(file: string): GraphNode[] {
    return this.byFile.get(file)?.nodes ?? [];
  }

  /** Nodes whose qualified name is exactly `name`, across all files. */
  nodesNamed(name: string): GraphNode[] {
    const ids = this.byName.get(name);
    if (ids === undefined) return [];
    return (typeof ids === 'string' ? [ids] : [...ids].sort()).map((id) => this.nodes.get(id)!).filter(Boolean);
  }

  /** All nodes, including external leaves. */
  allNodes(): IterableIterator<GraphNode> {
    return this.nodes.values();
  }

  get nodeCount(): number {
    return this.nodes.size;
  }

  /**
   * Outgoing edges of a node whose targets exist. Usually every target exists and the stored list
   * itself comes back, uncopied (traversals ask once per node they visit): never mutate it.
   */
  outEdges(id: string): readonly GraphEdge[] {
    const list = this.out.get(id);
    if (!list) return NO_EDGES;
    for (let i = 0; i < list.length; i++) {
      if (!this.nodes.has(list[i].to)) return list.filter((e) => this.nodes.has(e.to));
    }
    return list;
  }

  /**
   * Incoming edges of a node (their sources always exist: a source's file owns the edge), ordered
   * by source and type, so an incrementally updated graph answers in the same order as a fresh one.
   * (Outgoing lists need no sorting: one file writes them all, in its own order.)
   */
  inEdges(id: string): GraphEdge[] {
    if (!this.nodes.has(id)) return [];
    return this.cleanIncoming(id) ?? []; // only does work between a change and settle()
  }

  /**
   * `id`'s incoming list with the detached edges gone and the appended ones in place. The list is
   * in code order up to `sortedHead`, so the edges of one source file form one run there: only the
   * runs of detached files are looked at edge by edge and the appended edges are placed by binary
   * search; the rest is moved, never read. (Reading every edge of a list as long as the workspace,
   * and copying it, cost 10-20 ms per save at 10,000 files.)
   */
  private cleanIncoming(id: string): GraphEdge[] | undefined {
    const list = this.in.get(id);
    const dirty = this.dirtyIn.get(id);
    if (!dirty || !list) return list;
    this.dirtyIn.delete(id);
    const removed = dirty.removed;
    const head = Math.min(dirty.sortedHead, list.length);
    const compare = (a: GraphEdge, b: GraphEdge) => this.compareIncoming(a, b, removed);
    const tail = list.slice(head).filter((e) => !removed?.has(e));
    let sorted: GraphEdge[];
    if (tail.length > 64 && tail.length * 4 > list.length) {
      sorted = list.filter((e) => !removed?.has(e)).sort(compare);
    } else {
      tail.sort(compare);
      // After every head edge that does not sort after it (detached head edges keep their places).
      const at = tail.map((e) => bisect(head, (i) => compare(list[i], e) <= 0));
      // The runs of the head's detached files, in order.
      const files = [...new Set([...(removed?.values() ?? [])].map((s) => s.file))].sort(compareText);
      const runs = files.map((file) => {
        const start = bisect(head, (i) => compareText(this.sourceOf(list[i], removed).file, file) < 0);
        return [start, bisect(head, (i) => compareText(this.sourceOf(list[i], removed).file, file) <= 0)];
      });
      // Edit in place, in two passes that move pointers without reading the edges: the detached
      // edges squeezed out going forward, then the appended ones merged in going backward. (A fresh
      // list as long as the workspace per save cost more in collection than in copying.)
      const gone: number[] = [];
      for (const [start, end] of runs) for (let i = start; i < end; i++) if (removed!.has(list[i])) gone.push(i);
      list.length = head;
      if (gone.length + tail.length <= FEW_EDITS) {
        // A save's few edits: native moves (splice), from the end so earlier positions hold.
        for (let k = tail.length - 1, g = gone.length - 1; k >= 0 || g >= 0; ) {
          if (g >= 0 && (k < 0 || gone[g] >= at[k])) {
            list.splice(gone[g], 1);
            g--;
          } else {
            list.splice(at[k], 0, tail[k]);
            k--;
          }
        }
        return this.storeIncoming(id, list);
      }
      let write = gone.length ? gone[0] : head;
      for (let read = write, g = 0; read < head; read++) {
        if (g < gone.length && gone[g] === read) g++;
        else list[write++] = list[read];
      }
      const kept = write;
      let g = 0;
      const place = at.map((p) => {
        while (g < gone.length && gone[g] < p) g++;
        return p - g;
      });
      list.length = kept + tail.length;
      let read = kept - 1;
      write = list.length - 1;
      for (let k = tail.length - 1; k >= 0; k--) {
        while (read >= place[k]) list[write--] = list[read--];
        list[write--] = tail[k];
      }
      sorted = list;
    }
    return this.storeIncoming(id, sorted);
  }

  private storeIncoming(id: string, list: GraphEdge[]): GraphEdge[] | undefined {
    if (list.length === 0) {
      this.in.delete(id);
      return undefined;
    }
    // Short lists copied to their length (see SHORT_LIST).
    const stored = list.length <= SHORT_LIST ? list.slice() : list;
    this.in.set(id, stored);
    return stored;
  }

  /** Every live edge (both endpoints are nodes). */
  *allEdges(): IterableIterator<GraphEdge> {
    for (const contribution of this.byFile.values()) {
      for (const e of contribution.edges) if (this.nodes.has(e.to)) yield e;
    }
  }

  /** Files whose analysis failed, with the reason, in file order. */
  failedFiles(): Array<[file: string, reason: string]> {
    return [...this.failures].sort(([a], [b]) => compareText(a, b));
  }

  /** Files whose text does not parse (`FileContribution.syntaxError`), in file order. */
  unparsedFiles(): Array<[file: string, error: { line: number; message: string }]> {
    return [...this.unparsed].sort(([a], [b]) => compareText(a, b));
  }

  getContribution(file: string): FileContribution | undefined {
    return this.byFile.get(file);
  }

  /** Counts for `stats`. */
  stats(): { files: number; nodes: number; externalNodes: number; edges: number; edgesByType: Record<string, number> } {
    const edgesByType: Record<string, number> = {};
    let edges = 0;
    for (const e of this.allEdges()) {
      edgesByType[e.type] = (edgesByType[e.type] ?? 0) + 1;
      edges++;
    }
    return { files: this.byFile.size, nodes: this.nodes.size, externalNodes: this.externalRefs.size, edges, edgesByType };
  }

  /** A canonical, order-independent snapshot: equal snapshots mean equal graphs (used to prove incremental == full). */
  snapshot(): { nodes: string[]; edges: string[] } {
    const nodes = [...this.nodes.values()].map((n) => JSON.stringify([n.id, n.name, n.kind, n.file, n.offset, n.limit, !!n.external, !!n.isStatic])).sort();
    const edges = [...this.allEdges()].map((e) => JSON.stringify([e.from, e.type, e.to, e.lines ?? []])).sort();
    return { nodes, edges };
  }

  /** Where `e`'s source is (or was, for a detached edge). */
  private sourceOf(e: GraphEdge, removed?: Map<GraphEdge, EdgeSource>): EdgeSource {
    return removed?.get(e) ?? this.nodes.get(e.from)!;
  }

  /** Code order: the source's file, then its line, then id and edge type as tie-breakers. */
  private compareIncoming(a: GraphEdge, b: GraphEdge, removed?: Map<GraphEdge, EdgeSource>): number {
    const na = this.sourceOf(a, removed);
    const nb = this.sourceOf(b, removed);
    return (
      compareText(na.file, nb.file) || na.offset - nb.offset || compareText(a.from, b.from) || compareText(a.type, b.type)
    );
  }

  private attach(c: FileContribution): void {
    this.byFile.set(c.file, c);
    if (c.failure) this.failures.set(c.file, c.failure);
    if (c.syntaxError) this.unparsed.set(c.file, c.syntaxError);
    for (const n of c.nodes) {
      if (n.file === c.file) n.file = c.file;
      this.addNode(n);
    }
    for (const n of c.externalNodes) {
      const refs = this.externalRefs.get(n.id) ?? 0;
      this.externalRefs.set(n.id, refs + 1);
      if (refs === 0) this.addNode(n);
    }
    const seen = new Set<string>();
    for (const e of c.edges) {
      // One string per id: an edge's ends are the nodes' own ids (extraction and the cache made each
      // a copy of its own), a quarter of the graph's heap.
      e.from = this.nodes.get(e.from)?.id ?? e.from;
      e.to = this.nodes.get(e.to)?.id ?? e.to;
      const key = edgeKey(e);
      if (seen.has(key)) continue;
      seen.add(key);
      push(this.out, e.from, e);
      const dirty = this.dirtyIn.get(e.to);
      // The same edge attached again before its list was cleaned (a contribution swapped out and back in): still in place.
      if (dirty?.removed?.delete(e)) continue;
      if (!dirty) this.dirtyIn.set(e.to, { sortedHead: this.in.get(e.to)?.length ?? 0 });
      push(this.in, e.to, e);
    }
    // This file's outgoing lists are complete now: copied to their length (see SHORT_LIST).
    for (const n of c.nodes) {
      const list = this.out.get(n.id);
      if (list && list.length > 1) this.out.set(n.id, list.slice());
    }
    for (const dep of c.dependsOnFiles ?? []) {
      let set = this.dependents.get(dep);
      if (!set) this.dependents.set(dep, (set = new Set()));
      set.add(c.file);
      this.dependentsSorted.delete(dep);
    }
  }

  private detach(c: FileContribution): void {
    this.byFile.delete(c.file);
    this.failures.delete(c.file);
    this.unparsed.delete(c.file);
    for (const e of c.edges) {
      remove(this.out, e.from, e);
      let dirty = this.dirtyIn.get(e.to);
      if (!dirty) this.dirtyIn.set(e.to, (dirty = { sortedHead: this.in.get(e.to)?.length ?? 0 }));
      // Where its source is, kept for placing it in the list after the source node is gone.
      (dirty.removed ??= new Map()).set(e, { file: c.file, offset: this.nodes.get(e.from)?.offset ?? 0 });
    }
    for (const dep of c.dependsOnFiles ?? []) {
      const set = this.dependents.get(dep);
      set?.delete(c.file);
      if (set?.size === 0) this.dependents.delete(dep);
      this.dependentsSorted.delete(dep);
    }
    for (const n of c.nodes) this.removeNode(n);
    for (const n of c.externalNodes) {
      const refs = (this.externalRefs.get(n.id) ?? 1) - 1;
      if (refs <= 0) {
        this.externalRefs.delete(n.id);
        this.removeNode(n);
      } else {
        this.externalRefs.set(n.id, refs);
      }
    }
  }

  private addNode(n: GraphNode): void {
    this.nodes.set(n.id, n);
    const ids = this.byName.get(n.name);
    if (ids === undefined) this.byName.set(n.name, n.id);
    else if (typeof ids === 'string') this.byName.set(n.name, ids === n.id ? ids : [ids, n.id]);
    else if (!ids.includes(n.id)) ids.push(n.id);
  }

  private removeNode(n: GraphNode): void {
    // By id: an external node is shared, and the stored object may be another file's copy.
    this.nodes.delete(n.id);
    const ids = this.byName.get(n.name);
    if (ids === n.id) this.byName.delete(n.name);
    else if (Array.isArray(ids)) {
      const rest = ids.filter((id) => id !== n.id);
      this.byName.set(n.name, rest.length === 1 ? rest[0] : rest);
    }
  }
}

/** Where a detached edge's source was: enough to find the edge in its target's ordered incoming list. */
interface EdgeSource {
  file: string;
  offset: number;
}

/** The first `i` in [0, n) for which `before(i)` is false (`before` holds for a prefix). */
function bisect(n: number, before: (i: number) => boolean): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (before(mid)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Up to this many removed plus appended edges, a list is edited by splicing; past it, in two passes. */
const FEW_EDITS = 16;

/**
 * Incoming lists up to this long are copied to their length when cleaned, as every outgoing list is
 * when its file is attached: an array grown by `push` keeps room for about 16 more elements (V8),
 * and most edge lists end short, so that room was a tenth of the graph's heap (ra-core: 58 of 549
 * B/edge). A longer incoming list is kept as edited in place: its slack is small beside it, and a
 * hub's list copied on every save costs more in collection.
 */
const SHORT_LIST = 64;

/** The answer for a node without outgoing edges: shared, frozen, so no caller can grow it. */
const NO_EDGES: readonly GraphEdge[] = Object.freeze([]);

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function push(map: Map<string, GraphEdge[]>, key: string, e: GraphEdge): void {
  const list = map.get(key);
  if (list) list.push(e);
  else map.set(key, [e]);
}

function remove(map: Map<string, GraphEdge[]>, key: string, e: GraphEdge): void {
  const list = map.get(key);
  if (!list) return;
  const i = list.indexOf(e);
  if (i >= 0) list.splice(i, 1);
  if (list.length === 0) map.delete(key);
}
