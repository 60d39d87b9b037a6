import * as path from 'path';
import type * as TS from 'typescript';
import { BinderFacts, setBinderFacts } from '../tsInternals';
import { isCompilerProcessError } from '../CompilerPort';
import type { BatchNames, Checker } from '../CompilerPort';
import { CancelledError } from '../../Logger';
import { isCommonJsExportName, isCommonJsExportTarget, isMergeableDeclaration, isModuleSpecifier, isNameNode, unaskedName } from './nativeJsForms';
import { ALIAS, EMPTY_TYPE, isLibraryStub, libraryStub, NHandle, NSymbol, NType, RequireBinding, SymbolView, TypeView, UNKNOWN_SYMBOL, ViewHost } from './nativeViews';

/** A file's batch of questions, as `prefetch` asks them. */
interface Batch {
  sf: TS.SourceFile;
  nodes: TS.Node[];
  /** Names left out of `nodes` because an earlier one shares their answer (BatchNames.shared): each with that one's index. */
  same: Array<[TS.Node, number]>;
  members: TS.PropertyAccessExpression[];
  patterns: TS.Node[];
  /** A class's bases whose types its members are compared with (collectTypeEdges' classEdges): `extends B`, `implements I`, and `B` for static members. */
  bases: TS.Node[];
}

/** What the checker needs of its program (NativeProgram). */
export interface CheckerHost {
  readonly compiler: { call<T>(request: () => T): T; callWhile?<T>(request: () => T, meanwhile: () => void): T; readonly syntax: typeof TS };
  readonly project: { readonly checker: unknown };
  readonly generation: number;
  isDefaultLibraryFile(fileName: string): boolean;
  hasSourceFile(fileName: string): boolean;
  getSourceFile(fileName: string): TS.SourceFile | undefined;
}


/** Which checker answers binder questions about a tree it handed out (a file may be in several programs and snapshots: the newest snapshot's). */
const owners = new WeakMap<TS.SourceFile, NativeChecker>();
setBinderFacts((node) => {
  const sf = node.kind === undefined ? undefined : (node as TS.Node).getSourceFile();
  return sf && owners.get(sf);
});

/** What Node tries after a relative `require` path (with allowJs, the TypeScript forms too), in its order. */
const REQUIRE_EXTENSIONS = ['.js', '.json', '.cjs', '.mjs', '.jsx', '.ts', '.tsx', '.cts', '.mts', '.d.ts'];

/** A JavaScript file's name (the files whose nodes the parser flags NodeFlags.JavaScriptFile). */
const JS_FILE = /\.[cm]?jsx?$/i;

/** `importedExport`'s answer for an import whose module specifier resolves to nothing. */
const UNRESOLVED = Symbol('unresolved module');

/** TypeFormatFlags.NoTruncation | UseFullyQualifiedType (the same numbers in 6 and 7). */
const TYPE_TEXT_FLAGS = 1 | 64;

/**
 * The native checker as the port's Checker: TypeScript 7's symbols and types wrapped as 6's (one
 * wrapper per object, so identity comparisons hold), declarations resolved from node handles to the
 * very node objects the passes walk, and every file's names asked in one round trip (`prefetch`).
 */
export class NativeChecker implements Checker, BinderFacts, ViewHost {
  private readonly symbols = new WeakMap<object, SymbolView>();
  private readonly types = new WeakMap<object, TypeView>();
  private readonly aliased = new WeakMap<SymbolView, SymbolView>();
  /** The answers of the last `prefetch`: node → its native symbol. */
  private answers = new Map<TS.Node, NSymbol>();
  /** The next file's batch, walked while the compiler answered the one before (`prepareBatch`). */
  private walked: Batch | undefined;
  /** The file of the last `prefetch`. */
  private answersFile: string | undefined;
  /** A module's symbol id → its exports by name (`importedExport`: one request per module, not per import). */
  private readonly exportTables = new Map<unknown, Map<string, NSymbol> | number>();
  /** The checker's unknown symbol, once an import from a module resolving to nothing was resolved to it (`unresolvedImport`). */
  private unknownSymbol: NSymbol | undefined;
  /** The types the last `prefetch` asked for: node → its native type. */
  private typeAnswers = new Map<TS.Node, NType | undefined>();
  /**
   * Native types some pattern destructures two or more names of (`const { data, total } = useList()`),
   * and, once one of those names is asked, the type's properties by name: one request for the
   * pattern, not one per name (ra-core destructured 1,882 names, each a request).
   */
  private readonly propertyTables = new WeakMap<object, Map<string, NSymbol> | null>();
  /**
   * A native type's properties asked one name at a time, by name (null: it has none of that name).
   * The same name of the same type is asked from file after file (`const { translate } =
   * useTranslate()`, an interface's member that object literals implement): ra-core asked 903 times
   * for 341 pairs. A snapshot's types do not change, and a checker lives as long as its snapshot.
   */
  private readonly singleProperties = new WeakMap<object, Map<string, NSymbol | null>>();
  /** Per file, the symbols of its declarations' names (asked in one round trip the first time one is needed). */
  private readonly declared = new WeakMap<TS.SourceFile, Map<TS.Node, NSymbol>>();
  private readonly moduleSymbols = new WeakMap<TS.SourceFile, boolean>();
  private readonly synthetic = new WeakMap<TS.Node, TS.Symbol>();
  private readonly native: any;

  constructor(private readonly program: CheckerHost) {
    this.native = program.project.checker;
  }

  private call<T>(request: () => T): T {
    return this.program.compiler.call(request);
  }

  private get ts(): typeof TS {
    return this.program.compiler.syntax;
  }

  /** This checker answers binder questions about `sf` unless a newer snapshot's does (unchanged files are shared by snapshots). */
  adopt(sf: TS.SourceFile): void {
    const owner = owners.get(sf);
    if (!owner || owner.generation < this.generation) owners.set(sf, this);
  }

  get generation(): number {
    return this.program.generation;
  }

  /**
   * One round trip for the symbols of a file's names, a second for the types the passes ask where a
   * member does not resolve (`obj.member` with no symbol: the receiver's type, for its declaring
   * file) and where a pattern destructures (`const { a } = f()`). Names the passes never ask about
   * (`unaskedName`) are left out: on ra-core they were 38 % of the names and the costliest to answer
   * (an object literal's keys, JSX attributes). Names that share one answer (`names.shared`: the same
   * import, module declaration or global, wherever it is read) are asked once: ra-core's batches asked
   * 32,906 names, 22,376 now. Anything not fetched here is asked on its own.
   */
  prefetch(sf: TS.SourceFile, names?: BatchNames, meanwhile?: () => void): void {
    const { ts } = this;
    const K = ts.SyntaxKind;
    const walked = this.walked?.sf === sf ? this.walked : this.batchOf(sf, names);
    this.walked = undefined;
    const { nodes, same, members, patterns, bases } = walked;
    const ask = () => this.native.getSymbolAtLocation(nodes) as NSymbol[];
    const { compiler } = this.program;
    const found = meanwhile && compiler.callWhile ? compiler.callWhile(ask, meanwhile) : this.call(ask);
    this.answers = new Map();
    this.answersFile = sf.fileName;
    for (let i = 0; i < nodes.length; i++) this.answers.set(nodes[i], found[i]);
    for (const [node, i] of same) this.answers.set(node, found[i]);
    this.moduleSymbols.set(sf, !!found[0]);
    const typed = [...members.filter((pa) => this.answers.has(pa.name) && !this.answers.get(pa.name)).map((pa) => pa.expression), ...patterns, ...bases];
    this.typeAnswers = new Map();
    if (typed.length === 0) return;
    const types = this.call(() => this.native.getTypeAtLocation(typed)) as Array<NType | undefined>;
    for (let i = 0; i < typed.length; i++) {
      this.typeAnswers.set(typed[i], types[i]);
      const t = types[i];
      if (t && typed[i].kind === K.ObjectBindingPattern && !this.propertyTables.has(t) && namedElements(ts, typed[i] as TS.ObjectBindingPattern) >= 2) this.propertyTables.set(t, null);
    }
  }

  /** Walks `sf` for `prefetch`'s batch now (the next file's, while the compiler answers this one's: `prefetch`'s `meanwhile`). */
  prepareBatch(sf: TS.SourceFile, names?: BatchNames): void {
    this.walked = this.batchOf(sf, names);
  }

  /** What `prefetch` asks about a file: its names (the file first, for its module symbol), the members whose receiver may be asked, the destructuring patterns. */
  private batchOf(sf: TS.SourceFile, names?: BatchNames): Batch {
    const { ts } = this;
    const K = ts.SyntaxKind;
    const nodes: TS.Node[] = [sf];
    const same: Array<[TS.Node, number]> = [];
    const first = new Map<string, number>();
    const members: TS.PropertyAccessExpression[] = [];
    const patterns: TS.Node[] = [];
    const bases: TS.Node[] = [];
    const stack: TS.Node[] = [sf];
    while (stack.length) {
      const n = stack.pop()!;
      const k = n.kind;
      if (k === K.Identifier) {
        if (!unaskedName(ts, n as TS.Identifier) && !names?.skip(n as TS.Identifier)) {
          const key = names?.shared(n as TS.Identifier);
          const at = key === undefined ? undefined : first.get(key);
          if (at !== undefined) same.push([n, at]);
          else {
            if (key !== undefined) first.set(key, nodes.length);
            nodes.push(n);
          }
        }
      } else if (k === K.PrivateIdentifier || ((k === K.StringLiteral || k === K.NoSubstitutionTemplateLiteral) && isModuleSpecifier(ts, n))) {
        nodes.push(n);
      } else if (k === K.PropertyAccessExpression) {
        members.push(n as TS.PropertyAccessExpression);
      } else if (k === K.ObjectBindingPattern) {
        patterns.push(n);
      } else if (k === K.HeritageClause) {
        classBases(ts, n as TS.HeritageClause, bases);
      }
      ts.forEachChild(n, (c) => {
        stack.push(c);
      });
    }
    return { sf, nodes, same, members, patterns, bases };
  }

  /** Find-references on `name` (one request): the files of its references; with `among`, those of these files that hold one (a request each). */
  referencingFiles(name: TS.Node, among?: readonly string[]): string[] {
    if (among) {
      const symbol = this.call(() => this.native.getSymbolAtLocation(name)) as NSymbol | undefined;
      if (!symbol || !this.ts.isIdentifier(name)) return [];
      return among.filter((f) => this.refersTo(f, name.text, symbol));
    }
    // A position inside the name (its end is past it; its start may be trivia before it).
    const entries = this.call(() => this.native.getReferencedSymbolsForNode(name, name.end - 1)) as Array<{ references: Array<{ path: string }> }>;
    const files = new Set<string>();
    for (const entry of entries ?? []) for (const ref of entry.references) files.add(ref.path);
    return [...files];
  }

  /**
   * Whether `file` names `target` as `text`: a name there whose symbol is it, directly or through its
   * aliases (an import, a barrel's re-export). One request for the file's names, one per alias among them.
   */
  private refersTo(file: string, text: string, target: NSymbol): boolean {
    const sf = this.program.getSourceFile(file);
    if (!sf) return false;
    const { ts } = this;
    const names: TS.Node[] = [];
    const stack: TS.Node[] = [sf];
    while (stack.length) {
      const n = stack.pop()!;
      if (ts.isIdentifier(n) && n.text === text) names.push(n);
      ts.forEachChild(n, (c) => {
        stack.push(c);
      });
    }
    if (names.length === 0) return false;
    const found = (this.call(() => this.native.getSymbolAtLocation(names)) as Array<NSymbol | undefined>).filter((s): s is NSymbol => !!s);
    if (found.some((s) => s.id === target.id || sharesDeclaration(s, target))) return true;
    return found.some((s) => (s.flags & ALIAS) !== 0 && this.aliasTarget(s)?.id === target.id);
  }

  /** What an alias finally names; undefined where the compiler has nothing for it (an unresolved import). */
  private aliasTarget(s: NSymbol): NSymbol | undefined {
    try {
      return this.call(() => this.native.getAliasedSymbol(s)) as NSymbol | undefined;
    } catch (err) {
      if (isCompilerProcessError(err) || err instanceof CancelledError) throw err;
      return undefined;
    }
  }

  // ── symbols ──

  view(native: NSymbol | undefined): TS.Symbol | undefined {
    if (!native) return undefined;
    let v = this.symbols.get(native);
    if (!v) this.symbols.set(native, (v = new SymbolView(native, this)));
    return v as unknown as TS.Symbol;
  }

  private unwrap(s: TS.Symbol): NSymbol {
    return (s as unknown as SymbolView).native;
  }

  /** A handle's node in this program's tree; a standard-library declaration as a stub that says only where it is. */
  resolve(handle: NHandle | undefined): TS.Node | undefined {
    if (!handle) return undefined;
    if (this.program.isDefaultLibraryFile(handle.path)) return libraryStub(handle, this.ts);
    const node = this.call(() => handle.resolve(this.program.project));
    if (node) this.adopt(node.getSourceFile());
    return node;
  }

  declarationFileNames(s: TS.Symbol): readonly string[] | undefined {
    const native = s instanceof SymbolView ? s.native : undefined;
    return native && (native.declarations as NHandle[] | undefined)?.map((h) => h.path);
  }

  getSymbolAtLocation(node: TS.Node): TS.Symbol | undefined {
    const answer = this.answers.has(node) ? this.answers.get(node) : this.call(() => this.native.getSymbolAtLocation(node));
    return this.view(answer) ?? this.requiredModule(node);
  }

  /**
   * The module a relative `require('./x')` names where 7 gives its specifier no symbol (7 binds a
   * `require` only as a declaration's initializer: `require('./setup');` for effect, `require('./x').f()`),
   * as 6 answers: the module of the file the program holds at that path (Node's lookup of a relative
   * path: the file, with an extension, or its folder's index).
   */
  private requiredModule(node: TS.Node): TS.Symbol | undefined {
    const { ts } = this;
    if (!(node.flags & ts.NodeFlags.JavaScriptFile) || !ts.isStringLiteralLike(node) || !/^\.\.?(\/|$)/.test(node.text)) return undefined;
    const call = node.parent;
    if (!call || !ts.isCallExpression(call) || call.arguments[0] !== node || !ts.isIdentifier(call.expression) || call.expression.text !== 'require') return undefined;
    const base = path.posix.join(path.posix.dirname(node.getSourceFile().fileName), node.text);
    for (const candidate of [base, ...REQUIRE_EXTENSIONS.map((e) => base + e), ...REQUIRE_EXTENSIONS.map((e) => `${base}/index${e}`)]) {
      if (!this.program.hasSourceFile(candidate)) continue;
      const sf = this.program.getSourceFile(candidate);
      return sf && this.view(this.call(() => this.native.getSymbolAtLocation(sf)));
    }
    return undefined;
  }

  getAliasedSymbol(s: TS.Symbol): TS.Symbol {
    const key = s as unknown as SymbolView;
    let target = this.aliased.get(key);
    if (!target) {
      const required = key.requireTarget();
      const imported = required ? undefined : this.importedExport(key.native);
      const found = required
        ? this.requiredSymbol(required)
        : imported === UNRESOLVED
          ? this.view(this.unresolvedImport(key.native))
          : imported
            ? this.targetOfExport(this.view(imported)!)
            : this.view(this.call(() => this.native.getAliasedSymbol(this.unwrap(s))));
      target = this.followJsExport(found ?? UNKNOWN_SYMBOL) as unknown as SymbolView;
      this.aliased.set(key, target);
    }
    return target as unknown as TS.Symbol;
  }

  /** An export as an import of it resolves: itself, or what it re-exports (`export { X } from`). */
  private targetOfExport(e: TS.Symbol): TS.Symbol {
    return e.flags & this.ts.SymbolFlags.Alias ? this.getAliasedSymbol(e) : e;
  }

  /**
   * What a named import (`import { X } from './m'` in the file just prefetched) resolves to, without
   * a request of its own: the export `X` of the module its specifier names, from that module's export
   * table (asked once per module and checker, at its second import, and holding what `export *`
   * brings in). The checker resolves an import specifier so itself; ra-core's imports were 2,730
   * requests, one per import.
   * UNRESOLVED for any import (named, default or namespace) from a module that resolves to nothing:
   * the checker's unknown symbol (`unresolvedImport`).
   * Undefined where the rule is not this simple, and the import is asked about as before: a default
   * or namespace import of a module that resolves, a module with `export =` (its names are its value's
   * properties), a name the table lacks (a conflict between two `export *`, a typo), an import in
   * another file.
   */
  private importedExport(alias: NSymbol): NSymbol | typeof UNRESOLVED | undefined {
    const { ts } = this;
    const handle = alias.declarations?.length === 1 ? (alias.declarations[0] as NHandle) : undefined;
    if (handle && (handle.kind === ts.SyntaxKind.ImportClause || handle.kind === ts.SyntaxKind.NamespaceImport) && handle.path === this.answersFile) {
      // A default or namespace import: only where its module resolves to nothing (its answer is the unknown symbol).
      const clause = this.resolve(handle);
      const declaration = clause && (ts.isNamespaceImport(clause) ? clause.parent.parent : clause.parent);
      return declaration && ts.isImportDeclaration(declaration) && this.answers.has(declaration.moduleSpecifier) && !this.answers.get(declaration.moduleSpecifier) ? UNRESOLVED : undefined;
    }
    if (!handle || handle.kind !== ts.SyntaxKind.ImportSpecifier || handle.path !== this.answersFile) return undefined;
    const spec = this.resolve(handle);
    if (!spec || !ts.isImportSpecifier(spec)) return undefined;
    const name = (spec.propertyName ?? spec.name).text;
    const declaration = spec.parent.parent.parent;
    if (name === 'default' || !ts.isImportDeclaration(declaration) || !this.answers.has(declaration.moduleSpecifier)) return undefined;
    const module: NSymbol | undefined = this.answers.get(declaration.moduleSpecifier);
    if (!module) return UNRESOLVED;
    let table = this.exportTables.get(module.id);
    if (table === undefined) {
      // A module's first import is asked on its own: a table costs more than one alias (a barrel's
      // lists hundreds of exports), and many modules are imported once (payload: 5,860 tables).
      this.exportTables.set(module.id, 1);
      return undefined;
    }
    if (typeof table === 'number') {
      table = new Map((this.call(() => this.native.getExportsOfModule(module)) as NSymbol[]).map((e) => [e.name as string, e]));
      this.exportTables.set(module.id, table);
    }
    return table.has('export=') ? undefined : table.get(name);
  }

  /**
   * What a named import from a module that resolves to nothing (a package not installed) resolves to:
   * the checker's unknown symbol, asked once per checker (the first such import's answer, if it is
   * that symbol). ra-core's bench workspace, without its test dependencies, asked 309 times.
   */
  private unresolvedImport(alias: NSymbol): NSymbol | undefined {
    if (this.unknownSymbol) return this.unknownSymbol;
    const found = this.call(() => this.native.getAliasedSymbol(alias)) as NSymbol | undefined;
    if (found && this.call(() => this.native.isUnknownSymbol(found))) this.unknownSymbol = found;
    return found;
  }

  /**
   * What a JavaScript `require` binding names, as 6's binder makes it an alias and 7's leaves it a
   * variable: `const m = require('./m')` the module, `require('./m').f` and `const { f } = require('./m')`
   * the module's export `f` (followed on if that is an alias itself).
   */
  private requiredSymbol(required: RequireBinding): TS.Symbol {
    let exported: TS.Symbol | undefined;
    if (required.member) exported = this.getSymbolAtLocation(required.member);
    else {
      const module = this.getSymbolAtLocation(required.specifier);
      if (required.name === undefined) return module ?? UNKNOWN_SYMBOL;
      exported = module && this.getExportsOfModule(module).find((e) => e.name === required.name);
      exported ??= this.getPropertyOfType(this.getTypeAtLocation(required.specifier.parent), required.name);
    }
    if (!exported) return UNKNOWN_SYMBOL;
    return exported.flags & this.ts.SymbolFlags.Alias ? this.getAliasedSymbol(exported) : exported;
  }

  /**
   * A CommonJS export that names a value declared elsewhere, which 6's binder makes an alias of it
   * and 7's a property: `module.exports = { f }` (shorthand), `exports.f = f`, `module.exports.X = X`.
   * The value's own symbol then, as 6 answers.
   */
  private followJsExport(s: TS.Symbol): TS.Symbol {
    const { ts } = this;
    // Only a JavaScript file's declaration can be one: its file's name says so without its tree.
    const files = this.declarationFileNames(s);
    if (files && (files.length !== 1 || !JS_FILE.test(files[0]))) return s;
    const decl = s.declarations?.length === 1 ? s.declarations[0] : undefined;
    if (!decl || !(decl.flags & ts.NodeFlags.JavaScriptFile)) return s;
    let value: TS.Symbol | undefined;
    if (ts.isShorthandPropertyAssignment(decl) && ts.isObjectLiteralExpression(decl.parent) && isCommonJsExportTarget(ts, decl.parent.parent)) {
      value = this.getShorthandAssignmentValueSymbol(decl);
    } else {
      const parent: TS.Node | undefined = decl.parent;
      const bin = ts.isBinaryExpression(decl) ? decl : parent && ts.isBinaryExpression(parent) && (parent.left as TS.Node) === decl ? parent : undefined;
      const right = bin && bin.operatorToken.kind === ts.SyntaxKind.EqualsToken && isCommonJsExportName(ts, bin.left) ? bin.right : undefined;
      if (right && (ts.isIdentifier(right) || (ts.isPropertyAccessExpression(right) && ts.isIdentifier(right.name)))) value = this.getSymbolAtLocation(ts.isIdentifier(right) ? right : right.name);
    }
    if (!value || value === s) return s;
    return value.flags & ts.SymbolFlags.Alias ? this.getAliasedSymbol(value) : value;
  }

  /** `require('…')` of a binding's initializer, and the export it takes (see requiredSymbol). */
  requireOf(decl: TS.Node): RequireBinding | undefined {
    const { ts } = this;
    if (!(decl.flags & ts.NodeFlags.JavaScriptFile)) return undefined;
    let name: string | undefined;
    let holder: TS.Node = decl;
    if (ts.isBindingElement(decl)) {
      if (decl.dotDotDotToken || !ts.isObjectBindingPattern(decl.parent)) return undefined;
      const key = decl.propertyName ?? decl.name;
      if (!ts.isIdentifier(key) && !ts.isStringLiteral(key)) return undefined;
      name = key.text;
      holder = decl.parent.parent;
    }
    if (!ts.isVariableDeclaration(holder) || !holder.initializer) return undefined;
    let init = holder.initializer;
    let member: TS.Node | undefined;
    if (name === undefined && ts.isPropertyAccessExpression(init) && ts.isIdentifier(init.name)) {
      name = init.name.text;
      member = init.name;
      init = init.expression;
    } else if (holder !== decl && ts.isPropertyAccessExpression(init)) return undefined;
    if (!ts.isCallExpression(init) || !ts.isIdentifier(init.expression) || init.expression.text !== 'require' || init.arguments.length !== 1) return undefined;
    const specifier = init.arguments[0];
    return ts.isStringLiteralLike(specifier) ? { specifier, name, member } : undefined;
  }

  getImmediateAliasedSymbol(s: TS.Symbol): TS.Symbol | undefined {
    return this.view(this.call(() => this.native.getImmediateAliasedSymbol(this.unwrap(s))));
  }

  getShorthandAssignmentValueSymbol(node: TS.Node | undefined): TS.Symbol | undefined {
    return node && this.view(this.call(() => this.native.getShorthandAssignmentValueSymbol(node)));
  }

  getExportSpecifierLocalTargetSymbol(node: TS.ExportSpecifier | TS.Identifier): TS.Symbol | undefined {
    return this.view(this.call(() => this.native.getExportSpecifierLocalTargetSymbol(node)));
  }

  getExportsOfModule(s: TS.Symbol): TS.Symbol[] {
    return (this.call(() => this.native.getExportsOfModule(this.unwrap(s))) as NSymbol[]).map((e) => this.view(e)!);
  }

  getPropertyOfType(t: TS.Type, name: string): TS.Symbol | undefined {
    const native = (t as unknown as TypeView).native;
    if (!native) return undefined;
    let table = this.propertyTables.get(native);
    if (table === null) {
      // A pattern destructures several names of this type: its properties at once. A name they lack
      // may still be a property (a function type's `call`, Object's `toString`): asked on its own.
      table = new Map((this.call(() => this.native.getPropertiesOfType(native)) as NSymbol[]).map((p) => [p.name as string, p]));
      this.propertyTables.set(native, table);
    }
    const listed = table?.get(name);
    if (listed) return this.view(listed);
    let asked = this.singleProperties.get(native);
    if (!asked) this.singleProperties.set(native, (asked = new Map()));
    let found = asked.get(name);
    if (found === undefined) asked.set(name, (found = (this.call(() => this.native.getPropertyOfType(native, name)) as NSymbol | undefined) ?? null));
    return this.view(found ?? undefined);
  }

  expectPropertyNames(t: TS.Type, names: number): void {
    const native = (t as unknown as TypeView).native;
    // One request for the table against one per name (~0.13 ms each): the table's symbols cost less
    // to read than two round trips (@loopback/repository's classes asked 141 names of 25 base types).
    if (native && names >= 3 && !this.propertyTables.has(native)) this.propertyTables.set(native, null);
  }

  getPropertiesOfType(t: TS.Type): TS.Symbol[] {
    const native = (t as unknown as TypeView).native;
    return native ? (this.call(() => this.native.getPropertiesOfType(native)) as NSymbol[]).map((p) => this.view(p)!) : [];
  }

  /** Signatures (shapes print them): a view that fetches its parameters when asked, and its return type through getReturnTypeOfSignature. */
  getSignaturesOfType(t: TS.Type, kind: TS.SignatureKind): TS.Signature[] {
    const native = (t as unknown as TypeView).native;
    if (!native) return [];
    return (this.call(() => this.native.getSignaturesOfType(native, kind)) as Array<{ getParameters(): NSymbol[] }>).map(
      (sig) => ({ nativeSignature: sig, getParameters: () => this.call(() => sig.getParameters()).map((p) => this.view(p)!) }) as unknown as TS.Signature,
    );
  }

  getReturnTypeOfSignature(s: TS.Signature): TS.Type {
    const sig = (s as unknown as { nativeSignature?: unknown }).nativeSignature;
    return this.typeView(sig ? this.call(() => this.native.getReturnTypeOfSignature(sig)) : undefined);
  }

  getIndexInfosOfType(t: TS.Type): TS.IndexInfo[] {
    const native = (t as unknown as TypeView).native;
    if (!native) return [];
    return (this.call(() => this.native.getIndexInfosOfType(native)) as Array<{ keyType: NType; valueType: NType; isReadonly: boolean }>).map(
      (info) => ({ keyType: this.typeView(info.keyType), type: this.typeView(info.valueType), isReadonly: info.isReadonly }) as TS.IndexInfo,
    );
  }

  // ── types ──

  typeView(native: NType | undefined): TS.Type {
    if (!native) return EMPTY_TYPE as unknown as TS.Type;
    let v = this.types.get(native);
    if (!v) this.types.set(native, (v = new TypeView(native, this)));
    return v as unknown as TS.Type;
  }

  nativeCall<T>(request: () => T): T {
    return this.call(request);
  }

  getTypeAtLocation(node: TS.Node): TS.Type {
    return this.typeView(this.typeAnswers.has(node) ? this.typeAnswers.get(node) : this.call(() => this.native.getTypeAtLocation(node)));
  }

  getTypeOfSymbol(s: TS.Symbol): TS.Type {
    return this.typeView(this.call(() => this.native.getTypeOfSymbol(this.unwrap(s))));
  }

  getTypeOfSymbolAtLocation(s: TS.Symbol, node: TS.Node): TS.Type {
    if (isLibraryStub(node)) return this.getTypeOfSymbol(s);
    return this.typeView(this.call(() => this.native.getTypeOfSymbolAtLocation(this.unwrap(s), node)));
  }

  getDeclaredTypeOfSymbol(s: TS.Symbol): TS.Type {
    return this.typeView(this.call(() => this.native.getDeclaredTypeOfSymbol(this.unwrap(s))));
  }

  getBaseTypes(t: TS.InterfaceType): TS.BaseType[] {
    const native = (t as unknown as TypeView).native;
    return native ? (this.call(() => this.native.getBaseTypes(native)) as NType[]).map((b) => this.typeView(b) as TS.BaseType) : [];
  }

  getContextualType(node: TS.Expression): TS.Type | undefined {
    const t = this.call(() => this.native.getContextualType(node));
    return t ? this.typeView(t) : undefined;
  }

  getResolvedSignature(node: TS.CallLikeExpression): TS.Signature | undefined {
    const sig = this.call(() => this.native.getResolvedSignature(node));
    return sig ? ({ declaration: this.resolve(sig.declaration) } as unknown as TS.Signature) : undefined;
  }

  stableTypeText(type: TS.Type): string {
    const native = (type as unknown as TypeView).native;
    // 7 orders a union's members by a rule of its own, not by when the checker made them.
    return native ? this.call(() => this.native.typeToString(native, undefined, TYPE_TEXT_FLAGS)) : '?';
  }

  // ── binder facts ──

  /**
   * The symbol the binder gave a declaration: its name's (the passes ask about names first, so it
   * is often answered already); for a file not yet asked about, the names of all its declarations
   * that can merge, at once (a property key's or JSX attribute's symbol costs the checker the
   * object's contextual type: 13 whole-file batches took 0.5 s of ra-core's index). A constructor
   * has no name: its symbol here is one that holds the class's constructors.
   */
  boundSymbol(node: TS.Node): TS.Symbol | undefined {
    const { ts } = this;
    if (ts.isConstructorDeclaration(node)) return this.constructorSymbol(node);
    const name = (node as { name?: TS.Node }).name;
    if (!name) return this.syntheticSymbol(node, 'default');
    if (this.answers.has(name)) return this.view(this.answers.get(name));
    if (!isNameNode(ts, name)) return this.view(this.call(() => this.native.getSymbolAtLocation(name)));
    const sf = node.getSourceFile();
    let names = this.declared.get(sf);
    if (!names) this.declared.set(sf, (names = this.declarationNames(sf)));
    if (!names.has(name)) names.set(name, this.call(() => this.native.getSymbolAtLocation(name)));
    return this.view(names.get(name));
  }

  isCommonJsModule(sf: TS.SourceFile): boolean {
    let is = this.moduleSymbols.get(sf);
    if (is === undefined) this.moduleSymbols.set(sf, (is = !!this.call(() => this.native.getSymbolAtLocation(sf))));
    return is && !this.ts.isExternalModule(sf);
  }

  private declarationNames(sf: TS.SourceFile): Map<TS.Node, NSymbol> {
    const { ts } = this;
    const names: TS.Node[] = [];
    const stack: TS.Node[] = [sf];
    while (stack.length) {
      const n = stack.pop()!;
      const name = (n as { name?: TS.Node }).name;
      if (name && isNameNode(ts, name) && isMergeableDeclaration(ts, n)) names.push(name);
      ts.forEachChild(n, (c) => {
        stack.push(c);
      });
    }
    const found = names.length ? (this.call(() => this.native.getSymbolAtLocation(names)) as NSymbol[]) : [];
    return new Map(names.map((n, i) => [n, found[i]]));
  }

  private constructorSymbol(ctor: TS.ConstructorDeclaration): TS.Symbol {
    const cls = ctor.parent;
    let s = this.synthetic.get(cls);
    if (!s) {
      const declarations = cls.members.filter((m) => this.ts.isConstructorDeclaration(m));
      s = { name: '__constructor', escapedName: '__constructor', flags: this.ts.SymbolFlags.Constructor, declarations } as unknown as TS.Symbol;
      this.synthetic.set(cls, s);
    }
    return s;
  }

  private syntheticSymbol(node: TS.Node, name: string): TS.Symbol {
    const key = node.parent;
    let s = this.synthetic.get(key);
    if (!s) this.synthetic.set(key, (s = { name, escapedName: name, flags: 0, declarations: [] } as unknown as TS.Symbol));
    return s;
  }
}

/**
 * The nodes of a class's heritage clause whose types classEdges asks for: each `extends`/`implements`
 * type where the class has an instance member with a name, the extended class's expression where it
 * has a static one.
 */
function classBases(ts: typeof TS, clause: TS.HeritageClause, out: TS.Node[]): void {
  const cls = clause.parent;
  if (!ts.isClassLike(cls)) return;
  let instance = false;
  let statics = false;
  for (const m of cls.members) {
    if (!m.name || ts.isConstructorDeclaration(m)) continue;
    if (ts.getCombinedModifierFlags(m as TS.Declaration) & ts.ModifierFlags.Static) statics = true;
    else instance = true;
  }
  if (instance) out.push(...clause.types);
  if (statics && clause.token === ts.SyntaxKind.ExtendsKeyword && clause.types.length) out.push(clause.types[0].expression);
}

/** How many names a pattern destructures by name (not `...rest`). */
function namedElements(ts: typeof TS, pattern: TS.ObjectBindingPattern): number {
  let n = 0;
  for (const e of pattern.elements) if (!e.dotDotDotToken) n++;
  return n;
}

/**
 * Whether `s` stands for `target` under another symbol the checker made: a member read through a
 * union (`(a: Store | Other) => a.save()`) or an instantiated type is a symbol of its own (another
 * id) whose declarations include the declaration's; find-references counts such uses too.
 */
function sharesDeclaration(s: NSymbol, target: NSymbol): boolean {
  const own: Array<{ path: string; index: number }> = target.declarations ?? [];
  const its: Array<{ path: string; index: number }> = s.declarations ?? [];
  return its.some((d) => own.some((t) => t.path === d.path && t.index === d.index));
}
