import type * as TS from 'typescript';
import { PreorderWalk } from '../file/PreorderWalk';
import { isGlobalAugmentation } from '../file/syntax';
import { hasSkeleton, statementMentions } from './declarationSkeleton';
import type { ShapeDelta } from './fileShape';

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
    const entry: StatementMentions = { declares: [], mentions, opaque: exported && isDefault, node };
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
 */
export function mentionDelta(ts: typeof TS, module: ModuleMentions, reasons: ReadonlySet<string>): ShapeDelta | undefined {
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
  for (const name of reasons) for (const s of byName.get(name) ?? []) touch(s);
  while (queue.length) {
    const s = queue.pop()!;
    for (const n of s.declares) {
      if (touchedNames.has(n)) continue;
      touchedNames.add(n);
      for (const other of byName.get(n) ?? []) touch(other);
    }
  }
  const delta: ShapeDelta = { exports: [], changedExports: [], members: [], types: [] };
  // The members of what changed whose own skeletons mention a changed name, or a member that changed
  // (`a() { return this.b(); }`), until none is added: not `resource: string` beside them.
  const members: Array<{ name: string | undefined; mentions: Set<string> }> = [];
  for (const s of touched) {
    if (s.opaque) return undefined;
    members.push(...declaredMembers(ts, s.node));
  }
  const hot = new Set([...reasons, ...touchedNames]);
  const changed = new Set<(typeof members)[number]>();
  for (let grew = true; grew; ) {
    grew = false;
    for (const m of members) {
      if (changed.has(m) || ![...m.mentions].some((n) => hot.has(n))) continue;
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

function nameText(ts: typeof TS, name: TS.ModuleExportName): string {
  return ts.isIdentifier(name) ? name.text : (name as TS.StringLiteral).text;
}

/**
 * Every member a statement declares anywhere in it (a class's or interface's, an object literal's or
 * type literal's, an enum's, a constructor's parameter properties): its name (undefined when computed)
 * and what its own skeleton mentions.
 */
function declaredMembers(ts: typeof TS, statement: TS.Statement): Array<{ name: string | undefined; mentions: Set<string> }> {
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
  const out: Array<{ name: string | undefined; mentions: Set<string> }> = [];
  const walk = new PreorderWalk<undefined>(ts);
  walk.node(statement, undefined);
  walk.run((node) => {
    const isParameterProperty = node.kind === K.Parameter && node.parent?.kind === K.Constructor && (ts.getModifiers(node as TS.ParameterDeclaration) ?? []).length > 0;
    if (memberKinds.has(node.kind) || isParameterProperty) {
      const name = (node as TS.NamedDeclaration).name;
      const named = name && (ts.isIdentifier(name) || ts.isPrivateIdentifier(name) || ts.isStringLiteralLike(name) || ts.isNumericLiteral(name));
      out.push({ name: named ? (name as TS.Identifier).text : undefined, mentions: statementMentions(ts, node) });
    }
    walk.children(node, undefined);
  });
  return out;
}
