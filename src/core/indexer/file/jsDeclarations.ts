import type * as TS from 'typescript';
import { NodeKind } from '../../graph/GraphTypes';
import { commonJsExportName, dottedNames, isFunctionLike, propertyNameText, qualify, skipOuterExpressions } from './syntax';

/** What the JavaScript declarations need of the file's declaring pass (`declareFile`'s FileDeclarer). */
export interface Declarer {
  readonly ts: typeof TS;
  readonly declToId: Map<TS.Node, string>;
  /** The file's name without extension: what an anonymous `module.exports = function` is called. */
  readonly baseName: string;
  /** Top-level functions whose prototype gets members: constructor functions, class-like nodes. */
  readonly constructorFunctions: Set<string>;
  add(decl: TS.Node, spanNode: TS.Node, qualifiedName: string, kind: NodeKind, isStatic: boolean): string;
  later(task: () => void): void;
  visitChildren(node: TS.Node, prefix: string): void;
  visitClassMembers(cls: TS.ClassLikeDeclaration, name: string): void;
  declareObjectLiteral(obj: TS.ObjectLiteralExpression, name: string): void;
}

/**
 * The declarations JavaScript writes as assignments and calls, which TypeScript's binder gives
 * symbols to: CommonJS exports, prototype members, expandos, `Object.defineProperty`. Part of the
 * declaring pass: each adds nodes through the declarer, in the walk's order.
 */
export class JsDeclarations {
  constructor(private readonly d: Declarer) {}

  /** `exports.f = function () {}`, `module.exports.f = () => {}`, `module.exports = { f() {} }` in JS files. */
  commonJsExport(bin: TS.BinaryExpression, prefix: string, statement: TS.Node, init: TS.Expression): boolean {
    const { ts, declToId, baseName } = this.d;
    if (bin.operatorToken.kind !== ts.SyntaxKind.EqualsToken || prefix) return false;
    const target = commonJsExportName(ts, bin.left);
    if (target === undefined) return false;
    if (target === '' && ts.isObjectLiteralExpression(init)) {
      // The module object's members are the exports: `f`, a getter `header`, `o.f` of a nested literal.
      this.d.declareObjectLiteral(init, '');
      return true;
    }
    if (ts.isClassExpression(init)) {
      // `module.exports = class Foo {}` (the file's base name when anonymous), `exports.Foo = class {}`.
      const name = target || (init.name?.text ?? baseName);
      const id = this.d.add(bin.left, statement, name, 'class', false);
      declToId.set(bin, id);
      declToId.set(init, id);
      this.d.visitClassMembers(init, name);
      return true;
    }
    if (!isFunctionLike(ts, init)) return false;
    // `module.exports = function f () {}` is `f`; an anonymous one takes the file's base name.
    const name = target || ((init as TS.FunctionExpression).name?.text ?? baseName);
    const id = this.d.add(bin.left, statement, name, !target && this.d.constructorFunctions.has(name) ? 'class' : 'function', false);
    declToId.set(bin, id);
    declToId.set(init, id);
    this.d.visitChildren(init, name);
    return true;
  }

  /**
   * JavaScript's other declaring assignments, the shapes TypeScript's binder gives symbols to: at
   * the top level `X.prototype.m = function` (method `X.m`), `X.prototype = { m() {} }`, expandos
   * `obj.m = function` / `a.b.m = () => {}` on local objects and functions (static methods `X.m`
   * when X is a constructor function), `module.exports.a.b = function`; inside a function `f`, a
   * function expando `obj.m = function` only, named `f.obj.m`.
   */
  assignment(bin: TS.BinaryExpression, statement: TS.Node, init: TS.Expression, prefix: string): boolean {
    const { ts, declToId, constructorFunctions } = this.d;
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
      for (const p of init.properties) this.d.later(() => this.prototypeMember(p, owner));
      return true;
    }
    const isPrototypeMember = protoAt >= 0 && protoAt === names.length - 2;
    const owner = names.slice(0, isPrototypeMember ? -2 : -1).join('.');
    // Inside a function the name is qualified by it, like a nested function (`bdd.context.describe`).
    const name = qualify(prefix, `${owner ? owner + '.' : ''}${names[names.length - 1]}`);
    if (isFunctionLike(ts, init)) {
      const isStatic = !prefix && !isPrototypeMember && names.length === 2 && constructorFunctions.has(owner);
      const kind: NodeKind = isPrototypeMember || isStatic ? 'method' : !prefix && !owner && constructorFunctions.has(name) ? 'class' : 'function';
      const id = this.d.add(bin.left, statement, name, kind, isStatic);
      declToId.set(bin, id);
      declToId.set(init, id);
      this.d.visitChildren(init, name);
      return true;
    }
    if (ts.isClassExpression(init)) {
      const id = this.d.add(bin.left, statement, name, 'class', false);
      declToId.set(init, id);
      this.d.visitClassMembers(init, name);
      return true;
    }
    if (ts.isObjectLiteralExpression(init) && !isPrototypeMember) {
      this.d.declareObjectLiteral(init, name);
      return true;
    }
    return false;
  }

  /** A member of `X.prototype = { … }`: an instance method (or accessor) of X. */
  private prototypeMember(p: TS.ObjectLiteralElementLike, owner: string): void {
    const { ts } = this.d;
    const memberName = p.name && propertyNameText(ts, p.name);
    const value = ts.isPropertyAssignment(p) ? skipOuterExpressions(ts, p.initializer) : undefined;
    if (memberName === undefined || !(ts.isMethodDeclaration(p) || ts.isGetAccessorDeclaration(p) || ts.isSetAccessorDeclaration(p) || (value && isFunctionLike(ts, value)))) {
      this.d.visitChildren(p, owner);
      return;
    }
    const kind: NodeKind = ts.isGetAccessorDeclaration(p) ? 'getter' : ts.isSetAccessorDeclaration(p) ? 'setter' : 'method';
    const id = this.d.add(p, p, `${owner}.${memberName}`, kind, false);
    if (value) this.d.declToId.set(value, id);
    this.d.visitChildren(value ?? p, `${owner}.${memberName}`);
  }

  /** `Object.defineProperty(obj, 'name', { get: function () {}, set (v) {}, value: function () {} })`. */
  defineProperty(call: TS.CallExpression, prefix: string): boolean {
    const { ts } = this.d;
    if (!isObjectCall(ts, call, 'defineProperty')) return false;
    const [objArg, nameArg, descArg] = call.arguments;
    if (!objArg || !nameArg || !descArg || !ts.isStringLiteralLike(nameArg) || !ts.isObjectLiteralExpression(descArg)) return false;
    const owner = this.definedOn(objArg, prefix, false);
    return owner !== undefined && this.descriptor(descArg, qualify(owner, nameArg.text));
  }

  /**
   * `Object.defineProperties(X.prototype, { name: { get () {} }, run: { value: function () {} } })`:
   * each descriptor's accessors and function value, named like defineProperty's (`X.name`). Also on
   * a local object inside a function (`Object.defineProperties(fastify, { … })`), named like that
   * object's literal members (`fastify.fastify.x` inside function `fastify`).
   */
  defineProperties(call: TS.CallExpression, prefix: string): boolean {
    const { ts } = this.d;
    if (!isObjectCall(ts, call, 'defineProperties')) return false;
    const [objArg, descriptors] = call.arguments;
    if (!objArg || !descriptors || !ts.isObjectLiteralExpression(descriptors)) return false;
    const owner = this.definedOn(objArg, prefix, true);
    if (owner === undefined) return false;
    let declared = false;
    for (const p of descriptors.properties) {
      const key = p.name && propertyNameText(ts, p.name);
      const desc = ts.isPropertyAssignment(p) ? skipOuterExpressions(ts, p.initializer) : undefined;
      if (key !== undefined && desc && ts.isObjectLiteralExpression(desc) && this.descriptor(desc, qualify(owner, key))) declared = true;
      else this.d.visitChildren(p, prefix);
    }
    return declared;
  }

  /**
   * The qualified name of the object properties are defined on: `X` for `X.prototype`, `module.exports`
   * and `exports` dropped, `this` the receiver of the function it is in; a local object inside a
   * function (`inFunction`) under the function's name. Undefined for anything else.
   */
  private definedOn(objArg: TS.Expression, prefix: string, inFunction: boolean): string | undefined {
    const { ts } = this.d;
    let names = dottedNames(ts, objArg);
    if (!names) return undefined;
    if (names[0] === 'this') {
      // `Object.defineProperty(this, 'router', …)` inside `app.lazyrouter` or constructor function `Foo`.
      const receiver = this.d.constructorFunctions.has(prefix) ? prefix : prefix.slice(0, Math.max(0, prefix.lastIndexOf('.')));
      if (!receiver) return undefined;
      names = [...receiver.split('.'), ...names.slice(1)];
    } else if (prefix) {
      if (!inFunction) return undefined;
      names = [...prefix.split('.'), ...names];
    }
    if (names[0] === 'module' && names[1] === 'exports') names = names.slice(2);
    else if (names[0] === 'exports') names = names.slice(1);
    if (names[names.length - 1] === 'prototype') names = names.slice(0, -1);
    return names.join('.');
  }

  /** A property descriptor's `get`, `set` and function `value` as nodes named `name`; false when it has none. */
  private descriptor(descArg: TS.ObjectLiteralExpression, name: string): boolean {
    const { ts } = this.d;
    let declared = false;
    for (const p of descArg.properties) {
      const key = p.name && propertyNameText(ts, p.name);
      const value = ts.isPropertyAssignment(p) ? skipOuterExpressions(ts, p.initializer) : ts.isMethodDeclaration(p) ? p : undefined;
      if (!value || !(value === p || isFunctionLike(ts, value)) || (key !== 'get' && key !== 'set' && key !== 'value')) continue;
      const kind: NodeKind = key === 'get' ? 'getter' : key === 'set' ? 'setter' : 'function';
      const id = this.d.add(p, p, name, kind, false);
      this.d.declToId.set(value, id);
      declared = true;
      this.d.later(() => this.d.visitChildren(value, name));
    }
    return declared;
  }
}

/** `Object.<method>(…)`. */
function isObjectCall(ts: typeof TS, call: TS.CallExpression, method: string): boolean {
  const callee = call.expression;
  return ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression) && callee.expression.text === 'Object' && callee.name.text === method;
}
