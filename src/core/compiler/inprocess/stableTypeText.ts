import type * as TS from 'typescript';

/**
 * A type as text that depends only on the type, not on what the checker did before: `typeToString`
 * prints a union's members in the order the checker happened to create their types, so the same file
 * printed by a fresh checker and by one that checked the whole workspace first differed
 * (`A | B` vs `B | A`), and a body-only edit of a hub file re-extracted every dependent. Union members
 * are sorted by their own text here (they are a set), at every depth.
 */
export function stableTypeText(ts: typeof TS, checker: TS.TypeChecker, sf: TS.SourceFile): (t: TS.Type) => string {
  const flags = ts.NodeBuilderFlags.NoTruncation | ts.NodeBuilderFlags.UseFullyQualifiedType | ts.NodeBuilderFlags.IgnoreErrors;
  const printer = ts.createPrinter({ removeComments: true, omitTrailingSemicolon: true });
  const print = (n: TS.Node) => printer.printNode(ts.EmitHint.Unspecified, n, sf);
  const sortUnions: TS.TransformerFactory<TS.Node> = (context) => {
    const visit = (n: TS.Node): TS.Node => {
      const inner = ts.visitEachChild(n, visit, context);
      if (!ts.isUnionTypeNode(inner)) return inner;
      const members = inner.types.map((m) => [print(m), m] as const).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
      return ts.factory.updateUnionTypeNode(inner, ts.factory.createNodeArray(members.map((m) => m[1])));
    };
    return (root) => ts.visitNode(root, visit) as TS.Node;
  };
  return (t) => {
    const node = checker.typeToTypeNode(t, undefined, flags);
    if (!node) return checker.typeToString(t, undefined, ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.UseFullyQualifiedType);
    const result = ts.transform<TS.Node>(node, [sortUnions]);
    try {
      return print(result.transformed[0]);
    } finally {
      result.dispose();
    }
  };
}
