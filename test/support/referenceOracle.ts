import * as fs from 'fs';
import * as path from 'path';
import * as ts from 'typescript';
import { GraphEdge, GraphNode, NodeKind } from '../../src/core/graph/GraphTypes';
import { implementationFilesOf, implementationOf } from '../../src/core/graph/implementationTwin';
import { SymbolGraph } from '../../src/core/graph/SymbolGraph';
import { discoverProjects } from '../../src/core/indexer/discoverProjects';

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
 * reading it (`{ onDone: … }` in an object literal, a JSX attribute, `X.prototype.m = …`), the
 * closing tag of a JSX element (the opening tag carries the edge), `this`, a string that only spells
 * the name (`on('headers', …)`), and the receiver of a member access (`User.save()` is a use of
 * `User.save`).
 */
export function compareWithFindReferences(root: string, graph: SymbolGraph, tsconfig?: string): ReferenceAgreement {
  const result: ReferenceAgreement = { nodes: 0, references: 0, covered: 0, missing: new Map() };
  const services = discoverProjects(ts, root, tsconfig).map((p) => ({ files: new Set(p.fileNames.map((f) => path.resolve(f))), service: languageService(root, p.fileNames, p.options) }));
  const relative = (abs: string) => path.relative(root, abs).split(path.sep).join('/');
  for (const file of graph.files()) {
    const abs = path.join(root, file);
    const service = (services.find((s) => s.files.has(abs)) ?? services[0])?.service;
    const sf = service?.getProgram()?.getSourceFile(abs);
    if (!service || !sf) continue;
    for (const n of graph.nodesInFile(file)) {
      if (!ASKED.has(n.kind) || n.external) continue;
      const at = declarationNameAt(sf, n);
      if (at === undefined) continue;
      result.nodes++;
      const accepted = [...graph.inEdges(n.id), ...twinInEdges(graph, n), ...otherAccessorInEdges(graph, n)];
      const groups = service.findReferences(abs, at) ?? [];
      for (const group of groups.filter((g) => path.resolve(g.definition.fileName) === abs && g.definition.textSpan.start === at)) {
        for (const ref of group.references) {
          const refFile = relative(path.resolve(ref.fileName));
          const refSf = service.getProgram()!.getSourceFile(ref.fileName);
          if (ref.isDefinition || !refSf || !graph.hasFile(refFile)) continue;
          const kind = useKind(tokenAt(refSf, ref.textSpan.start));
          if (kind === undefined) continue;
          result.references++;
          const line = refSf.getLineAndCharacterOfPosition(ref.textSpan.start).line + 1;
          if (accepted.some((e) => marksLine(graph, e, refFile, line))) {
            result.covered++;
            continue;
          }
          const key = `${n.kind} <- ${kind}`;
          const entry = result.missing.get(key) ?? { count: 0, examples: [] };
          entry.count++;
          if (entry.examples.length < 3) entry.examples.push(`${n.id} <- ${refFile}:${line}: ${refSf.text.split('\n')[line - 1].trim().slice(0, 100)}`);
          result.missing.set(key, entry);
        }
      }
    }
  }
  return result;
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
  const starts = sf.getLineStarts();
  const from = starts[n.offset - 1];
  if (from === undefined) return undefined;
  const text = sf.text.slice(from, starts[n.offset] ?? sf.end);
  const simple = n.name.slice(n.name.lastIndexOf('.') + 1);
  const m = new RegExp(`(?<![\\w$])${simple.replace(/\$/g, '\\$')}(?![\\w$])`).exec(text);
  return m ? from + m.index : undefined;
}

/** Edges into the JavaScript twin of a `.d.ts` node: where the graph sends uses of the declaration. */
function twinInEdges(graph: SymbolGraph, n: GraphNode): GraphEdge[] {
  const candidates = implementationFilesOf(n.file).flatMap((f) => (graph.hasFile(f) ? graph.nodesInFile(f) : []));
  const twin = candidates.length ? implementationOf(n, candidates) : undefined;
  return twin ? graph.inEdges(twin.id) : [];
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

/** What kind of use a reference is (`CallExpression`, `member CallExpression`, `BindingElement`…), or undefined when it is no use. */
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
  if (ts.isBindingElement(p) && isModuleDestructuring(p)) return undefined;
  if (ts.isPropertyAccessExpression(p) && p.name === token) return `member ${ts.SyntaxKind[p.parent.kind]}`;
  return ts.SyntaxKind[p.kind];
}

function isModuleDestructuring(be: ts.BindingElement): boolean {
  const decl = be.parent.parent;
  if (!ts.isVariableDeclaration(decl) || !decl.initializer) return false;
  let init: ts.Expression = decl.initializer;
  if (ts.isAwaitExpression(init)) init = init.expression;
  return ts.isCallExpression(init) && ((ts.isIdentifier(init.expression) && init.expression.text === 'require') || init.expression.kind === ts.SyntaxKind.ImportKeyword);
}
