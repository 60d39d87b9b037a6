import * as fs from 'fs';
import * as path from 'path';
import * as ts from 'typescript';
import { GraphEdge, GraphNode, NodeKind, RUNTIME_EDGES } from '../../src/core/graph/GraphTypes';
import { declarationFilesOf, implementationFilesOf, implementationOf } from '../../src/core/graph/implementationTwin';
import { SymbolGraph } from '../../src/core/graph/SymbolGraph';
import { discoverProjects } from '../../src/core/indexer/program/discoverProjects';

/** How much of what TypeScript's find-all-references reports the graph has as edges. */
export interface ReferenceAgreement {
  /** Nodes asked about (declared in indexed files, not modules, not external). */
  nodes: number;
  /** Value uses of those nodes in indexed files that find-all-references reports (see `useKind`). */
  references: number;
  /** Of them, uses the graph has an edge for: from a node of that file, at that line. */
  covered: number;
  /** Uncovered uses, grouped by what the use is (`method <- BindingElement`), a few examples each. */
  missing: Map<string, { count: number; examples: string[] }>;
  /** Runtime edge marks (edge, line) into the asked nodes. */
  marks: number;
  /** Marks at a line where find-all-references reports no reference to the node, grouped by edge type and target kind. */
  unexplained: Map<string, { count: number; examples: string[] }>;
}

const ASKED: ReadonlySet<NodeKind> = new Set(['function', 'method', 'getter', 'setter', 'property', 'class', 'variable', 'enum', 'method-signature']);

/**
 * An oracle for the graph's runtime edges: for every node, TypeScript's language service lists the
 * references to its declaration; each one that is a use of the value (a call, a read, a JSX tag, a
 * destructured member) must be an edge into the node (or into its JavaScript twin, when the node is
 * a `.d.ts` declaration), from a node of the referencing file, marked at that line.
 *
 * Not uses, so not counted: imports and exports (`import { f }`, `const { f } = require()`), type
 * positions (type edges are per declaration, spec 004), code that provides a member rather than
 * reading it (`{ onDone: … }` in an object literal, a JSX attribute, `X.prototype.m = …` and
 * `options.m = () => …` in JavaScript), the
 * closing tag of a JSX element (the opening tag carries the edge), a feature probe
 * (`typeof x.m === 'function'` asks whether `m` is there), `this`, a string that only spells
 * the name (`on('headers', …)`), and the receiver of a member access (`User.save()` is a use of
 * `User.save`).
 */
export function compareWithFindReferences(root: string, graph: SymbolGraph, tsconfig?: string): ReferenceAgreement {
  const result: ReferenceAgreement = { nodes: 0, references: 0, covered: 0, missing: new Map(), marks: 0, unexplained: new Map() };
  const services = discoverProjects(ts, root, tsconfig).map((p) => languageService(root, p.fileNames, p.options));
  const relative = (abs: string) => path.relative(root, abs).split(path.sep).join('/');
  for (const file of graph.files()) {
    const abs = path.join(root, file);
    // Every project that holds the file: in a monorepo the uses in one package of another's code
    // are found by the program of the package that imports it.
    const holding = services.filter((s) => s.getProgram()?.getSourceFile(abs));
    if (holding.length === 0) continue;
    const sf = holding[0].getProgram()!.getSourceFile(abs)!;
    for (const n of graph.nodesInFile(file)) {
      if (!ASKED.has(n.kind) || n.external) continue;
      const at = declarationNameAt(sf, n);
      if (at === undefined) continue;
      result.nodes++;
      const accepted = [...graph.inEdges(n.id), ...twinInEdges(graph, n), ...otherAccessorInEdges(graph, n), ...typeofTargetInEdges(graph, holding[0].getProgram()!, sf, at, n, relative)];
      const seen = new Set<string>();
      const referenced = new Set<string>();
      for (const service of holding) {
        const program = service.getProgram()!;
        // Uses are counted in the node's own group and in the groups of the names it is imported
        // under (`import { f }`); not in those of related members (the interface method a class
        // method implements: a call through the interface is a use of the interface's member). An
        // edge's line is explained by a reference in any group.
        const own = (g: ts.ReferencedSymbol) =>
          (path.resolve(g.definition.fileName) === abs && g.definition.textSpan.start === at) || g.definition.kind === ts.ScriptElementKind.alias;
        const groups = service.findReferences(abs, at) ?? [];
        const key = (r: ts.ReferenceEntry) => `${r.fileName}:${r.textSpan.start}`;
        const ownRefs = new Set(groups.filter(own).flatMap((g) => g.references.map(key)));
        const refs = groups.flatMap((g) => g.references);
        // `var { f } = require('./u')` and `var f = require('./u').f` bind a local TypeScript does
        // not follow in JavaScript: its uses are uses of the node (the graph resolves them so).
        for (const ref of [...refs]) {
          const refSf = program.getSourceFile(ref.fileName);
          const local = moduleAliasName(refSf, ref.textSpan.start);
          if (!refSf || !local) continue;
          const start = local.getStart(refSf);
          for (const g of service.findReferences(ref.fileName, start) ?? []) {
            if (g.definition.fileName !== ref.fileName || g.definition.textSpan.start !== start) continue;
            for (const r of g.references) {
              refs.push(r);
              ownRefs.add(key(r));
            }
          }
        }
        for (const ref of refs) {
          const refSf = program.getSourceFile(ref.fileName);
          if (!refSf || seen.has(key(ref))) continue;
          seen.add(key(ref));
          const refFile = relative(path.resolve(ref.fileName));
          const line = refSf.getLineAndCharacterOfPosition(ref.textSpan.start).line + 1;
          referenced.add(`${refFile}:${line}`);
          if (ref.isDefinition || !ownRefs.has(key(ref)) || !graph.hasFile(refFile)) continue;
          const kind = useKind(tokenAt(refSf, ref.textSpan.start));
          if (kind === undefined) continue;
          result.references++;
          if (accepted.some((e) => marksLine(graph, e, refFile, line))) result.covered++;
          else tally(result.missing, `${n.kind} <- ${kind}`, `${n.id} <- ${refFile}:${line}: ${lineText(refSf, line)}`);
        }
      }
      // The other way: each line a runtime edge into the node marks is a reference TypeScript finds.
      // Not for a JavaScript node with a .d.ts beside it: TypeScript sends those uses to the declaration.
      if (declarationFilesOf(n.file).some((f) => graph.hasFile(f))) continue;
      for (const e of graph.inEdges(n.id)) {
        if (!(RUNTIME_EDGES as readonly string[]).includes(e.type)) continue;
        const from = graph.getNode(e.from);
        const fromSf = from && holding[0].getProgram()!.getSourceFile(path.join(root, from.file));
        for (const line of e.lines ?? []) {
          result.marks++;
          if (referenced.has(`${from?.file}:${line}`)) continue;
          if (fromSf && holding.some((service) => definedFromLine(service, fromSf, line, n, abs, at))) continue;
          const text = fromSf ? lineText(fromSf, line) : '';
          const why = byDesign(text, n, from) ?? (from && /\.[cm]?jsx?$/.test(from.file) ? JS_BLIND_SPOT : undefined);
          tally(result.unexplained, why ? `${why}: ${e.type} -> ${n.kind}` : `${e.type} -> ${n.kind}`, `${e.from} --${e.type}--> ${n.id} at ${from?.file}:${line}: ${text}`);
        }
      }
    }
  }
  return result;
}

/**
 * Whether go-to-definition on the node's name at that line lands on its declaration. Find-all-references
 * from a member of an `export =` namespace lists no file that imports it by name (`import {
 * defaultListener } from './server'`); the language service still resolves each use there to it.
 */
function definedFromLine(service: ts.LanguageService, sf: ts.SourceFile, line: number, n: GraphNode, abs: string, at: number): boolean {
  for (const pos of nameOccurrences(sf, line, n)) {
    const definitions = service.getDefinitionAtPosition(sf.fileName, pos) ?? [];
    if (definitions.some((d) => path.resolve(d.fileName) === abs && d.textSpan.start === at)) return true;
  }
  return false;
}

/**
 * Edges TypeScript has no reference for, made on purpose: `super(…)` calls the base class (its
 * constructor, or the variable holding it: `const E = (() => class extends Error {})()`), and `this.m()` where the checker has no type for `this` (`app.init = function () {
 * this.set() }` on `exports = module.exports = {}`) goes to the sibling `app.m` (extractEdges).
 */
function byDesign(lineText: string, target: GraphNode, from: GraphNode | undefined): string | undefined {
  if (/\bsuper\s*\(/.test(lineText) && (target.kind === 'class' || target.kind === 'constructor' || target.kind === 'variable')) return 'by design, super()';
  if (/\bthis\.[\w$]+\s*\(/.test(lineText) && from?.file === target.file && target.kind === 'function') return 'by design, this.m() without a type for this';
  return undefined;
}

/**
 * Where find-all-references stops in CommonJS: it does not connect `module.exports = { f }` to
 * `const { f } = require('./u')`, nor follow `require('./u').X` into the local it binds.
 */
export const JS_BLIND_SPOT = 'JavaScript, not followed by find-all-references';

function lineText(sf: ts.SourceFile, line: number): string {
  const starts = sf.getLineStarts();
  return sf.text.slice(starts[line - 1], starts[line] ?? sf.end).trim().slice(0, 100);
}

/**
 * A JavaScript import (`var f = require('./u')`, `var f = require('./u').f`, `var { f } =
 * require('./u')`) that the reference at `pos` is part of: the local name it binds.
 */
function moduleAliasName(sf: ts.SourceFile | undefined, pos: number): ts.Identifier | undefined {
  if (!sf) return undefined;
  let n: ts.Node = tokenAt(sf, pos);
  while (n.parent && (ts.isIdentifier(n) || ts.isPropertyAccessExpression(n) || ts.isCallExpression(n) || ts.isAwaitExpression(n))) n = n.parent;
  const local = ts.isBindingElement(n) && ts.isIdentifier(n.name) ? n.name : undefined;
  while (n.parent && (ts.isBindingElement(n) || ts.isObjectBindingPattern(n))) n = n.parent;
  if (!ts.isVariableDeclaration(n) || !n.initializer) return undefined;
  let init: ts.Expression = n.initializer;
  while (ts.isPropertyAccessExpression(init) || ts.isAwaitExpression(init)) init = init.expression;
  const loads = ts.isCallExpression(init) && ((ts.isIdentifier(init.expression) && init.expression.text === 'require') || init.expression.kind === ts.SyntaxKind.ImportKeyword);
  if (!loads) return undefined;
  return local ?? (ts.isIdentifier(n.name) ? n.name : undefined);
}

function tally(groups: Map<string, { count: number; examples: string[] }>, key: string, example: string): void {
  const entry = groups.get(key) ?? { count: 0, examples: [] };
  entry.count++;
  if (entry.examples.length < 3) entry.examples.push(example);
  groups.set(key, entry);
}

function languageService(root: string, fileNames: string[], options: ts.CompilerOptions): ts.LanguageService {
  const host: ts.LanguageServiceHost = {
    getScriptFileNames: () => fileNames,
    getScriptVersion: () => '1',
    getScriptSnapshot: (f) => (fs.existsSync(f) ? ts.ScriptSnapshot.fromString(fs.readFileSync(f, 'utf8')) : undefined),
    getCompilationSettings: () => options,
    getCurrentDirectory: () => root,
    getDefaultLibFileName: (o) => ts.getDefaultLibFilePath(o),
    fileExists: ts.sys.fileExists,
    readFile: ts.sys.readFile,
    readDirectory: ts.sys.readDirectory,
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories,
  };
  return ts.createLanguageService(host);
}

/** Where the node's name is declared: the first whole-word occurrence of its last name segment on its first line. */
function declarationNameAt(sf: ts.SourceFile, n: GraphNode): number | undefined {
  return nameOccurrences(sf, n.offset, n)[0];
}

/** Where the node's last name segment stands as a whole word on a line (1-based) of `sf`. */
function nameOccurrences(sf: ts.SourceFile, line: number, n: GraphNode): number[] {
  const starts = sf.getLineStarts();
  const from = starts[line - 1];
  if (from === undefined) return [];
  const text = sf.text.slice(from, starts[line] ?? sf.end);
  const simple = n.name.slice(n.name.lastIndexOf('.') + 1).replace(/\$/g, '\\$');
  return [...text.matchAll(new RegExp(`(?<![\\w$])${simple}(?![\\w$])`, 'g'))].map((m) => from + m.index!);
}

/** Edges into the JavaScript twin of a `.d.ts` node: where the graph sends uses of the declaration. */
function twinInEdges(graph: SymbolGraph, n: GraphNode): GraphEdge[] {
  const candidates = implementationFilesOf(n.file).flatMap((f) => (graph.hasFile(f) ? graph.nodesInFile(f) : []));
  const twin = candidates.length ? implementationOf(n, candidates) : undefined;
  return twin ? graph.inEdges(twin.id) : [];
}

/**
 * `export const fastify: typeof fastify` (no value of its own): the graph sends its uses to the
 * function or class it names (and on to that one's JavaScript twin).
 */
function typeofTargetInEdges(graph: SymbolGraph, program: ts.Program, sf: ts.SourceFile, at: number, n: GraphNode, relative: (abs: string) => string): GraphEdge[] {
  const decl = n.kind === 'variable' ? tokenAt(sf, at).parent : undefined;
  if (!decl || !ts.isVariableDeclaration(decl) || decl.initializer || !decl.type) return [];
  const checker = program.getTypeChecker();
  const type = checker.getTypeAtLocation(decl);
  const named = type.getSymbol();
  if (!named || !(named.flags & (ts.SymbolFlags.Function | ts.SymbolFlags.Class)) || checker.getTypeOfSymbol(named) !== type) return [];
  const edges: GraphEdge[] = [];
  for (const d of named.declarations ?? []) {
    if (!(ts.isFunctionDeclaration(d) || ts.isClassDeclaration(d)) || !d.name) continue;
    const file = relative(d.getSourceFile().fileName);
    const line = d.getSourceFile().getLineAndCharacterOfPosition(d.getStart()).line + 1;
    for (const m of graph.hasFile(file) ? graph.nodesInFile(file) : []) {
      if (m.offset === line && m.name.endsWith(d.name.text)) edges.push(...graph.inEdges(m.id), ...twinInEdges(graph, m));
    }
  }
  return edges;
}

/** A getter and its setter are one symbol to TypeScript: a write of the property is a use of the setter node. */
function otherAccessorInEdges(graph: SymbolGraph, n: GraphNode): GraphEdge[] {
  if (n.kind !== 'getter' && n.kind !== 'setter') return [];
  const other = graph.nodesInFile(n.file).find((o) => o.name === n.name && !!o.isStatic === !!n.isStatic && o.kind === (n.kind === 'getter' ? 'setter' : 'getter'));
  return other ? graph.inEdges(other.id) : [];
}

/** The edge stands for a use at `file:line`: its own line marks, or (unmarked type and structural edges) its source's span. */
function marksLine(graph: SymbolGraph, e: GraphEdge, file: string, line: number): boolean {
  const from = graph.getNode(e.from);
  if (!from || from.file !== file) return false;
  return e.lines?.length ? e.lines.includes(line) : from.offset <= line && line < from.offset + from.limit;
}

function tokenAt(sf: ts.SourceFile, pos: number): ts.Node {
  let node: ts.Node = sf;
  for (;;) {
    const child = node.getChildren(sf).find((c) => c.pos <= pos && pos < c.end);
    if (!child) return node;
    node = child;
  }
}

/**
 * The statement `options._diff = (vnode) => { … }` in JavaScript defines a function there (the
 * graph's node for it), as `X.prototype.m = …` does: it provides the member rather than reading it.
 */
function providesInJavaScript(access: ts.PropertyAccessExpression): boolean {
  const assignment = access.parent;
  if (!/\.[cm]?jsx?$/.test(access.getSourceFile().fileName)) return false;
  if (!ts.isBinaryExpression(assignment) || assignment.left !== access || assignment.operatorToken.kind !== ts.SyntaxKind.EqualsToken) return false;
  if (!ts.isExpressionStatement(assignment.parent) || access.expression.kind === ts.SyntaxKind.ThisKeyword) return false;
  let value = assignment.right;
  while (ts.isParenthesizedExpression(value)) value = value.expression;
  return ts.isFunctionExpression(value) || ts.isArrowFunction(value) || ts.isClassExpression(value);
}

/** What kind of use a reference is (`CallExpression`, `member CallExpression`, `BindingElement`…), or undefined when it is no use. */
/** `typeof x.m === 'function'` (any equality, any string): asks whether `m` is there, does not use it. */
function probesWithTypeof(access: ts.PropertyAccessExpression): boolean {
  let up: ts.Node = access.parent;
  while (ts.isParenthesizedExpression(up)) up = up.parent;
  if (!ts.isTypeOfExpression(up)) return false;
  let typeofNode: ts.Node = up;
  while (ts.isParenthesizedExpression(typeofNode.parent)) typeofNode = typeofNode.parent;
  const compare = typeofNode.parent;
  if (!ts.isBinaryExpression(compare)) return false;
  const equality = [ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken, ts.SyntaxKind.EqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsToken];
  const other = compare.left === typeofNode ? compare.right : compare.left;
  return equality.includes(compare.operatorToken.kind) && ts.isStringLiteralLike(other);
}

function useKind(token: ts.Node): string | undefined {
  for (let n: ts.Node | undefined = token; n; n = n.parent) {
    if (ts.isImportDeclaration(n) || ts.isExportDeclaration(n) || ts.isImportEqualsDeclaration(n) || ts.isExportAssignment(n) || ts.isJSDoc(n)) return undefined;
    if (ts.isTypeNode(n) || (ts.isHeritageClause(n) && n.token === ts.SyntaxKind.ImplementsKeyword)) return undefined;
  }
  const p = token.parent;
  if (token.kind === ts.SyntaxKind.ThisKeyword || !p) return undefined;
  if (ts.isStringLiteralLike(token) && !ts.isElementAccessExpression(p)) return undefined; // `on('headers', …)`: text, not a use
  if (ts.isJsxClosingElement(p) || (ts.isPropertyAccessExpression(p) && ts.isJsxClosingElement(p.parent))) return undefined;
  if (ts.isJsxAttribute(p) && p.name === token) return undefined;
  const provides = ts.isPropertyAssignment(p) || ts.isShorthandPropertyAssignment(p) || ts.isMethodDeclaration(p) || ts.isGetAccessor(p) || ts.isSetAccessor(p);
  if (provides && p.name === token && ts.isObjectLiteralExpression(p.parent)) return undefined;
  if (ts.isPropertyAccessExpression(p) && p.expression === token) return undefined;
  if (ts.isPropertyAccessExpression(p) && p.name === token && providesInJavaScript(p)) return undefined;
  if (ts.isPropertyAccessExpression(p) && p.name === token && probesWithTypeof(p)) return undefined;
  if (moduleAliasName(token.getSourceFile(), token.getStart())) return undefined;
  if (ts.isPropertyAccessExpression(p) && p.name === token) return `member ${ts.SyntaxKind[p.parent.kind]}`;
  return ts.SyntaxKind[p.kind];
}
