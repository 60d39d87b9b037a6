import { createHash } from 'crypto';
import type * as TS from 'typescript';
import { PreorderWalk } from './PreorderWalk';

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
  if (!/\.[mc]?tsx?$/.test(sf.fileName) || !ts.isExternalModule(sf)) return undefined;
  const flagsMask = ts.NodeFlags.BlockScoped | ts.NodeFlags.NestedNamespace | ts.NodeFlags.Namespace | ts.NodeFlags.OptionalChain | ts.NodeFlags.GlobalAugmentation;
  const hash = createHash('sha1');
  const walk = new PreorderWalk<undefined>(ts);
  walk.children(sf, undefined);
  walk.run((node) => {
    hash.update(`${node.kind}.${node.flags & flagsMask}`);
    const text = leafText(ts, node);
    if (text !== undefined) hash.update(`:${text.length}:${text}`);
    hash.update(';');
    if (typeFixedBody(ts, node)) {
      hash.update('{}');
      // Everything but the body: parameters, type parameters, the return type, modifiers, decorators.
      ts.forEachChild(node, (child) => {
        if (child !== (node as TS.FunctionLikeDeclaration).body) walk.node(child, undefined);
      });
      return;
    }
    walk.children(node, undefined);
  });
  return hash.digest('base64');
}

/** Whether `node` is a function whose body cannot change its type: the type is written out. */
function typeFixedBody(ts: typeof TS, node: TS.Node): boolean {
  if (!ts.isFunctionLike(node) || !(node as TS.FunctionLikeDeclaration).body) return false;
  return !!node.type || ts.isConstructorDeclaration(node) || ts.isSetAccessorDeclaration(node);
}

function leafText(ts: typeof TS, node: TS.Node): string | undefined {
  if (ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) return node.text;
  if (ts.isLiteralExpression(node) || ts.isTemplateLiteralToken(node) || ts.isJsxText(node)) return node.text;
  return undefined;
}
