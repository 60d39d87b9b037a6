import * as fs from 'fs';
import * as path from 'path';
import type * as TS from 'typescript';
import { readJson } from './readJson';

/** The workspace's own TypeScript, as far as its files say (never loaded here). */
export interface WorkspaceTypeScript {
  /** `7.0.2`, or a declared range such as `^5.4.0` when it is not installed. */
  version: string;
  major: number;
  /** Where the version was read, for the log: `node_modules/typescript 7.0.2` or `package.json asks for typescript ^5.4.0`. */
  source: string;
  /** Installed with the in-process compiler API (lib/typescript.js); TypeScript 7's native packages have none. */
  hasApi: boolean;
}

/**
 * Which TypeScript the workspace uses, read from `<root>/node_modules/typescript/package.json`, else
 * from the typescript entry of `<root>/package.json` (a clone before `npm install`). Undefined when
 * neither says. The same folder the extension loads the workspace's compiler from.
 */
export function findWorkspaceTypeScript(root: string): WorkspaceTypeScript | undefined {
  const dir = path.join(root, 'node_modules', 'typescript');
  const installed = readJson(path.join(dir, 'package.json'));
  if (installed && typeof installed.version === 'string') {
    const major = majorOf(installed.version);
    if (major !== undefined) {
      return { version: installed.version, major, source: `node_modules/typescript ${installed.version}`, hasApi: isFile(path.join(dir, 'lib', 'typescript.js')) };
    }
  }
  const manifest = readJson(path.join(root, 'package.json'));
  for (const field of ['devDependencies', 'dependencies', 'peerDependencies']) {
    const range = (manifest?.[field] as Record<string, unknown> | undefined)?.typescript;
    const major = typeof range === 'string' ? majorOf(range) : undefined;
    if (typeof range === 'string' && major !== undefined) return { version: range, major, source: `package.json asks for typescript ${range}`, hasApi: false };
  }
  return undefined;
}

/** What `compilerDefaults` decided: whose defaults fill what a config leaves unset. */
export interface CompilerDefaults {
  /** The major release whose defaults apply: 5 (5.x and older), 6, 7… */
  major: number;
  /** One line for logs and `stats`: the compiler, and whose defaults and why. */
  description: string;
  /** The config's options with what it left unset filled as `major` defaults it (a copy). */
  apply(options: TS.CompilerOptions): TS.CompilerOptions;
}

/**
 * The defaults a workspace's configs mean. TypeScript 6 changed the defaults of options a config may
 * leave out (module, moduleResolution, target, strict, types, esModuleInterop…), and 7 keeps 6's.
 * The compiler we run may not be the workspace's (we bundle 6, the newest with an in-process API; 7
 * is native), so: a compiler loaded from the workspace (`workspaceCompilerPath`) keeps its own
 * defaults; otherwise the major of the workspace's TypeScript decides (found by
 * `findWorkspaceTypeScript`), and with none found, the running compiler's. A 5.x workspace indexed
 * by 6 gets 5.x's values for what its configs leave unset; a 7 workspace gets 6's, which are 7's.
 * Options 6 deprecates and 7 removed (baseUrl, moduleResolution node10…) keep working as 6 runs
 * them: `ignoreDeprecations` only silences the diagnostics, which the index never reports.
 */
export function compilerDefaults(ts: typeof TS, root: string, workspaceCompilerPath?: string, running?: { name: string; version: string }): CompilerDefaults {
  // `running`: the compiler that builds the programs when it is not `ts` (the native one; `ts` then only reads configs).
  const compilerMajor = majorOf(running?.version ?? ts.version) ?? 0;
  const compiler = running ? running.name : workspaceCompilerPath ? `the workspace's TypeScript ${ts.version} (${workspaceCompilerPath})` : `the bundled TypeScript ${ts.version}`;
  let major = compilerMajor;
  let why = 'its own';
  if (!workspaceCompilerPath) {
    const found = findWorkspaceTypeScript(root);
    if (found) {
      major = found.major;
      why = found.source + (found.source.startsWith('node_modules') && !found.hasApi ? ', which has no JavaScript API to load' : '');
    } else {
      why = 'no TypeScript in node_modules or package.json';
    }
  }
  // Older than 6 (4.x included, whose defaults for these options are 5.x's but for target ES3, which
  // 6 no longer has): the 5.x values. 6 and later share their defaults.
  const fill = compilerMajor >= 6 && major < 6 ? legacyDefaults : noDefaults;
  const majorText = major < 6 ? `${Math.max(major, 5)}.x` : `${major}`;
  return {
    major,
    description: `${compiler}, with TypeScript ${majorText} defaults (${why})`,
    apply: (options) => {
      const filled = fill(ts, options);
      if (compilerMajor === 6 && filled.ignoreDeprecations === undefined) filled.ignoreDeprecations = '6.0';
      return filled;
    },
  };
}

function noDefaults(_ts: typeof TS, options: TS.CompilerOptions): TS.CompilerOptions {
  return { ...options };
}

/**
 * TypeScript 5.9's values (its `computedOptions`) for the options whose defaults 6 changed, set only
 * where the config says nothing, so a newer compiler reads the config as 5.x did. Options that only
 * decide diagnostics or emit (rootDir, noUncheckedSideEffectImports) are left alone: the index emits
 * nothing and reports no type errors.
 */
function legacyDefaults(ts: typeof TS, options: TS.CompilerOptions): TS.CompilerOptions {
  const o = { ...options };
  const { ModuleKind: M, ScriptTarget: T, ModuleResolutionKind: R } = ts;
  const module0 = o.module;
  if (o.target === undefined) {
    o.target =
      module0 === M.Node16 || module0 === M.Node18 ? T.ES2022 : module0 === M.Node20 ? T.ES2023 : module0 === M.NodeNext ? T.ESNext : T.ES5;
  }
  if (o.module === undefined) o.module = o.target! >= T.ES2015 ? M.ES2015 : M.CommonJS;
  const module = o.module;
  const nodeModule = module === M.Node16 || module === M.Node18 || module === M.Node20 || module === M.NodeNext;
  if (o.moduleResolution === undefined) {
    o.moduleResolution =
      module === M.CommonJS ? R.Node10
      : module === M.NodeNext ? R.NodeNext
      : nodeModule ? R.Node16
      : module === M.Preserve ? R.Bundler
      : R.Classic;
  }
  if (o.esModuleInterop === undefined) o.esModuleInterop = nodeModule || module === M.Preserve;
  if (o.allowSyntheticDefaultImports === undefined) {
    o.allowSyntheticDefaultImports = o.esModuleInterop || module === M.System || o.moduleResolution === R.Bundler;
  }
  // 5.x: every strict flag off unless `strict` or the flag is set; `alwaysStrict` followed `strict`.
  if (o.alwaysStrict === undefined) o.alwaysStrict = !!o.strict;
  if (o.strict === undefined) o.strict = false;
  // 5.x: no `types` means every package under the type roots (node_modules/@types); 6 reads it as none.
  if (o.types === undefined) o.types = ['*'];
  if (o.libReplacement === undefined) o.libReplacement = true;
  return o;
}

function majorOf(version: string): number | undefined {
  const m = /^\s*(?:[~^]|[<>]=?|=)?\s*v?(\d+)(?:\.|$|\s|-)/.exec(version);
  return m ? Number(m[1]) : undefined;
}

function isFile(p: string): boolean {
  try {
    return fs.statSync(p).isFile();
  } catch {
    return false;
  }
}
