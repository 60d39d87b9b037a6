import type * as TS from 'typescript';
import { namesAnEditCanChange, topLevelNames } from './declarationSkeleton';

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
  const moduleSymbol = moduleSymbolOf(checker, sf);
  if (!moduleSymbol) return `script\n${sf.text}`;
  const printExport = exportPrinter(ts, checker, sf);
  try {
    for (const exported of checker.getExportsOfModule(moduleSymbol)) parts.push(printExport(exported));
  } catch (err) {
    // A checker failure must not hide a change: treat the file as changed.
    return `unknown ${Date.now()} ${(err as Error).message}`;
  }
  return parts.join('\n');
}

function moduleSymbolOf(checker: TS.TypeChecker, sf: TS.SourceFile): TS.Symbol | undefined {
  try {
    return checker.getSymbolAtLocation(sf);
  } catch {
    return undefined;
  }
}

/** One export's block of a shape: where it really lives, its type, and a type's members and bases. */
function exportPrinter(ts: typeof TS, checker: TS.TypeChecker, sf: TS.SourceFile): (exported: TS.Symbol) => string {
  const typeText = stableTypeText(ts, checker, sf);
  const where = (s: TS.Symbol) => {
    const d = s.declarations?.[0];
    // Transient says how the checker reached the symbol (an instantiation it made earlier or not), not what it is.
    const f = s.flags & ~ts.SymbolFlags.Transient;
    return d ? `${d.getSourceFile().fileName}:${f}` : `?:${f}`;
  };
  return (exported) => {
    const parts: string[] = [];
    const target = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    const decl = target.valueDeclaration ?? target.declarations?.[0];
    parts.push(`${EXPORT_MARK}${exported.name}=${target.name}@${where(target)}`);
    // A re-export (`export * from`, `export { X } from`, an imported name exported again) is only
    // where it leads: what the target is belongs to its own file's shape, and every file that uses
    // the target depends on that file too (its edges end there). Printing it again here made a
    // barrel's shape cost as much as every shape it re-exports.
    if (target.declarations?.length && target.declarations.every((d) => d.getSourceFile() !== sf)) return parts.join('\n');
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
    return parts.join('\n');
  };
}

/**
 * What an edit added, when adding is all it did: new exports (only files that name one, or re-export
 * everything, can see them) and new members of existing classes/interfaces (only code that names one
 * can reach it: `x.benchExtra()`, an object literal's `benchExtra:`). Empty lists: nothing changed.
 */
export interface ShapeAdditions {
  exports: string[];
  /** Added member names, and the exported types that gained them. */
  members: string[];
  grownTypes: string[];
}

/**
 * How a module's shape changed between two programs that differ only in `sf`'s text, printing only
 * the exports whose declarations the edit can have reached (`namesAnEditCanChange`), not every
 * export: the difference between ~1 s and a few milliseconds on a types module of a few hundred
 * generic types. 'changed' for anything but additions; 'unknown' when syntax cannot tell which
 * exports to print (the caller then compares whole shapes).
 */
export function shapeChange(
  ts: typeof TS,
  before: { program: TS.Program; sf: TS.SourceFile; nodeIds: readonly string[] },
  after: { program: TS.Program; sf: TS.SourceFile; nodeIds: readonly string[] },
): ShapeAdditions | 'changed' | 'unknown' {
  const reached = namesAnEditCanChange(ts, before.sf, after.sf);
  if (!reached) return 'unknown';
  const side = (v: typeof before) => {
    const checker = v.program.getTypeChecker();
    const moduleSymbol = moduleSymbolOf(checker, v.sf);
    return moduleSymbol && { checker, sf: v.sf, exports: new Map(checker.getExportsOfModule(moduleSymbol).map((e) => [e.name, e])) };
  };
  try {
    const a = side(before);
    const b = side(after);
    if (!a || !b) return 'unknown';
    if ([...a.exports.keys()].some((name) => !b.exports.has(name))) return 'changed';
    const added: ShapeAdditions = { exports: [...b.exports.keys()].filter((name) => !a.exports.has(name)), members: [], grownTypes: [] };
    const printA = exportPrinter(ts, a.checker, a.sf);
    const printB = exportPrinter(ts, b.checker, b.sf);
    for (const [name, exported] of a.exports) {
      const now = b.exports.get(name)!;
      if (!reachedBy(ts, a.checker, a.sf, exported, reached) && !reachedBy(ts, b.checker, b.sf, now, reached)) continue;
      const [oldBlock, newBlock] = [printA(exported), printB(now)];
      if (oldBlock === newBlock) continue;
      const members = addedMembers(oldBlock, newBlock);
      if (!members) return 'changed';
      added.members.push(...members);
      added.grownTypes.push(name);
    }
    // Node ids may only appear for what was added: an added export, or an added member of a grown type.
    const oldIds = new Set(before.nodeIds);
    for (const id of after.nodeIds) {
      if (oldIds.delete(id)) continue;
      const qualified = /#([^@~]+)/.exec(id)?.[1] ?? '';
      const [top, member, ...rest] = qualified.split('.');
      const ok = added.exports.includes(top) || (rest.length === 0 && member !== undefined && added.grownTypes.includes(top) && added.members.includes(member));
      if (!ok) return 'changed';
    }
    return oldIds.size > 0 ? 'changed' : added;
  } catch {
    return 'unknown'; // a checker failure must not hide a change
  }
}

/**
 * The members a class/interface block only gained (every old line kept, every new line a member),
 * or undefined when it changed otherwise.
 */
function addedMembers(before: string, after: string): string[] | undefined {
  const oldLines = new Set(before.split('\n'));
  const names: string[] = [];
  for (const line of after.split('\n')) {
    if (oldLines.delete(line)) continue;
    const member = /^ ([^@\s]+)@/.exec(line);
    // A symbol-keyed member (`[Symbol.iterator]`) is used without being named (`for … of`).
    if (!member || line.startsWith(' base ') || member[1].startsWith('__@')) return undefined;
    names.push(member[1]);
  }
  return oldLines.size > 0 || names.length === 0 ? undefined : names;
}

/** Whether the export, an alias on its way, or what it stands for is declared in `sf` by a statement declaring a reached name. */
function reachedBy(ts: typeof TS, checker: TS.TypeChecker, sf: TS.SourceFile, exported: TS.Symbol, reached: Set<string>): boolean {
  const seen = new Set<TS.Symbol>();
  let s: TS.Symbol | undefined = exported;
  while (s && !seen.has(s)) {
    seen.add(s);
    for (const d of s.declarations ?? []) {
      if (d.getSourceFile() !== sf) continue;
      if (topLevelNames(ts, d).some((n) => reached.has(n))) return true;
    }
    s = s.flags & ts.SymbolFlags.Alias ? checker.getImmediateAliasedSymbol(s) : undefined;
  }
  const target = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
  return !seen.has(target) && (target.declarations ?? []).some((d) => d.getSourceFile() === sf && topLevelNames(ts, d).some((n) => reached.has(n)));
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
