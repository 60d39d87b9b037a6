import * as fs from 'fs';
import * as path from 'path';
import * as ts from 'typescript';
import { SymbolGraph } from '../../src/core/graph/SymbolGraph';

/**
 * How much of a JavaScript package the graph covers, measured against TypeScript's own navigation
 * tree (what an editor's outline lists), not against our own idea of a declaration:
 *
 * - functions: named functions, methods, accessors and classes of the navigation tree (anonymous
 *   callbacks such as `fns.forEach() callback`, `<function>` and computed names like `[method]` are
 *   left out) that have a graph node of the same last name whose lines contain the item's start;
 * - calls: call and `new` sites whose callee TypeScript's checker resolves to a function, method or
 *   class declared in the package, that have a CALLS edge on their line to a node of that file.
 */
export interface JsCoverage {
  functions: { total: number; covered: number; missing: string[] };
  calls: { total: number; covered: number; missing: string[] };
}

const FUNCTION_KINDS = new Set<string>([
  ts.ScriptElementKind.functionElement,
  ts.ScriptElementKind.localFunctionElement,
  ts.ScriptElementKind.memberFunctionElement,
  ts.ScriptElementKind.memberGetAccessorElement,
  ts.ScriptElementKind.memberSetAccessorElement,
  ts.ScriptElementKind.constructorImplementationElement,
  ts.ScriptElementKind.classElement,
  ts.ScriptElementKind.localClassElement,
]);

export function measureJsCoverage(root: string, graph: SymbolGraph): JsCoverage {
  const files = listJsFiles(root);
  const texts = new Map(files.map((f) => [f, fs.readFileSync(f, 'utf8')]));
  const host: ts.LanguageServiceHost = {
    getScriptFileNames: () => files,
    getScriptVersion: () => '1',
    getScriptSnapshot: (f) => {
      const text = texts.get(f) ?? (fs.existsSync(f) ? fs.readFileSync(f, 'utf8') : undefined);
      return text === undefined ? undefined : ts.ScriptSnapshot.fromString(text);
    },
    getCurrentDirectory: () => root,
    getCompilationSettings: () => ({ allowJs: true, noEmit: true }),
    getDefaultLibFileName: (o) => ts.getDefaultLibFilePath(o),
    fileExists: (f) => fs.existsSync(f),
    readFile: (f) => (fs.existsSync(f) ? fs.readFileSync(f, 'utf8') : undefined),
  };
  const service = ts.createLanguageService(host);
  const result: JsCoverage = { functions: { total: 0, covered: 0, missing: [] }, calls: { total: 0, covered: 0, missing: [] } };
  const lastName = (name: string) => name.slice(name.lastIndexOf('.') + 1);

  for (const abs of files) {
    const file = path.relative(root, abs).split(path.sep).join('/');
    const sf = ts.createSourceFile(abs, texts.get(abs)!, ts.ScriptTarget.Latest, true);
    const lineOf = (pos: number) => sf.getLineAndCharacterOfPosition(pos).line + 1;
    const nodes = graph.nodesInFile(file).filter((n) => n.kind !== 'module');
    const stack: ts.NavigationTree[] = [service.getNavigationTree(abs)];
    while (stack.length > 0) {
      const item = stack.pop()!;
      for (const child of item.childItems ?? []) stack.push(child);
      if (!FUNCTION_KINDS.has(item.kind) || !isNamed(item.text)) continue;
      result.functions.total++;
      const line = lineOf(item.spans[0].start);
      // A node of that name around it, or one that starts on its line (`X.prototype.run = function handle ()`).
      const found = nodes.some((n) => (lastName(n.name) === item.text && line >= n.offset && line < n.offset + n.limit) || n.offset === line);
      if (found) result.functions.covered++;
      else result.functions.missing.push(`${file}:${line} ${item.text}`);
    }
  }

  const program = service.getProgram()!;
  const checker = program.getTypeChecker();
  const relative = (abs: string) => path.relative(root, abs).split(path.sep).join('/');
  const ours = new Set(files.map((f) => f.split(path.sep).join('/')));
  for (const abs of files) {
    const file = relative(abs);
    const sf = program.getSourceFile(abs)!;
    // Lines of this file's CALLS edges, by the target's file.
    const edgeLines = new Map<string, Set<number>>();
    for (const n of graph.nodesInFile(file)) {
      for (const e of graph.outEdges(n.id)) {
        const target = graph.getNode(e.to);
        if (e.type !== 'CALLS' || !target) continue;
        let lines = edgeLines.get(target.file);
        if (!lines) edgeLines.set(target.file, (lines = new Set()));
        for (const l of e.lines ?? []) lines.add(l);
      }
    }
    const walk: ts.Node[] = [sf];
    while (walk.length > 0) {
      const node = walk.pop()!;
      ts.forEachChild(node, (c) => {
        walk.push(c);
      });
      if (!ts.isCallExpression(node) && !ts.isNewExpression(node)) continue;
      const callee = ts.isPropertyAccessExpression(node.expression) ? node.expression.name : node.expression;
      let symbol = checker.getSymbolAtLocation(callee);
      if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
      const decl = symbol?.declarations?.find((d) => ours.has(d.getSourceFile().fileName) && isFunctionDeclaration(d));
      if (!decl) continue;
      result.calls.total++;
      const line = sf.getLineAndCharacterOfPosition(callee.getStart(sf)).line + 1;
      if (edgeLines.get(relative(decl.getSourceFile().fileName))?.has(line)) result.calls.covered++;
      else result.calls.missing.push(`${file}:${line} ${node.expression.getText(sf).slice(0, 60)}`);
    }
  }
  service.dispose();
  return result;
}

export function percent(part: { total: number; covered: number }): string {
  return part.total === 0 ? 'n/a' : `${((100 * part.covered) / part.total).toFixed(1)}%`;
}

/** Named: not `<function>`, `<class>`, `<unknown>`, a `… callback`, or a computed `[name]`. */
function isNamed(text: string): boolean {
  return !text.startsWith('<') && !text.startsWith('[') && !text.endsWith(' callback') && !text.endsWith(' callback)');
}

function listJsFiles(root: string): string[] {
  const out: string[] = [];
  const dirs = [root];
  while (dirs.length > 0) {
    const dir = dirs.pop()!;
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, e.name);
      if (e.isDirectory() && e.name !== 'node_modules') dirs.push(full);
      else if (e.isFile() && /\.[cm]?jsx?$/.test(e.name)) out.push(full);
    }
  }
  return out.sort();
}

/** A declaration that runs code when called: a function, method, class or function-valued assignment. */
function isFunctionDeclaration(d: ts.Node): boolean {
  if (ts.isFunctionLike(d) || ts.isClassLike(d)) return true;
  const value = ts.isBinaryExpression(d.parent) && d.parent.left === d ? d.parent.right : ts.isVariableDeclaration(d) || ts.isPropertyAssignment(d) ? d.initializer : undefined;
  return !!value && (ts.isFunctionExpression(value) || ts.isArrowFunction(value) || ts.isClassExpression(value));
}
