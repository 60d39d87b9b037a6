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
  return ts.isCallExpression(p) && p.arguments[0] === n;
}
