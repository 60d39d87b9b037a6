import * as fs from 'fs';
import * as path from 'path';
import type * as TS from 'typescript';
import type { ProjectConfig } from '../CompilerPort';
import { optionDeclarations } from '../tsInternals';

/** Where the native compiler reads the inferred project's config (it has no file: the file system callback serves it). */
export function inferredConfigPath(root: string): string {
  return path.posix.join(root, 'tsconfig.ts-code-graph-inferred.json');
}

/**
 * The text the native compiler should read for `config`, when it is not the file's own: a config
 * whose unset options the workspace's TypeScript major fills (a 5.x workspace keeps 5.x's module,
 * target, strict, types…: see compilerDefaults) gets them added to its `compilerOptions` (set at the
 * top, they override nothing the config or what it extends says); the inferred project (no config
 * found) is written whole. Undefined: the compiler reads the file as it is.
 */
export function configOverrides(ts: typeof TS, root: string, config: ProjectConfig): string | undefined {
  if (!config.configPath) {
    const { noEmit: _noEmit, pathsBasePath: _base, ...options } = config.options;
    const paths = withSourcePaths(config);
    return JSON.stringify({ compilerOptions: { ...optionsAsJson(ts, options), ...(paths ? { paths } : {}), noEmit: true }, files: config.fileNames });
  }
  const filled = config.defaulted?.options ?? [];
  const paths = withSourcePaths(config);
  if (filled.length === 0 && !paths) return undefined;
  const json = configJson(ts, config.configPath) as { compilerOptions?: Record<string, unknown> } | undefined;
  if (!json) return undefined;
  const added = optionsAsJson(ts, Object.fromEntries(filled.map((k) => [k, config.options[k]])));
  json.compilerOptions = { ...(json.compilerOptions ?? {}), ...added, ...(paths ? { paths } : {}) };
  return JSON.stringify(json, undefined, 2);
}

/**
 * The config's `paths` with its `sourcePaths` added (the indexer's resolution of a monorepo package's
 * imports by name, which 7 cannot take otherwise): undefined when it has none. Written into the
 * config's own text, they replace what it extends: so its paths as read (from what it extends too)
 * come along, absolute, as 7 reads them (from the folder of the config that declares them; 7 has no
 * `baseUrl`). The indexer adds no entry a pattern of the config's matches.
 */
function withSourcePaths(config: ProjectConfig): Record<string, string[]> | undefined {
  const added = config.sourcePaths;
  if (!added || Object.keys(added).length === 0) return undefined;
  const base = ((config.options.pathsBasePath as string | undefined) ?? path.posix.dirname(config.configPath ?? '/')).replace(/\\/g, '/');
  const paths: Record<string, string[]> = {};
  for (const [key, targets] of Object.entries(config.options.paths ?? {})) paths[key] = targets.map((t) => (path.isAbsolute(t) ? t : path.posix.join(base, t)));
  for (const [specifier, source] of Object.entries(added)) paths[specifier] ??= [source];
  return paths;
}

/**
 * The text the native compiler should read for `config` (which has a file) when it opens a program of
 * `roots` alone: the config as it would read it (`configOverrides`, else its own text) with `files` set
 * to `roots` and `include` emptied. Served at the config's own path, so everything else resolves as
 * for the whole program: what it extends, `references`, `typeRoots`' default (`node_modules/@types`
 * from the config's folder), paths relative to it. Undefined when the config cannot be read.
 */
export function scopedConfigText(ts: typeof TS, root: string, config: ProjectConfig, roots: readonly string[]): string | undefined {
  if (!config.configPath) return undefined;
  const json = configJson(ts, config.configPath, configOverrides(ts, root, config));
  if (!json) return undefined;
  json.files = [...roots];
  json.include = [];
  return JSON.stringify(json, undefined, 2);
}

/** Compiler options as a config writes them: enum values by their names (`module: "commonjs"`). */
function optionsAsJson(ts: typeof TS, options: TS.CompilerOptions): Record<string, unknown> {
  const table = optionDeclarations(ts) ?? [];
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(options)) {
    if (value === undefined) continue;
    const declared = table.find((d) => d.name === name)?.type;
    if (declared instanceof Map && typeof value === 'number') {
      const key = [...declared.entries()].find(([, v]) => v === value)?.[0];
      if (key !== undefined) out[name] = key;
      continue;
    }
    out[name] = value;
  }
  return out;
}

/** A config's JSON (comments and trailing commas allowed), from `text` or else its file; undefined when unreadable. */
function configJson(ts: typeof TS, configPath: string, text?: string): Record<string, unknown> | undefined {
  if (text === undefined) {
    try {
      text = fs.readFileSync(configPath, 'utf8');
    } catch {
      return undefined;
    }
  }
  // Plain JSON first (the same value): a config without comments or trailing commas does not need
  // TypeScript 6, which a start from the cache with TypeScript 7 may otherwise never load.
  try {
    const plain = JSON.parse(text) as unknown;
    return plain && typeof plain === 'object' && !Array.isArray(plain) ? (plain as Record<string, unknown>) : undefined;
  } catch {
    // Comments, trailing commas: TypeScript's reader.
  }
  const parsed = ts.parseConfigFileTextToJson(configPath, text);
  return parsed.error || typeof parsed.config !== 'object' || parsed.config === null ? undefined : (parsed.config as Record<string, unknown>);
}
