import type * as TS from 'typescript';
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
 * - it is declared in a scope inside the outermost function around it (`declaredLocally`). The
 *   checker then resolves it to that declaration or to a closer one, and a closer one lies deeper
 *   inside the same function: a local either way, never an import, a global or an export.
 *
 * Only in that direction: a declaration this misses (a `var` hoisted out of a nested block) makes
 * `has` false, and the name is asked as before.
 */
export class PlainLocals {
  private nodeNames: Set<string> | undefined;
  /** Per scope the names declared in it (`namesIn`), made when first asked. */
  private readonly scopes = new Map<TS.Node, ReadonlySet<string>>();
  private readonly isJs: boolean;

  constructor(
    private readonly ts: typeof TS,
    sf: TS.SourceFile,
    private readonly declared: DeclaredFile,
  ) {
    this.isJs = (sf.flags & ts.NodeFlags.JavaScriptFile) !== 0;
  }

  has(name: TS.Identifier): boolean {
    if (this.isJs || !isValueUse(this.ts, name)) return false;
    if (!this.nodeNames) {
      this.nodeNames = new Set();
      for (const decl of this.declared.declToId.keys()) {
        const n = (decl as TS.Node & { name?: TS.Node }).name;
        if (n && this.ts.isIdentifier(n)) this.nodeNames.add(n.text);
      }
    }
    return !this.nodeNames.has(name.text) && this.declaredLocally(name);
  }

  private declaredLocally(name: TS.Identifier): boolean {
    const { ts } = this;
    let outermost: TS.Node | undefined;
    for (let n: TS.Node | undefined = name.parent; n; n = n.parent) {
      // A parameter's decorator is evaluated outside the function whose parameter it decorates.
      if (n.kind === ts.SyntaxKind.Decorator) return false;
      if (isFunctionScope(ts, n)) outermost = n;
    }
    if (!outermost) return false;
    for (let n: TS.Node = name.parent; ; n = n.parent) {
      if (this.namesIn(n).has(name.text)) return true;
      if (n === outermost) return false;
    }
  }

  /** The values `n` declares in the scope it opens (empty for a node that opens none). */
  private namesIn(n: TS.Node): ReadonlySet<string> {
    const { ts } = this;
    const opens =
      isFunctionScope(ts, n) || ts.isBlock(n) || ts.isCaseBlock(n) || ts.isForStatement(n) || ts.isForInStatement(n) || ts.isForOfStatement(n) || ts.isCatchClause(n) || ts.isClassExpression(n);
    if (!opens) return NONE;
    let names = this.scopes.get(n);
    if (!names) this.scopes.set(n, (names = declaredIn(ts, n)));
    return names;
  }
}

const NONE: ReadonlySet<string> = new Set();

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
  const K = ts.SyntaxKind;
  switch (p.kind) {
    case K.PropertyAccessExpression:
      return (p as TS.PropertyAccessExpression).expression === id;
    case K.PropertyAssignment:
    case K.VariableDeclaration:
    case K.BindingElement:
    case K.Parameter:
      return (p as TS.VariableDeclaration).initializer === id;
    case K.ShorthandPropertyAssignment:
      return (p as TS.ShorthandPropertyAssignment).name === id;
    case K.JsxOpeningElement:
    case K.JsxSelfClosingElement:
      return (p as TS.JsxOpeningElement).tagName === id;
    case K.CallExpression:
    case K.NewExpression:
    case K.ElementAccessExpression:
    case K.BinaryExpression:
    case K.PrefixUnaryExpression:
    case K.PostfixUnaryExpression:
    case K.ConditionalExpression:
    case K.ReturnStatement:
    case K.ArrayLiteralExpression:
    case K.SpreadElement:
    case K.SpreadAssignment:
    case K.JsxExpression:
    case K.JsxSpreadAttribute:
    case K.TemplateSpan:
    case K.IfStatement:
    case K.AsExpression:
    case K.SatisfiesExpression:
    case K.NonNullExpression:
    case K.ParenthesizedExpression:
    case K.ExpressionStatement:
    case K.AwaitExpression:
    case K.TypeOfExpression:
    case K.ArrowFunction:
    case K.ForOfStatement:
    case K.ForInStatement:
    case K.WhileStatement:
    case K.DoStatement:
    case K.SwitchStatement:
    case K.CaseClause:
    case K.ThrowStatement:
      // An arrow's parameter is a declaration (its parent is the Parameter); its body is a value.
      return p.kind !== K.ArrowFunction || (p as TS.ArrowFunction).body === id;
  }
  return false;
}
