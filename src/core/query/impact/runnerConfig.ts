import * as yaml from 'js-yaml';
import type * as TS from 'typescript';
import { ConfigObject, ConfigValue, RegexValue } from './ConfigValue';
import { markUnread, mergeConfigValues } from './mergeConfigValues';

/**
 * What a configuration file says, or why it could not be read (its runner then keeps its defaults,
 * and says so): `reason` reads after the file's name (`is built at run time`, `is not valid JSON`);
 * `file` is the one that could not be read when it is another the first imports.
 */
export type ReadConfig = { ok: true; value: ConfigObject } | Unread;
type Unread = { ok: false; reason: string; file?: string };
type Read<T> = { ok: true; value: T } | Unread;

/** A root-relative file of the workspace, to follow a configuration's imports; undefined when there is none. */
export type ReadFile = (rel: string) => string | undefined;

/**
 * Reads a test runner's configuration file without running it: JSON and JSONC (as TypeScript reads
 * tsconfig files), YAML (`js-yaml`), and JavaScript or TypeScript (`jest.config.ts`,
 * `vitest.config.mts`, `.mocharc.js`…) by their syntax: the object literal the file exports
 * (`module.exports =`, `export default`, through `defineConfig(…)`, `satisfies`, a const it names, or
 * an arrow function's returned object). With `read`, what it takes from another file of the
 * workspace is read there: `export { default } from '../../vitest.config'`, an import it exports or
 * merges, and `mergeConfig(a, b)` is merged as vite merges (tRPC's package configs). Values that only
 * exist when the file runs (a variable, a call, a spread) are left out; the caller uses the runner's
 * default for a setting it cannot read. Running the file would run the workspace's code: never,
 * here (the graph worker also serves untrusted folders).
 */
export function readConfigText(ts: typeof TS, file: string, text: string, read?: ReadFile): ReadConfig {
  const got = exportedValue(ts, file, text, 'default', { read, chain: [file] });
  if (!got.ok || isObject(got.value)) return got as ReadConfig;
  return { ok: false, reason: /\.ya?ml$/.test(file) ? 'is not a YAML mapping' : 'is not an object' };
}

/** A list a file exports (vitest 3's `vitest.workspace.ts`: `export default defineWorkspace(['packages/*'])`, or its JSON), read as readConfigText reads. */
export function readConfigList(ts: typeof TS, file: string, text: string, read?: ReadFile): Read<ConfigValue[]> {
  const got = exportedValue(ts, file, text, 'default', { read, chain: [file] });
  if (!got.ok || Array.isArray(got.value)) return got as Read<ConfigValue[]>;
  return { ok: false, reason: 'is not a list' };
}

/** `fs.read`, noting each file it found (after `first`): the files a configuration was read from. */
export function recordingReads(fs: { read: ReadFile }, first: readonly string[] = []): { read(rel: string): string | undefined; files: string[] } {
  const files = [...first];
  return {
    files,
    read(rel) {
      const text = fs.read(rel);
      if (text !== undefined && !files.includes(rel)) files.push(rel);
      return text;
    },
  };
}

/** How far imports are followed: the files read so far, the first one first. */
interface Follow {
  read?: ReadFile;
  chain: readonly string[];
}

/** Imports followed from one configuration at most (tRPC: a package's config, then the root's). */
const MAX_IMPORTS = 8;
/** mergeConfig calls inside each other at most. */
const MAX_MERGES = 8;

/** What `file` exports as `name` (`default`, or a name another file imports). */
function exportedValue(ts: typeof TS, file: string, text: string, name: string, follow: Follow): Read<ConfigValue> {
  const base = file.slice(file.lastIndexOf('/') + 1);
  try {
    if (/\.(json|jsonc)$/.test(base) || base === '.mocharc') {
      // A list (vitest.workspace.json) is JSON proper: TypeScript's reader takes objects only.
      if (/^\s*\[/.test(text)) return name === 'default' ? { ok: true, value: JSON.parse(text) as ConfigValue } : { ok: false, reason: `exports no ${name}` };
      const parsed = ts.parseConfigFileTextToJson(file, text);
      if (parsed.error) return { ok: false, reason: 'is not valid JSON' };
      return name === 'default' ? { ok: true, value: parsed.config as ConfigValue } : { ok: false, reason: `exports no ${name}` };
    }
    if (/\.ya?ml$/.test(base)) return { ok: true, value: yaml.load(text, { schema: yaml.JSON_SCHEMA }) as ConfigValue };
  } catch (e) {
    return { ok: false, reason: `does not parse: ${(e as Error).message.split('\n')[0]}` };
  }
  return scriptExport(ts, file, text, name, follow);
}

/** A module's names bound by its top-level `const`s and imports. */
interface Scope {
  ts: typeof TS;
  file: string;
  consts: Map<string, TS.Expression>;
  imports: Map<string, { from: string; name: string }>;
  follow: Follow;
}

function scriptExport(ts: typeof TS, file: string, text: string, name: string, follow: Follow): Read<ConfigValue> {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, /\.[cm]?tsx?$/.test(file) ? ts.ScriptKind.TS : ts.ScriptKind.JS);
  const scope: Scope = { ts, file, consts: new Map(), imports: new Map(), follow };
  let exported: TS.Expression | { from: string; name: string } | { local: string } | undefined;
  for (const st of sf.statements) {
    if (ts.isVariableStatement(st)) {
      const isExported = st.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword) ?? false;
      for (const d of st.declarationList.declarations) {
        if (!ts.isIdentifier(d.name) || !d.initializer) continue;
        scope.consts.set(d.name.text, d.initializer);
        if (isExported && d.name.text === name) exported = d.initializer;
      }
    } else if (ts.isImportDeclaration(st) && ts.isStringLiteral(st.moduleSpecifier) && st.importClause && !st.importClause.isTypeOnly) {
      const from = st.moduleSpecifier.text;
      if (st.importClause.name) scope.imports.set(st.importClause.name.text, { from, name: 'default' });
      const bindings = st.importClause.namedBindings;
      if (bindings && ts.isNamedImports(bindings)) for (const el of bindings.elements) if (!el.isTypeOnly) scope.imports.set(el.name.text, { from, name: (el.propertyName ?? el.name).text });
    } else if (ts.isExportAssignment(st)) {
      if (name === 'default') exported = st.expression;
    } else if (ts.isExportDeclaration(st) && !st.isTypeOnly && st.exportClause && ts.isNamedExports(st.exportClause)) {
      // `export { default } from '../../vitest.config'`, `export { shared as default } from './base'`, `export { config as default }`.
      for (const el of st.exportClause.elements) {
        if (el.isTypeOnly || el.name.text !== name) continue;
        const local = (el.propertyName ?? el.name).text;
        exported = st.moduleSpecifier && ts.isStringLiteral(st.moduleSpecifier) ? { from: st.moduleSpecifier.text, name: local } : { local };
      }
    } else if (name === 'default' && ts.isExpressionStatement(st) && ts.isBinaryExpression(st.expression) && st.expression.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
      const target = st.expression.left.getText(sf);
      if (target === 'module.exports' || target === 'exports.default') exported = st.expression.right;
    }
  }
  if (!exported) return { ok: false, reason: 'exports no configuration' };
  if ('from' in exported) return imported(scope, exported.from, exported.name);
  if ('local' in exported) return evaluate(scope, ts.factory.createIdentifier(exported.local), 0);
  return evaluate(scope, exported, 0);
}

/**
 * The value an expression stands for, through calls (`defineConfig(x)` is x), casts, consts,
 * imports and arrow functions, and `mergeConfig(a, b)` merged (mergeConfigValues).
 */
function evaluate(scope: Scope, start: TS.Expression, merges: number): Read<ConfigValue> {
  const { ts, consts } = scope;
  let e: TS.Node | undefined = start;
  for (let hops = 0; e && hops < 20; hops++) {
    if (ts.isObjectLiteralExpression(e)) return { ok: true, value: objectValue(ts, e, consts) };
    if (ts.isArrayLiteralExpression(e)) {
      const list = scalarValue(ts, e, consts);
      return list === undefined ? BUILT_AT_RUN_TIME : { ok: true, value: list };
    }
    if (ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isSatisfiesExpression(e) || ts.isTypeAssertionExpression(e) || ts.isAwaitExpression(e) || ts.isNonNullExpression(e)) e = e.expression;
    else if (ts.isCallExpression(e) && calleeName(ts, e) === 'mergeConfig' && e.arguments.length >= 2 && merges < MAX_MERGES) {
      // vite's mergeConfig(defaults, overrides, isRoot): a third argument is no configuration.
      const defaults = evaluate(scope, e.arguments[0], merges + 1);
      if (!defaults.ok) return defaults;
      const overrides = evaluate(scope, e.arguments[1], merges + 1);
      if (!overrides.ok) return overrides;
      if (!isObject(defaults.value) || !isObject(overrides.value)) return BUILT_AT_RUN_TIME;
      return { ok: true, value: mergeConfigValues(defaults.value, overrides.value) };
    } else if (ts.isCallExpression(e)) e = e.arguments[0];
    else if (ts.isIdentifier(e) && consts.has(e.text)) e = consts.get(e.text);
    else if (ts.isIdentifier(e) && scope.imports.has(e.text)) {
      const from = scope.imports.get(e.text)!;
      return imported(scope, from.from, from.name);
    } else if (ts.isArrowFunction(e) || ts.isFunctionExpression(e)) e = returnedExpression(ts, e);
    else break;
  }
  return BUILT_AT_RUN_TIME;
}

const BUILT_AT_RUN_TIME: Unread = { ok: false, reason: 'is built at run time' };

/** `mergeConfig` of `mergeConfig(…)` and `vitestConfig.mergeConfig(…)`. */
function calleeName(ts: typeof TS, call: TS.CallExpression): string | undefined {
  const callee = call.expression;
  return ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : undefined;
}

/**
 * What `name` of the module `specifier` (imported by `scope.file`) is: a relative specifier is
 * read from the workspace (`../../vitest.config` as `vitest.config.ts`…, `./base.js` as `base.ts`);
 * a package's configuration is not (it is installed, not the workspace's).
 */
function imported(scope: Scope, specifier: string, name: string): Read<ConfigValue> {
  const { follow } = scope;
  if (!specifier.startsWith('.')) return { ok: false, reason: `takes its configuration from the package '${specifier}'` };
  const target = resolveRelative(scope.file, specifier);
  if (!follow.read || target === undefined) return { ok: false, reason: `takes its configuration from '${specifier}'` };
  const stem = target.replace(/\.([cm]?)js$/, '');
  const candidates = [target, ...IMPORTED_EXTENSIONS.map((ext) => `${target}${ext}`), ...(stem !== target ? IMPORTED_EXTENSIONS.map((ext) => `${stem}${ext}`) : [])];
  let found: string | undefined;
  let text: string | undefined;
  for (const c of candidates) {
    text = follow.read(c);
    if (text !== undefined) {
      found = c;
      break;
    }
  }
  if (found === undefined || text === undefined) return { ok: false, reason: `takes its configuration from '${specifier}', which is not found` };
  if (follow.chain.includes(found)) return { ok: false, reason: `imports itself (through ${found})` };
  if (follow.chain.length > MAX_IMPORTS) return { ok: false, reason: `imports its configuration through more than ${MAX_IMPORTS} files` };
  const got = exportedValue(scope.ts, found, text, name, { read: follow.read, chain: [...follow.chain, found] });
  return got.ok || got.file !== undefined ? got : { ...got, file: found };
}

const IMPORTED_EXTENSIONS = ['.ts', '.mts', '.cts', '.js', '.mjs', '.cjs', '.json'];

/** `spec` from the folder of root-relative `file`, root-relative; undefined when it leaves the root. */
function resolveRelative(file: string, spec: string): string | undefined {
  const parts = file.split('/').slice(0, -1);
  for (const part of spec.split('/')) {
    if (part === '' || part === '.') continue;
    if (part !== '..') parts.push(part);
    else if (parts.length === 0) return undefined;
    else parts.pop();
  }
  return parts.join('/');
}

function returnedExpression(ts: typeof TS, fn: TS.ArrowFunction | TS.FunctionExpression): TS.Expression | undefined {
  if (!ts.isBlock(fn.body)) return fn.body;
  for (const st of fn.body.statements) if (ts.isReturnStatement(st)) return st.expression;
  return undefined;
}

/** Arrays and objects inside each other read at most (deeper is left out, as a value only running the file gives). */
const MAX_NESTING = 16;

/** The readable properties of an object literal (nested objects too); the rest are left out, and recorded as such (unreadKeys). */
function objectValue(ts: typeof TS, object: TS.ObjectLiteralExpression, consts: Map<string, TS.Expression>, depth = 0): ConfigObject {
  const out: ConfigObject = {};
  const unread = new Map<ConfigObject, string[]>();
  // Explicit stack (no recursion over syntax): [literal, target object].
  const stack: Array<[TS.ObjectLiteralExpression, ConfigObject]> = [[object, out]];
  while (stack.length > 0) {
    const [literal, target] = stack.pop()!;
    for (const p of literal.properties) {
      if (!ts.isPropertyAssignment(p) && !ts.isShorthandPropertyAssignment(p)) continue;
      const name = ts.isIdentifier(p.name) || ts.isStringLiteral(p.name) || ts.isNumericLiteral(p.name) ? p.name.text : undefined;
      if (name === undefined) continue;
      const init = ts.isPropertyAssignment(p) ? p.initializer : consts.get(p.name.text);
      const nested = init && literalFor(ts, init, consts);
      if (nested) {
        const child: ConfigObject = {};
        target[name] = child;
        stack.push([nested, child]);
        continue;
      }
      const value = init && scalarValue(ts, init, consts, depth + 1);
      if (value !== undefined) target[name] = value;
      else unread.set(target, [...(unread.get(target) ?? []), name]);
    }
  }
  for (const [target, names] of unread) markUnread(target, names);
  return out;
}

/**
 * The object literal a value written in a configuration stands for: itself, a const naming one,
 * or `defineProject({…})` (a `define…` call's argument: vitest's inline projects).
 */
function literalFor(ts: typeof TS, init: TS.Expression, consts: Map<string, TS.Expression>): TS.ObjectLiteralExpression | undefined {
  let e: TS.Expression | undefined = unwrap(ts, init);
  for (let hops = 0; e && hops < 20; hops++) {
    if (ts.isObjectLiteralExpression(e)) return e;
    if (ts.isIdentifier(e) && consts.get(e.text) !== init) e = consts.has(e.text) ? unwrap(ts, consts.get(e.text)!) : undefined;
    else if (ts.isCallExpression(e) && /^define[A-Z]/.test(calleeName(ts, e) ?? '') && e.arguments[0]) e = unwrap(ts, e.arguments[0]);
    else return undefined;
  }
  return undefined;
}

function unwrap(ts: typeof TS, e: TS.Expression): TS.Expression {
  let at = e;
  while (ts.isParenthesizedExpression(at) || ts.isAsExpression(at) || ts.isSatisfiesExpression(at)) at = at.expression;
  return at;
}

/** A literal (or an array of them, objects too) as a value; undefined for anything only running the file would give. */
function scalarValue(ts: typeof TS, start: TS.Expression, consts: Map<string, TS.Expression>, depth = 0): ConfigValue | undefined {
  if (depth > MAX_NESTING) return undefined;
  const e = unwrap(ts, start);
  if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) return e.text;
  if (ts.isNumericLiteral(e)) return Number(e.text);
  if (e.kind === ts.SyntaxKind.TrueKeyword) return true;
  if (e.kind === ts.SyntaxKind.FalseKeyword) return false;
  if (e.kind === ts.SyntaxKind.NullKeyword) return null;
  if (ts.isRegularExpressionLiteral(e)) {
    const m = /^\/(.*)\/([a-z]*)$/s.exec(e.text);
    return m ? { regex: m[1], flags: m[2] } : undefined;
  }
  if (ts.isIdentifier(e) && consts.has(e.text) && consts.get(e.text) !== start) return scalarValue(ts, consts.get(e.text)!, new Map(), depth + 1);
  if (ts.isArrayLiteralExpression(e)) {
    const items = e.elements.map((x) => {
      const object = literalFor(ts, x, consts);
      return object ? objectValue(ts, object, consts, depth + 1) : scalarValue(ts, x, consts, depth + 1);
    });
    // An array with a part unknown is unknown as a whole: half a list of patterns would run the wrong tests.
    return items.every((x) => x !== undefined) ? (items as ConfigValue[]) : undefined;
  }
  return undefined;
}

export function isObject(v: unknown): v is ConfigObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A setting as a list of strings (one string, or an array of them); undefined when it is neither. */
export function stringList(v: ConfigValue | undefined): string[] | undefined {
  if (typeof v === 'string') return [v];
  if (Array.isArray(v) && v.every((x) => typeof x === 'string')) return v as string[];
  return undefined;
}

/** A setting as regular expressions (strings or regex literals); undefined when it is neither. */
export function regexList(v: ConfigValue | undefined): RegExp[] | undefined {
  if (v === undefined) return undefined;
  const out: RegExp[] = [];
  for (const x of Array.isArray(v) ? v : [v]) {
    const literal = isObject(x) && typeof x.regex === 'string' ? (x as unknown as RegexValue) : undefined;
    try {
      if (typeof x === 'string') out.push(new RegExp(x));
      else if (literal) out.push(new RegExp(literal.regex, literal.flags.replace(/[^imsu]/g, '')));
      else return undefined;
    } catch {
      return undefined;
    }
  }
  return out;
}
