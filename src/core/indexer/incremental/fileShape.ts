import type * as TS from 'typescript';
import { namesAnEditCanChange, topLevelNames } from './declarationSkeleton';
import type { Checker, CompilerProgram } from '../../compiler/CompilerPort';

/**
 * What other files can see of a file: its exports (and where they really live), their types, the
 * members and bases of its exported classes/interfaces, and its node ids. If an edit leaves this
 * unchanged, no other file's edges can have changed, so the update stops there — the same idea as
 * the d.ts signatures TypeScript's builder compares. A body-only edit of a hub file imported by
 * hundreds of files then re-indexes one file, not hundreds.
 *
 * Script files (no imports/exports) declare globals: any change to them counts as a change.
 */
export function fileShape(ts: typeof TS, program: CompilerProgram, sf: TS.SourceFile, nodeIds: readonly string[]): string {
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

function moduleSymbolOf(checker: Checker, sf: TS.SourceFile): TS.Symbol | undefined {
  try {
    return checker.getSymbolAtLocation(sf);
  } catch {
    return undefined;
  }
}

/** One export's block of a shape: where it really lives, its type, and a type's members and bases. */
function exportPrinter(ts: typeof TS, checker: Checker, sf: TS.SourceFile): (exported: TS.Symbol) => string {
  const typeText = (t: TS.Type) => checker.stableTypeText(t, sf);
  const where = (s: TS.Symbol) => {
    const d = s.declarations?.[0];
    // Transient says how the checker reached the symbol (an instantiation it made earlier or not), not what it is.
    const f = s.flags & ~ts.SymbolFlags.Transient;
    return d ? `${d.getSourceFile().fileName}:${f}` : `?:${f}`;
  };
  const printing = new Set<TS.Symbol>();
  const printExport = (exported: TS.Symbol): string => {
    const parts: string[] = [];
    const target = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    const decl = target.valueDeclaration ?? target.declarations?.[0];
    parts.push(`${EXPORT_MARK}${exported.name}=${target.name}@${where(target)}`);
    // A re-export (`export * from`, `export { X } from`, an imported name exported again) is only
    // where it leads: what the target is belongs to its own file's shape, and every file that uses
    // the target depends on that file too (its edges end there). Printing it again here made a
    // barrel's shape cost as much as every shape it re-exports.
    if (target.declarations?.length && target.declarations.every((d) => d.getSourceFile() !== sf)) return parts.join('\n');
    const member = (tag: string) => (p: TS.Symbol) => {
      const pd = p.valueDeclaration ?? p.declarations?.[0];
      return ` ${stableName(p.name)}@${where(p)}:${tag}${pd ? typeText(checker.getTypeOfSymbolAtLocation(p, pd)) : ''}`;
    };
    // What a type's name stands for besides its properties: its call and construct signatures (a type
    // alias of a function type, a class's constructor: the parameters callbacks are typed by) and its
    // index signatures. Lines of the export itself: any change there is the export's, not a member's.
    const signatures = (t: TS.Type, kinds: TS.SignatureKind[]) => {
      const lines: string[] = [];
      for (const kind of kinds) {
        for (const sig of checker.getSignaturesOfType(t, kind)) {
          const params = sig.getParameters().map((p) => typeText(checker.getTypeOfSymbol(p)));
          lines.push(`${kind === SIGNATURE_CONSTRUCT ? 'new' : 'call'}(${params.join(', ')}): ${typeText(checker.getReturnTypeOfSignature(sig))}`);
        }
      }
      for (const info of checker.getIndexInfosOfType(t)) lines.push(`[${typeText(info.keyType)}]: ${typeText(info.type)}`);
      return lines;
    };
    // Its type parameters' constraints and defaults as declared here: a type prints as `Box<T>`, and
    // `b: Box` means Box<Foo> only while the default says so. A type alias's definition too: an alias
    // prints by name, and a conditional one (`T extends string ? Foo : never`) has no properties.
    for (const d of target.declarations ?? []) {
      if (d.getSourceFile() !== sf) continue;
      // As written (the checker prints the alias's own name for it): what it names belongs to their
      // files' shapes. Not an object type literal's: its members are printed one by one below, so a
      // member changed stays a member's change (its users name it), not the whole alias's.
      if (ts.isTypeAliasDeclaration(d) && !ts.isTypeLiteralNode(d.type)) parts.push(`= ${sf.text.slice(d.type.pos, d.type.end).trim().replace(/\s+/g, ' ')}`);
      const tps = (d as { typeParameters?: readonly TS.TypeParameterDeclaration[] }).typeParameters;
      if (!tps?.length) continue;
      const bound = (n: TS.TypeNode | undefined) => (n ? typeText(checker.getTypeAtLocation(n)) : '');
      // TypeScript 7's tree calls the default `defaultType`.
      const byDefault = (tp: TS.TypeParameterDeclaration) => tp.default ?? (tp as { defaultType?: TS.TypeNode }).defaultType;
      parts.push(`<${tps.map((tp) => `${tp.name.text} extends ${bound(tp.constraint)} = ${bound(byDefault(tp))}`).join(', ')}>`);
    }
    if (decl && target.flags & ts.SymbolFlags.Value) {
      const valueType = checker.getTypeOfSymbolAtLocation(target, decl);
      parts.push(typeText(valueType));
      // Marked as the value's: `new TRPCError(…)` sees them, a type written `TRPCError` does not (valueSide).
      if (target.flags & ts.SymbolFlags.Class) parts.push(...signatures(valueType, [SIGNATURE_CONSTRUCT]).map((l) => `${VALUE_MARK}${l}`));
      // What its value holds besides (`typeof Model` prints by name): a class's static members, a
      // function's added properties, an enum's members. Without them a static method whose inferred
      // return type changed showed its callers nothing (`Model.create().run()`). A namespace's are
      // printed with its exports, below.
      if (target.flags & (ts.SymbolFlags.Class | ts.SymbolFlags.Function | ts.SymbolFlags.Enum)) {
        parts.push(...checker.getPropertiesOfType(valueType).filter((p) => p.name !== 'prototype').map(member('static ')).sort());
      }
    }
    if (target.flags & (ts.SymbolFlags.Class | ts.SymbolFlags.Interface | ts.SymbolFlags.TypeAlias | ts.SymbolFlags.Enum)) {
      const declared = checker.getDeclaredTypeOfSymbol(target);
      parts.push(typeText(declared));
      if (!(target.flags & ts.SymbolFlags.Enum)) parts.push(...signatures(declared, [SIGNATURE_CALL, SIGNATURE_CONSTRUCT]));
      // Sorted: an intersection's or mapped type's properties come in the order the checker resolved them.
      parts.push(...checker.getPropertiesOfType(declared).map(member('')).sort());
      if (declared.isClassOrInterface()) for (const b of checker.getBaseTypes(declared)) parts.push(` base ${typeText(b)}`);
    }
    // A namespace's own exports, types too (a namespace of interfaces has no value to print), each as
    // lines of the namespace's block: a change inside is the namespace's (`API.Response`'s members).
    if (target.flags & (ts.SymbolFlags.ValueModule | ts.SymbolFlags.NamespaceModule) && !printing.has(target)) {
      printing.add(target);
      try {
        for (const inner of checker.getExportsOfModule(target)) parts.push(...printExport(inner).split('\n').map((l) => `ns:${l.replace(EXPORT_MARK, '')}`));
      } finally {
        printing.delete(target);
      }
    }
    return parts.join('\n');
  };
  return printExport;
}

/**
 * What an edit changed of a module that other files can see, by name, so an update looks again only
 * at the files that can be affected:
 * - `exports` added: only files that name one, or re-export everything, can see them;
 * - `changedExports` removed or of another type: files that name one, or have an edge into one
 *   (an alias elsewhere calls it by another name), or re-export everything;
 * - `members` added, removed or retyped on exported classes/interfaces (`types`): only code that
 *   names the member can reach it, directly or through a type derived in another file, so the files
 *   that depend on the module however indirectly and name one.
 * All empty: nothing another file can see changed.
 */
export interface ShapeDelta {
  exports: string[];
  changedExports: string[];
  members: string[];
  types: string[];
  /**
   * Of `changedExports`, the classes whose change is all in what their value holds (a constructor's
   * parameters): a type written by that name (`error: TRPCError`) prints and means what it did, so a
   * start from the cache need not follow it through such mentions (exportMentions). Absent: none.
   */
  valueSide?: string[];
}

/**
 * How a module's shape changed between two programs that differ only in `sf`'s text, printing only
 * the exports whose declarations the edit can have reached (`namesAnEditCanChange`), not every
 * export: the difference between ~1 s and a few milliseconds on a types module of a few hundred
 * generic types. 'changed' when the change cannot be put in names (every dependent must look
 * again); 'unknown' when syntax cannot tell which exports to print (compare whole shapes then).
 */
export function shapeChange(
  ts: typeof TS,
  before: { program: CompilerProgram; sf: TS.SourceFile; nodeIds: readonly string[] },
  after: { program: CompilerProgram; sf: TS.SourceFile; nodeIds: readonly string[] },
): ShapeDelta | 'changed' | 'unknown' {
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
    const delta: ShapeDelta = {
      exports: [...b.exports.keys()].filter((name) => !a.exports.has(name)),
      changedExports: [],
      members: [],
      types: [],
    };
    // Under the name it is exported as, and the name it is declared as (node ids use that one).
    const changed = (exported: TS.Symbol, checker: Checker) => {
      const target = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      delta.changedExports.push(exported.name);
      if (target.name !== exported.name) delta.changedExports.push(target.name);
    };
    for (const [name, exported] of a.exports) if (!b.exports.has(name)) changed(exported, a.checker);
    const printA = exportPrinter(ts, a.checker, a.sf);
    const printB = exportPrinter(ts, b.checker, b.sf);
    for (const [name, exported] of a.exports) {
      const now = b.exports.get(name);
      if (!now) continue;
      if (!reachedBy(ts, a.checker, a.sf, exported, reached) && !reachedBy(ts, b.checker, b.sf, now, reached)) continue;
      const [oldBlock, newBlock] = [printA(exported), printB(now)];
      if (oldBlock === newBlock) continue;
      const members = changedMembers(oldBlock, newBlock);
      if (members === 'symbol-keyed') return 'changed';
      if (members) {
        delta.members.push(...members);
        delta.types.push(name);
      } else {
        changed(exported, a.checker);
        changed(now, b.checker);
        if (valueSideOnly(oldBlock, newBlock)) (delta.valueSide ??= []).push(name);
      }
    }
    return checkedDelta(delta, before.nodeIds, after.nodeIds);
  } catch {
    return 'unknown'; // a checker failure must not hide a change
  }
}

/**
 * `delta`, if it says everything that changed: 'changed' when an export without a name of its own
 * changed (`default` and `export =` are imported under any local name), or when a node id came or
 * went that no changed export or member accounts for.
 */
function checkedDelta(delta: ShapeDelta, oldNodeIds: readonly string[], newNodeIds: readonly string[]): ShapeDelta | 'changed' {
  for (const key of ['exports', 'changedExports', 'members', 'types'] as const) delta[key] = [...new Set(delta[key])];
  // Only under a name that is what it was (not one an alias gained or lost).
  if (delta.valueSide) delta.valueSide = [...new Set(delta.valueSide)].filter((n) => !delta.exports.includes(n));
  if ([...delta.exports, ...delta.changedExports].some((n) => n === 'default' || n === 'export=')) return 'changed';
  const byName = new Set([...delta.exports, ...delta.changedExports]);
  const attributable = (id: string) => {
    const [top, member, ...rest] = (/#([^@~]+)/.exec(id)?.[1] ?? '').split('.');
    return byName.has(top) || (rest.length === 0 && member !== undefined && delta.types.includes(top) && delta.members.includes(member));
  };
  const oldIds = new Set(oldNodeIds);
  const newIds = new Set(newNodeIds);
  for (const id of newNodeIds) if (!oldIds.has(id) && !attributable(id)) return 'changed';
  for (const id of oldNodeIds) if (!newIds.has(id) && !attributable(id)) return 'changed';
  return delta;
}

/** Whether every line that differs between two blocks of one export is of its value (`VALUE_MARK`). */
function valueSideOnly(before: string, after: string): boolean {
  const a = before.split('\n');
  const b = after.split('\n');
  const inA = new Set(a);
  const inB = new Set(b);
  const differing = [...a.filter((l) => !inB.has(l)), ...b.filter((l) => !inA.has(l))];
  return differing.length > 0 && differing.every((l) => l.startsWith(VALUE_MARK));
}

/**
 * The members a class/interface block gained, lost or retyped, when that is all that differs
 * (its own type line and bases unchanged); undefined when something else changed.
 */
function changedMembers(before: string, after: string): string[] | 'symbol-keyed' | undefined {
  const oldLines = before.split('\n');
  const newLines = after.split('\n');
  const isMember = (line: string) => line.startsWith(' ') && !line.startsWith(' base ');
  const rest = (lines: string[]) => lines.filter((l) => !isMember(l)).join('\n');
  if (rest(oldLines) !== rest(newLines)) return undefined;
  const kept = new Set(oldLines);
  const names = new Set<string>();
  const add = (line: string) => names.add(/^ ([^@\s]+)@/.exec(line)?.[1] ?? line);
  for (const line of newLines) if (!kept.delete(line)) add(line);
  for (const line of kept) add(line);
  // A symbol-keyed member (`[Symbol.iterator]`) is used without being named (`for … of`).
  // An ES private name (`#cache`) is a name: only its class's own file can use it.
  if ([...names].some((n) => n.startsWith('__@') || !/^#?[A-Za-z_$][\w$]*$/.test(n))) return 'symbol-keyed';
  return names.size > 0 ? [...names] : undefined;
}

/** Whether the export, an alias on its way, or what it stands for is declared in `sf` by a statement declaring a reached name. */
function reachedBy(ts: typeof TS, checker: Checker, sf: TS.SourceFile, exported: TS.Symbol, reached: Set<string>): boolean {
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

/** TypeScript's SignatureKind, the same numbers in 6 and 7 (7's syntax object does not carry it). */
const SIGNATURE_CALL = 0 as TS.SignatureKind;
const SIGNATURE_CONSTRUCT = 1 as TS.SignatureKind;

/** Starts each export's block in a shape, so `addedExports` can tell the blocks apart. */
const EXPORT_MARK = '\u0000';
/** A line of what an export's value holds that a type written by its name does not: a class's construct signatures. */
const VALUE_MARK = 'value ';

/**
 * How a module's shape changed, from two whole shapes (`fileShape`) as a `ShapeDelta`, or undefined
 * when the change cannot be put in names (a script's globals, a checker failure, a `default` export,
 * a symbol-keyed member, a node that no changed name accounts for). Used for files whose text did
 * not change but whose exports' types did (a type they infer from a changed file), so the update
 * goes on only to the dependents that can see what changed, as for the edited file itself.
 */
export function shapeDelta(before: string, after: string): ShapeDelta | undefined {
  const delta: ShapeDelta = { exports: [], changedExports: [], members: [], types: [] };
  if (before === after) return delta;
  const a = splitShape(before);
  const b = splitShape(after);
  if (!a || !b) return undefined;
  // Under the name it is exported as, and the names it was and is declared as (node ids use those).
  const changed = (...headers: ShapeBlock['header'][]) => {
    for (const h of headers) delta.changedExports.push(h.name, ...(h.target !== h.name ? [h.target] : []));
  };
  for (const [name] of b.blocks) if (!a.blocks.has(name)) delta.exports.push(name);
  for (const [name, old] of a.blocks) {
    const now = b.blocks.get(name);
    if (!now) changed(old.header);
    else if (now.text !== old.text) {
      const members = changedMembers(old.text, now.text);
      if (members === 'symbol-keyed') return undefined;
      if (members) {
        delta.members.push(...members);
        delta.types.push(name);
      } else {
        changed(old.header, now.header);
        if (valueSideOnly(old.text, now.text)) (delta.valueSide ??= []).push(name);
      }
    }
  }
  const checked = checkedDelta(delta, a.ids, b.ids);
  return checked === 'changed' ? undefined : checked;
}

interface ShapeBlock {
  header: { name: string; target: string };
  text: string;
}

/** A shape's node ids and its export blocks by exported name; undefined for a script or a failed shape. */
function splitShape(shape: string): { ids: string[]; blocks: Map<string, ShapeBlock> } | undefined {
  const [ids, ...blocks] = shape.split(`\n${EXPORT_MARK}`);
  if (ids === 'script' || ids.startsWith('script\n') || ids.startsWith('unknown ')) return undefined;
  const byName = new Map<string, ShapeBlock>();
  for (const text of blocks) {
    // `name=target@where`; the name `export=` has an `=` of its own.
    const m = /^(export=|[^=\n]*)=([^@\n]*)@(\?:)?/.exec(text);
    if (!m) return undefined;
    // A target without a declaration (`?:`): the checker's `unknown` symbol, where a re-export leads
    // once its source no longer exports the name. Its name is no name code can use: as a changed
    // export it sent every file that writes the type `unknown` to look again (a renamed export that
    // payload's barrel re-exports: 2,293 files, an update of 70 s).
    byName.set(m[1], { header: { name: m[1], target: m[3] ? m[1] : m[2] }, text });
  }
  return { ids: ids.split('|'), blocks: byName };
}

/**
 * `__@iterator@5602`: a well-known symbol's member name carries the checker's symbol id; drop it.
 * `__#45214@#queryCache`: an ES private name carries its class's symbol id, another in every checker;
 * it is `#queryCache` (before, every declaration edit of a class with one changed "every member", and
 * every dependent was re-extracted: TanStack/query's QueryClient, 290 files).
 */
function stableName(name: string): string {
  return name.replace(/^(__@[^@]+)@\d+$/, '$1').replace(/^__#\d+@(#[^@]*)$/, '$1');
}
