import * as path from 'path';
import type * as TS from 'typescript';
import { GraphNode, NodeKind } from '../../graph/GraphTypes';
import { PreorderWalk } from './PreorderWalk';
import { boundSymbol } from '../../compiler/tsInternals';
import { Declarer, JsDeclarations } from './jsDeclarations';
import {
  assignmentChain,
  findConstructorFunctions,
  hasExportModifier,
  isFunctionLike,
  isGlobalAugmentation,
  isTopLevelOf,
  memberName,
  propertyNameText,
  qualify,
  skipOuterExpressions,
} from './syntax';

/** Phase 1 of indexing one file: which declarations are graph nodes, and their stable ids. */
export interface DeclaredFile {
  file: string;
  /** Declared in a file we do not index (node_modules): its nodes are leaves. */
  external: boolean;
  nodes: GraphNode[];
  /** The same nodes by id. */
  byId: Map<string, GraphNode>;
  /** Every declaration (and the function expression of a function-valued variable) that stands for a node. */
  declToId: Map<TS.Node, string>;
  /** JS only: other names of a node (`res.set` for `res.set = res.header = function header`), qualified name → id. */
  aliases?: Map<string, string>;
  moduleId: string;
  /** Naming the file's declarations threw (see `moduleOnly`): why. */
  failure?: string;
}

/** Makes the stable node id. Only this function knows the format. */
export function nodeId(file: string, name: string, kind: NodeKind, isStatic?: boolean): string {
  return `${file}#${name}@${isStatic ? 'static ' : ''}${kind}`;
}

/**
 * Names every declaration that becomes a node, following TypeScript's call hierarchy model:
 * named functions, function-valued variables/properties, classes and their members, interfaces
 * and their method signatures, type aliases, enums, namespaces, exported variables. Anonymous
 * callbacks are not nodes: their code belongs to the nearest enclosing node.
 *
 * Pure function of one file's syntax (plus the root-relative name), so ids of a file can be
 * computed before or after any other file, and stay stable across edits that do not rename.
 */
export function declareFile(ts: typeof TS, sf: TS.SourceFile, file: string, external: boolean): DeclaredFile {
  return new FileDeclarer(ts, sf, file, external).declare();
}

/** One file's declaring pass (`declareFile`): the nodes found so far, and the walk that finds them. */
class FileDeclarer implements Declarer {
  private readonly nodes: GraphNode[] = [];
  private readonly byId = new Map<string, GraphNode>();
  readonly declToId = new Map<TS.Node, string>();
  private readonly moduleNode: GraphNode;
  /** Node id → its first declaration that may merge with later ones of the id (see `add`). */
  private readonly mergeDecls = new Map<string, TS.Node>();
  /** Node id → the symbol of its `mergeDecls` declaration, once asked. */
  private readonly mergeKeys = new Map<string, TS.Symbol | undefined>();
  /** Node id → end of the last declaration its span covers (where a contiguous next one starts). */
  private readonly lastDeclEnd = new Map<string, number>();
  private readonly aliases = new Map<string, string>();
  // Iterative (PreorderWalk): generated code nests tens of thousands of levels deep. Work a recursive
  // walk would do later is scheduled instead, so nodes are declared in exactly the pre-order a
  // recursive walk gives (ids and their `~N` depend on it).
  private readonly preorder: PreorderWalk<string>;
  private readonly isJs: boolean;
  readonly baseName: string;
  /** Top-level functions whose prototype gets members: constructor functions, class-like nodes. */
  readonly constructorFunctions: Set<string>;
  /** JavaScript's declaring assignments (and CommonJS exports, which TypeScript files may write too). */
  private readonly js = new JsDeclarations(this);

  constructor(
    readonly ts: typeof TS,
    private readonly sf: TS.SourceFile,
    private readonly file: string,
    private readonly external: boolean,
  ) {
    this.moduleNode = {
      id: ownString(nodeId(file, file, 'module')),
      name: file,
      kind: 'module',
      file,
      offset: 1,
      limit: countLines(sf.text),
    };
    if (!external) {
      this.nodes.push(this.moduleNode);
      this.byId.set(this.moduleNode.id, this.moduleNode);
      this.declToId.set(sf, this.moduleNode.id);
    }
    this.preorder = new PreorderWalk<string>(ts);
    this.isJs = (sf.flags & ts.NodeFlags.JavaScriptFile) !== 0;
    this.baseName = path.posix.basename(file).replace(/\.[^.]*$/, '');
    this.constructorFunctions = this.isJs ? findConstructorFunctions(ts, sf) : new Set<string>();
  }

  declare(): DeclaredFile {
    this.visitChildren(this.sf, '');
    return this.finish();
  }

  /** Whether functions have no bodies here (a declaration file's `declareUnits`): their children are not walked. */
  private bodiless = false;

  /** Declares only `units` of a declaration file, statements its walk visits with no name prefix (DeclaredParts), in their order. */
  declareUnits(units: readonly TS.Node[]): DeclaredFile {
    this.bodiless = this.sf.isDeclarationFile;
    for (const unit of units) this.preorder.node(unit, '');
    return this.finish();
  }

  private finish(): DeclaredFile {
    const { file, external, nodes, byId, declToId, aliases } = this;
    this.preorder.run((node, prefix) => this.visit(node, prefix));
    return { file, external, nodes, byId, declToId, moduleId: external ? '' : this.moduleNode.id, ...(aliases.size ? { aliases } : {}) };
  }

  private lineOf(pos: number): number {
    return this.sf.getLineAndCharacterOfPosition(pos).line + 1;
  }

  /**
   * Declares `decl` as the node `qualifiedName`. A `mergeable` declaration of an id already declared
   * is that node again when both are one symbol (`boundSymbol`: overloads, merged declarations);
   * otherwise a second node (`~2`). The symbols are asked only then: most files declare no name twice,
   * and for them the native compiler is asked nothing.
   */
  add(decl: TS.Node, spanNode: TS.Node, qualifiedName: string, kind: NodeKind, isStatic: boolean, mergeable = false): string {
    const { file, byId, declToId, mergeDecls, lastDeclEnd } = this;
    const name = ownString(qualifiedName);
    let id = nodeId(file, name, kind, isStatic);
    const existing = byId.get(id);
    const start = this.lineOf(spanNode.getStart(this.sf));
    const end = this.lineOf(spanNode.getEnd());
    if (existing && mergeable && this.sameSymbol(id, decl)) {
      // Overloads and merged declarations of one symbol are one node. A contiguous one widens the
      // span: the next sibling (only comments and blank lines between, as overload signatures with
      // their JSDoc: the implementation's calls must fall inside the span) or at most a line below.
      const existingEnd = existing.offset + existing.limit - 1;
      const contiguous = spanNode.pos === lastDeclEnd.get(id) || start <= existingEnd + 2;
      if (contiguous) {
        if (end > existingEnd) existing.limit = end - existing.offset + 1;
        lastDeclEnd.set(id, spanNode.end);
      }
      declToId.set(decl, existing.id);
      return existing.id;
    }
    if (existing) {
      let n = 2;
      while (byId.has(`${id}~${n}`)) n++;
      id = `${id}~${n}`;
    }
    id = ownString(id);
    const node: GraphNode = { id, name, kind, file, offset: start, limit: end - start + 1 };
    if (isStatic) node.isStatic = true;
    if (this.external) node.external = true;
    this.nodes.push(node);
    byId.set(id, node);
    if (mergeable) {
      mergeDecls.set(id, decl);
      lastDeclEnd.set(id, spanNode.end);
    }
    declToId.set(decl, id);
    return id;
  }

  /**
   * Whether `decl` is one symbol with the first mergeable declaration of `id`. Two of one kind and
   * name in one container (overloads, an interface's method signatures, a namespace declared twice)
   * are, as TypeScript binds them, also where the container is an interface or namespace declared
   * again beside itself (lodash declares `interface LoDashStatic` 66 times in one file); the compiler
   * is asked only about the rest (asking for lodash's cost the native index 0.1-0.16 s a file).
   */
  private sameSymbol(id: string, decl: TS.Node): boolean {
    const first = this.mergeDecls.get(id);
    if (!first) return false;
    if (first.kind === decl.kind && sameContainer(this.ts, first.parent, decl.parent)) return true;
    if (!this.mergeKeys.has(id)) this.mergeKeys.set(id, boundSymbol(first));
    const key = this.mergeKeys.get(id);
    return key !== undefined && boundSymbol(decl) === key;
  }

  later(task: () => void): void {
    this.preorder.task(task);
  }

  visitChildren(node: TS.Node, prefix: string): void {
    // In a declaration file a function has no body: its parameters and types declare no node.
    if (this.bodiless && this.ts.isFunctionLike(node)) return;
    this.preorder.children(node, prefix);
  }

  private visit(node: TS.Node, prefix: string): void {
    const { ts, declToId } = this;
    if (ts.isFunctionDeclaration(node)) {
      const name = node.name ? node.name.text : 'default';
      this.add(node, node, qualify(prefix, name), !prefix && this.constructorFunctions.has(name) ? 'class' : 'function', false, true);
      return this.visitChildren(node, qualify(prefix, name));
    }
    if (ts.isClassDeclaration(node)) {
      const name = node.name ? node.name.text : 'default';
      this.add(node, node, qualify(prefix, name), 'class', false, true);
      return this.visitClassMembers(node, qualify(prefix, name));
    }
    if (ts.isInterfaceDeclaration(node)) {
      const name = qualify(prefix, node.name.text);
      this.add(node, node, name, 'interface', false, true);
      for (const m of node.members) this.declareSignature(m, name);
      return;
    }
    if (ts.isTypeAliasDeclaration(node)) {
      const name = qualify(prefix, node.name.text);
      this.add(node, node, name, 'type', false, true);
      if (ts.isTypeLiteralNode(node.type)) for (const m of node.type.members) this.declareSignature(m, name);
      return;
    }
    if (ts.isEnumDeclaration(node)) {
      this.add(node, node, qualify(prefix, node.name.text), 'enum', false, true);
      return;
    }
    if (ts.isModuleDeclaration(node)) return this.declareNamespace(node, prefix);
    if (ts.isVariableStatement(node)) {
      const exported = hasExportModifier(ts, node) && isTopLevelOf(ts, node);
      for (const d of node.declarationList.declarations) this.later(() => this.declareVariable(d, node, prefix, exported));
      return;
    }
    if (ts.isExportAssignment(node) && !node.isExportEquals && this.declareExportDefault(node, prefix)) return;
    if (ts.isExpressionStatement(node) && ts.isBinaryExpression(node.expression) && this.declareAssignment(node, node.expression, prefix)) return;
    if (this.isJs && ts.isFunctionExpression(node) && node.name && !declToId.has(node)) {
      // A named function expression in JS (`router.use(path, function mounted_app () {})`, `return
      // function proxy () {}`): editors list it under its own name, so it is a node of its own.
      const name = qualify(prefix, node.name.text);
      this.add(node, node, name, 'function', false, true);
      return this.visitChildren(node, name);
    }
    if (this.isJs && ts.isExpressionStatement(node) && ts.isCallExpression(node.expression)) {
      if (this.js.defineProperty(node.expression, prefix) || this.js.defineProperties(node.expression, prefix)) return;
    }
    const made = this.factoryObject(node);
    if (made) return this.declareObjectLiteral(made, prefix, 'method');
    this.visitChildren(node, prefix);
  }

  /**
   * The object literal a declared function makes and returns (`return { add () {}, has () {} }`,
   * `const store = () => ({ get: () => … })`): its methods, accessors and function-valued properties
   * are the function's API, named under it (`noopSet.add`), so calls through the returned object (the
   * checker resolves them to these members) land on them. Only for functions that are nodes: a
   * callback's literal (`.map(x => ({ … }))`) is data, not an API.
   */
  private factoryObject(node: TS.Node): TS.ObjectLiteralExpression | undefined {
    const { ts, declToId } = this;
    let made: TS.Expression | undefined;
    let fn: TS.Node | undefined;
    if (ts.isReturnStatement(node) && node.expression) {
      made = node.expression;
      for (fn = node.parent; fn && !ts.isFunctionLike(fn) && !ts.isSourceFile(fn); ) fn = fn.parent;
    } else if (node.parent && ts.isArrowFunction(node.parent) && node.parent.body === node) {
      made = node as TS.Expression;
      fn = node.parent;
    }
    const literal = made && skipOuterExpressions(ts, made);
    return literal && ts.isObjectLiteralExpression(literal) && fn && declToId.has(fn) ? literal : undefined;
  }

  private declareNamespace(node: TS.ModuleDeclaration, prefix: string): void {
    const { ts } = this;
    if (!ts.isIdentifier(node.name) || isGlobalAugmentation(ts, node)) return this.visitChildren(node, prefix);
    const names: string[] = [];
    let body: TS.Node | undefined = node;
    while (body && ts.isModuleDeclaration(body)) {
      names.push(body.name.text);
      body = body.body;
    }
    const name = qualify(prefix, names.join('.'));
    this.add(node, node, name, 'namespace', false, true);
    if (body) this.visitChildren(body, name);
  }

  /** `export default function () {}`, `export default { … }`, `export default class {}`; false for any other default. */
  private declareExportDefault(node: TS.ExportAssignment, prefix: string): boolean {
    const { ts, declToId } = this;
    const expr = skipOuterExpressions(ts, node.expression);
    if (isFunctionLike(ts, expr)) {
      declToId.set(expr, this.add(node, node, qualify(prefix, 'default'), 'function', false));
      this.visitChildren(expr, qualify(prefix, 'default'));
      return true;
    }
    if (ts.isObjectLiteralExpression(expr)) {
      this.declareObjectLiteral(expr, qualify(prefix, 'default'));
      return true;
    }
    if (ts.isClassExpression(expr)) {
      this.add(node, node, qualify(prefix, 'default'), 'class', false);
      declToId.set(expr, declToId.get(node)!);
      this.visitClassMembers(expr, qualify(prefix, 'default'));
      return true;
    }
    return false;
  }

  /** A statement `a.x = …` that declares (CommonJS exports; in JavaScript, the binder's declaring assignments). */
  private declareAssignment(node: TS.ExpressionStatement, expression: TS.BinaryExpression, prefix: string): boolean {
    const { ts, declToId } = this;
    // `a.x = a.y = function y () {}`: the innermost assignment declares, the outer names alias it.
    // The one whose name the function carries wins (`res.contentType = res.type = function contentType`).
    const chain = assignmentChain(ts, expression);
    const value = skipOuterExpressions(ts, chain[chain.length - 1].right);
    const ownName = ts.isFunctionExpression(value) || ts.isClassExpression(value) ? value.name?.text : undefined;
    const inner = chain.find((link) => ownName !== undefined && ts.isPropertyAccessExpression(link.left) && link.left.name.text === ownName) ?? chain[chain.length - 1];
    if (!(this.js.commonJsExport(inner, prefix, node, value) || (this.isJs && this.js.assignment(inner, node, value, prefix)))) return false;
    const id = declToId.get(inner);
    if (id) {
      for (const outer of chain) {
        if (outer === inner || !ts.isPropertyAccessExpression(outer.left)) continue;
        declToId.set(outer.left, id);
        const alias = memberName(ts, outer.left);
        if (alias) this.aliases.set(qualify(prefix, alias), id);
      }
    }
    return true;
  }

  visitClassMembers(cls: TS.ClassLikeDeclaration, name: string): void {
    for (const m of cls.members) this.later(() => this.declareClassMember(m, name));
  }

  private declareClassMember(m: TS.ClassElement, name: string): void {
    const { ts } = this;
    const isStatic = isStaticMember(ts, m);
    const memberName = m.name && propertyNameText(ts, m.name);
    if (ts.isConstructorDeclaration(m)) {
      this.add(m, m, `${name}.constructor`, 'constructor', false, true);
      this.visitChildren(m, `${name}.constructor`);
    } else if (memberName !== undefined && ts.isMethodDeclaration(m)) {
      this.add(m, m, `${name}.${memberName}`, 'method', isStatic, true);
      this.visitChildren(m, `${name}.${memberName}`);
    } else if (memberName !== undefined && ts.isGetAccessorDeclaration(m)) {
      this.add(m, m, `${name}.${memberName}`, 'getter', isStatic);
      this.visitChildren(m, `${name}.${memberName}`);
    } else if (memberName !== undefined && ts.isSetAccessorDeclaration(m)) {
      this.add(m, m, `${name}.${memberName}`, 'setter', isStatic);
      this.visitChildren(m, `${name}.${memberName}`);
    } else if (memberName !== undefined && ts.isPropertyDeclaration(m) && m.initializer && isFunctionLike(ts, skipOuterExpressions(ts, m.initializer))) {
      const id = this.add(m, m, `${name}.${memberName}`, 'property', isStatic);
      this.declToId.set(skipOuterExpressions(ts, m.initializer), id);
      this.visitChildren(m, `${name}.${memberName}`);
    } else {
      this.visitChildren(m, name);
    }
  }

  private declareSignature(m: TS.TypeElement, container: string): void {
    const { ts } = this;
    const memberName = m.name && propertyNameText(ts, m.name);
    if (memberName === undefined) return;
    if (ts.isMethodSignature(m) || (ts.isPropertySignature(m) && m.type && ts.isFunctionTypeNode(m.type))) {
      this.add(m, m, `${container}.${memberName}`, 'method-signature', false, true);
    }
  }

  private declareVariable(d: TS.VariableDeclaration, stmt: TS.VariableStatement, prefix: string, exported: boolean): void {
    const { ts, declToId, constructorFunctions } = this;
    if (!ts.isIdentifier(d.name)) {
      if (!exported) this.visitChildren(d, prefix);
      return;
    }
    const span = stmt.declarationList.declarations.length === 1 ? stmt : d;
    const name = qualify(prefix, d.name.text);
    let init = d.initializer && skipOuterExpressions(ts, d.initializer);
    if (init && this.isJs && ts.isBinaryExpression(init) && init.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
      // `var proto = module.exports = function () {}`: the variable names the function, the export aliases it.
      const chain = assignmentChain(ts, init);
      const value = skipOuterExpressions(ts, chain[chain.length - 1].right);
      if (isFunctionLike(ts, value)) {
        const id = this.add(d, span, name, !prefix && constructorFunctions.has(name) ? 'class' : 'function', false, true);
        for (const link of chain) {
          declToId.set(link, id);
          if (ts.isPropertyAccessExpression(link.left)) declToId.set(link.left, id);
        }
        init = value;
        declToId.set(init, id);
        return this.visitChildren(init, name);
      }
      if (ts.isObjectLiteralExpression(value)) return this.declareObjectLiteral(value, name); // `const parsers = (exports.parsers = { … })`
    }
    if (init && isFunctionLike(ts, init)) {
      const id = this.add(d, span, name, !prefix && constructorFunctions.has(name) ? 'class' : 'function', false, true);
      declToId.set(init, id);
      return this.visitChildren(init, name);
    }
    if (init && ts.isClassExpression(init)) {
      this.add(d, span, name, 'class', false, true);
      declToId.set(init, declToId.get(d)!);
      return this.visitClassMembers(init, name);
    }
    if (exported) this.add(d, span, name, 'variable', false, true);
    if (init && ts.isObjectLiteralExpression(init)) return this.declareObjectLiteral(init, name);
    if (init) this.visitChildren(init, prefix);
  }

  /**
   * `functionKind`: what a function-valued property (`f: () => …`) is. A module's literal keeps
   * `function`; a made object's is a `method` of it, so that when the object is typed by an interface
   * (`(): ZodX => ({ parse: (x) => … })`) its IMPLEMENTS edge is a member's, which calls through the
   * interface dispatch along.
   */
  declareObjectLiteral(obj: TS.ObjectLiteralExpression, name: string, functionKind: 'function' | 'method' = 'function'): void {
    for (const p of obj.properties) this.later(() => this.declareProperty(p, name, functionKind));
  }

  private declareProperty(p: TS.ObjectLiteralElementLike, name: string, functionKind: 'function' | 'method'): void {
    const { ts } = this;
    const memberName = p.name && propertyNameText(ts, p.name);
    if (memberName === undefined) {
      this.visitChildren(p, name);
      return;
    }
    const qualified = qualify(name, memberName);
    if (ts.isMethodDeclaration(p)) {
      this.add(p, p, qualified, 'method', false);
      this.visitChildren(p, qualified);
    } else if (ts.isGetAccessorDeclaration(p)) {
      this.add(p, p, qualified, 'getter', false);
      this.visitChildren(p, qualified);
    } else if (ts.isSetAccessorDeclaration(p)) {
      this.add(p, p, qualified, 'setter', false);
      this.visitChildren(p, qualified);
    } else if (ts.isPropertyAssignment(p)) {
      const init = skipOuterExpressions(ts, p.initializer);
      if (isFunctionLike(ts, init)) {
        const id = this.add(p, p, qualified, functionKind, false);
        this.declToId.set(init, id);
        this.visitChildren(init, qualified);
      } else if (ts.isObjectLiteralExpression(init)) {
        this.declareObjectLiteral(init, qualified, functionKind);
      } else {
        this.visitChildren(p, name);
      }
    } else {
      this.visitChildren(p, name);
    }
  }
}

function isStaticMember(ts: typeof TS, n: TS.Node): boolean {
  return (ts.getCombinedModifierFlags(n as TS.Declaration) & ts.ModifierFlags.Static) !== 0;
}

/**
 * `s` as a string of its own. A name read from the compiler's tree is, in V8, a slice of the whole
 * file's text (and an id built from it a rope over that slice), so a graph that kept the names kept
 * every declaring file's text: after an edit, the replaced text too, for as long as another file's
 * edge named a node of it (ra-core: 2.4 of the live graph's 5.1 MB were such texts). A JSON round
 * trip makes a flat copy, exact for any string (a lone surrogate is escaped and restored), ~0.25 µs
 * each; cutting a longer string (`(s + ' ').slice(0, -1)`) was twice as fast but is itself a slice,
 * 44 bytes more per name. Nothing in the language promises either, so the effect is checked by a
 * test (test/indexer/retainedText.test.ts) rather than assumed.
 */
function ownString(s: string): string {
  return JSON.parse(JSON.stringify(s)) as string;
}

/**
 * A library's declaration file, named only where the graph asks (`ensure`): a call into a typings
 * file needs the ids of the declarations it lands on, not of the whole file (@loopback/repository's
 * index named 1,783 declarations of 31 typings to keep 82). The ids are those `declareFile` gives:
 * an id is its qualified name, kind and, for a second declaration of them that is another symbol,
 * `~N` in the file's order, so only statements whose names start alike can share one. The file's
 * statements that the walk visits with no name prefix (its top level, and that of `declare module
 * 'x'` and `declare global` blocks) are grouped by the first name each declares (statements that
 * share any name, one group); asking for a declaration names its statement's whole group, in file
 * order, as the whole walk would. Undefined (name the whole file) where a statement's names are not
 * told by its syntax alone.
 */
export class DeclaredParts {
  readonly declared: DeclaredFile;
  /** Each statement of the levels named with no prefix → the group it is named with. */
  private readonly groupOf = new Map<TS.Node, TS.Node[]>();
  private readonly named = new Set<TS.Node[]>();

  private constructor(
    private readonly ts: typeof TS,
    private readonly sf: TS.SourceFile,
    file: string,
    units: Array<[TS.Node, string[]]>,
  ) {
    this.declared = { file, external: true, nodes: [], byId: new Map(), declToId: new Map(), moduleId: '' };
    // Statements sharing a name are one group (a statement may declare several: `declare const a: A, b: B`).
    const groupOfName = new Map<string, TS.Node[]>();
    for (const [unit, names] of units) {
      let group: TS.Node[] | undefined;
      for (const name of names) {
        const other = groupOfName.get(name);
        if (!other || other === group) continue;
        if (!group) {
          group = other;
          continue;
        }
        // Two groups meet in this statement: one group, in file order.
        for (const u of other) group.push(u);
        for (const [n, g] of groupOfName) if (g === other) groupOfName.set(n, group);
      }
      group ??= [];
      group.push(unit);
      for (const name of names) groupOfName.set(name, group);
    }
    // After the merges every name of a statement maps to its final group.
    for (const [unit, names] of units) this.groupOf.set(unit, groupOfName.get(names[0])!);
    for (const group of new Set(this.groupOf.values())) group.sort((a, b) => a.pos - b.pos);
  }

  /** The parts of `sf`, a declaration file of a library; undefined when the whole file must be named at once. */
  static of(ts: typeof TS, sf: TS.SourceFile, file: string): DeclaredParts | undefined {
    if (!sf.isDeclarationFile || (sf.flags & ts.NodeFlags.JavaScriptFile) !== 0) return undefined;
    const units: Array<[TS.Node, string[]]> = [];
    const collect = (statements: readonly TS.Statement[]): boolean => {
      for (const st of statements) {
        if (ts.isModuleDeclaration(st) && (!ts.isIdentifier(st.name) || isGlobalAugmentation(ts, st))) {
          // Its statements are named with no prefix, as the file's own (declareNamespace).
          if (!st.body) continue;
          if (!ts.isModuleBlock(st.body) || !collect(st.body.statements)) return false;
          continue;
        }
        const names = firstNames(ts, st);
        if (names === undefined) return false;
        if (names.length > 0) units.push([st, names]);
      }
      return true;
    };
    return collect(sf.statements) ? new DeclaredParts(ts, sf, file, units) : undefined;
  }

  /** Names the group of the statement holding `decl` (once), so that `declared` maps `decl` if it is a node. */
  ensure(decl: TS.Node): void {
    let group: TS.Node[] | undefined;
    for (let n: TS.Node | undefined = decl; n && !group; n = n.parent) group = this.groupOf.get(n);
    if (!group || this.named.has(group)) return;
    this.named.add(group);
    const part = new FileDeclarer(this.ts, this.sf, this.declared.file, true).declareUnits(group);
    const { nodes, byId, declToId } = this.declared;
    for (const node of part.nodes) nodes.push(node);
    for (const [id, node] of part.byId) byId.set(id, node);
    for (const [d, id] of part.declToId) declToId.set(d, id);
  }
}

/**
 * The first names a statement of a declaration file declares at its level (the start of every id it
 * makes: `A` for `namespace A.B`, `default` for an anonymous default), [] for one that declares no
 * node, undefined for one whose names the syntax does not tell here.
 */
function firstNames(ts: typeof TS, st: TS.Statement): string[] | undefined {
  if (ts.isFunctionDeclaration(st) || ts.isClassDeclaration(st)) return [st.name ? st.name.text : 'default'];
  if (ts.isInterfaceDeclaration(st) || ts.isTypeAliasDeclaration(st) || ts.isEnumDeclaration(st)) return [st.name.text];
  if (ts.isModuleDeclaration(st)) return ts.isIdentifier(st.name) ? [st.name.text] : undefined;
  if (ts.isVariableStatement(st)) {
    const names: string[] = [];
    for (const d of st.declarationList.declarations) {
      if (!ts.isIdentifier(d.name)) return undefined;
      names.push(d.name.text);
    }
    return names;
  }
  if (ts.isImportDeclaration(st) || ts.isImportEqualsDeclaration(st) || ts.isExportDeclaration(st) || ts.isNamespaceExportDeclaration(st) || st.kind === ts.SyntaxKind.EmptyStatement) return [];
  // `export = x` and `export default x` name another declaration; a default that is a function, class or object is a node.
  if (ts.isExportAssignment(st)) return ts.isIdentifier(st.expression) || ts.isPropertyAccessExpression(st.expression) ? [] : undefined;
  return undefined;
}

/** A file reduced to its module node: what a file whose declarations cannot be named contributes. */
export function moduleOnly(sf: TS.SourceFile, file: string, external: boolean, failure: string, text = sf.text): DeclaredFile {
  const nodes: GraphNode[] = [];
  const byId = new Map<string, GraphNode>();
  const declToId = new Map<TS.Node, string>();
  const id = ownString(nodeId(file, file, 'module'));
  if (!external) {
    const node: GraphNode = { id, name: file, kind: 'module', file, offset: 1, limit: countLines(text) };
    nodes.push(node);
    byId.set(id, node);
    declToId.set(sf, id);
  }
  return { file, external, nodes, byId, declToId, moduleId: external ? '' : id, failure };
}

export function countLines(text: string): number {
  if (text.length === 0) return 1;
  let n = 1;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) n++;
  return text.endsWith('\n') ? n - 1 : n;
}

/**
 * Whether two declarations' parents are one scope for TypeScript's binder: the same node, or an
 * interface or namespace of one name declared again in that same scope (they merge).
 */
function sameContainer(ts: typeof TS, a: TS.Node, b: TS.Node): boolean {
  while (a !== b) {
    if (a.kind !== b.kind) return false;
    if (ts.isInterfaceDeclaration(a) || ts.isModuleDeclaration(a)) {
      const [na, nb] = [a.name, (b as TS.InterfaceDeclaration | TS.ModuleDeclaration).name];
      if (na.kind !== nb.kind || na.text !== nb.text) return false;
    } else if (!ts.isModuleBlock(a)) {
      return false;
    }
    a = a.parent;
    b = b.parent;
  }
  return true;
}
