import * as yaml from 'js-yaml';
import type * as TS from 'typescript';

/** A configuration value as far as it can be read without running it: JSON-like, regex literals as `{ regex }`. */
export type ConfigValue = string | number | boolean | null | RegexValue | ConfigValue[] | ConfigObject;
export interface ConfigObject {
  [key: string]: ConfigValue | undefined;
}
export interface RegexValue {
  regex: string;
  flags: string;
}

/**
 * What a configuration file says, or why it could not be read (its runner then keeps its defaults,
 * and says so): `reason` reads after the file's name (`is built at run time`, `is not valid JSON`).
 */
export type ReadConfig = { ok: true; value: ConfigObject } | { ok: false; reason: string };

/**
 * Reads a test runner's configuration file without running it: JSON and JSONC (as TypeScript reads
 * tsconfig files), YAML (`js-yaml`), and JavaScript or TypeScript (`jest.config.ts`,
 * `vitest.config.mts`, `.mocharc.js`…) by their syntax: the object literal the file exports
 * (`module.exports =`, `export default`, through `defineConfig(…)`, `satisfies`, a const it names, or
 * an arrow function's returned object). Values that only exist when the file runs (a variable, a
 * call, a spread) are left out; the caller uses the runner's default for a setting it cannot read.
 * Running the file would run the workspace's code: never, here (the graph worker also serves
 * untrusted folders).
 */
export function readConfigText(ts: typeof TS, file: string, text: string): ReadConfig {
  const base = file.slice(file.lastIndexOf('/') + 1);
  try {
    if (/\.(json|jsonc)$/.test(base) || base === '.mocharc') {
      const parsed = ts.parseConfigFileTextToJson(file, text);
      if (parsed.error) return { ok: false, reason: 'is not valid JSON' };
      return isObject(parsed.config) ? { ok: true, value: parsed.config } : { ok: false, reason: 'is not an object' };
    }
    if (/\.ya?ml$/.test(base)) {
      const value = yaml.load(text, { schema: yaml.JSON_SCHEMA });
      return isObject(value) ? { ok: true, value: value as ConfigObject } : { ok: false, reason: 'is not a YAML mapping' };
    }
  } catch (e) {
    return { ok: false, reason: `does not parse: ${(e as Error).message.split('\n')[0]}` };
  }
  return readScriptConfig(ts, file, text);
}

function readScriptConfig(ts: typeof TS, file: string, text: string): ReadConfig {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, /\.[cm]?tsx?$/.test(file) ? ts.ScriptKind.TS : ts.ScriptKind.JS);
  const consts = new Map<string, TS.Expression>();
  let exported: TS.Expression | undefined;
  for (const st of sf.statements) {
    if (ts.isVariableStatement(st)) {
      for (const d of st.declarationList.declarations) if (ts.isIdentifier(d.name) && d.initializer) consts.set(d.name.text, d.initializer);
    } else if (ts.isExportAssignment(st)) {
      exported = st.expression;
    } else if (ts.isExpressionStatement(st) && ts.isBinaryExpression(st.expression) && st.expression.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
      const target = st.expression.left.getText(sf);
      if (target === 'module.exports' || target === 'exports.default') exported = st.expression.right;
    }
  }
  if (!exported) return { ok: false, reason: 'exports no configuration' };
  const object = configObjectOf(ts, exported, consts);
  if (!object) return { ok: false, reason: 'is built at run time' };
  return { ok: true, value: objectValue(ts, object, consts) };
}

/** The object literal an exported expression stands for, through calls, casts, consts and arrow functions. */
function configObjectOf(ts: typeof TS, start: TS.Expression, consts: Map<string, TS.Expression>): TS.ObjectLiteralExpression | undefined {
  let e: TS.Node | undefined = start;
  for (let hops = 0; e && hops < 20; hops++) {
    if (ts.isObjectLiteralExpression(e)) return e;
    if (ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isSatisfiesExpression(e) || ts.isTypeAssertionExpression(e) || ts.isAwaitExpression(e)) e = e.expression;
    else if (ts.isCallExpression(e)) e = e.arguments[0];
    else if (ts.isIdentifier(e)) e = consts.get(e.text);
    else if (ts.isArrowFunction(e) || ts.isFunctionExpression(e)) e = returnedExpression(ts, e);
    else return undefined;
  }
  return undefined;
}

function returnedExpression(ts: typeof TS, fn: TS.ArrowFunction | TS.FunctionExpression): TS.Expression | undefined {
  if (!ts.isBlock(fn.body)) return fn.body;
  for (const st of fn.body.statements) if (ts.isReturnStatement(st)) return st.expression;
  return undefined;
}

/** The readable properties of an object literal (nested objects too); the rest are left out. */
function objectValue(ts: typeof TS, object: TS.ObjectLiteralExpression, consts: Map<string, TS.Expression>): ConfigObject {
  const out: ConfigObject = {};
  // Explicit stack (no recursion over syntax): [literal, target object].
  const stack: Array<[TS.ObjectLiteralExpression, ConfigObject]> = [[object, out]];
  while (stack.length > 0) {
    const [literal, target] = stack.pop()!;
    for (const p of literal.properties) {
      if (!ts.isPropertyAssignment(p) && !ts.isShorthandPropertyAssignment(p)) continue;
      const name = ts.isIdentifier(p.name) || ts.isStringLiteral(p.name) || ts.isNumericLiteral(p.name) ? p.name.text : undefined;
      if (name === undefined) continue;
      const init = ts.isPropertyAssignment(p) ? p.initializer : consts.get(p.name.text);
      const nested = init && configObjectOf(ts, init, consts);
      if (nested && (ts.isObjectLiteralExpression(unwrap(ts, init!)) || ts.isIdentifier(init!))) {
        const child: ConfigObject = {};
        target[name] = child;
        stack.push([nested, child]);
        continue;
      }
      const value = init && scalarValue(ts, init, consts);
      if (value !== undefined) target[name] = value;
    }
  }
  return out;
}

function unwrap(ts: typeof TS, e: TS.Expression): TS.Expression {
  let at = e;
  while (ts.isParenthesizedExpression(at) || ts.isAsExpression(at) || ts.isSatisfiesExpression(at)) at = at.expression;
  return at;
}

/** A literal (or an array of them) as a value; undefined for anything only running the file would give. */
function scalarValue(ts: typeof TS, start: TS.Expression, consts: Map<string, TS.Expression>): ConfigValue | undefined {
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
  if (ts.isIdentifier(e) && consts.has(e.text) && consts.get(e.text) !== start) return scalarValue(ts, consts.get(e.text)!, new Map());
  if (ts.isArrayLiteralExpression(e)) {
    const items = e.elements.map((x) => scalarValue(ts, x, consts));
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
