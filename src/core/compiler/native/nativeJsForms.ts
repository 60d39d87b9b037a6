import type * as TS from 'typescript';

/** Syntax the native checker adapter reads to give JavaScript forms 6's meaning (see NativeChecker). */

/** `module.exports = …` / `exports = …`: the parent of an object literal whose members are exports. */
export function isCommonJsExportTarget(ts: typeof TS, n: TS.Node | undefined): boolean {
  return !!n && ts.isBinaryExpression(n) && n.operatorToken.kind === ts.SyntaxKind.EqualsToken && isModuleExports(ts, n.left);
}

function isModuleExports(ts: typeof TS, e: TS.Node): boolean {
  return (
    (ts.isIdentifier(e) && e.text === 'exports') ||
    (ts.isPropertyAccessExpression(e) && ts.isIdentifier(e.expression) && e.expression.text === 'module' && ts.isIdentifier(e.name) && e.name.text === 'exports')
  );
}

/** `exports.x`, `module.exports.x` */
export function isCommonJsExportName(ts: typeof TS, e: TS.Node): boolean {
  return ts.isPropertyAccessExpression(e) && isModuleExports(ts, e.expression);
}

/** A declaration name the checker can be asked about in a batch. */
export function isNameNode(ts: typeof TS, n: TS.Node): boolean {
  const K = ts.SyntaxKind;
  return n.kind === K.Identifier || n.kind === K.PrivateIdentifier || n.kind === K.StringLiteral || n.kind === K.NumericLiteral;
}

/** A string literal whose symbol is a module: an import's or export's specifier, `import x = require('…')`, `require('…')`, `import('…')`. */
export function isModuleSpecifier(ts: typeof TS, n: TS.Node): boolean {
  const p = n.parent;
  if (!p) return false;
  if (ts.isImportDeclaration(p) || ts.isExportDeclaration(p) || ts.isExternalModuleReference(p)) return true;
  // Only a call of `require` or `import`: any call's first string (`translate('ra.action.save')`)
  // was 3,416 names without a symbol in ra-core's batches.
  if (!ts.isCallExpression(p) || p.arguments[0] !== n) return false;
  const callee = p.expression;
  return callee.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(callee) && callee.text === 'require');
}

/**
 * A name no pass asks the symbol of: a declaration's own name the binder answers (a variable's,
 * parameter's, property key's, type parameter's, import's), a JSX attribute's name, a closing tag,
 * an intrinsic element's tag.
 * Left out of a file's batch; asked on its own if some pass ever does.
 */
export function unaskedName(ts: typeof TS, n: TS.Identifier): boolean {
  const p = n.parent;
  const K = ts.SyntaxKind;
  switch (p.kind) {
    case K.PropertyAssignment:
    case K.JsxAttribute:
    case K.VariableDeclaration:
    case K.Parameter:
    case K.PropertySignature:
    case K.TypeParameter:
    case K.TypeAliasDeclaration:
    case K.InterfaceDeclaration:
    case K.ImportClause:
    case K.NamespaceImport:
    case K.BindingElement:
      return (p as { name?: TS.Node }).name === n;
    case K.ShorthandPropertyAssignment:
      // `{ a }`: the passes ask what it names (getShorthandAssignmentValueSymbol), not the key's symbol.
      return (p as TS.ShorthandPropertyAssignment).name === n;
    case K.ImportSpecifier:
      return true;
    case K.JsxClosingElement:
      return (p as TS.JsxClosingElement).tagName === n;
    case K.JsxOpeningElement:
    case K.JsxSelfClosingElement:
      // `<div>`: an intrinsic element is no node of the graph (the passes' isIntrinsicTag).
      return (p as TS.JsxOpeningElement).tagName === n && /^[a-z]/.test(n.text);
  }
  return false;
}

/** A declaration that can share its symbol with another of the same name (overloads, merged declarations): what `boundSymbol` batches. */
export function isMergeableDeclaration(ts: typeof TS, n: TS.Node): boolean {
  const K = ts.SyntaxKind;
  switch (n.kind) {
    case K.FunctionDeclaration:
    case K.ClassDeclaration:
    case K.InterfaceDeclaration:
    case K.TypeAliasDeclaration:
    case K.EnumDeclaration:
    case K.ModuleDeclaration:
    case K.MethodDeclaration:
    case K.MethodSignature:
    case K.PropertySignature:
    case K.VariableDeclaration:
      return true;
  }
  return false;
}
