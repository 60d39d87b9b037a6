import type * as TS from 'typescript';
import type { NativePackage } from './nativeModules';

/**
 * TypeScript 7's syntax vocabulary shaped like the `typescript` module the passes take as `ts`: 7's
 * SyntaxKind, NodeFlags, ModifierFlags and SymbolFlags (their numbers differ from 6's), its `is…`
 * guards under 6's names, and what 7's AST module lacks, written here from 6's definitions. The
 * passes only ever compare kinds and flags through this object, so the same declare and extract code
 * reads 7's trees.
 *
 * What 7's trees hold that 6's do not is hidden: nodes the reparser made from JSDoc in JavaScript
 * files (a `@typedef` as a statement, a `@type` or `@param` type as the declaration's type) are not
 * children here, as they are no children of 6's trees (see `forEachChild` and syntax.isReparsed).
 */
export function nativeSyntax(native: NativePackage): typeof TS {
  const { ast, is } = native;
  // The API's own forEachChild makes an array object of each list it passes (RemoteNodeList: its length
  // set, a getter defined per element past the 16th), 20 ms of @loopback/repository's index; the
  // pinned 7.0.2's tree layout is read in place instead (childrenInPlace), and any other version (a
  // workspace's own TypeScript 7) walks through the API.
  let listsInPlace = native.version === LAYOUT_VERSION;
  const { SymbolFlags } = native.sync;
  const K = ast.SyntaxKind as unknown as typeof TS.SyntaxKind;
  const M = ast.ModifierFlags as unknown as typeof TS.ModifierFlags;
  const reparsed = (ast.NodeFlags as unknown as Record<string, number>).Reparsed;
  const modifierFlag = new Map<number, number>([
    [K.ExportKeyword, M.Export],
    [K.DefaultKeyword, M.Default],
    [K.DeclareKeyword, M.Ambient],
    [K.StaticKeyword, M.Static],
    [K.AbstractKeyword, M.Abstract],
    [K.PublicKeyword, M.Public],
    [K.PrivateKeyword, M.Private],
    [K.ProtectedKeyword, M.Protected],
    [K.ReadonlyKeyword, M.Readonly],
    [K.OverrideKeyword, M.Override],
    [K.AccessorKeyword, M.Accessor],
    [K.AsyncKeyword, M.Async],
    [K.ConstKeyword, M.Const],
    [K.InKeyword, M.In],
    [K.OutKeyword, M.Out],
    [K.Decorator, M.Decorator],
  ]);
  const kinds = (...list: TS.SyntaxKind[]) => {
    const set = new Set<number>(list);
    return (node: TS.Node) => set.has(node.kind);
  };
  const modifiersOf = (node: TS.Node): readonly TS.Node[] | undefined => (node as { modifiers?: readonly TS.Node[] }).modifiers;
  const syntacticModifierFlags = (node: TS.Node): number => {
    let flags = 0;
    for (const m of modifiersOf(node) ?? []) flags |= modifierFlag.get(m.kind) ?? 0;
    return flags;
  };
  const isFunctionLike = kinds(
    K.FunctionDeclaration,
    K.MethodDeclaration,
    K.Constructor,
    K.GetAccessor,
    K.SetAccessor,
    K.FunctionExpression,
    K.ArrowFunction,
    K.MethodSignature,
    K.CallSignature,
    K.JSDocSignature,
    K.ConstructSignature,
    K.IndexSignature,
    K.FunctionType,
    K.JSDocFunctionType,
    K.ConstructorType,
  );
  const own = {
    version: native.version,
    SyntaxKind: K,
    NodeFlags: { ...(ast.NodeFlags as object), GlobalAugmentation: 0, Namespace: 0 },
    ModifierFlags: M,
    SymbolFlags,
    // 6's names for 7's guards.
    isMethodSignature: is.isMethodSignatureDeclaration,
    isPropertySignature: is.isPropertySignatureDeclaration,
    isTypeAssertionExpression: is.isTypeAssertion,
    isFunctionLike,
    isClassLike: kinds(K.ClassDeclaration, K.ClassExpression),
    isAccessor: kinds(K.GetAccessor, K.SetAccessor),
    isStringLiteralLike: kinds(K.StringLiteral, K.NoSubstitutionTemplateLiteral),
    isExternalModule: (sf: TS.SourceFile) => (sf as { externalModuleIndicator?: unknown }).externalModuleIndicator !== undefined,
    isParameterPropertyDeclaration: (node: TS.Node, parent: TS.Node) =>
      node.kind === K.Parameter && parent.kind === K.Constructor && (syntacticModifierFlags(node) & M.ParameterPropertyModifier) !== 0,
    canHaveModifiers: () => true,
    getModifiers: (node: TS.Node) => modifiersOf(node)?.filter((m) => m.kind !== K.Decorator),
    /** 6's getCombinedModifierFlags: a variable's flags are its statement's and list's too. */
    getCombinedModifierFlags: (start: TS.Node) => {
      let node: TS.Node | undefined = start;
      while (node && (node.kind === K.BindingElement || node.kind === K.ObjectBindingPattern || node.kind === K.ArrayBindingPattern)) node = node.parent;
      if (!node) return 0;
      let flags = syntacticModifierFlags(node);
      if (node.kind === K.VariableDeclaration) node = node.parent;
      if (node && node.kind === K.VariableDeclarationList) {
        flags |= syntacticModifierFlags(node);
        node = node.parent;
      }
      if (node && node.kind === K.VariableStatement) flags |= syntacticModifierFlags(node);
      return flags;
    },
    /** A node's children in source order, as 6 gives them: none the reparser made from JSDoc. */
    forEachChild: <T>(node: TS.Node, cb: (child: TS.Node) => T | undefined): T | undefined => {
      if (listsInPlace && (node as unknown as RawNode).view && (node as unknown as RawNode).getOrCreateChildAtNodeIndex) {
        const found = childrenInPlace(node as unknown as RawNode, K.JSDoc, reparsed, cb as unknown as (child: RawNode) => T | undefined);
        if (found !== LAYOUT_CHANGED) return found;
        listsInPlace = false;
      }
      return (node as unknown as { forEachChild(v: (c: TS.Node) => T | undefined): T | undefined }).forEachChild((child) =>
        (child.flags & reparsed) !== 0 ? undefined : cb(child),
      );
    },
  };
  return { ...(ast as object), ...(is as object), ...own } as unknown as typeof TS;
}

/** The API version whose tree encoding `childrenInPlace` reads (the pinned @typescript/native: its node/protocol.js). */
const LAYOUT_VERSION = '7.0.2';
/** 7.0.2's node record: 28 bytes, kind at 0, the next sibling's index at 12, the parent's at 16, data (a list's length) at 20. */
const NODE_LEN = 28;
const OFFSET_KIND = 0;
const OFFSET_NEXT = 12;
const OFFSET_DATA = 20;
/** The kind a node list's record carries. */
const KIND_NODE_LIST = 0xffffffff;
/** childrenInPlace's answer when the tree does not read as 7.0.2's (then the API walks, from then on). */
const LAYOUT_CHANGED = Symbol('another tree layout');

/** What childrenInPlace reads of the API's RemoteNode (7.0.2's fields, not its public API). */
interface RawNode {
  view: DataView;
  index: number;
  kind: number;
  flags: number;
  next: number;
  sourceFile: { _offsetNodes: number };
  hasChildren(): boolean;
  getOrCreateChildAtNodeIndex(index: number): RawNode;
}

/**
 * RemoteNode.forEachChild of 7.0.2 without materializing the lists: a list's elements are the nodes
 * after its record, linked by `next`, each the child of the list's parent (as RemoteNodeList makes
 * them: the very objects, from the source file's node table). JSDoc children and nodes the reparser
 * made are skipped, as the API's walk and ours do. A record that does not read as the node the API
 * hands out for it (another layout) ends it with LAYOUT_CHANGED before any callback.
 */
function childrenInPlace<T>(node: RawNode, jsDoc: number, reparsed: number, cb: (child: RawNode) => T | undefined): T | undefined | typeof LAYOUT_CHANGED {
  if (!node.hasChildren()) return undefined;
  const view = node.view;
  const offsetNodes = node.sourceFile._offsetNodes;
  let next = node.index + 1;
  let checked = false;
  do {
    const at = offsetNodes + next * NODE_LEN;
    if (view.getUint32(at + OFFSET_KIND, true) === KIND_NODE_LIST) {
      if (view.getUint32(at + OFFSET_DATA, true) !== 0) {
        let element = next + 1;
        while (element) {
          const child = node.getOrCreateChildAtNodeIndex(element);
          if (!checked) {
            if (child.kind !== view.getUint32(offsetNodes + element * NODE_LEN + OFFSET_KIND, true)) return LAYOUT_CHANGED;
            checked = true;
          }
          element = child.next;
          if ((child.flags & reparsed) === 0) {
            const found = cb(child);
            if (found) return found;
          }
        }
      }
      next = view.getUint32(at + OFFSET_NEXT, true);
    } else {
      const child = node.getOrCreateChildAtNodeIndex(next);
      if (!checked) {
        if (child.kind !== view.getUint32(at + OFFSET_KIND, true) || child.next !== view.getUint32(at + OFFSET_NEXT, true)) return LAYOUT_CHANGED;
        checked = true;
      }
      next = child.next;
      if (child.kind !== jsDoc && (child.flags & reparsed) === 0) {
        const found = cb(child);
        if (found) return found;
      }
    }
  } while (next);
  return undefined;
}
