import type * as TS from 'typescript';
import type { Checker } from '../../compiler/CompilerPort';
import { EdgeType, FileContribution, GraphEdge, GraphNode, ReExport, edgeKey } from '../../graph/GraphTypes';
import { DeclaredFile, nodeId } from './declareFile';
import {
  calleeNameNode,
  isAssignmentTarget,
  isDeclarationName,
  isIntrinsicTag,
  isModuleLoad,
  isPackageSpecifier,
  isRequireCall,
  isTypeofProbe,
  propertyNameText,
  skipOuterExpressions,
} from './syntax';
import { boundSymbol } from '../../compiler/tsInternals';
import { collectTypeEdges } from './collectTypeEdges';
import type { SymbolTargets, Target } from '../symbolTargets';
import { ThisFallback } from './thisFallback';
import type { PlainLocals } from './localValues';
import { PreorderWalk } from './PreorderWalk';

export interface ExtractInput {
  ts: typeof TS;
  checker: Checker;
  sf: TS.SourceFile;
  declared: DeclaredFile;
  targets: SymbolTargets;
  /** The names that resolve to locals that are no nodes (the ones the native batch left out too). */
  locals: PlainLocals;
}

/**
 * Phase 2 of indexing one file: every edge whose source is a node of this file. Code is
 * attributed to the nearest enclosing node (anonymous callbacks to their enclosing function,
 * top-level code to the module node), as TypeScript's call hierarchy does.
 */
export function extractEdges(input: ExtractInput): FileContribution {
  return new EdgeExtractor(input).extract();
}

/** One file's extracting pass (`extractEdges`): the edges and dependencies found so far, and the walk. */
class EdgeExtractor {
  private readonly ts: typeof TS;
  private readonly checker: Checker;
  private readonly sf: TS.SourceFile;
  private readonly declared: DeclaredFile;
  private readonly edges = new Map<string, GraphEdge>();
  private readonly externals = new Map<string, GraphNode>();
  private readonly deps = new Set<string>();
  private readonly targets: SymbolTargets;
  private readonly problems: string[] = [];
  private hasUnresolvedImports = false;
  private readonly unresolvedPackageImports = new Set<string>();
  /**
   * What `export … from` and `export { … }` re-export, by name (see `FileContribution.reExports`):
   * syntax and module resolution only, so a barrel's list changes only when its own text or what
   * its specifiers resolve to does.
   */
  private readonly reExports: ReExport[] = [];
  /** The last pattern `destructuredMember` asked about, and its type. */
  private patternType: [TS.ObjectBindingPattern, TS.Type] | undefined;
  /** `this.x` the checker cannot type: what it names in this file. */
  private readonly thisFallback: ThisFallback;
  // Iterative (PreorderWalk): generated code nests far deeper than a recursive walk's stack allows.
  // `walk` schedules a subtree; `later` schedules work a recursive walk would do after the subtrees
  // scheduled before it. Same pre-order as recursion, so edges and their lines come out the same.
  private readonly preorder: PreorderWalk<string>;
  /** Names that resolve to locals that are no nodes: not asked (see PlainLocals). */
  private readonly locals: PlainLocals;

  constructor(private readonly input: ExtractInput) {
    const { ts, checker, sf, declared } = input;
    this.ts = ts;
    this.checker = checker;
    this.sf = sf;
    this.declared = declared;
    this.locals = input.locals;
    // What a target is may depend on more files than its own (a declaration's JavaScript twin): this
    // file depends on them whether or not it then keeps an edge to the target.
    this.targets = {
      ownedFile: input.targets.ownedFile,
      ownsFileNamed: input.targets.ownsFileNamed,
      targetsOf: (symbol) => {
        const found = input.targets.targetsOf(symbol);
        for (const t of found) if (t.alsoDependsOn) for (const f of t.alsoDependsOn) if (f !== declared.file) this.deps.add(f);
        return found;
      },
    };
    this.thisFallback = new ThisFallback(ts, checker, declared, this.targets);
    this.preorder = new PreorderWalk<string>(ts);
  }

  extract(): FileContribution {
    const { declared, deps, edges, externals, reExports, unresolvedPackageImports } = this;
    this.walk(this.sf, declared.moduleId);
    this.preorder.run((node, owner) => this.visit(node, owner));
    // A JavaScript file described by a .d.ts beside it: each implementation is linked to its declaration.
    const described = this.input.targets.implementedDeclarations?.(declared.file);
    if (described) {
      for (const f of described.paths) deps.add(f);
      for (const [impl, decl] of described.pairs) this.add(impl.id, { id: decl.id, kind: decl.kind, file: decl.file, isAbstract: false }, 'IMPLEMENTS');
    }
    const edgeList = [...edges.values()];
    // Sorted, and copied to their length: a list grown by push keeps room for 16 more numbers (V8).
    for (const e of edgeList) if (e.lines && e.lines.length > 1) e.lines = e.lines.sort((a, b) => a - b).slice();
    return {
      file: declared.file,
      nodes: declared.nodes,
      edges: edgeList,
      externalNodes: [...externals.values()],
      dependsOnFiles: [...deps].sort(),
      ...(this.hasUnresolvedImports ? { hasUnresolvedImports: true } : {}),
      ...(unresolvedPackageImports.size ? { unresolvedPackageImports: [...unresolvedPackageImports].sort() } : {}),
      ...(reExports.length ? { reExports } : {}),
      problems: this.problems,
    };
  }

  private lineAt(n: TS.Node): number {
    return this.sf.getLineAndCharacterOfPosition(n.getStart(this.sf)).line + 1;
  }

  /** An edge from `from` to `t` (one per pair and type; `at` adds its line). An arrow: collectTypeEdges is given it. */
  private readonly add = (from: string, t: Target, type: EdgeType, at?: TS.Node): void => {
    if (t.external) this.externals.set(t.id, t.external);
    else if (t.file !== this.declared.file) this.deps.add(t.file);
    const key = edgeKey({ from, to: t.id, type });
    const line = at && this.lineAt(at);
    const e = this.edges.get(key);
    // `lines` in the literal: a property added to an object later costs it a second allocation (V8).
    if (!e) this.edges.set(key, line ? { from, to: t.id, type, lines: [line] } : { from, to: t.id, type });
    else if (line) {
      if (!e.lines) e.lines = [line];
      else if (!e.lines.includes(line)) e.lines.push(line);
    }
  };

  // Compiler calls are not wrapped: an exception (a compiler bug, or its stack overflowing on deep
  // code) ends this file's extraction, and WorkspaceIndex keeps the file's declarations only and
  // names it as a file that could not be analysed: loud, never a silently partial file.
  private symbolAt(n: TS.Node): TS.Symbol | undefined {
    return this.checker.getSymbolAtLocation(n);
  }

  /** Records the dependency on an imported module; returns the module's file when it is one of ours. */
  private addModuleDep(specifier: TS.Expression | undefined): string | undefined {
    const { ts } = this;
    if (!specifier || !ts.isStringLiteralLike(specifier)) return undefined;
    const module = this.symbolAt(specifier);
    // A module declared only outside our files (a package's typings, Node's `declare module 'fs'`):
    // resolved, and no file of ours, known by its declarations' file names (no tree fetched for them).
    const files = module && this.targets.ownsFileNamed ? this.checker.declarationFileNames?.(module) : undefined;
    if (files?.length && !files.some((f) => this.targets.ownsFileNamed!(f))) return undefined;
    const decl = module?.valueDeclaration;
    if (!decl && specifier.text.startsWith('.')) this.hasUnresolvedImports = true;
    else if (!module && isPackageSpecifier(specifier.text)) this.unresolvedPackageImports.add(specifier.text);
    const file = decl && ts.isSourceFile(decl) ? this.targets.ownedFile(decl) : undefined;
    if (file && file !== this.declared.file) this.deps.add(file);
    return file;
  }

  /**
   * `import './polyfills'`, `require('./setup');`: imported for effect, the module's top-level code
   * runs. A CALLS edge to its module node (nothing else records the use: an import names exports,
   * and their uses are the edges).
   */
  private addEffectImport(owner: string, specifier: TS.Expression | undefined, at: TS.Node): void {
    const file = this.addModuleDep(specifier);
    if (!file || file === this.declared.file) return;
    this.add(owner, { id: nodeId(file, file, 'module'), kind: 'module', file, isAbstract: false }, 'CALLS', at);
  }

  private addReExports(ed: TS.ExportDeclaration): void {
    const { ts, reExports } = this;
    const from = this.addModuleDep(ed.moduleSpecifier);
    const clause = ed.exportClause;
    if (ed.moduleSpecifier) {
      if (!from || from === this.declared.file) return;
      if (!clause) reExports.push({ exported: '*', file: from, name: '*' });
      else if (ts.isNamedExports(clause)) {
        for (const el of clause.elements) reExports.push({ exported: moduleExportName(el.name), file: from, name: moduleExportName(el.propertyName ?? el.name) });
      }
      return;
    }
    if (!clause || !ts.isNamedExports(clause)) return;
    for (const el of clause.elements) this.addLocalExport(moduleExportName(el.name), el.propertyName ?? el.name, el);
  }

  /** `export { local as exported }`, `export default local`: where `local` is declared (an import leads on). */
  private addLocalExport(exported: string, local: TS.Identifier | TS.StringLiteral, specifier?: TS.ExportSpecifier): void {
    const { ts, declared, reExports } = this;
    const name = moduleExportName(local);
    const sym = specifier ? this.checker.getExportSpecifierLocalTargetSymbol(specifier) : this.symbolAt(local);
    const decl = sym?.declarations?.[0];
    if (decl && ts.isImportSpecifier(decl)) {
      const file = this.importedFile(decl.parent.parent.parent.moduleSpecifier);
      if (file && file !== declared.file) reExports.push({ exported, file, name: moduleExportName(decl.propertyName ?? decl.name) });
    } else if (decl && ts.isImportClause(decl)) {
      const file = this.importedFile(decl.parent.moduleSpecifier);
      if (file && file !== declared.file) reExports.push({ exported, file, name: 'default' });
    } else if (decl && decl.getSourceFile() === this.sf && exported !== name) {
      reExports.push({ exported, file: declared.file, name });
    }
  }

  private importedFile(specifier: TS.Expression): string | undefined {
    const { ts } = this;
    const decl = ts.isStringLiteralLike(specifier) ? this.symbolAt(specifier)?.valueDeclaration : undefined;
    return decl && ts.isSourceFile(decl) ? this.targets.ownedFile(decl) : undefined;
  }

  /** Resolve what a callee / tag / JSX name refers to. */
  private calleeTargets(expr: TS.Expression, owner: string): Target[] {
    const { ts } = this;
    const e = skipOuterExpressions(ts, expr);
    if (ts.isIdentifier(e)) return this.locals.has(e) ? [] : this.targets.targetsOf(this.symbolAt(e));
    if (ts.isPropertyAccessExpression(e)) {
      let found = this.targets.targetsOf(this.memberSymbol(e));
      if (found.length === 0 && e.expression.kind === ts.SyntaxKind.ThisKeyword) found = this.thisFallback.memberTargets(e);
      this.walkMemberBase(e.expression, owner, found);
      return found;
    }
    this.walk(e, owner);
    return [];
  }

  /**
   * The symbol of `obj.member`. When the member does not resolve (yet), this file's edges still
   * depend on the file declaring obj's type: adding the member there must re-extract this file,
   * even when the type only reaches it through another file's inferred return type.
   */
  private memberSymbol(pa: TS.PropertyAccessExpression): TS.Symbol | undefined {
    const sym = this.symbolAt(pa.name);
    if (sym) return sym;
    this.dependOnDeclarationsOf(this.checker.getTypeAtLocation(pa.expression));
    return undefined;
  }

  private dependOnDeclarationsOf(type: TS.Type): void {
    for (const d of (type.getSymbol() ?? type.aliasSymbol)?.declarations ?? []) {
      const file = this.targets.ownedFile(d.getSourceFile());
      if (file && file !== this.declared.file) this.deps.add(file);
    }
  }

  /** The member `{ name }` destructures from what `pattern` binds; like `memberSymbol`, a dependency even when absent. */
  private destructuredMember(pattern: TS.ObjectBindingPattern, name: string): TS.Symbol | undefined {
    if (this.patternType?.[0] !== pattern) this.patternType = [pattern, this.checker.getTypeAtLocation(pattern)];
    const type = this.patternType[1];
    const sym = this.checker.getPropertyOfType(type, name);
    if (!sym) this.dependOnDeclarationsOf(type);
    return sym;
  }

  /** The `obj` of `obj.member`: a reference of its own unless the member already resolved to a node. */
  private walkMemberBase(base: TS.Expression, owner: string, members: readonly Target[], probe = false): void {
    const { ts } = this;
    const b = skipOuterExpressions(ts, base);
    if (members.length > 0 && ts.isIdentifier(b)) return probe ? undefined : this.referenceSingleton(b, owner, members);
    if (members.length > 0 && (b.kind === ts.SyntaxKind.ThisKeyword || b.kind === ts.SyntaxKind.SuperKeyword)) return;
    this.walk(base, owner);
  }

  /**
   * `notifyManager.batch(…)` where `export const notifyManager = createNotifyManager()`: the member is
   * the factory's (`createNotifyManager.batch`), so nothing led from the call to the variable, and
   * `dependentsOf notifyManager` missed every caller of its members (TanStack/query: ~20 files). A
   * variable whose resolved member is not its own (an instance made by a factory or `new`) gets a
   * reference too; an object literal's own members (`api.get` of `const api = { get() {} }`) lead
   * to it already.
   */
  private referenceSingleton(base: TS.Identifier, owner: string, members: readonly Target[]): void {
    if (this.locals.has(base)) return;
    for (const v of this.targets.targetsOf(this.symbolAt(base))) {
      if (v.kind !== 'variable' || v.external) continue;
      const own = `${v.id.slice(0, v.id.lastIndexOf('@'))}.`;
      if (members.some((m) => m.id.startsWith(own))) continue;
      this.add(owner, v, 'REFERENCES', base);
    }
  }

  private walk(node: TS.Node, owner: string): void {
    this.preorder.node(node, owner);
  }

  private later(task: () => void): void {
    this.preorder.task(task);
  }

  /**
   * Call (or JSX) edges to `found`, added after whatever `calleeTargets` scheduled (the callee's own
   * subtree comes first). Only to values: one name may declare a value and a type (`const OK` beside
   * `type OK<T>`, a class merged with an interface or a namespace); a call runs the value.
   */
  private addLater(owner: string, found: Target[], type: EdgeType, at: TS.Node): void {
    const callable = found.filter(isCallable);
    if (callable.length) this.later(() => {
      for (const t of callable) this.add(owner, t, type, at);
    });
  }

  private visit(node: TS.Node, ownerIn: string): void {
    const { ts, checker, declared, sf } = this;
    const owner = declared.declToId.get(node) ?? ownerIn;
    if (owner !== ownerIn || node === sf) collectTypeEdges({ ts, checker, node, from: owner, targets: this.targets, add: this.add, declared });
    switch (node.kind) {
      case ts.SyntaxKind.ImportDeclaration: {
        const id = node as TS.ImportDeclaration;
        if (!id.importClause) return this.addEffectImport(owner, id.moduleSpecifier, id.moduleSpecifier);
        this.addModuleDep(id.moduleSpecifier);
        return;
      }
      case ts.SyntaxKind.ExportDeclaration:
        return this.addReExports(node as TS.ExportDeclaration);
      case ts.SyntaxKind.ImportEqualsDeclaration: {
        const ref = (node as TS.ImportEqualsDeclaration).moduleReference;
        if (ts.isExternalModuleReference(ref)) this.addModuleDep(ref.expression);
        return;
      }
      case ts.SyntaxKind.HeritageClause:
        return; // EXTENDS/IMPLEMENTS come from collectTypeEdges at the class
      case ts.SyntaxKind.ExportAssignment: {
        const ea = node as TS.ExportAssignment;
        const named = skipOuterExpressions(ts, ea.expression);
        if (!ea.isExportEquals && ts.isIdentifier(named)) this.addLocalExport('default', named);
        if (ts.isIdentifier(ea.expression)) return; // `export default x` is an alias, not a use
        break;
      }
      case ts.SyntaxKind.FunctionDeclaration:
      case ts.SyntaxKind.ClassDeclaration: {
        const d = node as TS.FunctionDeclaration | TS.ClassDeclaration;
        const isDefault = d.modifiers?.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword);
        if (isDefault && d.name && d.parent === sf) this.reExports.push({ exported: 'default', file: declared.file, name: d.name.text });
        break;
      }
      case ts.SyntaxKind.CallExpression:
        return this.visitCall(node as TS.CallExpression, owner);
      case ts.SyntaxKind.NewExpression: {
        const ne = node as TS.NewExpression;
        this.addLater(owner, this.calleeTargets(ne.expression, owner), 'CALLS', calleeNameNode(ts, ne.expression));
        for (const a of ne.arguments ?? []) this.walk(a, owner);
        return;
      }
      case ts.SyntaxKind.TaggedTemplateExpression: {
        const tt = node as TS.TaggedTemplateExpression;
        this.addLater(owner, this.calleeTargets(tt.tag, owner), 'CALLS', calleeNameNode(ts, tt.tag));
        return this.walk(tt.template, owner);
      }
      case ts.SyntaxKind.Decorator: {
        const d = node as TS.Decorator;
        if (!ts.isCallExpression(d.expression)) {
          this.addLater(owner, this.calleeTargets(d.expression, owner), 'CALLS', d.expression);
          return;
        }
        break;
      }
      case ts.SyntaxKind.JsxOpeningElement:
      case ts.SyntaxKind.JsxSelfClosingElement: {
        const el = node as TS.JsxOpeningElement;
        if (!isIntrinsicTag(ts, el.tagName)) {
          this.addLater(owner, this.calleeTargets(el.tagName as TS.Expression, owner), 'INCLUDES', el.tagName);
        }
        return this.walk(el.attributes, owner);
      }
      case ts.SyntaxKind.JsxClosingElement:
        return;
      case ts.SyntaxKind.PropertyAccessExpression:
        return this.visitPropertyAccess(node as TS.PropertyAccessExpression, owner);
      case ts.SyntaxKind.BindingElement:
        this.visitBindingElement(node as TS.BindingElement, owner);
        break;
      case ts.SyntaxKind.ShorthandPropertyAssignment: {
        const sp = node as TS.ShorthandPropertyAssignment;
        if (!this.locals.has(sp.name)) {
          const sym = checker.getShorthandAssignmentValueSymbol(sp);
          for (const t of this.targets.targetsOf(sym)) if (isReferenceable(t)) this.add(owner, t, 'REFERENCES', sp.name);
        }
        // `({ resultSelector = identity } = options)`: the default value is code of its own.
        if (sp.objectAssignmentInitializer) this.walk(sp.objectAssignmentInitializer, owner);
        return;
      }
      case ts.SyntaxKind.Identifier: {
        if (isDeclarationName(ts, node) || this.locals.has(node as TS.Identifier)) return;
        for (const t of this.targets.targetsOf(this.symbolAt(node))) if (isReferenceable(t)) this.add(owner, t, 'REFERENCES', node);
        return;
      }
      case ts.SyntaxKind.ObjectLiteralExpression:
        this.collectObjectLiteralImplements(node as TS.ObjectLiteralExpression);
        break;
    }
    // `generateText<T>` as a value (an instantiation expression, `const generate = generateText<T>`):
    // the expression is code, as `const generate = generateText` is; a heritage clause's is a type.
    if (ts.isExpressionWithTypeArguments(node) && !ts.isHeritageClause(node.parent) && !(node.flags & ts.NodeFlags.JSDoc)) return this.walk(node.expression, owner);
    if (ts.isTypeNode(node)) return; // types are handled at their declaration by collectTypeEdges
    this.preorder.children(node, owner);
  }

  private visitCall(call: TS.CallExpression, owner: string): void {
    const { ts } = this;
    if (isRequireCall(ts, call) && ts.isExpressionStatement(call.parent)) this.addEffectImport(owner, call.arguments[0], call.arguments[0]);
    else if (call.expression.kind === ts.SyntaxKind.ImportKeyword || isRequireCall(ts, call)) this.addModuleDep(call.arguments[0]);
    if (call.expression.kind === ts.SyntaxKind.SuperKeyword) {
      for (const t of this.superTargets(call)) this.add(owner, t, 'CALLS', call);
    } else {
      this.addLater(owner, this.calleeTargets(call.expression, owner), 'CALLS', calleeNameNode(ts, call.expression));
    }
    for (const a of call.arguments) this.walk(a, owner);
  }

  private visitPropertyAccess(pa: TS.PropertyAccessExpression, owner: string): void {
    const { ts, declared } = this;
    if (declared.declToId.has(pa)) return; // `X.prototype.m = …`, `exports.f = …`: declares, does not use
    let found = this.targets.targetsOf(this.memberSymbol(pa));
    if (isTypeofProbe(ts, pa)) {
      // `typeof x.m === 'function'` asks whether `m` is there; it neither runs nor passes it on.
      // No edge (it pulled every duck-typing caller into `m`'s dependents); the file still
      // depends on m's file, as it would on a member that does not resolve.
      for (const t of found) if (!t.external && t.file !== declared.file) this.deps.add(t.file);
      return this.walkMemberBase(pa.expression, owner, found, true);
    }
    // A property access reads through the getter unless it is the target of an assignment (then the setter).
    const writes = isAssignmentTarget(ts, pa);
    if (found.length === 0 && pa.expression.kind === ts.SyntaxKind.ThisKeyword) found = this.thisFallback.propertyTargets(pa, writes);
    for (const t of found) {
      if (!isReferenceable(t) || (t.kind === 'getter' && writes) || (t.kind === 'setter' && !writes)) continue;
      this.add(owner, t, 'REFERENCES', pa.name);
    }
    return this.walkMemberBase(pa.expression, owner, found);
  }

  /**
   * `const { onSuccess } = options`, `({ onClick }: Props) => …`: destructuring reads the member,
   * as `options.onSuccess` does (a getter, never a setter). Not `const { f } = require('./u')`:
   * that names a module's export, as an import does.
   */
  private visitBindingElement(be: TS.BindingElement, owner: string): void {
    const { ts } = this;
    const key = be.propertyName ?? be.name;
    const pattern = be.parent;
    const name = !be.dotDotDotToken && ts.isObjectBindingPattern(pattern) && !isModuleLoad(ts, pattern) ? propertyNameText(ts, key) : undefined;
    if (name !== undefined) {
      const found = this.targets.targetsOf(this.destructuredMember(pattern as TS.ObjectBindingPattern, name));
      for (const t of found) if (isReferenceable(t) && t.kind !== 'setter') this.add(owner, t, 'REFERENCES', key);
    }
  }

  /** `super(...)`: the base constructor if declared, else the base class. */
  private superTargets(call: TS.CallExpression): Target[] {
    const { ts } = this;
    const decl = this.checker.getResolvedSignature(call)?.declaration;
    if (decl && ts.isConstructorDeclaration(decl)) {
      const viaDecl = this.targets.targetsOf(boundSymbol(decl));
      if (viaDecl.length) return viaDecl;
    }
    let cls: TS.Node | undefined = call.parent;
    while (cls && !ts.isClassLike(cls)) cls = cls.parent;
    const clause = cls && (cls as TS.ClassLikeDeclaration).heritageClauses?.find((h) => h.token === ts.SyntaxKind.ExtendsKeyword);
    const ext = clause?.types[0];
    return ext ? this.targets.targetsOf(this.symbolAt(ext.expression)) : [];
  }

  /** `const repo: Repo = { find() {} }`: the literal's methods implement the contextual interface's members. */
  private collectObjectLiteralImplements(obj: TS.ObjectLiteralExpression): void {
    const { ts, declared } = this;
    const members = obj.properties.filter((p) => declared.declToId.has(p));
    if (members.length === 0) return;
    const ctx = this.checker.getContextualType(obj);
    if (!ctx) return;
    // The contextual type is asked each member's name: the native checker may fetch its properties at once.
    this.checker.expectPropertyNames?.(ctx, members.length);
    for (const p of members) {
      const name = p.name && propertyNameText(ts, p.name);
      const prop = name !== undefined ? ctx.getProperty(name) : undefined;
      for (const t of this.targets.targetsOf(prop)) {
        if (t.kind === 'method-signature') this.add(declared.declToId.get(p)!, t, 'IMPLEMENTS');
      }
    }
  }
}

function moduleExportName(n: TS.Identifier | TS.StringLiteral): string {
  return n.text;
}

/** What a call, `new` or JSX tag can run: not a type, an interface, a namespace, an enum or a module. */
function isCallable(t: Target): boolean {
  return t.kind !== 'module' && t.kind !== 'interface' && t.kind !== 'type' && t.kind !== 'namespace' && t.kind !== 'enum';
}

function isReferenceable(t: Target): boolean {
  return t.kind !== 'module' && t.kind !== 'interface' && t.kind !== 'type' && t.kind !== 'namespace';
}
