import type * as TS from 'typescript';
import type { BatchNames } from '../../compiler/CompilerPort';
import type { DeclaredFile } from './declareFile';

/**
 * The names in one file's code that resolve to a local that is no node of the graph, told from the
 * syntax alone: what the checker would answer for them has no targets (`targetsOf` finds a node
 * only for a declaration `declareFile` made one), so the passes need not ask, and with TypeScript 7
 * the answers need not cross the pipe (ra-core: 12,263 of the 43,000 names a file's batch asked,
 * and 856 of its 858 shorthands `{ data }`, each a round trip of its own).
 *
 * A name is such a local (`has`) when:
 * - it is read as a value (`isValueUse`): a type position resolves another meaning;
 * - the file is TypeScript: in JavaScript a local `const x = require('./x')` is an alias into
 *   another module;
 * - no node of the file has that name (a nested function, a function-valued local), so whatever
 *   local it resolves to is no node;
 * - the innermost scope around it that declares it is inside a function, or is one
 *   (`declaredLocally`): the checker resolves it to that declaration or to a closer one, which lies
 *   deeper inside the same function: a local either way, never an import, a global or an export.
 *
 * Only in that direction: a declaration this misses (a `var` hoisted out of a nested block) is a
 * closer local than the one found, or, with none found, leaves the name to be asked as before.
 *
 * For the native batch (BatchNames) it also tells which names share one answer (`shared`).
 */
export class PlainLocals implements BatchNames {
  private nodeNames: Set<string> | undefined;
  /** Per scope the names declared in it (`namesIn`), made when first asked. */
  private readonly scopes = new Map<TS.Node, ReadonlySet<string>>();
  /** Per function the names its `var`s declare in nested statements (hoisted to it), made when first asked. */
  private readonly hoisted = new Map<TS.Node, ReadonlySet<string>>();
  /** Whether the file's text holds `var` at all (no hoisting to look for otherwise); read when first needed. */
  private hasVar: boolean | undefined;
  private readonly isJs: boolean;

  constructor(
    private readonly ts: typeof TS,
    private readonly sf: TS.SourceFile,
    private readonly declared: DeclaredFile,
  ) {
    this.isJs = (sf.flags & ts.NodeFlags.JavaScriptFile) !== 0;
  }

  skip(name: TS.Identifier): boolean {
    return this.has(name);
  }

  /**
   * A key (the name's text) every name of the file that the checker answers with the same symbol
   * shares: a value read (not a shorthand's key: that answers the property) that no scope around it
   * declares, outside namespaces, enums and decorators, in a TypeScript file. The checker resolves it
   * in the module's own scope then, wherever it stands (`resolveName` walks the same scopes up from
   * every such place and meets none declaring it): the module's declaration of that name, its import,
   * or a global. Not `arguments` (each function's own). Undefined for any other name, asked as before.
   * Names inside a namespace or enum resolve to its exports first, declared in other files too; a
   * JavaScript file's `exports.x = …` answers each assignment's own symbol.
   */
  shared(name: TS.Identifier): string | undefined {
    const { ts } = this;
    const K = ts.SyntaxKind;
    if (this.isJs) return undefined;
    const parent = name.parent;
    if (parent.kind === K.TypeReference) return (parent as TS.TypeReferenceNode).typeName === name ? this.sharedType(name) : undefined;
    if (parent.kind === K.FunctionDeclaration || parent.kind === K.MethodDeclaration || parent.kind === K.MethodSignature) {
      return (parent as TS.SignatureDeclaration).name === name ? this.overloadKey(parent as TS.SignatureDeclaration, name.text) : undefined;
    }
    if (parent.kind === K.ShorthandPropertyAssignment || !isValueUse(ts, name)) return undefined;
    const text = name.text;
    if (text === 'arguments') return undefined;
    for (let n: TS.Node | undefined = name.parent; n; n = n.parent) {
      const k = n.kind;
      if (k === K.ModuleDeclaration || k === K.EnumDeclaration || k === K.Decorator) return undefined;
      if (this.namesIn(n).has(text) || this.hoists(n, text)) return undefined;
    }
    return text;
  }

  /**
   * A type's name (`Entity` in `x: Entity<T>`, `T` there): its key is where the checker resolves it,
   * the same for every such name of the file that resolves there. The innermost node around it that
   * declares a type of that name as a type parameter (a function's, class's, interface's, alias's,
   * signature's, a mapped type's `[K in …]`): that node's key; none (and no block declaring a local
   * type of that name): the module's scope, the file's own type, its import or a global, wherever it
   * stands. Undefined (asked as before) inside a namespace or enum, where a conditional type declares
   * it with `infer`, or where a class's type parameter is named inside a static member (an error,
   * which the checker answers with no symbol).
   */
  private sharedType(name: TS.Identifier): string | undefined {
    const { ts } = this;
    const K = ts.SyntaxKind;
    const text = name.text;
    let staticOf: TS.Node | undefined;
    for (let n: TS.Node = name.parent; n.kind !== K.SourceFile; n = n.parent) {
      const k = n.kind;
      if (k === K.ModuleDeclaration || k === K.EnumDeclaration) return undefined;
      if (this.typesDeclaredBy(n).has(text)) {
        // A block's local type, a conditional type's `infer` (seen in one branch only), a class's
        // type parameter under a static member: asked as before.
        if (k === K.Block || k === K.CaseClause || k === K.DefaultClause || k === K.ConditionalType || staticOf === n) return undefined;
        return `t ${n.pos}.${n.end} ${text}`;
      }
      if (isStaticMember(ts, n)) staticOf = n.parent;
    }
    return `T ${text}`;
  }

  /**
   * An overload's name (a function's, method's or method signature's): the overloads of one name in
   * one container share one symbol. Keyed by the container, and for a function by its export
   * modifiers (exported and local overloads are an error, two symbols), for a method by `static`.
   */
  private overloadKey(decl: TS.SignatureDeclaration, text: string): string | undefined {
    const { ts } = this;
    const K = ts.SyntaxKind;
    const container = decl.parent;
    if (decl.kind === K.FunctionDeclaration) {
      const flags = ts.getCombinedModifierFlags(decl) & (ts.ModifierFlags.Export | ts.ModifierFlags.Default);
      return `f ${container.pos}.${container.end} ${flags} ${text}`;
    }
    if (decl.kind === K.MethodDeclaration && ts.isClassLike(container)) return `m ${container.pos}.${container.end} ${isStaticMember(ts, decl) ? 's' : ''} ${text}`;
    if (decl.kind === K.MethodSignature && (ts.isInterfaceDeclaration(container) || ts.isTypeLiteralNode(container))) return `s ${container.pos}.${container.end} ${text}`;
    return undefined;
  }

  /** The type names node `n` declares for what it encloses (type parameters, a block's local types, a conditional type's `infer`s), made when first asked. */
  private typesDeclaredBy(n: TS.Node): ReadonlySet<string> {
    if (!typeScopeKinds(this.ts).has(n.kind)) return NONE;
    let names = this.typeScopes.get(n);
    if (!names) this.typeScopes.set(n, (names = typesDeclaredIn(this.ts, n)));
    return names;
  }

  private readonly typeScopes = new Map<TS.Node, ReadonlySet<string>>();

  /** Whether function `n` has a `var` of that name in a nested statement (hoisted to it, unseen by `namesIn`). */
  private hoists(n: TS.Node, text: string): boolean {
    if (!isFunctionScope(this.ts, n)) return false;
    this.hasVar ??= /\bvar\b/.test(this.sf.text);
    if (!this.hasVar) return false;
    let names = this.hoisted.get(n);
    if (!names) this.hoisted.set(n, (names = hoistedVars(this.ts, n)));
    return names.has(text);
  }

  has(name: TS.Identifier): boolean {
    // Asked twice of most names (the native batch, then the pass): the trees' getters are not free.
    let known = this.answers.get(name);
    if (known === undefined) this.answers.set(name, (known = this.isPlainLocal(name)));
    return known;
  }

  private readonly answers = new Map<TS.Node, boolean>();

  private isPlainLocal(name: TS.Identifier): boolean {
    if (this.isJs || !isValueUse(this.ts, name)) return false;
    if (!this.nodeNames) {
      this.nodeNames = new Set();
      for (const decl of this.declared.declToId.keys()) {
        const n = (decl as TS.Node & { name?: TS.Node }).name;
        if (n && this.ts.isIdentifier(n)) this.nodeNames.add(n.text);
      }
    }
    const text = name.text;
    return !this.nodeNames.has(text) && this.declaredLocally(name, text);
  }

  /** One walk out: the innermost scope declaring `text`, then whether a function holds it. */
  private declaredLocally(name: TS.Identifier, text: string): boolean {
    const { ts } = this;
    let n: TS.Node | undefined = name.parent;
    for (; n; n = n.parent) {
      // A parameter's decorator is evaluated outside the function whose parameter it decorates.
      if (n.kind === ts.SyntaxKind.Decorator) return false;
      if (this.namesIn(n).has(text)) break;
    }
    for (; n; n = n.parent) if (isFunctionScope(ts, n)) return true;
    return false;
  }

  /** The values `n` declares in the scope it opens (empty for a node that opens none). */
  private namesIn(n: TS.Node): ReadonlySet<string> {
    if (!scopeKinds(this.ts).has(n.kind)) return NONE;
    let names = this.scopes.get(n);
    if (!names) this.scopes.set(n, (names = declaredIn(this.ts, n)));
    return names;
  }
}

const SCOPE_KINDS = new WeakMap<object, ReadonlySet<number>>();

/** The kinds of node that open a scope `declaredIn` reads (6's and 7's numbers differ: per `ts`). */
function scopeKinds(ts: typeof TS): ReadonlySet<number> {
  let kinds = SCOPE_KINDS.get(ts);
  if (!kinds) {
    const K = ts.SyntaxKind;
    kinds = new Set([
      K.FunctionDeclaration, K.FunctionExpression, K.ArrowFunction, K.MethodDeclaration, K.Constructor, K.GetAccessor, K.SetAccessor,
      K.Block, K.CaseBlock, K.ForStatement, K.ForInStatement, K.ForOfStatement, K.CatchClause, K.ClassExpression,
    ]);
    SCOPE_KINDS.set(ts, kinds);
  }
  return kinds;
}

const NONE: ReadonlySet<string> = new Set();

const TYPE_SCOPE_KINDS = new WeakMap<object, ReadonlySet<number>>();

/** The kinds of node that may declare a type name for what they enclose (`typesDeclaredIn`), per `ts`. */
function typeScopeKinds(ts: typeof TS): ReadonlySet<number> {
  let kinds = TYPE_SCOPE_KINDS.get(ts);
  if (!kinds) {
    const K = ts.SyntaxKind;
    kinds = new Set([
      K.FunctionDeclaration, K.FunctionExpression, K.ArrowFunction, K.MethodDeclaration, K.MethodSignature, K.Constructor, K.GetAccessor, K.SetAccessor,
      K.ClassDeclaration, K.ClassExpression, K.InterfaceDeclaration, K.TypeAliasDeclaration, K.CallSignature, K.ConstructSignature, K.IndexSignature,
      K.FunctionType, K.ConstructorType, K.MappedType, K.ConditionalType, K.Block, K.CaseClause, K.DefaultClause,
    ]);
    TYPE_SCOPE_KINDS.set(ts, kinds);
  }
  return kinds;
}

/** The type names `n` declares: its type parameters, a mapped type's parameter, the local types among a block's statements, a conditional type's `infer`s. */
function typesDeclaredIn(ts: typeof TS, n: TS.Node): ReadonlySet<string> {
  const K = ts.SyntaxKind;
  if (n.kind === K.ConditionalType) return inferNames(ts, (n as TS.ConditionalTypeNode).extendsType);
  const names = new Set<string>();
  if (n.kind === K.MappedType) {
    names.add((n as TS.MappedTypeNode).typeParameter.name.text);
  } else if (n.kind === K.Block || n.kind === K.CaseClause || n.kind === K.DefaultClause) {
    for (const st of (n as TS.Block).statements) {
      if ((ts.isInterfaceDeclaration(st) || ts.isTypeAliasDeclaration(st) || ts.isClassDeclaration(st) || ts.isEnumDeclaration(st)) && st.name) names.add(st.name.text);
    }
  } else {
    for (const tp of (n as TS.DeclarationWithTypeParameterChildren).typeParameters ?? []) names.add(tp.name.text);
  }
  return names.size ? names : NONE;
}

/** The names `infer X` declares anywhere in `root` (a conditional type's `extends` type). Iterative: generated types nest deep. */
function inferNames(ts: typeof TS, root: TS.Node): ReadonlySet<string> {
  const names = new Set<string>();
  const stack: TS.Node[] = [root];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.kind === ts.SyntaxKind.InferType) names.add((n as TS.InferTypeNode).typeParameter.name.text);
    ts.forEachChild(n, (c) => {
      stack.push(c);
    });
  }
  return names.size ? names : NONE;
}

/** Whether `n` is a static member of a class (or its static block): a class's type parameters are not its to name. */
function isStaticMember(ts: typeof TS, n: TS.Node): boolean {
  if (!n.parent || !ts.isClassLike(n.parent)) return false;
  const K = ts.SyntaxKind;
  if (n.kind === K.ClassStaticBlockDeclaration) return true;
  if (n.kind !== K.PropertyDeclaration && n.kind !== K.MethodDeclaration && n.kind !== K.GetAccessor && n.kind !== K.SetAccessor) return false;
  return (ts.getCombinedModifierFlags(n as TS.Declaration) & ts.ModifierFlags.Static) !== 0;
}

function isFunctionScope(ts: typeof TS, n: TS.Node): n is TS.FunctionLikeDeclaration {
  switch (n.kind) {
    case ts.SyntaxKind.FunctionDeclaration:
    case ts.SyntaxKind.FunctionExpression:
    case ts.SyntaxKind.ArrowFunction:
    case ts.SyntaxKind.MethodDeclaration:
    case ts.SyntaxKind.Constructor:
    case ts.SyntaxKind.GetAccessor:
    case ts.SyntaxKind.SetAccessor:
      return true;
  }
  return false;
}

function declaredIn(ts: typeof TS, n: TS.Node): Set<string> {
  const names = new Set<string>();
  const statements = (list: readonly TS.Statement[]) => {
    for (const s of list) {
      if (ts.isVariableStatement(s)) for (const d of s.declarationList.declarations) bind(ts, d.name, names);
      else if ((ts.isFunctionDeclaration(s) || ts.isClassDeclaration(s) || ts.isEnumDeclaration(s)) && s.name) names.add(s.name.text);
    }
  };
  if (isFunctionScope(ts, n)) {
    if (ts.isFunctionExpression(n) && n.name) names.add(n.name.text);
    for (const p of n.parameters) bind(ts, p.name, names);
  } else if (ts.isBlock(n)) statements(n.statements);
  else if (ts.isCaseBlock(n)) for (const c of n.clauses) statements(c.statements);
  else if (ts.isForStatement(n) || ts.isForInStatement(n) || ts.isForOfStatement(n)) {
    const init = n.initializer;
    if (init && ts.isVariableDeclarationList(init)) for (const d of init.declarations) bind(ts, d.name, names);
  } else if (ts.isCatchClause(n)) {
    if (n.variableDeclaration) bind(ts, n.variableDeclaration.name, names);
  } else if (ts.isClassExpression(n) && n.name) names.add(n.name.text);
  return names;
}

/**
 * The names the `var`s of function `fn` declare anywhere among its statements (blocks, branches,
 * loops, `try`, `switch`, labels), hoisted to the function. Statements only: a function inside an
 * expression has its own. Iterative: generated code nests deep.
 */
function hoistedVars(ts: typeof TS, fn: TS.FunctionLikeDeclaration): Set<string> {
  const names = new Set<string>();
  const stack: TS.Node[] = fn.body && ts.isBlock(fn.body) ? [fn.body] : [];
  const list = (l: TS.Node | undefined) => {
    if (l && ts.isVariableDeclarationList(l) && !(l.flags & ts.NodeFlags.BlockScoped)) for (const d of l.declarations) bind(ts, d.name, names);
  };
  const push = (s: TS.Node | undefined) => {
    if (s) stack.push(s);
  };
  while (stack.length) {
    const s = stack.pop()!;
    if (ts.isVariableStatement(s)) list(s.declarationList);
    else if (ts.isBlock(s)) s.statements.forEach(push);
    else if (ts.isIfStatement(s)) {
      push(s.thenStatement);
      push(s.elseStatement);
    } else if (ts.isForStatement(s) || ts.isForInStatement(s) || ts.isForOfStatement(s)) {
      list(s.initializer);
      push(s.statement);
    } else if (ts.isWhileStatement(s) || ts.isDoStatement(s) || ts.isLabeledStatement(s) || ts.isWithStatement(s)) push(s.statement);
    else if (ts.isTryStatement(s)) {
      push(s.tryBlock);
      push(s.catchClause?.block);
      push(s.finallyBlock);
    } else if (ts.isSwitchStatement(s)) for (const c of s.caseBlock.clauses) c.statements.forEach(push);
  }
  return names;
}

/** The names a binding name binds (`x`, `{ a, b: [c] }`). Iterative: generated patterns nest deep. */
function bind(ts: typeof TS, root: TS.BindingName, into: Set<string>): void {
  const stack: TS.BindingName[] = [root];
  while (stack.length) {
    const b = stack.pop()!;
    if (ts.isIdentifier(b)) {
      into.add(b.text);
      continue;
    }
    // A hole (`[, b]`) is an OmittedExpression in 6's tree, a binding element without a name in 7's.
    for (const e of b.elements as readonly TS.Node[]) {
      const name = (e as Partial<TS.BindingElement>).name;
      if (name) stack.push(name);
    }
  }
}

/**
 * Whether `id` is read as a value where it stands: an operand, a callee, an argument, the object of
 * `obj.member`, a JSX tag, a shorthand's value, an initializer. Not a type's name, a member's name,
 * a declaration's name, a decorator's or a heritage clause's expression: those resolve other
 * meanings or are asked elsewhere.
 */
export function isValueUse(ts: typeof TS, id: TS.Identifier): boolean {
  const p = id.parent;
  const role = valueParents(ts).get(p.kind);
  switch (role) {
    case undefined:
      return false;
    case 'any':
      return true;
    case 'expression':
      return (p as TS.PropertyAccessExpression).expression === id;
    case 'initializer':
      return (p as TS.VariableDeclaration).initializer === id;
    case 'name':
      return (p as TS.ShorthandPropertyAssignment).name === id;
    case 'tag':
      return (p as TS.JsxOpeningElement).tagName === id;
    case 'body':
      // An arrow's parameter is a declaration (its parent is the Parameter); its body is a value.
      return (p as TS.ArrowFunction).body === id;
  }
}

type ValueRole = 'any' | 'expression' | 'initializer' | 'name' | 'tag' | 'body';
const VALUE_PARENTS = new WeakMap<object, ReadonlyMap<number, ValueRole>>();

/** By the kind of a name's parent, where in it the name is a value (`isValueUse`), per `ts` (6's and 7's numbers differ). */
function valueParents(ts: typeof TS): ReadonlyMap<number, ValueRole> {
  let roles = VALUE_PARENTS.get(ts);
  if (!roles) {
    const K = ts.SyntaxKind;
    const m = new Map<number, ValueRole>([
      [K.PropertyAccessExpression, 'expression'],
      [K.PropertyAssignment, 'initializer'],
      [K.VariableDeclaration, 'initializer'],
      [K.BindingElement, 'initializer'],
      [K.Parameter, 'initializer'],
      [K.ShorthandPropertyAssignment, 'name'],
      [K.JsxOpeningElement, 'tag'],
      [K.JsxSelfClosingElement, 'tag'],
      [K.ArrowFunction, 'body'],
    ]);
    for (const k of [
      K.CallExpression, K.NewExpression, K.ElementAccessExpression, K.BinaryExpression, K.PrefixUnaryExpression, K.PostfixUnaryExpression,
      K.ConditionalExpression, K.ReturnStatement, K.ArrayLiteralExpression, K.SpreadElement, K.SpreadAssignment, K.JsxExpression,
      K.JsxSpreadAttribute, K.TemplateSpan, K.IfStatement, K.AsExpression, K.SatisfiesExpression, K.NonNullExpression,
      K.ParenthesizedExpression, K.ExpressionStatement, K.AwaitExpression, K.TypeOfExpression, K.ForOfStatement, K.ForInStatement,
      K.WhileStatement, K.DoStatement, K.SwitchStatement, K.CaseClause, K.ThrowStatement,
    ]) m.set(k, 'any');
    VALUE_PARENTS.set(ts, (roles = m));
  }
  return roles;
}
