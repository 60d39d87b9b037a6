import { builtinModules } from 'module';
import type * as TS from 'typescript';
import { EdgeType, FileContribution, GraphEdge, GraphNode, ReExport, edgeKey } from '../../graph/GraphTypes';
import { DeclaredFile, nodeId, propertyNameText, skipOuterExpressions } from './declareFile';
import { collectTypeEdges } from './collectTypeEdges';
import { PreorderWalk } from './PreorderWalk';

/** A resolved edge target: a node id, plus the node itself when it is an external leaf. */
export interface Target {
  id: string;
  kind: GraphNode['kind'];
  file: string;
  external?: GraphNode;
  /** The declaration is abstract or an interface/type-literal member (for IMPLEMENTS vs OVERRIDES). */
  isAbstract: boolean;
  /** Other files that decide whether this is the target (a declaration file's JavaScript twin, see NodeLocator). */
  alsoDependsOn?: string[];
}

/** Maps compiler symbols to graph nodes; owned by the workspace index, which knows which files are ours. */
export interface SymbolTargets {
  targetsOf(symbol: TS.Symbol | undefined): Target[];
  /** Root-relative path of an indexed file, undefined for lib/external files. */
  ownedFile(sf: TS.SourceFile): string | undefined;
  /**
   * For one of our JavaScript files: the declaration-file paths that may describe it (dependencies
   * whether they exist or not), and which of its nodes implement which declared node (see NodeLocator).
   */
  implementedDeclarations?(file: string): { paths: string[]; pairs: Array<[GraphNode, GraphNode]> };
}

export interface ExtractInput {
  ts: typeof TS;
  checker: TS.TypeChecker;
  sf: TS.SourceFile;
  declared: DeclaredFile;
  targets: SymbolTargets;
}

/**
 * Phase 2 of indexing one file: every edge whose source is a node of this file. Code is
 * attributed to the nearest enclosing node (anonymous callbacks to their enclosing function,
 * top-level code to the module node), as TypeScript's call hierarchy does.
 */
export function extractEdges(input: ExtractInput): FileContribution {
  const { ts, checker, sf, declared } = input;
  const edges = new Map<string, GraphEdge>();
  const externals = new Map<string, GraphNode>();
  const deps = new Set<string>();
  // What a target is may depend on more files than its own (a declaration's JavaScript twin): this
  // file depends on them whether or not it then keeps an edge to the target.
  const targets: SymbolTargets = {
    ownedFile: input.targets.ownedFile,
    targetsOf: (symbol) => {
      const found = input.targets.targetsOf(symbol);
      for (const t of found) if (t.alsoDependsOn) for (const f of t.alsoDependsOn) if (f !== declared.file) deps.add(f);
      return found;
    },
  };
  const problems: string[] = [];
  let hasUnresolvedImports = false;
  const unresolvedPackageImports = new Set<string>();
  const lineAt = (n: TS.Node) => sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1;

  const add = (from: string, t: Target, type: EdgeType, at?: TS.Node): void => {
    if (t.external) externals.set(t.id, t.external);
    else if (t.file !== declared.file) deps.add(t.file);
    const key = edgeKey({ from, to: t.id, type });
    const line = at && lineAt(at);
    const e = edges.get(key);
    // `lines` in the literal: a property added to an object later costs it a second allocation (V8).
    if (!e) edges.set(key, line ? { from, to: t.id, type, lines: [line] } : { from, to: t.id, type });
    else if (line) {
      if (!e.lines) e.lines = [line];
      else if (!e.lines.includes(line)) e.lines.push(line);
    }
  };
  // Compiler calls are not wrapped: an exception (a compiler bug, or its stack overflowing on deep
  // code) ends this file's extraction, and WorkspaceIndex keeps the file's declarations only and
  // names it as a file that could not be analysed: loud, never a silently partial file.
  const symbolAt = (n: TS.Node): TS.Symbol | undefined => checker.getSymbolAtLocation(n);
  /** Records the dependency on an imported module; returns the module's file when it is one of ours. */
  const addModuleDep = (specifier: TS.Expression | undefined): string | undefined => {
    if (!specifier || !ts.isStringLiteralLike(specifier)) return undefined;
    const module = symbolAt(specifier);
    const decl = module?.valueDeclaration;
    if (!decl && specifier.text.startsWith('.')) hasUnresolvedImports = true;
    else if (!module && isPackageSpecifier(specifier.text)) unresolvedPackageImports.add(specifier.text);
    const file = decl && ts.isSourceFile(decl) ? targets.ownedFile(decl) : undefined;
    if (file && file !== declared.file) deps.add(file);
    return file;
  };
  /**
   * `import '../polyfills'`, `require('../setup');`: imported for effect, the module's top-level code
   * runs. A CALLS edge to its module node (nothing else records the use: an import names exports,
   * and their uses are the edges).
   */
  const addEffectImport = (owner: string, specifier: TS.Expression | undefined, at: TS.Node): void => {
    const file = addModuleDep(specifier);
    if (!file || file === declared.file) return;
    add(owner, { id: nodeId(file, file, 'module'), kind: 'module', file, isAbstract: false }, 'CALLS', at);
  };

  /**
   * What `export … from` and `export { … }` re-export, by name (see `FileContribution.reExports`):
   * syntax and module resolution only, so a barrel's list changes only when its own text or what
   * its specifiers resolve to does.
   */
  const reExports: ReExport[] = [];
  const addReExports = (ed: TS.ExportDeclaration): void => {
    const from = addModuleDep(ed.moduleSpecifier);
    const clause = ed.exportClause;
    if (ed.moduleSpecifier) {
      if (!from || from === declared.file) return;
      if (!clause) reExports.push({ exported: '*', file: from, name: '*' });
      else if (ts.isNamedExports(clause)) {
        for (const el of clause.elements) reExports.push({ exported: moduleExportName(el.name), file: from, name: moduleExportName(el.propertyName ?? el.name) });
      }
      return;
    }
    if (!clause || !ts.isNamedExports(clause)) return;
    for (const el of clause.elements) addLocalExport(moduleExportName(el.name), el.propertyName ?? el.name, el);
  };
  /** `export { local as exported }`, `export default local`: where `local` is declared (an import leads on). */
  const addLocalExport = (exported: string, local: TS.Identifier | TS.StringLiteral, specifier?: TS.ExportSpecifier): void => {
    const name = moduleExportName(local);
    const sym = specifier ? checker.getExportSpecifierLocalTargetSymbol(specifier) : symbolAt(local);
    const decl = sym?.declarations?.[0];
    if (decl && ts.isImportSpecifier(decl)) {
      const file = importedFile(decl.parent.parent.parent.moduleSpecifier);
      if (file && file !== declared.file) reExports.push({ exported, file, name: moduleExportName(decl.propertyName ?? decl.name) });
    } else if (decl && ts.isImportClause(decl)) {
      const file = importedFile(decl.parent.moduleSpecifier);
      if (file && file !== declared.file) reExports.push({ exported, file, name: 'default' });
    } else if (decl && decl.getSourceFile() === sf && exported !== name) {
      reExports.push({ exported, file: declared.file, name });
    }
  };
  const importedFile = (specifier: TS.Expression): string | undefined => {
    const decl = ts.isStringLiteralLike(specifier) ? symbolAt(specifier)?.valueDeclaration : undefined;
    return decl && ts.isSourceFile(decl) ? targets.ownedFile(decl) : undefined;
  };
  const moduleExportName = (n: TS.Identifier | TS.StringLiteral): string => n.text;

  /** Resolve what a callee / tag / JSX name refers to. */
  const calleeTargets = (expr: TS.Expression, owner: string): Target[] => {
    const e = skipOuterExpressions(ts, expr);
    if (ts.isIdentifier(e)) return targets.targetsOf(symbolAt(e));
    if (ts.isPropertyAccessExpression(e)) {
      let found = targets.targetsOf(memberSymbol(e));
      if (found.length === 0 && e.expression.kind === ts.SyntaxKind.ThisKeyword) found = thisMemberTargets(e);
      walkMemberBase(e.expression, owner, found.length > 0);
      return found;
    }
    walk(e, owner);
    return [];
  };
  /**
   * The symbol of `obj.member`. When the member does not resolve (yet), this file's edges still
   * depend on the file declaring obj's type: adding the member there must re-extract this file,
   * even when the type only reaches it through another file's inferred return type.
   */
  const memberSymbol = (pa: TS.PropertyAccessExpression): TS.Symbol | undefined => {
    const sym = symbolAt(pa.name);
    if (sym) return sym;
    dependOnDeclarationsOf(checker.getTypeAtLocation(pa.expression));
    return undefined;
  };
  const dependOnDeclarationsOf = (type: TS.Type) => {
    for (const d of (type.getSymbol() ?? type.aliasSymbol)?.declarations ?? []) {
      const file = targets.ownedFile(d.getSourceFile());
      if (file && file !== declared.file) deps.add(file);
    }
  };
  /** The member `{ name }` destructures from what `pattern` binds; like `memberSymbol`, a dependency even when absent. */
  let patternType: [TS.ObjectBindingPattern, TS.Type] | undefined;
  const destructuredMember = (pattern: TS.ObjectBindingPattern, name: string): TS.Symbol | undefined => {
    if (patternType?.[0] !== pattern) patternType = [pattern, checker.getTypeAtLocation(pattern)];
    const type = patternType[1];
    const sym = checker.getPropertyOfType(type, name);
    if (!sym) dependOnDeclarationsOf(type);
    return sym;
  };

  /**
   * `this.m()` the checker cannot type (`app.init = function () { this.set() }` where `app` is
   * `exports = module.exports = {}`): inside a function declared as `obj.f`, `this` is `obj`, so a
   * sibling `obj.m` declared in this file is the target; inside a member of an object literal
   * (`module.exports = { is () { this.accepts() } }`, a getter), the literal's member of that name.
   * Only where the compiler has no answer.
   */
  const thisMemberTargets = (pa: TS.PropertyAccessExpression): Target[] => {
    const fn = thisContainer(pa);
    // A member of an object literal: first its siblings, then (below) `obj.m` declared elsewhere in the file.
    const literal = fn && objectLiteralOfMember(fn);
    const siblings = literal ? siblingTargets(literal, pa.name.text, THIS_CALL_KINDS) : [];
    if (siblings.length > 0) return siblings;
    const containerId = fn && (ts.isFunctionExpression(fn) || ts.isFunctionDeclaration(fn) || literal) ? declared.declToId.get(fn) : undefined;
    const container = containerId && declared.byId.get(containerId);
    if (!container) return [];
    const receiver = container.kind === 'class' ? container.name : container.name.slice(0, Math.max(0, container.name.lastIndexOf('.')));
    if (!receiver) return [];
    const out: Target[] = [];
    const name = `${receiver}.${pa.name.text}`;
    const ids = THIS_MEMBER_KINDS.map(([kind, isStatic]) => nodeId(declared.file, name, kind, isStatic));
    const alias = declared.aliases?.get(name);
    if (alias) ids.push(alias);
    for (const id of ids) {
      const node = declared.byId.get(id);
      if (node && !node.external && !out.some((t) => t.id === id)) out.push({ id: node.id, kind: node.kind, file: node.file, isAbstract: false });
    }
    return out;
  };

  /** What `this` in `this.x` is bound by: the nearest function that is not an arrow, accessor, class or the file. */
  const thisContainer = (pa: TS.PropertyAccessExpression): TS.Node | undefined => {
    let fn: TS.Node | undefined = pa.parent;
    while (fn && !(ts.isFunctionExpression(fn) || ts.isFunctionDeclaration(fn) || ts.isMethodDeclaration(fn) || ts.isAccessor(fn) || ts.isClassLike(fn) || ts.isSourceFile(fn))) fn = fn.parent;
    return fn;
  };
  /**
   * The object literal whose member `fn` is (`{ m () {} }`, `{ get x () {} }`, `{ f: function () {} }`),
   * when that member is a node: inside it `this` is the literal, whatever the literal's name.
   */
  const objectLiteralOfMember = (fn: TS.Node): TS.ObjectLiteralExpression | undefined => {
    const member = ts.isFunctionExpression(fn) && ts.isPropertyAssignment(fn.parent) ? fn.parent : fn;
    return declared.declToId.has(member) && ts.isObjectLiteralExpression(member.parent) ? member.parent : undefined;
  };
  /** The nodes a member `name` of `literal` declares, of the given kinds (a getter for a read, a setter for a write). */
  const siblingTargets = (literal: TS.ObjectLiteralExpression, name: string, kinds: ReadonlySet<GraphNode['kind']>): Target[] => {
    const out: Target[] = [];
    for (const p of literal.properties) {
      const id = p.name && propertyNameText(ts, p.name) === name ? declared.declToId.get(p) : undefined;
      const node = id && declared.byId.get(id);
      if (node && kinds.has(node.kind) && !out.some((t) => t.id === node.id)) out.push({ id: node.id, kind: node.kind, file: node.file, isAbstract: false });
    }
    return out;
  };
  /**
   * `this.x` read or written inside a member of an object literal when the checker has no answer:
   * in JavaScript a `this.x = …` before the literal declares `x` names a symbol of its own (the
   * binder's), so the literal's type is asked; where `this` has no type (`@type {any}`), the sibling.
   */
  const thisPropertyTargets = (pa: TS.PropertyAccessExpression, writes: boolean): Target[] => {
    if (isJs) {
      const prop = checker.getPropertyOfType(checker.getTypeAtLocation(pa.expression), pa.name.text);
      const found = prop && prop !== symbolAt(pa.name) ? targets.targetsOf(prop) : [];
      if (found.length > 0) return found;
    }
    const fn = thisContainer(pa);
    const literal = fn && objectLiteralOfMember(fn);
    return literal ? siblingTargets(literal, pa.name.text, writes ? THIS_WRITE_KINDS : THIS_READ_KINDS) : [];
  };
  const isJs = (sf.flags & ts.NodeFlags.JavaScriptFile) !== 0;

  /** The `obj` of `obj.member`: a reference of its own unless the member already resolved to a node. */
  const walkMemberBase = (base: TS.Expression, owner: string, memberResolved: boolean) => {
    const b = skipOuterExpressions(ts, base);
    if (memberResolved && (ts.isIdentifier(b) || b.kind === ts.SyntaxKind.ThisKeyword || b.kind === ts.SyntaxKind.SuperKeyword)) return;
    walk(base, owner);
  };

  // Iterative (PreorderWalk): generated code nests far deeper than a recursive walk's stack allows.
  // `walk` schedules a subtree; `later` schedules work a recursive walk would do after the subtrees
  // scheduled before it. Same pre-order as recursion, so edges and their lines come out the same.
  const preorder = new PreorderWalk<string>(ts);
  const walk = (node: TS.Node, owner: string): void => preorder.node(node, owner);
  const later = (task: () => void): void => preorder.task(task);
  /**
   * Call (or JSX) edges to `found`, added after whatever `calleeTargets` scheduled (the callee's own
   * subtree comes first). Only to values: one name may declare a value and a type (`const OK` beside
   * `type OK<T>`, a class merged with an interface or a namespace); a call runs the value.
   */
  const addLater = (owner: string, found: Target[], type: EdgeType, at: TS.Node): void => {
    const callable = found.filter(isCallable);
    if (callable.length) later(() => {
      for (const t of callable) add(owner, t, type, at);
    });
  };

  const visit = (node: TS.Node, ownerIn: string): void => {
    const owner = declared.declToId.get(node) ?? ownerIn;
    if (owner !== ownerIn || node === sf) collectTypeEdges({ ts, checker, node, from: owner, targets, add, declared });
    switch (node.kind) {
      case ts.SyntaxKind.ImportDeclaration: {
        const id = node as TS.ImportDeclaration;
        if (!id.importClause) return addEffectImport(owner, id.moduleSpecifier, id.moduleSpecifier);
        addModuleDep(id.moduleSpecifier);
        return;
      }
      case ts.SyntaxKind.ExportDeclaration:
        return addReExports(node as TS.ExportDeclaration);
      case ts.SyntaxKind.ImportEqualsDeclaration: {
        const ref = (node as TS.ImportEqualsDeclaration).moduleReference;
        if (ts.isExternalModuleReference(ref)) addModuleDep(ref.expression);
        return;
      }
      case ts.SyntaxKind.HeritageClause:
        return; // EXTENDS/IMPLEMENTS come from collectTypeEdges at the class
      case ts.SyntaxKind.ExportAssignment: {
        const ea = node as TS.ExportAssignment;
        const named = skipOuterExpressions(ts, ea.expression);
        if (!ea.isExportEquals && ts.isIdentifier(named)) addLocalExport('default', named);
        if (ts.isIdentifier(ea.expression)) return; // `export default x` is an alias, not a use
        break;
      }
      case ts.SyntaxKind.FunctionDeclaration:
      case ts.SyntaxKind.ClassDeclaration: {
        const d = node as TS.FunctionDeclaration | TS.ClassDeclaration;
        const isDefault = d.modifiers?.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword);
        if (isDefault && d.name && d.parent === sf) reExports.push({ exported: 'default', file: declared.file, name: d.name.text });
        break;
      }
      case ts.SyntaxKind.CallExpression: {
        const call = node as TS.CallExpression;
        if (isRequireCall(ts, call) && ts.isExpressionStatement(call.parent)) addEffectImport(owner, call.arguments[0], call.arguments[0]);
        else if (call.expression.kind === ts.SyntaxKind.ImportKeyword || isRequireCall(ts, call)) addModuleDep(call.arguments[0]);
        if (call.expression.kind === ts.SyntaxKind.SuperKeyword) {
          for (const t of superTargets(call)) add(owner, t, 'CALLS', call);
        } else {
          addLater(owner, calleeTargets(call.expression, owner), 'CALLS', calleeNameNode(ts, call.expression));
        }
        for (const a of call.arguments) walk(a, owner);
        return;
      }
      case ts.SyntaxKind.NewExpression: {
        const ne = node as TS.NewExpression;
        addLater(owner, calleeTargets(ne.expression, owner), 'CALLS', calleeNameNode(ts, ne.expression));
        for (const a of ne.arguments ?? []) walk(a, owner);
        return;
      }
      case ts.SyntaxKind.TaggedTemplateExpression: {
        const tt = node as TS.TaggedTemplateExpression;
        addLater(owner, calleeTargets(tt.tag, owner), 'CALLS', calleeNameNode(ts, tt.tag));
        return walk(tt.template, owner);
      }
      case ts.SyntaxKind.Decorator: {
        const d = node as TS.Decorator;
        if (!ts.isCallExpression(d.expression)) {
          addLater(owner, calleeTargets(d.expression, owner), 'CALLS', d.expression);
          return;
        }
        break;
      }
      case ts.SyntaxKind.JsxOpeningElement:
      case ts.SyntaxKind.JsxSelfClosingElement: {
        const el = node as TS.JsxOpeningElement;
        if (!isIntrinsicTag(ts, el.tagName)) {
          addLater(owner, calleeTargets(el.tagName as TS.Expression, owner), 'INCLUDES', el.tagName);
        }
        return walk(el.attributes, owner);
      }
      case ts.SyntaxKind.JsxClosingElement:
        return;
      case ts.SyntaxKind.PropertyAccessExpression: {
        const pa = node as TS.PropertyAccessExpression;
        if (declared.declToId.has(pa)) return; // `X.prototype.m = …`, `exports.f = …`: declares, does not use
        let found = targets.targetsOf(memberSymbol(pa));
        if (isTypeofProbe(ts, pa)) {
          // `typeof x.m === 'function'` asks whether `m` is there; it neither runs nor passes it on.
          // No edge (it pulled every duck-typing caller into `m`'s dependents); the file still
          // depends on m's file, as it would on a member that does not resolve.
          for (const t of found) if (!t.external && t.file !== declared.file) deps.add(t.file);
          return walkMemberBase(pa.expression, owner, found.length > 0);
        }
        // A property access reads through the getter unless it is the target of an assignment (then the setter).
        const writes = isAssignmentTarget(ts, pa);
        if (found.length === 0 && pa.expression.kind === ts.SyntaxKind.ThisKeyword) found = thisPropertyTargets(pa, writes);
        for (const t of found) {
          if (!isReferenceable(t) || (t.kind === 'getter' && writes) || (t.kind === 'setter' && !writes)) continue;
          add(owner, t, 'REFERENCES', pa.name);
        }
        return walkMemberBase(pa.expression, owner, found.length > 0);
      }
      case ts.SyntaxKind.BindingElement: {
        // `const { onSuccess } = options`, `({ onClick }: Props) => …`: destructuring reads the
        // member, as `options.onSuccess` does (a getter, never a setter). Not `const { f } =
        // require('../u')`: that names a module's export, as an import does.
        const be = node as TS.BindingElement;
        const key = be.propertyName ?? be.name;
        const pattern = be.parent;
        const name = !be.dotDotDotToken && ts.isObjectBindingPattern(pattern) && !isModuleLoad(ts, pattern) ? propertyNameText(ts, key) : undefined;
        if (name !== undefined) {
          const found = targets.targetsOf(destructuredMember(pattern as TS.ObjectBindingPattern, name));
          for (const t of found) if (isReferenceable(t) && t.kind !== 'setter') add(owner, t, 'REFERENCES', key);
        }
        break;
      }
      case ts.SyntaxKind.ShorthandPropertyAssignment: {
        const sp = node as TS.ShorthandPropertyAssignment;
        const sym = checker.getShorthandAssignmentValueSymbol(sp);
        for (const t of targets.targetsOf(sym)) if (isReferenceable(t)) add(owner, t, 'REFERENCES', sp.name);
        // `({ resultSelector = identity } = options)`: the default value is code of its own.
        if (sp.objectAssignmentInitializer) walk(sp.objectAssignmentInitializer, owner);
        return;
      }
      case ts.SyntaxKind.Identifier: {
        if (isDeclarationName(ts, node)) return;
        for (const t of targets.targetsOf(symbolAt(node))) if (isReferenceable(t)) add(owner, t, 'REFERENCES', node);
        return;
      }
      case ts.SyntaxKind.ObjectLiteralExpression:
        collectObjectLiteralImplements(node as TS.ObjectLiteralExpression);
        break;
    }
    if (ts.isTypeNode(node)) return; // types are handled at their declaration by collectTypeEdges
    preorder.children(node, owner);
  };

  /** `super(...)`: the base constructor if declared, else the base class. */
  const superTargets = (call: TS.CallExpression): Target[] => {
    const decl = checker.getResolvedSignature(call)?.declaration;
    if (decl && ts.isConstructorDeclaration(decl)) {
      const viaDecl = targets.targetsOf((decl as { symbol?: TS.Symbol }).symbol);
      if (viaDecl.length) return viaDecl;
    }
    let cls: TS.Node | undefined = call.parent;
    while (cls && !ts.isClassLike(cls)) cls = cls.parent;
    const clause = cls && (cls as TS.ClassLikeDeclaration).heritageClauses?.find((h) => h.token === ts.SyntaxKind.ExtendsKeyword);
    const ext = clause?.types[0];
    return ext ? targets.targetsOf(symbolAt(ext.expression)) : [];
  };

  /** `const repo: Repo = { find() {} }`: the literal's methods implement the contextual interface's members. */
  const collectObjectLiteralImplements = (obj: TS.ObjectLiteralExpression) => {
    const members = obj.properties.filter((p) => declared.declToId.has(p));
    if (members.length === 0) return;
    const ctx = checker.getContextualType(obj);
    if (!ctx) return;
    for (const p of members) {
      const name = p.name && propertyNameText(ts, p.name);
      const prop = name !== undefined ? ctx.getProperty(name) : undefined;
      for (const t of targets.targetsOf(prop)) {
        if (t.kind === 'method-signature') add(declared.declToId.get(p)!, t, 'IMPLEMENTS');
      }
    }
  };

  walk(sf, declared.moduleId);
  preorder.run(visit);
  // A JavaScript file described by a .d.ts beside it: each implementation is linked to its declaration.
  const described = input.targets.implementedDeclarations?.(declared.file);
  if (described) {
    for (const f of described.paths) deps.add(f);
    for (const [impl, decl] of described.pairs) add(impl.id, { id: decl.id, kind: decl.kind, file: decl.file, isAbstract: false }, 'IMPLEMENTS');
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
    ...(hasUnresolvedImports ? { hasUnresolvedImports } : {}),
    ...(unresolvedPackageImports.size ? { unresolvedPackageImports: [...unresolvedPackageImports].sort() } : {}),
    ...(reExports.length ? { reExports } : {}),
    problems,
  };
}

/** What `this.m()` may name when the checker has no type for `this`: a sibling function, method or property. */
const THIS_MEMBER_KINDS: ReadonlyArray<[GraphNode['kind'], boolean]> = [
  ['function', false],
  ['method', false],
  ['method', true],
  ['property', false],
];

/** What `this.x()`, `this.x` and `this.x = …` may name among an object literal's members when `this` has no type. */
const THIS_CALL_KINDS: ReadonlySet<GraphNode['kind']> = new Set(['function', 'method', 'property']);
const THIS_READ_KINDS: ReadonlySet<GraphNode['kind']> = new Set(['function', 'method', 'property', 'getter']);
const THIS_WRITE_KINDS: ReadonlySet<GraphNode['kind']> = new Set(['setter']);

/** What a call, `new` or JSX tag can run: not a type, an interface, a namespace, an enum or a module. */
function isCallable(t: Target): boolean {
  return t.kind !== 'module' && t.kind !== 'interface' && t.kind !== 'type' && t.kind !== 'namespace' && t.kind !== 'enum';
}

function isReferenceable(t: Target): boolean {
  return t.kind !== 'module' && t.kind !== 'interface' && t.kind !== 'type' && t.kind !== 'namespace';
}

function isAssignmentTarget(ts: typeof TS, e: TS.Expression): boolean {
  const p = e.parent;
  return !!p && ts.isBinaryExpression(p) && p.left === e && p.operatorToken.kind >= ts.SyntaxKind.FirstAssignment && p.operatorToken.kind <= ts.SyntaxKind.LastAssignment;
}

/**
 * `typeof x.m === 'function'` (also `!==`, `==`, `!=`, either side, any string): a feature probe.
 * Only the typeof of a member compared with a string literal; `typeof x.m` elsewhere is left as a read.
 */
export function isTypeofProbe(ts: typeof TS, pa: TS.PropertyAccessExpression): boolean {
  let operand: TS.Node = pa;
  let p = pa.parent;
  while (p && ts.isParenthesizedExpression(p)) {
    operand = p;
    p = p.parent;
  }
  if (!p || !ts.isTypeOfExpression(p) || p.expression !== operand) return false;
  let typeofExpr: TS.Node = p;
  let cmp = p.parent;
  while (cmp && ts.isParenthesizedExpression(cmp)) {
    typeofExpr = cmp;
    cmp = cmp.parent;
  }
  if (!cmp || !ts.isBinaryExpression(cmp)) return false;
  const op = cmp.operatorToken.kind;
  const equality =
    op === ts.SyntaxKind.EqualsEqualsEqualsToken ||
    op === ts.SyntaxKind.ExclamationEqualsEqualsToken ||
    op === ts.SyntaxKind.EqualsEqualsToken ||
    op === ts.SyntaxKind.ExclamationEqualsToken;
  const other = cmp.left === typeofExpr ? cmp.right : cmp.left;
  return equality && ts.isStringLiteralLike(skipOuterExpressions(ts, other));
}

/** A package's import (`react`, `@scope/pkg/sub`), not a path, a URL or a Node built-in (`fs`, `node:path`: platform API). */
function isPackageSpecifier(text: string): boolean {
  return /^[@a-z0-9]/i.test(text) && !/^[a-z]+:/i.test(text) && !NODE_BUILTINS.has(text.split('/')[0]);
}

const NODE_BUILTINS: ReadonlySet<string> = new Set(builtinModules);

function isRequireCall(ts: typeof TS, call: TS.CallExpression): boolean {
  return ts.isIdentifier(call.expression) && call.expression.text === 'require' && call.arguments.length === 1;
}

/** A pattern that destructures a module: `const { f } = require('../u')`, `const { g } = await import('../v')`. */
function isModuleLoad(ts: typeof TS, pattern: TS.ObjectBindingPattern): boolean {
  const decl = pattern.parent;
  if (!ts.isVariableDeclaration(decl) || !decl.initializer) return false;
  let init = skipOuterExpressions(ts, decl.initializer);
  if (ts.isAwaitExpression(init)) init = skipOuterExpressions(ts, init.expression);
  return ts.isCallExpression(init) && (isRequireCall(ts, init) || init.expression.kind === ts.SyntaxKind.ImportKeyword);
}

function isIntrinsicTag(ts: typeof TS, tag: TS.JsxTagNameExpression): boolean {
  return ts.isIdentifier(tag) && /^[a-z]/.test(tag.text);
}

/** The node whose line marks a call site: the member name of `a.b.c()`, else the callee. */
function calleeNameNode(ts: typeof TS, expr: TS.Node): TS.Node {
  const e = ts.isParenthesizedExpression(expr) ? expr.expression : expr;
  return ts.isPropertyAccessExpression(e) ? e.name : e;
}

function isDeclarationName(ts: typeof TS, id: TS.Node): boolean {
  const p = id.parent as TS.Node & { name?: TS.Node; propertyName?: TS.Node; label?: TS.Node };
  if (!p) return true;
  if (p.name !== id && p.propertyName !== id && p.label !== id) return false;
  return !ts.isPropertyAccessExpression(p) && !ts.isQualifiedName(p);
}

