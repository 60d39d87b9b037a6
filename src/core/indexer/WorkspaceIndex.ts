import * as path from 'path';
import type * as TS from 'typescript';
import { SymbolGraph } from '../graph/SymbolGraph';
import { CancellationToken, Logger, neverCancelled, silentLogger } from '../Logger';
import { DeclaredFile, declareFile } from './declareFile';
import { ProjectConfig, discoverProjects, normalize } from './discoverProjects';
import { SymbolTargets, Target, extractEdges } from './extractEdges';
import { SharedCompilerHost } from './SharedCompilerHost';
import { fileShape } from './fileShape';
import type { IndexOptions, IndexReport, UpdateReport } from './indexWorkspace';

interface Project {
  config: ProjectConfig;
  program?: TS.Program;
  targets?: SymbolTargets;
}

const CONFIG_FILE = /(^|\/)(tsconfig[^/]*\.json|jsconfig[^/]*\.json|package\.json)$/;

/**
 * Owns the workspace's TypeScript programs and keeps the graph in step with them: a full index,
 * then incremental updates that re-extract the changed files and every file whose edges could
 * have changed with them (their importers, transitively), so the graph always equals what a
 * full rebuild would give.
 */
export class WorkspaceIndex {
  readonly graph = new SymbolGraph();
  readonly root: string;
  private readonly ts: typeof TS;
  private readonly log: Logger;
  private readonly host: SharedCompilerHost;
  private projects: Project[] = [];
  /** Absolute file → the project that indexes it (each file is indexed once). */
  private owner = new Map<string, Project>();
  private readonly declaredCache = new WeakMap<TS.SourceFile, DeclaredFile>();
  problems: string[] = [];

  constructor(private readonly options: IndexOptions) {
    this.ts = options.ts ?? (require('typescript') as typeof TS);
    this.root = normalize(options.root);
    this.log = options.logger ?? silentLogger;
    this.host = new SharedCompilerHost(this.ts);
  }

  async indexAll(token: CancellationToken = this.options.token ?? neverCancelled): Promise<IndexReport> {
    const started = Date.now();
    this.problems = [];
    this.projects = discoverProjects(this.ts, this.root, this.options.tsconfig).map((config) => ({ config }));
    for (const p of this.projects) {
      this.problems.push(...p.config.problems);
      this.log.info(`project ${p.config.configPath ? this.relative(p.config.configPath) : '(inferred: no tsconfig/jsconfig found)'}: ${p.config.fileNames.length} files`);
    }
    this.buildPrograms(this.projects);
    this.assignOwners();
    const files = [...this.owner.keys()];
    for (const stale of this.graph.files()) if (!this.owner.has(path.posix.join(this.root, stale))) this.graph.removeFile(stale);
    await this.extractAll(files, token);
    const stats = this.graph.stats();
    return {
      projects: this.projects.map((p) => (p.config.configPath ? this.relative(p.config.configPath) : '(inferred)')),
      files: files.length,
      nodes: stats.nodes,
      edges: stats.edges,
      edgesByType: stats.edgesByType,
      millis: Date.now() - started,
      problems: this.problems,
    };
  }

  /** Re-index after files were saved/created (`changed`) or deleted. Paths absolute or root-relative. */
  async update(changed: string[], deleted: string[], token: CancellationToken = neverCancelled): Promise<UpdateReport> {
    const started = Date.now();
    const abs = (p: string) => normalize(path.isAbsolute(p) ? p : path.join(this.root, p));
    const changedAbs = [...new Set(changed.map(abs))];
    const deletedAbs = [...new Set(deleted.map(abs))];
    if ([...changedAbs, ...deletedAbs].some((f) => CONFIG_FILE.test(f))) {
      // A config change can move every file between projects: rebuild from the configs.
      for (const f of [...changedAbs, ...deletedAbs]) this.host.invalidate(f);
      const before = new Set(this.graph.files());
      await this.indexAll(token);
      const removed = [...before].filter((f) => !this.graph.hasFile(f));
      return { reindexed: this.graph.files(), removed, millis: Date.now() - started };
    }
    for (const f of [...changedAbs, ...deletedAbs]) this.host.invalidate(f);
    const sources = [...changedAbs, ...deletedAbs].filter((f) => /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/.test(f));
    const fileSetChanged = changedAbs.some((f) => !this.owner.has(f)) || deletedAbs.length > 0;
    if (fileSetChanged) this.refreshFileLists();
    const affected = this.projects.filter(
      (p) => fileSetChanged || sources.some((f) => p.program?.getSourceFile(f) !== undefined || p.config.fileNames.includes(f)),
    );
    const previousOwner = new Map([...this.owner].map(([f, p]) => [f, { project: p, program: p.program! }]));
    const dependents = this.dependentsMap();
    this.buildPrograms(affected);
    this.assignOwners();

    const removed: string[] = [];
    for (const f of previousOwner.keys()) {
      if (!this.owner.has(f)) {
        const rel = this.relative(f);
        this.graph.removeFile(rel);
        removed.push(rel);
      }
    }
    // Re-extract the changed files; go on to a file's dependents only when what they can see of it changed.
    const reindexed: string[] = [];
    const queue = [...new Set([...changedAbs, ...deletedAbs].map((f) => this.relative(f)))];
    const done = new Set<string>();
    while (queue.length) {
      if (token.isCancellationRequested) throw new CancelledError();
      const rel = queue.shift()!;
      if (done.has(rel)) continue;
      done.add(rel);
      const abs = path.posix.join(this.root, rel);
      const before = previousOwner.get(abs);
      const oldShape = before ? this.shapeOf(before.program, abs, this.graph.nodesInFile(rel).map((n) => n.id)) : undefined;
      let newShape: string | undefined;
      if (this.owner.has(abs)) {
        this.extractFile(abs);
        reindexed.push(rel);
        newShape = this.shapeOf(this.owner.get(abs)!.program!, abs, this.graph.nodesInFile(rel).map((n) => n.id));
      }
      if (oldShape === undefined || newShape === undefined || oldShape !== newShape) {
        for (const d of dependents.get(rel) ?? []) if (!done.has(d)) queue.push(d);
      }
    }
    return { reindexed: reindexed.sort(), removed, millis: Date.now() - started };
  }

  /** Root-relative posix path of an absolute one. */
  relative(abs: string): string {
    return path.posix.relative(this.root, normalize(abs));
  }

  private buildPrograms(projects: Project[]): void {
    for (const p of projects) {
      const started = Date.now();
      p.program = this.ts.createProgram({
        rootNames: p.config.fileNames,
        options: p.config.options,
        host: this.host.hostFor(p.config.options),
        oldProgram: p.program,
      });
      p.targets = this.makeTargets(p.program);
      this.log.info(`program for ${p.config.configPath ? this.relative(p.config.configPath) : '(inferred)'} built in ${Date.now() - started} ms`);
    }
  }

  private refreshFileLists(): void {
    const fresh = discoverProjects(this.ts, this.root, this.options.tsconfig);
    for (const p of this.projects) {
      const match = fresh.find((f) => f.configPath === p.config.configPath);
      if (match) p.config = { ...p.config, fileNames: match.fileNames };
    }
  }

  /** Each file is indexed by exactly one project: its own root files first (deepest config first), then sources it pulls in. */
  private assignOwners(): void {
    this.owner = new Map();
    for (const p of this.projects) {
      for (const f of p.config.fileNames) if (!this.owner.has(f) && this.isInsideRoot(f) && !f.endsWith('.json')) this.owner.set(f, p);
    }
    for (const p of this.projects) {
      for (const sf of p.program?.getSourceFiles() ?? []) {
        const f = normalize(sf.fileName);
        if (this.owner.has(f) || !this.isInsideRoot(f) || f.includes('/node_modules/') || f.endsWith('.json')) continue;
        if (p.program!.isSourceFileDefaultLibrary(sf)) continue;
        this.owner.set(f, p);
      }
    }
  }

  private async extractAll(files: string[], token: CancellationToken): Promise<void> {
    const total = files.length;
    for (let i = 0; i < total; i++) {
      if (token.isCancellationRequested) throw new CancelledError();
      if (i % 100 === 0) {
        this.options.onProgress?.(i, total);
        await new Promise((r) => setImmediate(r));
      }
      this.extractFile(files[i]);
    }
    this.options.onProgress?.(total, total);
  }

  private extractFile(abs: string): void {
    const project = this.owner.get(abs)!;
    const program = project.program!;
    const sf = program.getSourceFile(abs);
    const rel = this.relative(abs);
    if (!sf) {
      this.graph.removeFile(rel);
      return;
    }
    const declared = this.declaredFor(sf, rel, false);
    const contribution = extractEdges({ ts: this.ts, checker: program.getTypeChecker(), sf, declared, targets: project.targets! });
    const syntax = program.getSyntacticDiagnostics(sf);
    if (syntax.length) {
      const d = syntax[0];
      const line = sf.getLineAndCharacterOfPosition(d.start ?? 0).line + 1;
      contribution.problems!.push(`${rel}:${line}: syntax error: ${this.ts.flattenDiagnosticMessageText(d.messageText, ' ')} (indexed as far as it parses)`);
    }
    for (const p of contribution.problems ?? []) {
      this.log.warn(p);
      this.problems.push(p);
    }
    this.graph.replaceFile(contribution);
  }

  /** File → the files whose contributions say they depend on it (imports, re-exports, edge targets). */
  private dependentsMap(): Map<string, string[]> {
    const dependents = new Map<string, string[]>();
    for (const f of this.graph.files()) {
      for (const dep of this.graph.getContribution(f)?.dependsOnFiles ?? []) {
        const list = dependents.get(dep);
        if (list) list.push(f);
        else dependents.set(dep, [f]);
      }
    }
    return dependents;
  }

  private shapeOf(program: TS.Program, abs: string, nodeIds: string[]): string | undefined {
    const sf = program.getSourceFile(abs);
    return sf ? fileShape(this.ts, program, sf, nodeIds) : undefined;
  }

  private declaredFor(sf: TS.SourceFile, file: string, external: boolean): DeclaredFile {
    const cached = this.declaredCache.get(sf);
    if (cached && cached.file === file && cached.external === external) return cached;
    const declared = declareFile(this.ts, sf, file, external);
    this.declaredCache.set(sf, declared);
    return declared;
  }

  private makeTargets(program: TS.Program): SymbolTargets {
    const ts = this.ts;
    const checker = program.getTypeChecker();
    const ownedFile = (sf: TS.SourceFile) => {
      const abs = normalize(sf.fileName);
      return this.owner.has(abs) ? this.relative(abs) : undefined;
    };
    return {
      ownedFile,
      targetsOf: (symbol) => {
        if (!symbol) return [];
        let s = symbol;
        if (s.flags & ts.SymbolFlags.Alias) {
          try {
            s = checker.getAliasedSymbol(s);
          } catch {
            return [];
          }
        }
        const out: Target[] = [];
        for (const decl of s.declarations ?? []) {
          const sf = decl.getSourceFile();
          const abs = normalize(sf.fileName);
          if (program.isSourceFileDefaultLibrary(sf) || isPlatformTypes(abs)) continue;
          const owned = this.owner.has(abs);
          const file = owned ? this.relative(abs) : this.externalName(abs);
          const declared = this.declaredFor(sf, file, !owned);
          const id = lookupDeclaration(ts, declared, decl);
          if (!id || out.some((t) => t.id === id)) continue;
          const node = declared.nodes.find((n) => n.id === id)!;
          const isAbstract =
            ts.isMethodSignature(decl) || ts.isPropertySignature(decl) || (ts.getCombinedModifierFlags(decl as TS.Declaration) & ts.ModifierFlags.Abstract) !== 0;
          out.push({ id, kind: node.kind, file, external: owned ? undefined : node, isAbstract });
        }
        return out;
      },
    };
  }

  private externalName(abs: string): string {
    const rel = this.relative(abs);
    if (!rel.startsWith('..')) return rel;
    const i = abs.lastIndexOf('/node_modules/');
    return i >= 0 ? abs.slice(i + 1) : abs;
  }

  private isInsideRoot(abs: string): boolean {
    return abs === this.root || abs.startsWith(this.root + '/');
  }
}

export class CancelledError extends Error {
  constructor() {
    super('Indexing was cancelled.');
  }
}

/** Node's own typings are platform API, like lib.*.d.ts: `console.log`, `fs.readFile` are not package calls. */
function isPlatformTypes(abs: string): boolean {
  return abs.includes('/node_modules/@types/node/');
}

/** The node a declaration stands for: itself, or (for an enum member) its enum. */
function lookupDeclaration(ts: typeof TS, declared: DeclaredFile, decl: TS.Node): string | undefined {
  const direct = declared.declToId.get(decl);
  if (direct) return direct;
  if (ts.isEnumMember(decl)) return declared.declToId.get(decl.parent);
  return undefined;
}
