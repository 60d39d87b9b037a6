import type * as TS from 'typescript';
import { PreorderWalk } from '../file/PreorderWalk';
import { isGlobalAugmentation } from '../file/syntax';
import { hasSkeleton, statementMentions, typeFixedBody } from './declarationSkeleton';
import type { ShapeDelta } from './fileShape';
import { reachable } from './reachable';

/**
 * A module's top-level statements as syntax sees them, for deciding without a checker which of its
 * exports can have changed type when names changed in another file it depends on (its text the
 * same): an export's type is made of what its declaration's skeleton mentions (declarationSkeleton:
 * bodies whose type is written out left out), and of what the module's own declarations it names
 * mention in turn, and so on. A start from the cache that re-indexed a file because it names what
 * changed in another, and kept no printed shape of it, goes on by these names to the dependents that
 * can see them, as an update goes on by a shape's delta (WorkspaceIndex.indexSinceCache), instead of
 * to every file depending on it however indirectly.
 */
export interface ModuleMentions {
  statements: StatementMentions[];
  /** Exported name → the local name it exports (`export { a as b }`, `export function b`), or what it re-exports from another module. */
  exports: Array<{ exported: string; local?: string; reexported?: string }>;
  /** `export * from '…'`: whatever changed in the modules it re-exports may be exported here too. */
  exportsEverything: boolean;
}

interface StatementMentions {
  /** Local names it declares (for a statement that declares none, the local names it mentions: `f.x = …` adds to `f`). */
  declares: string[];
  mentions: Set<string>;
  /** Names it mentions only as a type written by name (namedTypesOnly). */
  byName: Set<string>;
  /** Not to be put in names when it changes: a default export, `export =`, `declare global`, an ambient module or augmentation. */
  opaque: boolean;
  node: TS.Statement;
}

/** The module's statements, or undefined where there is no skeleton (JavaScript, a script: any change counts as all). */
export function moduleMentions(ts: typeof TS, sf: TS.SourceFile): ModuleMentions | undefined {
  if (!hasSkeleton(ts, sf)) return undefined;
  const K = ts.SyntaxKind;
  const statements: StatementMentions[] = [];
  const exports: ModuleMentions['exports'] = [];
  let exportsEverything = false;
  const undeclared: StatementMentions[] = [];
  for (const node of sf.statements) {
    const mentions = statementMentions(ts, node);
    const modifiers = ts.getModifiers(node as TS.HasModifiers) ?? [];
    const exported = modifiers.some((m) => m.kind === K.ExportKeyword);
    const isDefault = modifiers.some((m) => m.kind === K.DefaultKeyword);
    const entry: StatementMentions = { declares: [], mentions, byName: namedTypesOnly(ts, node), opaque: exported && isDefault, node };
    statements.push(entry);
    const declare = (name: string) => {
      entry.declares.push(name);
      if (exported && !isDefault) exports.push({ exported: name, local: name });
    };
    switch (node.kind) {
      case K.FunctionDeclaration:
      case K.ClassDeclaration:
      case K.InterfaceDeclaration:
      case K.TypeAliasDeclaration:
      case K.EnumDeclaration: {
        const name = (node as TS.DeclarationStatement).name;
        if (name && ts.isIdentifier(name)) declare(name.text);
        break;
      }
      case K.ModuleDeclaration: {
        const m = node as TS.ModuleDeclaration;
        if (isGlobalAugmentation(ts, m) || !ts.isIdentifier(m.name)) entry.opaque = true;
        else declare(m.name.text);
        break;
      }
      case K.VariableStatement:
        for (const d of (node as TS.VariableStatement).declarationList.declarations) for (const name of bindingNames(ts, d.name)) declare(name);
        break;
      case K.ImportEqualsDeclaration:
        declare((node as TS.ImportEqualsDeclaration).name.text);
        break;
      case K.ImportDeclaration: {
        const clause = (node as TS.ImportDeclaration).importClause;
        if (clause?.name) entry.declares.push(clause.name.text);
        const bindings = clause?.namedBindings;
        if (bindings && ts.isNamespaceImport(bindings)) entry.declares.push(bindings.name.text);
        else if (bindings) for (const e of bindings.elements) entry.declares.push(e.name.text);
        break;
      }
      case K.ExportDeclaration: {
        const { exportClause, moduleSpecifier } = node as TS.ExportDeclaration;
        if (!exportClause) exportsEverything = true;
        else if (ts.isNamespaceExport(exportClause)) exports.push({ exported: nameText(ts, exportClause.name), reexported: '*' });
        else {
          for (const e of exportClause.elements) {
            const from = nameText(ts, e.propertyName ?? e.name);
            exports.push(moduleSpecifier ? { exported: nameText(ts, e.name), reexported: from } : { exported: nameText(ts, e.name), local: from });
          }
        }
        break;
      }
      case K.ExportAssignment:
        entry.opaque = true;
        break;
      default:
        undeclared.push(entry);
    }
  }
  // A statement that declares nothing may still add to what a declaration is (`f.x = …`, an expando);
  // never to an import's binding.
  const locals = new Set(statements.filter((s) => s.node.kind !== K.ImportDeclaration && s.node.kind !== K.ImportEqualsDeclaration).flatMap((s) => s.declares));
  for (const s of undeclared) s.declares = [...s.mentions].filter((n) => locals.has(n));
  return { statements, exports, exportsEverything };
}

/**
 * What `reasons` (names that changed in files this module depends on) can have changed of what its
 * dependents see, as a ShapeDelta: the exports whose statements mention one, directly or through the
 * module's own declarations they name (`changedExports`), every member those statements declare
 * (`members`: a class's method whose type is inferred); everything in `reasons` when it re-exports
 * whole modules. Undefined when such a change cannot be put in names (a statement that mentions one
 * is a default export, `export =`, a global or module augmentation, or a member with a computed name that mentions one).
 * `valueSide`: the reasons that are classes changed only in what their value holds (ShapeDelta.valueSide).
 */
export function mentionDelta(
  ts: typeof TS,
  module: ModuleMentions,
  reasons: ReadonlySet<string>,
  valueSide: (name: string) => boolean = () => false,
): ShapeDelta | undefined {
  const byName = new Map<string, StatementMentions[]>();
  for (const s of module.statements) for (const n of s.mentions) byName.set(n, [...(byName.get(n) ?? []), s]);
  const touched = new Set<StatementMentions>();
  const touchedNames = new Set<string>();
  const queue: StatementMentions[] = [];
  const touch = (s: StatementMentions) => {
    if (touched.has(s)) return;
    touched.add(s);
    queue.push(s);
  };
  // A class whose change is all in what its value holds (`valueSide`: its constructor's parameters): a
  // type written by its name (`error: TRPCError`, `(e: TRPCError): string`) prints and means what it did.
  // Not a name this module declares itself (imports aside).
  const declared = new Set<string>();
  for (const st of module.statements) if (st.node.kind !== ts.SyntaxKind.ImportDeclaration && st.node.kind !== ts.SyntaxKind.ImportEqualsDeclaration) for (const n of st.declares) declared.add(n);
  const inert = (n: string, where: { byName: Set<string> }) => where.byName.has(n) && reasons.has(n) && !declared.has(n) && valueSide(n);
  // An import changes only the bindings of the names that changed (`import { Fault, Invoker }`: Fault's).
  const bindings = importBindings(ts, module);
  const hotName = (n: string) => {
    if (touchedNames.has(n)) return;
    touchedNames.add(n);
    for (const other of byName.get(n) ?? []) if (other.node.kind !== ts.SyntaxKind.ImportDeclaration && !inert(n, other)) touch(other);
  };
  for (const name of reasons) {
    for (const s of byName.get(name) ?? []) if (s.node.kind !== ts.SyntaxKind.ImportDeclaration && !inert(name, s)) touch(s);
    for (const local of bindings.get(name) ?? []) hotName(local);
  }
  while (queue.length) for (const n of queue.pop()!.declares) hotName(n);
  const delta: ShapeDelta = { exports: [], changedExports: [], members: [], types: [] };
  // The members of what changed whose own skeletons mention a changed name, or a member that changed
  // (`a() { return this.b(); }`), until none is added: not `resource: string` beside them.
  const members: DeclaredMember[] = [];
  const visible = visibleStatements(module);
  for (const s of touched) {
    if (s.opaque) return undefined;
    if (visible.has(s)) members.push(...declaredMembers(ts, s.node));
  }
  const hot = new Set([...reasons, ...touchedNames]);
  const changed = new Set<(typeof members)[number]>();
  for (let grew = true; grew; ) {
    grew = false;
    for (const m of members) {
      if (changed.has(m) || ![...m.mentions].some((n) => hot.has(n) && !inert(n, m))) continue;
      // A member with a computed name: nothing to look for in the files that may use it.
      if (m.name === undefined) return undefined;
      changed.add(m);
      delta.members.push(m.name);
      if (!hot.has(m.name)) {
        hot.add(m.name);
        grew = true;
      }
    }
  }
  for (const e of module.exports) {
    if (e.local !== undefined ? touchedNames.has(e.local) : e.reexported === '*' ? reasons.size > 0 : reasons.has(e.reexported!)) delta.changedExports.push(e.exported);
  }
  if (module.exportsEverything) delta.changedExports.push(...reasons);
  delta.changedExports = [...new Set(delta.changedExports)];
  delta.members = [...new Set(delta.members)];
  return delta;
}

/** The names an import mentions (imported or local) → the local bindings each gives (`import { A as B }`: A and B → B). */
function importBindings(ts: typeof TS, module: ModuleMentions): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const add = (name: string, local: string) => out.set(name, [...(out.get(name) ?? []), local]);
  for (const s of module.statements) {
    if (!ts.isImportDeclaration(s.node)) continue;
    const clause = s.node.importClause;
    if (clause?.name) add(clause.name.text, clause.name.text);
    const named = clause?.namedBindings;
    if (named && ts.isNamespaceImport(named)) add(named.name.text, named.name.text);
    else if (named) {
      for (const e of named.elements) {
        add(e.name.text, e.name.text);
        if (e.propertyName) add(nameText(ts, e.propertyName), e.name.text);
      }
    }
  }
  return out;
}

/**
 * The statements other files can see something of: those declaring what the module exports (and
 * default exports, augmentations), and those declaring a name their skeletons mention, and so on. A
 * helper's object literal in an untyped body is no member of anything another file sees unless an
 * export's type is inferred from it (its skeleton then mentions the helper).
 */
function visibleStatements(module: ModuleMentions): Set<StatementMentions> {
  const declaring = new Map<string, StatementMentions[]>();
  for (const s of module.statements) for (const n of s.declares) declaring.set(n, [...(declaring.get(n) ?? []), s]);
  const roots = [...module.exports.flatMap((e) => (e.local !== undefined ? (declaring.get(e.local) ?? []) : [])), ...module.statements.filter((s) => s.opaque)];
  return reachable(roots, (s) => [...s.mentions].flatMap((n) => declaring.get(n) ?? []));
}

/** The names a binding declares (`const { a, b: [c] } = …`: a, c). */
function bindingNames(ts: typeof TS, name: TS.BindingName): string[] {
  const out: string[] = [];
  const walk = new PreorderWalk<undefined>(ts);
  walk.node(name, undefined);
  walk.run((node) => {
    if (ts.isIdentifier(node)) out.push(node.text);
    else if (ts.isBindingElement(node)) walk.node(node.name, undefined);
    else walk.children(node, undefined);
  });
  return out;
}

/** A call or `new`, awaited, voided or parenthesized or not. */
function isCall(ts: typeof TS, e: TS.Expression): boolean {
  while (ts.isAwaitExpression(e) || ts.isVoidExpression(e) || ts.isParenthesizedExpression(e)) e = e.expression;
  return ts.isCallExpression(e) || ts.isNewExpression(e);
}

interface DeclaredMember {
  name: string | undefined;
  /** What its own skeleton mentions. */
  mentions: Set<string>;
  /** Names it mentions only as a type written by name (`error: TRPCError`, `errors?: TRPCError[] | null`): see namedTypesOnly. */
  byName: Set<string>;
}

/**
 * The names `node` mentions only as a type reference written by name where the checker prints the
 * type by that name too (`a: Foo`, `b?: Foo[] | null`, `(x: Foo) => Foo`, `{ c: Foo }`): not as a
 * type argument (`Box<Foo>`: an alias's instantiation may print resolved), after `keyof` or in an
 * indexed access, a conditional or mapped type, `typeof`, a type parameter's constraint, or an
 * expression, or in a function whose type is inferred from its body. Such a reference to a class
 * means what it did when only the class's value changed (ShapeDelta.valueSide: its constructor).
 */
function namedTypesOnly(ts: typeof TS, node: TS.Node): Set<string> {
  const K = ts.SyntaxKind;
  const transparent = new Set<number>([
    K.ArrayType,
    K.UnionType,
    K.IntersectionType,
    K.ParenthesizedType,
    K.TupleType,
    K.OptionalType,
    K.RestType,
    K.NamedTupleMember,
    K.TypeLiteral,
    K.PropertySignature,
    K.MethodSignature,
    K.CallSignature,
    K.ConstructSignature,
    K.IndexSignature,
    K.Parameter,
    K.FunctionType,
    K.ConstructorType,
    K.PropertyDeclaration,
    K.MethodDeclaration,
    K.GetAccessor,
    K.SetAccessor,
    K.Constructor,
    K.InterfaceDeclaration,
    K.ClassDeclaration,
    K.TypeAliasDeclaration,
    K.FunctionDeclaration,
    K.VariableStatement,
    K.VariableDeclarationList,
    K.VariableDeclaration,
  ]);
  const byName = new Set<string>();
  const elsewhere = new Set<string>();
  const walk = new PreorderWalk<boolean>(ts);
  walk.node(node, true);
  walk.run((n, asWritten) => {
    if (n.kind === K.TypeReference) {
      const ref = n as TS.TypeReferenceNode;
      if (asWritten && ts.isIdentifier(ref.typeName)) byName.add(ref.typeName.text);
      else walk.node(ref.typeName, false);
      for (const a of ref.typeArguments ?? []) walk.node(a, false);
      return;
    }
    if (ts.isIdentifier(n) || ts.isPrivateIdentifier(n) || ts.isStringLiteralLike(n)) elsewhere.add(n.text);
    // A function whose type is inferred from its body sees the structure of what its parameters name.
    const inferred = ts.isFunctionLike(n) && !!(n as TS.FunctionLikeDeclaration).body && !typeFixedBody(ts, n);
    const readonlyArray = n.kind === K.TypeOperator && (n as TS.TypeOperatorNode).operator === K.ReadonlyKeyword;
    const inside = asWritten && (transparent.has(n.kind) || readonlyArray) && !inferred;
    // A body whose type is written out is no part of what the skeleton mentions.
    if (typeFixedBody(ts, n)) ts.forEachChild(n, (child) => (child !== (n as TS.FunctionLikeDeclaration).body ? walk.node(child, inside) : undefined));
    else walk.children(n, inside);
  });
  for (const n of elsewhere) byName.delete(n);
  return byName;
}

function nameText(ts: typeof TS, name: TS.ModuleExportName): string {
  return ts.isIdentifier(name) ? name.text : (name as TS.StringLiteral).text;
}

/**
 * Every member a statement declares anywhere in it (a class's or interface's, an object literal's or
 * type literal's, an enum's, a constructor's parameter properties): its name (undefined when computed)
 * and what its own skeleton mentions.
 */
function declaredMembers(ts: typeof TS, statement: TS.Statement): DeclaredMember[] {
  const K = ts.SyntaxKind;
  const memberKinds = new Set<number>([
    K.PropertyDeclaration,
    K.MethodDeclaration,
    K.GetAccessor,
    K.SetAccessor,
    K.PropertySignature,
    K.MethodSignature,
    K.EnumMember,
    K.PropertyAssignment,
    K.ShorthandPropertyAssignment,
  ]);
  const out: DeclaredMember[] = [];
  const walk = new PreorderWalk<undefined>(ts);
  walk.node(statement, undefined);
  walk.run((node) => {
    const isParameterProperty = node.kind === K.Parameter && node.parent?.kind === K.Constructor && (ts.getModifiers(node as TS.ParameterDeclaration) ?? []).length > 0;
    if (memberKinds.has(node.kind) || isParameterProperty) {
      const name = (node as TS.NamedDeclaration).name;
      const named = name && (ts.isIdentifier(name) || ts.isPrivateIdentifier(name) || ts.isStringLiteralLike(name) || ts.isNumericLiteral(name));
      out.push({ name: named ? (name as TS.Identifier).text : undefined, mentions: statementMentions(ts, node), byName: namedTypesOnly(ts, node) });
    }
    // A call whose value is dropped (`opts.onError?.({ error, path })`): what its arguments hold flows nowhere.
    if (node.kind === K.ExpressionStatement && isCall(ts, (node as TS.ExpressionStatement).expression)) return;
    // What a body whose type is written out holds (an object literal's properties) is no member of anything other files see.
    if (typeFixedBody(ts, node)) {
      ts.forEachChild(node, (child) => {
        if (child !== (node as TS.FunctionLikeDeclaration).body) walk.node(child, undefined);
      });
      return;
    }
    walk.children(node, undefined);
  });
  return out;
}
