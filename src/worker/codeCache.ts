import { isAscii } from 'buffer';
import { createHash } from 'crypto';
import * as fs from 'fs';
import Module = require('module');
import * as path from 'path';
import * as vm from 'vm';

/** A module loaded by `requireWithCodeCache`: its exports, and how to keep V8's code for the next run. */
export interface CachedModule {
  exports: unknown;
  /** How the module was compiled: from a code cache V8 accepted, or from its source. */
  compiled: 'from cache' | 'from source';
  /**
   * Writes V8's compiled code of the module as it is now (the functions the run compiled included),
   * for the next run: only when this run compiled it from source, and once. Never throws.
   */
  saveCodeCache(): void;
}

/**
 * Loads a CommonJS file as `require` would, but compiled from V8's code cache in `cacheDir` when one
 * for exactly this text, Node and architecture is there (Node 20 has no module compile cache of its
 * own). The CLI's core bundle is 11 MB (the core and TypeScript 6): compiling it is a fixed cost of
 * every command, about as long as answering a query from the graph cache; from the code cache it
 * is a fraction of that. The cache is keyed by a hash of the text, so a rebuilt or upgraded bundle
 * never meets another's code (V8 itself checks only the text's length). Without `cacheDir`, or when
 * anything about the cache fails, the module is compiled from source, as `require` does.
 */
export function requireWithCodeCache(file: string, cacheDir: string | undefined): CachedModule {
  const bytes = fs.readFileSync(file);
  // A bundle without comments is ASCII: read as one byte a character at once, without UTF-8 decoding.
  const source = isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
  const cacheFile = cacheDir && path.join(cacheDir, `${path.basename(file)}-${codeKey(bytes)}.v8`);
  let cachedData: Buffer | undefined;
  try {
    if (cacheFile) cachedData = fs.readFileSync(cacheFile);
  } catch {
    // None yet: compiled from source, and saved at the end of the run.
  }
  const dynamicImport = (vm.constants as unknown as { USE_MAIN_CONTEXT_DEFAULT_LOADER?: symbol } | undefined)?.USE_MAIN_CONTEXT_DEFAULT_LOADER;
  const script = new vm.Script(Module.wrap(source), {
    filename: file,
    cachedData,
    ...(dynamicImport ? { importModuleDynamically: dynamicImport as never } : {}),
  });
  const fromCache = cachedData !== undefined && !script.cachedDataRejected;
  let saved = false;
  const mod = new Module(file, undefined);
  mod.filename = file;
  mod.paths = (Module as unknown as { _nodeModulePaths(dir: string): string[] })._nodeModulePaths(path.dirname(file));
  const wrapper = script.runInThisContext() as (exports: unknown, require: NodeRequire, module: Module, filename: string, dirname: string) => void;
  wrapper.call(mod.exports, mod.exports, Module.createRequire(file), mod, file, path.dirname(file));
  mod.loaded = true;
  return {
    exports: mod.exports,
    compiled: fromCache ? 'from cache' : 'from source',
    saveCodeCache: () => {
      if (!cacheFile || fromCache || saved) return;
      saved = true;
      try {
        fs.mkdirSync(cacheDir, { recursive: true });
        // Another build's code is never read again: one file per bundle name.
        const prefix = `${path.basename(file)}-`;
        for (const old of fs.readdirSync(cacheDir)) if (old.startsWith(prefix) && path.join(cacheDir, old) !== cacheFile) fs.rmSync(path.join(cacheDir, old), { force: true });
        const tmp = `${cacheFile}.${process.pid}.${Date.now()}.tmp`;
        fs.writeFileSync(tmp, script.createCachedData());
        fs.renameSync(tmp, cacheFile);
      } catch {
        // A cache folder we cannot write: the next run compiles from source again.
      }
    },
  };
}

/** What a code cache is valid for: this text, this Node (V8) and this architecture. */
function codeKey(bytes: Buffer): string {
  return createHash('sha1').update(`${process.version} ${process.arch}\0`).update(bytes).digest('hex').slice(0, 20);
}
