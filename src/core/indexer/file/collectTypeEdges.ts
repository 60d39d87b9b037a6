import type * as TS from 'typescript';
import type { Checker } from '../../compiler/CompilerPort';
import { EdgeType, isMemberKind } from '../../graph/GraphTypes';
import type { DeclaredFile } from './declareFile';
import { isFunctionLike, isReparsed, propertyNameText, skipOuterExpressions } from './syntax';
import type { SymbolTargets, Target } from '../symbolTargets';

export interface TypeEdgeInput {
  ts: typeof TS;
  checker: Checker;
  /** A declaration that is a node (its id is `from`). */
  node: TS.Node;
  from: string;
  targets: SymbolTargets;
  declared: DeclaredFile;
  add(from: string, target: Target, type: EdgeType, at?: TS.Node): void;
}

const TYPE_KINDS = new Set(['class', 'interface', 'type', 'enum']);

/**
 * Edges a declaration has because of its types and heritage (spec 004's table):
 * TAKES/RETURNS for signatures, HAS_TYPE for annotated variables, HAS_PROPERTY for members'
 * types, ALIAS_FOR/DERIVES_FROM for type aliases, EXTENDS/IMPLEMENTS for heritage, and the
 * member-level IMPLEMENTS/OVERRIDES that keep calls through interfaces and base classes
 * connected to their implementations. Only explicit annotations count (no inference), so the
 * edges are exactly what the code says.
 */
export function collectTypeEdges(input: TypeEdgeInput): void {
  const { ts, node } = input;
  const refs = (t: TS.TypeNode | undefined, type: EdgeType, from = input.from) => {
    if (t && !isReparsed(ts, t)) for (const target of typeTargets(input, t)) input.add(from, target, type);
  };
  const signature = (fn: TS.SignatureDeclaration) => {
    for (const p of fn.parameters) refs(p.type, 'TAKES');
    refs(fn.type, 'RETURNS');
  };

  if (ts.isClassLike(node)) return classEdges(input, node, refs);
  if (ts.isInterfaceDeclaration(node)) {
    for (const h of node.heritageClauses ?? []) for (const t of h.types) heritage(input, t, 'EXTENDS');
    for (const m of node.members) if (ts.isPropertySignature(m) && !input.declared.declToId.has(m)) refs(m.type, 'HAS_PROPERTY');
    return;
  }
  if (ts.isTypeAliasDeclaration(node)) return aliasEdges(input, node, refs);
  if (ts.isVariableDeclaration(node)) {
    refs(node.type, 'HAS_TYPE');
    const init = node.initializer && skipOuterExpressions(ts, node.initializer);
    if (init && isFunctionLike(ts, init)) signature(init);
    return;
  }
  if (ts.isPropertySignature(node) && node.type && ts.isFunctionTypeNode(node.type)) return signature(node.type);
  if (ts.isPropertyAssignment(node) || ts.isPropertyDeclaration(node)) {
    const init = node.initializer && skipOuterExpressions(ts, node.initializer);
    if (ts.isPropertyDeclaration(node)) refs(node.type, 'HAS_TYPE');
    if (init && isFunctionLike(ts, init)) signature(init);
    return;
  }
  if (ts.isExportAssignment(node)) {
    const e = skipOuterExpressions(ts, node.expression);
    if (isFunctionLike(ts, e)) signature(e);
    return;
  }
  if (ts.isFunctionLike(node)) signature(node);
}

function classEdges(input: TypeEdgeInput, cls: TS.ClassLikeDeclaration, refs: (t: TS.TypeNode | undefined, type: EdgeType, from?: string) => void): void {
  const { ts, checker, declared } = input;
  let extendsNode: TS.ExpressionWithTypeArguments | undefined;
  const implementsNodes: TS.ExpressionWithTypeArguments[] = [];
  for (const h of cls.heritageClauses ?? []) {
    if (h.token === ts.SyntaxKind.ExtendsKeyword) {
      extendsNode = h.types[0];
      for (const t of h.types) heritage(input, t, 'EXTENDS');
    } else {
      implementsNodes.push(...h.types);
      for (const t of h.types) heritage(input, t, 'IMPLEMENTS');
    }
  }
  for (const m of cls.members) {
    if (ts.isPropertyDeclaration(m) && !declared.declToId.has(m)) refs(m.type, 'HAS_PROPERTY');
    if (ts.isConstructorDeclaration(m)) {
      for (const p of m.parameters) if (ts.isParameterPropertyDeclaration(p, m)) refs(p.type, 'HAS_PROPERTY');
    }
  }
  if (!extendsNode && implementsNodes.length === 0) return;
  // The members that may override or implement one of a base's: named, with a node.
  const named: Array<{ id: string; name: string; isStatic: boolean }> = [];
  for (const m of cls.members) {
    const id = declared.declToId.get(m);
    if (!id || ts.isConstructorDeclaration(m) || !m.name) continue;
    const name = propertyNameText(ts, m.name);
    if (name === undefined) continue;
    named.push({ id, name, isStatic: (ts.getCombinedModifierFlags(m as TS.Declaration) & ts.ModifierFlags.Static) !== 0 });
  }
  if (named.length === 0) return;
  const typeAt = (n: TS.Node): TS.Type => checker.getTypeAtLocation(n);
  const instance = named.filter((m) => !m.isStatic).length;
  const statics = named.length - instance;
  const instanceBases = instance ? [extendsNode, ...implementsNodes].filter((n): n is TS.ExpressionWithTypeArguments => !!n).map(typeAt) : [];
  const staticBase = statics && extendsNode ? typeAt(extendsNode.expression) : undefined;
  // Each base is asked every member's name: the native checker may fetch a base's properties at once.
  for (const base of instanceBases) checker.expectPropertyNames?.(base, instance);
  if (staticBase) checker.expectPropertyNames?.(staticBase, statics);
  for (const { id, name, isStatic } of named) {
    const bases = isStatic ? [staticBase] : instanceBases;
    for (const base of bases) {
      const prop = base?.getProperty(name);
      for (const t of input.targets.targetsOf(prop)) {
        if (t.id === id || !isMemberKind(t.kind)) continue;
        input.add(id, t, t.isAbstract ? 'IMPLEMENTS' : 'OVERRIDES');
      }
    }
  }
}

function aliasEdges(input: TypeEdgeInput, alias: TS.TypeAliasDeclaration, refs: (t: TS.TypeNode | undefined, type: EdgeType) => void): void {
  const { ts } = input;
  const t = alias.type;
  if (ts.isTypeReferenceNode(t)) {
    for (const target of input.targets.targetsOf(symbolOfTypeName(input, t.typeName))) {
      if (TYPE_KINDS.has(target.kind)) input.add(input.from, target, 'ALIAS_FOR');
    }
    for (const a of t.typeArguments ?? []) refs(a, 'DERIVES_FROM');
    return;
  }
  if (ts.isFunctionTypeNode(t)) {
    // `type Handler = (req: Request) => Response` describes a signature: it takes and returns types.
    for (const p of t.parameters) refs(p.type, 'TAKES');
    refs(t.type, 'RETURNS');
    return;
  }
  if (ts.isTypeLiteralNode(t)) {
    for (const m of t.members) if (ts.isPropertySignature(m) && !input.declared.declToId.has(m)) refs(m.type, 'HAS_PROPERTY');
    return;
  }
  refs(t, 'DERIVES_FROM');
}

/** `extends Base<Props>` / `implements Repo<User>`: the edge goes to Base / Repo, never to the type arguments. */
function heritage(input: TypeEdgeInput, t: TS.ExpressionWithTypeArguments, type: EdgeType): void {
  const e = t.expression;
  const sym = symbolAt(input, input.ts.isPropertyAccessExpression(e) ? e.name : e);
  for (const target of input.targets.targetsOf(sym)) if (TYPE_KINDS.has(target.kind)) input.add(input.from, target, type);
}

/** Type-kind nodes named anywhere inside a type (unions, arrays, generics, function types, literals). */
function typeTargets(input: TypeEdgeInput, root: TS.TypeNode): Target[] {
  const { ts } = input;
  const out: Target[] = [];
  // Iterative pre-order (children pushed in reverse): generated types can nest deeper than a stack.
  const stack: TS.Node[] = [root];
  const pushReversed = (nodes: readonly TS.Node[]) => {
    for (let i = nodes.length - 1; i >= 0; i--) stack.push(nodes[i]);
  };
  while (stack.length) {
    const n = stack.pop()!;
    if (ts.isTypeQueryNode(n)) continue;
    if (ts.isTypeReferenceNode(n)) {
      for (const t of input.targets.targetsOf(symbolOfTypeName(input, n.typeName))) if (TYPE_KINDS.has(t.kind)) out.push(t);
      pushReversed(n.typeArguments ?? []);
      continue;
    }
    if (ts.isExpressionWithTypeArguments(n)) {
      const e = n.expression;
      const sym = symbolAt(input, ts.isPropertyAccessExpression(e) ? e.name : e);
      for (const t of input.targets.targetsOf(sym)) if (TYPE_KINDS.has(t.kind)) out.push(t);
      pushReversed(n.typeArguments ?? []);
      continue;
    }
    const children: TS.Node[] = [];
    ts.forEachChild(n, (c) => {
      children.push(c);
    });
    pushReversed(children);
  }
  return out;
}

function symbolOfTypeName(input: TypeEdgeInput, name: TS.EntityName): TS.Symbol | undefined {
  return symbolAt(input, input.ts.isQualifiedName(name) ? name.right : name);
}

/** Not wrapped in try/catch on purpose: a compiler exception fails the whole file, loudly (see WorkspaceIndex.extractFile). */
function symbolAt(input: TypeEdgeInput, n: TS.Node): TS.Symbol | undefined {
  return input.checker.getSymbolAtLocation(n);
}
