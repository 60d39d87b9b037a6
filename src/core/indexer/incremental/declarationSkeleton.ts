import { createHash } from 'crypto';
import type * as TS from 'typescript';
import { PreorderWalk } from '../file/PreorderWalk';
import { isGlobalAugmentation } from '../file/syntax';
import { reachable } from './reachable';

/**
 * A fingerprint of everything in a TypeScript module that its shape (`fileShape`) can depend on,
 * computed from syntax alone in one walk — no checker, no type printing. Two texts with the same
 * skeleton differ only in comments, layout, and the bodies of functions whose type is written out
 * (a return type annotation, or a constructor or `set` accessor, which return nothing): such a body
 * cannot change any type another file sees. So when the only file an update changed keeps its
 * skeleton and its node ids, its shape is unchanged and printing it (hundreds of milliseconds for
 * a types module full of generics) is skipped. A body whose function has no return type stays in
 * the skeleton: its return type is inferred from it.
 *
 * The fingerprint is every node's kind, the text of names and literals, and the syntactic node flags
 * (`let`/`const`/`using`, `namespace`, `?.`), in pre-order; punctuation is implied by the kinds.
 * Undefined for JavaScript (bodies declare members there: `this.x = …`, expandos) and for scripts.
 */
export function declarationSkeleton(ts: typeof TS, sf: TS.SourceFile): string | undefined {
  if (!hasSkeleton(ts, sf)) return undefined;
  // Hashed at once: one update per piece cost more than the walk (the same digest either way).
  const parts: string[] = [];
  hashSyntax(ts, sf.statements, { update: (piece: string) => parts.push(piece) });
  return createHash('sha1').update(parts.join('')).digest('base64');
}

/** The names one statement's (or member's) skeleton mentions: identifiers and string literals, outside the bodies of functions whose type is written out. */
export function statementMentions(ts: typeof TS, node: TS.Node): Set<string> {
  const mentions = new Set<string>();
  hashSyntax(ts, [node], { update: () => undefined }, mentions, { literals: true });
  return mentions;
}

/** Whether a module has a skeleton: TypeScript, a module (not JavaScript, not a script). */
export function hasSkeleton(ts: typeof TS, sf: TS.SourceFile): boolean {
  return /\.[mc]?tsx?$/.test(sf.fileName) && ts.isExternalModule(sf);
}

/**
 * Feeds the skeleton of `nodes` (and everything under them) to `hash`; collects the names they
 * mention (outside typed bodies) into `mentions` when given.
 */
function hashSyntax(ts: typeof TS, nodes: readonly TS.Node[], hash: { update(s: string): unknown }, mentions?: Set<string>, options: SyntaxHashOptions = {}): void {
  const flagsMask = ts.NodeFlags.BlockScoped | ts.NodeFlags.NestedNamespace | ts.NodeFlags.Namespace | ts.NodeFlags.OptionalChain | ts.NodeFlags.GlobalAugmentation;
  const { bodies = 'typed', placeholder } = options;
  const skipsBody = (node: TS.Node): boolean =>
    bodies === 'typed' ? typeFixedBody(ts, node) : bodies === 'all' && ts.isFunctionLike(node) && !!(node as TS.FunctionLikeDeclaration).body;
  const walk = new PreorderWalk<undefined>(ts);
  for (const n of nodes) walk.node(n, undefined);
  walk.run((node) => {
    const stand = placeholder?.(node);
    if (stand !== undefined) {
      hash.update(stand);
      return;
    }
    hash.update(`${node.kind}.${node.flags & flagsMask}`);
    const text = leafText(ts, node);
    if (text !== undefined) hash.update(`:${text.length}:${text}`);
    if (mentions && (ts.isIdentifier(node) || ts.isPrivateIdentifier(node) || (options.literals && ts.isStringLiteralLike(node)))) mentions.add(node.text);
    hash.update(';');
    if (skipsBody(node)) {
      hash.update('{}');
      // Everything but the body: parameters, type parameters, the return type, modifiers, decorators.
      ts.forEachChild(node, (child) => {
        if (child !== (node as TS.FunctionLikeDeclaration).body) walk.node(child, undefined);
      });
      return;
    }
    walk.children(node, undefined);
  });
}

interface SyntaxHashOptions {
  /** Whether string literals count as mentions too (`Client['get']`, `client['get']()`). */
  literals?: boolean;
  /** Which function bodies stand as `{}`: those whose type is written out (the skeleton, default), none, or all. */
  bodies?: 'typed' | 'keep' | 'all';
  /** Text hashed instead of a node and everything under it, when defined (another graph node's declaration). */
  placeholder?(node: TS.Node): string | undefined;
}

/**
 * One graph node's own syntax, three ways (comments and layout never count): `full` with every body,
 * `skeleton` with the bodies of functions whose type is written out left out (as the file's skeleton
 * above), `bare` with every body left out. Equal `skeleton`s mean an edit changed only bodies that
 * no other file's types can see; equal `bare`s but different `skeleton`s, a body its type is inferred
 * from. A node's own syntax stops at the declarations of other nodes inside it (a class's methods):
 * those count as a placeholder holding their id (a member added or removed changes the class), and
 * for the module node not at all (its own syntax is the top-level code that declares no node).
 */
export interface NodeFingerprint {
  full: string;
  skeleton: string;
  bare: string;
}

/**
 * Fingerprints of every node `declToId` names in `sf` (declareFile's map; the file must have parent
 * pointers, as a program's files do), by node id. Syntax only, for what an edit changed (`impact`).
 */
export function nodeFingerprints(ts: typeof TS, sf: TS.SourceFile, file: string, declToId: ReadonlyMap<TS.Node, string>, moduleId: string): Map<string, NodeFingerprint> {
  const roots = nodeRoots(sf, declToId, moduleId);
  // Placeholders name the other node without its file, so a renamed file's nodes compare with their old selves.
  const prefix = `${file}#`;
  const out = new Map<string, NodeFingerprint>();
  for (const [id, nodes] of roots) {
    const placeholder = (node: TS.Node): string | undefined => {
      const other = declToId.get(node);
      if (other === undefined || other === id) return undefined;
      return id === moduleId ? '' : `<${other.startsWith(prefix) ? other.slice(prefix.length) : other}>`;
    };
    const digest = (bodies: 'typed' | 'keep' | 'all'): string => {
      const hash = createHash('sha1');
      hashSyntax(ts, nodes, hash, undefined, { bodies, placeholder });
      return hash.digest('base64');
    };
    out.set(id, { full: digest('keep'), skeleton: digest('typed'), bare: digest('all') });
  }
  return out;
}

/**
 * Each node's declarations that no declaration of the same node encloses (an overload set, a
 * variable's declaration but not its function expression), in source order; the module node's are
 * the file's statements. `declToId` is declareFile's map; the file needs parent pointers.
 */
export function nodeRoots(sf: TS.SourceFile, declToId: ReadonlyMap<TS.Node, string>, moduleId: string): Map<string, TS.Node[]> {
  const roots = new Map<string, TS.Node[]>();
  for (const [decl, id] of declToId) {
    if (decl === sf) continue;
    let up = decl.parent;
    while (up && !declToId.has(up)) up = up.parent;
    if (up && declToId.get(up) === id) continue;
    const list = roots.get(id);
    if (list) list.push(decl);
    else roots.set(id, [decl]);
  }
  for (const list of roots.values()) list.sort((a, b) => a.pos - b.pos);
  roots.set(moduleId, [...sf.statements]);
  return roots;
}

/**
 * Which of a module's top-level names an edit can have changed the type of: the names whose
 * declarations' skeletons differ (added, removed or edited), and, transitively, every top-level
 * declaration that mentions one of them (outside typed bodies). An export whose declaration is
 * not among them has the same type, members and bases as before, so its shape block needs no
 * printing. Undefined when the answer is not that simple: no skeleton (JavaScript, scripts), an
 * edited statement that declares nothing by name (`export { … }`, `export * from`, an expression
 * such as a TypeScript expando `f.x = …`, `declare global`), or an unchanged one of those that
 * mentions a changed name.
 */
export function namesAnEditCanChange(ts: typeof TS, before: TS.SourceFile, after: TS.SourceFile): Set<string> | undefined {
  if (!hasSkeleton(ts, before) || !hasSkeleton(ts, after)) return undefined;
  const a = topLevelDeclarations(ts, before);
  const b = topLevelDeclarations(ts, after);
  if (a.other.hash !== b.other.hash) return undefined;
  const changed = new Set<string>();
  for (const [name, d] of a.named) if (b.named.get(name)?.hash !== d.hash) changed.add(name);
  for (const name of b.named.keys()) if (!a.named.has(name)) changed.add(name);
  // Who mentions a name, in either version: a changed name reaches every declaration that mentions it.
  const mentionedBy = new Map<string, Set<string>>();
  for (const version of [a, b]) {
    for (const [name, d] of version.named) {
      for (const m of d.mentions) {
        let by = mentionedBy.get(m);
        if (!by) mentionedBy.set(m, (by = new Set()));
        by.add(name);
      }
    }
  }
  const reached = reachable(changed, (name) => mentionedBy.get(name));
  for (const m of b.other.mentions) if (reached.has(m)) return undefined;
  return reached;
}

interface Declared {
  hash: string;
  mentions: Set<string>;
}

/** Top-level statements by the names they declare (merged declarations share a name); the rest as one. */
function topLevelDeclarations(ts: typeof TS, sf: TS.SourceFile): { named: Map<string, Declared>; other: Declared } {
  const parts = new Map<string, TS.Statement[]>();
  const other: TS.Statement[] = [];
  for (const st of sf.statements) {
    const names = declaredNames(ts, st);
    if (names.length === 0) other.push(st);
    for (const name of names) {
      const list = parts.get(name);
      if (list) list.push(st);
      else parts.set(name, [st]);
    }
  }
  const declared = (statements: readonly TS.Statement[]): Declared => {
    const hash = createHash('sha1');
    const mentions = new Set<string>();
    hashSyntax(ts, statements, hash, mentions);
    return { hash: hash.digest('base64'), mentions };
  };
  return { named: new Map([...parts].map(([name, statements]) => [name, declared(statements)])), other: declared(other) };
}

/** The names declared by the top-level statement that holds `node` ([] for a statement declaring none by name). */
export function topLevelNames(ts: typeof TS, node: TS.Node): string[] {
  let n = node;
  while (n.parent && !ts.isSourceFile(n.parent)) n = n.parent;
  return n.parent ? declaredNames(ts, n as TS.Statement) : [];
}

/** The names a top-level statement declares in the module's scope; [] when it declares none by name. */
function declaredNames(ts: typeof TS, st: TS.Statement): string[] {
  const isDefault = ts.canHaveModifiers(st) && !!ts.getModifiers(st)?.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword);
  if (ts.isFunctionDeclaration(st) || ts.isClassDeclaration(st)) {
    const names = st.name ? [st.name.text] : [];
    return isDefault ? [...names, 'default'] : names;
  }
  if (ts.isInterfaceDeclaration(st) || ts.isTypeAliasDeclaration(st) || ts.isEnumDeclaration(st)) return isDefault ? [st.name.text, 'default'] : [st.name.text];
  // `declare global { … }` and `declare module 'x' { … }` change other modules' types: no name of ours.
  if (ts.isModuleDeclaration(st)) return ts.isIdentifier(st.name) && !isGlobalAugmentation(ts, st) ? [st.name.text] : [];
  if (ts.isImportEqualsDeclaration(st)) return [st.name.text];
  if (ts.isExportAssignment(st)) return [st.isExportEquals ? 'export=' : 'default'];
  if (ts.isVariableStatement(st)) {
    const names: string[] = [];
    for (const d of st.declarationList.declarations) bindingNames(ts, d.name, names);
    return names;
  }
  if (ts.isImportDeclaration(st)) {
    const clause = st.importClause;
    if (!clause) return [];
    const names = clause.name ? [clause.name.text] : [];
    const bindings = clause.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) names.push(bindings.name.text);
    if (bindings && ts.isNamedImports(bindings)) for (const e of bindings.elements) names.push(e.name.text);
    return names;
  }
  return [];
}

function bindingNames(ts: typeof TS, name: TS.BindingName, out: string[]): void {
  const stack: TS.BindingName[] = [name];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (ts.isIdentifier(n)) out.push(n.text);
    else for (const e of n.elements) if (!ts.isOmittedExpression(e)) stack.push(e.name);
  }
}

/** Whether `node` is a function whose body cannot change its type: the type is written out. */
export function typeFixedBody(ts: typeof TS, node: TS.Node): boolean {
  if (!ts.isFunctionLike(node) || !(node as TS.FunctionLikeDeclaration).body) return false;
  return !!node.type || ts.isConstructorDeclaration(node) || ts.isSetAccessorDeclaration(node);
}

function leafText(ts: typeof TS, node: TS.Node): string | undefined {
  if (ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) return node.text;
  if (ts.isLiteralExpression(node) || ts.isTemplateLiteralToken(node) || ts.isJsxText(node)) return node.text;
  return undefined;
}
