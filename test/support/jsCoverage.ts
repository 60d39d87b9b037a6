import * as fs from 'fs';
import * as path from 'path';
import * as ts from 'typescript';
import { SymbolGraph } from '../../src/core/graph/SymbolGraph';

/**
 * How much of a JavaScript package the graph covers, measured against TypeScript's own navigation
 * tree (what an editor's outline lists) and call hierarchy, not against our own idea of a declaration:
 *
 * - functions: named functions, methods, accessors and classes of the navigation tree (anonymous
 *   callbacks such as `fns.forEach() callback`, `<function>` and computed names like `[method]` are
 *   left out) that have a graph node of the same last name whose lines contain the item's start;
 * - calls: call and `new` sites whose callee TypeScript's checker resolves to a function, method or
 *   class declared in the package, that have a CALLS edge on their line to a node of that file;
 * - hierarchy: the outgoing calls TypeScript's call hierarchy lists for each of those functions
 *   (calls, `new`, and reads or writes of accessors and methods: `this.host` runs `get host`) into a
 *   function, method, accessor or class of the package, each site once, that have a CALLS or
 *   REFERENCES edge on their line to a node whose lines hold one of the declarations it names (or
 *   to the other accessor of a get/set pair: to the call hierarchy a write runs the getter).
 */
export interface JsCoverage {
  functions: { total: number; covered: number; missing: string[] };
  calls: { total: number; covered: number; missing: string[] };
  hierarchy: { total: number; covered: number; missing: string[] };
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
  const result: JsCoverage = {
    functions: { total: 0, covered: 0, missing: [] },
    calls: { total: 0, covered: 0, missing: [] },
    hierarchy: { total: 0, covered: 0, missing: [] },
  };
  const hierarchyRoots: Array<{ abs: string; pos: number; fallback: number }> = [];
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
      hierarchyRoots.push({ abs, pos: (item.nameSpan ?? item.spans[0]).start, fallback: item.spans[0].start });
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
  measureCallHierarchy(service, root, graph, hierarchyRoots, result.hierarchy);
  service.dispose();
  return result;
}

/** The `hierarchy` figure: TypeScript's outgoing calls of each root, each call site once. */
function measureCallHierarchy(service: ts.LanguageService, root: string, graph: SymbolGraph, roots: Array<{ abs: string; pos: number; fallback: number }>, out: JsCoverage['hierarchy']): void {
  const relative = (abs: string) => path.relative(root, abs).split(path.sep).join('/');
  const program = service.getProgram()!;
  const lineIn = (abs: string, pos: number) => {
    const sf = program.getSourceFile(abs);
    return sf ? sf.getLineAndCharacterOfPosition(pos).line + 1 : 0;
  };
  // One call site (file, position) → the declarations TypeScript says it may run (a getter and a setter of one name).
  const sites = new Map<string, { file: string; line: number; text: string; targets: Array<{ file: string; line: number }> }>();
  const seenRoots = new Set<string>();
  for (const r of roots) {
    // At the item's name; `app.init = function () {}` prepares at the assignment's start instead.
    const prepared = service.prepareCallHierarchy(r.abs, r.pos) ?? service.prepareCallHierarchy(r.abs, r.fallback);
    for (const item of prepared ? (Array.isArray(prepared) ? prepared : [prepared]) : []) {
      const key = `${item.file}:${item.selectionSpan.start}`;
      if (seenRoots.has(key)) continue;
      seenRoots.add(key);
      for (const call of service.provideCallHierarchyOutgoingCalls(item.file, item.selectionSpan.start)) {
        const to = call.to;
        if (!to.file.startsWith(root + path.sep) || to.file.includes(`${path.sep}node_modules${path.sep}`) || !HIERARCHY_TARGET_KINDS.has(to.kind)) continue;
        const target = { file: relative(to.file), line: lineIn(to.file, to.selectionSpan.start) };
        for (const span of call.fromSpans) {
          const siteKey = `${item.file}:${span.start}`;
          let site = sites.get(siteKey);
          if (!site) {
            const text = program.getSourceFile(item.file)?.text.slice(span.start, span.start + Math.min(span.length, 60)) ?? '';
            sites.set(siteKey, (site = { file: relative(item.file), line: lineIn(item.file, span.start), text, targets: [] }));
          }
          site.targets.push(target);
        }
      }
    }
  }
  // Per file: line → the nodes its CALLS and REFERENCES edges on that line reach.
  const reached = new Map<string, Map<number, Array<{ file: string; name: string; kind: string; offset: number; limit: number }>>>();
  const reachedIn = (file: string) => {
    let byLine = reached.get(file);
    if (byLine) return byLine;
    reached.set(file, (byLine = new Map()));
    for (const n of graph.nodesInFile(file)) {
      for (const e of graph.outEdges(n.id)) {
        const t = graph.getNode(e.to);
        if (!t || (e.type !== 'CALLS' && e.type !== 'REFERENCES')) continue;
        for (const l of e.lines ?? []) {
          let list = byLine.get(l);
          if (!list) byLine.set(l, (list = []));
          list.push(t);
        }
      }
    }
    return byLine;
  };
  for (const site of sites.values()) {
    out.total++;
    const nodes = reachedIn(site.file).get(site.line) ?? [];
    // A getter and its setter are one property to the call hierarchy (a write lists the getter).
    const holds = (n: { file: string; offset: number; limit: number }, t: { file: string; line: number }) => n.file === t.file && t.line >= n.offset && t.line < n.offset + n.limit;
    const pairOf = (t: { file: string; line: number }) =>
      graph.nodesInFile(t.file).filter((n) => (n.kind === 'getter' || n.kind === 'setter') && holds(n, t)).map((n) => n.name);
    const hit = site.targets.some((t) => nodes.some((n) => holds(n, t) || ((n.kind === 'getter' || n.kind === 'setter') && pairOf(t).includes(n.name))));
    if (hit) out.covered++;
    else out.missing.push(`${site.file}:${site.line} ${site.text} -> ${site.targets.map((t) => `${t.file}:${t.line}`).join(' | ')}`);
  }
}

const HIERARCHY_TARGET_KINDS = new Set<string>([...FUNCTION_KINDS, ts.ScriptElementKind.memberVariableElement, ts.ScriptElementKind.constElement, ts.ScriptElementKind.letElement, ts.ScriptElementKind.variableElement]);

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
