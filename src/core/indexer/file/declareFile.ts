import * as path from 'path';
import type * as TS from 'typescript';
import { GraphNode, NodeKind } from '../../graph/GraphTypes';
import { PreorderWalk } from './PreorderWalk';

/** Phase 1 of indexing one file: which declarations are graph nodes, and their stable ids. */
export interface DeclaredFile {
  file: string;
  /** Declared in a file we do not index (node_modules): its nodes are leaves. */
  external: boolean;
  nodes: GraphNode[];
  /** The same nodes by id. */
  byId: Map<string, GraphNode>;
  /** Every declaration (and the function expression of a function-valued variable) that stands for a node. */
  declToId: Map<TS.Node, string>;
  /** JS only: other names of a node (`res.set` for `res.set = res.header = function header`), qualified name → id. */
  aliases?: Map<string, string>;
  moduleId: string;
  /** Naming the file's declarations threw (see `moduleOnly`): why. */
  failure?: string;
}

/** Makes the stable node id. Only this function knows the format. */
export function nodeId(file: string, name: string, kind: NodeKind, isStatic?: boolean): string {
  return `${file}#${name}@${isStatic ? 'static ' : ''}${kind}`;
}

/**
 * Names every declaration that becomes a node, following TypeScript's call hierarchy model:
 * named functions, function-valued variables/properties, classes and their members, interfaces
 * and their method signatures, type aliases, enums, namespaces, exported variables. Anonymous
 * callbacks are not nodes: their code belongs to the nearest enclosing node.
 *
 * Pure function of one file's syntax (plus the root-relative name), so ids of a file can be
 * computed before or after any other file, and stay stable across edits that do not rename.
 */
export function declareFile(ts: typeof TS, sf: TS.SourceFile, file: string, external: boolean): DeclaredFile {
  const nodes: GraphNode[] = [];
  const byId = new Map<string, GraphNode>();
  const declToId = new Map<TS.Node, string>();
  const lineOf = (pos: number) => sf.getLineAndCharacterOfPosition(pos).line + 1;
  const moduleNode: GraphNode = {
    id: ownString(nodeId(file, file, 'module')),
    name: file,
    kind: 'module',
    file,
    offset: 1,
    limit: countLines(sf.text),
  };
  if (!external) {
    nodes.push(moduleNode);
    byId.set(moduleNode.id, moduleNode);
    declToId.set(sf, moduleNode.id);
  }

  const add = (decl: TS.Node, spanNode: TS.Node, qualifiedName: string, kind: NodeKind, isStatic: boolean, mergeKey?: TS.Symbol): string => {
    const name = ownString(qualifiedName);
    let id = nodeId(file, name, kind, isStatic);
    const existing = byId.get(id);
    const start = lineOf(spanNode.getStart(sf));
    const end = lineOf(spanNode.getEnd());
    if (existing && mergeKey && mergeKeys.get(id) === mergeKey) {
      // Overloads and merged declarations of one symbol are one node. A contiguous one widens the
      // span: the next sibling (only comments and blank lines between, as overload signatures with
      // their JSDoc: the implementation's calls must fall inside the span) or at most a line below.
      const existingEnd = existing.offset + existing.limit - 1;
      const contiguous = spanNode.pos === lastDeclEnd.get(id) || start <= existingEnd + 2;
      if (contiguous) {
        if (end > existingEnd) existing.limit = end - existing.offset + 1;
        lastDeclEnd.set(id, spanNode.end);
      }
      declToId.set(decl, existing.id);
      return existing.id;
    }
    if (existing) {
      let n = 2;
      while (byId.has(`${id}~${n}`)) n++;
      id = `${id}~${n}`;
    }
    id = ownString(id);
    const node: GraphNode = { id, name, kind, file, offset: start, limit: end - start + 1 };
    if (isStatic) node.isStatic = true;
    if (external) node.external = true;
    nodes.push(node);
    byId.set(id, node);
    if (mergeKey) {
      mergeKeys.set(id, mergeKey);
      lastDeclEnd.set(id, spanNode.end);
    }
    declToId.set(decl, id);
    return id;
  };
  const mergeKeys = new Map<string, TS.Symbol>();
  /** Node id → end of the last declaration its span covers (where a contiguous next one starts). */
  const lastDeclEnd = new Map<string, number>();
  const aliases = new Map<string, string>();
  const symbolOf = (n: TS.Node): TS.Symbol | undefined => (n as { symbol?: TS.Symbol }).symbol;
  const qualify = (prefix: string, name: string) => (prefix ? `${prefix}.${name}` : name);
  const isStaticMember = (n: TS.Node) => (ts.getCombinedModifierFlags(n as TS.Declaration) & ts.ModifierFlags.Static) !== 0;

  const visit = (node: TS.Node, prefix: string): void => {
    if (ts.isFunctionDeclaration(node)) {
      const name = node.name ? node.name.text : 'default';
      add(node, node, qualify(prefix, name), !prefix && constructorFunctions.has(name) ? 'class' : 'function', false, symbolOf(node));
      return visitChildren(node, qualify(prefix, name));
    }
    if (ts.isClassDeclaration(node)) {
      const name = node.name ? node.name.text : 'default';
      add(node, node, qualify(prefix, name), 'class', false, symbolOf(node));
      return visitClassMembers(node, qualify(prefix, name));
    }
    if (ts.isInterfaceDeclaration(node)) {
      const name = qualify(prefix, node.name.text);
      add(node, node, name, 'interface', false, symbolOf(node));
      for (const m of node.members) declareSignature(m, name);
      return;
    }
    if (ts.isTypeAliasDeclaration(node)) {
      const name = qualify(prefix, node.name.text);
      add(node, node, name, 'type', false, symbolOf(node));
      if (ts.isTypeLiteralNode(node.type)) for (const m of node.type.members) declareSignature(m, name);
      return;
    }
    if (ts.isEnumDeclaration(node)) {
      add(node, node, qualify(prefix, node.name.text), 'enum', false, symbolOf(node));
      return;
    }
    if (ts.isModuleDeclaration(node)) {
      if (!ts.isIdentifier(node.name) || (node.flags & ts.NodeFlags.GlobalAugmentation) !== 0) return visitChildren(node, prefix);
      const names: string[] = [];
      let body: TS.Node | undefined = node;
      while (body && ts.isModuleDeclaration(body)) {
        names.push(body.name.text);
        body = body.body;
      }
      const name = qualify(prefix, names.join('.'));
      add(node, node, name, 'namespace', false, symbolOf(node));
      if (body) visitChildren(body, name);
      return;
    }
    if (ts.isVariableStatement(node)) {
      const exported = hasExportModifier(ts, node) && isTopLevelOf(ts, node);
      for (const d of node.declarationList.declarations) later(() => declareVariable(d, node, prefix, exported));
      return;
    }
    if (ts.isExportAssignment(node) && !node.isExportEquals) {
      const expr = skipOuterExpressions(ts, node.expression);
      if (isFunctionLike(ts, expr)) {
        declToId.set(expr, add(node, node, qualify(prefix, 'default'), 'function', false));
        return visitChildren(expr, qualify(prefix, 'default'));
      }
      if (ts.isObjectLiteralExpression(expr)) return declareObjectLiteral(expr, qualify(prefix, 'default'));
      if (ts.isClassExpression(expr)) {
        add(node, node, qualify(prefix, 'default'), 'class', false);
        declToId.set(expr, declToId.get(node)!);
        return visitClassMembers(expr, qualify(prefix, 'default'));
      }
    }
    if (ts.isExpressionStatement(node) && ts.isBinaryExpression(node.expression)) {
      // `a.x = a.y = function y () {}`: the innermost assignment declares, the outer names alias it.
      // The one whose name the function carries wins (`res.contentType = res.type = function contentType`).
      const chain = assignmentChain(ts, node.expression);
      const value = skipOuterExpressions(ts, chain[chain.length - 1].right);
      const ownName = ts.isFunctionExpression(value) || ts.isClassExpression(value) ? value.name?.text : undefined;
      const inner = chain.find((link) => ownName !== undefined && ts.isPropertyAccessExpression(link.left) && link.left.name.text === ownName) ?? chain[chain.length - 1];
      if (declareCommonJsExport(inner, prefix, node, value) || (isJs && declareJsAssignment(inner, node, value, prefix))) {
        const id = declToId.get(inner);
        if (id) {
          for (const outer of chain) {
            if (outer === inner || !ts.isPropertyAccessExpression(outer.left)) continue;
            declToId.set(outer.left, id);
            const alias = memberName(ts, outer.left);
            if (alias) aliases.set(qualify(prefix, alias), id);
          }
        }
        return;
      }
    }
    if (isJs && ts.isFunctionExpression(node) && node.name && !declToId.has(node)) {
      // A named function expression in JS (`router.use(path, function mounted_app () {})`, `return
      // function proxy () {}`): editors list it under its own name, so it is a node of its own.
      const name = qualify(prefix, node.name.text);
      add(node, node, name, 'function', false, symbolOf(node));
      return visitChildren(node, name);
    }
    if (isJs && ts.isExpressionStatement(node) && ts.isCallExpression(node.expression)) {
      if (declareDefineProperty(node.expression, prefix)) return;
    }
    visitChildren(node, prefix);
  };

  // Iterative (PreorderWalk): generated code nests tens of thousands of levels deep. Work a recursive
  // walk would do later is scheduled instead, so nodes are declared in exactly the pre-order a
  // recursive walk gives (ids and their `~N` depend on it).
  const preorder = new PreorderWalk<string>(ts);
  const later = (task: () => void): void => preorder.task(task);
  const visitChildren = (node: TS.Node, prefix: string): void => preorder.children(node, prefix);

  const visitClassMembers = (cls: TS.ClassLikeDeclaration, name: string): void => {
    for (const m of cls.members) later(() => declareClassMember(m, name));
  };

  const declareClassMember = (m: TS.ClassElement, name: string): void => {
    const isStatic = isStaticMember(m);
    const memberName = m.name && propertyNameText(ts, m.name);
    if (ts.isConstructorDeclaration(m)) {
      add(m, m, `${name}.constructor`, 'constructor', false, symbolOf(m) ?? undefined);
      visitChildren(m, `${name}.constructor`);
    } else if (memberName !== undefined && ts.isMethodDeclaration(m)) {
      add(m, m, `${name}.${memberName}`, 'method', isStatic, symbolOf(m));
      visitChildren(m, `${name}.${memberName}`);
    } else if (memberName !== undefined && ts.isGetAccessorDeclaration(m)) {
      add(m, m, `${name}.${memberName}`, 'getter', isStatic);
      visitChildren(m, `${name}.${memberName}`);
    } else if (memberName !== undefined && ts.isSetAccessorDeclaration(m)) {
      add(m, m, `${name}.${memberName}`, 'setter', isStatic);
      visitChildren(m, `${name}.${memberName}`);
    } else if (memberName !== undefined && ts.isPropertyDeclaration(m) && m.initializer && isFunctionLike(ts, skipOuterExpressions(ts, m.initializer))) {
      const id = add(m, m, `${name}.${memberName}`, 'property', isStatic);
      declToId.set(skipOuterExpressions(ts, m.initializer), id);
      visitChildren(m, `${name}.${memberName}`);
    } else {
      visitChildren(m, name);
    }
  };

  const declareSignature = (m: TS.TypeElement, container: string): void => {
    const memberName = m.name && propertyNameText(ts, m.name);
    if (memberName === undefined) return;
    if (ts.isMethodSignature(m) || (ts.isPropertySignature(m) && m.type && ts.isFunctionTypeNode(m.type))) {
      add(m, m, `${container}.${memberName}`, 'method-signature', false, symbolOf(m));
    }
  };

  const declareVariable = (d: TS.VariableDeclaration, stmt: TS.VariableStatement, prefix: string, exported: boolean): void => {
    if (!ts.isIdentifier(d.name)) {
      if (!exported) visitChildren(d, prefix);
      return;
    }
    const span = stmt.declarationList.declarations.length === 1 ? stmt : d;
    const name = qualify(prefix, d.name.text);
    let init = d.initializer && skipOuterExpressions(ts, d.initializer);
    if (init && isJs && ts.isBinaryExpression(init) && init.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
      // `var proto = module.exports = function () {}`: the variable names the function, the export aliases it.
      const chain = assignmentChain(ts, init);
      const value = skipOuterExpressions(ts, chain[chain.length - 1].right);
      if (isFunctionLike(ts, value)) {
        const id = add(d, span, name, !prefix && constructorFunctions.has(name) ? 'class' : 'function', false, symbolOf(d));
        for (const link of chain) {
          declToId.set(link, id);
          if (ts.isPropertyAccessExpression(link.left)) declToId.set(link.left, id);
        }
        init = value;
        declToId.set(init, id);
        return visitChildren(init, name);
      }
      if (ts.isObjectLiteralExpression(value)) return declareObjectLiteral(value, name); // `const parsers = (exports.parsers = { … })`
    }
    if (init && isFunctionLike(ts, init)) {
      const id = add(d, span, name, !prefix && constructorFunctions.has(name) ? 'class' : 'function', false, symbolOf(d));
      declToId.set(init, id);
      return visitChildren(init, name);
    }
    if (init && ts.isClassExpression(init)) {
      add(d, span, name, 'class', false, symbolOf(d));
      declToId.set(init, declToId.get(d)!);
      return visitClassMembers(init, name);
    }
    if (exported) add(d, span, name, 'variable', false, symbolOf(d));
    if (init && ts.isObjectLiteralExpression(init)) return declareObjectLiteral(init, name);
    if (init) visitChildren(init, prefix);
  };

  const declareObjectLiteral = (obj: TS.ObjectLiteralExpression, name: string): void => {
    for (const p of obj.properties) later(() => declareProperty(p, name));
  };

  const declareProperty = (p: TS.ObjectLiteralElementLike, name: string): void => {
    const memberName = p.name && propertyNameText(ts, p.name);
    if (memberName === undefined) {
      visitChildren(p, name);
      return;
    }
    const qualified = qualify(name, memberName);
    if (ts.isMethodDeclaration(p)) {
      add(p, p, qualified, 'method', false);
      visitChildren(p, qualified);
    } else if (ts.isGetAccessorDeclaration(p)) {
      add(p, p, qualified, 'getter', false);
      visitChildren(p, qualified);
    } else if (ts.isSetAccessorDeclaration(p)) {
      add(p, p, qualified, 'setter', false);
      visitChildren(p, qualified);
    } else if (ts.isPropertyAssignment(p)) {
      const init = skipOuterExpressions(ts, p.initializer);
      if (isFunctionLike(ts, init)) {
        const id = add(p, p, qualified, 'function', false);
        declToId.set(init, id);
        visitChildren(init, qualified);
      } else if (ts.isObjectLiteralExpression(init)) {
        declareObjectLiteral(init, qualified);
      } else {
        visitChildren(p, name);
      }
    } else {
      visitChildren(p, name);
    }
  };

  /** `exports.f = function () {}`, `module.exports.f = () => {}`, `module.exports = { f() {} }` in JS files. */
  const declareCommonJsExport = (bin: TS.BinaryExpression, prefix: string, statement: TS.Node, init: TS.Expression): boolean => {
    if (bin.operatorToken.kind !== ts.SyntaxKind.EqualsToken || prefix) return false;
    const target = commonJsExportName(ts, bin.left);
    if (target === undefined) return false;
    if (target === '' && ts.isObjectLiteralExpression(init)) {
      // The module object's members are the exports: `f`, a getter `header`, `o.f` of a nested literal.
      declareObjectLiteral(init, '');
      return true;
    }
    if (ts.isClassExpression(init)) {
      // `module.exports = class Foo {}` (the file's base name when anonymous), `exports.Foo = class {}`.
      const name = target || (init.name?.text ?? baseName);
      const id = add(bin.left, statement, name, 'class', false);
      declToId.set(bin, id);
      declToId.set(init, id);
      visitClassMembers(init, name);
      return true;
    }
    if (!isFunctionLike(ts, init)) return false;
    // `module.exports = function f () {}` is `f`; an anonymous one takes the file's base name.
    const name = target || ((init as TS.FunctionExpression).name?.text ?? baseName);
    const id = add(bin.left, statement, name, !target && constructorFunctions.has(name) ? 'class' : 'function', false);
    declToId.set(bin, id);
    declToId.set(init, id);
    visitChildren(init, name);
    return true;
  };

  /**
   * JavaScript's other declaring assignments, the shapes TypeScript's binder gives symbols to: at
   * the top level `X.prototype.m = function` (method `X.m`), `X.prototype = { m() {} }`, expandos
   * `obj.m = function` / `a.b.m = () => {}` on local objects and functions (static methods `X.m`
   * when X is a constructor function), `module.exports.a.b = function`; inside a function `f`, a
   * function expando `obj.m = function` only, named `f.obj.m`.
   */
  const declareJsAssignment = (bin: TS.BinaryExpression, statement: TS.Node, init: TS.Expression, prefix: string): boolean => {
    if (bin.operatorToken.kind !== ts.SyntaxKind.EqualsToken) return false;
    let names = dottedNames(ts, bin.left);
    if (!names || names.length < 2 || names[0] === 'this') return false;
    // Inside a function only plain expandos (`context.describe = function`), never exports or prototypes.
    if (prefix && (names[0] === 'module' || names[0] === 'exports' || names.includes('prototype') || !isFunctionLike(ts, init))) return false;
    if (names[0] === 'module' && names[1] === 'exports') names = names.slice(2);
    else if (names[0] === 'exports') names = names.slice(1);
    const protoAt = names.indexOf('prototype');
    if (names.length === 0 || (protoAt >= 0 && protoAt < names.length - 2) || protoAt === 0) return false;
    if (protoAt === names.length - 1) {
      // `X.prototype = { m() {}, n: function () {} }`
      if (!ts.isObjectLiteralExpression(init)) return false;
      const owner = names.slice(0, -1).join('.');
      for (const p of init.properties) later(() => declarePrototypeMember(p, owner));
      return true;
    }
    const isPrototypeMember = protoAt >= 0 && protoAt === names.length - 2;
    const owner = names.slice(0, isPrototypeMember ? -2 : -1).join('.');
    // Inside a function the name is qualified by it, like a nested function (`bdd.context.describe`).
    const name = qualify(prefix, `${owner ? owner + '.' : ''}${names[names.length - 1]}`);
    if (isFunctionLike(ts, init)) {
      const isStatic = !prefix && !isPrototypeMember && names.length === 2 && constructorFunctions.has(owner);
      const kind: NodeKind = isPrototypeMember || isStatic ? 'method' : !prefix && !owner && constructorFunctions.has(name) ? 'class' : 'function';
      const id = add(bin.left, statement, name, kind, isStatic);
      declToId.set(bin, id);
      declToId.set(init, id);
      visitChildren(init, name);
      return true;
    }
    if (ts.isClassExpression(init)) {
      const id = add(bin.left, statement, name, 'class', false);
      declToId.set(init, id);
      visitClassMembers(init, name);
      return true;
    }
    if (ts.isObjectLiteralExpression(init) && !isPrototypeMember) {
      declareObjectLiteral(init, name);
      return true;
    }
    return false;
  };

  /** A member of `X.prototype = { … }`: an instance method (or accessor) of X. */
  const declarePrototypeMember = (p: TS.ObjectLiteralElementLike, owner: string): void => {
    const memberName = p.name && propertyNameText(ts, p.name);
    const value = ts.isPropertyAssignment(p) ? skipOuterExpressions(ts, p.initializer) : undefined;
    if (memberName === undefined || !(ts.isMethodDeclaration(p) || ts.isGetAccessorDeclaration(p) || ts.isSetAccessorDeclaration(p) || (value && isFunctionLike(ts, value)))) {
      visitChildren(p, owner);
      return;
    }
    const kind: NodeKind = ts.isGetAccessorDeclaration(p) ? 'getter' : ts.isSetAccessorDeclaration(p) ? 'setter' : 'method';
    const id = add(p, p, `${owner}.${memberName}`, kind, false);
    if (value) declToId.set(value, id);
    visitChildren(value ?? p, `${owner}.${memberName}`);
  };

  /** `Object.defineProperty(obj, 'name', { get: function () {}, set (v) {}, value: function () {} })`. */
  const declareDefineProperty = (call: TS.CallExpression, prefix: string): boolean => {
    const callee = call.expression;
    if (!ts.isPropertyAccessExpression(callee) || !ts.isIdentifier(callee.expression) || callee.expression.text !== 'Object' || callee.name.text !== 'defineProperty') return false;
    const [objArg, nameArg, descArg] = call.arguments;
    if (!objArg || !nameArg || !descArg || !ts.isStringLiteralLike(nameArg) || !ts.isObjectLiteralExpression(descArg)) return false;
    let names = dottedNames(ts, objArg);
    if (!names) return false;
    if (names[0] === 'this') {
      // `Object.defineProperty(this, 'router', …)` inside `app.lazyrouter` or constructor function `Foo`.
      const receiver = constructorFunctions.has(prefix) ? prefix : prefix.slice(0, Math.max(0, prefix.lastIndexOf('.')));
      if (!receiver) return false;
      names = [...receiver.split('.'), ...names.slice(1)];
    } else if (prefix) {
      return false;
    }
    if (names[0] === 'module' && names[1] === 'exports') names = names.slice(2);
    else if (names[0] === 'exports') names = names.slice(1);
    if (names[names.length - 1] === 'prototype') names = names.slice(0, -1);
    const name = [...names, nameArg.text].join('.');
    let declared = false;
    for (const p of descArg.properties) {
      const key = p.name && propertyNameText(ts, p.name);
      const value = ts.isPropertyAssignment(p) ? skipOuterExpressions(ts, p.initializer) : ts.isMethodDeclaration(p) ? p : undefined;
      if (!value || !(value === p || isFunctionLike(ts, value)) || (key !== 'get' && key !== 'set' && key !== 'value')) continue;
      const kind: NodeKind = key === 'get' ? 'getter' : key === 'set' ? 'setter' : 'function';
      const id = add(p, p, name, kind, false);
      declToId.set(value, id);
      declared = true;
      later(() => visitChildren(value, name));
    }
    return declared;
  };

  const isJs = (sf.flags & ts.NodeFlags.JavaScriptFile) !== 0;
  const baseName = path.posix.basename(file).replace(/\.[^.]*$/, '');
  /** Top-level functions whose prototype gets members: constructor functions, class-like nodes. */
  const constructorFunctions = isJs ? findConstructorFunctions(ts, sf) : new Set<string>();

  visitChildren(sf, '');
  preorder.run(visit);
  return { file, external, nodes, byId, declToId, moduleId: external ? '' : moduleNode.id, ...(aliases.size ? { aliases } : {}) };
}

/**
 * `s` as a string of its own. A name read from the compiler's tree is, in V8, a slice of the whole
 * file's text (and an id built from it a rope over that slice), so a graph that kept the names kept
 * every declaring file's text: after an edit, the replaced text too, for as long as another file's
 * edge named a node of it (ra-core: 2.4 of the live graph's 5.1 MB were such texts). A JSON round
 * trip makes a flat copy, exact for any string (a lone surrogate is escaped and restored), ~0.25 µs
 * each; cutting a longer string (`(s + ' ').slice(0, -1)`) was twice as fast but is itself a slice,
 * 44 bytes more per name. Nothing in the language promises either, so the effect is checked by a
 * test (test/indexer/retainedText.test.ts) rather than assumed.
 */
function ownString(s: string): string {
  return JSON.parse(JSON.stringify(s)) as string;
}

/** A file reduced to its module node: what a file whose declarations cannot be named contributes. */
export function moduleOnly(sf: TS.SourceFile, file: string, external: boolean, failure: string, text = sf.text): DeclaredFile {
  const nodes: GraphNode[] = [];
  const byId = new Map<string, GraphNode>();
  const declToId = new Map<TS.Node, string>();
  const id = ownString(nodeId(file, file, 'module'));
  if (!external) {
    const node: GraphNode = { id, name: file, kind: 'module', file, offset: 1, limit: countLines(text) };
    nodes.push(node);
    byId.set(id, node);
    declToId.set(sf, id);
  }
  return { file, external, nodes, byId, declToId, moduleId: external ? '' : id, failure };
}

export function countLines(text: string): number {
  if (text.length === 0) return 1;
  let n = 1;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) n++;
  return text.endsWith('\n') ? n - 1 : n;
}

export function propertyNameText(ts: typeof TS, name: TS.PropertyName | TS.BindingName): string | undefined {
  if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name) || ts.isPrivateIdentifier(name)) return name.text;
  return undefined;
}

export function skipOuterExpressions(ts: typeof TS, e: TS.Expression): TS.Expression {
  for (;;) {
    if (ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isNonNullExpression(e) || ts.isSatisfiesExpression(e) || ts.isTypeAssertionExpression(e)) e = e.expression;
    else return e;
  }
}

export function isFunctionLike(ts: typeof TS, e: TS.Node): e is TS.ArrowFunction | TS.FunctionExpression {
  return ts.isArrowFunction(e) || ts.isFunctionExpression(e);
}

function hasExportModifier(ts: typeof TS, node: TS.Node): boolean {
  return (ts.getCombinedModifierFlags(node as TS.Declaration) & ts.ModifierFlags.Export) !== 0;
}

function isTopLevelOf(ts: typeof TS, node: TS.Node): boolean {
  const p = node.parent;
  return !!p && (ts.isSourceFile(p) || ts.isModuleBlock(p));
}

/** The name `X.prototype.m` / `exports.a.b` / `obj.m` declares: `X.m`, `a.b`, `obj.m`. */
function memberName(ts: typeof TS, left: TS.Expression): string | undefined {
  let names = dottedNames(ts, left);
  if (!names || names[0] === 'this') return undefined;
  if (names[0] === 'module' && names[1] === 'exports') names = names.slice(2);
  else if (names[0] === 'exports') names = names.slice(1);
  if (names.length >= 3 && names[names.length - 2] === 'prototype') names = [...names.slice(0, -2), names[names.length - 1]];
  return names.length > 0 && !names.includes('prototype') ? names.join('.') : undefined;
}

/** `a = b = c = value` → the assignments outermost first (just `bin` when it is no chain). */
function assignmentChain(ts: typeof TS, bin: TS.BinaryExpression): TS.BinaryExpression[] {
  const chain = [bin];
  for (;;) {
    const last = chain[chain.length - 1];
    if (last.operatorToken.kind !== ts.SyntaxKind.EqualsToken) return chain;
    const right = skipOuterExpressions(ts, last.right);
    if (!ts.isBinaryExpression(right) || right.operatorToken.kind !== ts.SyntaxKind.EqualsToken) return chain;
    chain.push(right);
  }
}

/** `a.b.c` → ['a', 'b', 'c'] (identifiers and `this` only), else undefined. */
function dottedNames(ts: typeof TS, e: TS.Expression): string[] | undefined {
  const names: string[] = [];
  let cur: TS.Expression = e;
  while (ts.isPropertyAccessExpression(cur)) {
    if (!ts.isIdentifier(cur.name)) return undefined;
    names.push(cur.name.text);
    cur = cur.expression;
  }
  if (ts.isIdentifier(cur)) names.push(cur.text);
  else if (cur.kind === ts.SyntaxKind.ThisKeyword) names.push('this');
  else return undefined;
  return names.reverse();
}

/** Names X of top-level `X.prototype.m = …` / `X.prototype = …` statements: constructor functions. */
function findConstructorFunctions(ts: typeof TS, sf: TS.SourceFile): Set<string> {
  const found = new Set<string>();
  for (const st of sf.statements) {
    if (!ts.isExpressionStatement(st) || !ts.isBinaryExpression(st.expression) || st.expression.operatorToken.kind !== ts.SyntaxKind.EqualsToken) continue;
    const names = dottedNames(ts, st.expression.left);
    if (!names || names[0] === 'this') continue;
    const at = names.indexOf('prototype');
    if (at === 1 && names.length <= 3) found.add(names[0]);
  }
  return found;
}

/** '' for `module.exports = …`, the name for `exports.x = …` / `module.exports.x = …`, else undefined. */
function commonJsExportName(ts: typeof TS, left: TS.Expression): string | undefined {
  const isModuleExports = (e: TS.Expression) =>
    ts.isPropertyAccessExpression(e) && ts.isIdentifier(e.expression) && e.expression.text === 'module' && e.name.text === 'exports';
  if (isModuleExports(left)) return '';
  if (ts.isPropertyAccessExpression(left)) {
    const obj = left.expression;
    if ((ts.isIdentifier(obj) && obj.text === 'exports') || isModuleExports(obj)) return left.name.text;
  }
  return undefined;
}
