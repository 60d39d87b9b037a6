import * as fs from 'fs';
import * as path from 'path';
import type * as TS from 'typescript';

/** An import a Deno import map names: the config that maps it (absolute), the map's key and what it maps to. */
export interface DenoMapping {
  /** The deno.json/deno.jsonc whose map names it (absolute). */
  config: string;
  /** The map's key the specifier matches (`std/`, `zod`). */
  key: string;
  /** What Deno imports instead (`https://deno.land/std@0.192.0/`, `jsr:@std/async`, `npm:zod@3`). */
  target: string;
}

/**
 * The Deno import map entry `specifier` matches, for an import in `file`: the deno.json or deno.jsonc
 * nearest above it (up to `root`) whose `imports`, or the import map file its `importMap` names, has
 * the specifier as a key or a key ending in `/` that it starts with (tRPC's examples/deno-deploy:
 * `"std/": "https://deno.land/std@0.192.0/"` for `std/async/delay.ts`). TypeScript reads no import
 * map: such an import resolves to nothing, and no npm install changes that. A config above without
 * the name does not stop the search (a Deno workspace's root config maps for its members).
 */
export function denoImportMapping(ts: typeof TS, root: string, file: string, specifier: string): DenoMapping | undefined {
  for (let dir = path.posix.dirname(file); dir === root || dir.startsWith(`${root}/`); dir = path.posix.dirname(dir)) {
    for (const name of ['deno.json', 'deno.jsonc']) {
      const config = `${dir}/${name}`;
      const json = readJsonc(ts, config);
      if (!json) continue;
      let imports = json.imports;
      if (typeof json.importMap === 'string' && !/^[a-z]+:/i.test(json.importMap)) imports = readJsonc(ts, path.posix.resolve(dir, json.importMap))?.imports ?? imports;
      const found = matchingEntry(imports, specifier);
      if (found) return { config, ...found };
    }
    if (dir === root) break;
  }
  return undefined;
}

function matchingEntry(imports: unknown, specifier: string): { key: string; target: string } | undefined {
  if (!imports || typeof imports !== 'object' || Array.isArray(imports)) return undefined;
  const entries = Object.entries(imports as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === 'string');
  const exact = entries.find(([key]) => key === specifier);
  if (exact) return { key: exact[0], target: exact[1] };
  // The longest prefix key wins, as in an import map.
  const prefix = entries.filter(([key]) => key.endsWith('/') && specifier.startsWith(key)).sort((a, b) => b[0].length - a[0].length)[0];
  return prefix && { key: prefix[0], target: prefix[1] };
}

function readJsonc(ts: typeof TS, file: string): Record<string, unknown> | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  const parsed = ts.parseConfigFileTextToJson(file, text);
  const v = parsed.config as unknown;
  return !parsed.error && v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}
