import { builtinModules } from 'module';
import type * as TS from 'typescript';

/** Pure questions about syntax that declaring and extracting share (no checker). */

/** `prefix.name`, or `name` at the top level. */
export function qualify(prefix: string, name: string): string {
  return prefix ? `${prefix}.${name}` : name;
}

export function propertyNameText(ts: typeof TS, name: TS.PropertyName | TS.BindingName): string | undefined {
  if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name) || ts.isPrivateIdentifier(name)) return name.text;
  return undefined;
}

export function skipOuterExpressions(ts: typeof TS, e: TS.Expression): TS.Expression {
  for (;;) {
    if (ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isNonNullExpression(e) || ts.isSatisfiesExpression(e) || ts.isTypeAssertionExpression(e)) e = e.expression;
    else return e;
  }
}

/**
 * A node TypeScript 7's reparser made from JSDoc in a JavaScript file (a `@type` or `@returns` type
 * as the declaration's own type): 6's trees have no such node, and the graph reads no JSDoc types,
 * so it is skipped (0 in 6's NodeFlags: never).
 */
export function isReparsed(ts: typeof TS, node: TS.Node): boolean {
  return (node.flags & ((ts.NodeFlags as { Reparsed?: number }).Reparsed ?? 0)) !== 0;
}

/** `declare global { … }`: 6 flags it; 7 names it `global`, with `module` or no keyword (never `namespace`). */
export function isGlobalAugmentation(ts: typeof TS, node: TS.ModuleDeclaration): boolean {
  const flag = (ts.NodeFlags as { GlobalAugmentation?: number }).GlobalAugmentation;
  if (flag) return (node.flags & flag) !== 0;
  const keyword = (node as { keyword?: TS.SyntaxKind }).keyword;
  return ts.isIdentifier(node.name) && node.name.text === 'global' && keyword !== ts.SyntaxKind.NamespaceKeyword;
}

export function isFunctionLike(ts: typeof TS, e: TS.Node): e is TS.ArrowFunction | TS.FunctionExpression {
  return ts.isArrowFunction(e) || ts.isFunctionExpression(e);
}

export function hasExportModifier(ts: typeof TS, node: TS.Node): boolean {
  return (ts.getCombinedModifierFlags(node as TS.Declaration) & ts.ModifierFlags.Export) !== 0;
}

export function isTopLevelOf(ts: typeof TS, node: TS.Node): boolean {
  const p = node.parent;
  return !!p && (ts.isSourceFile(p) || ts.isModuleBlock(p));
}

/** The name `X.prototype.m` / `exports.a.b` / `obj.m` declares: `X.m`, `a.b`, `obj.m`. */
export function memberName(ts: typeof TS, left: TS.Expression): string | undefined {
  let names = dottedNames(ts, left);
  if (!names || names[0] === 'this') return undefined;
  if (names[0] === 'module' && names[1] === 'exports') names = names.slice(2);
  else if (names[0] === 'exports') names = names.slice(1);
  if (names.length >= 3 && names[names.length - 2] === 'prototype') names = [...names.slice(0, -2), names[names.length - 1]];
  return names.length > 0 && !names.includes('prototype') ? names.join('.') : undefined;
}

/** `a = b = c = value` → the assignments outermost first (just `bin` when it is no chain). */
export function assignmentChain(ts: typeof TS, bin: TS.BinaryExpression): TS.BinaryExpression[] {
  const chain = [bin];
  for (;;) {
    const last = chain[chain.length - 1];
    if (last.operatorToken.kind !== ts.SyntaxKind.EqualsToken) return chain;
    const right = skipOuterExpressions(ts, last.right);
    if (!ts.isBinaryExpression(right) || right.operatorToken.kind !== ts.SyntaxKind.EqualsToken) return chain;
    chain.push(right);
  }
}

/** `a.b.c` → ['a', 'b', 'c'] (identifiers and `this` only), else undefined. */
export function dottedNames(ts: typeof TS, e: TS.Expression): string[] | undefined {
  const names: string[] = [];
  let cur: TS.Expression = e;
  while (ts.isPropertyAccessExpression(cur)) {
    if (!ts.isIdentifier(cur.name)) return undefined;
    names.push(cur.name.text);
    cur = cur.expression;
  }
  if (ts.isIdentifier(cur)) names.push(cur.text);
  else if (cur.kind === ts.SyntaxKind.ThisKeyword) names.push('this');
  else return undefined;
  return names.reverse();
}

/** Names X of top-level `X.prototype.m = …` / `X.prototype = …` statements: constructor functions. */
export function findConstructorFunctions(ts: typeof TS, sf: TS.SourceFile): Set<string> {
  const found = new Set<string>();
  for (const st of sf.statements) {
    if (!ts.isExpressionStatement(st) || !ts.isBinaryExpression(st.expression) || st.expression.operatorToken.kind !== ts.SyntaxKind.EqualsToken) continue;
    const names = dottedNames(ts, st.expression.left);
    if (!names || names[0] === 'this') continue;
    const at = names.indexOf('prototype');
    if (at === 1 && names.length <= 3) found.add(names[0]);
  }
  return found;
}

/** '' for `module.exports = …`, the name for `exports.x = …` / `module.exports.x = …`, else undefined. */
export function commonJsExportName(ts: typeof TS, left: TS.Expression): string | undefined {
  const isModuleExports = (e: TS.Expression) =>
    ts.isPropertyAccessExpression(e) && ts.isIdentifier(e.expression) && e.expression.text === 'module' && e.name.text === 'exports';
  if (isModuleExports(left)) return '';
  if (ts.isPropertyAccessExpression(left)) {
    const obj = left.expression;
    if ((ts.isIdentifier(obj) && obj.text === 'exports') || isModuleExports(obj)) return left.name.text;
  }
  return undefined;
}

export function isAssignmentTarget(ts: typeof TS, e: TS.Expression): boolean {
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
export function isPackageSpecifier(text: string): boolean {
  return /^[@a-z0-9]/i.test(text) && !/^[a-z]+:/i.test(text) && !NODE_BUILTINS.has(text.split('/')[0]);
}

const NODE_BUILTINS: ReadonlySet<string> = new Set(builtinModules);

export function isRequireCall(ts: typeof TS, call: TS.CallExpression): boolean {
  return ts.isIdentifier(call.expression) && call.expression.text === 'require' && call.arguments.length === 1;
}

/** A pattern that destructures a module: `const { f } = require('../u')`, `const { g } = await import('../v')`. */
export function isModuleLoad(ts: typeof TS, pattern: TS.ObjectBindingPattern): boolean {
  const decl = pattern.parent;
  if (!ts.isVariableDeclaration(decl) || !decl.initializer) return false;
  let init = skipOuterExpressions(ts, decl.initializer);
  if (ts.isAwaitExpression(init)) init = skipOuterExpressions(ts, init.expression);
  return ts.isCallExpression(init) && (isRequireCall(ts, init) || init.expression.kind === ts.SyntaxKind.ImportKeyword);
}

export function isIntrinsicTag(ts: typeof TS, tag: TS.JsxTagNameExpression): boolean {
  return ts.isIdentifier(tag) && /^[a-z]/.test(tag.text);
}

/** The node whose line marks a call site: the member name of `a.b.c()`, else the callee. */
export function calleeNameNode(ts: typeof TS, expr: TS.Node): TS.Node {
  const e = ts.isParenthesizedExpression(expr) ? expr.expression : expr;
  return ts.isPropertyAccessExpression(e) ? e.name : e;
}

export function isDeclarationName(ts: typeof TS, id: TS.Node): boolean {
  const p = id.parent as TS.Node & { name?: TS.Node; propertyName?: TS.Node; label?: TS.Node };
  if (!p) return true;
  if (p.name !== id && p.propertyName !== id && p.label !== id) return false;
  return !ts.isPropertyAccessExpression(p) && !ts.isQualifiedName(p);
}
