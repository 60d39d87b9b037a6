import * as path from 'path';
import type * as TS from 'typescript';
import { GraphNode } from '../../graph/GraphTypes';
import { NodeFingerprint, nodeFingerprints, nodeRoots } from '../../indexer/incremental/declarationSkeleton';
import { declareFile } from '../../indexer/file/declareFile';
import { ChangeKind, ChangedSymbol, FileChange } from './ImpactSummary';
import { toPosix } from '../../paths';

export type { ChangeKind, ChangedSymbol, FileChange };

/**
 * Which symbols the given file changes changed, from syntax alone: both versions are parsed and
 * their nodes named by `declareFile` (the indexer's own rules, so ids are the graph's), ids compared
 * for added and removed, and each remaining node's own syntax (`nodeFingerprints`) for body versus
 * signature changes. A renamed file's nodes are paired with their old selves by qualified name and kind.
 * `root` is the absolute workspace root (file names only: nothing is read from disk here).
 */
export function changedSymbols(ts: typeof TS, root: string, changes: readonly FileChange[]): ChangedSymbol[] {
  return compareChanges(ts, root, changes).changed;
}

/** A changed file whose current text does not parse: where the first syntax error is. */
export interface Unparsed {
  file: string;
  line: number;
  message: string;
}

/**
 * changedSymbols, and the changed files whose current text does not parse. TypeScript's parser
 * recovers from a syntax error by skipping or re-reading what follows, so declarations past it may
 * be missing or misread: a file that does not parse reports no symbol as removed (it would be a
 * guess, and `--fail-on removed-export` must not fail a build on it); the caller says so.
 */
export function compareChanges(ts: typeof TS, root: string, changes: readonly FileChange[]): { changed: ChangedSymbol[]; unparsed: Unparsed[] } {
  const base = parseBound(ts, root, changes.filter((c) => c.baseText !== undefined).map((c) => [c.oldFile ?? c.file, c.baseText!]));
  const now = parseBound(ts, root, changes.filter((c) => c.text !== undefined).map((c) => [c.file, c.text!]));
  const changed: ChangedSymbol[] = [];
  const unparsed: Unparsed[] = [];
  for (const c of changes) {
    const before = c.baseText !== undefined ? base.get(c.oldFile ?? c.file) : undefined;
    const after = c.text !== undefined ? now.get(c.file) : undefined;
    const diff = diffVersions(before, after, c.status === 'renamed' ? c.oldFile : undefined);
    if (after?.syntaxError) unparsed.push({ file: c.file, ...after.syntaxError });
    // Compared up to the error: what starts past it is the recovery's reading (tRPC: a class re-nested
    // in the function before it, "added" twice), and what it lost is no removal.
    const upTo = after?.syntaxError?.line;
    changed.push(...(upTo !== undefined ? diff.filter((d) => d.change !== 'removed' && d.node.offset <= upTo) : diff));
  }
  return { changed, unparsed };
}

interface Version {
  file: string;
  nodes: GraphNode[];
  fingerprints: Map<string, NodeFingerprint>;
  exported: Set<string>;
  /** The first syntax error, when the text does not parse. */
  syntaxError?: { line: number; message: string };
}

function diffVersions(before: Version | undefined, after: Version | undefined, movedFrom: string | undefined): ChangedSymbol[] {
  const out: ChangedSymbol[] = [];
  // Ids without their file: a renamed file's nodes pair with their old selves; the module node by kind alone.
  const key = (v: Version, n: GraphNode) => (n.kind === 'module' ? '@module' : n.id.slice(v.file.length + 1));
  const old = new Map(before ? before.nodes.map((n) => [key(before, n), n]) : []);
  const seen = new Set<string>();
  for (const n of after?.nodes ?? []) {
    const k = key(after!, n);
    seen.add(k);
    const was = old.get(k);
    const exported = after!.exported.has(n.id);
    if (!was) {
      out.push({ node: n, change: 'added', exported });
      continue;
    }
    // The module node's own syntax is its imports and the top-level code that declares no node: no type
    // of another file is its (those are its declarations', compared one by one).
    const compared = compare(before!.fingerprints.get(was.id), after!.fingerprints.get(n.id));
    const change = compared && n.kind === 'module' ? 'body' : compared;
    if (change) out.push({ node: n, change, exported: exported || before!.exported.has(was.id), ...(movedFrom ? { movedFrom } : {}) });
    else if (movedFrom && n.kind !== 'module') out.push({ node: n, change: 'moved', exported, movedFrom });
  }
  for (const [k, n] of old) if (!seen.has(k)) out.push({ node: n, change: 'removed', exported: before!.exported.has(n.id) });
  return out;
}

function compare(a: NodeFingerprint | undefined, b: NodeFingerprint | undefined): ChangeKind | undefined {
  if (!a || !b) return 'signature';
  if (a.full === b.full) return undefined;
  if (a.skeleton === b.skeleton) return 'body';
  if (a.bare === b.bare) return 'body-type-inferred';
  return 'signature';
}

/**
 * Parses and binds the texts in one small program of their own (no libraries, no resolution): the
 * binder's symbols are what declareFile merges overloads and declaration merges by, as in the index.
 */
function parseBound(ts: typeof TS, root: string, texts: Array<[rel: string, text: string]>): Map<string, Version> {
  const out = new Map<string, Version>();
  if (texts.length === 0) return out;
  const byName = new Map(texts.map(([rel, text]) => [path.posix.join(toPosix(root), rel), { rel, text }]));
  const options: TS.CompilerOptions = { noLib: true, noResolve: true, allowJs: true, types: [], target: ts.ScriptTarget.Latest, jsx: ts.JsxEmit.Preserve };
  const host: TS.CompilerHost = {
    getSourceFile: (name) => {
      const entry = byName.get(toPosix(name));
      return entry ? ts.createSourceFile(name, entry.text, ts.ScriptTarget.Latest, true) : undefined;
    },
    getDefaultLibFileName: () => 'lib.d.ts',
    writeFile: () => undefined,
    getCurrentDirectory: () => root,
    getCanonicalFileName: (f) => f,
    useCaseSensitiveFileNames: () => true,
    getNewLine: () => '\n',
    fileExists: (f) => byName.has(toPosix(f)),
    readFile: (f) => byName.get(toPosix(f))?.text,
  };
  const program = ts.createProgram({ rootNames: [...byName.keys()], options, host });
  program.getTypeChecker(); // binds every file
  for (const sf of program.getSourceFiles()) {
    const entry = byName.get(toPosix(sf.fileName));
    if (!entry) continue;
    const declared = declareFile(ts, sf, entry.rel, false);
    const version: Version = {
      file: entry.rel,
      nodes: declared.nodes,
      fingerprints: nodeFingerprints(ts, sf, entry.rel, declared.declToId, declared.moduleId),
      exported: exportedIds(ts, sf, declared.declToId, declared.moduleId),
    };
    const error = program.getSyntacticDiagnostics(sf)[0];
    if (error) {
      const line = error.start !== undefined ? sf.getLineAndCharacterOfPosition(error.start).line + 1 : 1;
      version.syntaxError = { line, message: ts.flattenDiagnosticMessageText(error.messageText, ' ') };
    }
    out.set(entry.rel, version);
  }
  return out;
}

/**
 * Nodes other modules can see: a top-level declaration with `export` (or named by a local
 * `export { … }` / `export default x` / `export = x`, or assigned to `exports.` / `module.exports`
 * in JavaScript), and the members of one that are not `private` or `#private`.
 */
function exportedIds(ts: typeof TS, sf: TS.SourceFile, declToId: ReadonlyMap<TS.Node, string>, moduleId: string): Set<string> {
  const localExports = new Set<string>();
  for (const st of sf.statements) {
    if (ts.isExportDeclaration(st) && !st.moduleSpecifier && st.exportClause && ts.isNamedExports(st.exportClause)) {
      for (const e of st.exportClause.elements) localExports.add((e.propertyName ?? e.name).text);
    } else if (ts.isExportAssignment(st) && ts.isIdentifier(st.expression)) {
      localExports.add(st.expression.text);
    }
  }
  const exported = new Set<string>();
  for (const [id, decls] of nodeRoots(sf, declToId, moduleId)) {
    if (id === moduleId) continue;
    if (decls.some((d) => isExportedDeclaration(ts, sf, d, localExports))) exported.add(id);
  }
  return exported;
}

function isExportedDeclaration(ts: typeof TS, sf: TS.SourceFile, decl: TS.Node, localExports: Set<string>): boolean {
  let statement: TS.Node = decl;
  while (statement.parent && statement.parent !== sf) {
    // A private member (or one inside a function) is nobody else's business.
    if (isPrivate(ts, statement)) return false;
    if (ts.isFunctionLike(statement.parent) && statement.parent !== decl) return false;
    statement = statement.parent;
  }
  if (isPrivate(ts, statement)) return false;
  if (ts.canHaveModifiers(statement) && ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) return true;
  if (ts.isExportAssignment(statement)) return true;
  if (ts.isExpressionStatement(statement)) return /^\s*(module\.)?exports\b/.test(statement.getText(sf));
  const name = (statement as { name?: TS.Node }).name;
  if (name && ts.isIdentifier(name)) return localExports.has(name.text);
  if (ts.isVariableStatement(statement)) return statement.declarationList.declarations.some((d) => ts.isIdentifier(d.name) && localExports.has(d.name.text));
  return false;
}

function isPrivate(ts: typeof TS, node: TS.Node): boolean {
  const name = (node as { name?: TS.Node }).name;
  if (name && ts.isPrivateIdentifier(name)) return true;
  return ts.canHaveModifiers(node) && !!ts.getModifiers(node)?.some((m) => m.kind === ts.SyntaxKind.PrivateKeyword);
}


