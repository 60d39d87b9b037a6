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
  const flags = ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.UseFullyQualifiedType;
  const typeText = (t: TS.Type) => checker.typeToString(t, undefined, flags);
  const where = (s: TS.Symbol) => {
    const d = s.declarations?.[0];
    return d ? `${d.getSourceFile().fileName}:${s.flags}` : `?:${s.flags}`;
  };
  try {
    for (const exported of checker.getExportsOfModule(moduleSymbol)) {
      const target = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      const decl = target.valueDeclaration ?? target.declarations?.[0];
      parts.push(`${exported.name}=${target.name}@${where(target)}`);
      if (decl && target.flags & ts.SymbolFlags.Value) parts.push(typeText(checker.getTypeOfSymbolAtLocation(target, decl)));
      if (target.flags & (ts.SymbolFlags.Class | ts.SymbolFlags.Interface | ts.SymbolFlags.TypeAlias | ts.SymbolFlags.Enum)) {
        const declared = checker.getDeclaredTypeOfSymbol(target);
        parts.push(typeText(declared));
        for (const p of checker.getPropertiesOfType(declared)) {
          const pd = p.valueDeclaration ?? p.declarations?.[0];
          parts.push(` ${p.name}@${where(p)}:${pd ? typeText(checker.getTypeOfSymbolAtLocation(p, pd)) : ''}`);
        }
        if (declared.isClassOrInterface()) for (const b of checker.getBaseTypes(declared)) parts.push(` base ${typeText(b)}`);
      }
    }
  } catch (err) {
    // A checker failure must not hide a change: treat the file as changed.
    return `unknown ${Date.now()} ${(err as Error).message}`;
  }
  return parts.join('\n');
}
