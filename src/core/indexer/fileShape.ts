import type * as TS from 'typescript';

/**
 * What other files can see of a file: its exports (and where they really live), their types, the
 * members and bases of its exported classes/interfaces, and its node ids. If an edit leaves this
 * unchanged, no other file's edges can have changed, so the update stops there — the same idea as
 * the d.ts signatures TypeScript's builder compares. A body-only edit of a hub file imported by
 * hundreds of files then re-indexes one file, not hundreds.
 *
 * Script files (no imports/exports) declare globals: any change to them counts as a change.
 */
export function fileShape(ts: typeof TS, program: TS.Program, sf: TS.SourceFile, nodeIds: readonly string[]): string {
  const checker = program.getTypeChecker();
  const parts: string[] = [nodeIds.join('|')];
  let moduleSymbol: TS.Symbol | undefined;
  try {
    moduleSymbol = checker.getSymbolAtLocation(sf);
  } catch {
    moduleSymbol = undefined;
  }
  if (!moduleSymbol) return `script\n${sf.text}`;
  const typeText = stableTypeText(ts, checker, sf);
  const where = (s: TS.Symbol) => {
    const d = s.declarations?.[0];
    // Transient says how the checker reached the symbol (an instantiation it made earlier or not), not what it is.
    const f = s.flags & ~ts.SymbolFlags.Transient;
    return d ? `${d.getSourceFile().fileName}:${f}` : `?:${f}`;
  };
  try {
    for (const exported of checker.getExportsOfModule(moduleSymbol)) {
      const target = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      const decl = target.valueDeclaration ?? target.declarations?.[0];
      parts.push(`${EXPORT_MARK}${exported.name}=${target.name}@${where(target)}`);
      if (decl && target.flags & ts.SymbolFlags.Value) parts.push(typeText(checker.getTypeOfSymbolAtLocation(target, decl)));
      if (target.flags & (ts.SymbolFlags.Class | ts.SymbolFlags.Interface | ts.SymbolFlags.TypeAlias | ts.SymbolFlags.Enum)) {
        const declared = checker.getDeclaredTypeOfSymbol(target);
        parts.push(typeText(declared));
        // Sorted: an intersection's or mapped type's properties come in the order the checker resolved them.
        const members = checker.getPropertiesOfType(declared).map((p) => {
          const pd = p.valueDeclaration ?? p.declarations?.[0];
          return ` ${stableName(p.name)}@${where(p)}:${pd ? typeText(checker.getTypeOfSymbolAtLocation(p, pd)) : ''}`;
        });
        parts.push(...members.sort());
        if (declared.isClassOrInterface()) for (const b of checker.getBaseTypes(declared)) parts.push(` base ${typeText(b)}`);
      }
    }
  } catch (err) {
    // A checker failure must not hide a change: treat the file as changed.
    return `unknown ${Date.now()} ${(err as Error).message}`;
  }
  return parts.join('\n');
}

/** Starts each export's block in a shape, so `addedExports` can tell the blocks apart. */
const EXPORT_MARK = '\u0000';

/**
 * The names a shape change only added, or undefined when it did more (or the shapes are equal: []).
 * Adding an export changes no existing binding, so only files that mention one of the new names, or
 * re-export everything (`export *`, where a new name can clash), can see the difference.
 */
export function addedExports(before: string, after: string): string[] | undefined {
  if (before === after) return [];
  const split = (shape: string) => {
    const [ids, ...blocks] = shape.split(`\n${EXPORT_MARK}`);
    return { ids: ids.split('|'), blocks };
  };
  const a = split(before);
  const b = split(after);
  if (a.ids[0] === 'script' || a.ids[0].startsWith('unknown ') || b.ids[0] === 'script' || b.ids[0].startsWith('unknown ')) return undefined;
  const nameOf = (block: string) => block.slice(0, block.indexOf('='));
  const oldBlocks = new Set(a.blocks);
  const oldNames = new Set(a.blocks.map(nameOf));
  const added = new Set<string>();
  for (const block of b.blocks) {
    if (oldBlocks.delete(block)) continue;
    if (oldNames.has(nameOf(block))) return undefined; // an existing export changed
    added.add(nameOf(block));
  }
  if (oldBlocks.size > 0) return undefined; // an export was removed or changed
  const oldIds = new Set(a.ids);
  for (const id of b.ids) {
    if (oldIds.delete(id)) continue;
    const top = /#([^.@~]+)/.exec(id)?.[1];
    if (!top || !added.has(top)) return undefined; // a node other than an added export's appeared
  }
  return oldIds.size > 0 ? undefined : [...added];
}

/**
 * A type as text that depends only on the type, not on what the checker did before: `typeToString`
 * prints a union's members in the order the checker happened to create their types, so the same file
 * printed by a fresh checker and by one that checked the whole workspace first differed
 * (`A | B` vs `B | A`), and a body-only edit of a hub file re-extracted every dependent. Union members
 * are sorted by their own text here (they are a set), at every depth.
 */
function stableTypeText(ts: typeof TS, checker: TS.TypeChecker, sf: TS.SourceFile): (t: TS.Type) => string {
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

/** `__@iterator@5602`: a well-known symbol's member name carries the checker's symbol id; drop it. */
function stableName(name: string): string {
  return name.replace(/^(__@[^@]+)@\d+$/, '$1');
}
