import type * as TS from 'typescript';
import type { Checker } from '../../compiler/CompilerPort';
import type { GraphNode } from '../../graph/GraphTypes';
import { DeclaredFile, nodeId } from './declareFile';
import { propertyNameText } from './syntax';
import type { SymbolTargets, Target } from '../symbolTargets';

/**
 * The extracting pass's one fallback of its own: `this.x` where the checker has no type for `this`
 * names a node of the same file (a sibling of the function's receiver, a member of the object
 * literal the function belongs to). Only asked when the compiler has no answer.
 */
export class ThisFallback {
  constructor(
    private readonly ts: typeof TS,
    private readonly checker: Checker,
    private readonly declared: DeclaredFile,
    private readonly targets: SymbolTargets,
  ) {}

  /**
   * `this.m()` the checker cannot type (`app.init = function () { this.set() }` where `app` is
   * `exports = module.exports = {}`): inside a function declared as `obj.f`, `this` is `obj`, so a
   * sibling `obj.m` declared in this file is the target; inside a member of an object literal
   * (`module.exports = { is () { this.accepts() } }`, a getter), the literal's member of that name.
   * Only where the compiler has no answer.
   */
  memberTargets(pa: TS.PropertyAccessExpression): Target[] {
    const { ts, declared } = this;
    const fn = this.container(pa);
    // A member of an object literal: first its siblings, then (below) `obj.m` declared elsewhere in the file.
    const literal = fn && this.objectLiteralOfMember(fn);
    const siblings = literal ? this.siblingTargets(literal, pa.name.text, THIS_CALL_KINDS) : [];
    if (siblings.length > 0) return siblings;
    const containerId = fn && (ts.isFunctionExpression(fn) || ts.isFunctionDeclaration(fn) || literal) ? declared.declToId.get(fn) : undefined;
    return this.receiverMembers(containerId, pa.name.text, THIS_MEMBER_KINDS, true);
  }

  /**
   * Members `receiver.name` of the given kinds declared in this file, where `receiver` is what `this`
   * is inside the node `containerId` (`obj` for `obj.f`, the class for a class node); `aliases` adds
   * the names a chained assignment gave it.
   */
  private receiverMembers(containerId: string | undefined, member: string, kinds: ReadonlyArray<[GraphNode['kind'], boolean]>, aliases: boolean): Target[] {
    const { declared } = this;
    const container = containerId && declared.byId.get(containerId);
    if (!container) return [];
    const receiver = container.kind === 'class' ? container.name : container.name.slice(0, Math.max(0, container.name.lastIndexOf('.')));
    if (!receiver) return [];
    const out: Target[] = [];
    const name = `${receiver}.${member}`;
    const ids = kinds.map(([kind, isStatic]) => nodeId(declared.file, name, kind, isStatic));
    const alias = aliases ? declared.aliases?.get(name) : undefined;
    if (alias) ids.push(alias);
    for (const id of ids) {
      const node = declared.byId.get(id);
      if (node && !node.external && !out.some((t) => t.id === id)) out.push({ id: node.id, kind: node.kind, file: node.file, isAbstract: false });
    }
    return out;
  }

  /** What `this` in `this.x` is bound by: the nearest function that is not an arrow, accessor, class or the file. */
  private container(pa: TS.PropertyAccessExpression): TS.Node | undefined {
    const { ts } = this;
    let fn: TS.Node | undefined = pa.parent;
    while (fn && !(ts.isFunctionExpression(fn) || ts.isFunctionDeclaration(fn) || ts.isMethodDeclaration(fn) || ts.isAccessor(fn) || ts.isClassLike(fn) || ts.isSourceFile(fn))) fn = fn.parent;
    return fn;
  }

  /**
   * The object literal whose member `fn` is (`{ m () {} }`, `{ get x () {} }`, `{ f: function () {} }`),
   * when that member is a node: inside it `this` is the literal, whatever the literal's name.
   */
  private objectLiteralOfMember(fn: TS.Node): TS.ObjectLiteralExpression | undefined {
    const { ts } = this;
    const member = ts.isFunctionExpression(fn) && ts.isPropertyAssignment(fn.parent) ? fn.parent : fn;
    return this.declared.declToId.has(member) && ts.isObjectLiteralExpression(member.parent) ? member.parent : undefined;
  }

  /** The nodes a member `name` of `literal` declares, of the given kinds (a getter for a read, a setter for a write). */
  private siblingTargets(literal: TS.ObjectLiteralExpression, name: string, kinds: ReadonlySet<GraphNode['kind']>): Target[] {
    const { ts, declared } = this;
    const out: Target[] = [];
    for (const p of literal.properties) {
      const id = p.name && propertyNameText(ts, p.name) === name ? declared.declToId.get(p) : undefined;
      const node = id && declared.byId.get(id);
      if (node && kinds.has(node.kind) && !out.some((t) => t.id === node.id)) out.push({ id: node.id, kind: node.kind, file: node.file, isAbstract: false });
    }
    return out;
  }

  /**
   * `this.x` read or written inside a member of an object literal when the checker has no answer:
   * in JavaScript a `this.x = …` before the literal declares `x` names a symbol of its own (the
   * binder's), so the literal's type is asked; where `this` has no type (`@type {any}`), the sibling.
   */
  propertyTargets(pa: TS.PropertyAccessExpression, writes: boolean): Target[] {
    const { checker } = this;
    if ((pa.getSourceFile().flags & this.ts.NodeFlags.JavaScriptFile) !== 0) {
      const prop = checker.getPropertyOfType(checker.getTypeAtLocation(pa.expression), pa.name.text);
      const found = prop && prop !== checker.getSymbolAtLocation(pa.name) ? this.targets.targetsOf(prop) : [];
      if (found.length > 0) return found;
    }
    const fn = this.container(pa);
    const literal = fn && this.objectLiteralOfMember(fn);
    if (literal) return this.siblingTargets(literal, pa.name.text, writes ? THIS_WRITE_KINDS : THIS_READ_KINDS);
    // An accessor the checker does not know (`Object.defineProperties(Reply.prototype, { sent: { get () {} } })`)
    // read or written inside a function declared as `Reply.x`: the receiver's accessor of that name.
    const containerId = fn && (this.ts.isFunctionExpression(fn) || this.ts.isFunctionDeclaration(fn)) ? this.declared.declToId.get(fn) : undefined;
    return this.receiverMembers(containerId, pa.name.text, writes ? [['setter', false]] : [['getter', false]], false);
  }
}

/** What `this.m()` may name when the checker has no type for `this`: a sibling function, method or property. */
const THIS_MEMBER_KINDS: ReadonlyArray<[GraphNode['kind'], boolean]> = [
  ['function', false],
  ['method', false],
  ['method', true],
  ['property', false],
];

/** What `this.x()`, `this.x` and `this.x = …` may name among an object literal's members when `this` has no type. */
const THIS_CALL_KINDS: ReadonlySet<GraphNode['kind']> = new Set(['function', 'method', 'property']);
const THIS_READ_KINDS: ReadonlySet<GraphNode['kind']> = new Set(['function', 'method', 'property', 'getter']);
const THIS_WRITE_KINDS: ReadonlySet<GraphNode['kind']> = new Set(['setter']);
