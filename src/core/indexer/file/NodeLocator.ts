import * as path from 'path';
import type * as TS from 'typescript';
import { Checker, CompilerProgram, isCompilerProcessError } from '../../compiler/CompilerPort';
import { CancelledError } from '../../Logger';
import { GraphNode } from '../../graph/GraphTypes';
import { declarationFilesOf, implementationFilesOf, implementationOf, isImplementable } from '../../graph/implementationTwin';
import { DeclaredFile, DeclaredParts, declareFile, moduleOnly } from './declareFile';
import { skipOuterExpressions } from './syntax';
import { describeFailure } from '../describeFailure';
import { absolutePosix } from '../../paths';
import { contentHash } from '../cache/IndexCache';
import type { ProgramLocator, SymbolTargets, Target } from '../symbolTargets';

/**
 * A file's declarations (`DeclaredFile`) without the tree they were named in: which syntax nodes, by
 * position, end and kind, stand for which node id. Another program's tree of the same text is matched
 * against it instead of being named again (see `declaredFor`). Holds no syntax node, so a released
 * program's tree is not kept alive by it.
 */
interface DeclaredShape {
  file: string;
  external: boolean;
  /** Hash of the text it was named from. */
  hash: string;
  /** The parse's target as far as it changes the tree (`parseTarget`). */
  target: number;
  nodes: GraphNode[];
  byId: Map<string, GraphNode>;
  aliases?: Map<string, string>;
  moduleId: string;
  /**
   * Every syntax node that stands for a node, as (position, end, kind) triples in ascending order
   * (a typed array: no object each, kept for every file declared), and `ids` its node ids in that order.
   */
  spans: Int32Array;
  ids: string[];
}

interface FileInfo {
  owned: boolean;
  /** Graph path: root-relative, or `node_modules/...` for a library outside the root. */
  file: string;
}

/**
 * Maps compiler symbols to graph nodes: a symbol's declarations → the nodes that phase 1
 * (declareFile) named for them, in our files or as external leaves in library files. Keeps the
 * per-source-file work (naming, path computation) cached on the SourceFile objects, which the
 * shared compiler host reuses across programs and edits.
 */
export class NodeLocator implements ProgramLocator {
  private readonly declaredCache = new WeakMap<TS.SourceFile, DeclaredFile>();
  /** Library typings named in parts (DeclaredParts), by the declarations they fill. */
  private readonly parts = new WeakMap<DeclaredFile, DeclaredParts>();
  private fileInfoCache = new WeakMap<TS.SourceFile, FileInfo | null>();
  /** platformFile's answers, by compiler file name. */
  private readonly platformFiles = new Map<string, boolean>();
  private readonly byNameCache = new WeakMap<Map<string, GraphNode>, Map<string, GraphNode[]>>();
  /** Per checker, what `typeofAlias` found for a symbol (null: none): asked once, not at every use (typeorm's tests call mocha's ambient `describe` and `it` 11,000 times). */
  private readonly typeofAliases = new WeakMap<Checker, WeakMap<TS.Symbol, TS.Symbol | null>>();
  /**
   * Per file (its compiler path), its declarations as last named, without the tree: a program whose
   * tree of the file is another object with the same text (the native compiler's client shares a tree
   * only between open programs of the same parse options; TypeScript 6 parses a source per target)
   * takes them from here instead of naming them again. One entry a file, its latest text.
   */
  private readonly shapes = new Map<string, DeclaredShape>();

  constructor(
    private readonly ts: typeof TS,
    private readonly root: string,
    private readonly isOwned: (abs: string) => boolean,
  ) {}

  /** Which files are ours changed: per-file answers must be recomputed. */
  ownershipChanged(): void {
    this.fileInfoCache = new WeakMap();
  }

  /**
   * The declarations of `sf` (`declareFile`). They are a function of the file's text, its graph path
   * and `external` only: the syntax tree is the text's (of the parse options programs differ in, only
   * TypeScript 6's target below ES2015 changes a tree, `parseTarget`; the others decide whether a file
   * is a module, which naming does not read), and the symbols naming asks for (`boundSymbol`) only
   * tell apart declarations of one name in this file, merged or not, which the binder decides from
   * this file alone. So once named in one program, a file of the same text is not named again in the
   * next: its tree is matched to the declarations by position (`fromShape`).
   */
  declaredFor(sf: TS.SourceFile, file: string, external: boolean): DeclaredFile {
    const cached = this.declaredCache.get(sf);
    if (cached && cached.file === file && cached.external === external) return cached;
    // A library's typings: named where asked (`declaredAt`), not whole.
    const parts = external ? DeclaredParts.of(this.ts, sf, file) : undefined;
    if (parts) {
      this.parts.set(parts.declared, parts);
      this.declaredCache.set(sf, parts.declared);
      return parts.declared;
    }
    const hash = contentHash(sf.text);
    const target = parseTarget(sf);
    const shape = this.shapes.get(sf.fileName);
    const same = shape && shape.hash === hash && shape.target === target && shape.file === file && shape.external === external;
    let declared = same ? fromShape(this.ts, shape, sf) : undefined;
    if (!declared) {
      try {
        declared = declareFile(this.ts, sf, file, external);
        const made = shapeOf(declared, hash, target);
        if (made) this.shapes.set(sf.fileName, made);
        else this.shapes.delete(sf.fileName);
      } catch (err) {
        if (isCompilerProcessError(err) || err instanceof CancelledError) throw err; // the native compiler failed (the operation is redone), or the index was cancelled
        // Named while another file resolves a target in it: that other file must not fail for it. The
        // file keeps only its module node; its own extraction reports the failure.
        declared = moduleOnly(sf, file, external, describeFailure(err));
      }
    }
    this.declaredCache.set(sf, declared);
    return declared;
  }

  /** The declarations of `decl`'s file (`declaredFor`), with `decl`'s own named if the file is named in parts. */
  private declaredAt(decl: TS.Node, file: string, external: boolean): DeclaredFile {
    const declared = this.declaredFor(decl.getSourceFile(), file, external);
    try {
      this.parts.get(declared)?.ensure(decl);
    } catch (err) {
      if (isCompilerProcessError(err) || err instanceof CancelledError) throw err;
      // As a library file whose naming throws (`moduleOnly`): its declarations there are no nodes.
    }
    return declared;
  }

  targetsFor(program: CompilerProgram): SymbolTargets {
    const ts = this.ts;
    const checker = program.getTypeChecker();
    return {
      ownedFile: (sf) => {
        const info = this.fileInfo(program, sf);
        return info?.owned ? info.file : undefined;
      },
      ownsFileNamed: (fileName) => !this.platformFile(program, fileName) && this.isOwned(absolutePosix(fileName)),
      implementedDeclarations: (file) => {
        const paths = declarationFilesOf(file);
        const pairs: Array<[GraphNode, GraphNode]> = [];
        for (const dts of paths) {
          const sf = program.getSourceFile(path.posix.join(this.root, dts));
          const info = sf && this.fileInfo(program, sf);
          if (!sf || !info?.owned) continue;
          // The same mapping targetsOf makes, from the declaration's side.
          for (const node of this.declaredFor(sf, info.file, false).nodes) {
            const twin = this.twinOf(program, info.file, node)?.twin;
            if (twin?.file === file) pairs.push([twin, node]);
          }
        }
        return { paths, pairs };
      },
      targetsOf: (symbol) => {
        if (!symbol) return [];
        let s = symbol;
        if (s.flags & ts.SymbolFlags.Alias) s = checker.getAliasedSymbol(s); // follows re-export chains and barrels to the real declaration
        // Declared only by the platform (the standard library, Node's typings): no node, and no tree
        // fetched to learn it (the native compiler sends a file whole: @types/node's buffer.d.ts,
        // util.d.ts and assert.d.ts were 0.2 of @loopback/repository's 1 MB of library typings).
        if (this.platformOnly(program, checker, s)) return [];
        s = this.exportedExpression(checker, s) ?? s;
        // `export const fastify: typeof fastify` names the function: the edge goes there, and this
        // file's edges also depend on the file declaring the second name.
        const alias = this.typeofAlias(checker, s);
        const via = alias && this.fileInfo(program, s.declarations![0].getSourceFile());
        const viaFile = via?.owned ? via.file : undefined;
        if (alias) s = alias;
        const out: Target[] = [];
        const decls = s.declarations ?? [];
        // A global the standard library declares, merged with a package's stub of it (rollup's
        // `interface AbortSignal {}`, for builds without the DOM library): it is the standard
        // library's, which the graph leaves out, not the stub's (TanStack/query's AbortSignal
        // pointed at rollup.d.ts). A workspace's own augmentation (`declare global`) stays a target.
        const standard = decls.length > 1 && decls.some((d) => !this.fileInfo(program, d.getSourceFile()));
        for (const decl of decls) {
          const info = this.fileInfo(program, decl.getSourceFile());
          if (!info || (standard && !info.owned)) continue;
          const declared = this.declaredAt(decl, info.file, !info.owned);
          for (const id of lookupDeclaration(ts, declared, decl)) {
            const node = declared.byId.get(id)!;
            const impl = info.owned ? this.twinOf(program, info.file, node) : undefined;
            if (impl?.twin) {
              const twin = impl.twin;
              if (!out.some((t) => t.id === twin.id)) out.push({ id: twin.id, kind: twin.kind, file: twin.file, isAbstract: false, alsoDependsOn: [info.file, ...impl.jsFiles] });
              continue;
            }
            if (out.some((t) => t.id === id)) continue;
            const isAbstract =
              ts.isMethodSignature(decl) || ts.isPropertySignature(decl) || (ts.getCombinedModifierFlags(decl as TS.Declaration) & ts.ModifierFlags.Abstract) !== 0;
            out.push({ id, kind: node.kind, file: info.file, external: info.owned ? undefined : node, isAbstract, alsoDependsOn: impl?.jsFiles });
          }
        }
        if (viaFile) for (const t of out) if (t.file !== viaFile) t.alsoDependsOn = [...(t.alsoDependsOn ?? []), viaFile];
        return out;
      },
    };
  }

  /** Whether every declaration of `s` is in a file the graph makes no nodes of (`fileInfo`), by the files' names alone (Checker.declarationFileNames). */
  private platformOnly(program: CompilerProgram, checker: Checker, s: TS.Symbol): boolean {
    const files = checker.declarationFileNames?.(s);
    return !!files && files.length > 0 && files.every((f) => this.platformFile(program, f));
  }

  /** Whether a file, by its compiler name, is the standard library's or Node's typings (`fileInfo` makes no nodes of them): a property of the path, kept per name (targetsOf asks it for every symbol). */
  private platformFile(program: CompilerProgram, fileName: string): boolean {
    let is = this.platformFiles.get(fileName);
    if (is === undefined) this.platformFiles.set(fileName, (is = isPlatformTypes(absolutePosix(fileName)) || program.isDefaultLibraryFile(fileName)));
    return is;
  }

  /**
   * A value declared only by a type that is another function's or class's `typeof`, without a value
   * of its own (`export const fastify: Fastify` with `type Fastify = typeof fastify` in a namespace
   * merged with the function, then `export { fastify as default }`; `declare const f: typeof g`):
   * the idiom by which typings of CommonJS modules give one function its named and default exports.
   * It is that function (or class) under a second name, so calls through it reach the function, and
   * from there its JavaScript twin. An instance (`declare const c: Calendar`) is not a `typeof`.
   */
  private typeofAlias(checker: Checker, s: TS.Symbol): TS.Symbol | undefined {
    const ts = this.ts;
    if (!(s.flags & ts.SymbolFlags.Variable) || s.declarations?.length !== 1) return undefined;
    const decl = s.declarations[0];
    if (!ts.isVariableDeclaration(decl) || decl.initializer || !decl.type || !(ts.isTypeQueryNode(decl.type) || ts.isTypeReferenceNode(decl.type))) return undefined;
    if (!isAmbient(ts, decl)) return undefined;
    let known = this.typeofAliases.get(checker);
    if (!known) this.typeofAliases.set(checker, (known = new WeakMap()));
    let found = known.get(s);
    if (found === undefined) known.set(s, (found = this.typeOfName(checker, s, decl) ?? null));
    return found ?? undefined;
  }

  private typeOfName(checker: Checker, s: TS.Symbol, decl: TS.VariableDeclaration): TS.Symbol | undefined {
    const ts = this.ts;
    const type = checker.getTypeAtLocation(decl);
    const named = type.getSymbol();
    if (!named || named === s || !(named.flags & (ts.SymbolFlags.Function | ts.SymbolFlags.Class))) return undefined;
    return checker.getTypeOfSymbol(named) === type ? named : undefined;
  }

  /**
   * `export default WithPermissions as ComponentType<Props>` (or `satisfies`, parentheses, `!`): the
   * default export is the named value itself, but the compiler makes it an expression, not an alias
   * (an unwrapped `export default X` is one), so the symbol of X, where its declaration is.
   */
  private exportedExpression(checker: Checker, s: TS.Symbol): TS.Symbol | undefined {
    const ts = this.ts;
    const decl = s.declarations?.length === 1 ? s.declarations[0] : undefined;
    if (!decl || !ts.isExportAssignment(decl)) return undefined;
    const inner = skipOuterExpressions(ts, decl.expression);
    if (inner === decl.expression || !ts.isIdentifier(inner)) return undefined;
    const named = checker.getSymbolAtLocation(inner);
    return named && named.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(named) : named;
  }

  /**
   * A value declared in one of our declaration files may be implemented by one of our JavaScript
   * files beside it (see implementationTwin): then the edge goes to the implementation. Which it is
   * depends on the JavaScript files too, even one that does not exist yet, so `jsFiles` are files
   * the edge's source depends on either way (creating one, or adding the function, moves the edge).
   */
  private twinOf(program: CompilerProgram, file: string, node: GraphNode): { twin?: GraphNode; jsFiles: string[] } | undefined {
    const jsFiles = isImplementable(node.kind) ? implementationFilesOf(file) : [];
    if (jsFiles.length === 0) return undefined;
    for (const js of jsFiles) {
      const sf = program.getSourceFile(path.posix.join(this.root, js));
      const info = sf && this.fileInfo(program, sf);
      if (!sf || !info?.owned) continue;
      const twin = implementationOf(node, this.byName(this.declaredFor(sf, info.file, false)).get(node.name) ?? []);
      if (twin) return { twin, jsFiles };
    }
    return { jsFiles };
  }

  private byName(declared: DeclaredFile): Map<string, GraphNode[]> {
    let m = this.byNameCache.get(declared.byId);
    if (!m) {
      m = new Map();
      for (const n of declared.nodes) {
        const list = m.get(n.name);
        if (list) list.push(n);
        else m.set(n.name, [n]);
      }
      this.byNameCache.set(declared.byId, m);
    }
    return m;
  }

  /** Per source file: platform API (undefined: no nodes), ours, or a library; and its graph path. */
  private fileInfo(program: CompilerProgram, sf: TS.SourceFile): FileInfo | undefined {
    const cached = this.fileInfoCache.get(sf);
    if (cached !== undefined) return cached ?? undefined;
    const abs = absolutePosix(sf.fileName);
    let info: FileInfo | null = null;
    if (!program.isSourceFileDefaultLibrary(sf) && !isPlatformTypes(abs)) {
      const owned = this.isOwned(abs);
      info = { owned, file: owned ? path.posix.relative(this.root, abs) : this.externalName(abs) };
    }
    this.fileInfoCache.set(sf, info);
    return info ?? undefined;
  }

  private externalName(abs: string): string {
    const rel = path.posix.relative(this.root, abs);
    if (!rel.startsWith('..')) return rel;
    const i = abs.lastIndexOf('/node_modules/');
    return i >= 0 ? abs.slice(i + 1) : abs;
  }
}

/**
 * In a declaration file, or under `declare` (`declare const`, `declare namespace`, `declare global`).
 * The parser's own flag for this (NodeFlags.Ambient) is not public API and has moved between versions.
 */
function isAmbient(ts: typeof TS, decl: TS.Node): boolean {
  if (decl.getSourceFile().isDeclarationFile) return true;
  for (let n: TS.Node | undefined = decl; n; n = n.parent) {
    if ((ts.isVariableStatement(n) || ts.isModuleDeclaration(n)) && n.modifiers?.some((m) => m.kind === ts.SyntaxKind.DeclareKeyword)) return true;
  }
  return false;
}

/** Node's own typings are platform API, like lib.*.d.ts: `console.log`, `fs.readFile` are not package calls. */
function isPlatformTypes(abs: string): boolean {
  return abs.includes('/node_modules/@types/node/');
}

/**
 * The nodes a declaration stands for: itself, (for an enum member) its enum, or (for the
 * `Object.defineProperty(obj, 'x', { get, set })` call the binder declares `x` by) its accessors.
 */
function lookupDeclaration(ts: typeof TS, declared: DeclaredFile, decl: TS.Node): string[] {
  const own = declared.declToId.get(decl) ?? (ts.isEnumMember(decl) ? declared.declToId.get(decl.parent) : undefined);
  if (own) return [own];
  const descriptor = ts.isCallExpression(decl) ? decl.arguments[2] : undefined;
  if (!descriptor || !ts.isObjectLiteralExpression(descriptor)) return [];
  const ids: string[] = [];
  for (const p of descriptor.properties) {
    const id = declared.declToId.get(p);
    if (id && !ids.includes(id)) ids.push(id);
  }
  return ids;
}

/** `declared` without its tree (`DeclaredShape`), or undefined when two of its declarations share position, end and kind (a tree could not tell them apart). */
function shapeOf(declared: DeclaredFile, hash: string, target: number): DeclaredShape | undefined {
  const entries = [...declared.declToId].map(([node, id]) => ({ pos: node.pos, end: node.end, kind: node.kind as number, id }));
  entries.sort((a, b) => a.pos - b.pos || a.end - b.end || a.kind - b.kind);
  const spans = new Int32Array(entries.length * 3);
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i];
    const prev = entries[i - 1];
    if (prev && prev.pos === e.pos && prev.end === e.end && prev.kind === e.kind) return undefined;
    spans[3 * i] = e.pos;
    spans[3 * i + 1] = e.end;
    spans[3 * i + 2] = e.kind;
  }
  const { file, external, nodes, byId, aliases, moduleId } = declared;
  return { file, external, hash, target, nodes, byId, ...(aliases ? { aliases } : {}), moduleId, spans, ids: entries.map((e) => e.id) };
}

/**
 * The one parse setting that can change the tree of a text (TypeScript 6: which Unicode letters an
 * identifier may hold, one table below ES2015 and one from it; see SharedCompilerHost). The native
 * compiler parses every file for the newest target and its trees carry none.
 */
function parseTarget(sf: TS.SourceFile): number {
  const v = (sf as { languageVersion?: number }).languageVersion;
  return v === undefined ? -1 : Math.min(v, ES2015);
}

/** TS.ScriptTarget.ES2015. */
const ES2015 = 2;

/**
 * The declarations of `sf`, a tree of the text `shape` was named from: its nodes (the same objects:
 * nothing changes a declared node), and its syntax nodes found by position, end and kind, walking only
 * subtrees that hold one. Undefined unless every declaration is found exactly once (the file is then
 * named again).
 */
function fromShape(ts: typeof TS, shape: DeclaredShape, sf: TS.SourceFile): DeclaredFile | undefined {
  const { spans, ids } = shape;
  const count = ids.length;
  /** The first declaration starting at or after `pos`. */
  const firstFrom = (pos: number): number => {
    let lo = 0;
    let hi = count;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (spans[3 * mid] < pos) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const declToId = new Map<TS.Node, string>();
  const found = new Uint8Array(count);
  const stack: TS.Node[] = [sf];
  while (stack.length) {
    const n = stack.pop()!;
    const { pos, end, kind } = n;
    for (let i = firstFrom(pos); i < count && spans[3 * i] === pos; i++) {
      if (spans[3 * i + 1] !== end || spans[3 * i + 2] !== kind) continue;
      if (found[i]) return undefined;
      found[i] = 1;
      declToId.set(n, ids[i]);
    }
    ts.forEachChild(n, (child) => {
      const i = firstFrom(child.pos);
      if (i < count && spans[3 * i] <= child.end) stack.push(child);
    });
  }
  if (declToId.size !== count) return undefined;
  const { file, external, nodes, byId, aliases, moduleId } = shape;
  return { file, external, nodes, byId, declToId, ...(aliases ? { aliases } : {}), moduleId };
}
