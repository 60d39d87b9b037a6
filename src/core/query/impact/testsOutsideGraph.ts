import * as path from 'path';
import type * as TS from 'typescript';
import { GraphEdge, GraphNode, ReExport } from '../../graph/GraphTypes';
import { PreorderWalk } from '../../indexer/file/PreorderWalk';
import { Traversal } from '../traversal/traverse';

/**
 * A test file no project indexes (a tsconfig that excludes `**\/*.spec.ts`, as payload's packages do,
 * so their builds leave tests out) that imports a symbol the walk reached: `anchor` is that symbol's
 * place in the walk's order, `node` the test file's module node (not in the graph), `edge` its import.
 */
export interface OutsideTest {
  file: string;
  anchor: number;
  node: GraphNode;
  edge: GraphEdge;
}

export interface OutsideFiles {
  /** Root-relative source files the graph does not hold that the workspace's runners run as tests. */
  tests: readonly string[];
  /** Every root-relative source file known (the graph's and the others): where relative imports may lead. */
  known: ReadonlySet<string>;
  /** A file's text (root-relative); undefined when unreadable. */
  read(rel: string): string | undefined;
  /** What an indexed file re-exports, as its contribution records it; undefined for a file the graph does not hold (its syntax is read). */
  reExports(rel: string): readonly ReExport[] | undefined;
}

/** What a file imports from one module: the names, or '*' for the module as a whole (namespace, default, require, mocks). */
interface Imported {
  specifier: string;
  names: string[] | '*';
  line: number;
}


/**
 * The tests outside the graph that import something the walk reached, by syntax: each test's
 * imports (import, export…from, require, import(), `vi.mock`/`jest.mock`) are resolved as its
 * nearest tsconfig says (relative ones among the known files), and a named import counts when a
 * reached node of that file has the name at its top level, or when the file re-exports the name
 * from one that does (`export … from` chains, as barrels are). A namespace, default or side-effect
 * import, a require or a mock counts for any reached node of the file or of what it re-exports.
 * Nearest first: by the reached node's place in the walk.
 */
export function testsOutsideGraph(
  ts: typeof TS,
  root: string,
  t: Traversal,
  nodeOf: (id: string) => GraphNode | undefined,
  files: OutsideFiles,
): OutsideTest[] {
  if (files.tests.length === 0) return [];
  // Reached nodes by file, then by top-level name (the class of a reached method counts): the earliest place.
  const reached = new Map<string, Map<string, number>>();
  for (let i = 0; i < t.order.length; i++) {
    const node = nodeOf(t.order[i]);
    if (!node || node.external) continue;
    let names = reached.get(node.file);
    if (!names) reached.set(node.file, (names = new Map()));
    if (!names.has('*')) names.set('*', i);
    if (node.kind === 'module') continue;
    const top = node.name.split('.')[0];
    if (!names.has(top)) names.set(top, i);
  }
  if (reached.size === 0) return [];

  const resolver = new ImportResolver(ts, root, files.known);
  const parsedReExports = new Map<string, ReExport[]>();
  const reExportsOf = (file: string): readonly ReExport[] => {
    const recorded = files.reExports(file);
    if (recorded) return recorded;
    let list = parsedReExports.get(file);
    if (!list) parsedReExports.set(file, (list = reExportsIn(ts, file, files.read(file), resolver)));
    return list;
  };
  /** The earliest place of a reached node that `name` of `file` is, or (for '*') that the file holds or re-exports. */
  const placeOf = (file: string, name: string): number | undefined => {
    let best: number | undefined;
    const seen = new Set<string>();
    const stack: Array<[string, string]> = [[file, name]];
    while (stack.length > 0) {
      const [f, n] = stack.pop()!;
      const key = `${f}\0${n}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const at = reached.get(f)?.get(n);
      if (at !== undefined && (best === undefined || at < best)) best = at;
      if (at !== undefined && n !== '*') continue; // found where it is declared
      if (!files.known.has(f)) continue;
      for (const re of reExportsOf(f)) {
        // `export * from`: every name; a default re-exported counts as the whole of its file.
        if (re.exported === '*') stack.push([re.file, n]);
        else if (n === '*' || re.exported === n) stack.push([re.file, re.name === 'default' || re.name === '*' ? '*' : re.name]);
      }
    }
    return best;
  };

  const out: OutsideTest[] = [];
  for (const file of files.tests) {
    const text = files.read(file);
    if (text === undefined) continue;
    const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
    let best: { at: number; line: number } | undefined;
    for (const imp of importsIn(ts, sf)) {
      const target = resolver.resolve(file, imp.specifier);
      if (!target) continue;
      for (const name of imp.names === '*' ? ['*'] : imp.names) {
        const at = placeOf(target, name);
        if (at !== undefined && (!best || at < best.at)) best = { at, line: imp.line };
      }
    }
    if (!best) continue;
    const lines = sf.getLineStarts().length;
    const node: GraphNode = { id: `${file}#${file}@module`, name: file, kind: 'module', file, offset: 1, limit: lines };
    out.push({ file, anchor: best.at, node, edge: { from: node.id, to: t.order[best.at], type: 'REFERENCES', lines: [best.line] } });
  }
  return out.sort((a, b) => a.anchor - b.anchor || (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
}

/** The module specifiers a file imports, with the names it takes from each. */
function importsIn(ts: typeof TS, sf: TS.SourceFile): Imported[] {
  const out: Imported[] = [];
  const lineOf = (node: TS.Node) => sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
  const walk = new PreorderWalk<undefined>(ts);
  walk.node(sf, undefined);
  walk.run((node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      let names: string[] | '*' = '*';
      if (clause && !clause.name && clause.namedBindings && ts.isNamedImports(clause.namedBindings)) {
        names = clause.namedBindings.elements.map((e) => (e.propertyName ?? e.name).text);
      }
      out.push({ specifier: node.moduleSpecifier.text, names, line: lineOf(node) });
      return;
    }
    if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.exportClause;
      const names = clause && ts.isNamedExports(clause) ? clause.elements.map((e) => (e.propertyName ?? e.name).text) : '*';
      out.push({ specifier: node.moduleSpecifier.text, names, line: lineOf(node) });
      return;
    }
    if (ts.isExternalModuleReference(node) && ts.isStringLiteral(node.expression)) {
      out.push({ specifier: node.expression.text, names: '*', line: lineOf(node) });
      return;
    }
    if (ts.isCallExpression(node) && node.arguments.length > 0) {
      const arg = node.arguments[0];
      if ((ts.isStringLiteral(arg) || ts.isNoSubstitutionTemplateLiteral(arg)) && loadsModule(ts, node.expression)) {
        out.push({ specifier: arg.text, names: '*', line: lineOf(node) });
      }
    }
    walk.children(node, undefined);
  });
  return out;
}

/** `require(…)`, `import(…)`, and the test runners' module mocks: `vi.mock(…)`, `jest.requireActual(…)`. */
function loadsModule(ts: typeof TS, callee: TS.Expression): boolean {
  if (callee.kind === ts.SyntaxKind.ImportKeyword) return true;
  if (ts.isIdentifier(callee)) return callee.text === 'require';
  return (
    ts.isPropertyAccessExpression(callee) &&
    ts.isIdentifier(callee.expression) &&
    /^(vi|jest)$/.test(callee.expression.text) &&
    /^(mock|doMock|unmock|importActual|importMock|requireActual|requireMock)$/.test(callee.name.text)
  );
}

/** A file's `export … from` declarations, by syntax, as the graph records re-exports (a file no project indexes). */
function reExportsIn(ts: typeof TS, file: string, text: string | undefined, resolver: ImportResolver): ReExport[] {
  // Most files re-export nothing: no statement starts `export *` or `export {`.
  if (text === undefined || !/^\s*export\s*(type\s*)?[*{]/m.test(text)) return [];
  const out: ReExport[] = [];
  for (const st of ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false).statements) {
    if (!ts.isExportDeclaration(st) || !st.moduleSpecifier || !ts.isStringLiteral(st.moduleSpecifier)) continue;
    const from = resolver.resolve(file, st.moduleSpecifier.text);
    if (!from) continue;
    const clause = st.exportClause;
    if (!clause) out.push({ exported: '*', file: from, name: '*' });
    else if (ts.isNamedExports(clause)) for (const e of clause.elements) out.push({ exported: e.name.text, file: from, name: (e.propertyName ?? e.name).text });
    else out.push({ exported: clause.name.text, file: from, name: '*' }); // `export * as ns from`: ns is the whole module
  }
  return out;
}

const EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.d.ts', '.js', '.jsx', '.mjs', '.cjs'];

/**
 * Module specifiers to root-relative files: relative ones among the known files (`./x.js` is
 * `./x.ts`, a folder its index), others as the nearest tsconfig's module resolution finds them
 * (paths, workspace packages through their links) when that lands on a known file.
 */
class ImportResolver {
  private readonly cache = new Map<string, string | undefined>();
  private readonly optionsByDir = new Map<string, TS.CompilerOptions>();

  constructor(
    private readonly ts: typeof TS,
    private readonly root: string,
    private readonly known: ReadonlySet<string>,
  ) {}

  resolve(from: string, specifier: string): string | undefined {
    const dir = path.posix.dirname(from);
    const key = `${dir}\0${specifier}`;
    if (this.cache.has(key)) return this.cache.get(key);
    const found = specifier.startsWith('.') ? this.relative(dir, specifier) : this.byCompiler(dir, from, specifier);
    this.cache.set(key, found);
    return found;
  }

  private relative(dir: string, specifier: string): string | undefined {
    const joined = path.posix.normalize(path.posix.join(dir, specifier)).replace(/\/$/, '');
    const stem = joined.replace(/\.([cm]?js|jsx)$/, '');
    for (const base of [joined, stem]) {
      if (this.known.has(base)) return base;
      for (const ext of EXTENSIONS) if (this.known.has(base + ext)) return base + ext;
    }
    for (const ext of EXTENSIONS) if (this.known.has(`${joined}/index${ext}`)) return `${joined}/index${ext}`;
    return undefined;
  }

  private byCompiler(dir: string, from: string, specifier: string): string | undefined {
    const { ts } = this;
    const options = this.optionsFor(dir);
    let resolved: string | undefined;
    try {
      resolved = ts.resolveModuleName(specifier, path.join(this.root, from), options, ts.sys).resolvedModule?.resolvedFileName;
    } catch {
      return undefined;
    }
    if (!resolved) return undefined;
    const rel = path.relative(this.root, resolved).split(path.sep).join('/');
    return !rel.startsWith('..') && !path.isAbsolute(rel) && this.known.has(rel) ? rel : undefined;
  }

  /** The compiler options of the nearest tsconfig.json or jsconfig.json at or above `dir` (files not listed: no folder is read). */
  private optionsFor(dir: string): TS.CompilerOptions {
    const cached = this.optionsByDir.get(dir);
    if (cached) return cached;
    const { ts } = this;
    let options: TS.CompilerOptions | undefined;
    const abs = path.join(this.root, dir);
    const config = ts.findConfigFile(abs, ts.sys.fileExists) ?? ts.findConfigFile(abs, ts.sys.fileExists, 'jsconfig.json');
    if (config && !path.relative(this.root, config).startsWith('..')) {
      const read = ts.readConfigFile(config, ts.sys.readFile);
      if (!read.error) {
        const host: TS.ParseConfigHost = { useCaseSensitiveFileNames: ts.sys.useCaseSensitiveFileNames, readDirectory: () => [], fileExists: ts.sys.fileExists, readFile: ts.sys.readFile };
        options = ts.parseJsonConfigFileContent(read.config, host, path.dirname(config), undefined, config).options;
      }
    }
    options ??= { moduleResolution: ts.ModuleResolutionKind.Bundler, module: ts.ModuleKind.ESNext, allowJs: true };
    this.optionsByDir.set(dir, options);
    return options;
  }
}
